// Safety analyses of the scheduling primitives (upstream's Check_* family in
// rewrite/new_eff.py and the Check_Is* helpers of rewrite/LoopIR_scheduling.py).
//
// Every check proves, with Z3, that a rewrite preserves the proc's meaning, and throws
// CheckFailed (what() = upstream's SchedulingError text, without the "op: " prefix)
// when it cannot. Soundness comes first: whatever the analysis cannot model (data
// dependent values, non-linear arithmetic, division by a non-constant, config values
// after loops...) is treated as unknown, and a check that cannot be proved fails.
//
// The "context" of a block is, as upstream's ContextExtraction: the proc's asserts,
// size arguments > 0, the ranges lo <= i < hi of the enclosing loops and the enclosing
// if conditions (negated in an orelse), with config fields evaluated at each point
// (config writes earlier in the proc are followed symbolically).
//
// Effects (read / write / reduce location sets) see through windows (accesses land on
// the underlying buffer, shifted), through calls (the callee's body, with its arguments
// bound to the caller's values and buffers), and treat config fields as global
// scalars. Buffers allocated inside an analysed block are private to it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "../ir/path.h"
#include "../ir/queries.h"

namespace exo::analysis {

struct CheckFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// `first` then `second` (adjacent blocks of one list): may they be swapped?
// "Statements at A and B do not commute."
void check_reorder_stmts(const ir::Proc& p, const ir::BlockLoc& first, const ir::BlockLoc& second);

// The loop at `outer_loop`, whose body is exactly one loop: may the two be swapped?
// "Loops x and y at A cannot be reordered."
void check_reorder_loops(const ir::Proc& p, const ir::Path& outer_loop);

// The loop at `loop` has body = stmts[0:split] ++ stmts[split:]: may it be fissioned
// there? With no_loop_var_1, the first part does not mention the loop variable, so it
// may also be moved when it is idempotent. "Cannot fission loop over i at A."
void check_fission_loop(const ir::Proc& p, const ir::Path& loop, size_t split, bool no_loop_var_1);

// e0 (in the context of ctx0) always equals e1 (in the context of ctx1).
// "Expressions are not equivalent:\n<e0>\nvs.\n<e1>"
void check_expr_eqv_in_context(const ir::Proc& p, const ir::ExprPtr& e0, const ir::BlockLoc& ctx0,
                               const ir::ExprPtr& e1, const ir::BlockLoc& ctx1);

// Whether `cond`, in the context of ctx, is always true (true), always false (false), or
// neither (nullopt): the two checks against the constants, sharing one context.
std::optional<bool> constant_in_context(const ir::Proc& p, const ir::ExprPtr& cond, const ir::BlockLoc& ctx);

// Running the block twice in a row is the same as running it once.
// "The statement at A is not idempotent."
void check_is_idempotent(const ir::Proc& p, const ir::BlockLoc& stmts);

// Does `e op v` always hold in the context of `ctx`? op is one of < <= == > >=.
bool expr_bound_holds(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, const char* op, int64_t v);
// Upstream's Check_ExprBound: throws "The expression E is not guaranteed to be <...>."
void check_expr_bound(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, const char* op, int64_t v);
// e > 0 / e >= 0 / lhs - rhs op 0 (the message prints `lhs - rhs`).
void check_is_positive_expr(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e);
void check_is_nonnegative_expr(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e);
void check_compare_exprs(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& lhs, const char* op,
                         const ir::ExprPtr& rhs);
// e % quotient == 0. "cannot perfectly divide 'E' by Q"
void check_is_divisible(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, int64_t quotient);

// Nothing after the block (later statements, later iterations of enclosing loops)
// touches `buf`; an argument buffer is never dead (the caller sees it).
// "The variable x can potentially be used after the statement at A executes."
void check_is_dead_after(const ir::Proc& p, const ir::BlockLoc& stmts, const ir::Sym& buf, int ndim);

// The block only reduces into `buf` (never reads or assigns it).
// "The buffer x is accessed in a way other than simply reducing into it"
void check_buffer_reduce_only(const ir::Proc& p, const ir::BlockLoc& stmts, const ir::Sym& buf, int ndim);

// Every access to the buffer allocated by `alloc` inside the block is within its shape.
// "The buffer x is accessed out-of-bounds"
void check_bounds(const ir::Proc& p, const ir::Path& alloc_stmt, const ir::BlockLoc& block);
// The same for an allocation that is not (yet) in the proc: its shape is read in the
// block's context.
void check_bounds(const ir::Proc& p, const ir::Alloc& alloc, const ir::BlockLoc& block);

// The block only writes config fields, and a changed field is never read afterwards.
// Returns the fields whose change may be visible after the proc (not provably
// unchanged nor overwritten later). "Cannot change configuration value of CFG_a at A;
// the new (and different) values might be read later in this procedure" /
// "Cannot delete or insert statements at A because they may modify non-configuration data"
std::vector<ir::ConfigField> check_delete_config_write(const ir::Proc& p, const ir::BlockLoc& stmts);

// Upstream's Check_ExtendEqv, for call_eqv: the block of `p` becomes the same block of
// `q`, equivalent to it except perhaps for `fields`' final values. Each of them must end
// with the same value in both or not be read after the block ("Cannot rewrite at A
// because the configuration field CFG_a might be read subsequently"); returns those whose
// change may be visible after the proc.
std::vector<ir::ConfigField> check_extend_eqv(const ir::Proc& p, const ir::Proc& q, const ir::BlockLoc& stmts,
                                              const std::vector<ir::ConfigField>& fields);

// Number of solver queries answered from the cache / asked to Z3 (for tests).
struct QueryStats {
    uint64_t cached = 0, solved = 0;
};
QueryStats query_stats();

}  // namespace exo::analysis
