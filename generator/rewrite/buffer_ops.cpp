// The buffer primitives of upstream's docs/primitives/buffer_ops.md: expand_dim,
// resize_dim (and its fold form, fold_buffer), rearrange_dim, divide_dim, mult_dim, unroll_buffer,
// lift_alloc, sink_alloc, delete_buffer, reuse_buffer.
#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>

#include "../analysis/alloc_checks.h"
#include "../analysis/range_analysis.h"
#include "../analysis/sched_checks.h"
#include "../ir/dependencies.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "../ir/visitor.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

struct AllocSite {
    std::shared_ptr<const Alloc> alloc;
    Path path;
    BlockLoc rest;  // the statements after the allocation in its list
};

AllocSite alloc_site(const Proc& p, const Path& path) {
    auto a = cast<Alloc>(stmt_at(p, path));
    if (!a) sched_error("expected an allocation");
    Path parent(path.begin(), path.end() - 1);
    const StmtList* l = stmt_list_at(p, parent, path.back().field);
    return {a, path, BlockLoc{parent, path.back().field, size_t(path.back().index) + 1, l->size()}};
}

// Rewrites every access to one buffer: reads (`in_call` for a direct call argument),
// windows, writes (assign / reduce) and strides. The hooks edit the name and indices in
// place; the rewriter rebuilds the nodes (windows get a fresh window type over
// `new_type`).
class Uses : public IRMutator {
public:
    Sym x;
    TypePtr new_type;
    std::function<void(Sym&, ExprList&, bool in_call, const Read&)> on_read;
    std::function<void(Sym&, WAccessList&, bool in_call, const WindowExpr&)> on_window;
    std::function<void(Sym&, ExprList&, const Stmt&)> on_write;
    std::function<int(int)> on_stride;

protected:
    const Expr* call_arg_ = nullptr;
    // Window statements over the buffer, with their rewritten window types: a window
    // passed on whole by its name must carry the new type too.
    std::unordered_map<Sym, TypePtr> window_vars_;

    StmtPtr visit(const std::shared_ptr<const WindowStmt>& s) override {
        StmtPtr m = IRMutator::visit(s);
        auto ws = cast<WindowStmt>(m);
        if (auto we = ws->rhs->as<WindowExpr>(); we && we->name == x) window_vars_[ws->name] = ws->rhs->type;
        return m;
    }

    StmtPtr visit(const std::shared_ptr<const Call>& s) override {
        ExprList args;
        bool changed = false;
        for (const auto& a : s->args) {
            call_arg_ = a.get();
            ExprPtr m = mutate_expr(a);
            call_arg_ = nullptr;
            changed = changed || m != a;
            args.push_back(m);
        }
        return changed ? ir::make<Call>(s->f, args, s->srcinfo) : s;
    }
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        bool in_call = e.get() == call_arg_;
        call_arg_ = nullptr;
        if (auto w = window_vars_.find(e->name); w != window_vars_.end() && e->idx.empty() && e->type != w->second)
            return ir::make<Read>(e->name, e->idx, w->second, e->srcinfo);
        if (e->name != x || !on_read) return IRMutator::visit(e);
        bool c = false;
        ExprList idx = mutate_exprs(e->idx, &c);
        Sym name = e->name;
        on_read(name, idx, in_call, *e);
        TypePtr t = e->type;
        if (idx.empty() && e->type->is_tensor_or_window() && new_type) t = new_type;
        return ir::make<Read>(name, idx, t, e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        bool in_call = e.get() == call_arg_;
        call_arg_ = nullptr;
        if (e->name != x || !on_window) return IRMutator::visit(e);
        bool c = false;
        WAccessList idx = mutate_w_accesses(e->idx, &c);
        Sym name = e->name;
        on_window(name, idx, in_call, *e);
        TypePtr t = new_type && new_type->is_tensor_or_window() ? create_window_type(name, new_type, idx) : e->type;
        return ir::make<WindowExpr>(name, idx, t, e->srcinfo);
    }
    ExprPtr visit(const std::shared_ptr<const StrideExpr>& e) override {
        if (e->name != x || !on_stride) return IRMutator::visit(e);
        return ir::make<StrideExpr>(e->name, on_stride(e->dim), e->type, e->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Assign>& s) override {
        StmtPtr m = IRMutator::visit(s);
        if (s->name != x || !on_write) return m;
        auto a = cast<Assign>(m);
        Sym name = a->name;
        ExprList idx = a->idx;
        on_write(name, idx, *s);
        return ir::make<Assign>(name, a->type, idx, a->rhs, a->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Reduce>& s) override {
        StmtPtr m = IRMutator::visit(s);
        if (s->name != x || !on_write) return m;
        auto a = cast<Reduce>(m);
        Sym name = a->name;
        ExprList idx = a->idx;
        on_write(name, idx, *s);
        return ir::make<Reduce>(name, a->type, idx, a->rhs, a->srcinfo);
    }
};

// The proc with the allocation replaced by `allocs` and the statements after it
// rewritten by `u`.
ProcPtr rewrite_after(const Proc& p, const AllocSite& site, Uses& u, const StmtList& allocs) {
    size_t k = size_t(site.path.back().index);
    const StmtList* l = stmt_list_at(p, site.rest.parent, site.rest.field);
    StmtList rest(l->begin() + long(k) + 1, l->end());
    StmtList new_rest = u.mutate_stmts(rest);
    StmtList repl = allocs;
    repl.insert(repl.end(), new_rest.begin(), new_rest.end());
    return with_block(p, BlockLoc{site.rest.parent, site.rest.field, k, l->size()}, repl);
}

StmtPtr with_type(const Alloc& a, TypePtr t) { return ir::make<Alloc>(a.name, std::move(t), a.mem, a.srcinfo); }

ExprPtr binop(BinOpKind op, ExprPtr a, ExprPtr b, TypePtr t, const SrcInfo& s) {
    return ir::make<BinOp>(op, std::move(a), std::move(b), std::move(t), s);
}

void check_new_bounds(const ProcPtr& q, const AllocSite& site) {
    checked([&] { analysis::check_bounds(*q, site.path, site.rest); });
}

}  // namespace

Rewritten expand_dim(const ProcPtr& p, const Path& path, const ExprPtr& alloc_dim, const ExprPtr& indexing) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    checked([&] { analysis::check_is_positive_expr(*p, block_of_stmt(path), alloc_dim); });
    ExprList shape{alloc_dim};
    for (const auto& d : a.type->shape()) shape.push_back(d);
    TypePtr nt = T::tensor(shape, false, a.type->basetype_ptr(a.type));
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym&, ExprList& idx, bool in_call, const Read&) {
        if (in_call && idx.empty())
            sched_error("TODO: Please Contact the developers to fix (i.e. add) support for passing windows to scalar arguments");
        idx.insert(idx.begin(), indexing);
    };
    u.on_window = [&](Sym&, WAccessList& idx, bool, const WindowExpr& w) {
        idx.insert(idx.begin(), ir::make<Point>(indexing, w.srcinfo));
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt&) { idx.insert(idx.begin(), indexing); };
    ProcPtr q = rewrite_after(*p, site, u, {with_type(a, nt)});
    check_new_bounds(q, site);
    return {q, {Edit{}}};
}

