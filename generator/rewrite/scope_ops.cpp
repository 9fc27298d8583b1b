// Scope primitives of upstream's loop_ops.md: lift_scope, fuse, join_loops, add_loop,
// eliminate_dead_code.
#include "../analysis/sched_checks.h"
#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

bool next_to(const Path& a, const Path& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end() - 1, b.begin()) && a.back().field == b.back().field &&
           a.back().index + 1 == b.back().index;
}

}  // namespace

Rewritten lift_scope(const ProcPtr& p, const Path& inner_path) {
    StmtPtr inner = stmt_at(*p, inner_path);
    const char* target = inner->is<If>() ? "if statement" : "for loop";
    Path outer_path(inner_path.begin(), inner_path.end() - 1);
    if (outer_path.empty()) sched_error("Cannot lift scope of top-level statement");
    StmtPtr outer = stmt_at(*p, outer_path);
    bool in_orelse = inner_path.back().field == Field::Orelse;
    auto not_nested = [&] { sched_error(std::string("expected ") + target + " to be directly nested in parent"); };
    StmtPtr out;
    if (auto oi = outer->as<If>()) {
        if (auto ii = inner->as<If>()) {
            if (!in_orelse) {
                if (oi->body.size() > 1) not_nested();
                auto wrap = [&](const StmtList& b) { return StmtList{ir::make<If>(oi->cond, b, oi->orelse, oi->srcinfo)}; };
                out = ir::make<If>(ii->cond, wrap(ii->body), ii->orelse.empty() ? StmtList{} : wrap(ii->orelse), ii->srcinfo);
            } else {
                if (oi->orelse.size() > 1) not_nested();
                auto wrap = [&](const StmtList& b) { return StmtList{ir::make<If>(oi->cond, oi->body, b, oi->srcinfo)}; };
                out = ir::make<If>(ii->cond, wrap(ii->body), ii->orelse.empty() ? StmtList{} : wrap(ii->orelse), ii->srcinfo);
            }
        } else {
            auto fi = inner->as<For>();
            if (oi->body.size() > 1) not_nested();
            if (!oi->orelse.empty()) sched_error("cannot lift for loop when if has an orelse clause");
            out = ir::make<For>(fi->iter, fi->lo, fi->hi, StmtList{ir::make<If>(oi->cond, fi->body, StmtList{}, oi->srcinfo)},
                                fi->loop_mode, fi->srcinfo);
        }
    } else {
        auto fo = outer->as<For>();
        if (fo->body.size() > 1) not_nested();
        if (auto ii = inner->as<If>()) {
            if (reads_var(*ii->cond, fo->iter)) sched_error("if statement depends on iteration variable");
            auto wrap = [&](const StmtList& b) {
                return StmtList{ir::make<For>(fo->iter, fo->lo, fo->hi, b, fo->loop_mode, fo->srcinfo)};
            };
            out = ir::make<If>(ii->cond, wrap(ii->body), ii->orelse.empty() ? StmtList{} : wrap(ii->orelse), ii->srcinfo);
        } else {
            return reorder_loops(p, outer_path);
        }
    }
    Edit e{Edit::Swap, outer_path};
    return {with_stmt(*p, outer_path, out), {e}};
}

Rewritten fuse(const ProcPtr& p, const Path& first, const Path& second, bool unsafe) {
    StmtPtr s1 = stmt_at(*p, first), s2 = stmt_at(*p, second);
    BlockLoc b1 = block_of_stmt(first), b2 = block_of_stmt(second);
    if (auto l1 = s1->as<For>()) {
        auto l2 = s2->as<For>();
        if (!next_to(first, second)) {
            StmtPtr after = stmt_at(*p, [&] { Path n = first; n.back().index += 1; return n; }());
            sched_error("expected the two loops to be fused to come one right after the other. However, the statement "
                        "after the first loop is:\n" + (after ? print_stmt(*after) : std::string("(none)")) +
                        "\n, not the provided second loop:\n " + print_stmt(*s2));
        }
        // Upstream compares only the upper bounds; both bounds must agree to be sound.
        checked([&] {
            analysis::check_expr_eqv_in_context(*p, l1->hi, b1, l2->hi, b2);
            analysis::check_expr_eqv_in_context(*p, l1->lo, b1, l2->lo, b2);
        });
        StmtList body = l1->body;
        StmtList body2 = substitute(l2->body, SymMap{{l2->iter, index_read(l1->iter, l1->srcinfo)}});
        body.insert(body.end(), body2.begin(), body2.end());
        StmtPtr fused = ir::make<For>(l1->iter, l1->lo, l1->hi, body, l1->loop_mode, l1->srcinfo);
        BlockLoc both{b1.parent, b1.field, b1.lo, b1.lo + 2};
        ProcPtr q = with_block(*p, both, {fused});
        if (!unsafe) checked([&] { analysis::check_fission_loop(*q, first, l1->body.size(), false); });
        Edit e{Edit::Absorb, second, Field::Body, l1->body.size(), 0, 0};
        e.dst = first;
        return {q, {e}};
    }
    auto i1 = s1->as<If>();
    auto i2 = s2->as<If>();
    if (!next_to(first, second)) sched_error("expected the two if statements to be fused to come one right after the other");
    checked([&] { analysis::check_expr_eqv_in_context(*p, i1->cond, b1, i2->cond, b2); });
    StmtList body = i1->body, orelse = i1->orelse;
    body.insert(body.end(), i2->body.begin(), i2->body.end());
    orelse.insert(orelse.end(), i2->orelse.begin(), i2->orelse.end());
    BlockLoc both{b1.parent, b1.field, b1.lo, b1.lo + 2};
    Edit e{Edit::Absorb, second, Field::Body, i1->body.size(), i1->orelse.size(), 0};
    e.dst = first;
    return {with_block(*p, both, {ir::make<If>(i1->cond, body, orelse, i1->srcinfo)}), {e}};
}

