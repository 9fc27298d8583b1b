// The list and tuple types: methods, indexing with ints and (extended) slices, slice
// assignment and deletion, concatenation/repetition, lexicographic comparison, reprs,
// iteration, the tuple hash, and the stable sort shared with sorted().
#include <algorithm>
#include <numeric>

#include "builtin_internal.h"

namespace exo::host {

using namespace bi;

namespace {

constexpr int kAdd = int(BinOpKind::Add), kMul = int(BinOpKind::Mult);

// The items of an iterable, without calling __iter__ on exact lists and tuples.
std::vector<Value> items_of(const Value& v) {
    if (Object* o = v.obj()) {
        if (o->type == types().list) return static_cast<ListObject*>(o)->items;
        if (o->type == types().tuple) return static_cast<TupleObject*>(o)->items;
    }
    return to_vector(v);
}

int64_t checked_repeat_size(size_t n, int64_t times) {
    if (times <= 0 || n == 0) return 0;
    if (int64_t(n) > (int64_t(1) << 32) / times) raise(exc_types().MemoryError, "");
    return int64_t(n) * times;
}

std::vector<Value> repeat_items(const std::vector<Value>& src, int64_t times) {
    std::vector<Value> out;
    if (src.empty()) return out;  // [] * 10**18 is [] at once
    out.reserve(size_t(checked_repeat_size(src.size(), times)));
    for (int64_t k = 0; k < times; ++k) out.insert(out.end(), src.begin(), src.end());
    return out;
}

// start/stop of list.index/tuple.index: like slice indices, clamped to [0, len].
void index_bounds(const CallArgs& a, int64_t len, int64_t* lo, int64_t* hi) {
    auto get = [](const Value& v) {
        int64_t r;
        if (index_value(v, &r)) return r;
        raise(exc_types().TypeError, "slice indices must be integers or have an __index__ method");
    };
    int64_t s = a.npos > 1 ? get(a[1]) : 0;
    int64_t e = a.npos > 2 ? get(a[2]) : INT64_MAX;
    if (s < 0) s = std::max<int64_t>(s + len, 0);
    if (e < 0) e = std::max<int64_t>(e + len, 0);
    *lo = s;
    *hi = e;
}

std::string seq_repr(const std::vector<Value>& items, const char* open, const char* close) {
    std::string out = open;
    // Index each time: an element's __repr__ may mutate the list.
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        Value x = items[i];
        out += repr(x);
    }
    out += close;
    return out;
}

// ------------------------------------------------------------------ list

Value l_append(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "append");
    args_one("list.append", a);
    l->items.push_back(a[0]);
    return Value::none();
}

Value l_extend(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "extend");
    args_one("list.extend", a);
    list_extend(l, a[0]);
    return Value::none();
}

Value l_insert(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "insert");
    no_kwargs("insert", a);
    args_range("insert", a, 2, 2);
    int64_t n = int64_t(l->items.size());
    int64_t i = as_index(a[0]);
    if (i < 0) i = std::max<int64_t>(i + n, 0);
    if (i > n) i = n;
    l->items.insert(l->items.begin() + i, a[1]);
    return Value::none();
}

Value l_pop(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "pop");
    no_kwargs("pop", a);
    args_range("pop", a, 0, 1);
    int64_t i = a.npos ? as_index(a[0]) : -1;
    int64_t n = int64_t(l->items.size());
    if (n == 0) raise(exc_types().IndexError, "pop from empty list");
    if (i < 0) i += n;
    if (i < 0 || i >= n) raise(exc_types().IndexError, "pop index out of range");
    Value v = std::move(l->items[size_t(i)]);
    l->items.erase(l->items.begin() + i);
    return v;
}

Value l_remove(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "remove");
    args_one("list.remove", a);
    for (size_t i = 0; i < l->items.size(); ++i) {
        Value x = l->items[i];
        if (same_or_eq(x, a[0])) {
            if (i < l->items.size()) l->items.erase(l->items.begin() + int64_t(i));
            return Value::none();
        }
    }
    raise(exc_types().ValueError, "list.remove(x): x not in list");
}