Rewritten resize_dim(const ProcPtr& p, const Path& path, int64_t dim, const ExprPtr& size, const ExprPtr& offset) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    if (!a.type->is<TensorType>()) sched_error("Cannot resize a scalar buffer");
    if (dim < 0 || size_t(dim) >= a.type->shape().size()) sched_error("Dimension index out of range");
    checked([&] { analysis::check_is_positive_expr(*p, block_of_stmt(path), size); });
    ExprList shape = a.type->shape();
    shape[size_t(dim)] = size;
    TypePtr nt = T::tensor(shape, false, a.type->basetype_ptr(a.type));
    auto shift = [&](const ExprPtr& e, const SrcInfo& s) { return binop(BinOpKind::Sub, e, offset, offset->type, s); };
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym&, ExprList& idx, bool, const Read& r) {
        if (idx.size() <= size_t(dim)) sched_error("Cannot resize " + a.name.name() + " because the buffer is passed as an argument");
        idx[size_t(dim)] = shift(idx[size_t(dim)], r.srcinfo);
    };
    u.on_window = [&](Sym&, WAccessList& idx, bool, const WindowExpr& w) {
        WAccessPtr& acc = idx[size_t(dim)];
        if (auto pt = acc->as<Point>()) acc = ir::make<Point>(shift(pt->pt, w.srcinfo), w.srcinfo);
        else {
            auto iv = acc->as<Interval>();
            acc = ir::make<Interval>(shift(iv->lo, w.srcinfo), shift(iv->hi, w.srcinfo), w.srcinfo);
        }
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt& s) { idx[size_t(dim)] = shift(idx[size_t(dim)], s.srcinfo); };
    ProcPtr q = rewrite_after(*p, site, u, {with_type(a, nt)});
    check_new_bounds(q, site);
    return {q, {Edit{}}};
}

Rewritten rearrange_dim(const ProcPtr& p, const Path& path, const std::vector<int64_t>& perm) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    auto permute = [&](const auto& es) {
        std::decay_t<decltype(es)> out;
        for (int64_t i : perm) out.push_back(es.at(size_t(i)));
        return out;
    };
    TypePtr nt = T::tensor(permute(a.type->shape()), false, a.type->basetype_ptr(a.type));
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    auto passed = [&](const Expr& e) {
        sched_error("Cannot permute buffer '" + a.name.name() + "' because it is passed as a sub-procedure argument at " +
                    e.srcinfo.str());
    };
    u.on_read = [&](Sym&, ExprList& idx, bool in_call, const Read& r) {
        if (in_call) passed(r);
        idx = permute(idx);
    };
    u.on_window = [&](Sym&, WAccessList& idx, bool in_call, const WindowExpr& w) {
        if (in_call) passed(w);
        std::vector<int64_t> keep;
        for (int64_t i : perm)
            if (idx.at(size_t(i))->is<Interval>()) keep.push_back(i);
        if (!std::is_sorted(keep.begin(), keep.end()))
            sched_error("Permuting the window expression at " + w.srcinfo.str() +
                        " would change the meaning of the window; propagating dimension rearrangement through windows is "
                        "not currently supported");
        idx = permute(idx);
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt&) { idx = permute(idx); };
    u.on_stride = [&](int d) { return int(std::find(perm.begin(), perm.end(), d) - perm.begin()); };
    return {rewrite_after(*p, site, u, {with_type(a, nt)}), {Edit{}}};
}

