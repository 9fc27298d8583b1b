// Shared machinery of the builtin types: receiver and argument checks in CPython's
// wording, index and slice resolution, the recursion guard of container reprs, the
// numeric/str/tuple hash functions, and the dispatching hooks of builtin_types.h that
// route a generic operation to the right type file.
#include <cmath>
#include <cstring>

#include "builtin_internal.h"
#include "numfmt.h"
#include "str_repr.h"

namespace exo::host {
namespace bi {

// ------------------------------------------------------------ receiver checks

void raise_descriptor(const char* method, const char* tname, const Value& self) {
    raise(exc_types().TypeError, cat("descriptor '", method, "' for '", tname,
                                     "' objects doesn't apply to a '", type_name(self), "' object"));
}

StrObject* self_str(const Value& self, const char* m) { return self_as<StrObject>(self, m, "str"); }
ListObject* self_list(const Value& self, const char* m) { return self_as<ListObject>(self, m, "list"); }
TupleObject* self_tuple(const Value& self, const char* m) { return self_as<TupleObject>(self, m, "tuple"); }
DictObject* self_dict(const Value& self, const char* m) { return self_as<DictObject>(self, m, "dict"); }
SetObject* self_set(const Value& self, const char* m) {
    SetObject* s = as<SetObject>(self);
    if (!s || s->frozen()) raise_descriptor(m, "set", self);
    return s;
}
SetObject* self_anyset(const Value& self, const char* m) {
    return self_as<SetObject>(self, m, "set");
}

// ------------------------------------------------------- argument count checks

static const char* plural(size_t n) { return n == 1 ? "" : "s"; }

void args_none(const char* qualname, const CallArgs& a) {
    no_kwargs(qualname, a);
    if (a.npos != 0)
        raise(exc_types().TypeError, cat(qualname, "() takes no arguments (", a.npos, " given)"));
}

void args_one(const char* qualname, const CallArgs& a) {
    no_kwargs(qualname, a);
    if (a.npos != 1)
        raise(exc_types().TypeError,
              cat(qualname, "() takes exactly one argument (", a.npos, " given)"));
}

void args_range(const char* name, const CallArgs& a, size_t min, size_t max) {
    if (a.npos < min)
        raise(exc_types().TypeError, cat(name, " expected ", min == max ? "" : "at least ", min,
                                         " argument", plural(min), ", got ", a.npos));
    if (a.npos > max)
        raise(exc_types().TypeError, cat(name, " expected ", min == max ? "" : "at most ", max,
                                         " argument", plural(max), ", got ", a.npos));
}

void args_range_old(const char* name, const CallArgs& a, size_t min, size_t max) {
    if (a.npos < min)
        raise(exc_types().TypeError, cat(name, "() takes ", min == max ? "exactly " : "at least ",
                                         min, " argument", plural(min), " (", a.npos, " given)"));
    if (a.npos > max)
        raise(exc_types().TypeError, cat(name, "() takes ", min == max ? "exactly " : "at most ",
                                         max, " argument", plural(max), " (", a.npos, " given)"));
}

void no_kwargs(const char* name, const CallArgs& a) {
    if (a.nkw != 0) {
        std::string n = name;
        // METH_O/NOARGS names arrive qualified ("list.append"); CPython drops the type here.
        if (auto dot = n.rfind('.'); dot != std::string::npos) n = n.substr(dot + 1);
        raise(exc_types().TypeError, cat(n, "() takes no keyword arguments"));
    }
}

void kwargs_only(const char* name, const CallArgs& a, std::initializer_list<std::string_view> allowed) {
    for (size_t i = 0; i < a.nkw; ++i) {
        const std::string& k = *a.kwnames[i];
        bool ok = false;
        for (std::string_view s : allowed) ok = ok || s == k;
        if (!ok)
            raise(exc_types().TypeError,
                  cat("'", k, "' is an invalid keyword argument for ", name, "()"));
    }
}

Value opt_arg(const CallArgs& a, size_t i, std::string_view name) {
    if (i < a.npos) return a.pos[i];
    if (const Value* v = a.kw(name)) return *v;
    return Value();
}

CallArgs drop_first(const CallArgs& a) {
    CallArgs r = a;
    if (r.npos > 0) {
        ++r.pos;
        --r.npos;
    }
    return r;
}

// ------------------------------------------------------------------ indices

bool seq_index_or_slice(const Value& key, const char* what, int64_t* out) {
    if (key.is_intlike()) {
        *out = key.as_int();
        return true;
    }
    if (as<SliceObject>(key)) return false;
    if (index_value(key, out)) return true;
    if (std::strcmp(what, "string") == 0)
        raise(exc_types().TypeError,
              cat("string indices must be integers, not '", type_name(key), "'"));
    raise(exc_types().TypeError,
          cat(what, " indices must be integers or slices, not ", type_name(key)));
}

int64_t as_index(const Value& v) {
    int64_t r;
    if (index_value(v, &r)) return r;
    raise(exc_types().TypeError,
          cat("'", type_name(v), "' object cannot be interpreted as an integer"));
}

static int64_t slice_part(const Value& v) {
    int64_t r;
    if (index_value(v, &r)) return r;
    raise(exc_types().TypeError, "slice indices must be integers or None or have an __index__ method");
}

void clamp_range(const Value& start, const Value& end, int64_t len, int64_t* lo, int64_t* hi) {
    int64_t s = 0, e = len;
    if (!start.is_null() && !start.is_none()) s = slice_part(start);
    if (!end.is_null() && !end.is_none()) e = slice_part(end);
    if (s < 0) s = std::max<int64_t>(s + len, 0);
    if (e < 0) e = std::max<int64_t>(e + len, 0);
    if (e > len) e = len;
    *lo = s;
    *hi = e;
}

// Whether iter(v) can succeed, decided without calling anything.
bool is_iterable(const Value& v) {
    Object* o = v.obj();
    if (!o) return false;
    switch (o->type->layout) {
        case Layout::Str: case Layout::Bytes: case Layout::List: case Layout::Tuple:
        case Layout::Dict: case Layout::Set: case Layout::FrozenSet: case Layout::Range:
        case Layout::Iterator: case Layout::Generator:
            return true;
        default:
            return o->type->lookup("__iter__") || o->type->lookup("__getitem__");
    }
}

// -------------------------------------------------------------- repr guard

// Objects whose repr is being computed, innermost last. Single-threaded interpreter.
static std::vector<const Object*>& repr_stack() {
    static std::vector<const Object*> s;
    return s;
}

ReprGuard::ReprGuard(const Object* o) : obj_(o), recursive_(false) {
    for (const Object* p : repr_stack())
        if (p == o) recursive_ = true;
    if (!recursive_) repr_stack().push_back(o);
}

ReprGuard::~ReprGuard() {
    if (!recursive_) repr_stack().pop_back();
}

// ------------------------------------------------------------ element logic

Value bool_value(bool b) { return Value::boolean(b); }

bool cmp_result(int64_t c, int op) {
    switch (op) {
        case kEq: return c == 0;
        case kNe: return c != 0;
        case kLt: return c < 0;
        case kLe: return c <= 0;
        case kGt: return c > 0;
        default: return c >= 0;
    }
}

Value seq_compare(const std::vector<Value>& a, const std::vector<Value>& b, int op) {
    if ((op == kEq || op == kNe) && a.size() != b.size()) return Value::boolean(op == kNe);
    size_t i = 0;
    // Items may be mutated by __eq__; re-check sizes each step.
    for (; i < a.size() && i < b.size(); ++i) {
        Value x = a[i], y = b[i];
        if (!same_or_eq(x, y)) break;
    }
    if (i >= a.size() || i >= b.size()) {
        int64_t c = int64_t(a.size()) - int64_t(b.size());
        return Value::boolean(cmp_result(c, op));
    }
    if (op == kEq) return Value::boolean(false);
    if (op == kNe) return Value::boolean(true);
    Value x = a[i], y = b[i];
    return rich_compare(x, y, op);
}

Value char_str(char32_t cp) {
    if (cp < 128) {
        static Value cache[128];
        Value& v = cache[cp];
        if (v.is_null()) {
            char c = char(cp);
            v = Value(intern(std::string_view(&c, 1)));
        }
        return v;
    }
    std::string s;
    append_utf8(s, cp);
    return str(std::move(s));
}

Ref<SetObject> new_set(bool frozen) { return make<SetObject>(frozen); }

void set_add_all(DictTable& t, const Value& iterable) {
    if (const DictTable* src = as_table(iterable)) {
        if (src == &t) return;
        // Reuse stored hashes: no __hash__ calls, and works for sets of unhashable-free keys.
        for (const auto& e : src->entries())
            if (!e.key.is_null()) t.set(e.key, e.hash, Value::none());
        return;
    }
    for_each(iterable, [&](const Value& v) {
        t.set(v, Value::none());
        return true;
    });
}

const DictTable* as_table(const Value& v) {
    Object* o = v.obj();
    if (!o) return nullptr;
    // Only exact builtin iteration semantics may be short-cut: a subclass could override __iter__.
    if (o->type == types().set || o->type == types().frozenset) return &static_cast<SetObject*>(o)->table;
    if (o->type == types().dict) return &static_cast<DictObject*>(o)->table;
    return nullptr;
}

}  // namespace bi

using namespace bi;

// ------------------------------------------------------------------ hashes

namespace {
constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;  // CPython's numeric hash prime
constexpr int kHashBits = 61;
}  // namespace

int64_t hash_int(int64_t v) {
    // hash(n) is n mod (2**61 - 1), keeping the sign, and -1 is reserved.
    uint64_t mag = v < 0 ? uint64_t(-(v + 1)) + 1 : uint64_t(v);
    int64_t r = int64_t(mag % kModulus);
    if (v < 0) r = -r;
    return r == -1 ? -2 : r;
}

int64_t hash_float(double v) {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    if (std::isnan(v)) {
        // CPython hashes NaN by identity; distinct NaN payloads stand in for identity here.
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        return int64_t(bits >> 1);
    }
    // Reduce the exact binary value m * 2**e modulo 2**61 - 1, so that equal ints and
    // floats (and fractions) hash alike.
    int e;
    double m = std::frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m != 0) {
        x = ((x << 28) & kModulus) | x >> (kHashBits - 28);
        m *= 268435456.0;  // 2**28
        e -= 28;
        uint64_t y = uint64_t(m);
        m -= double(y);
        x += y;
        if (x >= kModulus) x -= kModulus;
    }
    e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
    x = ((x << e) & kModulus) | x >> (kHashBits - e);
    int64_t r = int64_t(x) * sign;
    return r == -1 ? -2 : r;
}