Value l_index(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "index");
    no_kwargs("index", a);
    args_range("index", a, 1, 3);
    int64_t lo, hi;
    index_bounds(a, int64_t(l->items.size()), &lo, &hi);
    for (int64_t i = lo; i < hi && i < int64_t(l->items.size()); ++i) {
        Value x = l->items[size_t(i)];
        if (same_or_eq(x, a[0])) return Value::integer(i);
    }
    raise(exc_types().ValueError, cat(repr(a[0]), " is not in list"));
}

Value l_count(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "count");
    args_one("list.count", a);
    int64_t n = 0;
    for (size_t i = 0; i < l->items.size(); ++i) {
        Value x = l->items[i];
        n += same_or_eq(x, a[0]);
    }
    return Value::integer(n);
}

Value l_clear(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "clear");
    args_none("list.clear", a);
    std::vector<Value> old;
    old.swap(l->items);  // destroy after the list is consistent
    return Value::none();
}

Value l_copy(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "copy");
    args_none("list.copy", a);
    return list(l->items);
}

Value l_reverse(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "reverse");
    args_none("list.reverse", a);
    std::reverse(l->items.begin(), l->items.end());
    return Value::none();
}

Value l_sort(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "sort");
    if (a.npos) raise(exc_types().TypeError, "sort() takes no positional arguments");
    kwargs_only("sort", a, {"key", "reverse"});
    Value key = opt_arg(a, SIZE_MAX, "key");
    Value rev = opt_arg(a, SIZE_MAX, "reverse");
    bool reverse = !rev.is_null() && truthy(rev);
    // Like CPython, the list is empty while it is being sorted, so that a key function or
    // comparison that mutates it is detected instead of corrupting the sort.
    std::vector<Value> items;
    items.swap(l->items);
    try {
        sort_values(items, key, reverse);
    } catch (...) {
        if (l->items.empty()) l->items.swap(items);
        throw;
    }
    bool modified = !l->items.empty();
    std::vector<Value> during;
    during.swap(l->items);
    l->items.swap(items);
    if (modified) raise(exc_types().ValueError, "list modified during sort");
    return Value::none();
}

Value l_getitem(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__getitem__");
    args_one("list.__getitem__", a);
    return list_getitem(l, a[0]);
}

Value l_setitem(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__setitem__");
    no_kwargs("__setitem__", a);
    args_range("__setitem__", a, 2, 2);
    list_setitem(l, a[0], a[1]);
    return Value::none();
}

Value l_delitem(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__delitem__");
    args_one("list.__delitem__", a);
    list_delitem(l, a[0]);
    return Value::none();
}

Value l_len(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__len__");
    args_none("list.__len__", a);
    return Value::integer(int64_t(l->items.size()));
}

Value l_contains(const Value& self, const CallArgs& a) {
    self_list(self, "__contains__");
    args_one("list.__contains__", a);
    return Value::boolean(builtin_contains(self, a[0]) == 1);
}

Value l_iter(const Value& self, const CallArgs& a) {
    self_list(self, "__iter__");
    args_none("list.__iter__", a);
    return list_iter(self);
}

Value l_reversed(const Value& self, const CallArgs& a) {
    self_list(self, "__reversed__");
    args_none("list.__reversed__", a);
    return list_reversed(self);
}

Value l_repr(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__repr__");
    args_none("list.__repr__", a);
    return str(list_repr(l));
}

Value l_add(const Value& self, const CallArgs& a) {
    self_list(self, "__add__");
    args_one("list.__add__", a);
    return list_binary(self, a[0], kAdd);
}

Value l_mul(const Value& self, const CallArgs& a) {
    self_list(self, "__mul__");
    args_one("list.__mul__", a);
    as_index(a[0]);  // the slot wrapper raises for a non-integer count
    return list_binary(self, a[0], kMul);
}

