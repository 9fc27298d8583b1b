#include "range_analysis.h"

#include <algorithm>

#include "../ir/equality.h"
#include "../ir/extobj.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"

namespace exo::analysis {

using namespace ir;

namespace {

int64_t floordiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

int64_t floormod(int64_t a, int64_t b) { return a - floordiv(a, b) * b; }

ExprPtr const_index(int64_t c, const SrcInfo& s) { return Const::of_int(c, T::index(), s); }

bool is_zero_expr(const ExprPtr& e) {
    if (!e) return true;
    auto c = e->as<Const>();
    return c && c->val.is_intlike() && c->val.as_int() == 0;
}

// Upstream's LoopIR_Compare on index expressions: variables compare by name.
bool same_expr(const Expr& a, const Expr& b) {
    if (a.kind != b.kind) return false;
    if (auto r = a.as<Read>()) {
        auto s = b.as<Read>();
        if (r->name.name() != s->name.name() || r->idx.size() != s->idx.size()) return false;
        for (size_t i = 0; i < r->idx.size(); ++i)
            if (!same_expr(*r->idx[i], *s->idx[i])) return false;
        return true;
    }
    if (auto c = a.as<Const>()) return const_value_equal(c->val, b.as<Const>()->val);
    if (auto u = a.as<USub>()) return same_expr(*u->arg, *b.as<USub>()->arg);
    if (auto x = a.as<BinOp>()) {
        auto y = b.as<BinOp>();
        return x->op == y->op && same_expr(*x->lhs, *y->lhs) && same_expr(*x->rhs, *y->rhs);
    }
    return false;
}

std::optional<int64_t> opt_add(std::optional<int64_t> a, std::optional<int64_t> b) {
    if (a && b) return *a + *b;
    return std::nullopt;
}

// An int or a range, as upstream's analysis returns either.
struct RV {
    bool is_int = false;
    int64_t v = 0;
    IndexRange r;
    static RV of(int64_t x) { return RV{true, x, {}}; }
    static RV of(IndexRange r) { return RV{false, 0, std::move(r)}; }
};

IndexRange mul(const IndexRange& a, int64_t c) {
    IndexRange out;
    if (!a.base_is_zero()) out.base = ir::make<BinOp>(BinOpKind::Mul, a.base, const_index(c, a.base->srcinfo), a.base->type, a.base->srcinfo);
    std::optional<int64_t> lo, hi;
    if (a.lo) lo = *a.lo * c;
    if (a.hi) hi = *a.hi * c;
    if (c > 0) {
        out.lo = lo;
        out.hi = hi;
    } else {
        out.lo = hi;
        out.hi = lo;
    }
    return out;
}

RV analyze(const ExprPtr& e, const RangeEnv& env) {
    if (!e->type->is_indexable()) throw RangeError("Cannot analyze range of non-index expression");
    if (auto r = e->as<Read>()) {
        auto it = env.find(r->name.id());
        if (it == env.end()) return RV::of(IndexRange{e, 0, 0});
        return RV::of(IndexRange::constant(it->second.first, it->second.second));
    }
    if (auto c = e->as<Const>()) {
        if (!c->val.is_intlike()) throw RangeError("invalid expr in index expression");
        return RV::of(c->val.as_int());
    }
    if (auto u = e->as<USub>()) {
        RV a = analyze(u->arg, env);
        return a.is_int ? RV::of(-a.v) : RV::of(-a.r);
    }
    auto b = e->as<BinOp>();
    if (!b) throw RangeError("invalid expr in index expression");
    RV l = analyze(b->lhs, env), r = analyze(b->rhs, env);
    switch (b->op) {
        case BinOpKind::Add:
            if (l.is_int && r.is_int) return RV::of(l.v + r.v);
            if (l.is_int) return RV::of(r.r + l.v);
            if (r.is_int) return RV::of(l.r + r.v);
            return RV::of(l.r + r.r);
        case BinOpKind::Sub:
            if (l.is_int && r.is_int) return RV::of(l.v - r.v);
            if (l.is_int) return RV::of(-r.r + l.v);
            if (r.is_int) return RV::of(l.r - r.v);
            return RV::of(l.r + (-r.r));
        case BinOpKind::Mul: {
            if (l.is_int && r.is_int) return RV::of(l.v * r.v);
            if (!l.is_int && !r.is_int) throw RangeError("cannot analyze the product of two non-constant index expressions");
            const IndexRange& x = l.is_int ? r.r : l.r;
            int64_t c = l.is_int ? l.v : r.v;
            if (c == 0) return RV::of(int64_t(0));
            return RV::of(mul(x, c));
        }
        case BinOpKind::Div: {
            if (!r.is_int) throw RangeError("cannot analyze division by a non-constant");
            int64_t c = r.v;
            if (c == 0) throw RangeError("Cannot divide by 0.");
            if (l.is_int) return RV::of(floordiv(l.v, c));
            if (c < 0) return RV::of(IndexRange::unbounded());
            const IndexRange& x = l.r;
            if (x.base_is_zero()) {
                std::optional<int64_t> lo, hi;
                if (x.lo) lo = floordiv(*x.lo, c);
                if (x.hi) hi = floordiv(*x.hi, c);
                return RV::of(IndexRange::constant(lo, hi));
            }
            IndexRange out;
            out.base = ir::make<BinOp>(BinOpKind::Div, x.base, const_index(c, x.base->srcinfo), x.base->type, x.base->srcinfo);
            if (x.lo && x.hi) {
                out.lo = floordiv(*x.lo, c);
                out.hi = floordiv(*x.hi, c) + 1;
            }
            return RV::of(out);
        }
        case BinOpKind::Mod: {
            if (!r.is_int) throw RangeError("cannot analyze modulo by a non-constant");
            int64_t c = r.v;
            if (c == 0) throw RangeError("Cannot divide by 0.");
            if (l.is_int) return RV::of(floormod(l.v, c));
            const IndexRange& x = l.r;
            if (x.base_is_zero() && x.lo && x.hi && floordiv(*x.lo, c) == floordiv(*x.hi, c))
                return RV::of(IndexRange::constant(floormod(*x.lo, c), floormod(*x.hi, c)));
            return RV::of(IndexRange::constant(0, c - 1));
        }
        default: throw RangeError("invalid binop in index expression");
    }
}

int64_t coeff(const ExprPtr& e, const Sym& x) {
    if (!e) return 0;
    if (auto r = e->as<Read>()) return r->name == x ? 1 : 0;
    if (auto c = e->as<Const>()) return c->val.is_intlike() ? c->val.as_int() : 0;
    if (auto b = e->as<BinOp>()) {
        int64_t l = coeff(b->lhs, x), r = coeff(b->rhs, x);
        switch (b->op) {
            case BinOpKind::Add: return l + r;
            case BinOpKind::Sub: return l - r;
            case BinOpKind::Mul: return l * r;
            default:
                throw RangeError("cannot get stride of " + x.name() + " because " + print_expr(*e) +
                                 " contains an unsupported operand '" + binop_str(b->op) + "'");
        }
    }
    if (auto u = e->as<USub>()) return -coeff(u->arg, x);
    return 0;
}

}  // namespace

bool IndexRange::base_is_zero() const { return is_zero_expr(base); }

std::optional<int64_t> IndexRange::size() const {
    if (!lo || !hi) return std::nullopt;
    return *hi - *lo + 1;
}

int64_t IndexRange::stride_of(const Sym& x) const { return coeff(base_is_zero() ? nullptr : base, x); }

IndexRange IndexRange::partial_eval(const Sym& x, const IndexRange& rng) const {
    int64_t c = stride_of(x);
    if (c == 0) return *this;
    RangeEnv env{{x.id(), {rng.lo, rng.hi}}};
    RV nb = analyze(base, env);
    IndexRange bounds = nb.is_int ? IndexRange::of_int(nb.v) : nb.r;
    if (rng.base_is_zero()) return bounds;
    ExprPtr nbase = ir::make<BinOp>(BinOpKind::Mul, const_index(c, base->srcinfo), rng.base, T::index(), base->srcinfo);
    return bounds + IndexRange{nbase, 0, 0};
}

IndexRange IndexRange::operator+(int64_t c) const {
    IndexRange out = *this;
    if (lo) out.lo = *lo + c;
    if (hi) out.hi = *hi + c;
    return out;
}

IndexRange IndexRange::operator+(const IndexRange& o) const {
    IndexRange out;
    if (base_is_zero()) out.base = o.base;
    else if (o.base_is_zero()) out.base = base;
    else out.base = ir::make<BinOp>(BinOpKind::Add, base, o.base, base->type, base->srcinfo);
    out.lo = opt_add(lo, o.lo);
    out.hi = opt_add(hi, o.hi);
    return out;
}

IndexRange IndexRange::operator-() const {
    IndexRange out;
    if (!base_is_zero()) out.base = ir::make<USub>(base, base->type, base->srcinfo);
    if (lo) out.hi = -*lo;
    if (hi) out.lo = -*hi;
    return out;
}

IndexRange IndexRange::operator|(const IndexRange& o) const {
    bool same = (base_is_zero() && o.base_is_zero()) || (base && o.base && same_expr(*base, *o.base));
    if (!same) return unbounded();
    IndexRange out;
    out.base = base;
    out.lo = !lo ? o.lo : !o.lo ? lo : std::min(*lo, *o.lo);
    out.hi = !hi ? o.hi : !o.hi ? hi : std::max(*hi, *o.hi);
    return out;
}

IndexRange index_range(const ExprPtr& e, const RangeEnv& env) {
    RV r = analyze(e, env);
    return r.is_int ? IndexRange::of_int(r.v) : r.r;
}

std::optional<int64_t> constant_index_value(const ExprPtr& e) {
    try {
        IndexRange r = index_range(e);
        if (r.base_is_zero() && r.lo && r.lo == r.hi) return r.lo;
    } catch (const RangeError&) {
    }
    return std::nullopt;
}

}  // namespace exo::analysis
