// Scheduling primitives (upstream's loop_ops.md and the statement operations): each
// takes the proc and the locations its arguments point at (already forwarded and
// checked by exo.API_scheduling), rewrites, runs its safety check, and returns the new
// proc with the edits cursors are forwarded through. A rejected rewrite raises
// SchedulingError and returns nothing.
#pragma once

#include "../ir/queries.h"

#include <optional>
#include <string>
#include <vector>

#include "edit.h"

namespace exo::rewrite {

struct Rewritten {
    ir::ProcPtr proc;
    Edits edits;
    // Config fields whose value after the proc may differ from before the rewrite
    // (upstream's _mod_config): the new proc is equivalent to the old one only for
    // callers that do not read them afterwards (call_eqv checks that).
    std::vector<ir::ConfigField> mod_config = {};
};

// Loops.
Rewritten divide_loop(const ir::ProcPtr& p, const ir::Path& loop, int64_t quot, const std::string& outer,
                      const std::string& inner, const std::string& tail, bool perfect);
Rewritten reorder_loops(const ir::ProcPtr& p, const ir::Path& outer);
Rewritten unroll_loop(const ir::ProcPtr& p, const ir::Path& loop);
Rewritten cut_loop(const ir::ProcPtr& p, const ir::Path& loop, const ir::ExprPtr& cut);
Rewritten shift_loop(const ir::ProcPtr& p, const ir::Path& loop, const ir::ExprPtr& new_lo);
Rewritten remove_loop(const ir::ProcPtr& p, const ir::Path& loop, bool unsafe_disable_check);
Rewritten fission(const ir::ProcPtr& p, const ir::Path& anchor, bool after, int n_lifts, bool unsafe_disable_checks);
Rewritten mult_loops(const ir::ProcPtr& p, const ir::Path& outer, const std::string& new_iter);

// Scopes.
Rewritten lift_scope(const ir::ProcPtr& p, const ir::Path& inner);
Rewritten fuse(const ir::ProcPtr& p, const ir::Path& first, const ir::Path& second, bool unsafe_disable_check);
Rewritten join_loops(const ir::ProcPtr& p, const ir::Path& first, const ir::Path& second);
Rewritten add_loop(const ir::ProcPtr& p, const ir::Path& stmt, const std::string& iter, const ir::ExprPtr& hi, bool guard,
                   bool unsafe_disable_check);
Rewritten eliminate_dead_code(const ir::ProcPtr& p, const ir::Path& stmt);

// Annotations: an argument (arg >= 0) or the allocation at `alloc` gets a new element
// type, window flag or memory; a loop becomes parallel.
struct Target {
    int arg = -1;
    ir::Path alloc;
};
Rewritten set_type_and_mem(const ir::ProcPtr& p, const Target& t, const ir::TypePtr& base, std::optional<bool> win,
                           const ir::MemRef& mem);
Rewritten parallelize_loop(const ir::ProcPtr& p, const ir::Path& loop);

// Procedure.transpose: the 2-D argument `arg` with its dimensions swapped everywhere.
ir::ProcPtr transpose(const ir::ProcPtr& p, size_t arg);

// Statements.
Rewritten insert_pass(const ir::ProcPtr& p, const ir::Path& anchor, bool after);
Rewritten delete_pass(const ir::ProcPtr& p);
Rewritten reorder_stmts(const ir::ProcPtr& p, const ir::BlockLoc& two);
// Configs: delete a config write whose change is never observed; add one at a gap; bind
// an expression to a config field (written just before its statement, read in its place).
Rewritten delete_config(const ir::ProcPtr& p, const ir::Path& stmt);
Rewritten write_config(const ir::ProcPtr& p, const ir::Path& anchor, bool after, const ir::ConfigRef& cfg,
                       const std::string& field, const ir::ExprPtr& rhs);
Rewritten bind_config(const ir::ProcPtr& p, const ir::Path& expr, const ir::ConfigRef& cfg, const std::string& field,
                      const ir::TypePtr& field_type);

}  // namespace exo::rewrite

namespace exo::analysis {
struct WinDim;
}

namespace exo::rewrite {

// Buffers: stage the window `w` of buffer `buf_name` (one entry per dimension, read in
// the scope of the block's first statement) in a new buffer around the block.
Rewritten stage_mem(const ir::ProcPtr& p, const ir::BlockLoc& block, const std::string& buf_name,
                    const std::vector<analysis::WinDim>& w, const std::string& new_name, bool accum);

}  // namespace exo::rewrite

namespace exo::rewrite {

// Expressions and writes (expr_ops.cpp). Expression locations are paths into statements.
Rewritten commute_expr(const ir::ProcPtr& p, const std::vector<ir::Path>& exprs);
Rewritten left_reassociate_expr(const ir::ProcPtr& p, const ir::Path& expr);
Rewritten rewrite_expr(const ir::ProcPtr& p, const ir::Path& expr, const ir::ExprPtr& new_expr);
Rewritten bind_expr(const ir::ProcPtr& p, const std::vector<ir::Path>& exprs, const std::string& new_name,
                    const ir::MemRef& mem);
Rewritten specialize(const ir::ProcPtr& p, const ir::BlockLoc& block, const ir::ExprList& conds);
Rewritten merge_writes(const ir::ProcPtr& p, const ir::BlockLoc& two);
Rewritten split_write(const ir::ProcPtr& p, const ir::Path& stmt);
Rewritten fold_into_reduce(const ir::ProcPtr& p, const ir::Path& assign);
Rewritten inline_assign(const ir::ProcPtr& p, const ir::Path& assign);
Rewritten inline_window(const ir::ProcPtr& p, const ir::Path& window_stmt);
Rewritten lift_reduce_constant(const ir::ProcPtr& p, const ir::BlockLoc& two);

}  // namespace exo::rewrite

