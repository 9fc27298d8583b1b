#include "simplify.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

#include "../ir/checked_int.h"
#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "../ir/printer.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// A folded index value that does not fit in 64 bits: simplify refuses the expression
// rather than wrapping it around.
struct Overflow {};
int64_t fit(std::optional<int64_t> v) {
    if (!v) throw Overflow{};
    return *v;
}
[[noreturn]] void does_not_fit(const Expr& e) {
    std::string text = print_expr(e);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    sched_error("the value of " + text + " does not fit in a 64-bit integer");  // named "simplify: " by sched_error
}

// Python's integer // and % (rounding towards negative infinity).
int64_t floordiv(int64_t a, int64_t b) {
    if (b == -1 && a == INT64_MIN) throw Overflow{};
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
int64_t floormod(int64_t a, int64_t b) { return a - b * floordiv(a, b); }

using Bound = std::optional<int64_t>;


bool const_is(const ExprPtr& e, int64_t v) {
    auto c = e->as<Const>();
    return c && const_value_equal(c->val, host::Value::integer(v));
}

std::optional<int64_t> int_const(const ExprPtr& e) {
    auto c = e->as<Const>();
    if (!c || !c->val.is_intlike()) return std::nullopt;
    return c->val.as_int();
}

ExprPtr int_const_expr(int64_t v, const SrcInfo& s) { return ir::make<Const>(host::Value::integer(v), T::int_(), s); }

bool is_binop(const ExprPtr& e, BinOpKind op) {
    auto b = e->as<BinOp>();
    return b && b->op == op;
}

// ------------------------------------------------------------------ range analysis
//
// Constant bounds of index expressions, as upstream's index_range_analysis: a value is
// either an exact int, or a range [base + lo, base + hi] where only whether the base
// (the part that is not bounded: variables without a known range) is zero matters for
// the bounds we need.

struct Unanalyzable {};

struct RangeVal {
    bool is_int = false;
    int64_t v = 0;
    bool has_base = false;  // non-zero base: no constant bounds
    Bound lo, hi;
    static RangeVal of_int(int64_t x) { RangeVal r; r.is_int = true; r.v = x; return r; }
    static RangeVal range(bool base, Bound lo, Bound hi) {
        RangeVal r; r.has_base = base; r.lo = lo; r.hi = hi; return r;
    }
};

// Range arithmetic that overflows knows nothing (the analysis stays sound).
int64_t rfit(std::optional<int64_t> v) {
    if (!v) throw Unanalyzable{};
    return *v;
}
Bound badd(Bound a, Bound b) { return a && b ? Bound(rfit(checked_add(*a, *b))) : std::nullopt; }

RangeVal r_neg(const RangeVal& a) {
    if (a.is_int) return RangeVal::of_int(rfit(checked_neg(a.v)));
    return RangeVal::range(a.has_base, a.hi ? Bound(rfit(checked_neg(*a.hi))) : std::nullopt,
                           a.lo ? Bound(rfit(checked_neg(*a.lo))) : std::nullopt);
}

RangeVal r_add(const RangeVal& a, const RangeVal& b) {
    if (a.is_int && b.is_int) return RangeVal::of_int(rfit(checked_add(a.v, b.v)));
    if (a.is_int || b.is_int) {
        const RangeVal& r = a.is_int ? b : a;
        int64_t c = a.is_int ? a.v : b.v;
        return RangeVal::range(r.has_base, r.lo ? Bound(rfit(checked_add(*r.lo, c))) : std::nullopt,
                               r.hi ? Bound(rfit(checked_add(*r.hi, c))) : std::nullopt);
    }
    return RangeVal::range(a.has_base || b.has_base, badd(a.lo, b.lo), badd(a.hi, b.hi));
}

RangeVal r_mul(const RangeVal& a, const RangeVal& b) {
    if (a.is_int && b.is_int) return RangeVal::of_int(rfit(checked_mul(a.v, b.v)));
    if (!a.is_int && !b.is_int) throw Unanalyzable{};
    const RangeVal& r = a.is_int ? b : a;
    int64_t c = a.is_int ? a.v : b.v;
    if (c == 0) return RangeVal::of_int(0);
    Bound lo = r.lo ? Bound(rfit(checked_mul(*r.lo, c))) : std::nullopt;
    Bound hi = r.hi ? Bound(rfit(checked_mul(*r.hi, c))) : std::nullopt;
    return c > 0 ? RangeVal::range(r.has_base, lo, hi) : RangeVal::range(r.has_base, hi, lo);
}

RangeVal r_div(const RangeVal& a, const RangeVal& b) {
    if (!b.is_int || b.v == 0) throw Unanalyzable{};
    int64_t c = b.v;
    if (a.is_int) return RangeVal::of_int(floordiv(a.v, c));
    if (c < 0) return RangeVal::range(false, std::nullopt, std::nullopt);
    if (!a.has_base)
        return RangeVal::range(false, a.lo ? Bound(floordiv(*a.lo, c)) : std::nullopt,
                               a.hi ? Bound(floordiv(*a.hi, c)) : std::nullopt);
    if (a.lo && a.hi) return RangeVal::range(true, floordiv(*a.lo, c), floordiv(*a.hi, c) + 1);
    return RangeVal::range(true, std::nullopt, std::nullopt);
}

RangeVal r_mod(const RangeVal& a, const RangeVal& b) {
    if (!b.is_int || b.v == 0) throw Unanalyzable{};
    int64_t c = b.v;
    if (a.is_int) return RangeVal::of_int(floormod(a.v, c));
    if (!a.has_base && a.lo && a.hi && floordiv(*a.lo, c) == floordiv(*a.hi, c))
        return RangeVal::range(false, floormod(*a.lo, c), floormod(*a.hi, c));
    return RangeVal::range(false, 0, c - 1);
}

struct RangeEnv {
    std::vector<std::unordered_map<Sym, std::pair<Bound, Bound>>> scopes{1};

    const std::pair<Bound, Bound>* lookup(const Sym& s) const {
        for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
            auto f = it->find(s);
            if (f != it->end()) return &f->second;
        }
        return nullptr;
    }

    RangeVal analyze(const Expr& e) const {
        if (!e.type->is_indexable()) throw Unanalyzable{};
        switch (e.kind) {
            case ExprKind::Read: {
                auto& r = static_cast<const Read&>(e);
                if (auto b = lookup(r.name)) return RangeVal::range(false, b->first, b->second);
                return RangeVal::range(true, 0, 0);
            }
            case ExprKind::Const: {
                auto& c = static_cast<const Const&>(e);
                if (!c.val.is_intlike()) throw Unanalyzable{};
                return RangeVal::of_int(c.val.as_int());
            }
            case ExprKind::USub: return r_neg(analyze(*static_cast<const USub&>(e).arg));
            case ExprKind::BinOp: {
                auto& b = static_cast<const BinOp&>(e);
                RangeVal l = analyze(*b.lhs), r = analyze(*b.rhs);
                switch (b.op) {
                    case BinOpKind::Add: return r_add(l, r);
                    case BinOpKind::Sub: return r_add(l, r_neg(r));
                    case BinOpKind::Mul: return r_mul(l, r);
                    case BinOpKind::Div: return r_div(l, r);
                    case BinOpKind::Mod: return r_mod(l, r);
                    default: throw Unanalyzable{};
                }
            }
            default: throw Unanalyzable{};
        }
    }

    // Inclusive constant bounds of `e` (either side may be unknown).
    std::pair<Bound, Bound> constant_bound(const Expr& e) const {
        try {
            RangeVal r = analyze(e);
            if (r.is_int) return {r.v, r.v};
            if (r.has_base) return {std::nullopt, std::nullopt};
            return {r.lo, r.hi};
        } catch (const Unanalyzable&) {
            return {std::nullopt, std::nullopt};
        }
    }

    void add_loop_iter(const Sym& s, const Expr& lo_e, const Expr& hi_e) {
        Bound lo = constant_bound(lo_e).first;
        Bound hi = constant_bound(hi_e).second;
        if (hi) hi = checked_sub(*hi, 1);
        if (lo && hi && *lo > *hi) lo = hi = std::nullopt;
        scopes.back()[s] = {lo, hi};
    }

    // 0 <= e < d
    bool in_0_d(const Expr& e, int64_t d) const {
        auto [lo, hi] = constant_bound(e);
        return lo && hi && 0 <= *lo && *hi < d;
    }
    // e < m
    bool below(const Expr& e, int64_t m) const {
        auto hi = constant_bound(e).second;
        return hi && *hi < m;
    }
};