Rewritten divide_dim(const ProcPtr& p, const Path& path, int64_t dim, int64_t quot) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    ExprList shape = a.type->shape();
    ExprPtr d = shape.at(size_t(dim));
    checked([&] { analysis::check_is_divisible(*p, block_of_stmt(path), d, quot); });
    int64_t v = 0;
    ExprPtr numer = is_const(d, &v) && v % quot == 0 ? int_const(v / quot, d->srcinfo, d->type)
                                                      : binop(BinOpKind::Div, d, int_const(quot, d->srcinfo, d->type), d->type, d->srcinfo);
    shape[size_t(dim)] = numer;
    shape.insert(shape.begin() + long(dim) + 1, int_const(quot, d->srcinfo));
    TypePtr nt = T::tensor(shape, false, a.type->basetype_ptr(a.type));
    auto remap = [&](ExprList& idx) {
        ExprPtr i = idx.at(size_t(dim));
        ExprPtr q = int_const(quot, i->srcinfo);
        idx[size_t(dim)] = binop(BinOpKind::Div, i, q, i->type, i->srcinfo);
        idx.insert(idx.begin() + long(dim) + 1, binop(BinOpKind::Mod, i, q, i->type, i->srcinfo));
    };
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym&, ExprList& idx, bool, const Read&) {
        if (idx.empty()) sched_error("Cannot divide " + a.name.name() + " because buffer is passed as an argument");
        remap(idx);
    };
    u.on_window = [&](Sym&, WAccessList&, bool, const WindowExpr&) {
        sched_error("Cannot divide " + a.name.name() + " because the buffer is windowed later on");
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt&) { remap(idx); };
    return {rewrite_after(*p, site, u, {with_type(a, nt)}), {Edit{}}};
}

Rewritten mult_dim(const ProcPtr& p, const Path& path, int64_t hi, int64_t lo) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    ExprList shape = a.type->shape();
    ExprPtr lo_dim = shape.at(size_t(lo)), hi_dim = shape.at(size_t(hi));
    int64_t lo_val = 0;
    if (!is_const(lo_dim, &lo_val))
        sched_error("Cannot multiply with non-literal second dimension: " + print_expr(*lo_dim));
    shape[size_t(hi)] = binop(BinOpKind::Mul, lo_dim, hi_dim, hi_dim->type, hi_dim->srcinfo);
    shape.erase(shape.begin() + long(lo));
    TypePtr nt = T::tensor(shape, false, a.type->basetype_ptr(a.type));
    auto remap = [&](ExprList& idx) {
        ExprPtr h = idx.at(size_t(hi)), l = idx.at(size_t(lo));
        ExprPtr mul = binop(BinOpKind::Mul, int_const(lo_val, h->srcinfo), h, h->type, h->srcinfo);
        idx[size_t(hi)] = binop(BinOpKind::Add, mul, l, T::index(), h->srcinfo);
        idx.erase(idx.begin() + long(lo));
    };
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym&, ExprList& idx, bool, const Read&) {
        if (idx.empty()) sched_error("Cannot multiply " + a.name.name() + " because buffer is passed as an argument");
        remap(idx);
    };
    u.on_window = [&](Sym&, WAccessList&, bool, const WindowExpr&) {
        sched_error("Cannot multiply " + a.name.name() + " because the buffer is windowed later on");
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt&) { remap(idx); };
    return {rewrite_after(*p, site, u, {with_type(a, nt)}), {Edit{}}};
}