Value l_iadd(const Value& self, const CallArgs& a) {
    self_list(self, "__iadd__");
    args_one("list.__iadd__", a);
    return list_inplace(self, a[0], kAdd);
}

Value l_imul(const Value& self, const CallArgs& a) {
    self_list(self, "__imul__");
    args_one("list.__imul__", a);
    return list_inplace(self, a[0], kMul);
}

template <int Op>
Value l_cmp(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__eq__");
    args_one("list.__eq__", a);
    ListObject* r = as<ListObject>(a[0]);
    if (!r) return not_implemented();
    return seq_compare(l->items, r->items, Op);
}

Value l_init(const Value& self, const CallArgs& a) {
    ListObject* l = self_list(self, "__init__");
    list_init(l, a);
    return Value::none();
}

Value l_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "list.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().list))
        raise(exc_types().TypeError, cat("list.__new__(X): X is not a subtype of list"));
    auto l = make<ListObject>(cls, std::vector<Value>{});
    give_attrs(l.get());
    return Value(l);
}

// ------------------------------------------------------------------ tuple

Value t_index(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "index");
    no_kwargs("index", a);
    args_range("index", a, 1, 3);
    int64_t lo, hi;
    index_bounds(a, int64_t(t->items.size()), &lo, &hi);
    for (int64_t i = lo; i < hi && i < int64_t(t->items.size()); ++i)
        if (same_or_eq(t->items[size_t(i)], a[0])) return Value::integer(i);
    raise(exc_types().ValueError, "tuple.index(x): x not in tuple");
}

Value t_count(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "count");
    args_one("tuple.count", a);
    int64_t n = 0;
    for (const Value& x : t->items) n += same_or_eq(x, a[0]);
    return Value::integer(n);
}

Value t_getitem(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__getitem__");
    args_one("tuple.__getitem__", a);
    return tuple_getitem(t, a[0]);
}

Value t_len(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__len__");
    args_none("tuple.__len__", a);
    return Value::integer(int64_t(t->items.size()));
}

Value t_contains(const Value& self, const CallArgs& a) {
    self_tuple(self, "__contains__");
    args_one("tuple.__contains__", a);
    return Value::boolean(builtin_contains(self, a[0]) == 1);
}

Value t_iter(const Value& self, const CallArgs& a) {
    self_tuple(self, "__iter__");
    args_none("tuple.__iter__", a);
    return tuple_iter(self);
}

Value t_repr(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__repr__");
    args_none("tuple.__repr__", a);
    return str(tuple_repr(t));
}

Value t_hash(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__hash__");
    args_none("tuple.__hash__", a);
    return Value::integer(tuple_hash(t));
}

Value t_add(const Value& self, const CallArgs& a) {
    self_tuple(self, "__add__");
    args_one("tuple.__add__", a);
    return tuple_binary(self, a[0], kAdd);
}

Value t_mul(const Value& self, const CallArgs& a) {
    self_tuple(self, "__mul__");
    args_one("tuple.__mul__", a);
    as_index(a[0]);
    return tuple_binary(self, a[0], kMul);
}

template <int Op>
Value t_cmp(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__eq__");
    args_one("tuple.__eq__", a);
    TupleObject* r = as<TupleObject>(a[0]);
    if (!r) return not_implemented();
    return seq_compare(t->items, r->items, Op);
}

Value t_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "tuple.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().tuple))
        raise(exc_types().TypeError, "tuple.__new__(X): X is not a subtype of tuple");
    return tuple_construct(cls, drop_first(a));
}

Value t_getnewargs(const Value& self, const CallArgs& a) {
    TupleObject* t = self_tuple(self, "__getnewargs__");
    args_none("tuple.__getnewargs__", a);
    return tuple({tuple(t->items)});
}

// --------------------------------------------------------------- iterators

Value list_next(IteratorObject* it) {
    ListObject* l = as<ListObject>(it->source);
    if (!l) return Value();
    if (size_t(it->index) < l->items.size()) return l->items[size_t(it->index++)];
    it->source = Value();  // CPython drops the list: appending later does not revive it
    return Value();
}

