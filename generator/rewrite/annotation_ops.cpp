// Memory, precision, window and parallel annotations (upstream's backend_ops.md):
// set_precision, set_memory, set_window, parallelize_loop. Their soundness is the
// backend checks' business (memory, precision and parallel analyses at compile time).
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

TypePtr with_base(const TypePtr& t, const TypePtr& base) {
    if (auto tt = t->as<TensorType>()) return T::tensor(tt->hi, tt->is_window, base);
    if (auto w = t->as<WindowType>())
        return ir::make<WindowType>(with_base(w->src_type, base), with_base(w->as_tensor, base), w->src_buf, w->idx);
    return base;
}

// Every typed use of `buf` (reads, writes, windows) gets the new element type.
class Retype : public IRMutator {
public:
    Retype(Sym buf, TypePtr base) : buf_(std::move(buf)), base_(std::move(base)) {}

protected:
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        auto r = cast<Read>(IRMutator::visit(e));
        return r->name == buf_ ? ir::make<Read>(r->name, r->idx, with_base(r->type, base_), r->srcinfo) : r;
    }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        auto w = cast<WindowExpr>(IRMutator::visit(e));
        return w->name == buf_ ? ir::make<WindowExpr>(w->name, w->idx, with_base(w->type, base_), w->srcinfo) : w;
    }
    StmtPtr visit(const std::shared_ptr<const Assign>& s) override {
        auto a = cast<Assign>(IRMutator::visit(s));
        return a->name == buf_ ? ir::make<Assign>(a->name, with_base(a->type, base_), a->idx, a->rhs, a->srcinfo) : a;
    }
    StmtPtr visit(const std::shared_ptr<const Reduce>& s) override {
        auto r = cast<Reduce>(IRMutator::visit(s));
        return r->name == buf_ ? ir::make<Reduce>(r->name, with_base(r->type, base_), r->idx, r->rhs, r->srcinfo) : r;
    }
    StmtPtr visit(const std::shared_ptr<const Alloc>& s) override {
        return s->name == buf_ ? ir::make<Alloc>(s->name, with_base(s->type, base_), s->mem, s->srcinfo) : s;
    }

private:
    Sym buf_;
    TypePtr base_;
};

class Remem : public IRMutator {
public:
    Remem(Sym buf, MemRef mem) : buf_(std::move(buf)), mem_(std::move(mem)) {}

protected:
    StmtPtr visit(const std::shared_ptr<const Alloc>& s) override {
        return s->name == buf_ ? ir::make<Alloc>(s->name, s->type, mem_, s->srcinfo) : s;
    }

private:
    Sym buf_;
    MemRef mem_;
};

}  // namespace

Rewritten set_type_and_mem(const ProcPtr& p, const Target& t, const TypePtr& base, std::optional<bool> win,
                           const MemRef& mem) {
    Proc q = *p;
    Sym name;
    TypePtr old;
    if (t.arg >= 0) {
        name = q.args.at(size_t(t.arg)).name;
        old = q.args[size_t(t.arg)].type;
    } else {
        auto a = cast<Alloc>(stmt_at(*p, t.alloc));
        if (!a) sched_error("expected an allocation");
        name = a->name;
        old = a->type;
    }
    if (base) {
        Retype rt(name, base);
        ProcPtr m = rt.mutate_proc(p);
        q.body = m->body;
        if (t.arg >= 0) q.args[size_t(t.arg)].type = with_base(old, base);
    }
    if (win) {
        auto tt = old->as<TensorType>();
        if (!tt) sched_error("cannot change windowing of a non-tensor/window argument");
        q.args.at(size_t(t.arg)).type = T::tensor(tt->hi, *win, tt->type);
    }
    if (!mem.is_null()) {
        if (t.arg >= 0) q.args[size_t(t.arg)].mem = mem;
        else q.body = Remem(name, mem).mutate_stmts(q.body);
    }
    return {ir::make<Proc>(std::move(q)), {Edit{}}};
}

Rewritten parallelize_loop(const ProcPtr& p, const Path& loop) {
    auto f = cast<For>(stmt_at(*p, loop));
    if (!f) sched_error("expected a loop");
    return {with_stmt(*p, loop, ir::make<For>(f->iter, f->lo, f->hi, f->body, LoopMode::Par, f->srcinfo)), {Edit{}}};
}

}  // namespace exo::rewrite