int64_t hash_string(std::string_view s) {
    // FNV-1a followed by a 64-bit finalizer. CPython randomises str hashes per process,
    // so no program may depend on the values; they only need to be good and stable.
    uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    int64_t r = int64_t(h);
    return r == -1 ? -2 : r;
}

// ------------------------------------------------------------------ indices

bool index_value(const Value& v, int64_t* out) {
    if (v.is_intlike()) {
        *out = v.as_int();
        return true;
    }
    Object* o = v.obj();
    if (!o || !o->type->is_heap || !o->type->lookup("__index__")) return false;
    Value r = call_method(v, "__index__", {});
    if (!r.is_intlike())
        raise(exc_types().TypeError, cat("__index__ returned non-int (type ", type_name(r), ")"));
    *out = r.as_int();
    return true;
}

SliceBounds slice_bounds(const SliceObject* s, int64_t len) {
    // PySlice_Unpack followed by PySlice_AdjustIndices.
    auto part = [](const Value& v) {
        int64_t r;
        if (index_value(v, &r)) return r;
        raise(exc_types().TypeError,
              "slice indices must be integers or None or have an __index__ method");
    };
    int64_t step = 1;
    if (!s->step.is_none() && !s->step.is_null()) {
        step = part(s->step);
        if (step == 0) raise(exc_types().ValueError, "slice step cannot be zero");
        if (step < -INT64_MAX) step = -INT64_MAX;  // so that -step cannot overflow
    }
    int64_t start, stop;
    if (s->start.is_none() || s->start.is_null()) {
        start = step < 0 ? INT64_MAX : 0;
    } else {
        start = part(s->start);
    }
    if (s->stop.is_none() || s->stop.is_null()) {
        stop = step < 0 ? INT64_MIN : INT64_MAX;
    } else {
        stop = part(s->stop);
    }
    auto adjust = [&](int64_t& i) {
        if (i < 0) {
            i = i < -len ? (step < 0 ? -1 : 0) : i + len;
        } else if (i >= len) {
            i = step < 0 ? len - 1 : len;
        }
    };
    adjust(start);
    adjust(stop);
    int64_t n = 0;
    if (step < 0) {
        if (stop < start) n = (start - stop - 1) / (-step) + 1;
    } else if (start < stop) {
        n = (stop - start - 1) / step + 1;
    }
    return {start, stop, step, n};
}

