#include "fragment.h"

#include <optional>

#include "../host/ast.h"
#include "../host/parser.h"
#include "../ir/loopir.h"
#include "python_ops.h"
#include "../ir/visitor.h"

namespace exo::rewrite {

namespace h = exo::host;
using namespace ir;

namespace {

// The variables visible before the statement at `ctx`, innermost scope first
// (upstream's BuildEnv: arguments, then each enclosing block's earlier bindings).
struct Env {
    std::vector<std::vector<std::pair<Sym, TypePtr>>> scopes;

    void bind(const Sym& s, const TypePtr& t) { scopes.back().push_back({s, t}); }

    std::optional<std::pair<Sym, TypePtr>> find(const std::string& name) const {
        for (auto sc = scopes.rbegin(); sc != scopes.rend(); ++sc)
            for (auto it = sc->rbegin(); it != sc->rend(); ++it)
                if (it->first.name() == name) return *it;
        return std::nullopt;
    }
};

void bind_stmt(Env& env, const Stmt& s) {
    if (auto a = s.as<Alloc>()) env.bind(a->name, a->type);
    else if (auto w = s.as<WindowStmt>()) env.bind(w->name, w->rhs->type);
}

Env env_before(const Proc& p, const Path& ctx) {
    Env env;
    env.scopes.emplace_back();
    for (const auto& a : p.args) env.bind(a.name, a.type);
    const StmtList* list = &p.body;
    for (size_t k = 0; k < ctx.size(); ++k) {
        size_t idx = size_t(ctx[k].index);
        for (size_t i = 0; i < idx && i < list->size(); ++i) bind_stmt(env, *(*list)[i]);
        if (k + 1 == ctx.size() || idx >= list->size()) break;
        const StmtPtr& s = (*list)[idx];
        env.scopes.emplace_back();
        if (auto f = s->as<For>()) {
            env.bind(f->iter, T::index());
            list = &f->body;
        } else if (auto i = s->as<If>()) {
            list = ctx[k + 1].field == Field::Orelse ? &i->orelse : &i->body;
        } else {
            break;
        }
    }
    return env;
}

class Builder {
public:
    Builder(Env env, SrcInfo si, const ExprList* holes) : env_(std::move(env)), si_(std::move(si)), holes_(holes) {}

    ExprPtr expr(const h::Expr* e) {
        switch (e->kind) {
            case h::ExprKind::Name: return read(static_cast<const h::NameExpr*>(e)->id, {});
            case h::ExprKind::Subscript: {
                auto* s = static_cast<const h::SubscriptExpr*>(e);
                if (s->value->kind != h::ExprKind::Name) throw FragmentError("expected a buffer name");
                ExprList idx;
                if (s->slice->kind == h::ExprKind::Tuple)
                    for (const h::Expr* x : static_cast<const h::TupleExpr*>(s->slice)->elts) idx.push_back(expr(x));
                else
                    idx.push_back(expr(s->slice));
                return read(static_cast<const h::NameExpr*>(s->value)->id, std::move(idx));
            }
            case h::ExprKind::Constant: {
                auto* c = static_cast<const h::ConstantExpr*>(e);
                if (c->ckind == h::ConstKind::Int) return ir::make<Const>(host::Value::integer(c->ival), T::int_(), si_);
                if (c->ckind == h::ConstKind::Float) return ir::make<Const>(host::Value::floating(c->fval), T::R(), si_);
                if (c->ckind == h::ConstKind::True || c->ckind == h::ConstKind::False)
                    return ir::make<Const>(host::Value::boolean(c->ckind == h::ConstKind::True), T::bool_(), si_);
                throw FragmentError("unsupported constant");
            }
            case h::ExprKind::UnaryOp: {
                auto* u = static_cast<const h::UnaryOpExpr*>(e);
                if (u->op != h::UnaryOpKind::USub) throw FragmentError("unsupported unary operator");
                ExprPtr a = expr(u->operand);
                return ir::make<USub>(a, a->type, si_);
            }
            case h::ExprKind::BinOp: {
                auto* b = static_cast<const h::BinOpExpr*>(e);
                auto arith = arith_op(b->op);
                if (!arith) throw FragmentError("unsupported operator");
                BinOpKind op = *arith;
                ExprPtr lhs = expr(b->left);  // holes fill left to right
                return binop(op, lhs, expr(b->right));
            }
            case h::ExprKind::Compare: {
                auto* c = static_cast<const h::CompareExpr*>(e);
                if (c->ops.size() != 1) throw FragmentError("chained comparisons are not supported");
                auto cmp = compare_op(c->ops[0]);
                if (!cmp) throw FragmentError("unsupported comparison");
                BinOpKind op = *cmp;
                ExprPtr lhs = expr(c->left);
                return binop(op, lhs, expr(c->comparators[0]));
            }
            case h::ExprKind::BoolOp: {
                auto* b = static_cast<const h::BoolOpExpr*>(e);
                ExprPtr acc = expr(b->values[0]);
                for (size_t i = 1; i < b->values.size(); ++i)
                    acc = binop(b->op == h::BoolOpKind::And ? BinOpKind::And : BinOpKind::Or, acc, expr(b->values[i]));
                return acc;
            }
            case h::ExprKind::Call: {
                auto* c = static_cast<const h::CallExpr*>(e);
                if (c->func->kind == h::ExprKind::Name && static_cast<const h::NameExpr*>(c->func)->id == "stride" &&
                    c->args.size() == 2 && c->args[0]->kind == h::ExprKind::Name && c->args[1]->kind == h::ExprKind::Constant) {
                    auto found = env_.find(static_cast<const h::NameExpr*>(c->args[0])->id);
                    if (!found) throw FragmentError(static_cast<const h::NameExpr*>(c->args[0])->id + " not found in the current environment");
                    return ir::make<StrideExpr>(found->first, int(static_cast<const h::ConstantExpr*>(c->args[1])->ival), T::stride(), si_);
                }
                throw FragmentError("unsupported call in expression");
            }
            default: throw FragmentError("unsupported expression");
        }
    }

private:
    // A hole's expression may only use the variables visible here (the same ones).
    void check_hole(const Expr& e) {
        struct Names : IRVisitor {
            std::vector<Sym> syms;
            void visit(const Read& r) override { syms.push_back(r.name); IRVisitor::visit(r); }
            void visit(const StrideExpr& s) override { syms.push_back(s.name); }
            void visit(const WindowExpr& w) override {
                throw FragmentError("Using a window expression is not allowed to fill a hole in an expression");
            }
        } n;
        n.visit_expr(e);
        for (const Sym& s : n.syms) {
            auto found = env_.find(s.name());
            if (!found || !(found->first == s))
                throw FragmentError(s.name() + " used in an expression to fill a string hole, but not found in current environment");
        }
    }