namespace exo::rewrite {

// Buffer shapes and allocations (buffer_ops.cpp). `path` is the Alloc statement.
Rewritten expand_dim(const ir::ProcPtr& p, const ir::Path& path, const ir::ExprPtr& alloc_dim, const ir::ExprPtr& indexing);
Rewritten resize_dim(const ir::ProcPtr& p, const ir::Path& path, int64_t dim, const ir::ExprPtr& size, const ir::ExprPtr& offset);
Rewritten rearrange_dim(const ir::ProcPtr& p, const ir::Path& path, const std::vector<int64_t>& perm);
Rewritten divide_dim(const ir::ProcPtr& p, const ir::Path& path, int64_t dim, int64_t quot);
Rewritten mult_dim(const ir::ProcPtr& p, const ir::Path& path, int64_t hi, int64_t lo);
Rewritten unroll_buffer(const ir::ProcPtr& p, const ir::Path& path, int64_t dim);
Rewritten lift_alloc(const ir::ProcPtr& p, const ir::Path& path, int64_t n_lifts);
Rewritten sink_alloc(const ir::ProcPtr& p, const ir::Path& path);
Rewritten delete_buffer(const ir::ProcPtr& p, const ir::Path& path);
Rewritten reuse_buffer(const ir::ProcPtr& p, const ir::Path& buf, const ir::Path& rep);

}  // namespace exo::rewrite

namespace exo::rewrite {

// Legacy and undocumented primitives (recompute.cpp, auto_ops.cpp, buffer_ops.cpp).
// `outer_hi` blocks of `stride` iterations, the inner loop also covering the rest.
Rewritten divide_with_recompute(const ir::ProcPtr& p, const ir::Path& loop, const ir::ExprPtr& outer_hi, int64_t stride,
                                const std::string& outer, const std::string& inner);
// Fission after statement `stmt` through n_lifts scopes, dropping loops made useless;
// no forwarding (edits are left empty: the caller marks the result unforwardable).
Rewritten autofission(const ir::ProcPtr& p, const ir::Path& stmt, int n_lifts);
// Legacy lift of an allocation; size <= 0 means none.
Rewritten autolift_alloc(const ir::ProcPtr& p, const ir::Path& alloc, int64_t n_lifts, const std::string& mode, int64_t size,
                         bool keep_dims);
Rewritten add_unsafe_guard(const ir::ProcPtr& p, const ir::Path& stmt, const ir::ExprPtr& cond);
// An argument of insert_noop_call: an expression, or (window) a window of the buffer
// `expr` reads, one entry per dimension (hi null for a point).
struct NoopDim {
    ir::ExprPtr lo, hi;
};
struct NoopArg {
    bool window = false;
    ir::ExprPtr expr;
    std::vector<NoopDim> dims;
};
Rewritten insert_noop_call(const ir::ProcPtr& p, const ir::Path& anchor, bool after, const ir::ProcPtr& callee,
                           const std::vector<NoopArg>& args);
// resize_dim(fold=True): dimension `dim` becomes a circular buffer of `size` entries
// (indices taken modulo size), after upstream's CheckFoldBuffer range analysis.
Rewritten fold_buffer(const ir::ProcPtr& p, const ir::Path& alloc, int64_t dim, int64_t size);

}  // namespace exo::rewrite

namespace exo::rewrite {

// Sub-procedure operations (subproc_ops.cpp): replace the first len(sub.body)
// statements of `block` by a call to `sub` (unification.h); inline a call; swap a
// call's callee for an equivalent proc (equivalence is checked by the caller).
// `replace` returns the rewrite, or the message of the UnificationError when the block
// does not unify with `sub`: a schedule like ExoBLAS's makes tens of thousands of
// refused attempts, and unwinding an exception costs more than the rest of one.
struct Replaced {
    std::optional<Rewritten> rewritten;
    std::string refusal;  // when there is no rewrite
};
Replaced replace(const ir::ProcPtr& p, const ir::BlockLoc& block, const ir::ProcPtr& sub);
Rewritten inline_call(const ir::ProcPtr& p, const ir::Path& call);
Rewritten call_eqv(const ir::ProcPtr& p, const ir::Path& call, const ir::ProcPtr& eqv,
                   const std::vector<ir::ConfigField>& differing);

}  // namespace exo::rewrite

namespace exo::rewrite {

// extract_subproc (extract_subproc.cpp): the block becomes the body of a new proc
// `name`, replaced by a call to it; `subproc` is that proc (the call's callee).
struct Extracted {
    Rewritten r;
    ir::ProcPtr subproc;
};
Extracted extract_subproc(const ir::ProcPtr& p, const ir::BlockLoc& block, const std::string& name, bool include_asserts);

}  // namespace exo::rewrite
