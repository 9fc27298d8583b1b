// The set and frozenset types: element methods, the set algebra as methods (any
// iterables) and as operators (sets, frozensets and the set-like dict views), subset
// comparisons, reprs, iteration, and CPython's order-independent frozenset hash.
#include "builtin_internal.h"

namespace exo::host {

using namespace bi;

namespace {

constexpr int kOr = int(BinOpKind::BitOr), kAnd = int(BinOpKind::BitAnd),
              kSub = int(BinOpKind::Sub), kXor = int(BinOpKind::BitXor);

bool is_anyset(const Value& v) { return as<SetObject>(v) != nullptr; }

// A table holding the elements of v: the set's own table for sets, otherwise a
// temporary built by iterating v (kept alive in `tmp`).
const DictTable& table_of(const Value& v, Ref<SetObject>& tmp) {
    if (SetObject* s = as<SetObject>(v)) return s->table;
    tmp = new_set(false);
    set_add_all(tmp->table, v);
    return tmp->table;
}

// Looks up `key` as set membership does: an unhashable set is retried as a frozenset.
bool table_has(const DictTable& t, const Value& key) {
    DictTable& m = const_cast<DictTable&>(t);
    if (SetObject* k = as<SetObject>(key); k && !k->frozen()) {
        auto f = new_set(true);
        set_add_all(f->table, key);
        return m.find(Value(f)) != nullptr;
    }
    return m.find(key) != nullptr;
}

bool erase_key(DictTable& t, const Value& key) {
    if (SetObject* k = as<SetObject>(key); k && !k->frozen()) {
        auto f = new_set(true);
        set_add_all(f->table, key);
        return t.erase(Value(f));
    }
    return t.erase(key);
}

// ------------------------------------------------------------- algorithms

void copy_into(DictTable& dst, const DictTable& src) {
    for (const auto& e : src.entries())
        if (!e.key.is_null()) dst.set(e.key, e.hash, Value::none());
}

// dst = a ∩ b, a − b or a △ b (entries of a in order, then new entries of b).
void intersect_into(DictTable& dst, const DictTable& a, const DictTable& b) {
    auto& bm = const_cast<DictTable&>(b);
    for (size_t i = 0; i < a.entries().size(); ++i) {
        const auto& e = a.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key;
        if (bm.find(k, e.hash)) dst.set(k, e.hash, Value::none());
    }
}

void difference_into(DictTable& dst, const DictTable& a, const DictTable& b) {
    auto& bm = const_cast<DictTable&>(b);
    for (size_t i = 0; i < a.entries().size(); ++i) {
        const auto& e = a.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key;
        if (!bm.find(k, e.hash)) dst.set(k, e.hash, Value::none());
    }
}

void symmetric_into(DictTable& dst, const DictTable& a, const DictTable& b) {
    difference_into(dst, a, b);
    difference_into(dst, b, a);
}

bool is_subset(const DictTable& a, const DictTable& b) {
    if (a.size() > b.size()) return false;
    auto& bm = const_cast<DictTable&>(b);
    for (size_t i = 0; i < a.entries().size(); ++i) {
        const auto& e = a.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key;
        if (!bm.find(k, e.hash)) return false;
    }
    return true;
}

Value result_set(SetObject* like) { return Value(new_set(like->frozen())); }

// ------------------------------------------------------------- element ops

Value st_add(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "add");
    args_one("set.add", a);
    s->table.set(a[0], Value::none());
    return Value::none();
}

Value st_discard(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "discard");
    args_one("set.discard", a);
    erase_key(s->table, a[0]);
    return Value::none();
}

Value st_remove(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "remove");
    args_one("set.remove", a);
    if (!erase_key(s->table, a[0])) raise(new_exception(exc_types().KeyError, {a[0]}));
    return Value::none();
}

Value st_pop(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "pop");
    args_none("set.pop", a);
    Value k, v;
    if (!s->table.pop_first(&k, &v))
        raise(new_exception(exc_types().KeyError, {str("pop from an empty set")}));
    return k;
}

Value st_clear(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "clear");
    args_none("set.clear", a);
    s->table.clear();
    return Value::none();
}

Value st_copy(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "copy");
    args_none("set.copy", a);
    if (s->frozen() && s->type == types().frozenset) return self;
    Value r = result_set(s);
    copy_into(as<SetObject>(r)->table, s->table);
    return r;
}

// ------------------------------------------------------------- algebra

Value st_union(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "union");
    no_kwargs("union", a);
    Value r = result_set(s);
    DictTable& t = as<SetObject>(r)->table;
    copy_into(t, s->table);
    for (size_t i = 0; i < a.npos; ++i) set_add_all(t, a[i]);
    return r;
}

