#include "must_assign.h"

#include <optional>

#include "../host/value.h"
#include "../ir/loopir.h"
#include "../ir/queries.h"

namespace exo::analysis {

namespace {

using ir::BinOpKind;
using ir::Sym;
using smt::Term;

// The coefficient of `j` in `e` when e is affine in j with a constant coefficient.
std::optional<int64_t> coefficient(const ir::Expr& e, const Sym& j) {
    if (!ir::reads_var(e, j)) return 0;
    if (auto r = e.as<ir::Read>()) {
        if (r->idx.empty() && r->name == j) return 1;
        return std::nullopt;
    }
    if (auto u = e.as<ir::USub>()) {
        auto c = coefficient(*u->arg, j);
        if (c) return -*c;
        return std::nullopt;
    }
    auto b = e.as<ir::BinOp>();
    if (!b) return std::nullopt;
    auto l = coefficient(*b->lhs, j), r = coefficient(*b->rhs, j);
    if (!l || !r) return std::nullopt;
    auto int_const = [](const ir::Expr& x) -> std::optional<int64_t> {
        auto c = x.as<ir::Const>();
        if (c && c->val.is_int()) return c->val.as_int();
        return std::nullopt;
    };
    switch (b->op) {
        case BinOpKind::Add: return *l + *r;
        case BinOpKind::Sub: return *l - *r;
        case BinOpKind::Mul:
            if (auto k = int_const(*b->lhs)) return *k * *r;
            if (auto k = int_const(*b->rhs)) return *l * *k;
            return std::nullopt;
        default: return std::nullopt;
    }
}

// A write of the buffer with the scopes between `s` and it: an assignment, or a call
// that passes the buffer (whole or as a window) as argument `arg`, which assigns what
// the callee's body certainly assigns of that parameter. `anchor` is the index that
// locates the write for solving iterators: an assignment's index; for a call, each
// window dimension's point or lower bound (zeros for a whole buffer).
struct Leaf {
    const ir::Assign* assign = nullptr;
    const ir::Call* call = nullptr;
    size_t arg = 0;
    ir::ExprList anchor;
    std::vector<Frame> frames;
};

void collect_leaves(const ir::Stmt& s, const Sym& buf, size_t rank, std::vector<Frame>& frames,
                    std::vector<Leaf>& out) {
    if (auto a = s.as<ir::Assign>()) {
        if (a->name == buf) out.push_back(Leaf{a, nullptr, 0, a->idx, frames});
    } else if (auto c = s.as<ir::Call>()) {
        for (size_t k = 0; k < c->args.size(); ++k) {
            const ir::Expr& arg = *c->args[k];
            ir::ExprList anchor;
            if (auto w = arg.as<ir::WindowExpr>(); w && w->name == buf) {
                for (const auto& d : w->idx) {
                    if (auto pt = d->as<ir::Point>()) anchor.push_back(pt->pt);
                    else anchor.push_back(d->as<ir::Interval>()->lo);
                }
            } else if (auto r = arg.as<ir::Read>(); r && r->name == buf && r->idx.empty()) {
                for (size_t d = 0; d < rank; ++d)
                    anchor.push_back(ir::make<ir::Const>(host::Value::integer(0), ir::T::int_(), r->srcinfo));
            } else {
                continue;
            }
            out.push_back(Leaf{nullptr, c, k, std::move(anchor), frames});
        }
    } else if (auto f = s.as<ir::For>()) {
        frames.push_back(Frame{f, nullptr, true});
        for (const auto& c : f->body) collect_leaves(*c, buf, rank, frames, out);
        frames.pop_back();
    } else if (auto i = s.as<ir::If>()) {
        frames.push_back(Frame{nullptr, i->cond.get(), true});
        for (const auto& c : i->body) collect_leaves(*c, buf, rank, frames, out);
        frames.back().positive = false;
        for (const auto& c : i->orelse) collect_leaves(*c, buf, rank, frames, out);
        frames.pop_back();
    }
}

// Values of the leaf's loop iterators at which its index equals `elem` (if any does):
// a loop whose iterator has coefficient +-1 in some dimension, with no other unsolved
// iterator there, is solved exactly; failing that, one with a larger coefficient gets
// the floor of the quotient (as `io` in `4 * io + ii`); an iterator the index does not
// mention takes its loop's first value. A wrong guess only loses precision: the caller
// checks the index and ranges at the guessed values.
class IteratorSolver {
public:
    IteratorSolver(IterationEncoder& en, const Bindings& b, const Leaf& leaf, const std::vector<Term>& elem)
        : en_(en), idx_(leaf.anchor), elem_(elem), w_(b) {
        for (const auto& f : leaf.frames)
            if (f.loop) unsolved_.push_back(f.loop);
    }