Value list_rev_next(IteratorObject* it) {
    ListObject* l = as<ListObject>(it->source);
    if (!l) return Value();
    if (it->index >= 0 && size_t(it->index) < l->items.size()) return l->items[size_t(it->index--)];
    it->source = Value();
    return Value();
}

Value tuple_next(IteratorObject* it) {
    TupleObject* t = as<TupleObject>(it->source);
    if (!t) return Value();
    if (size_t(it->index) < t->items.size()) return t->items[size_t(it->index++)];
    it->source = Value();
    return Value();
}

Value tuple_rev_next(IteratorObject* it) {
    TupleObject* t = as<TupleObject>(it->source);
    if (!t) return Value();
    if (it->index >= 0 && size_t(it->index) < t->items.size()) return t->items[size_t(it->index--)];
    it->source = Value();
    return Value();
}

// ------------------------------------------------------------------ sorting

// Binary insertion sort of perm[lo, hi) where perm[lo, start) is already sorted; the
// same comparisons CPython's timsort makes on short runs.
template <class Less>
void binary_insertion(std::vector<size_t>& perm, size_t lo, size_t start, size_t hi, Less less) {
    for (; start < hi; ++start) {
        size_t pivot = perm[start];
        size_t l = lo, r = start;
        while (l < r) {
            size_t p = l + ((r - l) >> 1);
            if (less(pivot, perm[p])) r = p;
            else l = p + 1;
        }
        for (size_t k = start; k > l; --k) perm[k] = perm[k - 1];
        perm[l] = pivot;
    }
}

// Length of the run at the start of perm[lo, hi); strictly descending runs are reversed.
template <class Less>
size_t count_run(std::vector<size_t>& perm, size_t lo, size_t hi, Less less) {
    if (lo + 1 >= hi) return hi - lo;
    size_t n = 2;
    if (less(perm[lo + 1], perm[lo])) {
        while (lo + n < hi && less(perm[lo + n], perm[lo + n - 1])) ++n;
        std::reverse(perm.begin() + int64_t(lo), perm.begin() + int64_t(lo + n));
    } else {
        while (lo + n < hi && !less(perm[lo + n], perm[lo + n - 1])) ++n;
    }
    return n;
}

}  // namespace

void sort_values(std::vector<Value>& items, const Value& key, bool reverse) {
    size_t n = items.size();
    if (n < 2) return;
    std::vector<Value> keys;
    const std::vector<Value>* k = &items;
    if (!key.is_null() && !key.is_none()) {
        keys.reserve(n);
        for (const Value& v : items) keys.push_back(call(key, {v}));
        k = &keys;
    }
    // Sort a permutation, not the values: a comparison that raises leaves `items` intact.
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), size_t(0));
    // Reverse, sort stably, reverse: stable with respect to the original order, as CPython.
    if (reverse) std::reverse(perm.begin(), perm.end());
    auto less = [k](size_t x, size_t y) { return lt((*k)[x], (*k)[y]); };
    if (n < 64) {
        size_t run = count_run(perm, 0, n, less);
        binary_insertion(perm, 0, run, n, less);
    } else {
        std::stable_sort(perm.begin(), perm.end(), less);
    }
    if (reverse) std::reverse(perm.begin(), perm.end());
    std::vector<Value> out;
    out.reserve(n);
    for (size_t i : perm) out.push_back(std::move(items[i]));
    items.swap(out);
}

void list_extend(ListObject* l, const Value& iterable) {
    if (Object* o = iterable.obj()) {
        if (o->type == types().list || o->type == types().tuple) {
            std::vector<Value> add = items_of(iterable);  // copy first: l.extend(l)
            l->items.insert(l->items.end(), add.begin(), add.end());
            return;
        }
    }
    for_each(iterable, [&](const Value& v) {
        l->items.push_back(v);
        return true;
    });
}