    ExprPtr read(const std::string& name, ExprList idx) {
        if (name == "_") {
            if (!holes_) throw FragmentError("String cannot contain holes");
            if (next_hole_ >= holes_->size()) throw FragmentError("String contains more holes than expressions provided");
            ExprPtr h = (*holes_)[next_hole_++];
            check_hole(*h);
            return h;
        }
        auto found = env_.find(name);
        if (!found) throw FragmentError(name + " not found in the current environment");
        TypePtr t = found->second;
        if (!idx.empty() && t->is_tensor_or_window()) t = t->basetype_ptr(t);
        return ir::make<Read>(found->first, std::move(idx), t, si_);
    }

    ExprPtr binop(BinOpKind op, ExprPtr l, ExprPtr r) {
        TypePtr t;
        switch (op) {
            case BinOpKind::Lt: case BinOpKind::Gt: case BinOpKind::Le: case BinOpKind::Ge: case BinOpKind::Eq:
            case BinOpKind::And: case BinOpKind::Or: t = T::bool_(); break;
            default:
                if (l->type->kind == TypeKind::Size && r->type->kind == TypeKind::Size && (op == BinOpKind::Add || op == BinOpKind::Mul))
                    t = T::size();
                else if (l->type->is_real_scalar() || r->type->is_real_scalar())
                    t = l->type->is_real_scalar() ? l->type : r->type;
                else
                    t = T::index();
        }
        return ir::make<BinOp>(op, std::move(l), std::move(r), t, si_);
    }

    Env env_;
    SrcInfo si_;
    const ExprList* holes_;
    size_t next_hole_ = 0;
};

}  // namespace

ExprPtr parse_fragment(const Proc& p, const Path& ctx, const std::string& text, const ExprList* holes) {
    std::shared_ptr<h::ParsedSource> src = h::parse_module("<fragment>", text);
    if (src->body.size() != 1 || src->body[0]->kind != h::StmtKind::ExprStmt) throw FragmentError("expected an expression");
    SrcInfo si = p.srcinfo;
    Env env;
    if (ctx.empty()) {
        env.scopes.emplace_back();
        for (const auto& a : p.args) env.bind(a.name, a.type);
    } else {
        env = env_before(p, ctx);
        if (StmtPtr s = stmt_at(p, ctx)) si = s->srcinfo;
    }
    return Builder(std::move(env), si, holes).expr(static_cast<const h::ExprStmt*>(src->body[0])->value);
}

}  // namespace exo::rewrite
