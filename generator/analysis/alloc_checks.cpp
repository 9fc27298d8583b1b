#include "alloc_checks.h"

#include <optional>

#include "../ir/loopir.h"
#include "../ir/queries.h"
#include "iteration_encoder.h"
#include "must_assign.h"

namespace exo::analysis {

namespace {

using ir::Sym;
using smt::Term;

// A position in a statement list on the way from the loop body down to an access.
struct Step {
    const ir::StmtList* list;
    size_t index;
};

enum Kind : uint8_t { kRead = 1, kWrite = 2 };

// The elements an access may touch, one dimension at a time: a point, or [lo, hi).
struct Dim {
    const ir::Expr* lo;
    const ir::Expr* hi = nullptr;  // null: a point
};

struct Access {
    int kind = 0;
    std::optional<std::vector<Dim>> box;  // none: any element
    std::vector<Frame> frames;            // outermost first (within the loop)
    std::vector<Step> steps;              // outermost first (the loop body first)
    ir::SrcInfo srcinfo;
};

std::vector<Dim> points(const ir::ExprList& idx) {
    std::vector<Dim> out;
    for (const auto& i : idx) out.push_back(Dim{i.get()});
    return out;
}

std::vector<Dim> window_box(const ir::WindowExpr& w) {
    std::vector<Dim> out;
    for (const auto& a : w.idx) {
        if (auto iv = a->as<ir::Interval>()) out.push_back(Dim{iv->lo.get(), iv->hi.get()});
        else out.push_back(Dim{a->as<ir::Point>()->pt.get()});
    }
    return out;
}

// Collects the accesses to `buf` inside the loop body.
class Collector {
public:
    explicit Collector(Sym buf) : buf_(std::move(buf)) {}
    std::vector<Access> out;

    void stmts(const ir::StmtList& l) {
        for (size_t i = 0; i < l.size(); ++i) {
            steps_.push_back(Step{&l, i});
            stmt(*l[i]);
            steps_.pop_back();
        }
    }

private:
    Sym buf_;
    std::vector<Frame> frames_;
    std::vector<Step> steps_;

    void add(int kind, std::optional<std::vector<Dim>> box, const ir::SrcInfo& si) {
        out.push_back(Access{kind, std::move(box), frames_, steps_, si});
    }

    // Reads inside an expression. A call argument (`arg_kind`: what the callee may do
    // with it) or a window statement's right-hand side may be read and written
    // anywhere inside it.
    void expr(const ir::Expr& e, int arg_kind = 0) {
        if (auto r = e.as<ir::Read>()) {
            if (r->name == buf_) {
                if (!arg_kind) add(kRead, points(r->idx), e.srcinfo);
                else if (r->type->is_real_scalar()) add(arg_kind, points(r->idx), e.srcinfo);
                else add(arg_kind, std::nullopt, e.srcinfo);  // the whole buffer
            }
            for (const auto& i : r->idx) expr(*i);
            return;
        }
        if (auto w = e.as<ir::WindowExpr>()) {
            if (w->name == buf_) add(arg_kind ? arg_kind : kRead | kWrite, window_box(*w), e.srcinfo);
            for (const auto& a : w->idx) {
                if (auto iv = a->as<ir::Interval>()) {
                    expr(*iv->lo);
                    expr(*iv->hi);
                } else {
                    expr(*a->as<ir::Point>()->pt);
                }
            }
            return;
        }
        if (auto u = e.as<ir::USub>()) return expr(*u->arg);
        if (auto b = e.as<ir::BinOp>()) {
            expr(*b->lhs);
            expr(*b->rhs);
            return;
        }
        if (auto x = e.as<ir::Extern>()) {
            for (const auto& a : x->args) expr(*a);
            return;
        }
    }

    void stmt(const ir::Stmt& s) {
        if (auto a = s.as<ir::Assign>()) {
            for (const auto& i : a->idx) expr(*i);
            expr(*a->rhs);
            if (a->name == buf_) add(kWrite, points(a->idx), s.srcinfo);
        } else if (auto r = s.as<ir::Reduce>()) {
            for (const auto& i : r->idx) expr(*i);
            expr(*r->rhs);
            if (r->name == buf_) add(kRead | kWrite, points(r->idx), s.srcinfo);
        } else if (auto w = s.as<ir::WriteConfig>()) {
            expr(*w->rhs);
        } else if (auto i = s.as<ir::If>()) {
            expr(*i->cond);
            frames_.push_back(Frame{nullptr, i->cond.get(), true});
            stmts(i->body);
            frames_.back().positive = false;
            stmts(i->orelse);
            frames_.pop_back();
        } else if (auto f = s.as<ir::For>()) {
            expr(*f->lo);
            expr(*f->hi);
            frames_.push_back(Frame{f, nullptr, true});
            stmts(f->body);
            frames_.pop_back();
        } else if (auto c = s.as<ir::Call>()) {
            for (size_t k = 0; k < c->args.size(); ++k) {
                bool known = k < c->f->args.size();
                bool reads = !known || ir::proc_reads_arg(*c->f, c->f->args[k].name);
                bool writes = !known || ir::proc_writes_arg(*c->f, c->f->args[k].name);
                int kind = (reads ? kRead : 0) | (writes ? kWrite : 0);
                expr(*c->args[k], kind ? kind : kRead);
            }
        } else if (auto ws = s.as<ir::WindowStmt>()) {
            // An alias of the buffer: its uses (later in this iteration) stay inside
            // the window.
            expr(*ws->rhs, kRead | kWrite);
        }
    }
};

// The two-iteration queries of one check.
class AllocCheck {
public:
    AllocCheck(const ir::Proc& p, const ir::Path& loop, Sym buf)
        : en_(p, loop), buf_(std::move(buf)), now_(en_.instance("")), other_(en_.instance("'")) {}