// ------------------------------------------------------------ hook halves

std::string bi::list_repr(ListObject* l) {
    if (l->items.empty()) return "[]";
    ReprGuard g(l);
    if (g.recursive()) return "[...]";
    return seq_repr(l->items, "[", "]");
}

std::string bi::tuple_repr(TupleObject* t) {
    if (t->items.empty()) return "()";
    ReprGuard g(t);
    if (g.recursive()) return "(...)";
    if (t->items.size() == 1) return "(" + repr(t->items[0]) + ",)";
    return seq_repr(t->items, "(", ")");
}

Value bi::list_getitem(ListObject* l, const Value& key) {
    int64_t i;
    int64_t n = int64_t(l->items.size());
    if (seq_index_or_slice(key, "list", &i)) {
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(exc_types().IndexError, "list index out of range");
        return l->items[size_t(i)];
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), n);
    std::vector<Value> out;
    out.reserve(size_t(sb.length));
    for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) out.push_back(l->items[size_t(j)]);
    return list(std::move(out));
}

Value bi::tuple_getitem(TupleObject* t, const Value& key) {
    int64_t i;
    int64_t n = int64_t(t->items.size());
    if (seq_index_or_slice(key, "tuple", &i)) {
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(exc_types().IndexError, "tuple index out of range");
        return t->items[size_t(i)];
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), n);
    if (sb.step == 1 && sb.length == n && t->type == types().tuple) return Value(t);
    std::vector<Value> out;
    out.reserve(size_t(sb.length));
    for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) out.push_back(t->items[size_t(j)]);
    return tuple(std::move(out));
}

void bi::list_setitem(ListObject* l, const Value& key, const Value& v) {
    int64_t i;
    int64_t n = int64_t(l->items.size());
    if (seq_index_or_slice(key, "list", &i)) {
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(exc_types().IndexError, "list assignment index out of range");
        Value old = std::move(l->items[size_t(i)]);
        l->items[size_t(i)] = v;
        return;
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), n);
    if (!is_iterable(v))
        raise(exc_types().TypeError,
              sb.step == 1 ? "can only assign an iterable" : "must assign iterable to extended slice");
    std::vector<Value> seq = items_of(v);  // a copy, so `a[:] = a` works
    if (sb.step == 1) {
        int64_t lo = sb.start;
        int64_t hi = std::max(sb.stop, lo);
        std::vector<Value> removed(l->items.begin() + lo, l->items.begin() + hi);
        l->items.erase(l->items.begin() + lo, l->items.begin() + hi);
        l->items.insert(l->items.begin() + lo, seq.begin(), seq.end());
        return;
    }
    if (int64_t(seq.size()) != sb.length)
        raise(exc_types().ValueError, cat("attempt to assign sequence of size ", seq.size(),
                                          " to extended slice of size ", sb.length));
    for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) {
        Value old = std::move(l->items[size_t(j)]);
        l->items[size_t(j)] = std::move(seq[size_t(k)]);
    }
}

void bi::list_delitem(ListObject* l, const Value& key) {
    int64_t i;
    int64_t n = int64_t(l->items.size());
    if (seq_index_or_slice(key, "list", &i)) {
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(exc_types().IndexError, "list assignment index out of range");
        Value old = std::move(l->items[size_t(i)]);
        l->items.erase(l->items.begin() + i);
        return;
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), n);
    if (sb.length == 0) return;
    int64_t step = sb.step, start = sb.start;
    if (step < 0) {  // delete the same positions walking forwards
        start = sb.start + (sb.length - 1) * step;
        step = -step;
    }
    std::vector<Value> removed;
    std::vector<Value> kept;
    kept.reserve(l->items.size() - size_t(sb.length));
    for (int64_t j = 0; j < n; ++j) {
        bool hit = j >= start && (j - start) % step == 0 && (j - start) / step < sb.length;
        (hit ? removed : kept).push_back(std::move(l->items[size_t(j)]));
    }
    l->items.swap(kept);
}

