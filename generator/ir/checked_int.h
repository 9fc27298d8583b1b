// 64-bit integer arithmetic that reports overflow instead of wrapping. Index values in
// Exo are mathematical integers: a folded constant that does not fit must never be
// emitted (or reasoned about) wrapped around.
#pragma once

#include <cstdint>
#include <optional>

namespace exo::ir {

inline std::optional<int64_t> checked_add(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}
inline std::optional<int64_t> checked_sub(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
    return r;
}
inline std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}
inline std::optional<int64_t> checked_neg(int64_t a) { return checked_sub(0, a); }

}  // namespace exo::ir
