// Constant-offset range analysis of index expressions, as upstream's IndexRange
// (rewrite/range_analysis.py), used by resize_dim(fold=True)'s buffer-folding check.
//
// An IndexRange stands for the values base + lo ... base + hi (inclusive), where base
// is an expression of the variables the analysis does not bound (null: zero) and a
// missing lo / hi means no constant bound on that side. The arithmetic mirrors
// upstream's, quirks included (joins treat a missing bound as "no information", and
// partial evaluation keeps only the range of the base).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "../ir/proc.h"

namespace exo::analysis {

// The analysis met an expression it does not handle (upstream: ValueError / assert).
struct RangeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct IndexRange {
    ir::ExprPtr base;  // null: zero
    std::optional<int64_t> lo, hi;

    static IndexRange unbounded() { return {}; }
    static IndexRange of_int(int64_t x) { return {nullptr, x, x}; }
    static IndexRange constant(std::optional<int64_t> lo, std::optional<int64_t> hi) { return {nullptr, lo, hi}; }

    bool base_is_zero() const;
    // hi - lo + 1, when both are known.
    std::optional<int64_t> size() const;
    // The coefficient of `x` in the (linear) base. Throws RangeError on / or %.
    int64_t stride_of(const ir::Sym& x) const;
    // The range once `x` ranges over `rng`.
    IndexRange partial_eval(const ir::Sym& x, const IndexRange& rng) const;

    IndexRange operator+(const IndexRange& o) const;
    IndexRange operator+(int64_t c) const;
    IndexRange operator-() const;
    IndexRange operator-(int64_t c) const { return *this + (-c); }
    // Join: the same base (by structure and variable names) keeps it, else unbounded.
    IndexRange operator|(const IndexRange& o) const;
};

// Variable -> (lo, hi) bounds, keyed by Sym id.
using RangeEnv = std::unordered_map<uint64_t, std::pair<std::optional<int64_t>, std::optional<int64_t>>>;

// The range of an index expression (a constant becomes a one-value range).
IndexRange index_range(const ir::ExprPtr& e, const RangeEnv& env = {});

// The value of an index expression built from constants alone (`8 - 0`), else nullopt.
std::optional<int64_t> constant_index_value(const ir::ExprPtr& e);

}  // namespace exo::analysis
