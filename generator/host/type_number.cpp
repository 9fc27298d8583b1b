// The int, float and bool types: construction (int('ff', 16), float(' 1e3 '),
// int(3.9), __int__/__index__/__float__ on user objects), their methods and attribute
// getters, exact int/float comparison, and method forms of the arithmetic operators
// (int.__add__ etc.) that defer to the core's binary_op for the actual arithmetic.
#include <bit>
#include <cmath>
#include <cstring>

#include "builtin_internal.h"
#include "numfmt.h"

namespace exo::host {

using namespace bi;

namespace {

bool is_number(const Value& v) { return v.is_intlike() || v.is_float(); }

int64_t self_int(const Value& self, const char* name) {
    if (!self.is_intlike()) raise_descriptor(name, "int", self);
    return self.as_int();
}

double self_float(const Value& self, const char* name) {
    if (!self.is_float()) raise_descriptor(name, "float", self);
    return self.as_float();
}

// Runs a numfmt conversion, turning its HostError into the host exception.
template <class F>
auto numfmt_call(F f) -> decltype(f()) {
    try {
        return f();
    } catch (const HostError& e) {
        raise(e);
    }
}

// float('nan') gets a fresh NaN payload per call: floats are stored inline, so this is
// what makes `x is y` (and `nan in [float('nan')]`) false for two separate NaNs while a
// NaN stays identical to itself, as with CPython's float objects.
double fresh_nan(bool negative) {
    static uint64_t counter = 0;
    uint64_t bits = 0x7FF8000000000000ull | (++counter & 0x0007FFFFFFFFFFFFull);
    if (negative) bits |= 0x8000000000000000ull;
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

[[noreturn]] void int_too_large() { raise(exc_types().OverflowError, kIntTooLargeMessage); }

Value ratio(int64_t n, int64_t d) { return tuple({Value::integer(n), Value::integer(d)}); }

// ------------------------------------------------------------------ int

Value i_bit_length(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "bit_length");
    args_none("int.bit_length", a);
    uint64_t m = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    return Value::integer(64 - std::countl_zero(m));
}

Value i_bit_count(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "bit_count");
    args_none("int.bit_count", a);
    uint64_t m = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    return Value::integer(std::popcount(m));
}

Value i_as_integer_ratio(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "as_integer_ratio");
    args_none("int.as_integer_ratio", a);
    return ratio(v, 1);
}

Value i_int(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "__int__");
    args_none("int.__int__", a);
    return Value::integer(v);
}

Value i_float(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "__float__");
    args_none("int.__float__", a);
    return Value::floating(double(v));
}

Value i_bool(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "__bool__");
    args_none("int.__bool__", a);
    return Value::boolean(v != 0);
}

Value i_repr(const Value& self, const CallArgs& a) {
    if (!self.is_intlike()) raise_descriptor("__repr__", "int", self);
    args_none("int.__repr__", a);
    std::string s;
    builtin_repr(self, &s);
    return str(std::move(s));
}

Value i_hash(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "__hash__");
    args_none("int.__hash__", a);
    return Value::integer(hash_int(v));
}

Value i_real(const Value& self, const CallArgs& a) {
    return Value::integer(self_int(getter_self(self, a), "real"));
}
Value i_imag(const Value& self, const CallArgs& a) {
    self_int(getter_self(self, a), "imag");
    return Value::integer(0);
}
Value i_denominator(const Value& self, const CallArgs& a) {
    self_int(getter_self(self, a), "denominator");
    return Value::integer(1);
}

Value i_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "int.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().int_))
        raise(exc_types().TypeError, "int.__new__(X): X is not a subtype of int");
    return int_construct(cls, drop_first(a));
}

// ----------------------------------------------------------------- float

Value f_is_integer(const Value& self, const CallArgs& a) {
    double v = self_float(self, "is_integer");
    args_none("float.is_integer", a);
    return Value::boolean(std::isfinite(v) && std::floor(v) == v);
}

