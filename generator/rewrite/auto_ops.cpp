// Upstream's legacy API-level primitives: autofission (fission that also drops loops
// made unnecessary), add_unsafe_guard (deprecated, no check) and insert_noop_call
// (a call to a proc whose body is `pass`; beyond upstream, the callee's asserts must
// hold where it is inserted). autolift_alloc lives in buffer_ops.cpp with
// the other allocation rewrites.
#include <set>

#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "../ir/visitor.h"
#include "../ir/well_formed.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// Does `ss` mention (read, write, window or stride) any of `xs`?
bool uses_any(const StmtList& ss, const std::set<uint64_t>& xs) {
    for (const auto& r : get_reads_of_stmts(ss))
        if (xs.count(r.name.id())) return true;
    for (const auto& w : get_writes_of_stmts(ss))
        if (xs.count(w.name.id())) return true;
    return false;
}

// Allocations anywhere in `ss`.
std::set<uint64_t> allocs_in(const StmtList& ss) {
    struct V : IRVisitor {
        std::set<uint64_t> out;
        void visit(const Alloc& s) override {
            out.insert(s.name.id());
            IRVisitor::visit(s);
        }
    } v;
    v.visit_stmts(ss);
    return v.out;
}

// Is running `ss` twice the same as running it once, judged syntactically (upstream's
// _is_idempotent: no reductions, also inside called procs)?
bool syntactically_idempotent(const StmtList& ss) {
    for (const auto& s : ss) {
        if (s->is<Reduce>()) return false;
        if (auto c = s->as<Call>()) {
            if (!syntactically_idempotent(c->f->body)) return false;
        } else if (auto i = s->as<If>()) {
            if (!syntactically_idempotent(i->body) || !syntactically_idempotent(i->orelse)) return false;
        } else if (auto f = s->as<For>()) {
            if (!syntactically_idempotent(f->body)) return false;
        }
    }
    return true;
}

[[noreturn]] void buried() {
    sched_error("Will not fission here, because an allocation might be buried in a different scope than some "
                "use-site");
}

// Splits the whole proc into the statements before and after the target statement,
// fissioning up to n_lifts enclosing loops / ifs on the way (upstream's
// DoFissionLoops). A loop whose half neither reads the iterator nor reduces is dropped
// around that half.
class AutoFission {
public:
    const Stmt* tgt;
    int n_lifts;
    bool hit = false;

    using Halves = std::pair<StmtList, StmtList>;

    Halves split(const StmtList& ss) {
        Halves out;
        for (const auto& s : ss) {
            auto [pre, post] = split_stmt(s);
            out.first.insert(out.first.end(), pre.begin(), pre.end());
            out.second.insert(out.second.end(), post.begin(), post.end());
        }
        return out;
    }

private:
    // Upstream lets a reduction in `post` use an allocation of `pre`: fine when the loop
    // around `pre` is then dropped, which hoists the allocation; autofission checks that
    // its result binds every name it uses.
    static void alloc_check(const StmtList& pre, const StmtList& post) {
        std::set<uint64_t> allocs = allocs_in(pre);
        if (allocs.empty()) return;
        for (const auto& s : post) {
            if (s->is<Reduce>()) continue;
            if (uses_any({s}, allocs)) buried();
        }
    }

    bool take(const Halves& h) {
        if (h.first.empty() || h.second.empty() || n_lifts <= 0) return false;
        --n_lifts;
        alloc_check(h.first, h.second);
        return true;
    }

    Halves split_stmt(const StmtPtr& s) {
        if (s.get() == tgt) {
            hit = true;
            return {{s}, {}};
        }
        StmtPtr single = s;
        if (auto i = s->as<If>()) {
            Halves b = split(i->body);
            if (take(b))
                return {{ir::make<If>(i->cond, b.first, StmtList{}, i->srcinfo)}, {ir::make<If>(i->cond, b.second, i->orelse, i->srcinfo)}};
            StmtList body = b.first;
            body.insert(body.end(), b.second.begin(), b.second.end());
            Halves o = split(i->orelse);
            if (take(o))
                return {{ir::make<If>(i->cond, body, o.first, i->srcinfo)},
                        {ir::make<If>(i->cond, StmtList{ir::make<Pass>(i->srcinfo)}, o.second, i->srcinfo)}};
            StmtList orelse = o.first;
            orelse.insert(orelse.end(), o.second.begin(), o.second.end());
            single = ir::make<If>(i->cond, body, orelse, i->srcinfo);
        } else if (auto f = s->as<For>()) {
            Halves b = split(f->body);
            if (take(b)) {
                StmtList pre = b.first, post = b.second;
                if (reads_var(pre, f->iter) || !syntactically_idempotent(pre))
                    pre = alpha_rename({ir::make<For>(f->iter, f->lo, f->hi, pre, f->loop_mode, f->srcinfo)});
                if (reads_var(post, f->iter) || !syntactically_idempotent(post))
                    post = {ir::make<For>(f->iter, f->lo, f->hi, post, f->loop_mode, f->srcinfo)};
                return {pre, post};
            }
            StmtList body = b.first;
            body.insert(body.end(), b.second.begin(), b.second.end());
            single = ir::make<For>(f->iter, f->lo, f->hi, body, f->loop_mode, f->srcinfo);
        }
        if (hit) return {{}, {single}};
        return {{single}, {}};
    }
};

}  // namespace