// ------------------------------------------------------------------ pass 1: normal form

// A linear combination: coefficients of variables plus an optional constant term (kept
// distinct from a zero constant, since upstream's map distinguishes them).
struct Lin {
    std::map<Sym, int64_t> terms;
    bool has_c = false;
    int64_t c = 0;
    size_t size() const { return terms.size() + (has_c ? 1 : 0); }
    bool only_const() const { return terms.empty() && has_c; }
    void scale(int64_t k) {
        for (auto& [s, v] : terms) v = fit(checked_mul(v, k));
        c = fit(checked_mul(c, k));
    }
};

using Terms = std::vector<std::pair<int64_t, Sym>>;

bool has_div_mod_config(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Read:
        case ExprKind::Const: return false;
        case ExprKind::USub: return has_div_mod_config(*static_cast<const USub&>(e).arg);
        case ExprKind::BinOp: {
            auto& b = static_cast<const BinOp&>(e);
            if (b.op == BinOpKind::Div || b.op == BinOpKind::Mod) return true;
            return has_div_mod_config(*b.lhs) || has_div_mod_config(*b.rhs);
        }
        default: return true;  // ReadConfig (anything else: not normalizable either)
    }
}

std::optional<Lin> linearize(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Read: {
            auto& r = static_cast<const Read&>(e);
            if (!r.idx.empty()) return std::nullopt;
            Lin l;
            l.terms[r.name] = 1;
            return l;
        }
        case ExprKind::Const: {
            auto& c = static_cast<const Const&>(e);
            if (!c.val.is_intlike()) return std::nullopt;
            Lin l;
            l.has_c = true;
            l.c = c.val.as_int();
            return l;
        }
        case ExprKind::USub: {
            auto l = linearize(*static_cast<const USub&>(e).arg);
            if (l) l->scale(-1);
            return l;
        }
        case ExprKind::BinOp: {
            auto& b = static_cast<const BinOp&>(e);
            auto l = linearize(*b.lhs);
            if (!l) return l;
            auto r = linearize(*b.rhs);
            if (!r) return r;
            if (b.op == BinOpKind::Add || b.op == BinOpKind::Sub) {
                int64_t sign = b.op == BinOpKind::Add ? 1 : -1;
                for (auto& [s, v] : r->terms) {
                    auto it = l->terms.find(s);
                    int64_t sv = fit(checked_mul(sign, v));
                    if (it != l->terms.end()) it->second = fit(checked_add(it->second, sv));
                    else l->terms[s] = sv;
                }
                if (r->has_c) {
                    int64_t sc = fit(checked_mul(sign, r->c));
                    l->c = l->has_c ? fit(checked_add(l->c, sc)) : sc;
                    l->has_c = true;
                }
                return l;
            }
            if (b.op == BinOpKind::Mul) {
                if (r->size() == 1 && r->has_c) {
                    l->scale(r->c);
                    return l;
                }
                if (l->size() == 1 && l->has_c) {
                    r->scale(l->c);
                    return r;
                }
            }
            return std::nullopt;
        }
        default: return std::nullopt;
    }
}