Value f_as_integer_ratio(const Value& self, const CallArgs& a) {
    double v = self_float(self, "as_integer_ratio");
    args_none("float.as_integer_ratio", a);
    if (std::isnan(v)) raise(exc_types().ValueError, "cannot convert NaN to integer ratio");
    if (std::isinf(v)) raise(exc_types().OverflowError, "cannot convert Infinity to integer ratio");
    // v = m * 2**e with an integral m; then cancel factors of two.
    int e;
    double m = std::frexp(v, &e);
    for (int i = 0; i < 300 && m != std::floor(m); ++i) {
        m *= 2.0;
        --e;
    }
    if (std::fabs(m) >= 9.2e18) int_too_large();
    int64_t num = int64_t(m);
    int64_t den = 1;
    if (e > 0) {
        for (int i = 0; i < e; ++i) {
            if (num > INT64_MAX / 2 || num < INT64_MIN / 2) int_too_large();
            num *= 2;
        }
    } else {
        while (e < 0 && num % 2 == 0) {
            num /= 2;
            ++e;
        }
        if (-e >= 63) int_too_large();
        den = int64_t(1) << -e;
    }
    return ratio(num, den);
}

Value f_int(const Value& self, const CallArgs& a) {
    double v = self_float(self, "__int__");
    args_none("float.__int__", a);
    return Value::integer(numfmt_call([&] { return float_to_int(v); }));
}

Value f_float(const Value& self, const CallArgs& a) {
    double v = self_float(self, "__float__");
    args_none("float.__float__", a);
    return Value::floating(v);
}

Value f_bool(const Value& self, const CallArgs& a) {
    double v = self_float(self, "__bool__");
    args_none("float.__bool__", a);
    return Value::boolean(v != 0.0);
}

Value f_repr(const Value& self, const CallArgs& a) {
    double v = self_float(self, "__repr__");
    args_none("float.__repr__", a);
    return str(float_repr(v));
}

Value f_hash(const Value& self, const CallArgs& a) {
    double v = self_float(self, "__hash__");
    args_none("float.__hash__", a);
    return Value::integer(hash_float(v));
}

Value f_real(const Value& self, const CallArgs& a) {
    return Value::floating(self_float(getter_self(self, a), "real"));
}
Value f_imag(const Value& self, const CallArgs& a) {
    self_float(getter_self(self, a), "imag");
    return Value::floating(0.0);
}

Value f_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "float.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().float_))
        raise(exc_types().TypeError, "float.__new__(X): X is not a subtype of float");
    return float_construct(cls, drop_first(a));
}

// ------------------------------------------------------------------ bool

Value b_repr(const Value& self, const CallArgs& a) {
    if (!self.is_bool()) raise_descriptor("__repr__", "bool", self);
    args_none("bool.__repr__", a);
    return str(self.as_bool() ? "True" : "False");
}

Value b_new(const Value&, const CallArgs& a) { return bool_construct(types().bool_, drop_first(a)); }

// ------------------------------------------------- shared number dunders

Value n_conjugate(const Value& self, const CallArgs& a) {
    if (!is_number(self)) raise_descriptor("conjugate", "int", self);
    args_none("conjugate", a);
    if (self.is_bool()) return Value::integer(self.as_int());
    return self;
}

// int.__add__(x, y) and friends: the arithmetic itself is the core's; these exist so
// that method lookups (`int.__add__`, `super().__mul__(o)`) find something.
template <int Op, bool Reflected>
Value n_binary(const Value& self, const CallArgs& a) {
    if (!is_number(self)) raise_descriptor("__add__", "int", self);
    args_one("__add__", a);
    // int's methods accept only ints (int.__add__(1, 2.5) is NotImplemented); float's
    // accept ints and floats.
    if (!is_number(a[0]) || (self.is_intlike() && a[0].is_float())) return not_implemented();
    return Reflected ? binary_op(a[0], self, Op) : binary_op(self, a[0], Op);
}

template <int Op>
Value n_unary(const Value& self, const CallArgs& a) {
    if (!is_number(self)) raise_descriptor("__neg__", "int", self);
    args_none("__neg__", a);
    return unary_op(self, Op);
}

Value n_abs(const Value& self, const CallArgs& a) {
    if (!is_number(self)) raise_descriptor("__abs__", "int", self);
    args_none("__abs__", a);
    if (self.is_float()) return Value::floating(std::fabs(self.as_float()));
    int64_t v = self.as_int();
    if (v == INT64_MIN) int_too_large();
    return Value::integer(v < 0 ? -v : v);
}

template <int Op>
Value n_cmp(const Value& self, const CallArgs& a) {
    if (!is_number(self)) raise_descriptor("__eq__", "int", self);
    args_one("__eq__", a);
    if (self.is_intlike() && a[0].is_float()) return not_implemented();
    return number_compare(self, a[0], Op);
}

Value n_index(const Value& self, const CallArgs& a) {
    int64_t v = self_int(self, "__index__");
    args_none("int.__index__", a);
    return Value::integer(v);
}

