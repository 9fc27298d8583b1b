// Upstream's backend/parallel_analysis.py: every `par` loop at the top level of a proc
// body (upstream's pass does not descend further) must have iterations that touch
// disjoint memory. Upstream proves it with its effect analysis (Check_ParallelizeLoop);
// here each pair of accesses to one buffer, at least one of them a write or reduction,
// from two distinct iterations i < i2, is asked to the SMT solver for a common location.
// Where an access cannot be encoded the check assumes the worst, so it never accepts a
// loop upstream rejects.
#include <unordered_map>
#include <unordered_set>

#include "analyses.h"
#include "host_hooks.h"
#include "smt_encode.h"
#include "../ir/queries.h"

namespace exo::backend {

namespace {

using namespace ir;
namespace smt = analysis::smt;

struct Bounds {
    Sym iter;
    ExprPtr lo, hi;
};

struct Access {
    std::string buf;    // buffer (Sym repr) or config field
    ExprList idx;       // empty with `whole`: unknown location
    bool whole = false;
    bool write = false;
    std::vector<Bounds> loops;            // enclosing loops inside the par loop, plus interval vars
    std::vector<std::pair<ExprPtr, bool>> guards;  // If conditions (true: must hold)
};

class Collector {
public:
    Collector(const std::unordered_map<Sym, std::shared_ptr<const WindowType>>& wins) : wins_(wins) {}

    std::vector<Access> accesses;
    std::vector<Sym> inner_syms;

    void stmts(const StmtList& b) {
        for (const auto& s : b) stmt(*s);
    }

private:
    std::unordered_map<Sym, std::shared_ptr<const WindowType>> wins_;
    std::unordered_set<Sym> local_;
    std::vector<Bounds> loops_;
    std::vector<std::pair<ExprPtr, bool>> guards_;

    void add(const Sym& name, ExprList idx, bool write, bool whole, std::vector<Bounds> extra = {}) {
        if (local_.count(name)) return;
        Sym base = name;
        auto w = wins_.find(name);
        if (w != wins_.end() && !whole) {
            ExprList full;
            size_t k = 0;
            for (const auto& a : w->second->idx) {
                if (auto p = a->as<Point>()) full.push_back(p->pt);
                else {
                    auto iv = a->as<Interval>();
                    ExprPtr x = k < idx.size() ? idx[k++] : nullptr;
                    if (!x) { whole = true; break; }
                    full.push_back(ir::make<BinOp>(BinOpKind::Add, iv->lo, x, T::index(), iv->srcinfo));
                }
            }
            idx = std::move(full);
            base = w->second->src_buf;
        } else if (w != wins_.end()) {
            base = w->second->src_buf;
        }
        Access a;
        a.buf = base.repr();
        a.idx = std::move(idx);
        a.whole = whole;
        a.write = write;
        a.loops = loops_;
        for (auto& b : extra) a.loops.push_back(std::move(b));
        a.guards = guards_;
        accesses.push_back(std::move(a));
    }

    void expr(const Expr& e) {
        if (auto r = e.as<Read>()) {
            for (const auto& i : r->idx) expr(*i);
            if (r->type->is_numeric()) add(r->name, r->idx, false, false);
        } else if (auto u = e.as<USub>()) {
            expr(*u->arg);
        } else if (auto b = e.as<BinOp>()) {
            expr(*b->lhs);
            expr(*b->rhs);
        } else if (auto x = e.as<Extern>()) {
            for (const auto& a : x->args) expr(*a);
        } else if (auto rc = e.as<ReadConfig>()) {
            Access a;
            a.buf = "config:" + rc->config.name + "." + rc->field;
            a.loops = loops_;
            a.guards = guards_;
            accesses.push_back(std::move(a));
        } else if (auto w = e.as<WindowExpr>()) {
            window_arg(*w, false);
        }
    }

    // A window passed to a callee: each interval becomes a variable ranging over it.
    void window_arg(const WindowExpr& w, bool write) {
        ExprList idx;
        std::vector<Bounds> extra;
        for (const auto& a : w.idx) {
            if (auto p = a->as<Point>()) {
                expr(*p->pt);
                idx.push_back(p->pt);
            } else {
                auto iv = a->as<Interval>();
                Sym v("win_iv");
                inner_syms.push_back(v);
                extra.push_back({v, iv->lo, iv->hi});
                idx.push_back(ir::make<Read>(v, ExprList{}, T::index(), iv->srcinfo));
            }
        }
        add(w.name, idx, write, false, std::move(extra));
    }