Rewritten unroll_buffer(const ProcPtr& p, const Path& path, int64_t dim) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    const ExprList& shape = a.type->shape();
    if (shape.empty()) sched_error("Cannot unroll a scalar buffer");
    if (dim < 0 || size_t(dim) >= shape.size()) sched_error("Cannot unroll an out-of-bounds dimension " + std::to_string(dim));
    int64_t n = 0;
    if (!is_const(shape[size_t(dim)], &n))
        sched_error("Expected a constant buffer dimension, got " + print_expr(*shape[size_t(dim)]) + " at " +
                    std::to_string(dim) + "'th dimension.");
    std::vector<Sym> syms;
    for (int64_t i = 0; i < n; ++i) syms.emplace_back(a.name.name() + "_" + std::to_string(i));
    ExprList new_shape = shape;
    new_shape.erase(new_shape.begin() + long(dim));
    TypePtr nt = new_shape.empty() ? a.type->basetype_ptr(a.type) : T::tensor(new_shape, false, a.type->basetype_ptr(a.type));
    std::set<int64_t> used;
    auto pick = [&](const ExprPtr& e) -> Sym {
        int64_t v = 0;
        if (!is_const(e, &v))
            sched_error("Expected a constant buffer access, got " + print_expr(*e) + " at " + std::to_string(dim) +
                        "'th dimension. Try unrolling the loop. ");
        if (v < 0 || v >= n) sched_error("The buffer " + a.name.name() + " is accessed out-of-bounds");
        used.insert(v);
        return syms[size_t(v)];
    };
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym& name, ExprList& idx, bool, const Read&) {
        if (idx.size() <= size_t(dim)) sched_error("Cannot unroll " + a.name.name() + " because buffer is passed as an argument");
        name = pick(idx[size_t(dim)]);
        idx.erase(idx.begin() + long(dim));
    };
    u.on_window = [&](Sym& name, WAccessList& idx, bool, const WindowExpr&) {
        auto pt = idx.at(size_t(dim))->as<Point>();
        if (!pt) sched_error("Cannot unroll a buffer at a dimension used as a window.");
        name = pick(pt->pt);
        idx.erase(idx.begin() + long(dim));
    };
    u.on_write = [&](Sym& name, ExprList& idx, const Stmt&) {
        name = pick(idx.at(size_t(dim)));
        idx.erase(idx.begin() + long(dim));
    };
    // The allocations are only known after the rewrite.
    size_t k = size_t(path.back().index);
    const StmtList* l = stmt_list_at(*p, site.rest.parent, site.rest.field);
    StmtList rest = u.mutate_stmts(StmtList(l->begin() + long(k) + 1, l->end()));
    StmtList allocs;
    for (int64_t v : used) allocs.push_back(ir::make<Alloc>(syms[size_t(v)], nt, a.mem, a.srcinfo));
    StmtList repl = allocs;
    repl.insert(repl.end(), rest.begin(), rest.end());
    ProcPtr q = with_block(*p, BlockLoc{site.rest.parent, site.rest.field, k, l->size()}, repl);
    return {q, {Edit{Edit::Replace, site.rest.parent, site.rest.field, k, k + 1, allocs.size()}}};
}

namespace {

std::set<uint64_t> free_vars(const ExprList& es) {
    struct V : IRVisitor {
        std::set<uint64_t> out;
        void visit(const Read& r) override {
            out.insert(r.name.id());
            IRVisitor::visit(r);
        }
    } v;
    for (const auto& e : es) v.visit_expr(*e);
    return v.out;
}

}  // namespace

Rewritten lift_alloc(const ProcPtr& p, const Path& path, int64_t n_lifts) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    std::set<uint64_t> szvars = free_vars(a.type->shape());
    Path target = path;
    for (int64_t i = 0; i < n_lifts; ++i) {
        target.pop_back();
        if (target.empty())
            sched_error("specified lift level " + std::to_string(n_lifts) + " is more than " + std::to_string(i) +
                        ", the number of loops and ifs above the allocation");
        if (auto f = stmt_at(*p, target)->as<For>()) {
            if (szvars.count(f->iter.id()))
                sched_error("Cannot lift allocation statement " + print_stmt(a) + " past loop with iteration variable " +
                            std::to_string(i) + " because the allocation size depends on " + std::to_string(i) + ".");
            // Upstream's lift_alloc checks only the allocation's size (above).
            checked_beyond_upstream([&] { analysis::check_alloc_movable_across_loop(*p, target, a.name, analysis::AllocMove::OutOfLoop); });
        }
    }
    ProcPtr q = with_block(*p, block_of_stmt(path), {});
    q = with_block(*q, BlockLoc{Path(target.begin(), target.end() - 1), target.back().field, size_t(target.back().index),
                                size_t(target.back().index)},
                   {site.alloc});
    Edit e{Edit::Move, path};
    e.dst = target;
    return {q, {e}};
}

Rewritten sink_alloc(const ProcPtr& p, const Path& path) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    Path scope = path;
    scope.back().index += 1;
    StmtPtr s = stmt_at(*p, scope);
    const StmtList* l = stmt_list_at(*p, site.rest.parent, site.rest.field);
    StmtList after(l->begin() + scope.back().index + 1, l->end());
    for (const auto& acc : get_reads_of_stmts(after))
        if (acc.name == a.name) goto outside;
    for (const auto& acc : get_writes_of_stmts(after))
        if (acc.name == a.name) goto outside;
    if (false) {
    outside:
        sched_error("Cannot sink allocation " + print_stmt(a) + " because the buffer is accessed outside of the scope provided.");
    }
    if (s->is<For>()) checked([&] { analysis::check_alloc_movable_across_loop(*p, scope, a.name, analysis::AllocMove::IntoLoop); });
    StmtPtr moved;
    Edits edits;
    Path new_scope = path;  // after the allocation leaves, the scope takes its place
    Edit mv{Edit::Move, path};
    mv.dst = new_scope;
    mv.dst.push_back(Step{Field::Body, 0});
    edits.push_back(mv);
    if (auto f = s->as<For>()) {
        StmtList body{site.alloc};
        body.insert(body.end(), f->body.begin(), f->body.end());
        moved = ir::make<For>(f->iter, f->lo, f->hi, body, f->loop_mode, f->srcinfo);
    } else {
        auto i = s->as<If>();
        StmtList body{site.alloc};
        body.insert(body.end(), i->body.begin(), i->body.end());
        StmtList orelse = i->orelse;
        if (!orelse.empty()) {
            // A fresh buffer for the else branch (upstream leaves the branch's uses
            // naming the first one, out of its scope; here they follow the copy).
            Sym copy = a.name.copy();
            orelse = rename_syms(orelse, {{a.name, copy}});
            orelse.insert(orelse.begin(), ir::make<Alloc>(copy, a.type, a.mem, a.srcinfo));
            edits.push_back(Edit{Edit::Insert, new_scope, Field::Orelse, 0, 0, 1, Field::Body});
        }
        moved = ir::make<If>(i->cond, body, orelse, i->srcinfo);
    }
    size_t k = size_t(path.back().index);
    ProcPtr q = with_block(*p, BlockLoc{site.rest.parent, site.rest.field, k, k + 2}, {moved});
    return {q, edits};
}