void add_number_dunders(TypeObject* t, bool integral) {
    using B = BinOpKind;
    add_method(t, "__add__", n_binary<int(B::Add), false>);
    add_method(t, "__radd__", n_binary<int(B::Add), true>);
    add_method(t, "__sub__", n_binary<int(B::Sub), false>);
    add_method(t, "__rsub__", n_binary<int(B::Sub), true>);
    add_method(t, "__mul__", n_binary<int(B::Mult), false>);
    add_method(t, "__rmul__", n_binary<int(B::Mult), true>);
    add_method(t, "__truediv__", n_binary<int(B::Div), false>);
    add_method(t, "__rtruediv__", n_binary<int(B::Div), true>);
    add_method(t, "__floordiv__", n_binary<int(B::FloorDiv), false>);
    add_method(t, "__rfloordiv__", n_binary<int(B::FloorDiv), true>);
    add_method(t, "__mod__", n_binary<int(B::Mod), false>);
    add_method(t, "__rmod__", n_binary<int(B::Mod), true>);
    add_method(t, "__pow__", n_binary<int(B::Pow), false>);
    add_method(t, "__rpow__", n_binary<int(B::Pow), true>);
    add_method(t, "__neg__", n_unary<int(UnaryOpKind::USub)>);
    add_method(t, "__pos__", n_unary<int(UnaryOpKind::UAdd)>);
    add_method(t, "__abs__", n_abs);
    add_method(t, "conjugate", n_conjugate);
    add_method(t, "__eq__", n_cmp<kEq>);
    add_method(t, "__ne__", n_cmp<kNe>);
    add_method(t, "__lt__", n_cmp<kLt>);
    add_method(t, "__le__", n_cmp<kLe>);
    add_method(t, "__gt__", n_cmp<kGt>);
    add_method(t, "__ge__", n_cmp<kGe>);
    if (!integral) return;
    add_method(t, "__lshift__", n_binary<int(B::LShift), false>);
    add_method(t, "__rlshift__", n_binary<int(B::LShift), true>);
    add_method(t, "__rshift__", n_binary<int(B::RShift), false>);
    add_method(t, "__rrshift__", n_binary<int(B::RShift), true>);
    add_method(t, "__and__", n_binary<int(B::BitAnd), false>);
    add_method(t, "__rand__", n_binary<int(B::BitAnd), true>);
    add_method(t, "__or__", n_binary<int(B::BitOr), false>);
    add_method(t, "__ror__", n_binary<int(B::BitOr), true>);
    add_method(t, "__xor__", n_binary<int(B::BitXor), false>);
    add_method(t, "__rxor__", n_binary<int(B::BitXor), true>);
    add_method(t, "__invert__", n_unary<int(UnaryOpKind::Invert)>);
    add_method(t, "__index__", n_index);
}

}  // namespace

double text_to_float(std::string_view s) {
    double d = numfmt_call([&] { return parse_float(s); });
    if (std::isnan(d)) return fresh_nan(std::signbit(d));
    return d;
}

int64_t text_to_int(std::string_view s) { return numfmt_call([&] { return parse_int(s, 10); }); }

// ------------------------------------------------------------ hook halves

std::string bi::int_repr(int64_t v) { return int_to_str(v); }

Value bi::number_compare(const Value& a, const Value& b, int op) {
    if (!is_number(a) || !is_number(b)) return not_implemented();
    if (a.is_intlike() && b.is_intlike()) {
        int64_t x = a.as_int(), y = b.as_int();
        return Value::boolean(cmp_result(x < y ? -1 : x > y ? 1 : 0, op));
    }
    // Exact comparison across int and float: long double holds every int64 and double.
    long double x = a.is_float() ? (long double)a.as_float() : (long double)a.as_int();
    long double y = b.is_float() ? (long double)b.as_float() : (long double)b.as_int();
    if (std::isnan(x) || std::isnan(y)) return Value::boolean(op == kNe);
    return Value::boolean(cmp_result(x < y ? -1 : x > y ? 1 : 0, op));
}

