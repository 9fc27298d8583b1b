// Python's numeric hash on 64-bit CPython: numbers that compare equal hash equal,
// hash(x) is x reduced modulo the Mersenne prime P = 2**61 - 1 (with the sign of x),
// hash(inf) == 314159, hash(-inf) == -314159, and -1 (reserved for errors in C) is
// replaced by -2. So hash(-1) == hash(-2) == -2 and hash(1.5) == 2**60 + 1.
//
// NaN: CPython 3.10+ hashes a NaN by object identity (id-based), which a value-only
// library cannot reproduce; py_hash_double returns 0 for every NaN. The interpreter
// should substitute an identity hash if it needs one (NaN != NaN, so dict lookups of a
// NaN key only ever succeed by identity anyway).
#pragma once

#include <cmath>
#include <cstdint>

namespace exo::host {

inline constexpr uint64_t kPyHashModulus = (uint64_t(1) << 61) - 1;
inline constexpr int64_t kPyHashInf = 314159;

inline int64_t py_hash_int(int64_t v) {
    uint64_t mag = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
    int64_t h = int64_t(mag % kPyHashModulus);
    if (v < 0) h = -h;
    return h == -1 ? -2 : h;
}

inline int64_t py_hash_double(double x) {
    if (std::isnan(x)) return 0;
    if (std::isinf(x)) return x > 0 ? kPyHashInf : -kPyHashInf;
    int e = 0;
    double m = std::frexp(std::fabs(x), &e);  // |x| = m * 2**e, 0.5 <= m < 1
    // |x| = mant * 2**e exactly, with a 53-bit integer mantissa.
    uint64_t mant = uint64_t(std::ldexp(m, 53));
    e -= 53;
    uint64_t h = mant % kPyHashModulus;
    // Multiplying by 2**e modulo 2**61 - 1 is a rotation of the 61-bit value by
    // (e mod 61), because 2**61 == 1 (mod P); negative e uses the inverse rotation.
    int s = ((e % 61) + 61) % 61;
    if (s != 0) h = ((h << s) & kPyHashModulus) | (h >> (61 - s));
    int64_t r = int64_t(h);
    if (x < 0) r = -r;
    return r == -1 ? -2 : r;
}

}  // namespace exo::host