// ------------------------------------------------------------------ hooks

bool bi::is_view(const Value& v) {
    Object* o = v.obj();
    if (!o) return false;
    const auto& t = types();
    return o->type == t.dict_keys || o->type == t.dict_values || o->type == t.dict_items;
}

bool bi::is_setlike_view(const Value& v) {
    Object* o = v.obj();
    return o && (o->type == types().dict_keys || o->type == types().dict_items);
}

// repr of bytes: b'...' with the str quoting rule and \xNN for non-printable bytes.
static std::string bytes_repr(std::string_view s) {
    bool single = s.find('\'') != std::string_view::npos;
    bool dbl = s.find('"') != std::string_view::npos;
    char quote = single && !dbl ? '"' : '\'';
    static const char* hex = "0123456789abcdef";
    std::string out = "b";
    out += quote;
    for (unsigned char c : s) {
        if (c == quote || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c >= 0x7F) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += char(c);
        }
    }
    out += quote;
    return out;
}

bool builtin_repr(const Value& v, std::string* out) {
    switch (v.tag()) {
        case Value::Tag::None: *out = "None"; return true;
        case Value::Tag::Bool: *out = v.as_bool() ? "True" : "False"; return true;
        case Value::Tag::Int: *out = int_repr(v.as_int()); return true;
        case Value::Tag::Float: *out = float_repr(v.as_float()); return true;
        case Value::Tag::Null: return false;
        case Value::Tag::Obj: break;
    }
    Object* o = v.obj();
    switch (o->type->layout) {
        case Layout::Str: *out = str_repr(static_cast<StrObject*>(o)->s); return true;
        case Layout::List: *out = list_repr(static_cast<ListObject*>(o)); return true;
        case Layout::Tuple: *out = tuple_repr(static_cast<TupleObject*>(o)); return true;
        case Layout::Dict: *out = dict_repr(static_cast<DictObject*>(o)); return true;
        case Layout::Set:
        case Layout::FrozenSet: *out = set_repr(static_cast<SetObject*>(o)); return true;
        case Layout::Range: *out = range_repr(static_cast<RangeObject*>(o)); return true;
        case Layout::Bytes: *out = bytes_repr(static_cast<BytesObject*>(o)->s); return true;
        default: break;
    }
    if (is_view(v)) {
        *out = view_repr(v);
        return true;
    }
    if (v.is(not_implemented())) {
        *out = "NotImplemented";
        return true;
    }
    if (v.is(ellipsis())) {
        *out = "Ellipsis";
        return true;
    }
    return false;
}