Value st_intersection(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "intersection");
    no_kwargs("intersection", a);
    Value r = result_set(s);
    copy_into(as<SetObject>(r)->table, s->table);
    for (size_t i = 0; i < a.npos; ++i) {
        Ref<SetObject> tmp;
        const DictTable& other = table_of(a[i], tmp);
        Value next = result_set(s);
        intersect_into(as<SetObject>(next)->table, as<SetObject>(r)->table, other);
        r = next;
    }
    return r;
}

Value st_difference(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "difference");
    no_kwargs("difference", a);
    Value r = result_set(s);
    copy_into(as<SetObject>(r)->table, s->table);
    for (size_t i = 0; i < a.npos; ++i) {
        Ref<SetObject> tmp;
        const DictTable& other = table_of(a[i], tmp);
        Value next = result_set(s);
        difference_into(as<SetObject>(next)->table, as<SetObject>(r)->table, other);
        r = next;
    }
    return r;
}

Value st_symmetric_difference(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "symmetric_difference");
    args_one("set.symmetric_difference", a);
    Ref<SetObject> tmp;
    const DictTable& other = table_of(a[0], tmp);
    Value r = result_set(s);
    symmetric_into(as<SetObject>(r)->table, s->table, other);
    return r;
}

Value st_update(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "update");
    no_kwargs("update", a);
    for (size_t i = 0; i < a.npos; ++i) set_add_all(s->table, a[i]);
    return Value::none();
}

// The *_update forms compute into a fresh table and swap it in.
template <void (*Into)(DictTable&, const DictTable&, const DictTable&)>
void update_with(SetObject* s, const Value& other) {
    Ref<SetObject> tmp;
    const DictTable& o = table_of(other, tmp);
    auto fresh = new_set(false);
    Into(fresh->table, s->table, o);
    std::swap(s->table, fresh->table);
}

Value st_intersection_update(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "intersection_update");
    no_kwargs("intersection_update", a);
    for (size_t i = 0; i < a.npos; ++i) update_with<intersect_into>(s, a[i]);
    return Value::none();
}

Value st_difference_update(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "difference_update");
    no_kwargs("difference_update", a);
    for (size_t i = 0; i < a.npos; ++i) update_with<difference_into>(s, a[i]);
    return Value::none();
}

Value st_symmetric_difference_update(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "symmetric_difference_update");
    args_one("set.symmetric_difference_update", a);
    update_with<symmetric_into>(s, a[0]);
    return Value::none();
}

Value st_issubset(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "issubset");
    args_one("set.issubset", a);
    Ref<SetObject> tmp;
    return Value::boolean(is_subset(s->table, table_of(a[0], tmp)));
}

Value st_issuperset(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "issuperset");
    args_one("set.issuperset", a);
    Ref<SetObject> tmp;
    return Value::boolean(is_subset(table_of(a[0], tmp), s->table));
}

Value st_isdisjoint(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "isdisjoint");
    args_one("set.isdisjoint", a);
    bool disjoint = true;
    for_each(a[0], [&](const Value& x) {
        if (s->table.find(x)) disjoint = false;
        return disjoint;
    });
    return Value::boolean(disjoint);
}

// ------------------------------------------------------------- dunders

Value st_len(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "__len__");
    args_none("set.__len__", a);
    return Value::integer(int64_t(s->table.size()));
}

Value st_contains(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "__contains__");
    args_one("set.__contains__", a);
    return Value::boolean(table_has(s->table, a[0]));
}

Value st_iter(const Value& self, const CallArgs& a) {
    self_anyset(self, "__iter__");
    args_none("set.__iter__", a);
    return set_iter(self);
}

Value st_repr(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "__repr__");
    args_none("set.__repr__", a);
    return str(set_repr(s));
}

Value st_hash(const Value& self, const CallArgs& a) {
    SetObject* s = self_anyset(self, "__hash__");
    args_none("frozenset.__hash__", a);
    if (!s->frozen()) raise(exc_types().TypeError, "unhashable type: 'set'");
    return Value::integer(frozenset_hash(s));
}

template <int Op>
Value st_binop(const Value& self, const CallArgs& a) {
    self_anyset(self, "__or__");
    args_one("set.__or__", a);
    if (!is_anyset(a[0])) return not_implemented();
    return set_binary(self, a[0], Op);
}

template <int Op>
Value st_rbinop(const Value& self, const CallArgs& a) {
    self_anyset(self, "__ror__");
    args_one("set.__ror__", a);
    if (!is_anyset(a[0])) return not_implemented();
    return set_binary(a[0], self, Op);
}

