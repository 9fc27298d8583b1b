#include "alloc_checks.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "../ir/loopir.h"
#include "../ir/visitor.h"
#include "smt.h"

namespace exo::analysis {

namespace {

using ir::BinOpKind;
using ir::Sym;
using smt::Term;

// An enclosing scope of an access, inside the loop: a loop (iterator and bounds) or a
// branch (condition and which side).
struct Frame {
    const ir::For* loop = nullptr;
    const ir::Expr* cond = nullptr;
    bool positive = true;
};

// A position in a statement list on the way from the loop body down to an access.
struct Step {
    const ir::StmtList* list;
    size_t index;
};

enum Kind : uint8_t { kRead = 1, kWrite = 2 };

struct Access {
    int kind = 0;
    bool plain_assign = false;                // `buf[idx] = e`
    std::optional<ir::ExprList> idx;          // none: any element
    std::vector<Frame> frames;                // outermost first (within the loop)
    std::vector<Step> steps;                  // outermost first (the loop body first)
    ir::SrcInfo srcinfo;
};

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

    void add(int kind, bool plain, std::optional<ir::ExprList> idx, const ir::SrcInfo& si) {
        out.push_back(Access{kind, plain, std::move(idx), frames_, steps_, si});
    }

    // Reads inside an expression; `opaque` marks a direct call argument.
    void expr(const ir::Expr& e, bool opaque = false) {
        if (auto r = e.as<ir::Read>()) {
            if (r->name == buf_) {
                if (opaque) add(kRead | kWrite, false, std::nullopt, e.srcinfo);
                else add(kRead, false, r->idx, e.srcinfo);
            }
            for (const auto& i : r->idx) expr(*i);
            return;
        }
        if (auto w = e.as<ir::WindowExpr>()) {
            if (w->name == buf_) add(kRead | kWrite, false, std::nullopt, e.srcinfo);
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
        if (auto s = e.as<ir::StrideExpr>()) return;
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
            if (a->name == buf_) add(kWrite, true, a->idx, s.srcinfo);
        } else if (auto r = s.as<ir::Reduce>()) {
            for (const auto& i : r->idx) expr(*i);
            expr(*r->rhs);
            if (r->name == buf_) add(kRead | kWrite, false, r->idx, s.srcinfo);
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
            for (const auto& a : c->args) expr(*a, true);
        } else if (auto ws = s.as<ir::WindowStmt>()) {
            // An alias of the buffer: its later uses are not followed.
            expr(*ws->rhs, true);
        }
    }
};

// Encodes control expressions; loop iterators bound inside the loop get a per-instance
// suffix, or an explicit value from `bind`.
class Enc {
public:
    std::vector<Term> side;

    Term fresh(bool is_bool) {
        std::string n = "alloc_u#" + std::to_string(++n_);
        return is_bool ? smt::bool_var(n) : smt::int_var(n);
    }

    Term var(const Sym& s, const std::string& suffix, bool is_bool) {
        std::string n = s.repr() + (inner.count(s) ? suffix : "");
        return is_bool ? smt::bool_var(n) : smt::int_var(n);
    }

    Term enc(const ir::Expr& e, const std::string& sfx, const std::unordered_map<Sym, Term>& bind = {}) {
        bool is_bool = e.type && e.type->is_bool();
        if (auto r = e.as<ir::Read>()) {
            if (!r->idx.empty() || !(e.type->is_indexable() || e.type->is_bool())) return fresh(is_bool);
            if (auto it = bind.find(r->name); it != bind.end()) return it->second;
            return var(r->name, sfx, is_bool);
        }
        if (auto c = e.as<ir::Const>()) {
            if (c->val.is_bool()) return smt::bool_val(c->val.as_bool());
            if (c->val.is_int()) return smt::int_val(c->val.as_int());
            return fresh(is_bool);
        }
        if (auto u = e.as<ir::USub>()) {
            Term a = enc(*u->arg, sfx, bind);
            return a.is_int() ? -a : fresh(is_bool);
        }
        if (auto b = e.as<ir::BinOp>()) {
            if (b->lhs->type->is_numeric() || b->rhs->type->is_numeric()) return fresh(is_bool);
            Term l = enc(*b->lhs, sfx, bind), r = enc(*b->rhs, sfx, bind);
            bool ints = l.is_int() && r.is_int(), bools = l.is_bool() && r.is_bool();
            switch (b->op) {
                case BinOpKind::Add: if (ints) return l + r; break;
                case BinOpKind::Sub: if (ints) return l - r; break;
                case BinOpKind::Mul: if (ints) return l * r; break;
                case BinOpKind::Div:
                case BinOpKind::Mod: {
                    auto c = b->rhs->as<ir::Const>();
                    if (!ints || !c || !c->val.is_int() || c->val.as_int() <= 0) break;
                    Term cv = smt::int_val(c->val.as_int());
                    Term z = fresh(false);
                    side.push_back(cv * z <= l && l < cv * (z + smt::int_val(1)));
                    return b->op == BinOpKind::Div ? z : l - cv * z;
                }
                case BinOpKind::Lt: if (ints) return l < r; break;
                case BinOpKind::Gt: if (ints) return l > r; break;
                case BinOpKind::Le: if (ints) return l <= r; break;
                case BinOpKind::Ge: if (ints) return l >= r; break;
                case BinOpKind::Eq: if (ints || bools) return smt::eq(l, r); break;
                case BinOpKind::And: if (bools) return l && r; break;
                case BinOpKind::Or: if (bools) return l || r; break;
            }
            return fresh(is_bool);
        }
        return fresh(is_bool);
    }