Rewritten join_loops(const ProcPtr& p, const Path& first, const Path& second) {
    if (!next_to(first, second)) sched_error("expected the second loop to be directly after the first");
    auto l1 = cast<For>(stmt_at(*p, first));
    auto l2 = cast<For>(stmt_at(*p, second));
    BlockLoc b1 = block_of_stmt(first), b2 = block_of_stmt(second);
    try {
        analysis::check_expr_eqv_in_context(*p, l1->hi, b1, l2->lo, b2);
    } catch (const analysis::CheckFailed&) {
        sched_error("expected the first loop upper bound " + print_expr(*l1->hi) +
                    " to be the same as the second loop lower bound " + print_expr(*l2->lo));
    }
    if (!alpha_equal(l1->body, l2->body, {{l2->iter, l1->iter}})) sched_error("expected the two loops to have identical bodies");
    BlockLoc both{b1.parent, b1.field, b1.lo, b1.lo + 2};
    StmtPtr joined = ir::make<For>(l1->iter, l1->lo, l2->hi, l1->body, l1->loop_mode, l1->srcinfo);
    return {with_block(*p, both, {joined}), {Edit{Edit::Replace, both.parent, both.field, b1.lo + 1, b1.lo + 2, 0, Field::Body}}};
}

Rewritten add_loop(const ProcPtr& p, const Path& stmt, const std::string& iter, const ExprPtr& hi, bool guard, bool unsafe) {
    StmtPtr s = stmt_at(*p, stmt);
    BlockLoc b = block_of_stmt(stmt);
    // Beyond upstream: inside the loop, an allocation or window would be out of scope for
    // the statements after it.
    Sym named = bound_name(*s);
    const StmtList& list = *stmt_list_at(*p, b.parent, b.field);
    if (named && mentions(StmtList(list.begin() + long(b.hi), list.end()), named))
        sched_error("Cannot add a loop around the definition of " + named.name() + ", which is used after it");
    if (!unsafe)
        checked([&] {
            analysis::check_is_idempotent(*p, b);
            analysis::check_is_positive_expr(*p, b, hi);
        });
    Sym sym(iter);
    StmtList body{s};
    if (guard) {
        ExprPtr cond = ir::make<BinOp>(BinOpKind::Eq, index_read(sym, s->srcinfo), int_const(0, s->srcinfo), T::bool_(), s->srcinfo);
        body = {ir::make<If>(cond, body, StmtList{}, s->srcinfo)};
    }
    StmtPtr loop = ir::make<For>(sym, int_const(0, s->srcinfo, T::index()), hi, body, LoopMode::Seq, s->srcinfo);
    // Forwarding as upstream's: one level of wrapping even with the guard, so the
    // statement's cursor forwards to the guard `if` (gemmini_schedules.add_guard
    // relies on it to sink the guard).
    return {with_stmt(*p, stmt, loop), {Edit{Edit::Wrap, b.parent, b.field, b.lo, b.hi, 0, Field::Body}}};
}

Rewritten eliminate_dead_code(const ProcPtr& p, const Path& stmt) {
    StmtPtr s = stmt_at(*p, stmt);
    BlockLoc b = block_of_stmt(stmt);
    if (auto i = s->as<If>()) {
        std::optional<bool> known = analysis::constant_in_context(*p, i->cond, b);
        if (!known) sched_error("If condition isn't always True or always False");
        bool cond = *known;
        const StmtList& keep = cond ? i->body : i->orelse;
        Edit e = keep.empty() ? Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, 0, Field::Body}
                              : Edit{Edit::Unwrap, stmt, cond ? Field::Body : Field::Orelse, 0, 0, keep.size()};
        return {with_block(*p, b, keep), {e}};
    }
    auto f = s->as<For>();
    try {
        analysis::check_compare_exprs(*p, b, f->lo, ">=", f->hi);
    } catch (const analysis::CheckFailed&) {
        sched_error("Loop condition isn't always False");
    }
    return {with_block(*p, b, {}), {Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, 0, Field::Body}}};
}

}  // namespace exo::rewrite