bool builtin_hash(const Value& v, int64_t* out) {
    switch (v.tag()) {
        case Value::Tag::None: *out = 0x5f3a1c27; return true;  // CPython: by address; any constant
        case Value::Tag::Bool:
        case Value::Tag::Int: *out = hash_int(v.as_int()); return true;
        case Value::Tag::Float: *out = hash_float(v.as_float()); return true;
        case Value::Tag::Null: return false;
        case Value::Tag::Obj: break;
    }
    Object* o = v.obj();
    switch (o->type->layout) {
        case Layout::Str: {
            auto* s = static_cast<StrObject*>(o);
            if (s->hash == -1) s->hash = hash_string(s->s);
            *out = s->hash;
            return true;
        }
        case Layout::Bytes: *out = hash_string(static_cast<BytesObject*>(o)->s); return true;
        case Layout::Tuple: *out = tuple_hash(static_cast<TupleObject*>(o)); return true;
        case Layout::FrozenSet: *out = frozenset_hash(static_cast<SetObject*>(o)); return true;
        case Layout::Range: *out = range_hash(static_cast<RangeObject*>(o)); return true;
        case Layout::List:
        case Layout::Dict:
        case Layout::Set:
            raise(exc_types().TypeError, cat("unhashable type: '", type_name(v), "'"));
        default: break;
    }
    if (is_view(v)) raise(exc_types().TypeError, cat("unhashable type: '", type_name(v), "'"));
    return false;
}

