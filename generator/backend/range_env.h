// Constant range inference for index expressions, as upstream's IndexRangeEnvironment
// (rewrite/range_analysis.py) in its `fast=False` mode: the code generator asks it
// whether an index expression is provably non-negative, which decides between plain C
// division and exo_floor_div.
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "../ir/proc.h"

namespace exo::backend {

using Bound = std::optional<int64_t>;

struct ConstBounds {
    Bound lo, hi;  // inclusive; nullopt: unbounded on that side
};

// Upstream's arg_range_analysis(fast=False): the tightest bounds in [1, 2**15] on size
// argument `arg` that its proc's asserts imply (nullopt above: none in that range).
ConstBounds size_arg_range(const ir::Proc& proc, const ir::Sym& arg);

class IndexRangeEnv {
public:
    explicit IndexRangeEnv(const ir::Proc& proc);

    void enter_scope();
    void exit_scope();
    void add_loop_iter(const ir::Sym& iter, const ir::Expr& lo, const ir::Expr& hi);

    // Upstream's constant_bound(expr, env).
    ConstBounds constant_bound(const ir::Expr& e) const;
    // Is 0 <= e provable from constant ranges alone?
    bool is_non_neg(const ir::Expr& e) const;

private:
    std::optional<ConstBounds> lookup(const ir::Sym& s) const;
    std::vector<std::unordered_map<ir::Sym, ConstBounds>> scopes_;
};

}  // namespace exo::backend
