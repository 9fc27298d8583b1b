// The loop primitives of upstream's docs/primitives/loop_ops.md.
#include <algorithm>

#include "../analysis/sched_checks.h"
#include "../ir/checked_int.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "../ir/visitor.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

std::shared_ptr<const For> loop_at(const Proc& p, const Path& path) {
    StmtPtr s = stmt_at(p, path);
    auto f = cast<For>(s);
    if (!f) sched_error("expected a loop");
    return f;
}

// Runs a safety check, turning its failure into SchedulingError.
Edit wrap(const Path& parent, Field field, size_t lo, size_t hi, Field wrap_field) {
    return Edit{Edit::Wrap, parent, field, lo, hi, 0, wrap_field};
}

Edit replace(const BlockLoc& b, size_t n) { return Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, n, Field::Body}; }

Edit insert(const Path& parent, Field field, size_t at, size_t n) { return Edit{Edit::Insert, parent, field, at, at, n, Field::Body}; }

}  // namespace

Rewritten divide_loop(const ProcPtr& p, const Path& path, int64_t quot, const std::string& outer, const std::string& inner,
                      const std::string& tail, bool perfect) {
    auto loop = loop_at(*p, path);
    int64_t lo = 0;
    if (!is_const(loop->lo, &lo) || lo != 0)
        sched_error("expected the lower bound of the loop to be zero, got " + print_expr(*loop->lo) + ".");
    const SrcInfo& si = loop->srcinfo;
    std::string strategy = perfect ? "perfect" : tail;
    Sym io(outer), ii(inner);
    ExprPtr N = loop->hi;
    ExprPtr q = int_const(quot, si);
    ExprPtr outer_hi;
    if (strategy == "guard") {
        // the C computes N + quot - 1: it must not wrap around
        if (int64_t n = 0; is_const(N, &n) && !checked_add(n, quot - 1))
            sched_error("the outer loop's bound (" + std::to_string(n) + " + " + std::to_string(quot - 1) +
                        ") / " + std::to_string(quot) + " does not fit in a 64-bit integer");
        outer_hi = index_op(BinOpKind::Div, index_op(BinOpKind::Add, N, int_const(quot - 1, si), si), q, si);
    } else if (strategy == "cut" || strategy == "cut_and_guard") {
        outer_hi = index_op(BinOpKind::Div, N, q, si);
    } else {
        checked([&] { analysis::check_is_divisible(*p, block_of_stmt(path), N, quot); });
        int64_t n = 0;
        outer_hi = is_const(N, &n) ? int_const(n / quot, si, N->type) : index_op(BinOpKind::Div, N, q, si);
    }
    auto sub = [&](const SrcInfo& s) {
        return index_op(BinOpKind::Add, index_op(BinOpKind::Mul, int_const(quot, s), index_read(io, s), s, T::index()),
                        index_read(ii, s), s, T::index());
    };
    StmtList body = substitute(loop->body, SymMap{{loop->iter, sub(si)}});
    Edits edits;
    if (strategy == "guard") {
        ExprPtr cond = ir::make<BinOp>(BinOpKind::Lt, sub(si), N, T::bool_(), si);
        body = {ir::make<If>(cond, body, StmtList{}, si)};
        edits.push_back(wrap(path, Field::Body, 0, loop->body.size(), Field::Body));
    }
    size_t inner_len = body.size();
    StmtPtr inner_loop = ir::make<For>(ii, int_const(0, si, T::index()), q, body, loop->loop_mode, si);
    edits.push_back(wrap(path, Field::Body, 0, inner_len, Field::Body));
    StmtList repl{ir::make<For>(io, loop->lo, outer_hi, StmtList{inner_loop}, loop->loop_mode, si)};
    if (strategy == "cut" || strategy == "cut_and_guard") {
        Sym ci(inner);
        ExprPtr ntail = index_op(BinOpKind::Mod, N, q, si);
        ExprPtr tail_idx = index_op(BinOpKind::Add, index_read(ci, si), index_op(BinOpKind::Mul, outer_hi, q, si), si, T::index());
        StmtList cut_body = substitute(alpha_rename(loop->body), SymMap{{loop->iter, tail_idx}});
        StmtPtr cut = ir::make<For>(ci, int_const(0, si, T::index()), ntail, cut_body, loop->loop_mode, si);
        if (strategy == "cut_and_guard")
            cut = ir::make<If>(ir::make<BinOp>(BinOpKind::Gt, ntail, int_const(0, si), T::bool_(), si), StmtList{cut}, StmtList{}, si);
        repl.push_back(cut);
        edits.push_back(insert(Path(path.begin(), path.end() - 1), path.back().field, size_t(path.back().index) + 1, 1));
    }
    return {with_block(*p, block_of_stmt(path), repl), edits};
}