    std::optional<Bindings> solve() {
        while (!unsolved_.empty())
            if (!solve_exactly() && !solve_by_quotient() && !take_first_value()) return std::nullopt;
        return w_;
    }

private:
    IterationEncoder& en_;
    const ir::ExprList& idx_;
    const std::vector<Term>& elem_;
    Bindings w_;
    std::vector<const ir::For*> unsolved_;  // outermost first

    bool mentions_other_unsolved(const ir::Expr& e, const ir::For* f) const {
        for (const ir::For* g : unsolved_)
            if (g != f && ir::reads_var(e, g->iter)) return true;
        return false;
    }
    void bind(size_t n, const Term& value) {
        w_[unsolved_[n]->iter] = value;
        unsolved_.erase(unsolved_.begin() + long(n));
    }

    // j = +-(elem - rest) from a dimension `+-j + rest` with no other unsolved iterator.
    bool solve_exactly() {
        for (size_t n = 0; n < unsolved_.size(); ++n) {
            const Sym& j = unsolved_[n]->iter;
            for (size_t d = 0; d < idx_.size(); ++d) {
                auto a = coefficient(*idx_[d], j);
                if (!a || (*a != 1 && *a != -1) || mentions_other_unsolved(*idx_[d], unsolved_[n])) continue;
                Bindings at_zero = w_;
                at_zero[j] = smt::int_val(0);
                Term rest = en_.enc(*idx_[d], at_zero);
                bind(n, *a == 1 ? elem_[d] - rest : rest - elem_[d]);
                return true;
            }
        }
        return false;
    }

    // j = floor((elem - rest) / a) from a dimension `a * j + rest` (a >= 2), with the
    // other unsolved iterators at 0 in rest.
    bool solve_by_quotient() {
        for (size_t n = 0; n < unsolved_.size(); ++n) {
            for (size_t d = 0; d < idx_.size(); ++d) {
                auto a = coefficient(*idx_[d], unsolved_[n]->iter);
                if (!a || *a < 2) continue;
                Bindings at_zero = w_;
                for (const ir::For* f : unsolved_) at_zero[f->iter] = smt::int_val(0);
                bind(n, en_.floor_div(elem_[d] - en_.enc(*idx_[d], at_zero), *a));
                return true;
            }
        }
        return false;
    }