Rewritten delete_buffer(const ProcPtr& p, const Path& path) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    checked([&] { analysis::check_is_dead_after(*p, block_of_stmt(path), a.name, int(a.type->shape().size())); });
    BlockLoc b = block_of_stmt(path);
    // Beyond upstream: code that never runs (a loop of no iterations) passes the check
    // above, yet its mentions of the buffer would be left without a definition.
    const StmtList& list = *stmt_list_at(*p, b.parent, b.field);
    if (mentions(StmtList(list.begin() + long(b.hi), list.end()), a.name))
        sched_error("The variable " + a.name.name() + " can potentially be used after the statement at " +
                    a.srcinfo.str() + " executes.");
    return {with_block(*p, b, {}), {Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, 0}}};
}

namespace {

// The path of the first statement (pre-order) under `ss` (at `parent`/`field`, from
// index `lo`) that writes `x`.
std::optional<Path> first_write(const StmtList& ss, const Path& parent, Field field, size_t lo, const Sym& x) {
    for (size_t i = lo; i < ss.size(); ++i) {
        Path here = parent;
        here.push_back(Step{field, int32_t(i)});
        const Stmt& s = *ss[i];
        if (auto a = s.as<Assign>(); a && a->name == x) return here;
        if (auto r = s.as<Reduce>(); r && r->name == x) return here;
        if (auto f = s.as<For>())
            if (auto w = first_write(f->body, here, Field::Body, 0, x)) return w;
        if (auto c = s.as<If>()) {
            if (auto w = first_write(c->body, here, Field::Body, 0, x)) return w;
            if (auto w = first_write(c->orelse, here, Field::Orelse, 0, x)) return w;
        }
    }
    return std::nullopt;
}

}  // namespace

Rewritten reuse_buffer(const ProcPtr& p, const Path& buf_path, const Path& rep_path) {
    AllocSite buf = alloc_site(*p, buf_path), rep = alloc_site(*p, rep_path);
    if (print_type(*buf.alloc->type) != print_type(*rep.alloc->type))
        sched_error("Cannot reuse buffer " + buf.alloc->name.name() + " of type " + print_type(*buf.alloc->type) +
                    " for " + rep.alloc->name.name() + " of type " + print_type(*rep.alloc->type));
    const Sym& b = buf.alloc->name;
    const StmtList* l = stmt_list_at(*p, rep.rest.parent, rep.rest.field);
    if (auto w = first_write(*l, rep.rest.parent, rep.rest.field, rep.rest.lo, rep.alloc->name))
        checked([&] { analysis::check_is_dead_after(*p, block_of_stmt(*w), b, int(buf.alloc->type->shape().size())); });
    // buf must be in scope where rep is allocated: earlier in rep's block or in one
    // enclosing it (else its renamed accesses would name a buffer that does not exist)
    size_t n = buf_path.size() - 1;
    bool in_scope = rep_path.size() > n && std::equal(buf_path.begin(), buf_path.begin() + long(n), rep_path.begin()) &&
                    rep_path[n].field == buf_path[n].field && rep_path[n].index > buf_path[n].index;
    if (!in_scope)
        sched_error("Cannot reuse buffer " + buf.alloc->name.name() + " for " + rep.alloc->name.name() +
                    ": it is not allocated before it in an enclosing block");
    // Every mention of the replaced buffer names the reused one: accesses, windows,
    // strides, and the source buffer recorded in window types.
    size_t k = size_t(rep_path.back().index);
    StmtList rest = rename_syms(StmtList(l->begin() + long(k) + 1, l->end()), {{rep.alloc->name, b}});
    BlockLoc whole{rep.rest.parent, rep.rest.field, k, l->size()};
    ProcPtr q = with_block(*p, whole, rest);
    return {q, {Edit{Edit::Replace, rep.rest.parent, rep.rest.field, k, k + 1, 0}}};
}

}  // namespace exo::rewrite

