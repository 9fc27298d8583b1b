#include "mutator.h"

namespace exo::ir {

namespace {
// Rebuilds `node` with a modified copy of its fields.
template <class T, class F>
std::shared_ptr<const T> rebuilt(const std::shared_ptr<const T>& node, F&& edit) {
    T copy = *node;
    edit(copy);
    return make<T>(std::move(copy));
}
}  // namespace

ProcPtr IRMutator::mutate_proc(const ProcPtr& p) {
    bool changed = false;
    std::vector<FnArg> args = p->args;
    for (auto& a : args) {
        auto t = mutate_type(a.type);
        if (t != a.type) {
            a.type = t;
            changed = true;
        }
    }
    ExprList preds = mutate_exprs(p->preds, &changed);
    StmtList body = mutate_stmts(p->body);
    if (body != p->body) changed = true;
    if (!changed) return p;
    Proc copy = *p;
    copy.args = std::move(args);
    copy.preds = std::move(preds);
    copy.body = std::move(body);
    return make<Proc>(std::move(copy));
}

StmtList IRMutator::mutate_stmts(const StmtList& stmts) {
    StmtList out;
    out.reserve(stmts.size());
    for (const auto& s : stmts)
        if (auto m = mutate_stmt(s)) out.push_back(std::move(m));
    return out;
}

StmtPtr IRMutator::mutate_stmt(const StmtPtr& s) {
    switch (s->kind) {
        case StmtKind::Assign: return visit(std::static_pointer_cast<const Assign>(s));
        case StmtKind::Reduce: return visit(std::static_pointer_cast<const Reduce>(s));
        case StmtKind::WriteConfig: return visit(std::static_pointer_cast<const WriteConfig>(s));
        case StmtKind::Pass: return visit(std::static_pointer_cast<const Pass>(s));
        case StmtKind::If: return visit(std::static_pointer_cast<const If>(s));
        case StmtKind::For: return visit(std::static_pointer_cast<const For>(s));
        case StmtKind::Alloc: return visit(std::static_pointer_cast<const Alloc>(s));
        case StmtKind::Free: return visit(std::static_pointer_cast<const Free>(s));
        case StmtKind::Call: return visit(std::static_pointer_cast<const Call>(s));
        case StmtKind::WindowStmt: return visit(std::static_pointer_cast<const WindowStmt>(s));
    }
    return s;
}

ExprPtr IRMutator::mutate_expr(const ExprPtr& e) {
    switch (e->kind) {
        case ExprKind::Read: return visit(std::static_pointer_cast<const Read>(e));
        case ExprKind::Const: return visit(std::static_pointer_cast<const Const>(e));
        case ExprKind::USub: return visit(std::static_pointer_cast<const USub>(e));
        case ExprKind::BinOp: return visit(std::static_pointer_cast<const BinOp>(e));
        case ExprKind::Extern: return visit(std::static_pointer_cast<const Extern>(e));
        case ExprKind::WindowExpr: return visit(std::static_pointer_cast<const WindowExpr>(e));
        case ExprKind::StrideExpr: return visit(std::static_pointer_cast<const StrideExpr>(e));
        case ExprKind::ReadConfig: return visit(std::static_pointer_cast<const ReadConfig>(e));
    }
    return e;
}

WAccessPtr IRMutator::mutate_w_access(const WAccessPtr& w) {
    if (w->is<Interval>()) return visit(std::static_pointer_cast<const Interval>(w));
    return visit(std::static_pointer_cast<const Point>(w));
}

TypePtr IRMutator::mutate_type(const TypePtr& t) {
    if (auto tt = cast<TensorType>(t)) {
        bool changed = false;
        ExprList hi = mutate_exprs(tt->hi, &changed);
        if (!changed) return t;
        return T::tensor(std::move(hi), tt->is_window, tt->type);
    }
    if (auto wt = cast<WindowType>(t)) {
        bool changed = false;
        TypePtr src = mutate_type(wt->src_type);
        TypePtr as_tensor = mutate_type(wt->as_tensor);
        WAccessList idx = mutate_w_accesses(wt->idx, &changed);
        if (!changed && src == wt->src_type && as_tensor == wt->as_tensor) return t;
        return make<WindowType>(std::move(src), std::move(as_tensor), wt->src_buf, std::move(idx));
    }
    return t;
}

ExprList IRMutator::mutate_exprs(const ExprList& es, bool* changed) {
    ExprList out;
    out.reserve(es.size());
    for (const auto& e : es) {
        out.push_back(mutate_expr(e));
        if (out.back() != e) *changed = true;
    }
    return out;
}

WAccessList IRMutator::mutate_w_accesses(const WAccessList& ws, bool* changed) {
    WAccessList out;
    out.reserve(ws.size());
    for (const auto& w : ws) {
        out.push_back(mutate_w_access(w));
        if (out.back() != w) *changed = true;
    }
    return out;
}

// ------------------------------------------------------------ statements

StmtPtr IRMutator::visit(const std::shared_ptr<const Assign>& s) {
    bool changed = false;
    ExprList idx = mutate_exprs(s->idx, &changed);
    ExprPtr rhs = mutate_expr(s->rhs);
    TypePtr type = mutate_type(s->type);
    if (!changed && rhs == s->rhs && type == s->type) return s;
    return rebuilt(s, [&](Assign& n) { n.idx = std::move(idx); n.rhs = rhs; n.type = type; });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const Reduce>& s) {
    bool changed = false;
    ExprList idx = mutate_exprs(s->idx, &changed);
    ExprPtr rhs = mutate_expr(s->rhs);
    TypePtr type = mutate_type(s->type);
    if (!changed && rhs == s->rhs && type == s->type) return s;
    return rebuilt(s, [&](Reduce& n) { n.idx = std::move(idx); n.rhs = rhs; n.type = type; });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const WriteConfig>& s) {
    ExprPtr rhs = mutate_expr(s->rhs);
    if (rhs == s->rhs) return s;
    return rebuilt(s, [&](WriteConfig& n) { n.rhs = rhs; });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const Pass>& s) { return s; }

StmtPtr IRMutator::visit(const std::shared_ptr<const If>& s) {
    ExprPtr cond = mutate_expr(s->cond);
    StmtList body = mutate_stmts(s->body);
    StmtList orelse = mutate_stmts(s->orelse);
    if (cond == s->cond && body == s->body && orelse == s->orelse) return s;
    return rebuilt(s, [&](If& n) { n.cond = cond; n.body = std::move(body); n.orelse = std::move(orelse); });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const For>& s) {
    ExprPtr lo = mutate_expr(s->lo);
    ExprPtr hi = mutate_expr(s->hi);
    StmtList body = mutate_stmts(s->body);
    if (lo == s->lo && hi == s->hi && body == s->body) return s;
    return rebuilt(s, [&](For& n) { n.lo = lo; n.hi = hi; n.body = std::move(body); });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const Alloc>& s) {
    TypePtr type = mutate_type(s->type);
    if (type == s->type) return s;
    return rebuilt(s, [&](Alloc& n) { n.type = type; });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const Free>& s) {
    TypePtr type = mutate_type(s->type);
    if (type == s->type) return s;
    return rebuilt(s, [&](Free& n) { n.type = type; });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const Call>& s) {
    bool changed = false;
    ExprList args = mutate_exprs(s->args, &changed);
    if (!changed) return s;
    return rebuilt(s, [&](Call& n) { n.args = std::move(args); });
}

StmtPtr IRMutator::visit(const std::shared_ptr<const WindowStmt>& s) {
    ExprPtr rhs = mutate_expr(s->rhs);
    if (rhs == s->rhs) return s;
    return rebuilt(s, [&](WindowStmt& n) { n.rhs = rhs; });
}

// ----------------------------------------------------------- expressions

ExprPtr IRMutator::visit(const std::shared_ptr<const Read>& e) {
    bool changed = false;
    ExprList idx = mutate_exprs(e->idx, &changed);
    TypePtr type = mutate_type(e->type);
    if (!changed && type == e->type) return e;
    return rebuilt(e, [&](Read& n) { n.idx = std::move(idx); n.type = type; });
}

ExprPtr IRMutator::visit(const std::shared_ptr<const Const>& e) { return e; }

ExprPtr IRMutator::visit(const std::shared_ptr<const USub>& e) {
    ExprPtr arg = mutate_expr(e->arg);
    TypePtr type = mutate_type(e->type);
    if (arg == e->arg && type == e->type) return e;
    return rebuilt(e, [&](USub& n) { n.arg = arg; n.type = type; });
}

ExprPtr IRMutator::visit(const std::shared_ptr<const BinOp>& e) {
    ExprPtr lhs = mutate_expr(e->lhs);
    ExprPtr rhs = mutate_expr(e->rhs);
    TypePtr type = mutate_type(e->type);
    if (lhs == e->lhs && rhs == e->rhs && type == e->type) return e;
    return rebuilt(e, [&](BinOp& n) { n.lhs = lhs; n.rhs = rhs; n.type = type; });
}

ExprPtr IRMutator::visit(const std::shared_ptr<const Extern>& e) {
    bool changed = false;
    ExprList args = mutate_exprs(e->args, &changed);
    TypePtr type = mutate_type(e->type);
    if (!changed && type == e->type) return e;
    return rebuilt(e, [&](Extern& n) { n.args = std::move(args); n.type = type; });
}

ExprPtr IRMutator::visit(const std::shared_ptr<const WindowExpr>& e) {
    bool changed = false;
    WAccessList idx = mutate_w_accesses(e->idx, &changed);
    TypePtr type = mutate_type(e->type);
    if (!changed && type == e->type) return e;
    return rebuilt(e, [&](WindowExpr& n) { n.idx = std::move(idx); n.type = type; });
}

ExprPtr IRMutator::visit(const std::shared_ptr<const StrideExpr>& e) { return e; }
ExprPtr IRMutator::visit(const std::shared_ptr<const ReadConfig>& e) { return e; }

WAccessPtr IRMutator::visit(const std::shared_ptr<const Interval>& w) {
    ExprPtr lo = mutate_expr(w->lo);
    ExprPtr hi = mutate_expr(w->hi);
    if (lo == w->lo && hi == w->hi) return w;
    return rebuilt(w, [&](Interval& n) { n.lo = lo; n.hi = hi; });
}

WAccessPtr IRMutator::visit(const std::shared_ptr<const Point>& w) {
    ExprPtr pt = mutate_expr(w->pt);
    if (pt == w->pt) return w;
    return rebuilt(w, [&](Point& n) { n.pt = pt; });
}

}  // namespace exo::ir
