#include "edit.h"

#include "../host/runtime.h"
#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "../ir/visitor.h"
#include "partial_eval.h"

namespace exo::rewrite {

using namespace ir;

namespace {

using ListFn = std::function<StmtList(const StmtList&)>;

StmtList go(const StmtList& list, const Path& parent, size_t k, Field field, const ListFn& fn);

StmtPtr into(const StmtPtr& s, const Path& parent, size_t k, Field field, const ListFn& fn) {
    Field f = k == parent.size() ? field : parent[k].field;
    if (auto fo = s->as<For>()) {
        if (f != Field::Body) throw std::logic_error("bad path into a loop");
        return ir::make<For>(fo->iter, fo->lo, fo->hi, go(fo->body, parent, k, field, fn), fo->loop_mode, fo->srcinfo);
    }
    if (auto i = s->as<If>()) {
        if (f == Field::Body) return ir::make<If>(i->cond, go(i->body, parent, k, field, fn), i->orelse, i->srcinfo);
        if (f == Field::Orelse) return ir::make<If>(i->cond, i->body, go(i->orelse, parent, k, field, fn), i->srcinfo);
    }
    throw std::logic_error("bad path: not a statement list");
}

StmtList go(const StmtList& list, const Path& parent, size_t k, Field field, const ListFn& fn) {
    if (k == parent.size()) {
        StmtList out = fn(list);
        if (out.empty()) out.push_back(ir::make<Pass>(list.empty() ? null_srcinfo() : list[0]->srcinfo));
        return out;
    }
    size_t i = size_t(parent[k].index);
    if (i >= list.size()) throw std::logic_error("bad path: index out of range");
    StmtList out = list;
    out[i] = into(list[i], parent, k + 1, field, fn);
    return out;
}

class Subst : public IRMutator {
public:
    explicit Subst(const SymMap& env) : env_(env) {}

protected:
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        if (e->idx.empty())
            if (auto it = env_.find(e->name); it != env_.end()) return it->second;
        return IRMutator::visit(e);
    }

private:
    const SymMap& env_;
};

class Renamer : public IRMutator {
public:
    Renamer() = default;
    // A fixed renaming (no fresh names for binders).
    explicit Renamer(std::unordered_map<Sym, Sym> env) : env_(std::move(env)), fixed_(true) {}
    StmtList run(const StmtList& ss) { return mutate_stmts(ss); }

protected:
    Sym fresh(const Sym& s) {
        if (fixed_) return get(s);
        Sym n = s.copy();
        env_[s] = n;
        return n;
    }
    Sym get(const Sym& s) {
        auto it = env_.find(s);
        return it == env_.end() ? s : it->second;
    }
    StmtPtr visit(const std::shared_ptr<const For>& s) override {
        ExprPtr lo = mutate_expr(s->lo), hi = mutate_expr(s->hi);
        Sym iter = fresh(s->iter);
        return ir::make<For>(iter, lo, hi, mutate_stmts(s->body), s->loop_mode, s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Alloc>& s) override {
        TypePtr t = mutate_type(s->type);
        return ir::make<Alloc>(fresh(s->name), t, s->mem, s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const WindowStmt>& s) override {
        ExprPtr rhs = mutate_expr(s->rhs);
        return ir::make<WindowStmt>(fresh(s->name), rhs, s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Free>& s) override {
        return ir::make<Free>(get(s->name), mutate_type(s->type), s->mem, s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Assign>& s) override {
        bool c = false;
        ExprList idx = mutate_exprs(s->idx, &c);
        return ir::make<Assign>(get(s->name), mutate_type(s->type), idx, mutate_expr(s->rhs), s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Reduce>& s) override {
        bool c = false;
        ExprList idx = mutate_exprs(s->idx, &c);
        return ir::make<Reduce>(get(s->name), mutate_type(s->type), idx, mutate_expr(s->rhs), s->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        bool c = false;
        ExprList idx = mutate_exprs(e->idx, &c);
        return ir::make<Read>(get(e->name), idx, mutate_type(e->type), e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        bool c = false;
        WAccessList idx = mutate_w_accesses(e->idx, &c);
        return ir::make<WindowExpr>(get(e->name), idx, mutate_type(e->type), e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const StrideExpr>& e) override {
        return ir::make<StrideExpr>(get(e->name), e->dim, e->type, e->srcinfo);
    }
    TypePtr mutate_type(const TypePtr& t) override {
        TypePtr m = IRMutator::mutate_type(t);
        if (auto w = m->as<WindowType>(); w && get(w->src_buf) != w->src_buf)
            return ir::make<WindowType>(w->src_type, w->as_tensor, get(w->src_buf), w->idx);
        return m;
    }

private:
    std::unordered_map<Sym, Sym> env_;
    bool fixed_ = false;
};

struct Binders : IRVisitor {
    std::vector<Sym> out;
    void visit(const For& s) override {
        out.push_back(s.iter);
        IRVisitor::visit(s);
    }
    void visit(const Alloc& s) override { out.push_back(s.name); }
    void visit(const WindowStmt& s) override {
        out.push_back(s.name);
        IRVisitor::visit(s);
    }
};

// Rebuilds expression `e` with the sub-expression at steps[k..] replaced by `repl`.
ExprPtr rebuild_expr(const ExprPtr& e, const Path& steps, size_t k, const ExprPtr& repl) {
    if (k == steps.size()) return repl;
    const Step& st = steps[k];
    auto at = [&](const ExprList& l) {
        ExprList out = l;
        out.at(size_t(st.index)) = rebuild_expr(l.at(size_t(st.index)), steps, k + 1, repl);
        return out;
    };
    if (auto r = e->as<Read>()) return ir::make<Read>(r->name, at(r->idx), r->type, r->srcinfo);
    if (auto u = e->as<USub>()) return ir::make<USub>(rebuild_expr(u->arg, steps, k + 1, repl), u->type, u->srcinfo);
    if (auto b = e->as<BinOp>()) {
        if (st.field == Field::Lhs) return ir::make<BinOp>(b->op, rebuild_expr(b->lhs, steps, k + 1, repl), b->rhs, b->type, b->srcinfo);
        return ir::make<BinOp>(b->op, b->lhs, rebuild_expr(b->rhs, steps, k + 1, repl), b->type, b->srcinfo);
    }
    if (auto x = e->as<Extern>()) return ir::make<Extern>(x->f, at(x->args), x->type, x->srcinfo);
    if (auto w = e->as<WindowExpr>()) {
        WAccessList idx = w->idx;
        const WAccessPtr& wa = idx.at(size_t(st.index));
        const Step& inner = steps.at(k + 1);
        if (auto iv = wa->as<Interval>()) {
            ExprPtr lo = inner.field == Field::Lo ? rebuild_expr(iv->lo, steps, k + 2, repl) : iv->lo;
            ExprPtr hi = inner.field == Field::Hi ? rebuild_expr(iv->hi, steps, k + 2, repl) : iv->hi;
            idx[size_t(st.index)] = ir::make<Interval>(lo, hi, iv->srcinfo);
        } else {
            idx[size_t(st.index)] = ir::make<Point>(rebuild_expr(wa->as<Point>()->pt, steps, k + 2, repl), wa->srcinfo);
        }
        return ir::make<WindowExpr>(w->name, idx, w->type, w->srcinfo);
    }
    throw std::logic_error("bad expression path");
}

}  // namespace

ProcPtr with_list(const Proc& p, const Path& parent, Field field, const ListFn& fn) {
    Proc q = p;
    if (parent.empty()) {
        q.body = go(p.body, parent, 0, field, fn);
    } else {
        q.body = go(p.body, parent, 0, field, fn);
    }
    return ir::make<Proc>(std::move(q));
}

ProcPtr with_block(const Proc& p, const BlockLoc& b, const StmtList& repl) {
    return with_list(p, b.parent, b.field, [&](const StmtList& old) {
        StmtList out(old.begin(), old.begin() + long(b.lo));
        out.insert(out.end(), repl.begin(), repl.end());
        out.insert(out.end(), old.begin() + long(b.hi), old.end());
        return out;
    });
}

ProcPtr with_stmt(const Proc& p, const Path& at, const StmtPtr& s) { return with_block(p, block_of_stmt(at), {s}); }

ProcPtr with_expr(const Proc& p, const Path& at, const ExprPtr& e) {
    size_t k = 0;
    while (k < at.size() && (at[k].field == Field::Body || at[k].field == Field::Orelse)) ++k;
    Path stmt_path(at.begin(), at.begin() + long(k));
    StmtPtr s = stmt_at(p, stmt_path);
    const Step& st = at.at(k);
    auto sub = [&](const ExprPtr& child) { return rebuild_expr(child, at, k + 1, e); };
    auto in_list = [&](const ExprList& l) {
        ExprList out = l;
        out.at(size_t(st.index)) = sub(l.at(size_t(st.index)));
        return out;
    };
    StmtPtr n;
    if (auto a = s->as<Assign>())
        n = st.field == Field::Idx ? ir::make<Assign>(a->name, a->type, in_list(a->idx), a->rhs, a->srcinfo)
                                   : ir::make<Assign>(a->name, a->type, a->idx, sub(a->rhs), a->srcinfo);
    else if (auto r = s->as<Reduce>())
        n = st.field == Field::Idx ? ir::make<Reduce>(r->name, r->type, in_list(r->idx), r->rhs, r->srcinfo)
                                   : ir::make<Reduce>(r->name, r->type, r->idx, sub(r->rhs), r->srcinfo);
    else if (auto w = s->as<WriteConfig>()) n = ir::make<WriteConfig>(w->config, w->field, sub(w->rhs), w->srcinfo);
    else if (auto i = s->as<If>()) n = ir::make<If>(sub(i->cond), i->body, i->orelse, i->srcinfo);
    else if (auto f = s->as<For>())
        n = st.field == Field::Lo ? ir::make<For>(f->iter, sub(f->lo), f->hi, f->body, f->loop_mode, f->srcinfo)
                                  : ir::make<For>(f->iter, f->lo, sub(f->hi), f->body, f->loop_mode, f->srcinfo);
    else if (auto c = s->as<Call>()) n = ir::make<Call>(c->f, in_list(c->args), c->srcinfo);
    else if (auto ws = s->as<WindowStmt>()) n = ir::make<WindowStmt>(ws->name, sub(ws->rhs), ws->srcinfo);
    else throw std::logic_error("bad expression path");
    return with_stmt(p, stmt_path, n);
}

ExprPtr substitute(const ExprPtr& e, const SymMap& env) { return Subst(env).mutate_expr(e); }
StmtList substitute(const StmtList& ss, const SymMap& env) { return Subst(env).mutate_stmts(ss); }
StmtList alpha_rename(const StmtList& ss) { return Renamer().run(ss); }

std::vector<Sym> binders(const StmtList& ss) {
    Binders b;
    b.visit_stmts(ss);
    return b.out;
}

StmtList rename_syms(const StmtList& ss, const std::unordered_map<Sym, Sym>& env) { return Renamer(env).run(ss); }

bool alpha_equal(const StmtList& a, const StmtList& b, std::unordered_map<Sym, Sym> env) {
    std::vector<Sym> ba = binders(a), bb = binders(b);
    if (ba.size() != bb.size()) return false;
    for (size_t i = 0; i < ba.size(); ++i) env[bb[i]] = ba[i];
    return stmts_equal(a, rename_syms(b, env));
}

namespace {
thread_local std::string_view current_primitive;
}

void sched_error(const std::string& msg) {
    std::string_view op = current_primitive;
    host::raise(scheduling_error(), op.empty() ? msg : std::string(op) + ": " + msg);
}

PrimitiveScope::PrimitiveScope(std::string_view entry) : saved_(current_primitive) {
    constexpr std::string_view prefix = "_sched_";
    current_primitive = entry.substr(0, prefix.size()) == prefix ? entry.substr(prefix.size()) : std::string_view();
}
PrimitiveScope::~PrimitiveScope() { current_primitive = saved_; }
std::string_view PrimitiveScope::current() { return current_primitive; }

ExprPtr int_const(int64_t v, const SrcInfo& s, TypePtr t) { return ir::make<Const>(host::Value::integer(v), t ? t : T::int_(), s); }
ExprPtr index_read(const Sym& x, const SrcInfo& s) { return ir::make<Read>(x, ExprList{}, T::index(), s); }
ExprPtr index_op(BinOpKind op, ExprPtr a, ExprPtr b, const SrcInfo& s, TypePtr t) {
    TypePtr ty = t ? t : a->type;
    return ir::make<BinOp>(op, std::move(a), std::move(b), ty, s);
}
bool is_const(const ExprPtr& e, int64_t* v) {
    auto c = e->as<Const>();
    if (!c || !c->val.is_intlike()) return false;
    if (v) *v = c->val.as_int();
    return true;
}

}  // namespace exo::rewrite
