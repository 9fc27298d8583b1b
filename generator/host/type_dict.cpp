// The dict type and its keys/values/items views: item access with KeyError and
// __missing__, the mapping methods, update/merge in all their argument forms, |, ==,
// the recursive-safe repr, and iteration that detects size changes.
//
// Views are IteratorObjects (the layout the core gives the view types) whose `source` is
// the dict and whose `next` only raises: a view is iterable, not an iterator.
#include "builtin_internal.h"

namespace exo::host {

using namespace bi;

namespace {

enum ViewKind : int64_t { kKeys = 0, kValues = 1, kItems = 2 };

DictObject* view_dict(const Value& v) { return as<DictObject>(static_cast<IteratorObject*>(v.obj())->source); }

ViewKind view_kind(const Value& v) {
    TypeObject* t = v.obj()->type;
    return t == types().dict_keys ? kKeys : t == types().dict_values ? kValues : kItems;
}

[[noreturn]] void key_error(const Value& key) {
    raise(new_exception(exc_types().KeyError, {key}));
}

// The key, value or (key, value) pair of an entry, as a view of `kind` yields it.
Value entry_value(const DictTable::Entry& e, int64_t kind) {
    if (kind == kKeys) return e.key;
    if (kind == kValues) return e.value;
    return tuple({e.key, e.value});
}

void copy_entries(DictTable& dst, const DictTable& src) {
    for (const auto& e : src.entries())
        if (!e.key.is_null()) dst.set(e.key, e.hash, e.value);
}

// ------------------------------------------------------------- iteration
// IteratorObject fields: index = next entry position, end = dict size when iteration
// started, step = view kind, version = items still expected (CPython's di_len).

Value dict_iter_next(IteratorObject* it) {
    DictObject* d = as<DictObject>(it->source);
    if (!d) return Value();
    DictTable& t = d->table;
    if (int64_t(t.size()) != it->end) {
        it->source = Value();  // sticky, like CPython
        raise(exc_types().RuntimeError, "dictionary changed size during iteration");
    }
    auto& es = t.entries();
    while (size_t(it->index) < es.size()) {
        const auto& e = es[size_t(it->index++)];
        if (e.key.is_null()) continue;
        if (it->version == 0) {
            it->source = Value();
            raise(exc_types().RuntimeError, "dictionary keys changed during iteration");
        }
        --it->version;
        return entry_value(e, it->step);
    }
    it->source = Value();
    return Value();
}

Value dict_rev_next(IteratorObject* it) {
    DictObject* d = as<DictObject>(it->source);
    if (!d) return Value();
    DictTable& t = d->table;
    if (int64_t(t.size()) != it->end) {
        it->source = Value();
        raise(exc_types().RuntimeError, "dictionary changed size during iteration");
    }
    auto& es = t.entries();
    while (it->index >= 0) {
        if (size_t(it->index) >= es.size()) {
            --it->index;
            continue;
        }
        const auto& e = es[size_t(it->index--)];
        if (!e.key.is_null()) return entry_value(e, it->step);
    }
    it->source = Value();
    return Value();
}

Value make_dict_iter(const Value& d, int64_t kind, bool reverse) {
    DictObject* dict = as<DictObject>(d);
    auto it = make<IteratorObject>(types().iterator, reverse ? dict_rev_next : dict_iter_next, d);
    it->end = int64_t(dict->table.size());
    it->step = kind;
    it->version = dict->table.size();
    it->index = reverse ? int64_t(dict->table.entries().size()) - 1 : 0;
    return Value(it);
}

Value view_not_iterator(IteratorObject* it) {
    raise(exc_types().TypeError, cat("'", it->type->name, "' object is not an iterator"));
}

Value make_view(const Value& d, TypeObject* t) {
    return Value(make<IteratorObject>(t, view_not_iterator, d));
}

// ------------------------------------------------------------------ dict

Value d_getitem(const Value& self, const CallArgs& a) {
    self_dict(self, "__getitem__");
    args_one("dict.__getitem__", a);
    return dict_getitem(self, a[0]);
}

Value d_setitem(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__setitem__");
    no_kwargs("__setitem__", a);
    args_range("__setitem__", a, 2, 2);
    d->table.set(a[0], a[1]);
    return Value::none();
}

Value d_delitem(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__delitem__");
    args_one("dict.__delitem__", a);
    dict_delitem(d, a[0]);
    return Value::none();
}

Value d_contains(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__contains__");
    args_one("dict.__contains__", a);
    return Value::boolean(d->table.find(a[0]) != nullptr);
}

Value d_len(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__len__");
    args_none("dict.__len__", a);
    return Value::integer(int64_t(d->table.size()));
}

Value d_iter(const Value& self, const CallArgs& a) {
    self_dict(self, "__iter__");
    args_none("dict.__iter__", a);
    return dict_iter(self);
}

Value d_reversed(const Value& self, const CallArgs& a) {
    self_dict(self, "__reversed__");
    args_none("dict.__reversed__", a);
    return dict_reversed(self);
}

Value d_get(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "get");
    no_kwargs("get", a);
    args_range("get", a, 1, 2);
    if (Value* p = d->table.find(a[0])) return *p;
    return a.npos > 1 ? a[1] : Value::none();
}

Value d_setdefault(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "setdefault");
    no_kwargs("setdefault", a);
    args_range("setdefault", a, 1, 2);
    if (Value* p = d->table.find(a[0])) return *p;
    Value dflt = a.npos > 1 ? a[1] : Value::none();
    d->table.set(a[0], dflt);
    return dflt;
}

