#include "pattern.h"

#include <functional>
#include <optional>

#include "../host/ast.h"
#include "../host/parser.h"
#include "../ir/loopir.h"
#include "python_ops.h"

namespace exo::rewrite {

namespace h = exo::host;
using namespace ir;

namespace {

// ------------------------------------------------------------ pattern trees
// The pattern text, read from the host AST into upstream's PAST shapes.

struct PExpr;
using PExprPtr = std::shared_ptr<PExpr>;

struct PExpr {
    enum Kind { Hole, Read, Const, USub, BinOp, Extern, ReadConfig, Stride } kind = Hole;
    std::string name, field;     // Read/Extern/Stride name; ReadConfig config + field
    std::vector<PExprPtr> args;  // Read idx, Extern args, USub arg, BinOp lhs/rhs
    BinOpKind op = BinOpKind::Add;
    double num = 0;              // Const
    bool is_bool = false, bval = false;
    std::optional<int> dim;      // Stride: nullopt for `_`
};

struct PStmt;
using PStmtPtr = std::shared_ptr<PStmt>;
using PBlock = std::vector<PStmtPtr>;

struct PStmt {
    enum Kind { Hole, Assign, Reduce, Pass, If, For, Alloc, Call, WriteConfig } kind = Hole;
    std::string name, field;  // Assign/Reduce/Alloc/For iter/Call proc; WriteConfig config + field
    std::vector<PExprPtr> idx;  // Assign/Reduce idx; Alloc sizes
    PExprPtr rhs, cond, lo, hi;
    PBlock body, orelse;
};

[[noreturn]] void bad(const std::string& what) { throw PatternError(what); }

const char* const kExternNames[] = {"sin", "relu", "select", "expf", "fmaxf", "sigmoid", "sqrt"};

bool is_hole_name(const h::Expr* e) {
    return e->kind == h::ExprKind::Name && static_cast<const h::NameExpr*>(e)->id == "_";
}

std::string name_of(const h::Expr* e) {
    if (e->kind != h::ExprKind::Name) bad("expected a name in the pattern");
    return static_cast<const h::NameExpr*>(e)->id;
}

PExprPtr read_expr(const h::Expr* e);

std::vector<PExprPtr> read_index(const h::Expr* slice) {
    std::vector<PExprPtr> out;
    if (slice->kind == h::ExprKind::Tuple)
        for (const h::Expr* x : static_cast<const h::TupleExpr*>(slice)->elts) out.push_back(read_expr(x));
    else
        out.push_back(read_expr(slice));
    return out;
}

PExprPtr binop(BinOpKind op, PExprPtr l, PExprPtr r) {
    auto p = std::make_shared<PExpr>();
    p->kind = PExpr::BinOp;
    p->op = op;
    p->args = {std::move(l), std::move(r)};
    return p;
}

PExprPtr read_expr(const h::Expr* e) {
    auto p = std::make_shared<PExpr>();
    switch (e->kind) {
        case h::ExprKind::Name:
            if (is_hole_name(e)) return p;
            p->kind = PExpr::Read;
            p->name = name_of(e);
            return p;
        case h::ExprKind::Subscript: {
            auto* s = static_cast<const h::SubscriptExpr*>(e);
            p->kind = PExpr::Read;
            p->name = name_of(s->value);
            p->args = read_index(s->slice);
            return p;
        }
        case h::ExprKind::Constant: {
            auto* c = static_cast<const h::ConstantExpr*>(e);
            p->kind = PExpr::Const;
            if (c->ckind == h::ConstKind::Int) p->num = double(c->ival);
            else if (c->ckind == h::ConstKind::Float) p->num = c->fval;
            else if (c->ckind == h::ConstKind::True || c->ckind == h::ConstKind::False)
                p->is_bool = true, p->bval = c->ckind == h::ConstKind::True, p->num = p->bval;
            else bad("unsupported constant in pattern");
            return p;
        }
        case h::ExprKind::UnaryOp: {
            auto* u = static_cast<const h::UnaryOpExpr*>(e);
            if (u->op != h::UnaryOpKind::USub) bad("unsupported unary operator in pattern");
            p->kind = PExpr::USub;
            p->args = {read_expr(u->operand)};
            return p;
        }
        case h::ExprKind::BinOp: {
            auto* b = static_cast<const h::BinOpExpr*>(e);
            auto arith = arith_op(b->op);
            if (!arith) bad("unsupported operator in pattern");
            BinOpKind op = *arith;
            return binop(op, read_expr(b->left), read_expr(b->right));
        }
        case h::ExprKind::BoolOp: {
            auto* b = static_cast<const h::BoolOpExpr*>(e);
            PExprPtr acc = read_expr(b->values[0]);
            for (size_t i = 1; i < b->values.size(); ++i)
                acc = binop(b->op == h::BoolOpKind::And ? BinOpKind::And : BinOpKind::Or, acc, read_expr(b->values[i]));
            return acc;
        }
        case h::ExprKind::Compare: {
            auto* c = static_cast<const h::CompareExpr*>(e);
            if (c->ops.size() != 1) bad("chained comparisons are not supported in patterns");
            auto cmp = compare_op(c->ops[0]);
            if (!cmp) bad("unsupported comparison in pattern");
            BinOpKind op = *cmp;
            return binop(op, read_expr(c->left), read_expr(c->comparators[0]));
        }
        case h::ExprKind::Call: {
            auto* c = static_cast<const h::CallExpr*>(e);
            std::string f = name_of(c->func);
            if (f == "stride") {
                if (c->args.size() != 2) bad("stride() takes two arguments");
                p->kind = PExpr::Stride;
                p->name = name_of(c->args[0]);
                if (!is_hole_name(c->args[1])) {
                    auto* d = c->args[1];
                    if (d->kind != h::ExprKind::Constant) bad("stride dimension must be a constant");
                    p->dim = int(static_cast<const h::ConstantExpr*>(d)->ival);
                }
                return p;
            }
            p->kind = PExpr::Extern;
            p->name = f;
            for (const h::Expr* a : c->args) p->args.push_back(read_expr(a));
            return p;
        }
        case h::ExprKind::Attribute: {
            auto* a = static_cast<const h::AttributeExpr*>(e);
            p->kind = PExpr::ReadConfig;
            p->name = name_of(a->value);
            p->field = a->attr;
            return p;
        }
        default: bad("unsupported expression in pattern");
    }
}

PBlock read_block(const h::StmtList& ss);

PStmtPtr read_stmt(const h::Stmt* s) {
    auto p = std::make_shared<PStmt>();
    switch (s->kind) {
        case h::StmtKind::ExprStmt: {
            const h::Expr* v = static_cast<const h::ExprStmt*>(s)->value;
            if (is_hole_name(v)) return p;
            if (v->kind != h::ExprKind::Call) bad("expected a statement pattern");
            p->kind = PStmt::Call;
            p->name = name_of(static_cast<const h::CallExpr*>(v)->func);
            return p;
        }
        case h::StmtKind::Pass: p->kind = PStmt::Pass; return p;
        case h::StmtKind::Assign:
        case h::StmtKind::AugAssign: {
            const h::Expr* target;
            const h::Expr* value;
            if (s->kind == h::StmtKind::Assign) {
                auto* a = static_cast<const h::AssignStmt*>(s);
                if (a->targets.size() != 1) bad("expected one assignment target");
                target = a->targets[0], value = a->value;
                p->kind = PStmt::Assign;
            } else {
                auto* a = static_cast<const h::AugAssignStmt*>(s);
                if (a->op != h::BinOpKind::Add) bad("only += is supported in patterns");
                target = a->target, value = a->value;
                p->kind = PStmt::Reduce;
            }
            if (target->kind == h::ExprKind::Attribute && p->kind == PStmt::Assign) {
                auto* at = static_cast<const h::AttributeExpr*>(target);
                p->kind = PStmt::WriteConfig;
                p->name = name_of(at->value);
                p->field = at->attr;
            } else if (target->kind == h::ExprKind::Subscript) {
                auto* sub = static_cast<const h::SubscriptExpr*>(target);
                p->name = name_of(sub->value);
                p->idx = read_index(sub->slice);
            } else {
                p->name = name_of(target);
            }
            p->rhs = read_expr(value);
            return p;
        }
        case h::StmtKind::AnnAssign: {
            auto* a = static_cast<const h::AnnAssignStmt*>(s);
            p->kind = PStmt::Alloc;
            p->name = name_of(a->target);
            if (a->annotation->kind == h::ExprKind::Subscript)
                p->idx = read_index(static_cast<const h::SubscriptExpr*>(a->annotation)->slice);
            return p;
        }
        case h::StmtKind::For: {
            auto* f = static_cast<const h::ForStmt*>(s);
            p->kind = PStmt::For;
            p->name = name_of(f->target);
            p->lo = std::make_shared<PExpr>();
            p->hi = std::make_shared<PExpr>();
            if (f->iter->kind == h::ExprKind::Call) {
                auto* c = static_cast<const h::CallExpr*>(f->iter);
                std::string rng = name_of(c->func);
                if ((rng != "seq" && rng != "par") || c->args.size() != 2) bad("expected seq(lo, hi) in a loop pattern");
                p->lo = read_expr(c->args[0]);
                p->hi = read_expr(c->args[1]);
            } else if (!is_hole_name(f->iter)) {
                bad("expected `_` or seq(lo, hi) in a loop pattern");
            }
            p->body = read_block(f->body);
            return p;
        }
        case h::StmtKind::If: {
            auto* i = static_cast<const h::IfStmt*>(s);
            p->kind = PStmt::If;
            p->cond = read_expr(i->test);
            p->body = read_block(i->body);
            p->orelse = read_block(i->orelse);
            return p;
        }
        default: bad("unsupported statement in pattern");
    }
}

PBlock read_block(const h::StmtList& ss) {
    PBlock out;
    for (const h::Stmt* s : ss) out.push_back(read_stmt(s));
    return out;
}

// ------------------------------------------------------------ matching

bool match_name(const std::string& pat, const std::string& name) { return pat == "_" || pat == name; }

bool match_e(const PExprPtr& pat, const Expr& e) {
    if (pat->kind == PExpr::Hole) return true;
    // `-3` parses as USub(3) but should match Const(-3).
    if (pat->kind == PExpr::USub && pat->args[0]->kind == PExpr::Const && e.is<Const>()) {
        PExpr neg = *pat->args[0];
        neg.num = -neg.num;
        return match_e(std::make_shared<PExpr>(neg), e);
    }
    switch (pat->kind) {
        case PExpr::Read:
            if (auto r = e.as<Read>()) {
                if (!match_name(pat->name, r->name.name())) return false;
                for (size_t i = 0; i < std::min(pat->args.size(), r->idx.size()); ++i)
                    if (!match_e(pat->args[i], *r->idx[i])) return false;
                return true;
            }
            if (auto w = e.as<WindowExpr>())
                return pat->args.size() == 1 && pat->args[0]->kind == PExpr::Hole && match_name(pat->name, w->name.name());
            return false;
        case PExpr::Const: {
            auto c = e.as<Const>();
            if (!c) return false;
            const host::Value& v = c->val;
            double x = v.is_float() ? v.as_float() : v.is_intlike() ? double(v.as_int()) : 0;
            return x == pat->num;
        }
        case PExpr::USub: {
            auto u = e.as<ir::USub>();
            return u && match_e(pat->args[0], *u->arg);
        }
        case PExpr::BinOp: {
            auto b = e.as<ir::BinOp>();
            return b && b->op == pat->op && match_e(pat->args[0], *b->lhs) && match_e(pat->args[1], *b->rhs);
        }
        case PExpr::Extern: {
            auto x = e.as<ir::Extern>();
            if (!x || !match_name(pat->name, x->f.name)) return false;
            for (size_t i = 0; i < std::min(pat->args.size(), x->args.size()); ++i)
                if (!match_e(pat->args[i], *x->args[i])) return false;
            return true;
        }
        case PExpr::ReadConfig: {
            auto r = e.as<ir::ReadConfig>();
            return r && pat->name == r->config.name && pat->field == r->field;
        }
        case PExpr::Stride: {
            auto s = e.as<StrideExpr>();
            return s && match_name(pat->name, s->name.name()) && (!pat->dim || *pat->dim == s->dim);
        }
        case PExpr::Hole: return true;
    }
    return false;
}

bool match_stmt(const PStmtPtr& pat, const Stmt& s);

// The length of the prefix of `ss[lo..]` matched by `pats`, or -1. Upstream's rule: a
// hole followed by a pattern skips statements until that pattern matches.
long match_stmts(const PBlock& pats, const StmtList& ss, size_t lo) {
    size_t i = 0, j = lo;
    while (i < pats.size() && j < ss.size()) {
        if (pats[i]->kind == PStmt::Hole) {
            if (i + 1 == pats.size()) return long(ss.size() - lo);
            if (match_stmt(pats[i + 1], *ss[j])) i += 2;
        } else if (match_stmt(pats[i], *ss[j])) {
            ++i;
        } else {
            return -1;
        }
        ++j;
    }
    return i == pats.size() ? long(j - lo) : -1;
}

bool match_stmt(const PStmtPtr& pat, const Stmt& s) {
    switch (s.kind) {
        case StmtKind::Assign:
        case StmtKind::Reduce: {
            if (pat->kind != (s.is<Assign>() ? PStmt::Assign : PStmt::Reduce)) return false;
            const Sym& name = s.is<Assign>() ? s.as<Assign>()->name : s.as<Reduce>()->name;
            const ExprList& idx = s.is<Assign>() ? s.as<Assign>()->idx : s.as<Reduce>()->idx;
            const ExprPtr& rhs = s.is<Assign>() ? s.as<Assign>()->rhs : s.as<Reduce>()->rhs;
            if (!match_name(pat->name, name.name())) return false;
            for (size_t i = 0; i < std::min(pat->idx.size(), idx.size()); ++i)
                if (!match_e(pat->idx[i], *idx[i])) return false;
            return match_e(pat->rhs, *rhs);
        }
        case StmtKind::WindowStmt: {
            auto w = s.as<WindowStmt>();
            return pat->kind == PStmt::Assign && match_name(pat->name, w->name.name()) && pat->idx.empty() &&
                   match_e(pat->rhs, *w->rhs);
        }
        case StmtKind::Pass: return pat->kind == PStmt::Pass;
        case StmtKind::If: {
            auto i = s.as<If>();
            return pat->kind == PStmt::If && match_e(pat->cond, *i->cond) && match_stmts(pat->body, i->body, 0) >= 0 &&
                   match_stmts(pat->orelse, i->orelse, 0) >= 0;
        }
        case StmtKind::For: {
            auto f = s.as<For>();
            return pat->kind == PStmt::For && match_name(pat->name, f->iter.name()) && match_e(pat->lo, *f->lo) &&
                   match_e(pat->hi, *f->hi) && match_stmts(pat->body, f->body, 0) >= 0;
        }
        case StmtKind::Alloc: {
            auto a = s.as<Alloc>();
            if (pat->kind != PStmt::Alloc) return false;
            if (auto t = a->type->as<TensorType>())
                for (size_t i = 0; i < std::min(pat->idx.size(), t->hi.size()); ++i)
                    if (!match_e(pat->idx[i], *t->hi[i])) return false;
            return match_name(pat->name, a->name.name());
        }
        case StmtKind::Call: return pat->kind == PStmt::Call && match_name(pat->name, s.as<Call>()->f->name);
        case StmtKind::WriteConfig: {
            auto w = s.as<WriteConfig>();
            return pat->kind == PStmt::WriteConfig && match_name(w->config.name, pat->name) && match_name(w->field, pat->field);
        }
        case StmtKind::Free: return false;
    }
    return false;
}

// ------------------------------------------------------------ search

struct Finder {
    std::vector<PatternMatch> out;

