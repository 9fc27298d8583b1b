// Expression and write primitives (upstream's other_ops.md and bind_expr / specialize):
// commute_expr, left_reassociate_expr, rewrite_expr, bind_expr, specialize,
// merge_writes, split_write, fold_into_reduce, inline_assign, inline_window,
// lift_reduce_constant.
#include <algorithm>
#include <set>

#include "../analysis/inline_assign_checks.h"
#include "../analysis/sched_checks.h"
#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "../host/runtime.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// The statement part of an expression path.
Path stmt_part(const Path& at) {
    size_t k = 0;
    while (k < at.size() && (at[k].field == Field::Body || at[k].field == Field::Orelse)) ++k;
    return Path(at.begin(), at.begin() + long(k));
}

Edit replace_edit(const Path& stmt, size_t n) {
    BlockLoc b = block_of_stmt(stmt);
    return Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, n, Field::Body};
}

bool same_indices(const Proc& p, const ExprList& a, const Path& sa, const ExprList& b, const Path& sb) {
    if (a.size() != b.size()) return false;
    try {
        for (size_t i = 0; i < a.size(); ++i)
            analysis::check_expr_eqv_in_context(p, a[i], block_of_stmt(sa), b[i], block_of_stmt(sb));
    } catch (const analysis::CheckFailed&) {
        return false;
    }
    return true;
}

std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

}  // namespace

Rewritten commute_expr(const ProcPtr& p, const std::vector<Path>& exprs) {
    ProcPtr cur = p;
    for (const Path& at : exprs) {
        auto b = cast<BinOp>(expr_at(*cur, at));
        if (!b) sched_error("expected a binary operation");
        cur = with_expr(*cur, at, ir::make<BinOp>(b->op, b->rhs, b->lhs, b->type, b->srcinfo));
    }
    return {cur, {Edit{}}};
}

Rewritten left_reassociate_expr(const ProcPtr& p, const Path& at) {
    auto e = cast<BinOp>(expr_at(*p, at));
    auto r = e ? cast<BinOp>(e->rhs) : nullptr;
    if (!r) sched_error("expected a binary operation whose rhs is one too");
    // The new inner operation has the outer one's type for index arithmetic (upstream's
    // R there fails the precision check), R for values as upstream.
    ExprPtr lhs = ir::make<BinOp>(e->op, e->lhs, r->lhs, e->type->is_indexable() ? e->type : T::R(), e->lhs->srcinfo);
    return {with_expr(*p, at, ir::make<BinOp>(e->op, lhs, r->rhs, e->type, e->srcinfo)), {Edit{}}};
}

Rewritten rewrite_expr(const ProcPtr& p, const Path& at, const ExprPtr& new_expr) {
    ExprPtr e = expr_at(*p, at);
    BlockLoc ctx = block_of_stmt(stmt_part(at));
    checked([&] { analysis::check_expr_eqv_in_context(*p, e, ctx, new_expr, ctx); });
    return {with_expr(*p, at, new_expr), {Edit{}}};
}

