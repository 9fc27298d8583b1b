// Upstream's backend/prec_analysis.py. The default precision is f32 (upstream's
// set_default_prec is not part of the public API).
#include <unordered_map>

#include "analyses.h"
#include "host_hooks.h"
#include "../ir/printer.h"

namespace exo::backend {

namespace {

using namespace ir;

bool same(const TypePtr& a, const TypePtr& b) { return a->kind == b->kind; }
bool is_R(const TypePtr& t) { return t->kind == TypeKind::Num; }
bool is_err(const TypePtr& t) { return t->kind == TypeKind::Error; }

TypePtr splice(const TypePtr& t, const TypePtr& bt) {
    if (t->is_real_scalar()) return bt;
    if (auto tt = t->as<TensorType>()) return T::tensor(tt->hi, tt->is_window, splice(tt->type, bt));
    if (auto w = t->as<WindowType>())
        return ir::make<WindowType>(splice(w->src_type, bt), splice(w->as_tensor, bt), w->src_buf, w->idx);
    return t;
}

class PrecisionAnalysis {
public:
    ProcPtr run(const ProcPtr& p) {
        Proc q = *p;
        for (FnArg& a : q.args) {
            if (a.type->is_numeric() && is_R(a.type->basetype_ptr(a.type))) a.type = splice(a.type, dflt_);
            types_[a.name] = a.type;
        }
        q.body = stmts(p->body);
        if (!errors_.empty()) {
            std::string msg = "Errors occurred during precision checking:";
            for (const auto& e : errors_) msg += "\n" + e;
            raise_type_error(msg);
        }
        return ir::make<Proc>(std::move(q));
    }

private:
    void err(const SrcInfo& s, const std::string& msg) { errors_.push_back(s.str() + ": " + msg); }

    TypePtr base_of(const Sym& s) {
        const TypePtr& t = types_.at(s);
        return t->basetype_ptr(t);
    }

    StmtList stmts(const StmtList& b) {
        StmtList out;
        for (const auto& s : b) out.push_back(stmt(s));
        return out;
    }

    ExprList exprs(const ExprList& es) {
        ExprList out;
        for (const auto& e : es) out.push_back(expr(e));
        return out;
    }

    StmtPtr stmt(const StmtPtr& s) {
        if (auto a = s->as<Assign>()) return assign_like<Assign>(*a);
        if (auto r = s->as<Reduce>()) return assign_like<Reduce>(*r);
        if (auto w = s->as<WriteConfig>()) {
            ExprPtr rhs = expr(w->rhs);
            if (!is_err(rhs->type) && is_R(rhs->type)) rhs = coerce(rhs, config_field_type(w->config, w->field));
            return ir::make<WriteConfig>(w->config, w->field, rhs, w->srcinfo);
        }
        if (auto i = s->as<If>()) {
            ExprPtr cond = expr(i->cond);
            StmtList body = stmts(i->body);
            StmtList orelse = stmts(i->orelse);
            return ir::make<If>(cond, std::move(body), std::move(orelse), i->srcinfo);
        }
        if (auto f = s->as<For>()) {
            ExprPtr lo = expr(f->lo), hi = expr(f->hi);
            return ir::make<For>(f->iter, lo, hi, stmts(f->body), f->loop_mode, f->srcinfo);
        }
        if (auto al = s->as<Alloc>()) {
            TypePtr typ = al->type;
            if (is_R(typ->basetype_ptr(typ))) typ = splice(typ, dflt_);
            types_[al->name] = typ;
            return ir::make<Alloc>(al->name, typ, al->mem, al->srcinfo);
        }
        if (auto c = s->as<Call>()) {
            ExprList args = exprs(c->args);
            for (size_t i = 0; i < args.size() && i < c->f->args.size(); ++i) {
                TypePtr ct = args[i]->type->basetype_ptr(args[i]->type);
                const TypePtr& sat = c->f->args[i].type;
                TypePtr st = sat->basetype_ptr(sat);
                if (is_R(st)) st = dflt_;
                if (st->is_numeric() && !same(st, ct))
                    err(args[i]->srcinfo, "expected precision " + print_type(*st) + ", but got " + print_type(*ct));
            }
            return ir::make<Call>(c->f, std::move(args), c->srcinfo);
        }
        if (auto ws = s->as<WindowStmt>()) {
            ExprPtr rhs = expr(ws->rhs);
            types_[ws->name] = rhs->type;
            return ir::make<WindowStmt>(ws->name, rhs, ws->srcinfo);
        }
        return s;
    }

