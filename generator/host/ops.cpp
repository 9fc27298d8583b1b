// Generic operations: arithmetic, comparison, truth, hashing, repr/str, containers and
// iteration. Each tries the fast path for builtin values, then the dunder methods of
// user classes (with CPython's reflected-operand rules), then the builtin types' hooks.
#include <cmath>

#include "builtin_types.h"
#include "interp.h"
#include "numfmt.h"
#include "numops.h"

namespace exo::host {

namespace {

const char* const kBinDunder[] = {"__add__", "__sub__", "__mul__", "__matmul__", "__truediv__", "__mod__",
                                  "__pow__", "__lshift__", "__rshift__", "__or__", "__xor__", "__and__",
                                  "__floordiv__"};
const char* const kBinRDunder[] = {"__radd__", "__rsub__", "__rmul__", "__rmatmul__", "__rtruediv__",
                                   "__rmod__", "__rpow__", "__rlshift__", "__rrshift__", "__ror__",
                                   "__rxor__", "__rand__", "__rfloordiv__"};
const char* const kBinIDunder[] = {"__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__",
                                   "__imod__", "__ipow__", "__ilshift__", "__irshift__", "__ior__",
                                   "__ixor__", "__iand__", "__ifloordiv__"};
const char* const kBinSymbol[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
const char* const kCmpDunder[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
const char* const kCmpSymbol[] = {"==", "!=", "<", "<=", ">", ">="};
const int kCmpSwap[] = {0, 1, 4, 5, 2, 3};

enum Bin { Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv };

[[noreturn]] void overflow() { raise(exc_types().OverflowError, kIntTooLargeMessage); }

// Looks up a dunder on a user class; null for builtin types (their hooks run instead)
// and for the builtin base's own registered method.
// Operator dunders defined in the host language, or by a native extension type (such
// as exo's Procedure, whose == is structural); builtin types use builtin_compare etc.
Value* user_dunder(TypeObject* t, const char* name) {
    auto custom = [](TypeObject* x) { return x->is_heap || x->layout == Layout::Native; };
    if (!custom(t)) return nullptr;
    for (TypeObject* x : t->mro) {
        if (!custom(x)) return nullptr;
        if (Value* v = x->dict->table.find_str(name)) return v;
    }
    return nullptr;
}

bool is_number(const Value& v) { return v.is_intlike() || v.is_float(); }
double num(const Value& v) { return v.is_float() ? v.as_float() : static_cast<double>(v.as_int()); }

int64_t ipow(int64_t base, int64_t exp) {
    int64_t result = 1;
    while (exp > 0) {
        if (exp & 1)
            if (__builtin_mul_overflow(result, base, &result)) overflow();
        exp >>= 1;
        if (exp && __builtin_mul_overflow(base, base, &base)) overflow();
    }
    return result;
}

// Arithmetic on int/bool/float; Null when an operand is not a number.
Value number_op(const Value& a, const Value& b, int op) {
    if (a.is_intlike() && b.is_intlike()) {
        int64_t x = a.as_int(), y = b.as_int(), z;
        switch (op) {
        case Add: if (__builtin_add_overflow(x, y, &z)) overflow(); return Value::integer(z);
        case Sub: if (__builtin_sub_overflow(x, y, &z)) overflow(); return Value::integer(z);
        case Mult: if (__builtin_mul_overflow(x, y, &z)) overflow(); return Value::integer(z);
        case Div:
            if (y == 0) raise(exc_types().ZeroDivisionError, "division by zero");
            return Value::floating(int_truediv(x, y));
        case FloorDiv: return Value::integer(floordiv(x, y));
        case Mod:
            if (y == 0) raise(exc_types().ZeroDivisionError, "integer modulo by zero");
            return Value::integer(mod(x, y));
        case Pow:
            if (y < 0) {
                if (x == 0) raise(exc_types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
                return Value::floating(std::pow(static_cast<double>(x), static_cast<double>(y)));
            }
            return Value::integer(ipow(x, y));
        case LShift:
            if (y < 0) raise(exc_types().ValueError, "negative shift count");
            if (x == 0) return Value::integer(0);
            if (y >= 63 || (x > 0 ? x > (INT64_MAX >> y) : x < (INT64_MIN >> y))) overflow();
            return Value::integer(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
        case RShift:
            if (y < 0) raise(exc_types().ValueError, "negative shift count");
            return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
        case BitOr:
            return a.is_bool() && b.is_bool() ? Value::boolean(x | y) : Value::integer(x | y);
        case BitXor:
            return a.is_bool() && b.is_bool() ? Value::boolean(x ^ y) : Value::integer(x ^ y);
        case BitAnd:
            return a.is_bool() && b.is_bool() ? Value::boolean(x & y) : Value::integer(x & y);
        default: return Value();
        }
    }
    if (!is_number(a) || !is_number(b)) return Value();
    double x = num(a), y = num(b);
    try {
        switch (op) {
        case Add: return Value::floating(x + y);
        case Sub: return Value::floating(x - y);
        case Mult: return Value::floating(x * y);
        case Div: return Value::floating(float_truediv(x, y));
        case FloorDiv: return Value::floating(float_floordiv(x, y));
        case Mod: return Value::floating(float_mod(x, y));
        case Pow: return Value::floating(float_pow(x, y));
        default: return Value();
        }
    } catch (const HostError& e) {
        raise(e);
    }
}

Value try_dunder(const Value& self, const char* name, const Value& other) {
    TypeObject* t = self.type();
    Value* d = t->lookup(name);
    if (!d || d->is_none()) return not_implemented();
    if (auto* f = as<FunctionObject>(*d)) {
        CallArgs a;
        a.pos = &other;
        a.npos = 1;
        return Interpreter::get().call_function(f, &self, a);
    }
    return call(getattr(self, name), {other});
}

[[noreturn]] void unsupported(const Value& a, const Value& b, const char* sym) {
    raise(exc_types().TypeError,
          cat("unsupported operand type(s) for ", sym, ": '", type_name(a), "' and '", type_name(b), "'"));
}

}  // namespace

int64_t floordiv(int64_t a, int64_t b) {
    if (b == 0) raise(exc_types().ZeroDivisionError, "integer division or modulo by zero");
    if (a == INT64_MIN && b == -1) overflow();
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

int64_t mod(int64_t a, int64_t b) {
    if (b == 0) raise(exc_types().ZeroDivisionError, "integer division or modulo by zero");
    if (b == -1) return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

Value binary_op(const Value& a, const Value& b, int op) {
    Value r = number_op(a, b, op);
    if (!r.is_null()) return r;
    TypeObject* ta = a.type();
    TypeObject* tb = b.type();
    Value* ad = user_dunder(ta, kBinDunder[op]);
    Value* bd = ta != tb ? user_dunder(tb, kBinRDunder[op]) : nullptr;
    // A subclass's reflected method gets the first try.
    if (bd && tb->is_subtype(ta)) {
        r = try_dunder(b, kBinRDunder[op], a);
        if (!r.is(not_implemented())) return r;
        bd = nullptr;
    }
    if (ad) {
        r = try_dunder(a, kBinDunder[op], b);
        if (!r.is(not_implemented())) return r;
    }
    if (bd) {
        r = try_dunder(b, kBinRDunder[op], a);
        if (!r.is(not_implemented())) return r;
    }
    r = builtin_binary_op(a, b, op);
    if (!r.is(not_implemented()) && !r.is_null()) return r;
    if (op == Mod && is_str(a)) return str(str_percent(str_of(a), b));
    unsupported(a, b, kBinSymbol[op]);
}

Value inplace_op(const Value& a, const Value& b, int op) {
    if (a.is_obj()) {
        if (Value* d = user_dunder(a.type(), kBinIDunder[op])) {
            (void)d;
            Value r = try_dunder(a, kBinIDunder[op], b);
            if (!r.is(not_implemented())) return r;
        } else if (!a.type()->is_heap || !user_dunder(a.type(), kBinDunder[op])) {
            Value r = builtin_inplace_op(a, b, op);
            if (!r.is(not_implemented()) && !r.is_null()) return r;
        }
    }
    return binary_op(a, b, op);
}

Value unary_op(const Value& a, int op) {
    // UnaryOpKind: Invert, Not, UAdd, USub
    if (op == 1) return Value::boolean(!truthy(a));
    if (a.is_intlike()) {
        int64_t x = a.as_int();
        if (op == 0) return Value::integer(~x);
        if (op == 2) return Value::integer(x);
        if (x == INT64_MIN) overflow();
        return Value::integer(-x);
    }
    if (a.is_float()) {
        if (op == 2) return a;
        if (op == 3) return Value::floating(-a.as_float());
    }
    static const char* names[] = {"__invert__", "", "__pos__", "__neg__"};
    static const char* syms[] = {"~", "not", "+", "-"};
    if (Value* d = a.type()->lookup(names[op])) {
        if (!d->is_none()) return call(getattr(a, names[op]), {});
    }
    raise(exc_types().TypeError, cat("bad operand type for unary ", syms[op], ": '", type_name(a), "'"));
}

// One side of a comparison: the user's dunder (or the default __ne__ that inverts a
// user __eq__), else the builtin types' comparison. NotImplemented when neither applies.
Value compare_one(const Value& a, const Value& b, int op) {
    TypeObject* ta = a.type();
    if (user_dunder(ta, kCmpDunder[op])) return try_dunder(a, kCmpDunder[op], b);
    if (op == 1 && user_dunder(ta, "__eq__")) {
        Value r = try_dunder(a, "__eq__", b);
        return r.is(not_implemented()) ? r : Value::boolean(!truthy(r));
    }
    Value r = builtin_compare(a, b, op);
    return r.is_null() ? not_implemented() : r;
}

Value rich_compare(const Value& a, const Value& b, int op) {
    if (is_number(a) && is_number(b)) return builtin_compare(a, b, op);
    RecursionGuard guard(" in comparison");  // containers compare their items
    TypeObject* ta = a.type();
    TypeObject* tb = b.type();
    int swapped = kCmpSwap[op];
    // A subclass's reflected method gets the first try, as in CPython.
    bool reflected_first = ta != tb && tb->is_subtype(ta) && user_dunder(tb, kCmpDunder[swapped]);
    Value r;
    if (reflected_first) {
        r = compare_one(b, a, swapped);
        if (!r.is(not_implemented())) return r;
    }
    r = compare_one(a, b, op);
    if (!r.is(not_implemented())) return r;
    if (!reflected_first) {
        r = compare_one(b, a, swapped);
        if (!r.is(not_implemented())) return r;
    }
    if (op == 0) return Value::boolean(a.is(b));
    if (op == 1) return Value::boolean(!a.is(b));
    raise(exc_types().TypeError, cat("'", kCmpSymbol[op], "' not supported between instances of '", type_name(a),
                                     "' and '", type_name(b), "'"));
}

bool eq(const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
    if (a.is(b) && !a.is_float()) return true;
    if (auto* sa = as<StrObject>(a)) {
        if (auto* sb = as<StrObject>(b); sb && !a.type()->is_heap && !b.type()->is_heap) return sa->s == sb->s;
    }
    return truthy(rich_compare(a, b, 0));
}

bool lt(const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return a.as_int() < b.as_int();
    return truthy(rich_compare(a, b, 2));
}

bool truthy(const Value& v) {
    switch (v.tag()) {
    case Value::Tag::Null:
    case Value::Tag::None: return false;
    case Value::Tag::Bool:
    case Value::Tag::Int: return v.as_int() != 0;
    case Value::Tag::Float: return v.as_float() != 0.0;
    case Value::Tag::Obj: break;
    }
    TypeObject* t = v.type();
    if (t->is_heap) {
        if (Value* b = user_dunder(t, "__bool__")) {
            Value r = call(special_method(v, "__bool__"), {});
            (void)b;
            if (!r.is_bool()) raise(exc_types().TypeError, cat("__bool__ should return bool, returned ", type_name(r)));
            return r.as_bool();
        }
        if (user_dunder(t, "__len__")) return len(v) != 0;
    }
    int64_t n = builtin_len(v);
    if (n >= 0) return n != 0;
    return true;
}

std::string type_name(const Value& v) { return v.type()->name; }

std::string repr(const Value& v) {
    switch (v.tag()) {
    case Value::Tag::Null:
    case Value::Tag::None: return "None";
    case Value::Tag::Bool: return v.as_bool() ? "True" : "False";
    case Value::Tag::Int: return int_to_str(v.as_int());
    case Value::Tag::Float: return float_repr(v.as_float());
    case Value::Tag::Obj: break;
    }
    RecursionGuard guard(" while getting the repr of an object");  // containers repr their items
    TypeObject* t = v.type();
    if (!user_dunder(t, "__repr__")) {
        std::string out;
        if (builtin_repr(v, &out)) return out;
    }
    Value r = call(special_method(v, "__repr__"), {});
    if (!is_str(r)) raise(exc_types().TypeError, cat("__repr__ returned non-string (type ", type_name(r), ")"));
    return str_of(r);
}

std::string to_str(const Value& v) {
    if (auto* s = as<StrObject>(v); s && !v.type()->is_heap) return s->s;
    if (!v.is_obj()) return repr(v);
    TypeObject* t = v.type();
    if (t->is_heap && user_dunder(t, "__str__")) {
        Value r = call(special_method(v, "__str__"), {});
        if (!is_str(r)) raise(exc_types().TypeError, cat("__str__ returned non-string (type ", type_name(r), ")"));
        return str_of(r);
    }
    if (auto* s = as<StrObject>(v)) return s->s;
    if (Value* d = t->lookup("__str__")) {
        if (auto* b = as<BuiltinObject>(*d); b && b->owner == types().object) return repr(v);
        Value r = call(special_method(v, "__str__"), {});
        if (!is_str(r)) raise(exc_types().TypeError, cat("__str__ returned non-string (type ", type_name(r), ")"));
        return str_of(r);
    }
    return repr(v);
}

int64_t hash(const Value& v) {
    switch (v.tag()) {
    case Value::Tag::Bool:
    case Value::Tag::Int: return hash_int(v.as_int());
    case Value::Tag::Float: return hash_float(v.as_float());
    case Value::Tag::Null:
    case Value::Tag::None: return 0x7E11A0E;
    case Value::Tag::Obj: break;
    }
    TypeObject* t = v.type();
    if (auto* s = as<StrObject>(v); s && !t->is_heap) {
        if (s->hash == -1) s->hash = hash_string(s->s);
        return s->hash;
    }
    RecursionGuard guard("");  // tuples hash their items
    if (t->is_heap) {
        for (TypeObject* x : t->mro) {
            Value* h = x->dict->table.find_str("__hash__");
            if (!h) continue;
            if (h->is_none()) raise(exc_types().TypeError, cat("unhashable type: '", t->name, "'"));
            if (!x->is_heap) break;
            Value r = call(special_method(v, "__hash__"), {});
            if (!r.is_intlike()) raise(exc_types().TypeError, "__hash__ method should return an integer");
            int64_t h64 = r.as_int();
            return h64 == -1 ? -2 : h64;
        }
    }
    int64_t out;
    if (builtin_hash(v, &out)) return out;
    if (Value* h = t->lookup("__hash__"); h && h->is_none())
        raise(exc_types().TypeError, cat("unhashable type: '", t->name, "'"));
    return static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.obj()) >> 4);
}

bool contains(const Value& c, const Value& item) {
    TypeObject* t = c.type();
    if (Value* d = user_dunder(t, "__contains__")) {
        (void)d;
        return truthy(call(special_method(c, "__contains__"), {item}));
    }
    if (!user_dunder(t, "__iter__") && !user_dunder(t, "__getitem__")) {
        int r = builtin_contains(c, item);
        if (r >= 0) return r == 1;
    }
    if (!t->lookup("__iter__") && !t->lookup("__getitem__") && !as<IteratorObject>(c) && !as<GeneratorObject>(c))
        raise(exc_types().TypeError, cat("argument of type '", type_name(c), "' is not iterable"));
    bool found = false;
    for_each(c, [&](const Value& x) {
        if (x.is(item) || eq(x, item)) { found = true; return false; }
        return true;
    });
    return found;
}

Value getitem(const Value& obj, const Value& key) {
    TypeObject* t = obj.type();
    if (!user_dunder(t, "__getitem__")) {
        Value r = builtin_getitem(obj, key);
        if (!r.is_null()) return r;
    }
    if (auto* ty = as<TypeObject>(obj); ty && !user_dunder(t, "__getitem__")) {
        if (Value cg = getattr_or_null(obj, "__class_getitem__"); !cg.is_null()) return call(cg, {key});
        if (ty == types().list || ty == types().dict || ty == types().tuple || ty == types().set ||
            ty == types().frozenset || ty == types().type)
            return obj;  // list[int] in annotations: generic aliases are not modelled
        raise(exc_types().TypeError, cat("type '", ty->name, "' is not subscriptable"));
    }
    if (Value* d = t->lookup("__getitem__")) {
        if (auto* f = as<FunctionObject>(*d)) {
            CallArgs a;
            a.pos = &key;
            a.npos = 1;
            return Interpreter::get().call_function(f, &obj, a);
        }
        return call(special_method(obj, "__getitem__"), {key});
    }
    raise(exc_types().TypeError, cat("'", type_name(obj), "' object is not subscriptable"));
}

void setitem(const Value& obj, const Value& key, const Value& v) {
    TypeObject* t = obj.type();
    if (!user_dunder(t, "__setitem__") && builtin_setitem(obj, key, v)) return;
    if (t->lookup("__setitem__")) {
        call(special_method(obj, "__setitem__"), {key, v});
        return;
    }
    raise(exc_types().TypeError, cat("'", type_name(obj), "' object does not support item assignment"));
}

void delitem(const Value& obj, const Value& key) {
    TypeObject* t = obj.type();
    if (!user_dunder(t, "__delitem__") && builtin_delitem(obj, key)) return;
    if (t->lookup("__delitem__")) {
        call(special_method(obj, "__delitem__"), {key});
        return;
    }
    raise(exc_types().TypeError, cat("'", type_name(obj), "' object doesn't support item deletion"));
}

int64_t len(const Value& v) {
    TypeObject* t = v.type();
    if (!user_dunder(t, "__len__")) {
        int64_t n = builtin_len(v);
        if (n >= 0) return n;
    }
    if (t->lookup("__len__")) {
        Value r = call(special_method(v, "__len__"), {});
        if (!r.is_intlike()) raise(exc_types().TypeError, cat("'", type_name(r), "' object cannot be interpreted as an integer"));
        if (r.as_int() < 0) raise(exc_types().ValueError, "__len__() should return >= 0");
        return r.as_int();
    }
    raise(exc_types().TypeError, cat("object of type '", type_name(v), "' has no len()"));
}

namespace {

// Iteration through __getitem__ with 0, 1, 2, ... until IndexError (the old protocol).
Value sequence_next(IteratorObject* it) {
    if (it->source.is_null()) return Value();
    try {
        Value v = getitem(it->source, Value::integer(it->index));
        ++it->index;
        return v;
    } catch (PyException& e) {
        if (exception_matches(Value(e.exc), exc_types().IndexError) ||
            exception_matches(Value(e.exc), exc_types().StopIteration)) {
            it->source = Value();
            return Value();
        }
        throw;
    }
}

}  // namespace

Value iter(const Value& v) {
    TypeObject* t = v.type();
    if (as<IteratorObject>(v) && !t->is_heap) {
        // Builtin iterators are their own iterators; views and ranges are not iterators
        // (they have no next callback of their own) and go through iter_builtin.
        Value r = iter_builtin(v);
        if (!r.is_null()) return r;
        return v;
    }
    if (as<GeneratorObject>(v)) return v;
    if (!user_dunder(t, "__iter__")) {
        Value r = iter_builtin(v);
        if (!r.is_null()) return r;
    }
    if (Value* d = t->lookup("__iter__")) {
        if (d->is_none()) raise(exc_types().TypeError, cat("'", type_name(v), "' object is not iterable"));
        Value r = call(special_method(v, "__iter__"), {});
        if (!as<IteratorObject>(r) && !as<GeneratorObject>(r) && !r.type()->lookup("__next__"))
            raise(exc_types().TypeError, cat("iter() returned non-iterator of type '", type_name(r), "'"));
        return r;
    }
    if (t->lookup("__getitem__") && !as<TypeObject>(v)) {
        return Value(new IteratorObject(types().iterator, sequence_next, v));
    }
    raise(exc_types().TypeError, cat("'", type_name(v), "' object is not iterable"));
}

Value next(const Value& it) {
    Interpreter& in = Interpreter::get();
    in.tick();
    in.check_stack();  // map(f, map(f, ...)) chains recurse natively
    Object* o = it.obj();
    if (o) {
        if (o->type->layout == Layout::Iterator && o->type->solid_base == o->type && !o->type->is_heap) {
            auto* io = static_cast<IteratorObject*>(o);
            if (io->next) return io->next(io);
        }
        if (o->type->layout == Layout::Generator)
            return Interpreter::get().gen_send(static_cast<GeneratorObject*>(o), Value::none());
    }
    Value* d = it.type()->lookup("__next__");
    if (!d) raise(exc_types().TypeError, cat("'", type_name(it), "' object is not an iterator"));
    try {
        return call(special_method(it, "__next__"), {});
    } catch (PyException& e) {
        if (exception_matches(Value(e.exc), exc_types().StopIteration)) return Value();
        throw;
    }
}

std::vector<Value> to_vector(const Value& iterable) {
    if (auto* l = as<ListObject>(iterable)) {
        if (!iterable.type()->is_heap) return l->items;
    }
    if (auto* t = as<TupleObject>(iterable)) {
        if (!iterable.type()->is_heap) return t->items;
    }
    std::vector<Value> out;
    for_each(iterable, [&](const Value& x) { out.push_back(x); return true; });
    return out;
}

}  // namespace exo::host
