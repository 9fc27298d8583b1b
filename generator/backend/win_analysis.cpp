// Upstream's backend/win_analysis.py.
#include "analyses.h"
#include "host_hooks.h"

namespace exo::backend {

namespace {

using namespace ir;

ExprPtr promote_tensor(const ExprPtr& a) {
    auto r = a->as<Read>();
    const ExprList& shape = a->type->shape();
    WAccessList idx;
    for (const ExprPtr& n : shape)
        idx.push_back(ir::make<Interval>(Const::of_int(0, T::int_(), n->srcinfo), n, n->srcinfo));
    TypePtr as_tens = T::tensor(shape, true, a->type->basetype_ptr(a->type));
    TypePtr win = ir::make<WindowType>(a->type, as_tens, r->name, idx);
    return ir::make<WindowExpr>(r->name, idx, win, a->srcinfo);
}

StmtList rewrite(const StmtList& body);

StmtPtr rewrite(const StmtPtr& s) {
    if (auto c = s->as<Call>()) {
        ExprList args;
        bool changed = false;
        for (size_t i = 0; i < c->args.size(); ++i) {
            const ExprPtr& a = c->args[i];
            const TypePtr& sa = c->f->args[i].type;
            if (sa->is_win() && !a->type->is_win()) {
                args.push_back(promote_tensor(a));
                changed = true;
                continue;
            }
            if (sa->is<TensorType>() && !sa->is_win() && a->type->is_win())
                raise_type_error(a->srcinfo.str() + ": expected a non-window tensor");
            args.push_back(a);
        }
        if (!changed) return s;
        return ir::make<Call>(c->f, std::move(args), c->srcinfo);
    }
    if (auto f = s->as<For>()) {
        StmtList body = rewrite(f->body);
        return ir::make<For>(f->iter, f->lo, f->hi, std::move(body), f->loop_mode, f->srcinfo);
    }
    if (auto i = s->as<If>()) return ir::make<If>(i->cond, rewrite(i->body), rewrite(i->orelse), i->srcinfo);
    return s;
}

StmtList rewrite(const StmtList& body) {
    StmtList out;
    out.reserve(body.size());
    for (const auto& s : body) out.push_back(rewrite(s));
    return out;
}

}  // namespace

ir::ProcPtr window_analysis(const ir::ProcPtr& p) {
    Proc q = *p;
    q.body = rewrite(p->body);
    return ir::make<Proc>(std::move(q));
}

}  // namespace exo::backend
