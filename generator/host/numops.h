// Python arithmetic semantics for 64-bit ints and doubles, where they differ from C++.
//
// Float operations follow CPython's floatobject.c: floor division and modulo take the
// sign of the divisor (and -0.0 where CPython produces it), ** has Python's special
// cases. Division by zero throws HostError("ZeroDivisionError", <CPython message>).
//
// Int helpers named checked_* return false when the exact result does not fit in
// int64; the interpreter then raises OverflowError(kIntTooLargeMessage) (numfmt.h).
#pragma once

#include <cstdint>
#include <utility>

#include "host_error.h"  // the exception type these functions throw

namespace exo::host {

// ---------------------------------------------------------------- float

double float_truediv(double a, double b);   // "float division by zero"
double float_floordiv(double a, double b);  // "float floor division by zero"
double float_mod(double a, double b);       // "float modulo"
// (a // b, a % b); "float divmod()"
std::pair<double, double> float_divmod(double a, double b);

// a ** b for floats (and for ints with a negative exponent, after converting both).
//   0.0 ** negative        -> ZeroDivisionError "0.0 cannot be raised to a negative power"
//   finite ** finite = inf -> OverflowError "(34, 'Numerical result out of range')"
//   negative ** non-integer: CPython 3 returns a complex number, which exocc does not
//   have; we throw ValueError "negative number cannot be raised to a fractional power"
//   (Python 2's wording for the same case).
double float_pow(double a, double b);

// ---------------------------------------------------------------- int

inline bool checked_add(int64_t a, int64_t b, int64_t& out) { return !__builtin_add_overflow(a, b, &out); }
inline bool checked_sub(int64_t a, int64_t b, int64_t& out) { return !__builtin_sub_overflow(a, b, &out); }
inline bool checked_mul(int64_t a, int64_t b, int64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
inline bool checked_neg(int64_t a, int64_t& out) { return !__builtin_sub_overflow(int64_t(0), a, &out); }
inline bool checked_abs(int64_t a, int64_t& out) {
    return a < 0 ? checked_neg(a, out) : (out = a, true);
}

// a // b and a % b with Python's floor semantics. b == 0 throws ZeroDivisionError
// ("integer division or modulo by zero" for // and divmod, "integer modulo by zero"
// for %, as CPython 3.11). Only INT64_MIN // -1 overflows.
bool checked_floordiv(int64_t a, int64_t b, int64_t& out);
int64_t int_mod(int64_t a, int64_t b);
bool checked_divmod(int64_t a, int64_t b, int64_t& quot, int64_t& rem);

// a / b for ints: the correctly rounded quotient, as CPython (not double(a)/double(b),
// which rounds twice for |a| or |b| > 2**53). b == 0: ZeroDivisionError "division by zero".
double int_truediv(int64_t a, int64_t b);

// a ** b. For b >= 0 the exact int (false on overflow); for b < 0 callers use
// float_pow(double(a), double(b)) as CPython does (0 ** -1 raises ZeroDivisionError there).
bool checked_pow(int64_t base, int64_t exp, int64_t& out);

// a << n and a >> n; n < 0 throws ValueError "negative shift count".
bool checked_shl(int64_t a, int64_t n, int64_t& out);
int64_t int_shr(int64_t a, int64_t n);

// Exact comparison of an int with a float (CPython compares the mathematical values:
// 2**53 + 1 != 2.0**53). Returns -1, 0 or 1, or 2 when b is NaN (unordered).
int int_float_compare(int64_t a, double b);

}  // namespace exo::host