Rewritten reorder_loops(const ProcPtr& p, const Path& path) {
    auto outer = loop_at(*p, path);
    if (outer->body.size() != 1 || !outer->body[0]->is<For>())
        sched_error("expected loop directly inside of " + outer->iter.name() + " loop");
    auto inner = cast<For>(outer->body[0]);
    if (reads_var(*inner->lo, outer->iter) || reads_var(*inner->hi, outer->iter))
        sched_error("inner loop's lo or hi depends on outer loop's iteration variable");
    checked([&] { analysis::check_reorder_loops(*p, path); });
    StmtPtr new_inner = ir::make<For>(outer->iter, outer->lo, outer->hi, inner->body, outer->loop_mode, outer->srcinfo);
    StmtPtr new_outer = ir::make<For>(inner->iter, inner->lo, inner->hi, StmtList{new_inner}, inner->loop_mode, inner->srcinfo);
    Edit e{Edit::Swap, path};
    return {with_stmt(*p, path, new_outer), {e}};
}

namespace {
// Statements in `ss`, nested ones included.
size_t count_stmts(const StmtList& ss) {
    size_t n = 0;
    for (const auto& s : ss) {
        ++n;
        if (auto f = s->as<For>()) n += count_stmts(f->body);
        else if (auto i = s->as<If>()) n += count_stmts(i->body) + count_stmts(i->orelse);
    }
    return n;
}
}  // namespace

Rewritten unroll_loop(const ProcPtr& p, const Path& path) {
    auto loop = loop_at(*p, path);
    int64_t lo = 0, hi = 0;
    if (!is_const(loop->lo, &lo) || !is_const(loop->hi, &hi))
        sched_error("expected loop '" + loop->iter.name() + "' to have constant bounds");
    // A result this large is a mistake (and would take gigabytes and minutes to build).
    constexpr int64_t kMaxUnrolledStmts = 1000000;
    int64_t per_iteration = int64_t(count_stmts(loop->body));
    int64_t iterations = hi > lo ? *checked_sub(hi, lo) : 0;
    if (iterations > 0 && iterations > kMaxUnrolledStmts / std::max<int64_t>(per_iteration, 1))
        sched_error("cannot unroll loop '" + loop->iter.name() + "': " + std::to_string(iterations) + " iterations of " +
                    std::to_string(per_iteration) + " statement" + (per_iteration == 1 ? "" : "s") + " exceed the bound of " +
                    std::to_string(kMaxUnrolledStmts) + " statements an unrolled loop may have");
    StmtList out;
    for (int64_t i = lo; i < hi; ++i) {
        StmtList copy = substitute(alpha_rename(loop->body), SymMap{{loop->iter, int_const(i, loop->srcinfo)}});
        out.insert(out.end(), copy.begin(), copy.end());
    }
    BlockLoc b = block_of_stmt(path);
    return {with_block(*p, b, out), {replace(b, out.size())}};
}