Value d_pop(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "pop");
    no_kwargs("pop", a);
    args_range("pop", a, 1, 2);
    Value old;
    if (d->table.erase(a[0], &old)) return old;
    if (a.npos > 1) return a[1];
    key_error(a[0]);
}

Value d_popitem(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "popitem");
    args_none("dict.popitem", a);
    Value k, v;
    if (!d->table.pop_last(&k, &v))
        raise(new_exception(exc_types().KeyError, {str("popitem(): dictionary is empty")}));
    return tuple({k, v});
}

Value d_update(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "update");
    args_range("update", a, 0, 1);
    if (a.npos) dict_update(d, a[0]);
    for (size_t i = 0; i < a.nkw; ++i) d->table.set(str(*a.kwnames[i]), a.kwvalues[i]);
    return Value::none();
}

Value d_keys(const Value& self, const CallArgs& a) {
    self_dict(self, "keys");
    args_none("dict.keys", a);
    return make_view(self, types().dict_keys);
}

Value d_values(const Value& self, const CallArgs& a) {
    self_dict(self, "values");
    args_none("dict.values", a);
    return make_view(self, types().dict_values);
}

Value d_items(const Value& self, const CallArgs& a) {
    self_dict(self, "items");
    args_none("dict.items", a);
    return make_view(self, types().dict_items);
}

Value d_copy(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "copy");
    args_none("dict.copy", a);
    auto out = make<DictObject>();
    copy_entries(out->table, d->table);
    return Value(out);
}

Value d_clear(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "clear");
    args_none("dict.clear", a);
    d->table.clear();
    return Value::none();
}

Value d_fromkeys(const Value& cls, const CallArgs& a) {
    no_kwargs("fromkeys", a);
    args_range("fromkeys", a, 1, 2);
    Value value = a.npos > 1 ? a[1] : Value::none();
    TypeObject* t = as<TypeObject>(cls);
    if (t == types().dict) {
        auto d = make<DictObject>();
        for_each(a[0], [&](const Value& k) {
            d->table.set(k, value);
            return true;
        });
        return Value(d);
    }
    Value d = call(cls, {});
    for_each(a[0], [&](const Value& k) {
        setitem(d, k, value);
        return true;
    });
    return d;
}

Value d_repr(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__repr__");
    args_none("dict.__repr__", a);
    return str(dict_repr(d));
}

Value d_or(const Value& self, const CallArgs& a) {
    self_dict(self, "__or__");
    args_one("dict.__or__", a);
    return dict_binary(self, a[0], int(BinOpKind::BitOr));
}

Value d_ror(const Value& self, const CallArgs& a) {
    self_dict(self, "__ror__");
    args_one("dict.__ror__", a);
    return dict_binary(a[0], self, int(BinOpKind::BitOr));
}