template <int Op>
Value st_ibinop(const Value& self, const CallArgs& a) {
    self_set(self, "__ior__");
    args_one("set.__ior__", a);
    return set_inplace(self, a[0], Op);
}

template <int Op>
Value st_cmp(const Value& self, const CallArgs& a) {
    self_anyset(self, "__eq__");
    args_one("set.__eq__", a);
    return set_compare(self, a[0], Op);
}

Value st_init(const Value& self, const CallArgs& a) {
    SetObject* s = self_set(self, "__init__");
    set_init(s, a);
    return Value::none();
}

Value st_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "set.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().set))
        raise(exc_types().TypeError, "set.__new__(X): X is not a subtype of set");
    auto s = make<SetObject>(cls);
    give_attrs(s.get());
    return Value(s);
}

Value fs_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "frozenset.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().frozenset))
        raise(exc_types().TypeError, "frozenset.__new__(X): X is not a subtype of frozenset");
    return frozenset_construct(cls, drop_first(a));
}

// ------------------------------------------------------------- iteration
// IteratorObject fields: index = next entry position, end = size when iteration started.

Value set_next(IteratorObject* it) {
    SetObject* s = as<SetObject>(it->source);
    if (!s) return Value();
    if (int64_t(s->table.size()) != it->end) {
        it->source = Value();
        raise(exc_types().RuntimeError, "Set changed size during iteration");
    }
    auto& es = s->table.entries();
    while (size_t(it->index) < es.size()) {
        const auto& e = es[size_t(it->index++)];
        if (!e.key.is_null()) return e.key;
    }
    it->source = Value();
    return Value();
}

}  // namespace

// ------------------------------------------------------------ hook halves

std::string bi::set_repr(SetObject* s) {
    bool exact = s->type == types().set || s->type == types().frozenset;
    const std::string& name = s->type->name;
    if (s->table.size() == 0) return name + "()";
    ReprGuard g(s);
    if (g.recursive()) return name + "(...)";
    std::string inner = "{";
    bool first = true;
    for (size_t i = 0; i < s->table.entries().size(); ++i) {
        const auto& e = s->table.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key;
        if (!first) inner += ", ";
        first = false;
        inner += repr(k);
    }
    inner += "}";
    if (exact && !s->frozen()) return inner;
    return name + "(" + inner + ")";
}

Value bi::set_compare(const Value& a, const Value& b, int op) {
    bool ok_a = is_anyset(a) || is_setlike_view(a), ok_b = is_anyset(b) || is_setlike_view(b);
    if (!ok_a || !ok_b) return not_implemented();
    Ref<SetObject> ta, tb;
    const DictTable& x = table_of(a, ta);
    const DictTable& y = table_of(b, tb);
    switch (op) {
        case kEq: return Value::boolean(x.size() == y.size() && is_subset(x, y));
        case kNe: return Value::boolean(!(x.size() == y.size() && is_subset(x, y)));
        case kLe: return Value::boolean(is_subset(x, y));
        case kLt: return Value::boolean(x.size() < y.size() && is_subset(x, y));
        case kGe: return Value::boolean(is_subset(y, x));
        case kGt: return Value::boolean(y.size() < x.size() && is_subset(y, x));
        default: return not_implemented();
    }
}

Value bi::set_binary(const Value& a, const Value& b, int op) {
    if (op != kOr && op != kAnd && op != kSub && op != kXor) return not_implemented();
    Value r;
    const DictTable* x;
    const DictTable* y;
    Ref<SetObject> ta, tb;
    if (is_anyset(a) && is_anyset(b)) {
        // Operators take the base type of the left operand (set or frozenset).
        r = result_set(as<SetObject>(a));
    } else if (is_setlike_view(a) || is_setlike_view(b)) {
        // Dict views combine with any iterable and always produce a set.
        r = Value(new_set(false));
    } else {
        return not_implemented();
    }
    x = &table_of(a, ta);
    y = &table_of(b, tb);
    DictTable& out = as<SetObject>(r)->table;
    switch (op) {
        case kOr:
            copy_into(out, *x);
            copy_into(out, *y);
            break;
        case kAnd: intersect_into(out, *x, *y); break;
        case kSub: difference_into(out, *x, *y); break;
        default: symmetric_into(out, *x, *y); break;
    }
    return r;
}

Value bi::set_inplace(const Value& a, const Value& b, int op) {
    SetObject* s = as<SetObject>(a);
    if (!s || s->frozen() || !is_anyset(b)) return not_implemented();
    switch (op) {
        case kOr: copy_into(s->table, as<SetObject>(b)->table); return a;
        case kAnd: update_with<intersect_into>(s, b); return a;
        case kSub:
            if (a.is(b)) {
                s->table.clear();
                return a;
            }
            update_with<difference_into>(s, b);
            return a;
        case kXor:
            if (a.is(b)) {
                s->table.clear();
                return a;
            }
            update_with<symmetric_into>(s, b);
            return a;
        default: return not_implemented();
    }
}

