#include "must_assign.h"

#include <algorithm>
#include <optional>

#include "../ir/visitor.h"

namespace exo::analysis {

namespace {

using ir::BinOpKind;
using ir::Sym;
using smt::Term;

bool mentions(const ir::Expr& e, const Sym& var) {
    struct V : ir::IRVisitor {
        const Sym* var;
        bool found = false;
        void visit(const ir::Read& r) override {
            if (r.name == *var) found = true;
            ir::IRVisitor::visit(r);
        }
    } v;
    v.var = &var;
    v.visit_expr(e);
    return v.found;
}

// The coefficient of `j` in `e` when e is affine in j with a constant coefficient.
std::optional<int64_t> coefficient(const ir::Expr& e, const Sym& j) {
    if (!mentions(e, j)) return 0;
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

// An assignment to the buffer with the scopes between `s` and it.
struct Leaf {
    const ir::Assign* assign;
    std::vector<Frame> frames;
};

void collect_leaves(const ir::Stmt& s, const Sym& buf, std::vector<Frame>& frames, std::vector<Leaf>& out) {
    if (auto a = s.as<ir::Assign>()) {
        if (a->name == buf) out.push_back(Leaf{a, frames});
    } else if (auto f = s.as<ir::For>()) {
        frames.push_back(Frame{f, nullptr, true});
        for (const auto& c : f->body) collect_leaves(*c, buf, frames, out);
        frames.pop_back();
    } else if (auto i = s.as<ir::If>()) {
        frames.push_back(Frame{nullptr, i->cond.get(), true});
        for (const auto& c : i->body) collect_leaves(*c, buf, frames, out);
        frames.back().positive = false;
        for (const auto& c : i->orelse) collect_leaves(*c, buf, frames, out);
        frames.pop_back();
    }
}

// Values of the leaf's loop iterators at which its index equals `elem` (if any does):
// a loop whose iterator has coefficient +-1 in some dimension, with no other unsolved
// iterator there, is solved exactly; failing that, one with a larger coefficient gets
// the floor of the quotient (as `io` in `4 * io + ii`); an iterator the index does not
// mention takes its loop's first value. A wrong guess only loses precision: the caller
// checks the index and ranges at the guessed values.
std::optional<Bindings> solve_iterators(IterationEncoder& en, const Bindings& b, const Leaf& leaf,
                                        const std::vector<Term>& elem) {
    const ir::ExprList& idx = leaf.assign->idx;
    std::vector<Sym> unsolved;
    std::vector<const ir::For*> loops;
    for (const auto& f : leaf.frames)
        if (f.loop) {
            unsolved.push_back(f.loop->iter);
            loops.push_back(f.loop);
        }
    Bindings w = b;
    auto others_absent = [&](const ir::Expr& e, const Sym& j) {
        for (const auto& k : unsolved)
            if (!(k == j) && mentions(e, k)) return false;
        return true;
    };
    while (!unsolved.empty()) {
        bool progress = false;
        for (size_t n = 0; n < unsolved.size() && !progress; ++n) {
            const Sym j = unsolved[n];
            for (size_t d = 0; d < idx.size() && !progress; ++d) {
                auto a = coefficient(*idx[d], j);
                if (!a || (*a != 1 && *a != -1) || !others_absent(*idx[d], j)) continue;
                Bindings at_zero = w;
                at_zero[j] = smt::int_val(0);
                Term rest = en.enc(*idx[d], at_zero);
                w[j] = *a == 1 ? elem[d] - rest : rest - elem[d];
                unsolved.erase(unsolved.begin() + long(n));
                progress = true;
            }
        }
        for (size_t n = 0; n < unsolved.size() && !progress; ++n) {
            const Sym j = unsolved[n];
            for (size_t d = 0; d < idx.size() && !progress; ++d) {
                auto a = coefficient(*idx[d], j);
                if (!a || *a < 2) continue;
                Bindings at_zero = w;
                for (const auto& k : unsolved) at_zero[k] = smt::int_val(0);
                w[j] = en.floor_div(elem[d] - en.enc(*idx[d], at_zero), *a);
                unsolved.erase(unsolved.begin() + long(n));
                progress = true;
            }
        }
        for (const ir::For* f : loops) {
            if (progress || std::find(unsolved.begin(), unsolved.end(), f->iter) == unsolved.end()) continue;
            bool in_index = false;
            for (const auto& i : idx) in_index = in_index || mentions(*i, f->iter);
            if (in_index) continue;
            w[f->iter] = en.enc(*f->lo, w);
            unsolved.erase(std::find(unsolved.begin(), unsolved.end(), f->iter));
            progress = true;
        }
        if (!progress) return std::nullopt;
    }
    return w;
}

}  // namespace

Term must_assign(IterationEncoder& en, const Bindings& b, const ir::Stmt& s, const Sym& buf,
                 const std::vector<Term>& elem) {
    std::vector<Frame> frames;
    std::vector<Leaf> leaves;
    collect_leaves(s, buf, frames, leaves);
    Term out = smt::bool_val(false);
    for (const auto& leaf : leaves) {
        if (leaf.assign->idx.size() != elem.size()) continue;
        std::optional<Bindings> w = solve_iterators(en, b, leaf, elem);
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
        for (size_t d = 0; d < elem.size(); ++d) t = t && smt::eq(en.enc(*leaf.assign->idx[d], *w), elem[d]);
        out = out || t;
    }
    return out;
}

}  // namespace exo::analysis