namespace exo::rewrite {

using namespace ir;

namespace {

// autolift_alloc's rewrite of the buffer's accesses: the lifted loops' iterators are
// added as indices (before the old ones in "row" mode, after them in "col" mode); a
// whole buffer passed to a call becomes a window with those iterators as points.
class LiftedUses : public IRMutator {
public:
    Sym x;
    std::vector<Sym> iters;
    bool row = true;
    TypePtr alloc_type;

protected:
    template <class V>
    V arrange(V access, const V& orig) const {
        if (row) {
            access.insert(access.end(), orig.begin(), orig.end());
            return access;
        }
        V out = orig;
        out.insert(out.end(), access.begin(), access.end());
        return out;
    }
    ExprList reads(const SrcInfo& s) const {
        ExprList out;
        for (const auto& i : iters) out.push_back(index_read(i, s));
        return out;
    }
    WAccessList points(const SrcInfo& s) const {
        WAccessList out;
        for (const auto& i : iters) out.push_back(ir::make<Point>(index_read(i, s), s));
        return out;
    }

    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        ExprPtr m = IRMutator::visit(e);
        if (e->name != x || iters.empty()) return m;
        auto r = cast<Read>(m);
        if (r->type->is_real_scalar()) return ir::make<Read>(r->name, arrange(reads(r->srcinfo), r->idx), r->type, r->srcinfo);
        WAccessList orig;
        for (const auto& hi : r->type->shape()) orig.push_back(ir::make<Interval>(int_const(0, r->srcinfo), hi, r->srcinfo));
        WAccessList idx = arrange(points(r->srcinfo), orig);
        TypePtr as_tensor = r->type;
        if (auto w = r->type->as<WindowType>()) as_tensor = w->as_tensor;
        return ir::make<WindowExpr>(r->name, idx, ir::make<WindowType>(alloc_type, as_tensor, r->name, idx), r->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Call>& s) override {
        // Once lifted, the whole buffer passed becomes a window, and a scalar an element:
        // the callee must take a window, and no call takes an element for a scalar.
        for (size_t k = 0; k < s->args.size() && k < s->f->args.size() && !iters.empty(); ++k) {
            auto r = s->args[k]->as<Read>();
            if (!r || r->name != x || (!r->type->is_real_scalar() && s->f->args[k].type->is_win())) continue;
            sched_error("Cannot lift the allocation of " + x.name() + ": it is passed whole to " + s->f->name +
                        ", whose argument " + s->f->args[k].name.name() +
                        (r->type->is_real_scalar() ? " would get an element" : " is not a window"));
        }
        return IRMutator::visit(s);
    }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        ExprPtr m = IRMutator::visit(e);
        if (e->name != x || iters.empty()) return m;
        auto w = cast<WindowExpr>(m);
        WAccessList idx = arrange(points(w->srcinfo), w->idx);
        TypePtr as_tensor = w->type;
        if (auto wt = w->type->as<WindowType>()) as_tensor = wt->as_tensor;
        return ir::make<WindowExpr>(w->name, idx, ir::make<WindowType>(alloc_type, as_tensor, w->name, idx), w->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Assign>& s) override {
        if (s->name != x) return IRMutator::visit(s);
        return ir::make<Assign>(s->name, s->type, arrange(reads(s->srcinfo), s->idx), mutate_expr(s->rhs), s->srcinfo);
    }
    StmtPtr visit(const std::shared_ptr<const Reduce>& s) override {
        if (s->name != x) return IRMutator::visit(s);
        return ir::make<Reduce>(s->name, s->type, arrange(reads(s->srcinfo), s->idx), mutate_expr(s->rhs), s->srcinfo);
    }
};

bool depends_on(const std::vector<DepKey>& deps, const Sym& s) {
    for (const auto& d : deps)
        if (!d.is_config() && d.sym == s) return true;
    return false;
}

}  // namespace

Rewritten autolift_alloc(const ProcPtr& p, const Path& path, int64_t n_lifts, const std::string& mode, int64_t size,
                         bool keep_dims) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    if (mode != "row" && mode != "col") sched_error("Unknown lift mode " + mode + ", should be 'row' or 'col'");
    size_t depth = path.size() - 1;  // enclosing loops and ifs
    if (size_t(n_lifts) > depth)
        sched_error("specified lift level " + std::to_string(n_lifts) + " is higher than the number of loop " +
                    std::to_string(depth));
    std::vector<DepKey> deps = dependencies_of(DepKey::of(a.name), p->body);
    Path site_path(path.begin(), path.end() - long(n_lifts));
    std::vector<Sym> iters;
    ExprList rngs;
    for (size_t len = site_path.size(); len <= depth; ++len) {
        Path loop_path(path.begin(), path.begin() + long(len));
        auto f = stmt_at(*p, loop_path)->as<For>();
        if (!f) continue;
        if (!keep_dims || !depends_on(deps, f->iter)) {
            // The iterations of this loop will share one buffer.
            checked_beyond_upstream([&] { analysis::check_alloc_movable_across_loop(*p, loop_path, a.name, analysis::AllocMove::OutOfLoop); });
            continue;
        }
        iters.push_back(f->iter);
        if (size > 0) {
            int64_t c = 0;
            auto b = f->hi->as<BinOp>();
            if (is_const(f->hi, &c)) {
                if (c > size) sched_error("Lift size cannot be less than for-loop bound " + std::to_string(c));
            } else if (b && b->op == BinOpKind::Mod && is_const(b->rhs, &c)) {
                if (c > size) sched_error("Lift size cannot be less than for-loop bound " + print_expr(*f->hi));
            } else {
                sched_error("a lift size is only supported for constant or '% c' loop bounds");
            }
            rngs.push_back(int_const(size, f->srcinfo));
        } else {
            rngs.push_back(f->hi);
        }
    }
    ExprList shape;
    for (const auto& r : rngs)
        shape.push_back(r->is<Const>() ? r : ir::make<BinOp>(BinOpKind::Add, r, int_const(1, r->srcinfo), T::index(), r->srcinfo));
    TypePtr nt = a.type;
    if (a.type->is<TensorType>()) {
        const ExprList& old = a.type->shape();
        if (mode == "row") shape.insert(shape.end(), old.begin(), old.end());
        else shape.insert(shape.begin(), old.begin(), old.end());
        nt = a.type->basetype_ptr(a.type);
    }
    if (!shape.empty()) nt = T::tensor(shape, false, nt);
    LiftedUses u;
    u.x = a.name;
    u.iters = iters;
    u.row = mode == "row";
    u.alloc_type = nt;
    // Rewrite the uses (they follow the allocation in its list), drop the allocation,
    // then put the new one before the lift site.
    const StmtList* l = stmt_list_at(*p, site.rest.parent, site.rest.field);
    size_t k = size_t(path.back().index);
    StmtList rest(l->begin() + long(k) + 1, l->end());
    ProcPtr q = with_block(*p, BlockLoc{site.rest.parent, site.rest.field, k, l->size()}, u.mutate_stmts(rest));
    StmtPtr lifted = ir::make<Alloc>(a.name, nt, a.mem, a.srcinfo);
    BlockLoc at = block_of_stmt(site_path);
    at.hi = at.lo;
    q = with_block(*q, at, {lifted});
    return {q, {}};
}

}  // namespace exo::rewrite