Value d_ior(const Value& self, const CallArgs& a) {
    self_dict(self, "__ior__");
    args_one("dict.__ior__", a);
    return dict_inplace(self, a[0], int(BinOpKind::BitOr));
}

template <int Op>
Value d_cmp(const Value& self, const CallArgs& a) {
    self_dict(self, "__eq__");
    args_one("dict.__eq__", a);
    return dict_compare(self, a[0], Op);
}

Value d_init(const Value& self, const CallArgs& a) {
    DictObject* d = self_dict(self, "__init__");
    dict_init(d, a);
    return Value::none();
}

Value d_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "dict.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().dict))
        raise(exc_types().TypeError, "dict.__new__(X): X is not a subtype of dict");
    auto d = make<DictObject>(cls);
    give_attrs(d.get());
    return Value(d);
}

// ------------------------------------------------------------------ views

const Value& self_view(const Value& self, const char* name) {
    if (!is_view(self)) raise_descriptor(name, "dict_keys", self);
    return self;
}

Value v_len(const Value& self, const CallArgs& a) {
    self_view(self, "__len__");
    args_none("__len__", a);
    return Value::integer(view_len(self));
}

Value v_iter(const Value& self, const CallArgs& a) {
    self_view(self, "__iter__");
    args_none("__iter__", a);
    return view_iter(self);
}

Value v_reversed(const Value& self, const CallArgs& a) {
    self_view(self, "__reversed__");
    args_none("__reversed__", a);
    return dict_reversed(self);
}

Value v_contains(const Value& self, const CallArgs& a) {
    self_view(self, "__contains__");
    args_one("__contains__", a);
    return Value::boolean(view_contains(self, a[0]));
}

Value v_repr(const Value& self, const CallArgs& a) {
    self_view(self, "__repr__");
    args_none("__repr__", a);
    return str(view_repr(self));
}

Value v_isdisjoint(const Value& self, const CallArgs& a) {
    self_view(self, "isdisjoint");
    args_one("isdisjoint", a);
    bool disjoint = true;
    for_each(a[0], [&](const Value& x) {
        if (view_contains(self, x)) disjoint = false;
        return disjoint;
    });
    return Value::boolean(disjoint);
}

template <int Op>
Value v_binop(const Value& self, const CallArgs& a) {
    self_view(self, "__or__");
    args_one("__or__", a);
    return set_binary(self, a[0], Op);
}

template <int Op>
Value v_rbinop(const Value& self, const CallArgs& a) {
    self_view(self, "__ror__");
    args_one("__ror__", a);
    return set_binary(a[0], self, Op);
}

template <int Op>
Value v_cmp(const Value& self, const CallArgs& a) {
    self_view(self, "__eq__");
    args_one("__eq__", a);
    return builtin_compare(self, a[0], Op);
}

}  // namespace

// ------------------------------------------------------------ public helpers

Value dict_getitem(const Value& dv, const Value& key) {
    DictObject* d = as<DictObject>(dv);
    if (Value* p = d->table.find(key)) return *p;
    if (d->type != types().dict && d->type->lookup("__missing__"))
        return call_method(dv, "__missing__", {key});
    key_error(key);
}

// Copies a dict's entries directly when its iteration is dict's own (CPython's
// PyDict_Merge fast path, which also applies to subclasses that keep dict.__iter__).
static bool merge_fast(DictObject* d, const Value& other) {
    DictObject* src = as<DictObject>(other);
    if (!src) return false;
    if (src->type != types().dict) {
        Value* own = src->type->lookup("__iter__");
        Value* base = types().dict->dict->table.find_str("__iter__");
        if (!own || !base || !own->is(*base)) return false;
    }
    if (src != d) copy_entries(d->table, src->table);
    return true;
}

void dict_update(DictObject* d, const Value& other) {
    if (merge_fast(d, other)) return;
    if (hasattr(other, "keys")) {
        Value keys = call_method(other, "keys", {});
        for (const Value& k : to_vector(keys)) d->table.set(k, getitem(other, k));
        return;
    }
    int64_t idx = 0;
    for_each(other, [&](const Value& item) {
        // Each element must be a 2-item iterable.
        Object* io = item.obj();
        bool seq = io && (io->type->layout == Layout::Tuple || io->type->layout == Layout::List ||
                          io->type->layout == Layout::Str || io->type->lookup("__iter__"));
        if (!seq)
            raise(exc_types().TypeError,
                  cat("cannot convert dictionary update sequence element #", idx, " to a sequence"));
        std::vector<Value> kv = to_vector(item);
        if (kv.size() != 2)
            raise(exc_types().ValueError, cat("dictionary update sequence element #", idx, " has length ",
                                              kv.size(), "; 2 is required"));
        d->table.set(kv[0], kv[1]);
        ++idx;
        return true;
    });
}