// The constant and the non-zero terms, ordered by (coefficient, variable).
Terms sorted_terms(const Lin& l) {
    Terms t;
    for (auto& [s, v] : l.terms)
        if (v != 0) t.push_back({v, s});
    std::sort(t.begin(), t.end());
    return t;
}

// `c + a1*x1 - a2*x2 ...` (left-nested), as upstream writes normal forms back.
ExprPtr generate(const Expr& ctx, int64_t constant, Terms terms) {
    std::sort(terms.begin(), terms.end());
    ExprPtr e = int_const_expr(constant, ctx.srcinfo);
    for (auto& [coeff, v] : terms) {
        ExprPtr scaled = ir::make<BinOp>(BinOpKind::Mul, int_const_expr(coeff > 0 ? coeff : -coeff, ctx.srcinfo),
                                         ir::make<Read>(v, ExprList{}, ctx.type, ctx.srcinfo), ctx.type, ctx.srcinfo);
        e = ir::make<BinOp>(coeff > 0 ? BinOpKind::Add : BinOpKind::Sub, e, scaled, ctx.type, ctx.srcinfo);
    }
    return e;
}

class Normalizer : public IRMutator {
public:
    explicit Normalizer(const Proc& p) {
        for (const FnArg& a : p.args)
            if (a.type->kind == TypeKind::Size) env_.scopes.back()[a.name] = {Bound(1), std::nullopt};
    }