Value bi::int_construct(TypeObject* cls, const CallArgs& a) {
    (void)cls;  // int subclasses have no int layout here; they construct plain ints
    kwargs_only("int", a, {"base"});
    if (a.npos > 2)
        raise(exc_types().TypeError, cat("int() takes at most 2 arguments (", a.npos, " given)"));
    Value x = a.npos > 0 ? a[0] : Value();
    Value basev = opt_arg(a, 1, "base");
    if (x.is_null()) {
        if (!basev.is_null()) raise(exc_types().TypeError, "int() missing string argument");
        return Value::integer(0);
    }
    if (!basev.is_null()) {
        int64_t base = as_index(basev);
        const std::string* text = nullptr;
        if (StrObject* s = as<StrObject>(x)) text = &s->s;
        else if (BytesObject* b = as<BytesObject>(x)) text = &b->s;
        if (!text) raise(exc_types().TypeError, "int() can't convert non-string with explicit base");
        return Value::integer(numfmt_call([&] { return parse_int(*text, base); }));
    }
    if (x.is_intlike()) return Value::integer(x.as_int());
    if (x.is_float()) {
        double d = x.as_float();
        return Value::integer(numfmt_call([&] { return float_to_int(d); }));
    }
    if (StrObject* s = as<StrObject>(x)) return Value::integer(text_to_int(s->s));
    if (BytesObject* b = as<BytesObject>(x)) return Value::integer(text_to_int(b->s));
    TypeObject* t = x.type();
    for (const char* m : {"__int__", "__index__", "__trunc__"}) {
        if (!t->lookup(m)) continue;
        Value r = call_method(x, m, {});
        if (!r.is_intlike())
            raise(exc_types().TypeError, cat(m, " returned non-int (type ", type_name(r), ")"));
        return Value::integer(r.as_int());
    }
    raise(exc_types().TypeError,
          cat("int() argument must be a string, a bytes-like object or a real number, not '",
              type_name(x), "'"));
}

Value bi::float_construct(TypeObject* cls, const CallArgs& a) {
    (void)cls;
    no_kwargs("float", a);
    args_range("float", a, 0, 1);
    if (a.npos == 0) return Value::floating(0.0);
    const Value& x = a[0];
    if (x.is_float()) return x;
    if (x.is_intlike()) return Value::floating(double(x.as_int()));
    if (StrObject* s = as<StrObject>(x)) return Value::floating(text_to_float(s->s));
    if (BytesObject* b = as<BytesObject>(x)) return Value::floating(text_to_float(b->s));
    TypeObject* t = x.type();
    if (t->lookup("__float__")) {
        Value r = call_method(x, "__float__", {});
        if (!r.is_float())
            raise(exc_types().TypeError, cat(t->name, ".__float__ returned non-float (type ",
                                             type_name(r), ")"));
        return r;
    }
    if (t->lookup("__index__")) {
        Value r = call_method(x, "__index__", {});
        if (!r.is_intlike())
            raise(exc_types().TypeError, cat("__index__ returned non-int (type ", type_name(r), ")"));
        return Value::floating(double(r.as_int()));
    }
    raise(exc_types().TypeError,
          cat("float() argument must be a string or a real number, not '", type_name(x), "'"));
}

Value bi::bool_construct(TypeObject*, const CallArgs& a) {
    no_kwargs("bool", a);
    args_range("bool", a, 0, 1);
    return Value::boolean(a.npos && truthy(a[0]));
}

void init_number_types() {
    TypeObject* i = types().int_;
    add_method(i, "bit_length", i_bit_length);
    add_method(i, "bit_count", i_bit_count);
    add_method(i, "as_integer_ratio", i_as_integer_ratio);
    add_method(i, "__int__", i_int);
    add_method(i, "__float__", i_float);
    add_method(i, "__bool__", i_bool);
    add_method(i, "__repr__", i_repr);
    add_method(i, "__hash__", i_hash);
    add_getter(i, "real", i_real);
    add_getter(i, "imag", i_imag);
    add_getter(i, "numerator", i_real);
    add_getter(i, "denominator", i_denominator);
    add_staticmethod(i, "__new__", i_new);
    add_number_dunders(i, true);

    TypeObject* f = types().float_;
    add_method(f, "is_integer", f_is_integer);
    add_method(f, "as_integer_ratio", f_as_integer_ratio);
    add_method(f, "__int__", f_int);
    add_method(f, "__trunc__", f_int);
    add_method(f, "__float__", f_float);
    add_method(f, "__bool__", f_bool);
    add_method(f, "__repr__", f_repr);
    add_method(f, "__hash__", f_hash);
    add_getter(f, "real", f_real);
    add_getter(f, "imag", f_imag);
    add_staticmethod(f, "__new__", f_new);
    add_number_dunders(f, false);

    TypeObject* b = types().bool_;
    add_method(b, "__repr__", b_repr);
    add_staticmethod(b, "__new__", b_new);
}

}  // namespace exo::host