    void stmts_in_block(const PBlock& pats, const StmtList& ss, const Path& parent, Field field, size_t lo, size_t hi) {
        for (size_t k = lo; k < hi; ++k) {
            long n = match_stmts(pats, StmtList(ss.begin(), ss.begin() + long(hi)), k);
            if (n >= 0) {
                PatternMatch m{PatternMatch::Block, {}, BlockLoc{parent, field, k, k + size_t(n)}};
                out.push_back(m);
            }
            Path here = parent;
            here.push_back(Step{field, int32_t(k)});
            if (auto i = ss[k]->as<If>()) {
                stmts_in_block(pats, i->body, here, Field::Body, 0, i->body.size());
                stmts_in_block(pats, i->orelse, here, Field::Orelse, 0, i->orelse.size());
            } else if (auto f = ss[k]->as<For>()) {
                stmts_in_block(pats, f->body, here, Field::Body, 0, f->body.size());
            }
        }
    }

    void expr(const PExprPtr& pat, const Expr& e, Path& path) {
        if (match_e(pat, e)) out.push_back(PatternMatch{PatternMatch::Expr, path, {}});
        auto child = [&](Field f, int32_t i, const ExprPtr& c) {
            path.push_back(Step{f, i});
            expr(pat, *c, path);
            path.pop_back();
        };
        if (auto r = e.as<Read>()) {
            for (size_t i = 0; i < r->idx.size(); ++i) child(Field::Idx, int32_t(i), r->idx[i]);
        } else if (auto w = e.as<WindowExpr>()) {
            for (size_t i = 0; i < w->idx.size(); ++i) {
                path.push_back(Step{Field::Idx, int32_t(i)});
                if (auto iv = w->idx[i]->as<Interval>()) child(Field::Lo, -1, iv->lo), child(Field::Hi, -1, iv->hi);
                else child(Field::Arg, -1, w->idx[i]->as<Point>()->pt);
                path.pop_back();
            }
        } else if (auto u = e.as<ir::USub>()) {
            child(Field::Arg, -1, u->arg);
        } else if (auto b = e.as<ir::BinOp>()) {
            child(Field::Lhs, -1, b->lhs), child(Field::Rhs, -1, b->rhs);
        } else if (auto x = e.as<ir::Extern>()) {
            for (size_t i = 0; i < x->args.size(); ++i) child(Field::Args, int32_t(i), x->args[i]);
        }
    }