namespace exo::rewrite {

using namespace ir;

namespace {

// Upstream's CheckFoldBuffer: walks the statements after the allocation keeping, per
// statement list, the window of dimension `dim` accessed so far; folding to `size` is
// safe when no access reaches `size` or more below the largest earlier access (within
// a list, and between consecutive iterations of a loop). Unlike upstream's, it also sees
// a right-hand side that is nothing but a read of the buffer.
class FoldCheck {
public:
    FoldCheck(Sym name, size_t dim, int64_t size) : name(std::move(name)), dim(dim), size(size) {}
    Sym name;
    size_t dim;
    int64_t size;

    std::optional<analysis::IndexRange> stmts(const StmtList& ss) {
        scopes_.emplace_back();
        for (const auto& s : ss) stmt(*s);
        auto out = scopes_.back();
        scopes_.pop_back();
        return out;
    }

private:
    using Range = analysis::IndexRange;
    std::vector<std::optional<Range>> scopes_;
    std::optional<Range> within_;

    static Range rng(const ExprPtr& e) { return analysis::index_range(e); }

    static std::optional<Range> merge(const std::optional<Range>& x, const std::optional<Range>& y) {
        if (!x) return y;
        if (!y) return x;
        return *x | *y;
    }

    void update(const std::string& what, const Range& b) {
        auto& w = scopes_.back();
        if (!w) {
            w = b;
            return;
        }
        if (!b.lo || !w->hi)
            sched_error("Buffer folding failed because the current analysis cannot handle variable width access windows.");
        if (*b.lo <= *w->hi - size)
            sched_error("Buffer folding failed because access window of " + what + " accesses more than " + std::to_string(size) +
                        " before the largest access of previous statements.");
        w = *w | b;
    }

    void within(const Range& r) { within_ = within_ ? (*within_ | r) : r; }

    // Upstream's do_e: a read or window of the buffer records the range of its index in
    // the folded dimension (without looking inside it); anything else recurses.
    void expr(const Expr& e) {
        if (auto r = e.as<Read>(); r && r->name == name) {
            within(rng(r->idx.at(dim)));
            return;
        }
        if (auto w = e.as<WindowExpr>(); w && w->name == name) {
            const WAccessPtr& a = w->idx.at(dim);
            if (auto iv = a->as<Interval>()) within(rng(iv->lo) | rng(iv->hi));
            else within(rng(a->as<Point>()->pt));
            return;
        }
        children(e);
    }
    // The generic traversal of an expression's children (upstream's LoopIR_Do.do_e,
    // which does not apply the buffer test to the expression itself).
    void children(const Expr& e) {
        if (auto r = e.as<Read>()) {
            for (const auto& i : r->idx) expr(*i);
        } else if (auto b = e.as<BinOp>()) {
            expr(*b->lhs);
            expr(*b->rhs);
        } else if (auto x = e.as<Extern>()) {
            for (const auto& a : x->args) expr(*a);
        } else if (auto u = e.as<USub>()) {
            expr(*u->arg);
        } else if (auto w = e.as<WindowExpr>()) {
            for (const auto& a : w->idx) {
                if (auto iv = a->as<Interval>()) {
                    expr(*iv->lo);
                    expr(*iv->hi);
                } else {
                    expr(*a->as<Point>()->pt);
                }
            }
        }
    }

