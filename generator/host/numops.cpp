#include "numops.h"

#include <cmath>
#include <limits>

#include "host_error.h"

namespace exo::host {

namespace {
__extension__ typedef unsigned __int128 u128;  // GCC/Clang extension (quiet under -Wpedantic)
}  // namespace

// ---------------------------------------------------------------- float

double float_truediv(double a, double b) {
    if (b == 0.0) throw HostError("ZeroDivisionError", "float division by zero");
    return a / b;
}

namespace {

// CPython's _float_div_mod: fmod is exact, then the remainder is moved to the sign of
// the divisor and the quotient (vx - mod) / wx is snapped to the nearest integer.
void div_mod(double vx, double wx, double& floordiv, double& mod) {
    mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        // Zero remainder: give it the divisor's sign (fmod's sign varies by platform).
        mod = std::copysign(0.0, wx);
    }
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        // Zero quotient: keep the sign of the true quotient.
        floordiv = std::copysign(0.0, vx / wx);
    }
}

bool is_odd_integer(double x) { return std::fmod(std::fabs(x), 2.0) == 1.0; }

}  // namespace

double float_floordiv(double a, double b) {
    if (b == 0.0) throw HostError("ZeroDivisionError", "float floor division by zero");
    double q, r;
    div_mod(a, b, q, r);
    return q;
}

double float_mod(double a, double b) {
    if (b == 0.0) throw HostError("ZeroDivisionError", "float modulo");
    double mod = std::fmod(a, b);
    if (mod != 0.0) {
        if ((b < 0) != (mod < 0)) mod += b;
    } else {
        mod = std::copysign(0.0, b);
    }
    return mod;
}

std::pair<double, double> float_divmod(double a, double b) {
    if (b == 0.0) throw HostError("ZeroDivisionError", "float divmod()");
    double q, r;
    div_mod(a, b, q, r);
    return {q, r};
}

double float_pow(double iv, double iw) {
    // Special cases first, in CPython's order, rather than trusting libm.
    if (iw == 0.0) return 1.0;  // x ** 0 is 1, even for nan
    if (std::isnan(iv)) return iv;
    if (std::isnan(iw)) return iv == 1.0 ? 1.0 : iw;
    if (std::isinf(iw)) {
        double av = std::fabs(iv);
        if (av == 1.0) return 1.0;
        if ((iw > 0.0) == (av > 1.0)) return std::fabs(iw);  // inf
        return 0.0;
    }
    if (std::isinf(iv)) {
        bool odd = is_odd_integer(iw);
        if (iw > 0.0) return odd ? iv : std::fabs(iv);
        return odd ? std::copysign(0.0, iv) : 0.0;
    }
    if (iv == 0.0) {
        if (iw < 0.0)
            throw HostError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return is_odd_integer(iw) ? iv : 0.0;
    }
    bool negate = false;
    if (iv < 0.0) {
        if (iw != std::floor(iw))
            throw HostError("ValueError", "negative number cannot be raised to a fractional power");
        iv = -iv;
        negate = is_odd_integer(iw);
    }
    if (iv == 1.0) return negate ? -1.0 : 1.0;  // (-1) ** huge_even_or_odd
    double r = std::pow(iv, iw);
    // Finite operands with an infinite result: CPython reports the libm ERANGE.
    if (std::isinf(r)) throw HostError("OverflowError", "(34, 'Numerical result out of range')");
    return negate ? -r : r;
}

// ---------------------------------------------------------------- int

bool checked_floordiv(int64_t a, int64_t b, int64_t& out) {
    if (b == 0) throw HostError("ZeroDivisionError", "integer division or modulo by zero");
    if (a == std::numeric_limits<int64_t>::min() && b == -1) return false;
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    out = q;
    return true;
}

int64_t int_mod(int64_t a, int64_t b) {
    if (b == 0) throw HostError("ZeroDivisionError", "integer modulo by zero");
    if (b == -1) return 0;  // INT64_MIN % -1 is undefined in C++
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

bool checked_divmod(int64_t a, int64_t b, int64_t& quot, int64_t& rem) {
    if (b == 0) throw HostError("ZeroDivisionError", "integer division or modulo by zero");
    if (!checked_floordiv(a, b, quot)) return false;
    rem = int_mod(a, b);
    return true;
}

double int_truediv(int64_t a, int64_t b) {
    if (b == 0) throw HostError("ZeroDivisionError", "division by zero");
    constexpr int64_t kExact = int64_t(1) << 53;
    if (a >= -kExact && a <= kExact && b >= -kExact && b <= kExact)
        return double(a) / double(b);  // both exact: one IEEE rounding
    bool negative = (a < 0) != (b < 0);
    u128 ua = a < 0 ? 0 - uint64_t(a) : uint64_t(a);
    u128 ub = b < 0 ? 0 - uint64_t(b) : uint64_t(b);
    if (ua == 0) return negative ? -0.0 : 0.0;
    // Scale the dividend so the integer quotient has at least 55 bits, then round the
    // quotient to 53 bits ourselves, half to even, with the remainder as sticky bit.
    auto bitlen = [](u128 v) {
        int n = 0;
        while (v) {
            v >>= 1;
            ++n;
        }
        return n;
    };
    int shift = 55 + bitlen(ub) - bitlen(ua);
    if (shift < 0) shift = 0;
    u128 num = ua << shift;  // < 2**(55 + 64 + 1): fits
    u128 q = num / ub;
    bool sticky = num % ub != 0;
    int qbits = bitlen(q);
    int drop = qbits - 53;  // >= 2 by construction
    u128 mant = q >> drop;
    u128 rem = q & (((u128)1 << drop) - 1);
    u128 half = (u128)1 << (drop - 1);
    if (rem > half || (rem == half && (sticky || (mant & 1)))) ++mant;
    double r = std::ldexp(double(uint64_t(mant)), drop - shift);
    return negative ? -r : r;
}

bool checked_pow(int64_t base, int64_t exp, int64_t& out) {
    if (exp < 0) return false;
    int64_t result = 1;
    int64_t b = base;
    // Square-and-multiply; the square is only needed (and checked) while bits remain.
    while (true) {
        if (exp & 1) {
            if (!checked_mul(result, b, result)) return false;
        }
        exp >>= 1;
        if (exp == 0) break;
        if (!checked_mul(b, b, b)) {
            // b*b overflows, so any further factor of b overflows unless result is 0
            // (impossible: base != 0 here since 0*0 does not overflow).
            return false;
        }
    }
    out = result;
    return true;
}

bool checked_shl(int64_t a, int64_t n, int64_t& out) {
    if (n < 0) throw HostError("ValueError", "negative shift count");
    if (a == 0) {
        out = 0;
        return true;
    }
    if (n >= 64) return false;
    int64_t r = int64_t(uint64_t(a) << n);
    if ((r >> n) != a) return false;
    out = r;
    return true;
}

int64_t int_shr(int64_t a, int64_t n) {
    if (n < 0) throw HostError("ValueError", "negative shift count");
    if (n >= 63) return a < 0 ? -1 : 0;
    return a >> n;  // arithmetic shift (floor) for negatives, guaranteed since C++20
}

int int_float_compare(int64_t a, double b) {
    if (std::isnan(b)) return 2;
    if (b >= 9223372036854775808.0) return -1;
    if (b < -9223372036854775808.0) return 1;
    double t = std::trunc(b);
    int64_t bi = int64_t(t);  // exact: t is integral and in range
    if (a < bi) return -1;
    if (a > bi) return 1;
    double frac = b - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

}  // namespace exo::host