    // An iterator the index does not mention: the loop's first value.
    bool take_first_value() {
        for (size_t n = 0; n < unsolved_.size(); ++n) {
            const ir::For* f = unsolved_[n];
            bool in_index = false;
            for (const auto& i : idx_) in_index = in_index || ir::reads_var(*i, f->iter);
            if (in_index) continue;
            bind(n, en_.enc(*f->lo, w_));
            return true;
        }
        return false;
    }
};

// The call leaf `leaf` (its iterators bound by `w`) assigns elem: elem lies in the
// window passed, and the callee's body assigns the corresponding element of its
// parameter.
Term call_assigns(IterationEncoder& en, const Bindings& w, const Leaf& leaf, const std::vector<Term>& elem) {
    const ir::Call& c = *leaf.call;
    const ir::Proc& f = *c.f;
    Term t = smt::bool_val(true);
    std::vector<Term> inner;
    if (auto win = c.args[leaf.arg]->as<ir::WindowExpr>()) {
        for (size_t d = 0; d < win->idx.size(); ++d) {
            if (auto pt = win->idx[d]->as<ir::Point>()) {
                t = t && smt::eq(en.enc(*pt->pt, w), elem[d]);
                continue;
            }
            auto iv = win->idx[d]->as<ir::Interval>();
            Term lo = en.enc(*iv->lo, w);
            t = t && lo <= elem[d] && elem[d] < en.enc(*iv->hi, w);
            inner.push_back(elem[d] - lo);
        }
    } else {
        inner = elem;
    }
    // The callee's control parameters take the caller's values.
    Bindings cb = w;
    for (size_t k = 0; k < f.args.size() && k < c.args.size(); ++k)
        if (f.args[k].type->is_indexable()) cb[f.args[k].name] = en.enc(*c.args[k], w);
    Term body = smt::bool_val(false);
    for (const auto& st : f.body) body = body || must_assign(en, cb, *st, f.args[leaf.arg].name, inner);
    return t && body;
}

}  // namespace

Term must_assign(IterationEncoder& en, const Bindings& b, const ir::Stmt& s, const Sym& buf,
                 const std::vector<Term>& elem) {
    std::vector<Frame> frames;
    std::vector<Leaf> leaves;
    collect_leaves(s, buf, elem.size(), frames, leaves);
    Term out = smt::bool_val(false);
    for (const auto& leaf : leaves) {
        if (leaf.anchor.size() != elem.size()) continue;
        std::optional<Bindings> w = IteratorSolver(en, b, leaf, elem).solve();
        if (!w) continue;
        Term t = smt::bool_val(true);
        bool known = true;
        for (const auto& f : leaf.frames) {
            if (f.loop) {
                t = t && en.in_range(*f.loop, *w);
                continue;
            }
            Term c = en.enc(*f.cond, *w);
            if (!c.is_bool()) known = false;
            else t = t && (f.positive ? c : !c);
        }
        if (!known) continue;
        if (leaf.call) {
            out = out || (t && call_assigns(en, *w, leaf, elem));
            continue;
        }
        for (size_t d = 0; d < elem.size(); ++d) t = t && smt::eq(en.enc(*leaf.assign->idx[d], *w), elem[d]);
        out = out || t;
    }
    return out;
}

namespace {

// Does `s` read a value of `buf`? A window of buf passed to a call counts only if the
// callee reads that parameter (an instruction that stores through it does not). This is
// ir::proc_reads_arg's question asked of one statement, but more precise for a scalar
// passed to a call, which proc_reads_arg (and the C backend's const-ness that rests on
// it) always counts as read.
bool reads_values(const ir::StmtPtr& s, const Sym& buf) {
    if (auto c = s->as<ir::Call>()) {
        for (size_t k = 0; k < c->args.size(); ++k) {
            const ir::Expr& arg = *c->args[k];
            bool passed = false;
            if (auto w = arg.as<ir::WindowExpr>(); w && w->name == buf) {
                passed = true;
                for (const auto& d : w->idx) {
                    if (auto pt = d->as<ir::Point>(); pt && ir::reads_var(*pt->pt, buf)) return true;
                    if (auto iv = d->as<ir::Interval>(); iv && (ir::reads_var(*iv->lo, buf) || ir::reads_var(*iv->hi, buf)))
                        return true;
                }
            } else if (auto r = arg.as<ir::Read>(); r && r->name == buf && r->idx.empty()) {
                passed = true;
            }
            if (!passed) {
                if (ir::reads_var(arg, buf)) return true;
            } else if (k >= c->f->args.size() || ir::proc_reads_arg(*c->f, c->f->args[k].name)) {
                return true;
            }
        }
        return false;
    }
    auto any_reads = [&](const ir::StmtList& ss) {
        for (const auto& x : ss)
            if (reads_values(x, buf)) return true;
        return false;
    };
    if (auto f = s->as<ir::For>()) return ir::reads_var(*f->lo, buf) || ir::reads_var(*f->hi, buf) || any_reads(f->body);
    if (auto i = s->as<ir::If>()) return ir::reads_var(*i->cond, buf) || any_reads(i->body) || any_reads(i->orelse);
    return ir::reads_var(ir::StmtList{s}, buf);
}

}  // namespace

bool block_assigns_before_reading(const ir::Proc& p, const ir::BlockLoc& b, const Sym& buf,
                                  const std::vector<std::vector<WinDim>>& ranges) {
    const ir::StmtList& list = *ir::stmt_list_at(p, b.parent, b.field);
    IterationEncoder en(p, b);
    Bindings run = en.instance("");
    std::vector<Term> elem;
    Term in_ranges = smt::bool_val(true);
    for (size_t d = 0; d < ranges.size(); ++d) {
        elem.push_back(smt::int_var("assigned_elem#" + std::to_string(d)));
        for (const WinDim& r : ranges[d]) {
            Term lo = en.enc(*r.lo, run);
            in_ranges = in_ranges && (r.interval ? lo <= elem[d] && elem[d] < en.enc(*r.hi, run) : smt::eq(lo, elem[d]));
        }
    }
    Term assigned = smt::bool_val(false);
    for (size_t i = b.lo; i < b.hi && !reads_values(list[i], buf); ++i)
        assigned = assigned || must_assign(en, run, *list[i], buf, elem);
    return en.unsat(in_ranges && !assigned);
}

}  // namespace exo::analysis