Rewritten bind_expr(const ProcPtr& p, const std::vector<Path>& exprs_in, const std::string& new_name, const MemRef& dram) {
    if (exprs_in.empty()) sched_error("expected at least one expression");
    ExprPtr expr = expr_at(*p, exprs_in[0]);
    // What the expression reads, as memory (a write under another name of a buffer it
    // reads, or to a config field it reads, ends the expressions that may be bound).
    BufferAliases aliases(*p);
    std::set<Sym> reads;
    for (const auto& r : get_reads_of_expr(*expr)) reads.insert(aliases.underlying(r.name));
    std::vector<ConfigField> cfg_reads = get_readconfigs_of_expr(*expr);
    std::string text = print_expr(*expr);
    std::vector<Path> exprs;
    for (const Path& e : exprs_in)
        if (print_expr(*expr_at(*p, e)) == text) exprs.push_back(e);

    // The statement before which to bind: the first one's, lifted to the level where
    // it and the last expression part.
    Path init = stmt_part(exprs[0]);
    if (exprs.size() > 1) {
        const Path& last = exprs.back();
        size_t i = 0;
        while (i < init.size() && i < last.size() && init[i] == last[i]) ++i;
        init = Path(init.begin(), init.begin() + long(std::min(i + 1, init.size())));
    }
    TypePtr bt = expr->type->basetype_ptr(expr->type);
    Sym x(new_name);
    StmtPtr alloc = ir::make<Alloc>(x, bt, dram, expr->srcinfo);
    StmtPtr assign = ir::make<Assign>(x, bt, ExprList{}, expr, expr->srcinfo);
    ExprPtr rd = ir::make<Read>(x, ExprList{}, expr->type, expr->srcinfo);

    BlockLoc ib = block_of_stmt(init);
    const StmtList& list = *stmt_list_at(*p, ib.parent, ib.field);
    size_t depth = init.size();
    ProcPtr cur = p;
    size_t next = 0;
    auto inside = [&](const Path& stmt, const Path& e) {
        return e.size() > stmt.size() && std::equal(stmt.begin(), stmt.end(), e.begin());
    };
    for (size_t i = ib.lo; i < list.size() && next < exprs.size(); ++i) {
        Path c = ib.parent;
        c.push_back(Step{ib.field, int32_t(i)});
        // the first write (in pre-order) to something the expression reads
        bool written = false;
        for (const auto& w : get_writes_of_stmts(StmtList{list[i]}))
            if (reads.count(aliases.underlying(w.name))) written = true;
        for (const auto& c : get_writeconfigs(StmtList{list[i]}))
            if (std::find(cfg_reads.begin(), cfg_reads.end(), c) != cfg_reads.end()) written = true;
        if (written && (list[i]->is<For>() || list[i]->is<If>())) break;
        while (next < exprs.size() && inside(c, exprs[next])) cur = with_expr(*cur, exprs[next++], rd);
        if (written) break;
    }
    (void)depth;
    if (next < exprs.size()) sched_error("Unsafe to bind all of the provided exprs.");
    cur = with_block(*cur, BlockLoc{ib.parent, ib.field, ib.lo, ib.lo}, {alloc, assign});
    return {cur, {Edit{Edit::Insert, ib.parent, ib.field, ib.lo, ib.lo, 2, Field::Body}}};
}

Rewritten split_write(const ProcPtr& p, const Path& at) {
    StmtPtr s = stmt_at(*p, at);
    auto a = s->as<Assign>();
    auto r = s->as<Reduce>();
    ExprPtr rhs = a ? a->rhs : r->rhs;
    auto b = rhs->as<BinOp>();
    if (!b || b->op != BinOpKind::Add) sched_error("Expected the rhs of the statement to be an addition.");
    // the second part is evaluated after the first is written (upstream does not check)
    const Sym& name = a ? a->name : r->name;
    if (BufferAliases(*p).reads_memory_of(*b->rhs, name))
        sched_error("Cannot split the write: the second operand reads " + name.name() + ", which the first part writes");
    StmtPtr s0 = a ? StmtPtr(ir::make<Assign>(a->name, a->type, a->idx, b->lhs, a->srcinfo))
                   : StmtPtr(ir::make<Reduce>(r->name, r->type, r->idx, b->lhs, r->srcinfo));
    StmtPtr s1 = a ? ir::make<Reduce>(a->name, a->type, a->idx, b->rhs, a->srcinfo)
                   : ir::make<Reduce>(r->name, r->type, r->idx, b->rhs, r->srcinfo);
    return {with_block(*p, block_of_stmt(at), {s0, s1}), {replace_edit(at, 2)}};
}

namespace {
std::string access_str(const Sym& name, const ExprList& idx) {
    std::string out = name.name();
    if (idx.empty()) return out;
    out += "[";
    for (size_t i = 0; i < idx.size(); ++i) out += (i ? "," : "") + trimmed(print_expr(*idx[i]));
    return out + "]";
}
}  // namespace

Rewritten fold_into_reduce(const ProcPtr& p, const Path& at) {
    auto a = cast<Assign>(stmt_at(*p, at));
    auto b = a ? a->rhs->as<BinOp>() : nullptr;
    if (!b || b->op != BinOpKind::Add) sched_error("The rhs of the assignment must be an add.");
    auto l = b->lhs->as<Read>();
    if (!l || access_str(a->name, a->idx) != access_str(l->name, l->idx))
        sched_error("The lhs of the addition is not a read to the lhs of the assignment.");
    StmtPtr red = ir::make<Reduce>(a->name, a->type, a->idx, b->rhs, a->srcinfo);
    return {with_stmt(*p, at, red), {replace_edit(at, 1)}};
}