    ProcPtr mutate_proc(const ProcPtr& p) override {
        // Argument types are not rewritten (upstream only rewrites the body and the
        // preconditions).
        Proc copy = *p;
        copy.body = mutate_stmts(p->body);
        bool changed = false;
        copy.preds = mutate_exprs(p->preds, &changed);
        return ir::make<Proc>(std::move(copy));
    }

protected:
    using IRMutator::visit;

    StmtPtr visit(const std::shared_ptr<const For>& s) override {
        ExprPtr lo = mutate_expr(s->lo);
        ExprPtr hi = mutate_expr(s->hi);
        env_.scopes.emplace_back();
        env_.add_loop_iter(s->iter, *lo, *hi);
        StmtList body = mutate_stmts(s->body);
        env_.scopes.pop_back();
        return ir::make<For>(s->iter, lo, hi, std::move(body), s->loop_mode, s->srcinfo);
    }

    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        return e->type->is_indexable() ? normalized(e) : IRMutator::visit(e);
    }
    ExprPtr visit(const std::shared_ptr<const Const>& e) override {
        return e->type->is_indexable() ? normalized(e) : IRMutator::visit(e);
    }
    ExprPtr visit(const std::shared_ptr<const USub>& e) override {
        return e->type->is_indexable() ? normalized(e) : IRMutator::visit(e);
    }
    ExprPtr visit(const std::shared_ptr<const BinOp>& e) override {
        return e->type->is_indexable() ? normalized(e) : IRMutator::visit(e);
    }