Value bi::list_binary(const Value& a, const Value& b, int op) {
    ListObject* x = as<ListObject>(a);
    if (op == kAdd) {
        if (!x) return not_implemented();
        ListObject* y = as<ListObject>(b);
        if (!y)
            raise(exc_types().TypeError,
                  cat("can only concatenate list (not \"", type_name(b), "\") to list"));
        std::vector<Value> out;
        out.reserve(x->items.size() + y->items.size());
        out.insert(out.end(), x->items.begin(), x->items.end());
        out.insert(out.end(), y->items.begin(), y->items.end());
        return list(std::move(out));
    }
    if (op == kMul) {
        const Value& count = x ? b : a;
        ListObject* l = x ? x : as<ListObject>(b);
        int64_t n;
        if (!index_value(count, &n))
            raise(exc_types().TypeError,
                  cat("can't multiply sequence by non-int of type '", type_name(count), "'"));
        return list(repeat_items(l->items, n));
    }
    return not_implemented();
}

Value bi::tuple_binary(const Value& a, const Value& b, int op) {
    TupleObject* x = as<TupleObject>(a);
    if (op == kAdd) {
        if (!x) return not_implemented();
        TupleObject* y = as<TupleObject>(b);
        if (!y)
            raise(exc_types().TypeError,
                  cat("can only concatenate tuple (not \"", type_name(b), "\") to tuple"));
        if (y->items.empty() && x->type == types().tuple) return a;
        std::vector<Value> out;
        out.reserve(x->items.size() + y->items.size());
        out.insert(out.end(), x->items.begin(), x->items.end());
        out.insert(out.end(), y->items.begin(), y->items.end());
        return tuple(std::move(out));
    }
    if (op == kMul) {
        const Value& count = x ? b : a;
        TupleObject* t = x ? x : as<TupleObject>(b);
        int64_t n;
        if (!index_value(count, &n))
            raise(exc_types().TypeError,
                  cat("can't multiply sequence by non-int of type '", type_name(count), "'"));
        if (n == 1 && t->type == types().tuple) return Value(t);
        return tuple(repeat_items(t->items, n));
    }
    return not_implemented();
}

Value bi::list_inplace(const Value& a, const Value& b, int op) {
    ListObject* l = as<ListObject>(a);
    if (op == kAdd) {
        list_extend(l, b);
        return a;
    }
    if (op == kMul) {
        int64_t n;
        if (!index_value(b, &n))
            raise(exc_types().TypeError,
                  cat("can't multiply sequence by non-int of type '", type_name(b), "'"));
        std::vector<Value> out = repeat_items(l->items, n);
        l->items.swap(out);
        return a;
    }
    return not_implemented();
}

Value bi::list_iter(const Value& l) {
    return Value(make<IteratorObject>(types().iterator, list_next, l));
}

Value bi::tuple_iter(const Value& t) {
    return Value(make<IteratorObject>(types().iterator, tuple_next, t));
}

Value bi::list_reversed(const Value& l) {
    auto it = make<IteratorObject>(types().iterator, list_rev_next, l);
    it->index = int64_t(as<ListObject>(l)->items.size()) - 1;
    return Value(it);
}

Value bi::seq_reversed(const Value& s) {
    if (as<StrObject>(s)) return str_reversed(s);
    auto it = make<IteratorObject>(types().iterator, tuple_rev_next, s);
    it->index = int64_t(as<TupleObject>(s)->items.size()) - 1;
    return Value(it);
}

int64_t bi::tuple_hash(TupleObject* t) {
    if (t->hash != -1) return t->hash;
    // CPython's xxHash-derived tuple hash (64-bit lanes), so hash((1, 2)) matches it.
    constexpr uint64_t p1 = 11400714785074694791ull, p2 = 14029467366897019727ull,
                       p5 = 2870177450012600261ull;
    uint64_t acc = p5;
    for (const Value& item : t->items) {
        uint64_t lane = uint64_t(hash(item));
        acc += lane * p2;
        acc = (acc << 31) | (acc >> 33);
        acc *= p1;
    }
    acc += uint64_t(t->items.size()) ^ (p5 ^ 3527539ull);
    int64_t r = acc == uint64_t(-1) ? 1546275796 : int64_t(acc);
    t->hash = r;
    return r;
}