int64_t builtin_len(const Value& v) {
    Object* o = v.obj();
    if (!o) return -1;
    switch (o->type->layout) {
        case Layout::Str: return static_cast<StrObject*>(o)->length();
        case Layout::Bytes: return int64_t(static_cast<BytesObject*>(o)->s.size());
        case Layout::List: return int64_t(static_cast<ListObject*>(o)->items.size());
        case Layout::Tuple: return int64_t(static_cast<TupleObject*>(o)->items.size());
        case Layout::Dict: return int64_t(static_cast<DictObject*>(o)->table.size());
        case Layout::Set:
        case Layout::FrozenSet: return int64_t(static_cast<SetObject*>(o)->table.size());
        case Layout::Range: return static_cast<RangeObject*>(o)->length();
        default: break;
    }
    if (is_view(v)) return view_len(v);
    return -1;
}

int builtin_contains(const Value& c, const Value& item) {
    Object* o = c.obj();
    if (!o) return -1;
    switch (o->type->layout) {
        case Layout::Str: return str_contains(static_cast<StrObject*>(o), item);
        case Layout::Bytes: return bytes_contains(static_cast<BytesObject*>(o), item);
        case Layout::List: {
            auto* l = static_cast<ListObject*>(o);
            // Index each time: __eq__ may shrink the list.
            for (size_t i = 0; i < l->items.size(); ++i) {
                Value x = l->items[i];
                if (same_or_eq(x, item)) return 1;
            }
            return 0;
        }
        case Layout::Tuple:
            for (const Value& x : static_cast<TupleObject*>(o)->items)
                if (same_or_eq(x, item)) return 1;
            return 0;
        case Layout::Dict: return static_cast<DictObject*>(o)->table.find(item) != nullptr;
        case Layout::Set:
        case Layout::FrozenSet: {
            auto* s = static_cast<SetObject*>(o);
            // `{1} in set_of_frozensets` looks up the set as a frozenset, like CPython.
            if (SetObject* k = as<SetObject>(item); k && !k->frozen()) {
                auto tmp = new_set(true);
                set_add_all(tmp->table, item);
                return s->table.find(Value(tmp)) != nullptr;
            }
            return s->table.find(item) != nullptr;
        }
        case Layout::Range: return range_contains(static_cast<RangeObject*>(o), item);
        default: break;
    }
    if (is_view(c)) return view_contains(c, item);
    return -1;
}

Value builtin_getitem(const Value& c, const Value& key) {
    Object* o = c.obj();
    if (!o) return Value();
    switch (o->type->layout) {
        case Layout::Str: return str_getitem(static_cast<StrObject*>(o), key);
        case Layout::Bytes: return bytes_getitem(static_cast<BytesObject*>(o), key);
        case Layout::List: return list_getitem(static_cast<ListObject*>(o), key);
        case Layout::Tuple: return tuple_getitem(static_cast<TupleObject*>(o), key);
        case Layout::Dict: return dict_getitem(c, key);
        case Layout::Range: return range_getitem(static_cast<RangeObject*>(o), key);
        default: return Value();
    }
}

bool builtin_setitem(const Value& c, const Value& key, const Value& v) {
    Object* o = c.obj();
    if (!o) return false;
    switch (o->type->layout) {
        case Layout::List: list_setitem(static_cast<ListObject*>(o), key, v); return true;
        case Layout::Dict: dict_setitem(static_cast<DictObject*>(o), key, v); return true;
        default: return false;
    }
}

bool builtin_delitem(const Value& c, const Value& key) {
    Object* o = c.obj();
    if (!o) return false;
    switch (o->type->layout) {
        case Layout::List: list_delitem(static_cast<ListObject*>(o), key); return true;
        case Layout::Dict: dict_delitem(static_cast<DictObject*>(o), key); return true;
        default: return false;
    }
}

static bool is_number(const Value& v) { return v.is_intlike() || v.is_float(); }

Value builtin_compare(const Value& a, const Value& b, int op) {
    if (is_number(a) && is_number(b)) return number_compare(a, b, op);
    Object* x = a.obj();
    Object* y = b.obj();
    if (!x || !y) return not_implemented();
    Layout lx = x->type->layout, ly = y->type->layout;
    auto setlike = [](Layout l) { return l == Layout::Set || l == Layout::FrozenSet; };
    if (lx == Layout::Str && ly == Layout::Str) return str_compare(a, b, op);
    if (lx == Layout::Bytes && ly == Layout::Bytes) return bytes_compare(a, b, op);
    if (lx == Layout::List && ly == Layout::List)
        return seq_compare(static_cast<ListObject*>(x)->items, static_cast<ListObject*>(y)->items, op);
    if (lx == Layout::Tuple && ly == Layout::Tuple)
        return seq_compare(static_cast<TupleObject*>(x)->items, static_cast<TupleObject*>(y)->items, op);
    if (lx == Layout::Dict && ly == Layout::Dict) return dict_compare(a, b, op);
    if (lx == Layout::Range && ly == Layout::Range) return range_compare(a, b, op);
    if ((setlike(lx) || is_setlike_view(a)) && (setlike(ly) || is_setlike_view(b)))
        return set_compare(a, b, op);
    return not_implemented();
}