    void run(const std::vector<Access>& accesses, AllocMove move) {
        const ir::For& loop = en_.loop();
        size_t rank = 0;
        for (const auto& a : accesses)
            if (a.box) rank = a.box->size();
        for (size_t d = 0; d < rank; ++d) elem_.push_back(smt::int_var("alloc_elem#" + std::to_string(d)));
        Term i_now = now_.at(loop.iter), i_other = other_.at(loop.iter);
        Term both = en_.in_range(loop, now_) && en_.in_range(loop, other_);
        bool shared_parallel = loop.loop_mode == ir::LoopMode::Par && move == AllocMove::OutOfLoop;
        for (const auto& a : accesses) {
            Term at_a = en_.holds(a.frames, now_) && touches(a, now_);
            if (!shared_parallel) {
                if (!(a.kind & kRead)) continue;
                Term uncovered = at_a && !covered(a);
                if (en_.unsat(en_.in_range(loop, now_) && uncovered)) continue;
                for (const auto& w : accesses) {
                    if (!(w.kind & kWrite)) continue;
                    Term q = both && i_other < i_now && uncovered && en_.holds(w.frames, other_) && touches(w, other_);
                    if (!en_.unsat(q))
                        throw CheckFailed("Cannot move the allocation of " + buf_.name() + " across the loop over " +
                                          loop.iter.name() + ": the access at " + a.srcinfo.str() +
                                          " may read a value written in an earlier iteration (at " + w.srcinfo.str() +
                                          ")");
                }
                continue;
            }
            for (const auto& w : accesses) {
                if (!(w.kind & kWrite)) continue;
                Term q = both && !smt::eq(i_now, i_other) && at_a && en_.holds(w.frames, other_) && touches(w, other_);
                if (!en_.unsat(q))
                    throw CheckFailed("Cannot move the allocation of " + buf_.name() + " across the parallel loop over " +
                                      loop.iter.name() + ": different iterations may access the same element (at " +
                                      a.srcinfo.str() + " and " + w.srcinfo.str() + ")");
            }
        }
    }

private:
    IterationEncoder en_;
    Sym buf_;
    Bindings now_, other_;
    std::vector<Term> elem_;  // the element two accesses share

    // Access `a` (in the iteration `b` names) may touch elem_.
    Term touches(const Access& a, const Bindings& b) {
        Term t = smt::bool_val(true);
        if (!a.box || a.box->size() != elem_.size()) return t;
        for (size_t d = 0; d < elem_.size(); ++d) {
            const Dim& dim = (*a.box)[d];
            Term lo = en_.enc(*dim.lo, b);
            t = t && (dim.hi ? lo <= elem_[d] && elem_[d] < en_.enc(*dim.hi, b) : smt::eq(lo, elem_[d]));
        }
        return t;
    }

    // elem_ is assigned, in the current iteration, by a statement that runs before the
    // access `r` (an earlier statement of a list enclosing it).
    Term covered(const Access& r) {
        Term out = smt::bool_val(false);
        if (!r.box || r.box->size() != elem_.size()) return out;
        for (const auto& st : r.steps)
            for (size_t k = 0; k < st.index; ++k) out = out || must_assign(en_, now_, *(*st.list)[k], buf_, elem_);
        return out;
    }
};

}  // namespace

void check_alloc_movable_across_loop(const ir::Proc& p, const ir::Path& loop_path, const Sym& buf, AllocMove move) {
    auto loop = ir::cast<ir::For>(ir::stmt_at(p, loop_path));
    if (!loop) throw std::logic_error("check_alloc_movable_across_loop: not a loop");
    Collector col(buf);
    col.stmts(loop->body);
    if (col.out.empty()) return;
    AllocCheck(p, loop_path, buf).run(col.out, move);
}

}  // namespace exo::analysis