    // The facts of a list of frames for one instance.
    Term frames(const std::vector<Frame>& fs, const std::string& sfx) {
        Term t = smt::bool_val(true);
        for (const auto& f : fs) {
            if (f.loop) {
                Term it = var(f.loop->iter, sfx, false);
                t = t && enc(*f.loop->lo, sfx) <= it && it < enc(*f.loop->hi, sfx);
            } else {
                Term c = enc(*f.cond, sfx);
                if (!c.is_bool()) continue;
                t = t && (f.positive ? c : !c);
            }
        }
        return t;
    }

    std::unordered_set<Sym> inner;  // iterators bound inside the loop (and the loop's own)

private:
    int n_ = 0;
};

bool mentions_any(const ir::Expr& e, const std::unordered_set<Sym>& vars) {
    struct V : ir::IRVisitor {
        const std::unordered_set<Sym>* vars;
        bool found = false;
        void visit(const ir::Read& r) override {
            if (vars->count(r.name)) found = true;
            ir::IRVisitor::visit(r);
        }
    } v;
    v.vars = &vars;
    v.visit_expr(e);
    return v.found;
}

// `e` as `j + rest` (rest free of the nest iterators), or nullopt.
std::optional<ir::ExprPtr> split_iter(const ir::ExprPtr& e, const Sym& j, const std::unordered_set<Sym>& nest) {
    if (auto r = e->as<ir::Read>(); r && r->idx.empty() && r->name == j) return ir::ExprPtr(nullptr);
    if (auto b = e->as<ir::BinOp>(); b && b->op == BinOpKind::Add) {
        for (int side = 0; side < 2; ++side) {
            const ir::ExprPtr& a = side ? b->rhs : b->lhs;
            const ir::ExprPtr& o = side ? b->lhs : b->rhs;
            if (auto r = a->as<ir::Read>(); r && r->idx.empty() && r->name == j && !mentions_any(*o, nest)) return o;
        }
    }
    return std::nullopt;
}

// The cover of `r`: writes of the same element earlier in its own iteration.
Term covered(Enc& en, const Access& r, const Sym& buf) {
    Term out = smt::bool_val(false);
    if (!r.idx) return out;
    std::vector<Term> ridx;
    for (const auto& i : *r.idx) ridx.push_back(en.enc(*i, ""));
    for (const auto& st : r.steps) {
        for (size_t k = 0; k < st.index; ++k) {
            // A plain assignment, possibly inside a nest of loops (no branches).
            std::vector<const ir::For*> nest;
            const ir::Stmt* s = (*st.list)[k].get();
            std::function<void(const ir::Stmt*)> visit = [&](const ir::Stmt* s) {
                if (auto f = s->as<ir::For>()) {
                    nest.push_back(f);
                    for (const auto& b : f->body) visit(b.get());
                    nest.pop_back();
                    return;
                }
                auto a = s->as<ir::Assign>();
                if (!a || a->name != buf || a->idx.size() != ridx.size()) return;
                std::unordered_set<Sym> nest_vars;
                for (auto* f : nest) nest_vars.insert(f->iter);
                std::unordered_map<Sym, Term> bind;
                std::vector<std::pair<Sym, std::pair<size_t, ir::ExprPtr>>> sols;
                for (auto* f : nest) {
                    bool found = false;
                    for (size_t d = 0; d < a->idx.size() && !found; ++d)
                        if (auto rest = split_iter(a->idx[d], f->iter, nest_vars)) {
                            sols.push_back({f->iter, {d, *rest}});
                            found = true;
                        }
                    if (!found) return;
                }
                for (const auto& [j, sol] : sols) {
                    Term v = ridx[sol.first];
                    if (sol.second) v = v - en.enc(*sol.second, "", bind);
                    bind[j] = v;
                }
                Term t = smt::bool_val(true);
                for (auto* f : nest) {
                    Term it = bind.at(f->iter);
                    t = t && en.enc(*f->lo, "", bind) <= it && it < en.enc(*f->hi, "", bind);
                }
                for (size_t d = 0; d < ridx.size(); ++d) t = t && smt::eq(en.enc(*a->idx[d], "", bind), ridx[d]);
                out = out || t;
            };
            visit(s);
        }
    }
    return out;
}

// Facts about the context of the loop: asserts, positive sizes, enclosing loops / ifs.
Term context(Enc& en, const ir::Proc& p, const ir::Path& loop) {
    Term t = smt::bool_val(true);
    for (const auto& a : p.args)
        if (a.type->kind == ir::TypeKind::Size) t = t && smt::int_var(a.name.repr()) > smt::int_val(0);
    for (const auto& e : p.preds) {
        Term c = en.enc(*e, "");
        if (c.is_bool()) t = t && c;
    }
    for (size_t k = 1; k < loop.size(); ++k) {
        ir::Path anc(loop.begin(), loop.begin() + long(k));
        ir::StmtPtr s = ir::stmt_at(p, anc);
        if (auto f = s->as<ir::For>()) {
            Term it = en.var(f->iter, "", false);
            t = t && en.enc(*f->lo, "") <= it && it < en.enc(*f->hi, "");
        } else if (auto i = s->as<ir::If>()) {
            Term c = en.enc(*i->cond, "");
            if (c.is_bool()) t = t && (loop[k].field == ir::Field::Orelse ? !c : c);
        }
    }
    return t;
}

}  // namespace