private:
    RangeEnv env_;

    static bool still_division(const ExprPtr& e) { return is_binop(e, BinOpKind::Div); }

    ExprPtr division_simplification(const std::shared_ptr<const BinOp>& e) {
        auto dv = int_const(e->rhs);
        auto lin = linearize(*e->lhs);
        if (!dv || *dv == 0 || !lin) return e;
        int64_t d = *dv;
        int64_t constant = lin->has_c ? lin->c : 0;
        Terms terms = sorted_terms(*lin);
        Terms non_divisible, divisible;
        for (auto& t : terms) {
            if (floormod(t.first, d) != 0) non_divisible.push_back(t);
            else divisible.push_back({floordiv(t.first, d), t.second});
        }
        if (non_divisible.empty()) return generate(*e->lhs, floordiv(constant, d), divisible);
        if (floormod(constant, d) == 0) {
            ExprPtr nd = generate(*e->lhs, 0, non_divisible);
            if (env_.in_0_d(*nd, d)) return generate(*e->lhs, floordiv(constant, d), divisible);
        } else {
            ExprPtr nd = generate(*e->lhs, constant, non_divisible);
            if (env_.in_0_d(*nd, d)) return generate(*e->lhs, 0, divisible);
        }
        ExprPtr new_lhs = generate(*e->lhs, constant, terms);
        return ir::make<BinOp>(BinOpKind::Div, new_lhs, e->rhs, e->type, e->srcinfo);
    }

    ExprPtr with_divisor(const std::shared_ptr<const BinOp>& e, const ExprPtr& lhs, int64_t d) {
        auto c = e->rhs->as<Const>();
        return ir::make<BinOp>(BinOpKind::Div, lhs, ir::make<Const>(host::Value::integer(d), c->type, c->srcinfo),
                               e->type, e->srcinfo);
    }

    ExprPtr division_and_split(const std::shared_ptr<const BinOp>& e0) {
        ExprPtr r = division_simplification(e0);
        if (!still_division(r)) return r;
        auto e = cast<BinOp>(r);
        auto dv = int_const(e->rhs);
        if (!dv) return e;
        int64_t d = *dv;
        for (int64_t divisor = 2; divisor <= d / divisor; ++divisor) {
            if (d % divisor != 0) continue;
            ExprPtr n = division_simplification(cast<BinOp>(with_divisor(e, e->lhs, divisor)));
            if (!still_division(n)) return with_divisor(e, n, d / divisor);
            n = division_simplification(cast<BinOp>(with_divisor(e, e->lhs, d / divisor)));
            if (!still_division(n)) return with_divisor(e, n, divisor);
        }
        return e;
    }

    // (n / c1) / c2  ->  n / (c1 * c2)
    static ExprPtr denominator_simplification(ExprPtr e) {
        while (true) {
            auto b = e->as<BinOp>();
            if (!b || b->op != BinOpKind::Div || !int_const(b->rhs)) break;
            auto inner = b->lhs->as<BinOp>();
            if (!inner || inner->op != BinOpKind::Div || !int_const(inner->rhs)) break;
            ExprPtr c = ir::make<Const>(host::Value::integer(fit(checked_mul(*int_const(inner->rhs), *int_const(b->rhs)))), inner->type,
                                        inner->srcinfo);
            e = ir::make<BinOp>(BinOpKind::Div, inner->lhs, c, b->type, b->srcinfo);
        }
        return e;
    }

    ExprPtr modulo_simplification(const std::shared_ptr<const BinOp>& e) {
        auto mv = int_const(e->rhs);
        auto lin = linearize(*e->lhs);
        if (!mv || *mv == 0 || !lin) return e;
        int64_t m = *mv;
        int64_t constant = lin->has_c ? lin->c : 0;
        Terms kept;
        for (auto& t : sorted_terms(*lin))
            if (floormod(t.first, m) != 0) kept.push_back(t);
        if (kept.empty()) return ir::make<Const>(host::Value::integer(floormod(constant, m)), T::int_(), e->lhs->srcinfo);
        if (floormod(constant, m) == 0) constant = 0;
        ExprPtr new_lhs = generate(*e->lhs, constant, kept);
        if (env_.below(*new_lhs, m)) return new_lhs;
        return ir::make<BinOp>(BinOpKind::Mod, new_lhs, e->rhs, e->type, e->srcinfo);
    }

    ExprPtr normalized(const ExprPtr& e) {
        try {
            return index_start(e);
        } catch (const Overflow&) {
            does_not_fit(*e);
        }
    }

    ExprPtr index_start(ExprPtr e) {
        if (auto b = cast<BinOp>(e)) {
            auto nb = ir::make<BinOp>(b->op, index_start(b->lhs), index_start(b->rhs), b->type, b->srcinfo);
            e = nb;
            if (nb->op == BinOpKind::Div || nb->op == BinOpKind::Mod) {
                if (!int_const(nb->rhs)) return e;
                if (has_div_mod_config(*nb->lhs))
                    return nb->op == BinOpKind::Div ? denominator_simplification(e) : e;
                return nb->op == BinOpKind::Div ? division_and_split(nb) : modulo_simplification(nb);
            }
        }
        if (has_div_mod_config(*e)) return e;
        auto lin = linearize(*e);
        if (!lin) return e;  // not linear (upstream would fail here)
        return generate(*e, lin->has_c ? lin->c : 0, sorted_terms(*lin));
    }
};

// ------------------------------------------------------------------ pass 2: folding