Rewritten cut_loop(const ProcPtr& p, const Path& path, const ExprPtr& cut) {
    auto loop = loop_at(*p, path);
    BlockLoc ctx = block_of_stmt(path);
    try {
        analysis::check_compare_exprs(*p, ctx, cut, ">=", loop->lo);
    } catch (const analysis::CheckFailed&) {
        sched_error("Expected `lo` <= `cut_point`");
    }
    try {
        analysis::check_compare_exprs(*p, ctx, loop->hi, ">=", cut);
    } catch (const analysis::CheckFailed&) {
        sched_error("Expected `cut_point` <= `hi`");
    }
    StmtPtr first = ir::make<For>(loop->iter, loop->lo, cut, loop->body, loop->loop_mode, loop->srcinfo);
    Sym iter2 = loop->iter.copy();
    StmtList body2 = substitute(alpha_rename(loop->body), SymMap{{loop->iter, index_read(iter2, loop->srcinfo)}});
    StmtPtr second = ir::make<For>(iter2, cut, loop->hi, body2, loop->loop_mode, loop->srcinfo);
    return {with_block(*p, ctx, {first, second}),
            {insert(Path(path.begin(), path.end() - 1), path.back().field, size_t(path.back().index) + 1, 1)}};
}

Rewritten shift_loop(const ProcPtr& p, const Path& path, const ExprPtr& new_lo) {
    auto loop = loop_at(*p, path);
    BlockLoc ctx = block_of_stmt(path);
    try {
        analysis::check_is_nonnegative_expr(*p, ctx, new_lo);
    } catch (const analysis::CheckFailed&) {
        sched_error("Expected 0 <= `new_lo`");
    }
    const SrcInfo& si = loop->srcinfo;
    // i in [lo, hi) becomes i in [new_lo, new_lo + (hi - lo)); the body reads i + (lo - new_lo).
    const Sym& iter = loop->iter;
    ExprPtr offset = index_op(BinOpKind::Sub, loop->lo, new_lo, si);
    ExprPtr new_hi = index_op(BinOpKind::Add, new_lo, index_op(BinOpKind::Sub, loop->hi, loop->lo, si), si);
    StmtList body = substitute(loop->body, SymMap{{loop->iter, index_op(BinOpKind::Add, index_read(iter, si), offset, si, T::index())}});
    return {with_stmt(*p, path, ir::make<For>(iter, new_lo, new_hi, body, loop->loop_mode, si)), {Edit{}}};
}

Rewritten remove_loop(const ProcPtr& p, const Path& path, bool unsafe) {
    auto loop = loop_at(*p, path);
    if (reads_var(loop->body, loop->iter)) sched_error("Cannot remove loop, " + loop->iter.name() + " is not free in the loop body.");
    BlockLoc ctx = block_of_stmt(path);
    if (!unsafe) checked([&] { analysis::check_is_idempotent(*p, BlockLoc{path, Field::Body, 0, loop->body.size()}); });
    StmtList repl = loop->body;
    bool positive = false;
    try {
        ExprPtr trip = index_op(BinOpKind::Sub, loop->hi, loop->lo, loop->srcinfo);
        positive = analysis::expr_bound_holds(*p, ctx, trip, ">", 0);
    } catch (const analysis::CheckFailed&) {
    }
    Edits edits;
    if (!positive) {
        // the guard takes the loop's place and holds its body: paths are unchanged
        ExprPtr cond = ir::make<BinOp>(BinOpKind::Gt, loop->hi, loop->lo, T::bool_(), loop->srcinfo);
        repl = {ir::make<If>(cond, loop->body, StmtList{}, loop->srcinfo)};
    } else {
        // the body statements take the loop's place
        edits.push_back(Edit{Edit::Unwrap, path, Field::Body, 0, 0, loop->body.size()});
    }
    return {with_block(*p, ctx, repl), edits};
}

