// extract_subproc (upstream's subproc_ops.md): a block becomes a new proc, called in
// its place. The new proc's parameters are the variables in scope at the block that it
// uses (or that size the buffers it uses): the proc's arguments in their order, then
// the allocations and enclosing loop iterators from the outermost in; its asserts are
// those facts known at the block (the proc's asserts, enclosing loop bounds, enclosing
// branch conditions) that mention only its parameters.
#include <algorithm>
#include <unordered_set>

#include "../analysis/boundscheck.h"
#include "../ir/loopir.h"
#include "../ir/queries.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

struct EnvEntry {
    Sym name;
    TypePtr type;  // the parameter's type
    MemRef mem;
    TypePtr arg_type = nullptr;  // the argument's type, when not `type` (a window)
    Sym src_buf{};               // a window's underlying buffer, whose memory it has
};

ExprPtr binop_bool(BinOpKind op, ExprPtr a, ExprPtr b, const SrcInfo& si) {
    return ir::make<BinOp>(op, std::move(a), std::move(b), T::bool_(), si);
}

}  // namespace

Extracted extract_subproc(const ProcPtr& p, const BlockLoc& block, const std::string& name, bool include_asserts) {
    if (std::string err = analysis::aliasing_error(*p); !err.empty()) sched_error(err);
    const StmtList* list = stmt_list_at(*p, block.parent, block.field);
    if (!list || block.lo >= block.hi || block.hi > list->size()) sched_error("expected a non-empty block");

    // Walk backwards from the block's first statement: earlier siblings, then the
    // enclosing statement, and so on up to the proc. `env` collects the variables bound
    // on the way (nearest first), `facts` what the enclosing loops and ifs establish.
    std::vector<EnvEntry> env;
    ExprList facts;
    Path cur = block.parent;
    cur.push_back(Step{block.field, int32_t(block.lo)});
    while (!cur.empty()) {
        bool ancestor = cur.back().index == 0;
        Field from_field = cur.back().field;
        if (ancestor) cur.pop_back();
        else cur.back().index -= 1;
        if (cur.empty()) break;
        StmtPtr s = stmt_at(*p, cur);
        if (auto f = s->as<For>(); f && ancestor) {
            env.push_back({f->iter, T::index(), MemRef()});
            ExprPtr it = ir::make<Read>(f->iter, ExprList{}, T::index(), f->srcinfo);
            facts.push_back(binop_bool(BinOpKind::Le, f->lo, it, f->srcinfo));
            facts.push_back(binop_bool(BinOpKind::Lt, it, f->hi, f->srcinfo));
        } else if (auto i = s->as<If>(); i && ancestor) {
            // Beyond upstream: only the ifs enclosing the block say anything about it (an
            // earlier sibling if's condition is unknown there).
            facts.push_back(binop_bool(BinOpKind::Eq, i->cond, Const::of_bool(from_field == Field::Body, i->srcinfo),
                                       i->srcinfo));
        } else if (auto a = s->as<Alloc>()) {
            env.push_back({a->name, a->type, a->mem});
        } else if (auto w = s->as<WindowStmt>()) {
            // Beyond upstream (which leaves such a window unbound in the new proc): a
            // window named earlier is passed as a window argument.
            if (auto wt = w->rhs->type->as<WindowType>())
                env.push_back({w->name, wt->as_tensor, MemRef(), w->rhs->type, wt->src_buf});
        }
    }
    for (auto it = p->args.rbegin(); it != p->args.rend(); ++it) env.push_back({it->name, it->type, it->mem});
    std::reverse(env.begin(), env.end());
    for (auto& e : env)
        if (e.src_buf)
            for (auto& o : env)
                if (o.name == e.src_buf) e.mem = o.mem;

    ExprList preds = p->preds;
    preds.insert(preds.end(), facts.begin(), facts.end());

    StmtList body(list->begin() + long(block.lo), list->begin() + long(block.hi));
    const SrcInfo& info = body.front()->srcinfo;
    // Beyond upstream: a buffer or window the block names would no longer exist for the
    // statements after it.
    StmtList rest(list->begin() + long(block.hi), list->end());
    for (const auto& s : body) {
        Sym named = bound_name(*s);
        if (named && mentions(rest, named))
            sched_error("Cannot extract the block: " + named.name() + ", which it allocates or names, is used after it");
    }

    // The variables the block uses, and those sizing the buffers among them.
    std::unordered_set<Sym> used;
    for (auto& r : get_reads_of_stmts(body)) used.insert(r.name);
    for (auto& w : get_writes_of_stmts(body)) used.insert(w.name);
    for (auto& e : env) {
        if (!used.count(e.name)) continue;
        if (auto t = e.type->as<TensorType>())
            for (auto& d : t->hi)
                for (auto& r : get_reads_of_expr(*d)) used.insert(r.name);
    }

    std::vector<FnArg> fnargs;
    ExprList args;
    for (auto& e : env) {
        if (!used.count(e.name)) continue;
        args.push_back(ir::make<Read>(e.name, ExprList{}, e.arg_type ? e.arg_type : e.type, info));
        fnargs.push_back(FnArg{e.name, e.type, e.mem, info});
    }

    ExprList sub_preds;
    if (include_asserts) {
        for (auto& pr : preds) {
            bool ok = true;
            for (auto& r : get_reads_of_expr(*pr))
                if (!used.count(r.name)) ok = false;
            if (ok) sub_preds.push_back(pr);
        }
    }

    // Beyond upstream: facts that contradict each other (the block is in a branch that
    // never runs) would be asserts the new proc could not be compiled with.
    ProcPtr probe = ir::make<Proc>(Proc{name, fnargs, sub_preds, StmtList{ir::make<Pass>(info)}, std::nullopt, info, {}});
    if (!analysis::bounds_check_errors(*probe).empty())
        sched_error("Cannot extract the block: it never runs (the conditions around it contradict each other)");
    ProcPtr sub = ir::make<Proc>(Proc{name, fnargs, sub_preds, body, std::nullopt, info, {}});
    StmtPtr call = ir::make<Call>(sub, args, info);
    ProcPtr out = with_block(*p, block, {call});
    // Beyond upstream: the call must not pass one buffer twice (a window and the
    // buffer it views, say).
    if (std::string err = analysis::aliasing_error(*out); !err.empty()) sched_error(err);
    Edit e;
    e.kind = Edit::Replace;
    e.parent = block.parent;
    e.field = block.field;
    e.lo = block.lo;
    e.hi = block.hi;
    e.n = 1;
    return {{out, {e}}, sub};
}

}  // namespace exo::rewrite