    void stmt(const Stmt& s) {
        if (auto a = s.as<Assign>()) {
            for (const auto& i : a->idx) expr(*i);
            expr(*a->rhs);
            add(a->name, a->idx, true, false);
        } else if (auto r = s.as<Reduce>()) {
            for (const auto& i : r->idx) expr(*i);
            expr(*r->rhs);
            add(r->name, r->idx, true, false);
        } else if (auto wc = s.as<WriteConfig>()) {
            expr(*wc->rhs);
            Access a;
            a.buf = "config:" + wc->config.name + "." + wc->field;
            a.write = true;
            a.loops = loops_;
            a.guards = guards_;
            accesses.push_back(std::move(a));
        } else if (auto i = s.as<If>()) {
            expr(*i->cond);
            guards_.push_back({i->cond, true});
            stmts(i->body);
            guards_.back().second = false;
            stmts(i->orelse);
            guards_.pop_back();
        } else if (auto f = s.as<For>()) {
            expr(*f->lo);
            expr(*f->hi);
            inner_syms.push_back(f->iter);
            loops_.push_back({f->iter, f->lo, f->hi});
            stmts(f->body);
            loops_.pop_back();
        } else if (auto al = s.as<Alloc>()) {
            local_.insert(al->name);
        } else if (auto ws = s.as<WindowStmt>()) {
            if (auto wt = cast<WindowType>(ws->rhs->type)) wins_[ws->name] = wt;
        } else if (auto c = s.as<Call>()) {
            std::unordered_set<Sym> written;
            for (const auto& w : get_writes_of_stmts(c->f->body)) written.insert(w.name);
            for (const auto& cw : get_writeconfigs(c->f->body)) {
                Access a;
                a.buf = "config:" + cw.config.name + "." + cw.field;
                a.write = true;
                a.loops = loops_;
                a.guards = guards_;
                accesses.push_back(std::move(a));
            }
            for (const auto& cr : get_readconfigs(c->f->body)) {
                Access a;
                a.buf = "config:" + cr.config.name + "." + cr.field;
                a.loops = loops_;
                a.guards = guards_;
                accesses.push_back(std::move(a));
            }
            for (size_t k = 0; k < c->args.size() && k < c->f->args.size(); ++k) {
                const ExprPtr& a = c->args[k];
                bool w = written.count(c->f->args[k].name) > 0;
                if (auto we = a->as<WindowExpr>()) window_arg(*we, w);
                else if (auto r = a->as<Read>(); r && r->type->is_numeric()) {
                    if (r->type->is_tensor_or_window()) add(r->name, {}, w, true);
                    else add(r->name, {}, w, false);
                } else {
                    expr(*a);
                }
            }
        }
    }
};

bool may_race(const Proc& proc, const For& loop, const Collector& col) {
    SmtEncoder e1, e2;
    Sym i2 = loop.iter.copy();
    e2.rename(loop.iter, i2);
    for (const auto& s : col.inner_syms) e2.rename(s, s.copy());

    smt::Solver slv;
    for (const auto& a : proc.args)
        if (a.type->kind == TypeKind::Size) slv.assume(e1.var(a.name) >= smt::int_val(1));
    for (const auto& p : proc.preds) {
        smt::Term t = e1.expr(*p);
        if (!t.is_null() && t.is_bool()) slv.assume(t);
    }
    auto in_bounds = [](SmtEncoder& enc, const Sym& v, const Expr& lo, const Expr& hi) {
        smt::Term x = enc.var(v), l = enc.expr(lo), h = enc.expr(hi);
        smt::Term t = smt::bool_val(true);
        if (!l.is_null()) t = t && l <= x;
        if (!h.is_null()) t = t && x < h;
        return t;
    };
    smt::Term base = in_bounds(e1, loop.iter, *loop.lo, *loop.hi) && in_bounds(e2, loop.iter, *loop.lo, *loop.hi) &&
                     e1.var(loop.iter) < e2.var(loop.iter);

    auto context = [&](SmtEncoder& enc, const Access& a) {
        smt::Term t = smt::bool_val(true);
        for (const auto& b : a.loops) t = t && in_bounds(enc, b.iter, *b.lo, *b.hi);
        for (const auto& [g, pos] : a.guards) {
            smt::Term c = enc.expr(*g);
            if (c.is_null() || !c.is_bool()) continue;
            t = t && (pos ? c : !c);
        }
        return t;
    };

    for (const auto& a : col.accesses) {
        for (const auto& b : col.accesses) {
            if (a.buf != b.buf || !(a.write || b.write)) continue;
            smt::Term q = base && context(e1, a) && context(e2, b);
            if (!a.whole && !b.whole && a.idx.size() == b.idx.size()) {
                for (size_t k = 0; k < a.idx.size(); ++k) {
                    smt::Term x = e1.expr(*a.idx[k]), y = e2.expr(*b.idx[k]);
                    if (!x.is_null() && !y.is_null()) q = q && smt::eq(x, y);
                }
            }
            for (const auto& s : e1.side_conditions()) q = q && s;
            for (const auto& s : e2.side_conditions()) q = q && s;
            if (slv.is_sat(q)) return true;
        }
    }
    return false;
}

}  // namespace

ir::ProcPtr parallel_analysis(const ir::ProcPtr& p) {
    std::vector<std::string> errors;
    std::unordered_map<Sym, std::shared_ptr<const WindowType>> wins;
    for (const auto& s : p->body) {
        if (auto ws = s->as<WindowStmt>()) {
            if (auto wt = cast<WindowType>(ws->rhs->type)) wins[ws->name] = wt;
            continue;
        }
        auto f = s->as<For>();
        if (!f || f->loop_mode != LoopMode::Par) continue;
        Collector col(wins);
        col.stmts(f->body);
        if (may_race(*p, *f, col))
            errors.push_back(f->srcinfo.str() +
                             ": parallel loop's body is not parallelizable because of potential data races");
    }
    if (!errors.empty()) {
        std::string msg = "Errors occurred during precision checking:";
        for (const auto& e : errors) msg += "\n" + e;
        raise_type_error(msg);
    }
    return p;
}

}  // namespace exo::backend