Rewritten mult_loops(const ProcPtr& p, const Path& path, const std::string& new_iter) {
    auto outer = loop_at(*p, path);
    if (outer->body.size() != 1 || !outer->body[0]->is<For>())
        sched_error("expected loop directly inside of " + outer->iter.name() + " loop");
    auto inner = cast<For>(outer->body[0]);
    int64_t c = 0, lo1 = 1, lo2 = 1;
    if (!is_const(inner->hi, &c)) sched_error("expected the inner loop to have a constant bound, got " + print_expr(*inner->hi) + ".");
    if (!is_const(outer->lo, &lo1) || !is_const(inner->lo, &lo2) || lo1 != 0 || lo2 != 0)
        sched_error("expected the inner and outer loops to have a constant lower bound of 0, got " + print_expr(*inner->lo) +
                    " and " + print_expr(*outer->lo) + ".");
    const SrcInfo& si = outer->srcinfo;
    Sym k(new_iter);
    SymMap env{{outer->iter, index_op(BinOpKind::Div, index_read(k, si), int_const(c, si), si, T::index())},
               {inner->iter, index_op(BinOpKind::Mod, index_read(k, si), int_const(c, si), si, T::index())}};
    ExprPtr hi = index_op(BinOpKind::Mul, outer->hi, int_const(c, si), si);
    StmtPtr loop = ir::make<For>(k, outer->lo, hi, substitute(inner->body, env), outer->loop_mode, si);
    Path inner_path = path;
    inner_path.push_back(Step{Field::Body, 0});
    return {with_stmt(*p, path, loop), {Edit{Edit::Unwrap, inner_path, Field::Body, 0, 0, inner->body.size()}}};
}

Rewritten fission(const ProcPtr& p, const Path& anchor, bool after, int n_lifts, bool unsafe) {
    // The statement after which to split (upstream: the gap's statement or its prev).
    Path stmt = anchor;
    if (!after) stmt.back().index -= 1;
    ProcPtr cur = p;
    Edits edits;
    for (; n_lifts > 0; --n_lifts) {
        size_t idx = size_t(stmt.back().index) + 1;
        Field field = stmt.back().field;
        Path scope(stmt.begin(), stmt.end() - 1);
        if (scope.empty()) sched_error("Can only lift past a for loop or an if statement");
        StmtPtr s = stmt_at(*cur, scope);
        const StmtList* list = nullptr;
        if (auto f = s->as<For>()) list = &f->body;
        else if (auto i = s->as<If>()) list = field == Field::Body ? &i->body : &i->orelse;
        else sched_error("Can only lift past a for loop or an if statement");
        StmtList pre(list->begin(), list->begin() + long(idx)), post(list->begin() + long(idx), list->end());
        if (pre.empty() || post.empty()) continue;
        // (upstream checks allocations only, and leaves a window statement's uses unbound)
        for (const auto& x : pre)
            if (Sym named = bound_name(*x); named && mentions(post, named))
                sched_error(std::string("Will not fission here, because doing so will hide the ") +
                            (x->is<Alloc>() ? "allocation of " : "window ") + named.name() + " from a later use site.");
        BlockLoc sb = block_of_stmt(scope);
        Edit e{Edit::Fission, scope, field, idx, idx, 0, Field::Body};
        if (auto f = s->as<For>()) {
            bool no_loop_var_pre = !reads_var(pre, f->iter);
            if (!unsafe) checked([&] { analysis::check_fission_loop(*cur, scope, idx, no_loop_var_pre); });
            // Both halves keep the loop's iterator, as upstream does.
            cur = with_block(*cur, sb, {ir::make<For>(f->iter, f->lo, f->hi, pre, f->loop_mode, f->srcinfo),
                                        ir::make<For>(f->iter, f->lo, f->hi, post, f->loop_mode, f->srcinfo)});
            e.n = 0;  // post moves to the new node after the scope
        } else if (auto i = s->as<If>(); field == Field::Body) {
            cur = with_block(*cur, sb, {ir::make<If>(i->cond, pre, StmtList{}, i->srcinfo),
                                        ir::make<If>(i->cond, post, i->orelse, i->srcinfo)});
            e.n = 1;  // pre moves to a new node before the scope
        } else {
            cur = with_block(*cur, sb, {ir::make<If>(i->cond, i->body, pre, i->srcinfo),
                                        ir::make<If>(i->cond, StmtList{ir::make<Pass>(i->srcinfo)}, post, i->srcinfo)});
            e.n = 0;
        }
        edits.push_back(e);
        // Go on from the first half.
        stmt = scope;
    }
    return {cur, edits};
}

}  // namespace exo::rewrite