Value builtin_binary_op(const Value& a, const Value& b, int op) {
    auto layout_of = [](const Value& v) -> int {
        Object* o = v.obj();
        return o ? int(o->type->layout) : -1;
    };
    int la = layout_of(a), lb = layout_of(b);
    auto is = [](int l, Layout x) { return l == int(x); };
    // CPython tries the left operand's sequence methods first ([1] * 'a' complains about
    // the str), then the right one's for repetition (3 * 'ab').
    for (int l : {la, lb}) {
        if (l == lb && l != la && op != int(BinOpKind::Mult)) break;
        Value r;
        if (is(l, Layout::Str)) r = str_binary(a, b, op);
        else if (is(l, Layout::Bytes)) r = bytes_binary(a, b, op);
        else if (is(l, Layout::List)) r = list_binary(a, b, op);
        else if (is(l, Layout::Tuple)) r = tuple_binary(a, b, op);
        if (!r.is_null() && !r.is(not_implemented())) return r;
    }
    if (is(la, Layout::Dict) || is(lb, Layout::Dict)) return dict_binary(a, b, op);
    if (is(la, Layout::Set) || is(la, Layout::FrozenSet) || is(lb, Layout::Set) ||
        is(lb, Layout::FrozenSet) || is_setlike_view(a) || is_setlike_view(b))
        return set_binary(a, b, op);
    return not_implemented();
}

Value builtin_inplace_op(const Value& a, const Value& b, int op) {
    Object* o = a.obj();
    if (!o) return not_implemented();
    switch (o->type->layout) {
        case Layout::List: return list_inplace(a, b, op);
        case Layout::Set: return set_inplace(a, b, op);
        case Layout::Dict: return dict_inplace(a, b, op);
        default: return not_implemented();
    }
}

Value iter_builtin(const Value& v) {
    Object* o = v.obj();
    if (!o) return Value();
    switch (o->type->layout) {
        case Layout::Str: return str_iter(v);
        case Layout::Bytes: return bytes_iter(v);
        case Layout::List: return list_iter(v);
        case Layout::Tuple: return tuple_iter(v);
        case Layout::Dict: return dict_iter(v);
        case Layout::Set:
        case Layout::FrozenSet: return set_iter(v);
        case Layout::Range: return range_iter(v);
        default: break;
    }
    if (is_view(v)) return view_iter(v);
    return Value();
}

Value reversed_builtin(const Value& v) {
    Object* o = v.obj();
    if (!o) return Value();
    switch (o->type->layout) {
        case Layout::List: return list_reversed(v);
        case Layout::Str:
        case Layout::Tuple: return seq_reversed(v);
        case Layout::Dict: return dict_reversed(v);
        case Layout::Range: return range_reversed(v);
        default: break;
    }
    if (is_view(v)) return dict_reversed(v);
    return Value();
}

Value construct_builtin(TypeObject* cls, const CallArgs& args) {
    const BuiltinTypes& t = types();
    if (cls == t.str) return str_construct(cls, args);
    if (cls == t.int_) return int_construct(cls, args);
    if (cls == t.float_) return float_construct(cls, args);
    if (cls == t.bool_) return bool_construct(cls, args);
    if (cls == t.tuple) return tuple_construct(cls, args);
    if (cls == t.frozenset) return frozenset_construct(cls, args);
    if (cls == t.range) return range_construct(args);
    if (cls == t.list) {
        auto l = make<ListObject>();
        list_init(l.get(), args);
        return Value(l);
    }
    if (cls == t.dict) {
        auto d = make<DictObject>();
        dict_init(d.get(), args);
        return Value(d);
    }
    if (cls == t.set) {
        auto s = make<SetObject>(false);
        set_init(s.get(), args);
        return Value(s);
    }
    return Value();
}

void init_builtin_types() {
    init_str_type();
    init_bytes_type();
    init_list_types();
    init_dict_types();
    init_set_types();
    init_range_type();
    init_number_types();
}

}  // namespace exo::host