    void stmt(const Stmt& s) {
        std::optional<Range> bounds;
        if (auto f = s.as<For>()) {
            bounds = stmts(f->body);
            Range iter = rng(f->lo) | (rng(f->hi) - 1);
            if (bounds) {
                int64_t c = bounds->stride_of(f->iter);
                if (!bounds->hi || !bounds->lo)
                    sched_error("Buffer folding failed because the current analysis cannot handle variable width access windows.");
                if (*bounds->lo + c <= *bounds->hi - size)
                    sched_error("Buffer folding failed because access window of iteration i + 1 in " + print_stmt(s) +
                                " goes more than " + std::to_string(size) + " before the largest access of iteration i");
                bounds = bounds->partial_eval(f->iter, iter);
            }
        } else if (auto i = s.as<If>()) {
            auto b = stmts(i->body);
            auto o = stmts(i->orelse);
            bounds = merge(b, o);
        } else if (s.is<Assign>() || s.is<Reduce>()) {
            const Sym& lhs = s.is<Assign>() ? s.as<Assign>()->name : s.as<Reduce>()->name;
            const ExprList& idx = s.is<Assign>() ? s.as<Assign>()->idx : s.as<Reduce>()->idx;
            const ExprPtr& rhs = s.is<Assign>() ? s.as<Assign>()->rhs : s.as<Reduce>()->rhs;
            within_.reset();
            // The whole right-hand side, itself included: upstream visits only its
            // children, so `y[i] = t[7 - i]` went unseen and a fold it contradicts passed.
            expr(*rhs);
            bounds = within_;
            if (bounds) {
                auto w = bounds->size();
                if (!w || *w > size)
                    sched_error("Buffer folding failed because RHS access window's width in stmt " + print_stmt(s) +
                                " exceeded folded size " + std::to_string(size) + ".");
                update(print_expr(*rhs), *bounds);
            }
            if (lhs == name) bounds = merge(bounds, rng(idx.at(dim)));
        } else {
            within_.reset();
            if (auto c = s.as<Call>()) {
                for (const auto& a : c->args) expr(*a);
            } else if (auto w = s.as<WindowStmt>()) {
                expr(*w->rhs);
            } else if (auto wc = s.as<WriteConfig>()) {
                expr(*wc->rhs);
            }
            bounds = within_;
        }
        if (bounds) update(print_stmt(s), *bounds);
    }
};

}  // namespace

Rewritten fold_buffer(const ProcPtr& p, const Path& path, int64_t dim, int64_t size) {
    AllocSite site = alloc_site(*p, path);
    const Alloc& a = *site.alloc;
    if (!a.type->is<TensorType>() || dim < 0 || size_t(dim) >= a.type->shape().size())
        sched_error("Dimension index out of range");
    const StmtList* l = stmt_list_at(*p, site.rest.parent, site.rest.field);
    StmtList rest(l->begin() + long(site.rest.lo), l->end());
    FoldCheck check{a.name, size_t(dim), size};
    try {
        check.stmts(rest);
    } catch (const analysis::RangeError& e) {
        sched_error(std::string("Buffer folding failed: ") + e.what());
    }
    ExprPtr size_expr = Const::of_int(size, T::index(), a.srcinfo);
    ExprList shape = a.type->shape();
    shape[size_t(dim)] = size_expr;
    TypePtr nt = T::tensor(shape, false, a.type->basetype_ptr(a.type));
    auto fold = [&](const ExprPtr& e) { return ir::make<BinOp>(BinOpKind::Mod, e, size_expr, T::index(), e->srcinfo); };
    Uses u;
    u.x = a.name;
    u.new_type = nt;
    u.on_read = [&](Sym&, ExprList& idx, bool, const Read&) {
        if (idx.size() > size_t(dim)) idx[size_t(dim)] = fold(idx[size_t(dim)]);
    };
    u.on_window = [&](Sym&, WAccessList& idx, bool, const WindowExpr& w) {
        WAccessPtr& acc = idx[size_t(dim)];
        if (auto pt = acc->as<Point>()) acc = ir::make<Point>(fold(pt->pt), w.srcinfo);
        else {
            auto iv = acc->as<Interval>();
            acc = ir::make<Interval>(fold(iv->lo), fold(iv->hi), w.srcinfo);
        }
    };
    u.on_write = [&](Sym&, ExprList& idx, const Stmt&) { idx[size_t(dim)] = fold(idx[size_t(dim)]); };
    ProcPtr q = rewrite_after(*p, site, u, {with_type(a, nt)});
    check_new_bounds(q, site);
    return {q, {Edit{}}};
}

}  // namespace exo::rewrite
