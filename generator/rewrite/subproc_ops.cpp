// Sub-procedure primitives (upstream's subproc_ops.md): replace, inline, call_eqv;
// extract_subproc is in extract_subproc.cpp.
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "../analysis/boundscheck.h"
#include "../analysis/sched_checks.h"
#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/queries.h"
#include "checked.h"
#include "primitives.h"
#include "unification.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// `sub` with its arguments and every variable its body binds renamed to fresh Syms.
Proc alpha_renamed(const Proc& sub) {
    std::unordered_map<Sym, Sym> env;
    SymMap sub_env;
    Proc q = sub;
    for (auto& a : q.args) {
        Sym n = a.name.copy();
        env[a.name] = n;
        sub_env[a.name] = ir::make<Read>(n, ExprList{}, a.type, a.srcinfo);
    }
    for (auto& a : q.args) {
        if (auto t = a.type->as<TensorType>()) {
            ExprList hi;
            for (auto& e : t->hi) hi.push_back(substitute(e, sub_env));
            a.type = T::tensor(hi, t->is_window, t->type);
        }
        a.name = env[a.name];
    }
    for (auto& b : binders(sub.body)) env[b] = b.copy();
    q.body = rename_syms(sub.body, env);
    ExprList preds;
    for (auto& e : sub.preds) preds.push_back(substitute(e, sub_env));
    q.preds = preds;
    return q;
}

// alpha_renamed(*sub), made once per sub: a schedule tries one instruction on many
// blocks (ExoBLAS's replace_all_stmts tries each on every statement), and renaming is a
// good part of an attempt's cost. Sharing the renamed copy between attempts is safe
// because its Syms never leave `replace`: unification answers with the block's own
// expressions, and the call it builds names `sub` itself.
const Proc& renamed_for_unification(const ProcPtr& sub) {
    struct Entry {
        std::weak_ptr<const Proc> sub;  // the entry is stale once the sub is gone
        Proc renamed;
    };
    static std::unordered_map<const Proc*, Entry> memo;
    auto it = memo.find(sub.get());
    if (it != memo.end() && it->second.sub.lock() == sub) return it->second.renamed;
    if (memo.size() >= 1024) memo.clear();
    return memo.insert_or_assign(sub.get(), Entry{sub, alpha_renamed(*sub)}).first->second.renamed;
}

Edit replace_edit(const BlockLoc& b, size_t n) {
    Edit e;
    e.kind = Edit::Replace;
    e.parent = b.parent;
    e.field = b.field;
    e.lo = b.lo;
    e.hi = b.hi;
    e.n = n;
    return e;
}

// Unit-stride (and other constant-stride) asserts of `sub` that fall on a window argument
// of `p` itself: upstream's `replace` assumes them silently. We turn each into an implied
// precondition of `p` (checked at p's own call sites), so the window's caller, not this
// call, answers for it; strides of anything else must still be proven here.
ExprList implied_stride_preds(const Proc& p, const Proc& sub, const ExprList& args, const SrcInfo& at) {
    std::unordered_set<Sym> window_args;
    for (const auto& a : p.args)
        if (auto t = a.type->as<TensorType>(); t && t->is_window) window_args.insert(a.name);
    ExprList out;
    for (const auto& pred : sub.preds) {
        auto cs = as_const_stride(*pred);
        if (!cs) continue;
        const StrideExpr& st = *cs->stride;
        for (size_t k = 0; k < sub.args.size() && k < args.size(); ++k) {
            if (sub.args[k].name != st.name) continue;
            Sym buf;
            int dim = -1;
            if (auto r = args[k]->as<Read>()) {
                buf = r->name;
                dim = st.dim;
            } else if (auto w = args[k]->as<WindowExpr>()) {
                buf = w->name;
                dim = window_buffer_dim(*w, st.dim);
            }
            if (dim < 0 || !window_args.count(buf)) continue;
            ExprPtr lhs = ir::make<StrideExpr>(buf, dim, T::stride(), at);
            ExprPtr implied = ir::make<BinOp>(BinOpKind::Eq, lhs, pred->as<BinOp>()->rhs, T::bool_(), at);
            bool known = false;
            for (const auto& q : p.preds) known = known || expr_equal(*q, *implied);
            for (const auto& q : p.implied_preds) known = known || expr_equal(*q, *implied);
            for (const auto& q : out) known = known || expr_equal(*q, *implied);
            if (!known) out.push_back(implied);
        }
    }
    return out;
}

}  // namespace

