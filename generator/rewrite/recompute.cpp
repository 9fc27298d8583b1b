// divide_with_recompute: split a loop into `outer_hi` blocks of `outer_stride`
// iterations whose inner loop also covers the leftover iterations, so the blocks
// overlap and the overlap is computed more than once (hence the idempotence check).
#include "../analysis/sched_checks.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

Rewritten divide_with_recompute(const ProcPtr& p, const Path& path, const ExprPtr& outer_hi, int64_t stride,
                                const std::string& outer, const std::string& inner) {
    auto loop = cast<For>(stmt_at(*p, path));
    if (!loop) sched_error("expected a loop");
    const SrcInfo& si = loop->srcinfo;
    // The outer loop counts blocks from 0 (upstream keeps the loop's lower bound there,
    // which skips or shifts iterations of a loop that does not start at 0).
    int64_t lo = 0;
    if (!is_const(loop->lo, &lo) || lo != 0)
        sched_error("divide_with_recompute needs a loop that starts at 0, not " + print_expr(*loop->lo));
    checked([&] { analysis::check_is_idempotent(*p, BlockLoc{path, Field::Body, 0, loop->body.size()}); });
    ExprPtr x = int_const(stride, si);
    // The iterations the outer loop covers without recomputation: outer_hi * stride, or
    // n - n % stride when outer_hi is written n / stride.
    ExprPtr covered;
    auto b = outer_hi->as<BinOp>();
    int64_t d = 0;
    if (b && b->op == BinOpKind::Div && is_const(b->rhs, &d) && d == stride)
        covered = index_op(BinOpKind::Sub, b->lhs, index_op(BinOpKind::Mod, b->lhs, x, si, T::index()), si, T::index());
    else
        covered = index_op(BinOpKind::Mul, outer_hi, x, si, T::index());
    ExprPtr extra = index_op(BinOpKind::Sub, loop->hi, covered, si, T::index());
    try {
        analysis::check_is_nonnegative_expr(*p, block_of_stmt(path), extra);
    } catch (const analysis::CheckFailed&) {
        sched_error("outer_hi * outer_stride exceeds loop's hi " + print_expr(*loop->hi));
    }
    Sym io(outer), ii(inner);
    ExprPtr inner_hi = index_op(BinOpKind::Add, x, extra, si, T::index());
    ExprPtr iter = index_op(BinOpKind::Add, index_op(BinOpKind::Mul, index_read(io, si), x, si, T::index()), index_read(ii, si),
                            si, T::index());
    StmtList body = substitute(loop->body, SymMap{{loop->iter, iter}});
    StmtPtr in = ir::make<For>(ii, int_const(0, si, T::index()), inner_hi, body, LoopMode::Seq, si);
    StmtPtr out = ir::make<For>(io, loop->lo, outer_hi, StmtList{in}, loop->loop_mode, si);
    Edit wrap{Edit::Wrap, path, Field::Body, 0, loop->body.size(), 0, Field::Body};
    return {with_stmt(*p, path, out), {wrap}};
}

}  // namespace exo::rewrite