std::optional<host::Value> cfold(BinOpKind op, const Const& l, const Const& r) {
    using host::Value;
    const Value& a = l.val;
    const Value& b = r.val;
    auto is_float_type = [](const Type& t) {
        return t.kind == TypeKind::F16 || t.kind == TypeKind::F32 || t.kind == TypeKind::F64;
    };
    if (op == BinOpKind::And) return a.as_bool() ? b : a;
    if (op == BinOpKind::Or) return a.as_bool() ? a : b;
    bool fl = a.is_float() || b.is_float();
    if (!fl && !(a.is_intlike() && b.is_intlike())) return std::nullopt;
    double x = a.is_float() ? a.as_float() : double(a.as_int());
    double y = b.is_float() ? b.as_float() : double(b.as_int());
    int64_t i = a.is_intlike() ? a.as_int() : 0, j = b.is_intlike() ? b.as_int() : 0;
    switch (op) {
        case BinOpKind::Add: return fl ? Value::floating(x + y) : Value::integer(fit(checked_add(i, j)));
        case BinOpKind::Sub: return fl ? Value::floating(x - y) : Value::integer(fit(checked_sub(i, j)));
        case BinOpKind::Mul: return fl ? Value::floating(x * y) : Value::integer(fit(checked_mul(i, j)));
        case BinOpKind::Div:
            if (is_float_type(*l.type)) {
                if (y == 0) return std::nullopt;
                return Value::floating(x / y);
            }
            if (fl) {
                if (y == 0) return std::nullopt;
                return Value::floating(std::floor(x / y));
            }
            if (j == 0) return std::nullopt;
            return Value::integer(floordiv(i, j));
        case BinOpKind::Mod:
            if (fl) {
                if (y == 0) return std::nullopt;
                return Value::floating(x - y * std::floor(x / y));
            }
            if (j == 0) return std::nullopt;
            return Value::integer(floormod(i, j));
        case BinOpKind::Lt: return Value::boolean(fl ? x < y : i < j);
        case BinOpKind::Gt: return Value::boolean(fl ? x > y : i > j);
        case BinOpKind::Le: return Value::boolean(fl ? x <= y : i <= j);
        case BinOpKind::Ge: return Value::boolean(fl ? x >= y : i >= j);
        case BinOpKind::Eq: return Value::boolean(fl ? x == y : i == j);
        default: return std::nullopt;
    }
}

class Simplifier : public IRMutator {
public:
    ProcPtr mutate_proc(const ProcPtr& p) override {
        Proc copy = *p;
        copy.body = mutate_stmts(p->body);
        bool changed = false;
        copy.preds = mutate_exprs(p->preds, &changed);
        return ir::make<Proc>(std::move(copy));
    }

    // The structural changes, keyed by the original path they happen at (see events_).
    std::vector<std::pair<Path, Edit>> events;

    StmtList mutate_stmts(const StmtList& stmts) override { return simplify_list(stmts, Path{}, Field::Body); }

    // `stmts` is the list `field` of the (original) node at `parent`.
    StmtList simplify_list(const StmtList& stmts, const Path& parent, Field field) {
        StmtList out;
        append_simplified(stmts, out, parent, field);
        if (out.empty() && !stmts.empty()) {
            out.push_back(ir::make<Pass>(stmts[0]->srcinfo));
            Path key = parent;
            key.push_back(Step{field, -1});
            events.push_back({key, Edit{Edit::Insert, parent, field, 0, 0, 1, Field::Body, {}}});
        }
        return out;
    }

    // The taken branch of a constant `if` is spliced into the enclosing block before it
    // is simplified, so only the enclosing block can end up empty (and get a `pass`).
    void append_simplified(const StmtList& stmts, StmtList& out, const Path& parent, Field field) {
        for (size_t k = 0; k < stmts.size(); ++k) {
            const StmtPtr& s = stmts[k];
            Path at = parent;
            at.push_back(Step{field, int32_t(k)});
            if (auto i = cast<If>(s)) {
                ExprPtr cond = mutate_expr(i->cond);
                if (auto c = cond->as<Const>()) {
                    // A constant condition: the taken branch replaces the statement.
                    bool taken = c->val.is_float() ? c->val.as_float() != 0 : c->val.as_bool();
                    size_t before = out.size();
                    Field branch = taken ? Field::Body : Field::Orelse;
                    append_simplified(taken ? i->body : i->orelse, out, at, branch);
                    events.push_back({at, Edit{Edit::Unwrap, at, branch, 0, 0, out.size() - before, Field::Body, {}}});
                    continue;
                }
                facts_.emplace_back();
                add_fact(cond);
                StmtList body = simplify_list(i->body, at, Field::Body);
                facts_.back().clear();
                StmtList orelse = simplify_list(i->orelse, at, Field::Orelse);
                facts_.pop_back();
                out.push_back(ir::make<If>(cond, std::move(body), std::move(orelse), i->srcinfo));
                continue;
            }
            if (auto f = cast<For>(s)) {
                ExprPtr lo = mutate_expr(f->lo);
                ExprPtr hi = mutate_expr(f->hi);
                auto l = lo->as<Const>(), h = hi->as<Const>();
                if (l && h && const_value_equal(l->val, h->val)) {  // no iterations
                    events.push_back({at, Edit{Edit::Replace, parent, field, k, k + 1, 0, Field::Body, {}}});
                    continue;
                }
                out.push_back(ir::make<For>(f->iter, lo, hi, simplify_list(f->body, at, Field::Body), f->loop_mode, f->srcinfo));
                continue;
            }
            if (auto m = mutate_stmt(s)) out.push_back(std::move(m));
        }
    }

protected:
    using IRMutator::visit;