void check_alloc_movable_across_loop(const ir::Proc& p, const ir::Path& loop_path, const Sym& buf) {
    auto loop = ir::cast<ir::For>(ir::stmt_at(p, loop_path));
    if (!loop) throw std::logic_error("check_alloc_movable_across_loop: not a loop");
    Collector col(buf);
    col.stmts(loop->body);
    if (col.out.empty()) return;
    Enc en;
    en.inner.insert(loop->iter);
    for (const auto& it : ir::get_loop_iters(loop->body)) en.inner.insert(it);
    Term ctx = context(en, p, loop_path);
    Term i0 = en.var(loop->iter, "", false), i1 = en.var(loop->iter, "'", false);
    Term rng0 = en.enc(*loop->lo, "") <= i0 && i0 < en.enc(*loop->hi, "");
    Term rng1 = en.enc(*loop->lo, "'") <= i1 && i1 < en.enc(*loop->hi, "'");
    bool par = loop->loop_mode == ir::LoopMode::Par;
    smt::Solver solver;
    solver.set_timeout_ms(10000);
    auto same_elem = [&](const Access& a, const Access& b) {
        Term t = smt::bool_val(true);
        if (!a.idx || !b.idx || a.idx->size() != b.idx->size()) return t;
        for (size_t d = 0; d < a.idx->size(); ++d) t = t && smt::eq(en.enc(*(*a.idx)[d], ""), en.enc(*(*b.idx)[d], "'"));
        return t;
    };
    for (const auto& r : col.out) {
        for (const auto& w : col.out) {
            if (!(w.kind & kWrite)) continue;
            if (!par && !(r.kind & kRead)) continue;
            Term q = ctx && rng0 && rng1 && en.frames(r.frames, "") && en.frames(w.frames, "'") && same_elem(r, w);
            q = q && (par ? !smt::eq(i0, i1) : i1 < i0);
            if (!par) q = q && !covered(en, r, buf);
            for (const auto& s : en.side) q = q && s;
            std::optional<bool> sat = solver.try_is_sat(q);
            if (sat.value_or(true)) {
                if (par)
                    throw CheckFailed("Cannot move the allocation of " + buf.name() + " across the parallel loop over " +
                                      loop->iter.name() + ": different iterations may access the same element (at " +
                                      r.srcinfo.str() + " and " + w.srcinfo.str() + ")");
                throw CheckFailed("Cannot move the allocation of " + buf.name() + " across the loop over " +
                                  loop->iter.name() + ": the access at " + r.srcinfo.str() +
                                  " may read a value written in an earlier iteration (at " + w.srcinfo.str() + ")");
            }
        }
    }
}

}  // namespace exo::analysis