Rewritten merge_writes(const ProcPtr& p, const BlockLoc& two) {
    const StmtList& l = *stmt_list_at(*p, two.parent, two.field);
    StmtPtr s1 = l[two.lo], s2 = l[two.lo + 1];
    Path p1 = two.parent, p2 = two.parent;
    p1.push_back(Step{two.field, int32_t(two.lo)});
    p2.push_back(Step{two.field, int32_t(two.lo + 1)});
    auto parts = [](const StmtPtr& s, Sym& name, TypePtr& t, ExprList& idx, ExprPtr& rhs) {
        if (auto a = s->as<Assign>()) name = a->name, t = a->type, idx = a->idx, rhs = a->rhs;
        else if (auto r = s->as<Reduce>()) name = r->name, t = r->type, idx = r->idx, rhs = r->rhs;
    };
    Sym n1, n2;
    TypePtr t1, t2;
    ExprList i1, i2;
    ExprPtr r1, r2;
    parts(s1, n1, t1, i1, r1);
    parts(s2, n2, t2, i2, r2);
    if (!same_indices(*p, i1, p1, i2, p2)) sched_error("expected the left hand side's indices to be the same.");
    BufferAliases aliases(*p);
    for (const auto& rd : get_reads_of_expr(*r2))
        if (aliases.same_memory(rd.name, n1))
            sched_error(
                "expected the right hand side of the second statement to not depend on the left hand side of the first "
                "statement.");
    StmtList repl{s2};
    Edits edits{Edit{Edit::Replace, two.parent, two.field, two.lo, two.lo + 1, 0, Field::Body}};
    if (s2->is<Reduce>()) {
        ExprPtr sum = ir::make<BinOp>(BinOpKind::Add, r1, r2, t1, s1->srcinfo);
        if (s1->is<Assign>()) repl = {ir::make<Assign>(n1, t1, i1, sum, s1->srcinfo)};
        else repl = {ir::make<Reduce>(n1, t1, i1, sum, s1->srcinfo)};
        edits.push_back(Edit{Edit::Replace, two.parent, two.field, two.lo, two.lo + 1, 1, Field::Body});
    }
    return {with_block(*p, two, repl), edits};
}

namespace {
// Reads of `name[idx]` (by name and printed indices) replaced by `rhs`.
class InlineReads : public IRMutator {
public:
    InlineReads(Sym buf, std::string key, ExprPtr rhs) : buf_(std::move(buf)), key_(std::move(key)), rhs_(std::move(rhs)) {}

protected:
    // the same buffer (not another of the same name) at the same printed index
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        if (e->name == buf_ && access_str(e->name, e->idx) == key_) return rhs_;
        return IRMutator::visit(e);
    }
    // A scalar passed to a call is a buffer passed by reference, not a value to
    // substitute (the check refuses the inlining when one is left).
    StmtPtr visit(const std::shared_ptr<const Call>& c) override {
        ExprList args;
        bool changed = false;
        for (const auto& a : c->args) {
            auto r = a->as<Read>();
            args.push_back(r && r->name == buf_ && r->idx.empty() ? a : mutate_expr(a));
            changed = changed || args.back() != a;
        }
        return changed ? StmtPtr(ir::make<Call>(c->f, args, c->srcinfo)) : StmtPtr(c);
    }

private:
    Sym buf_;
    std::string key_;
    ExprPtr rhs_;
};
}  // namespace

Rewritten inline_assign(const ProcPtr& p, const Path& at) {
    auto a = cast<Assign>(stmt_at(*p, at));
    BlockLoc b = block_of_stmt(at);
    const StmtList& l = *stmt_list_at(*p, b.parent, b.field);
    StmtList after(l.begin() + long(b.hi), l.end());
    for (const auto& w : get_writes_of_stmts(after))
        if (w.name == a->name)
            sched_error("Cannot inline assign " + trimmed(print_stmt(*a)) + " because the buffer is written afterwards.");
    InlineReads m(a->name, access_str(a->name, a->idx), a->rhs);
    StmtList repl = m.mutate_stmts(after);
    checked([&] { analysis::check_inline_assign(*p, at, after, repl); });
    BlockLoc rest{b.parent, b.field, b.lo, l.size()};
    return {with_block(*p, rest, repl), {replace_edit(at, 0)}};
}