Value bi::tuple_construct(TypeObject* cls, const CallArgs& a) {
    no_kwargs("tuple", a);
    args_range("tuple", a, 0, 1);
    if (cls == types().tuple) {
        if (a.npos == 0) return tuple({});
        if (Object* o = a[0].obj(); o && o->type == types().tuple) return a[0];
        return tuple(items_of(a[0]));
    }
    auto t = make<TupleObject>(cls, a.npos ? items_of(a[0]) : std::vector<Value>{});
    give_attrs(t.get());
    return Value(t);
}

void bi::list_init(ListObject* l, const CallArgs& a) {
    no_kwargs("list", a);
    args_range("list", a, 0, 1);
    std::vector<Value> items = a.npos ? items_of(a[0]) : std::vector<Value>{};
    l->items.swap(items);
}

void init_list_types() {
    TypeObject* t = types().list;
    add_method(t, "append", l_append);
    add_method(t, "extend", l_extend);
    add_method(t, "insert", l_insert);
    add_method(t, "pop", l_pop);
    add_method(t, "remove", l_remove);
    add_method(t, "index", l_index);
    add_method(t, "count", l_count);
    add_method(t, "clear", l_clear);
    add_method(t, "copy", l_copy);
    add_method(t, "reverse", l_reverse);
    add_method(t, "sort", l_sort);
    add_method(t, "__getitem__", l_getitem);
    add_method(t, "__setitem__", l_setitem);
    add_method(t, "__delitem__", l_delitem);
    add_method(t, "__len__", l_len);
    add_method(t, "__contains__", l_contains);
    add_method(t, "__iter__", l_iter);
    add_method(t, "__reversed__", l_reversed);
    add_method(t, "__repr__", l_repr);
    add_method(t, "__add__", l_add);
    add_method(t, "__mul__", l_mul);
    add_method(t, "__rmul__", l_mul);
    add_method(t, "__iadd__", l_iadd);
    add_method(t, "__imul__", l_imul);
    add_method(t, "__eq__", l_cmp<kEq>);
    add_method(t, "__ne__", l_cmp<kNe>);
    add_method(t, "__lt__", l_cmp<kLt>);
    add_method(t, "__le__", l_cmp<kLe>);
    add_method(t, "__gt__", l_cmp<kGt>);
    add_method(t, "__ge__", l_cmp<kGe>);
    add_method(t, "__init__", l_init);
    add_staticmethod(t, "__new__", l_new);
    t->dict->table.set_str("__hash__", Value::none());  // lists are unhashable

    TypeObject* u = types().tuple;
    add_method(u, "index", t_index);
    add_method(u, "count", t_count);
    add_method(u, "__getitem__", t_getitem);
    add_method(u, "__len__", t_len);
    add_method(u, "__contains__", t_contains);
    add_method(u, "__iter__", t_iter);
    add_method(u, "__repr__", t_repr);
    add_method(u, "__hash__", t_hash);
    add_method(u, "__add__", t_add);
    add_method(u, "__mul__", t_mul);
    add_method(u, "__rmul__", t_mul);
    add_method(u, "__eq__", t_cmp<kEq>);
    add_method(u, "__ne__", t_cmp<kNe>);
    add_method(u, "__lt__", t_cmp<kLt>);
    add_method(u, "__le__", t_cmp<kLe>);
    add_method(u, "__gt__", t_cmp<kGt>);
    add_method(u, "__ge__", t_cmp<kGe>);
    add_method(u, "__getnewargs__", t_getnewargs);
    add_staticmethod(u, "__new__", t_new);
}

}  // namespace exo::host