Value bi::set_iter(const Value& s) {
    auto it = make<IteratorObject>(types().iterator, set_next, s);
    it->end = int64_t(as<SetObject>(s)->table.size());
    return Value(it);
}

int64_t bi::frozenset_hash(SetObject* s) {
    if (s->hash != -1) return s->hash;
    // CPython's frozenset hash: xor of bit-shuffled element hashes (order-independent),
    // mixed with the size, then dispersed.
    auto shuffle = [](uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; };
    uint64_t h = 0;
    for (const auto& e : s->table.entries())
        if (!e.key.is_null()) h ^= shuffle(uint64_t(e.hash));
    h ^= (uint64_t(s->table.size()) + 1) * 1927868237ull;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069u + 907133923ull;
    int64_t r = h == uint64_t(-1) ? 590923713 : int64_t(h);
    s->hash = r;
    return r;
}

Value bi::frozenset_construct(TypeObject* cls, const CallArgs& a) {
    no_kwargs("frozenset", a);
    args_range("frozenset", a, 0, 1);
    if (cls == types().frozenset && a.npos && a[0].obj() && a[0].obj()->type == types().frozenset)
        return a[0];
    Ref<SetObject> s = cls == types().frozenset ? new_set(true) : make<SetObject>(cls);
    give_attrs(s.get());
    if (a.npos) set_add_all(s->table, a[0]);
    return Value(s);
}

void bi::set_init(SetObject* s, const CallArgs& a) {
    no_kwargs("set", a);
    args_range("set", a, 0, 1);
    s->table.clear();  // like CPython, s.__init__(s) leaves s empty
    if (a.npos) set_add_all(s->table, a[0]);
}

void init_set_types() {
    for (TypeObject* t : {types().set, types().frozenset}) {
        bool mut = t == types().set;
        add_method(t, "copy", st_copy);
        add_method(t, "union", st_union);
        add_method(t, "intersection", st_intersection);
        add_method(t, "difference", st_difference);
        add_method(t, "symmetric_difference", st_symmetric_difference);
        add_method(t, "issubset", st_issubset);
        add_method(t, "issuperset", st_issuperset);
        add_method(t, "isdisjoint", st_isdisjoint);
        add_method(t, "__len__", st_len);
        add_method(t, "__contains__", st_contains);
        add_method(t, "__iter__", st_iter);
        add_method(t, "__repr__", st_repr);
        add_method(t, "__or__", st_binop<kOr>);
        add_method(t, "__and__", st_binop<kAnd>);
        add_method(t, "__sub__", st_binop<kSub>);
        add_method(t, "__xor__", st_binop<kXor>);
        add_method(t, "__ror__", st_rbinop<kOr>);
        add_method(t, "__rand__", st_rbinop<kAnd>);
        add_method(t, "__rsub__", st_rbinop<kSub>);
        add_method(t, "__rxor__", st_rbinop<kXor>);
        add_method(t, "__eq__", st_cmp<kEq>);
        add_method(t, "__ne__", st_cmp<kNe>);
        add_method(t, "__lt__", st_cmp<kLt>);
        add_method(t, "__le__", st_cmp<kLe>);
        add_method(t, "__gt__", st_cmp<kGt>);
        add_method(t, "__ge__", st_cmp<kGe>);
        if (!mut) {
            add_method(t, "__hash__", st_hash);
            add_staticmethod(t, "__new__", fs_new);
            continue;
        }
        add_method(t, "add", st_add);
        add_method(t, "discard", st_discard);
        add_method(t, "remove", st_remove);
        add_method(t, "pop", st_pop);
        add_method(t, "clear", st_clear);
        add_method(t, "update", st_update);
        add_method(t, "intersection_update", st_intersection_update);
        add_method(t, "difference_update", st_difference_update);
        add_method(t, "symmetric_difference_update", st_symmetric_difference_update);
        add_method(t, "__ior__", st_ibinop<kOr>);
        add_method(t, "__iand__", st_ibinop<kAnd>);
        add_method(t, "__isub__", st_ibinop<kSub>);
        add_method(t, "__ixor__", st_ibinop<kXor>);
        add_method(t, "__init__", st_init);
        add_staticmethod(t, "__new__", st_new);
        t->dict->table.set_str("__hash__", Value::none());  // sets are unhashable
    }
}

}  // namespace exo::host