Rewritten specialize(const ProcPtr& p, const BlockLoc& block, const ExprList& conds) {
    if (conds.empty()) sched_error("Must add at least one condition");
    const StmtList& l = *stmt_list_at(*p, block.parent, block.field);
    StmtList stmts(l.begin() + long(block.lo), l.begin() + long(block.hi));
    std::set<Sym> allocs;  // and windows (upstream forgets them: their uses go unbound)
    for (const auto& s : stmts)
        if (Sym named = bound_name(*s)) allocs.insert(named);
    if (!allocs.empty()) {
        StmtList rest(l.begin() + long(block.hi), l.end());
        std::vector<std::string> used;
        std::set<Sym> seen;
        auto note = [&](const Sym& s) {
            if (allocs.count(s) && seen.insert(s).second) used.push_back(s.name());
        };
        for (const auto& r : get_reads_of_stmts(rest)) note(r.name);
        for (const auto& w : get_writes_of_stmts(rest)) note(w.name);
        if (!used.empty()) {
            std::string names = "(";
            for (size_t i = 0; i < used.size(); ++i) names += (i ? ", '" : "'") + used[i] + "'";
            names += used.size() == 1 ? ",)" : ")";
            sched_error("Block contains allocations " + names + " which are used outside the block.");
        }
    }
    std::function<bool(const ExprPtr&)> valid = [&](const ExprPtr& e) {
        auto b = e->as<BinOp>();
        if (!b) return false;
        switch (b->op) {
            case BinOpKind::And: case BinOpKind::Or: return valid(b->lhs) && valid(b->rhs);
            case BinOpKind::Eq: case BinOpKind::Lt: case BinOpKind::Le: case BinOpKind::Gt: case BinOpKind::Ge:
                return b->lhs->type->is_indexable() && b->rhs->type->is_indexable();
            default: return false;
        }
    };
    StmtList else_br = alpha_rename(stmts);
    for (size_t k = conds.size(); k-- > 0;) {
        if (!valid(conds[k])) sched_error("Invalid specialization condition.");
        else_br = {ir::make<If>(conds[k], alpha_rename(stmts), else_br, stmts[0]->srcinfo)};
    }
    return {with_block(*p, block, else_br),
            {Edit{Edit::Replace, block.parent, block.field, block.lo, block.hi, 1, Field::Body}}};
}

// ------------------------------------------------------------------ inline_window

namespace {

class InlineWindow : public IRMutator {
public:
    InlineWindow(const WindowStmt& ws) : ws_(ws), win_(*ws.rhs->as<WindowExpr>()) {}

protected:
    ExprPtr add(const ExprPtr& x, const ExprPtr& y) { return index_op(BinOpKind::Add, x, y, x->srcinfo, T::index()); }

