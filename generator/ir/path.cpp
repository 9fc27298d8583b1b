#include "path.h"

namespace exo::ir {

const char* field_name(Field f) {
    switch (f) {
        case Field::Body: return "body";
        case Field::Orelse: return "orelse";
        case Field::Idx: return "idx";
        case Field::Rhs: return "rhs";
        case Field::Cond: return "cond";
        case Field::Lo: return "lo";
        case Field::Hi: return "hi";
        case Field::Args: return "args";
        case Field::Lhs: return "lhs";
        case Field::Arg: return "arg";
        case Field::Preds: return "preds";
        case Field::Shape: return "shape";
    }
    return "?";
}

namespace {

const StmtList* stmt_list_of(const Stmt& s, Field f) {
    if (auto fo = s.as<For>()) return f == Field::Body ? &fo->body : nullptr;
    if (auto i = s.as<If>()) return f == Field::Body ? &i->body : f == Field::Orelse ? &i->orelse : nullptr;
    return nullptr;
}

template <class T>
const T* pick(const std::vector<T>& v, int32_t i) {
    return i >= 0 && size_t(i) < v.size() ? &v[size_t(i)] : nullptr;
}

// The expression child `step` of a statement.
ExprPtr stmt_expr_child(const Stmt& s, Step step) {
    const ExprPtr* e = nullptr;
    if (auto a = s.as<Assign>()) e = step.field == Field::Idx ? pick(a->idx, step.index) : step.field == Field::Rhs ? &a->rhs : nullptr;
    else if (auto r = s.as<Reduce>()) e = step.field == Field::Idx ? pick(r->idx, step.index) : step.field == Field::Rhs ? &r->rhs : nullptr;
    else if (auto w = s.as<WriteConfig>()) e = step.field == Field::Rhs ? &w->rhs : nullptr;
    else if (auto i = s.as<If>()) e = step.field == Field::Cond ? &i->cond : nullptr;
    else if (auto f = s.as<For>()) e = step.field == Field::Lo ? &f->lo : step.field == Field::Hi ? &f->hi : nullptr;
    else if (auto c = s.as<Call>()) e = step.field == Field::Args ? pick(c->args, step.index) : nullptr;
    else if (auto ws = s.as<WindowStmt>()) e = step.field == Field::Rhs ? &ws->rhs : nullptr;
    else if (auto al = s.as<Alloc>()) e = step.field == Field::Shape ? pick(al->type->shape(), step.index) : nullptr;
    return e ? *e : nullptr;
}

}  // namespace

ExprPtr expr_child(const Expr& e, Step step, const WAccess** waccess) {
    const ExprPtr* out = nullptr;
    if (auto r = e.as<Read>()) out = step.field == Field::Idx ? pick(r->idx, step.index) : nullptr;
    else if (auto u = e.as<USub>()) out = step.field == Field::Arg ? &u->arg : nullptr;
    else if (auto b = e.as<BinOp>()) out = step.field == Field::Lhs ? &b->lhs : step.field == Field::Rhs ? &b->rhs : nullptr;
    else if (auto x = e.as<Extern>()) out = step.field == Field::Args ? pick(x->args, step.index) : nullptr;
    else if (auto w = e.as<WindowExpr>(); w && step.field == Field::Idx && waccess) {
        if (auto* wa = pick(w->idx, step.index)) *waccess = wa->get();
    }
    return out ? *out : nullptr;
}

const StmtList* stmt_list_at(const Proc& p, const Path& parent, Field field) {
    if (parent.empty()) return field == Field::Body ? &p.body : nullptr;
    StmtPtr s = stmt_at(p, parent);
    return s ? stmt_list_of(*s, field) : nullptr;
}

StmtPtr stmt_at(const Proc& p, const Path& path) {
    const StmtList* list = &p.body;
    StmtPtr cur;
    for (size_t k = 0; k < path.size(); ++k) {
        const Step& st = path[k];
        if (k > 0) {
            list = stmt_list_of(*cur, st.field);
        } else if (st.field != Field::Body) {
            return nullptr;
        }
        if (!list || st.index < 0 || size_t(st.index) >= list->size()) return nullptr;
        cur = (*list)[size_t(st.index)];
    }
    return cur;
}

ExprPtr expr_at(const Proc& p, const Path& path) {
    // The statement prefix: list steps through Body/Orelse.
    size_t k = 0;
    StmtPtr s;
    ExprPtr e;
    if (!path.empty() && path[0].field == Field::Preds) {
        e = path[0].index >= 0 && size_t(path[0].index) < p.preds.size() ? p.preds[size_t(path[0].index)] : nullptr;
        k = 1;
    } else if (!path.empty() && path[0].field == Field::Args) {
        if (path.size() < 2 || path[0].index < 0 || size_t(path[0].index) >= p.args.size() || path[1].field != Field::Shape)
            return nullptr;
        const ExprList& shape = p.args[size_t(path[0].index)].type->shape();
        e = path[1].index >= 0 && size_t(path[1].index) < shape.size() ? shape[size_t(path[1].index)] : nullptr;
        k = 2;
    } else {
        while (k < path.size() && (path[k].field == Field::Body || path[k].field == Field::Orelse)) ++k;
        if (k == 0 || k == path.size()) return nullptr;
        s = stmt_at(p, Path(path.begin(), path.begin() + k));
        if (!s) return nullptr;
        e = stmt_expr_child(*s, path[k++]);
    }
    const WAccess* wa = nullptr;
    for (; e && k < path.size(); ++k) {
        if (wa) {
            const Step& st = path[k];
            if (auto iv = wa->as<Interval>()) e = st.field == Field::Lo ? iv->lo : st.field == Field::Hi ? iv->hi : nullptr;
            else if (auto pt = wa->as<Point>()) e = st.field == Field::Arg ? pt->pt : nullptr;
            wa = nullptr;
            continue;
        }
        ExprPtr child = expr_child(*e, path[k], &wa);
        if (wa) {
            // a window access is not an expression; the next step picks its lo / hi / pt
            if (k + 1 == path.size()) return nullptr;
            continue;
        }
        e = child;
    }
    return wa ? nullptr : e;
}

BlockLoc block_of_stmt(const Path& stmt_path) {
    BlockLoc b;
    b.parent = Path(stmt_path.begin(), stmt_path.end() - 1);
    b.field = stmt_path.back().field;
    b.lo = size_t(stmt_path.back().index);
    b.hi = b.lo + 1;
    return b;
}

}  // namespace exo::ir