void dict_merge_mapping(DictObject* d, const Value& mapping) {
    if (merge_fast(d, mapping)) return;
    if (!hasattr(mapping, "keys"))
        raise(exc_types().TypeError, cat("'", type_name(mapping), "' object is not a mapping"));
    Value keys = call_method(mapping, "keys", {});
    for (const Value& k : to_vector(keys)) d->table.set(k, getitem(mapping, k));
}

// ------------------------------------------------------------ hook halves

std::string bi::dict_repr(DictObject* d) {
    if (d->table.size() == 0) return "{}";
    ReprGuard g(d);
    if (g.recursive()) return "{...}";
    std::string out = "{";
    bool first = true;
    // Index each time: a key's or value's __repr__ may mutate the dict.
    for (size_t i = 0; i < d->table.entries().size(); ++i) {
        const auto& e = d->table.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key, v = e.value;
        if (!first) out += ", ";
        first = false;
        out += repr(k);
        out += ": ";
        out += repr(v);
    }
    out += "}";
    return out;
}

void bi::dict_setitem(DictObject* d, const Value& key, const Value& v) { d->table.set(key, v); }

void bi::dict_delitem(DictObject* d, const Value& key) {
    if (!d->table.erase(key)) key_error(key);
}

Value bi::dict_compare(const Value& a, const Value& b, int op) {
    DictObject* x = as<DictObject>(a);
    DictObject* y = as<DictObject>(b);
    if (!x || !y || (op != kEq && op != kNe)) return not_implemented();
    bool equal = x->table.size() == y->table.size();
    for (size_t i = 0; equal && i < x->table.entries().size(); ++i) {
        const auto& e = x->table.entries()[i];
        if (e.key.is_null()) continue;
        Value k = e.key, v = e.value;  // hold references: __eq__ may mutate either dict
        Value* w = y->table.find(k, e.hash);
        if (!w) {
            equal = false;
            break;
        }
        Value wv = *w;
        if (!same_or_eq(v, wv)) equal = false;
    }
    return Value::boolean(op == kEq ? equal : !equal);
}

Value bi::dict_binary(const Value& a, const Value& b, int op) {
    DictObject* x = as<DictObject>(a);
    DictObject* y = as<DictObject>(b);
    if (op != int(BinOpKind::BitOr) || !x || !y) return not_implemented();
    auto out = make<DictObject>();
    copy_entries(out->table, x->table);
    copy_entries(out->table, y->table);
    return Value(out);
}

Value bi::dict_inplace(const Value& a, const Value& b, int op) {
    if (op != int(BinOpKind::BitOr)) return not_implemented();
    dict_update(as<DictObject>(a), b);
    return a;
}

Value bi::dict_iter(const Value& d) { return make_dict_iter(d, kKeys, false); }

Value bi::dict_reversed(const Value& d_or_view) {
    if (is_view(d_or_view))
        return make_dict_iter(Value(view_dict(d_or_view)), view_kind(d_or_view), true);
    return make_dict_iter(d_or_view, kKeys, true);
}

Value bi::view_iter(const Value& view) {
    return make_dict_iter(Value(view_dict(view)), view_kind(view), false);
}

int64_t bi::view_len(const Value& view) { return int64_t(view_dict(view)->table.size()); }

bool bi::view_contains(const Value& view, const Value& item) {
    DictObject* d = view_dict(view);
    switch (view_kind(view)) {
        case kKeys: return d->table.find(item) != nullptr;
        case kItems: {
            TupleObject* t = as<TupleObject>(item);
            if (!t || t->items.size() != 2) return false;
            Value* v = d->table.find(t->items[0]);
            if (!v) return false;
            Value held = *v;
            return same_or_eq(held, t->items[1]);
        }
        default:
            for (size_t i = 0; i < d->table.entries().size(); ++i) {
                const auto& e = d->table.entries()[i];
                if (e.key.is_null()) continue;
                Value v = e.value;
                if (same_or_eq(v, item)) return true;
            }
            return false;
    }
}