    // Indices into the window, as indices into the buffer.
    ExprList calc_idx(const ExprList& idx) {
        ExprList out;
        size_t k = 0;
        for (const auto& w : win_.idx) {
            if (auto pt = w->as<Point>()) out.push_back(pt->pt);
            else if (k < idx.size()) out.push_back(add(idx[k++], w->as<Interval>()->lo));
        }
        return out;
    }
    WAccessList calc_w(const WAccessList& idx) {
        WAccessList out;
        size_t k = 0;
        for (const auto& w : win_.idx) {
            if (w->is<Point>() || k >= idx.size()) {
                out.push_back(w);
                continue;
            }
            const ExprPtr& lo = w->as<Interval>()->lo;
            const WAccessPtr& i = idx[k++];
            if (auto pt = i->as<Point>()) out.push_back(ir::make<Point>(add(pt->pt, lo), i->srcinfo));
            else {
                auto iv = i->as<Interval>();
                out.push_back(ir::make<Interval>(add(iv->lo, lo), add(iv->hi, lo), i->srcinfo));
            }
        }
        return out;
    }

    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        if (e->name != ws_.name) return IRMutator::visit(e);
        if (e->idx.empty()) return ws_.rhs;
        bool c = false;
        return ir::make<Read>(win_.name, calc_idx(mutate_exprs(e->idx, &c)), e->type, e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        if (e->name != ws_.name) return IRMutator::visit(e);
        bool c = false;
        WAccessList idx = calc_w(mutate_w_accesses(e->idx, &c));
        TypePtr t = win_.type;
        if (auto wt = t->as<WindowType>()) t = ir::make<WindowType>(wt->src_type, wt->as_tensor, win_.name, idx);
        return ir::make<WindowExpr>(win_.name, idx, t, e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const StrideExpr>& e) override {
        if (e->name != ws_.name) return IRMutator::visit(e);
        int dim = e->dim, nd = 0;
        for (const auto& w : win_.idx) {
            if (w->is<Interval>()) --dim;
            if (dim == -1) break;
            ++nd;
        }
        return ir::make<StrideExpr>(win_.name, nd, e->type, e->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Assign>& s) override {
        if (s->name != ws_.name) return IRMutator::visit(s);
        bool c = false;
        return ir::make<Assign>(win_.name, s->type, calc_idx(mutate_exprs(s->idx, &c)), mutate_expr(s->rhs), s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Reduce>& s) override {
        if (s->name != ws_.name) return IRMutator::visit(s);
        bool c = false;
        return ir::make<Reduce>(win_.name, s->type, calc_idx(mutate_exprs(s->idx, &c)), mutate_expr(s->rhs), s->srcinfo);
    }

private:
    const WindowStmt& ws_;
    const WindowExpr& win_;
};

}  // namespace

Rewritten inline_window(const ProcPtr& p, const Path& at) {
    auto ws = cast<WindowStmt>(stmt_at(*p, at));
    if (!ws || !ws->rhs->is<WindowExpr>()) sched_error("expected a window statement");
    BlockLoc b = block_of_stmt(at);
    const StmtList& l = *stmt_list_at(*p, b.parent, b.field);
    InlineWindow m(*ws);
    StmtList repl = m.mutate_stmts(StmtList(l.begin() + long(b.hi), l.end()));
    return {with_block(*p, BlockLoc{b.parent, b.field, b.lo, l.size()}, repl), {replace_edit(at, 0)}};
}

// ------------------------------------------------------------------ lift_reduce_constant

namespace {

struct Scaled {
    Path path;
    std::shared_ptr<const Reduce> s;
};

[[noreturn]] void not_implemented(const std::string& msg) { host::raise(host::exc_types().NotImplementedError, msg); }

}  // namespace

Rewritten lift_reduce_constant(const ProcPtr& p, const BlockLoc& two) {
    const StmtList& l = *stmt_list_at(*p, two.parent, two.field);
    auto assign = cast<Assign>(l[two.lo]);
    auto loop = cast<For>(l[two.lo + 1]);
    if (!assign || !loop) sched_error("expected an assignment followed by a loop");
    Path apath = two.parent, lpath = two.parent;
    apath.push_back(Step{two.field, int32_t(two.lo)});
    lpath.push_back(Step{two.field, int32_t(two.lo + 1)});
    BufferAliases aliases(*p);
    for (const auto& r : get_reads_of_stmts(loop->body))
        if (aliases.same_memory(r.name, assign->name))
            sched_error("cannot lift constant because the buffer is read in the loop body");

    bool only_scaled = true;
    std::vector<Scaled> reduces;
    std::function<void(const StmtList&, const Path&, Field)> find = [&](const StmtList& ss, const Path& parent, Field f) {
        for (size_t i = 0; i < ss.size(); ++i) {
            Path sp = parent;
            sp.push_back(Step{f, int32_t(i)});
            const StmtPtr& s = ss[i];
            if (auto a = s->as<Assign>()) {
                if (aliases.same_memory(a->name, assign->name)) only_scaled = false;
            } else if (auto r = cast<Reduce>(s)) {
                if (!aliases.same_memory(r->name, assign->name)) continue;
                if (r->name != assign->name) only_scaled = false;  // the same memory under another name
                auto b = r->rhs->as<BinOp>();
                if (!(same_indices(*p, assign->idx, apath, r->idx, sp) && b && b->op == BinOpKind::Mul &&
                      (b->lhs->is<Const>() || b->lhs->is<Read>())))
                    only_scaled = false;
                reduces.push_back({sp, r});
            } else if (auto c = s->as<If>()) {
                find(c->body, sp, Field::Body);
                if (!c->orelse.empty()) find(c->orelse, sp, Field::Orelse);
            } else if (auto fo = s->as<For>()) {
                find(fo->body, sp, Field::Body);
            } else if (s->is<WindowStmt>() || s->is<WriteConfig>() || s->is<Call>()) {
                const char* kind = s->is<WindowStmt>() ? "WindowStmt" : s->is<WriteConfig>() ? "WriteConfig" : "Call";
                not_implemented(std::string("unsupported stmt type in loop body: <class 'exo.core.LoopIR.") + kind + "'>");
            }
        }
    };
    find(loop->body, lpath, Field::Body);
    if (!only_scaled)
        sched_error("cannot lift constant because there are other operations on the same buffer that may interfere");
    if (reduces.empty())
        sched_error("cannot lift constant because did not find a reduce in the loop body of the form `buffer += c * expr`");
    // The scaling after the loop scales the value before it too: c * (v + s) = v + c * s
    // only when v is 0 (upstream does not check).
    auto init = assign->rhs->as<Const>();
    bool zero = init && (init->val.is_float() ? init->val.as_float() == 0.0 : init->val.is_intlike() && init->val.as_int() == 0);
    if (!zero)
        sched_error("cannot lift constant because the value assigned before the loop, " + trimmed(print_expr(*assign->rhs)) +
                    ", is not 0: scaling the sum after the loop would scale it too");

    auto constant_of = [](const Scaled& r) { return r.s->rhs->as<BinOp>()->lhs; };
    ExprPtr c0 = constant_of(reduces[0]);
    for (size_t k = 1; k < reduces.size(); ++k) {
        ExprPtr ck = constant_of(reduces[k]);
        bool same = false;
        if (auto a = c0->as<Const>(), b = ck->as<Const>(); a && b) same = host::eq(a->val, b->val);
        else if (auto x = c0->as<Read>(), y = ck->as<Read>(); x && y)
            same = x->name == y->name && same_indices(*p, x->idx, reduces[0].path, y->idx, reduces[k].path);
        if (!same)
            sched_error("cannot lift constant because the reduces to buffer " + assign->name.name() +
                        " in the loop body have different constants");
    }
    if (auto rc = c0->as<Read>()) {
        // variables live before the loop: enclosing loop iterators, earlier allocations, arguments
        std::set<Sym> live;
        for (const auto& a : p->args) live.insert(a.name);
        const StmtList* list = &p->body;
        for (size_t k = 0; k < lpath.size(); ++k) {
            size_t idx = size_t(lpath[k].index);
            for (size_t i = 0; i < idx; ++i)
                if (auto al = (*list)[i]->as<Alloc>()) live.insert(al->name);
            if (k + 1 == lpath.size()) break;
            const StmtPtr& s = (*list)[idx];
            if (auto f = s->as<For>()) {
                live.insert(f->iter);
                list = &f->body;
            } else if (auto i = s->as<If>()) {
                list = lpath[k + 1].field == Field::Orelse ? &i->orelse : &i->body;
            }
        }
        for (const auto& r : get_reads_of_expr(*c0))
            if (!live.count(r.name))
                sched_error(trimmed(print_expr(*c0)) + " depends on the variable " + r.name.name() +
                            " which is defined within the loop");
        for (const auto& w : get_writes_of_stmts(loop->body))
            if (aliases.same_memory(w.name, rc->name))
                sched_error("cannot lift constant because it is a buffer that is written in the loop body");
    }
    ProcPtr cur = p;
    for (const auto& r : reduces) {
        Path rp = r.path;
        rp.push_back(Step{Field::Rhs, -1});
        cur = with_expr(*cur, rp, r.s->rhs->as<BinOp>()->rhs);
    }
    ExprPtr rd = ir::make<Read>(assign->name, assign->idx, assign->type, assign->srcinfo);
    ExprPtr rhs = ir::make<BinOp>(BinOpKind::Mul, c0, rd, assign->type, assign->srcinfo);
    StmtPtr scaled = ir::make<Assign>(assign->name, assign->type, assign->idx, rhs, assign->srcinfo);
    size_t at = two.lo + 2;
    cur = with_block(*cur, BlockLoc{two.parent, two.field, at, at}, {scaled});
    return {cur, {Edit{Edit::Insert, two.parent, two.field, at, at, 1, Field::Body}}};
}

}  // namespace exo::rewrite