    ExprPtr visit(const std::shared_ptr<const Read>& e) override { return wrap(e, [&] { return IRMutator::visit(e); }); }
    ExprPtr visit(const std::shared_ptr<const Const>& e) override { return wrap(e, [&] { return IRMutator::visit(e); }); }
    ExprPtr visit(const std::shared_ptr<const USub>& e) override { return wrap(e, [&] { return IRMutator::visit(e); }); }
    ExprPtr visit(const std::shared_ptr<const BinOp>& e) override { return wrap(e, [&] { return binop(e); }); }
    ExprPtr visit(const std::shared_ptr<const Extern>& e) override { return wrap(e, [&] { return IRMutator::visit(e); }); }
    ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
        return wrap(e, [&] { return IRMutator::visit(e); });
    }
    ExprPtr visit(const std::shared_ptr<const StrideExpr>& e) override {
        return wrap(e, [&] { return IRMutator::visit(e); });
    }
    ExprPtr visit(const std::shared_ptr<const ReadConfig>& e) override {
        return wrap(e, [&] { return IRMutator::visit(e); });
    }

private:
    // Facts `printed expression -> replacement` known in the current branch.
    std::vector<std::unordered_map<std::string, ExprPtr>> facts_;

    ExprPtr known(const ExprPtr& e) const {
        bool any = false;
        for (auto& f : facts_) any = any || !f.empty();
        if (!any) return nullptr;
        std::string key = print_expr(*e);
        for (auto it = facts_.rbegin(); it != facts_.rend(); ++it) {
            auto f = it->find(key);
            if (f != it->end()) return f->second;
        }
        return nullptr;
    }

    template <class F>
    ExprPtr wrap(const ExprPtr& e, F&& simplify) {
        if (auto k = known(e)) return k;
        ExprPtr r = simplify();
        if (auto k = known(r)) return k;
        return r;
    }

    void add_fact(const ExprPtr& cond) {
        auto b = cond->as<BinOp>();
        if (!b || b->op != BinOpKind::Eq) return;
        ExprPtr expr, c;
        if (b->rhs->is<Const>()) expr = b->lhs, c = b->rhs;
        else if (b->lhs->is<Const>()) expr = b->rhs, c = b->lhs;
        else return;
        facts_.back()[print_expr(*expr)] = c;
        // X / M == 0 implies X % M == X
        if (auto d = expr->as<BinOp>(); d && d->op == BinOpKind::Div && const_is(c, 0)) {
            ExprPtr mod = ir::make<BinOp>(BinOpKind::Mod, d->lhs, d->rhs, d->type, d->srcinfo);
            facts_.back()[print_expr(*mod)] = d->lhs;
        }
    }

    // N % K + K * (N / K) (in any operand order) -> N
    static ExprPtr quotient_remainder(const ExprPtr& lhs, const ExprPtr& rhs) {
        ExprPtr rem, quot;
        if (is_binop(lhs, BinOpKind::Mod)) rem = lhs, quot = rhs;
        else if (is_binop(rhs, BinOpKind::Mod)) rem = rhs, quot = lhs;
        else return nullptr;
        auto r = rem->as<BinOp>();
        if (!r->rhs->is<Const>()) return nullptr;
        std::string num = print_expr(*r->lhs), mod = print_expr(*r->rhs);
        auto q = quot->as<BinOp>();
        if (!q || q->op != BinOpKind::Mul) return nullptr;
        auto check = [&](const ExprPtr& c, const ExprPtr& div) {
            auto d = div->as<BinOp>();
            return c->is<Const>() && d && d->op == BinOpKind::Div && print_expr(*c) == mod &&
                   print_expr(*d->lhs) == num && print_expr(*d->rhs) == mod;
        };
        if (check(q->lhs, q->rhs) || check(q->rhs, q->lhs)) return r->lhs;
        return nullptr;
    }

    ExprPtr binop(const std::shared_ptr<const BinOp>& e) {
        ExprPtr lhs = mutate_expr(e->lhs);
        ExprPtr rhs = mutate_expr(e->rhs);
        auto lc = lhs->as<Const>(), rc = rhs->as<Const>();
        if (lc && rc) {
            // The result has the operation's type (a comparison folds to a bool).
            std::optional<host::Value> v;
            try {
                v = cfold(e->op, *lc, *rc);
            } catch (const Overflow&) {
                does_not_fit(*e);
            }
            if (v) return ir::make<Const>(*v, e->type, lhs->srcinfo);
        }
        auto is_val = [](const ExprPtr& x, const host::Value& v) {
            auto c = x->as<Const>();
            return c && const_value_equal(c->val, v);
        };
        const host::Value F = host::Value::boolean(false), Tr = host::Value::boolean(true);
        switch (e->op) {
            case BinOpKind::Add:
                if (const_is(lhs, 0)) return rhs;
                if (const_is(rhs, 0)) return lhs;
                if (auto n = quotient_remainder(lhs, rhs)) return n;
                break;
            case BinOpKind::Sub:
                if (const_is(rhs, 0)) return lhs;
                if (const_is(lhs, 0)) return ir::make<USub>(rhs, rhs->type, rhs->srcinfo);
                if (auto l = lhs->as<BinOp>(); l && l->op == BinOpKind::Add) {
                    if (expr_equal(*l->lhs, *rhs)) return l->rhs;
                    if (expr_equal(*l->rhs, *rhs)) return l->lhs;
                }
                break;
            case BinOpKind::Mul:
                if (const_is(lhs, 0) || const_is(rhs, 0))
                    return ir::make<Const>(host::Value::integer(0), lhs->type, lhs->srcinfo);
                if (const_is(lhs, 1)) return rhs;
                if (const_is(rhs, 1)) return lhs;
                break;
            case BinOpKind::Div:
                if (const_is(rhs, 1)) return lhs;
                break;
            case BinOpKind::Mod:
                if (const_is(rhs, 1)) return ir::make<Const>(host::Value::integer(0), lhs->type, lhs->srcinfo);
                break;
            case BinOpKind::And:
                for (auto [l, r] : {std::pair{lhs, rhs}, std::pair{rhs, lhs}}) {
                    if (is_val(l, F)) return ir::make<Const>(F, T::bool_(), e->srcinfo);
                    if (is_val(l, Tr)) return r;
                }
                break;
            case BinOpKind::Or:
                for (auto [l, r] : {std::pair{lhs, rhs}, std::pair{rhs, lhs}}) {
                    if (is_val(l, F)) return r;
                    if (is_val(l, Tr)) return ir::make<Const>(Tr, T::bool_(), e->srcinfo);
                }
                break;
            default: break;
        }
        if (lhs == e->lhs && rhs == e->rhs) return e;
        return ir::make<BinOp>(e->op, lhs, rhs, e->type, e->srcinfo);
    }
};

}  // namespace

ir::ProcPtr simplify(const ir::ProcPtr& p, Edits* edits) {
    Normalizer norm(*p);
    ProcPtr q = norm.mutate_proc(p);
    Simplifier simp;
    ProcPtr out = simp.mutate_proc(q);
    if (edits) {
        // Applied one after another, each edit must find its statements at their original
        // paths: so later (and deeper) statements first, i.e. descending pre-order.
        auto rank = [](const Step& st) { return std::make_pair(st.field == Field::Orelse ? 1 : 0, st.index); };
        auto later = [&](const std::pair<Path, Edit>& a, const std::pair<Path, Edit>& b) {
            return std::lexicographical_compare(b.first.begin(), b.first.end(), a.first.begin(), a.first.end(),
                                                [&](const Step& x, const Step& y) { return rank(x) < rank(y); });
        };
        std::stable_sort(simp.events.begin(), simp.events.end(), later);
        for (auto& e : simp.events) edits->push_back(e.second);
    }
    return out;
}

}  // namespace exo::rewrite