Rewritten autofission(const ProcPtr& p, const Path& stmt, int n_lifts) {
    AutoFission af{stmt_at(*p, stmt).get(), n_lifts};
    auto [pre, post] = af.split(p->body);
    pre.insert(pre.end(), post.begin(), post.end());
    auto q = std::make_shared<Proc>(*p);
    q->body = pre;
    q->instr.reset();
    if (!well_formedness_error(*q).empty()) buried();  // a reduction left out of scope
    return {q, {}};
}

Rewritten add_unsafe_guard(const ProcPtr& p, const Path& stmt, const ExprPtr& cond) {
    StmtPtr s = stmt_at(*p, stmt);
    StmtPtr guarded = ir::make<If>(cond, alpha_rename({s}), StmtList{}, s->srcinfo);
    return {with_stmt(*p, stmt, guarded), {}};
}

namespace {

// Upstream's check_call_types, reporting the first problem.
void check_call_args(const ExprList& args, const std::vector<FnArg>& sig) {
    auto fail = [](const std::string& msg) { sched_error("Function argument type mismatch:" + msg); };
    for (size_t i = 0; i < args.size() && i < sig.size(); ++i) {
        const Expr& a = *args[i];
        const TypePtr& at = a.type;
        const TypePtr& st = sig[i].type;
        std::string ats = print_type(*at);
        if (st->kind == TypeKind::Size || st->kind == TypeKind::Index) {
            if (!at->is_indexable()) fail("expected size or index type expression, but got type " + ats);
        } else if (st->kind == TypeKind::Bool) {
            if (at->kind != TypeKind::Bool) fail("expected bool-type variable, but got type " + ats);
        } else if (st->kind == TypeKind::Stride) {
            if (!at->is_stridable()) fail("expected stride-type variable, but got type " + ats);
        } else if (st->is_numeric()) {
            if (!at->is_numeric()) fail("expected numeric type expression, but got type " + ats);
            else if (at->shape().size() != st->shape().size())
                fail("expected argument of type '" + print_type(*st) + "', but got type '" + ats + "'");
            else if (at->is_real_scalar() && !a.is<ReadConfig>() && !(a.is<Read>() && a.as<Read>()->idx.empty()))
                fail("expected scalar arguments to be simply variable names for now");
        }
    }
}

}  // namespace

Rewritten insert_noop_call(const ProcPtr& p, const Path& anchor, bool after, const ProcPtr& callee,
                           const std::vector<NoopArg>& args) {
    if (!(callee->body.size() == 1 && callee->body[0]->is<Pass>()))
        sched_error("Cannot insert a proc whose body is not pass");
    Path parent(anchor.begin(), anchor.end() - 1);
    StmtPtr parent_s = parent.empty() ? nullptr : stmt_at(*p, parent);
    SrcInfo si = parent_s ? parent_s->srcinfo : p->srcinfo;
    ExprList xs;
    for (const auto& a : args) {
        if (!a.window) {
            xs.push_back(a.expr);
            continue;
        }
        auto buf = a.expr->as<Read>();
        if (!buf) sched_error("expected a buffer name");
        WAccessList idx;
        ExprList shape;
        for (const auto& d : a.dims) {
            if (d.hi) {
                shape.push_back(ir::make<BinOp>(BinOpKind::Sub, d.hi, d.lo, d.hi->type, si));
                idx.push_back(ir::make<Interval>(d.lo, d.hi, si));
            } else {
                idx.push_back(ir::make<Point>(d.lo, si));
            }
        }
        TypePtr as_tensor = T::tensor(shape, true, buf->type->basetype_ptr(buf->type));
        TypePtr wt = ir::make<WindowType>(buf->type, as_tensor, buf->name, idx);
        xs.push_back(ir::make<WindowExpr>(buf->name, idx, wt, si));
    }
    StmtPtr call = ir::make<Call>(callee, xs, si);
    BlockLoc at{parent, anchor.back().field, 0, 0};
    at.lo = at.hi = size_t(anchor.back().index) + (after ? 1 : 0);
    ProcPtr q = with_block(*p, at, {call});
    check_call_args(xs, callee->args);
    recheck_call_site(*q, *call);
    return {q, {Edit{Edit::Insert, at.parent, at.field, at.lo, at.lo, 1, Field::Body}}};
}

}  // namespace exo::rewrite
