// The range type: construction, O(1) length/indexing/membership for ints, slicing into
// a new range, equality by the sequence it denotes, repr, and iteration.
#include "builtin_internal.h"

namespace exo::host {

using namespace bi;

namespace {

RangeObject* self_range(const Value& self, const char* name) {
    return self_as<RangeObject>(self, name, "range");
}

int64_t range_at(const RangeObject* r, int64_t i) { return r->at(i); }

// Position of integer v in r, or -1 (in 128 bits: the length of range(-2**63, 2**63-1)
// and the offset v - start need not fit in an int64).
__int128 position_of(const RangeObject* r, int64_t v) {
    __int128 n = r->exact_length();
    __int128 off = __int128(v) - r->start;
    if (n == 0 || off % r->step != 0) return -1;
    __int128 k = off / r->step;
    return k >= 0 && k < n ? k : -1;
}

Value range_next(IteratorObject* it) {
    RangeObject* r = as<RangeObject>(it->source);
    if (!r) return Value();
    if (it->index < it->end) return Value::integer(range_at(r, it->index++));
    it->source = Value();
    return Value();
}

Value range_rev_next(IteratorObject* it) {
    RangeObject* r = as<RangeObject>(it->source);
    if (!r) return Value();
    if (it->index >= 0) return Value::integer(range_at(r, it->index--));
    it->source = Value();
    return Value();
}

Value r_len(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "__len__");
    args_none("range.__len__", a);
    return Value::integer(r->length());
}

Value r_getitem(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "__getitem__");
    args_one("range.__getitem__", a);
    return range_getitem(r, a[0]);
}

Value r_contains(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "__contains__");
    args_one("range.__contains__", a);
    return Value::boolean(range_contains(r, a[0]));
}

Value r_iter(const Value& self, const CallArgs& a) {
    self_range(self, "__iter__");
    args_none("range.__iter__", a);
    return range_iter(self);
}

Value r_reversed(const Value& self, const CallArgs& a) {
    self_range(self, "__reversed__");
    args_none("range.__reversed__", a);
    return range_reversed(self);
}

Value r_repr(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "__repr__");
    args_none("range.__repr__", a);
    return str(range_repr(r));
}

Value r_hash(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "__hash__");
    args_none("range.__hash__", a);
    return Value::integer(range_hash(r));
}

Value r_count(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "count");
    args_one("range.count", a);
    if (a[0].is_intlike()) return Value::integer(position_of(r, a[0].as_int()) >= 0);
    int64_t n = 0;
    for (int64_t i = 0; i < r->length(); ++i) n += eq(Value::integer(range_at(r, i)), a[0]);
    return Value::integer(n);
}

Value r_index(const Value& self, const CallArgs& a) {
    RangeObject* r = self_range(self, "index");
    args_one("range.index", a);
    if (a[0].is_intlike()) {
        __int128 k = position_of(r, a[0].as_int());
        if (k > INT64_MAX) raise(exc_types().OverflowError, "Python int too large to convert to C ssize_t");
        if (k >= 0) return Value::integer(int64_t(k));
    } else {
        for (int64_t i = 0; i < r->length(); ++i)
            if (eq(Value::integer(range_at(r, i)), a[0])) return Value::integer(i);
    }
    raise(exc_types().ValueError, cat(repr(a[0]), " is not in range"));
}

template <int Op>
Value r_cmp(const Value& self, const CallArgs& a) {
    self_range(self, "__eq__");
    args_one("range.__eq__", a);
    return range_compare(self, a[0], Op);
}

Value r_start(const Value& self, const CallArgs& a) {
    return Value::integer(self_range(getter_self(self, a), "start")->start);
}
Value r_stop(const Value& self, const CallArgs& a) {
    return Value::integer(self_range(getter_self(self, a), "stop")->stop);
}
Value r_step(const Value& self, const CallArgs& a) {
    return Value::integer(self_range(getter_self(self, a), "step")->step);
}

Value r_new(const Value&, const CallArgs& a) { return range_construct(drop_first(a)); }

}  // namespace