Replaced replace(const ProcPtr& p, const BlockLoc& block, const ProcPtr& sub) {
    size_t n = sub->body.size();
    if (block.hi - block.lo < n) sched_error("Not enough statements to match");
    // most refusals: the first statements' kinds differ, known without the unifier
    if (auto refusal = quick_refusal(*p, block, *sub)) return {std::nullopt, *refusal};
    Unified u = unify_block(*p, block, renamed_for_unification(sub));
    if (u.refusal) return {std::nullopt, *u.refusal};
    const ExprList& args = u.args;
    const StmtList* list = stmt_list_at(*p, block.parent, block.field);
    StmtPtr call = ir::make<Call>(sub, args, (*list)[block.lo]->srcinfo);
    BlockLoc b{block.parent, block.field, block.lo, block.lo + n};
    ProcPtr out = with_block(*p, b, {call});
    if (ExprList implied = implied_stride_preds(*p, *sub, args, call->srcinfo); !implied.empty()) {
        Proc q = *out;
        q.implied_preds.insert(q.implied_preds.end(), implied.begin(), implied.end());
        out = ir::make<Proc>(std::move(q));
    }
    // Beyond upstream: the callee's asserts and the bounds of its accesses must hold at
    // the new call site.
    recheck_call_site(*out, *call);
    return {Rewritten{out, {replace_edit(b, 1)}}, {}};
}

Rewritten inline_call(const ProcPtr& p, const Path& call_path) {
    StmtPtr s = stmt_at(*p, call_path);
    auto c = s ? s->as<Call>() : nullptr;
    if (!c) sched_error("expected a call");
    const Proc& f = *c->f;
    StmtList win_binds;
    std::unordered_map<Sym, Sym> renames;
    SymMap subst;
    for (size_t i = 0; i < f.args.size() && i < c->args.size(); ++i) {
        const FnArg& fa = f.args[i];
        const ExprPtr& a = c->args[i];
        if (a->is<WindowExpr>()) {
            Sym nm = fa.name.copy();
            win_binds.push_back(ir::make<WindowStmt>(nm, a, a->srcinfo));
            renames[fa.name] = nm;
        } else if (auto r = a->as<Read>(); r && fa.type->is_numeric()) {
            renames[fa.name] = r->name;
        } else {
            subst[fa.name] = a;
        }
    }
    StmtList body = rename_syms(f.body, renames);
    body = substitute(body, subst);
    StmtList all = win_binds;
    all.insert(all.end(), body.begin(), body.end());
    all = alpha_rename(all);
    BlockLoc b = block_of_stmt(call_path);
    return {with_block(*p, b, all), {replace_edit(b, all.size())}};
}

Rewritten call_eqv(const ProcPtr& p, const Path& call_path, const ProcPtr& eqv,
                   const std::vector<ConfigField>& differing) {
    StmtPtr s = stmt_at(*p, call_path);
    auto c = s ? s->as<Call>() : nullptr;
    if (!c) sched_error("expected a call");
    // The two callees may leave `differing` configs with different values: the caller
    // must not read them afterwards; those it leaves visible make the caller differ too.
    StmtPtr n = ir::make<Call>(eqv, c->args, c->srcinfo);
    ProcPtr out = with_stmt(*p, call_path, n);
    std::vector<ConfigField> visible;
    if (!differing.empty())
        visible = checked([&] { return analysis::check_extend_eqv(*p, *out, block_of_stmt(call_path), differing); });
    std::string err = analysis::aliasing_error(*out);
    if (!err.empty()) sched_error(err);
    return {out, {Edit{}}, visible};
}

}  // namespace exo::rewrite