    template <class S>
    StmtPtr assign_like(const S& a) {
        ExprList idx = exprs(a.idx);
        ExprPtr rhs = expr(a.rhs);
        TypePtr ltyp = base_of(a.name);
        if (!is_err(rhs->type) && is_R(rhs->type)) rhs = coerce(rhs, ltyp);
        return ir::make<S>(a.name, ltyp, std::move(idx), rhs, a.srcinfo);
    }

    ExprPtr expr(const ExprPtr& e) {
        if (auto r = e->as<Read>()) {
            TypePtr typ = e->type;
            if (typ->is_numeric()) typ = splice(typ, base_of(r->name));
            return ir::make<Read>(r->name, r->idx, typ, r->srcinfo);
        }
        if (auto w = e->as<WindowExpr>()) {
            TypePtr typ = splice(e->type, base_of(w->name));
            return ir::make<WindowExpr>(w->name, w->idx, typ, w->srcinfo);
        }
        if (auto u = e->as<USub>()) {
            ExprPtr arg = expr(u->arg);
            if (!e->type->is_numeric()) return ir::make<USub>(arg, e->type, u->srcinfo);
            return ir::make<USub>(arg, arg->type, u->srcinfo);
        }
        if (auto b = e->as<BinOp>()) {
            ExprPtr lhs = expr(b->lhs), rhs = expr(b->rhs);
            if (!e->type->is_numeric()) return ir::make<BinOp>(b->op, lhs, rhs, e->type, b->srcinfo);
            TypePtr typ;
            if (is_err(lhs->type) || is_err(rhs->type)) typ = T::err();
            else if (is_R(lhs->type) && is_R(rhs->type)) typ = T::R();
            else if (is_R(lhs->type)) {
                typ = rhs->type;
                lhs = coerce(lhs, typ);
            } else if (is_R(rhs->type)) {
                typ = lhs->type;
                rhs = coerce(rhs, typ);
            } else if (!same(lhs->type, rhs->type)) {
                err(b->srcinfo, std::string("cannot compute operation '") + binop_str(b->op) +
                                    "' between inconsistent precision types: " + print_type(*lhs->type) + " and " +
                                    print_type(*rhs->type));
                typ = T::err();
            } else {
                typ = lhs->type;
            }
            return ir::make<BinOp>(b->op, lhs, rhs, typ, b->srcinfo);
        }
        if (auto x = e->as<Extern>()) {
            ExprList args = exprs(x->args);
            TypePtr typ = T::R();
            for (const auto& a : args)
                if (!is_R(a->type)) typ = a->type;
            for (auto& a : args) {
                if (same(typ, a->type)) continue;
                if (is_R(a->type)) a = coerce(a, typ);
                else
                    err(x->srcinfo, "all extern arguments must have a same type, got " + print_type(*typ) + " and " +
                                        print_type(*a->type));
            }
            return ir::make<Extern>(x->f, std::move(args), typ, x->srcinfo);
        }
        return e;
    }

    // Casts R-typed constants at the leaves of a numeric expression to `bt`.
    ExprPtr coerce(const ExprPtr& e, const TypePtr& bt) {
        if (auto c = e->as<Const>()) return ir::make<Const>(c->val, bt, c->srcinfo);
        if (auto u = e->as<USub>()) {
            ExprPtr arg = u->arg;
            if (is_R(arg->type)) arg = coerce(arg, bt);
            return ir::make<USub>(arg, bt, u->srcinfo);
        }
        if (auto b = e->as<BinOp>()) {
            ExprPtr lhs = b->lhs, rhs = b->rhs;
            if (is_R(lhs->type)) lhs = coerce(lhs, bt);
            if (is_R(rhs->type)) rhs = coerce(rhs, bt);
            return ir::make<BinOp>(b->op, lhs, rhs, bt, b->srcinfo);
        }
        if (auto x = e->as<Extern>()) {
            ExprList args;
            for (const auto& a : x->args) args.push_back(is_R(a->type) ? coerce(a, bt) : a);
            return ir::make<Extern>(x->f, std::move(args), bt, x->srcinfo);
        }
        return e;
    }

    TypePtr dflt_ = T::f32();
    std::unordered_map<Sym, TypePtr> types_;
    std::vector<std::string> errors_;
};

}  // namespace

ir::ProcPtr precision_analysis(const ir::ProcPtr& p) { return PrecisionAnalysis().run(p); }

}  // namespace exo::backend