    void exprs_in_stmts(const PExprPtr& pat, const StmtList& ss, Path& path, Field field, size_t lo, size_t hi) {
        for (size_t k = lo; k < hi; ++k) {
            path.push_back(Step{field, int32_t(k)});
            exprs_in_stmt(pat, *ss[k], path);
            path.pop_back();
        }
    }

    void exprs_in_stmt(const PExprPtr& pat, const Stmt& s, Path& path) {
        auto child = [&](Field f, int32_t i, const ExprPtr& c) {
            path.push_back(Step{f, i});
            expr(pat, *c, path);
            path.pop_back();
        };
        if (auto a = s.as<Assign>()) {
            for (size_t i = 0; i < a->idx.size(); ++i) child(Field::Idx, int32_t(i), a->idx[i]);
            child(Field::Rhs, -1, a->rhs);
        } else if (auto r = s.as<Reduce>()) {
            for (size_t i = 0; i < r->idx.size(); ++i) child(Field::Idx, int32_t(i), r->idx[i]);
            child(Field::Rhs, -1, r->rhs);
        } else if (auto w = s.as<WriteConfig>()) {
            child(Field::Rhs, -1, w->rhs);
        } else if (auto ws = s.as<WindowStmt>()) {
            child(Field::Rhs, -1, ws->rhs);
        } else if (auto i = s.as<If>()) {
            child(Field::Cond, -1, i->cond);
            exprs_in_stmts(pat, i->body, path, Field::Body, 0, i->body.size());
            exprs_in_stmts(pat, i->orelse, path, Field::Orelse, 0, i->orelse.size());
        } else if (auto f = s.as<For>()) {
            child(Field::Lo, -1, f->lo), child(Field::Hi, -1, f->hi);
            exprs_in_stmts(pat, f->body, path, Field::Body, 0, f->body.size());
        } else if (auto c = s.as<Call>()) {
            for (size_t i = 0; i < c->args.size(); ++i) child(Field::Args, int32_t(i), c->args[i]);
        }
    }
};

bool is_expression_pattern(const h::StmtList& body) {
    if (body.size() != 1 || body[0]->kind != h::StmtKind::ExprStmt) return false;
    const h::Expr* v = static_cast<const h::ExprStmt*>(body[0])->value;
    if (v->kind != h::ExprKind::Call) return !is_hole_name(v);
    const h::Expr* f = static_cast<const h::CallExpr*>(v)->func;
    if (f->kind != h::ExprKind::Name) return false;
    const std::string& n = static_cast<const h::NameExpr*>(f)->id;
    if (n == "stride") return true;
    for (const char* x : kExternNames)
        if (n == x) return true;
    return false;
}

}  // namespace

std::vector<PatternMatch> match_pattern(const Proc& p, const std::string& pattern, const Path& scope,
                                        const BlockLoc* scope_block) {
    std::shared_ptr<h::ParsedSource> src = h::parse_module("<pattern>", pattern);
    Finder f;
    if (is_expression_pattern(src->body)) {
        PExprPtr pat = read_expr(static_cast<const h::ExprStmt*>(src->body[0])->value);
        if (pat->kind == PExpr::Hole) bad("pattern match on 'anything' unsupported");
        Path path;
        if (scope_block) {
            path = scope_block->parent;
            const StmtList* ss = stmt_list_at(p, scope_block->parent, scope_block->field);
            if (ss) f.exprs_in_stmts(pat, *ss, path, scope_block->field, scope_block->lo, std::min(scope_block->hi, ss->size()));
        } else if (scope.empty()) {
            f.exprs_in_stmts(pat, p.body, path, Field::Body, 0, p.body.size());
        } else if (ExprPtr e = expr_at(p, scope)) {
            path = scope;
            f.expr(pat, *e, path);
        } else if (StmtPtr s = stmt_at(p, scope)) {
            path = scope;
            f.exprs_in_stmt(pat, *s, path);
        }
        return f.out;
    }
    PBlock pats = read_block(src->body);
    bool all_holes = !pats.empty();
    for (const auto& s : pats) all_holes &= s->kind == PStmt::Hole;
    if (pats.empty() || all_holes) bad("pattern match on 'anything' unsupported");
    if (scope_block) {
        if (const StmtList* ss = stmt_list_at(p, scope_block->parent, scope_block->field))
            f.stmts_in_block(pats, *ss, scope_block->parent, scope_block->field, scope_block->lo, std::min(scope_block->hi, ss->size()));
    } else if (scope.empty()) {
        f.stmts_in_block(pats, p.body, {}, Field::Body, 0, p.body.size());
    } else if (StmtPtr s = stmt_at(p, scope)) {
        BlockLoc b = block_of_stmt(scope);
        const StmtList* ss = stmt_list_at(p, b.parent, b.field);
        f.stmts_in_block(pats, *ss, b.parent, b.field, b.lo, b.hi);
    }
    return f.out;
}

}  // namespace exo::rewrite