Value bi::range_construct(const CallArgs& a) {
    no_kwargs("range", a);
    args_range("range", a, 1, 3);
    int64_t start = 0, stop, step = 1;
    if (a.npos == 1) {
        stop = as_index(a[0]);
    } else {
        start = as_index(a[0]);
        stop = as_index(a[1]);
        if (a.npos == 3) step = as_index(a[2]);
    }
    if (step == 0) raise(exc_types().ValueError, "range() arg 3 must not be zero");
    return Value(make<RangeObject>(start, stop, step));
}

std::string bi::range_repr(RangeObject* r) {
    if (r->step == 1) return cat("range(", r->start, ", ", r->stop, ")");
    return cat("range(", r->start, ", ", r->stop, ", ", r->step, ")");
}

Value bi::range_getitem(RangeObject* r, const Value& key) {
    int64_t i;
    if (seq_index_or_slice(key, "range", &i)) {
        __int128 n = r->exact_length(), k = i;
        if (k < 0) k += n;
        if (k < 0 || k >= n) raise(exc_types().IndexError, "range object index out of range");
        return Value::integer(int64_t(r->start + k * r->step));  // an item: fits
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), r->length());
    // As CPython: the items at the slice's start and stop indices, and the product of
    // the steps; computed in 128 bits, as they need not fit in an int64.
    __int128 start = r->start + __int128(sb.start) * r->step;
    __int128 stop = r->start + __int128(sb.stop) * r->step;
    __int128 step = __int128(r->step) * sb.step;
    auto fits = [](__int128 v) { return v >= INT64_MIN && v <= INT64_MAX; };
    if (!fits(start) || !fits(step) || !fits(stop))
        raise(exc_types().OverflowError, "Python int too large to convert to C ssize_t");
    return Value(make<RangeObject>(int64_t(start), int64_t(stop), int64_t(step)));
}

bool bi::range_contains(RangeObject* r, const Value& item) {
    if (item.is_intlike()) return position_of(r, item.as_int()) >= 0;
    for (int64_t i = 0; i < r->length(); ++i)
        if (eq(Value::integer(range_at(r, i)), item)) return true;
    return false;
}

Value bi::range_compare(const Value& a, const Value& b, int op) {
    RangeObject* x = as<RangeObject>(a);
    RangeObject* y = as<RangeObject>(b);
    if (!x || !y || (op != kEq && op != kNe)) return not_implemented();
    // Equal when they denote the same sequence.
    int64_t n = x->length();
    bool same = n == y->length() &&
                (n == 0 || (x->start == y->start && (n == 1 || x->step == y->step)));
    return Value::boolean(op == kEq ? same : !same);
}

int64_t bi::range_hash(RangeObject* r) {
    // CPython hashes (len, start, step), with None for the parts that do not matter.
    int64_t n = r->length();
    Value start = n == 0 ? Value::none() : Value::integer(r->start);
    Value step = n <= 1 ? Value::none() : Value::integer(r->step);
    auto t = make<TupleObject>(std::vector<Value>{Value::integer(n), start, step});
    return tuple_hash(t.get());
}

Value bi::range_iter(const Value& r) {
    auto it = make<IteratorObject>(types().iterator, range_next, r);
    it->end = as<RangeObject>(r)->length();
    return Value(it);
}

Value bi::range_reversed(const Value& r) {
    auto it = make<IteratorObject>(types().iterator, range_rev_next, r);
    it->index = as<RangeObject>(r)->length() - 1;
    return Value(it);
}

void init_range_type() {
    TypeObject* t = types().range;
    add_method(t, "__len__", r_len);
    add_method(t, "__getitem__", r_getitem);
    add_method(t, "__contains__", r_contains);
    add_method(t, "__iter__", r_iter);
    add_method(t, "__reversed__", r_reversed);
    add_method(t, "__repr__", r_repr);
    add_method(t, "__hash__", r_hash);
    add_method(t, "count", r_count);
    add_method(t, "index", r_index);
    add_method(t, "__eq__", r_cmp<kEq>);
    add_method(t, "__ne__", r_cmp<kNe>);
    add_getter(t, "start", r_start);
    add_getter(t, "stop", r_stop);
    add_getter(t, "step", r_step);
    add_staticmethod(t, "__new__", r_new);
}

}  // namespace exo::host