std::string bi::view_repr(const Value& view) {
    ReprGuard g(view.obj());
    std::string name = view.obj()->type->name;
    if (g.recursive()) return name + "(...)";
    DictObject* d = view_dict(view);
    ViewKind kind = view_kind(view);
    std::string out = name + "([";
    bool first = true;
    for (size_t i = 0; i < d->table.entries().size(); ++i) {
        const auto& e = d->table.entries()[i];
        if (e.key.is_null()) continue;
        Value item = entry_value(e, kind);
        if (!first) out += ", ";
        first = false;
        out += repr(item);
    }
    return out + "])";
}

void bi::dict_init(DictObject* d, const CallArgs& a) {
    args_range("dict", a, 0, 1);
    if (a.npos) dict_update(d, a[0]);
    for (size_t i = 0; i < a.nkw; ++i) d->table.set(str(*a.kwnames[i]), a.kwvalues[i]);
}

void init_dict_types() {
    TypeObject* t = types().dict;
    add_method(t, "__getitem__", d_getitem);
    add_method(t, "__setitem__", d_setitem);
    add_method(t, "__delitem__", d_delitem);
    add_method(t, "__contains__", d_contains);
    add_method(t, "__len__", d_len);
    add_method(t, "__iter__", d_iter);
    add_method(t, "__reversed__", d_reversed);
    add_method(t, "get", d_get);
    add_method(t, "setdefault", d_setdefault);
    add_method(t, "pop", d_pop);
    add_method(t, "popitem", d_popitem);
    add_method(t, "update", d_update);
    add_method(t, "keys", d_keys);
    add_method(t, "values", d_values);
    add_method(t, "items", d_items);
    add_method(t, "copy", d_copy);
    add_method(t, "clear", d_clear);
    add_classmethod(t, "fromkeys", d_fromkeys);
    add_method(t, "__repr__", d_repr);
    add_method(t, "__or__", d_or);
    add_method(t, "__ror__", d_ror);
    add_method(t, "__ior__", d_ior);
    add_method(t, "__eq__", d_cmp<kEq>);
    add_method(t, "__ne__", d_cmp<kNe>);
    add_method(t, "__init__", d_init);
    add_staticmethod(t, "__new__", d_new);
    t->dict->table.set_str("__hash__", Value::none());  // dicts are unhashable

    for (TypeObject* v : {types().dict_keys, types().dict_values, types().dict_items}) {
        add_method(v, "__len__", v_len);
        add_method(v, "__iter__", v_iter);
        add_method(v, "__reversed__", v_reversed);
        add_method(v, "__contains__", v_contains);
        add_method(v, "__repr__", v_repr);
        v->dict->table.set_str("__hash__", Value::none());
        if (v == types().dict_values) continue;
        // keys and items views are set-like.
        add_method(v, "isdisjoint", v_isdisjoint);
        add_method(v, "__or__", v_binop<int(BinOpKind::BitOr)>);
        add_method(v, "__and__", v_binop<int(BinOpKind::BitAnd)>);
        add_method(v, "__sub__", v_binop<int(BinOpKind::Sub)>);
        add_method(v, "__xor__", v_binop<int(BinOpKind::BitXor)>);
        add_method(v, "__ror__", v_rbinop<int(BinOpKind::BitOr)>);
        add_method(v, "__rand__", v_rbinop<int(BinOpKind::BitAnd)>);
        add_method(v, "__rsub__", v_rbinop<int(BinOpKind::Sub)>);
        add_method(v, "__rxor__", v_rbinop<int(BinOpKind::BitXor)>);
        add_method(v, "__eq__", v_cmp<kEq>);
        add_method(v, "__ne__", v_cmp<kNe>);
        add_method(v, "__lt__", v_cmp<kLt>);
        add_method(v, "__le__", v_cmp<kLe>);
        add_method(v, "__gt__", v_cmp<kGt>);
        add_method(v, "__ge__", v_cmp<kGe>);
    }
}

}  // namespace exo::host
