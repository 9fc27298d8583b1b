#include "range_env.h"

#include <functional>
#include <set>
#include <string>
#include <unordered_map>

#include "../host/runtime.h"
#include "../ir/printer.h"
#include "smt_encode.h"

namespace exo::backend {

namespace smt = analysis::smt;

namespace {

// Upstream's IndexRange: base + [lo, hi], or a plain int. Only whether the base is
// zero matters here, since only constant bounds are ever asked for.
struct Range {
    bool is_int = false;
    int64_t val = 0;     // when is_int
    bool has_base = false;
    Bound lo, hi;

    static Range of_int(int64_t v) { Range r; r.is_int = true; r.val = v; return r; }
    static Range constant(Bound lo, Bound hi) { Range r; r.lo = lo; r.hi = hi; return r; }
    static Range unbounded() { return constant(std::nullopt, std::nullopt); }
};

Bound add(Bound a, int64_t c) { return a ? Bound(*a + c) : std::nullopt; }

Range add(const Range& a, const Range& b) {
    if (a.is_int && b.is_int) return Range::of_int(a.val + b.val);
    if (a.is_int) return add(b, a);
    if (b.is_int) {
        Range r = a;
        r.lo = add(a.lo, b.val);
        r.hi = add(a.hi, b.val);
        return r;
    }
    Range r;
    r.has_base = a.has_base || b.has_base;
    if (a.lo && b.lo) r.lo = *a.lo + *b.lo;
    if (a.hi && b.hi) r.hi = *a.hi + *b.hi;
    return r;
}

Range neg(const Range& a) {
    if (a.is_int) return Range::of_int(-a.val);
    Range r;
    r.has_base = a.has_base;
    if (a.lo) r.hi = -*a.lo;
    if (a.hi) r.lo = -*a.hi;
    return r;
}

Range mul(const Range& a, const Range& b) {
    if (a.is_int && b.is_int) return Range::of_int(a.val * b.val);
    if (!a.is_int && !b.is_int) return Range::unbounded();  // non-affine: never typechecks
    const Range& r0 = a.is_int ? b : a;
    int64_t c = a.is_int ? a.val : b.val;
    if (c == 0) return Range::of_int(0);
    Range r;
    r.has_base = r0.has_base;
    Bound lo = r0.lo ? Bound(*r0.lo * c) : std::nullopt;
    Bound hi = r0.hi ? Bound(*r0.hi * c) : std::nullopt;
    if (c > 0) { r.lo = lo; r.hi = hi; }
    else { r.lo = hi; r.hi = lo; }
    return r;
}

Range floordiv(const Range& a, const Range& b) {
    if (!b.is_int) return Range::unbounded();
    int64_t c = b.val;
    if (a.is_int) return c == 0 ? Range::unbounded() : Range::of_int(host::floordiv(a.val, c));
    if (c <= 0) return Range::unbounded();
    Range r;
    if (!a.has_base) {
        if (a.lo) r.lo = host::floordiv(*a.lo, c);
        if (a.hi) r.hi = host::floordiv(*a.hi, c);
        return r;
    }
    r.has_base = true;
    if (a.lo && a.hi) {
        r.lo = host::floordiv(*a.lo, c);
        r.hi = host::floordiv(*a.hi, c) + 1;
    }
    return r;
}

Range mod(const Range& a, const Range& b) {
    if (!b.is_int) return Range::unbounded();
    int64_t c = b.val;
    if (c == 0) return Range::unbounded();
    if (a.is_int) return Range::of_int(host::mod(a.val, c));
    if (!a.has_base && a.lo && a.hi && host::floordiv(*a.lo, c) == host::floordiv(*a.hi, c))
        return Range::constant(host::mod(*a.lo, c), host::mod(*a.hi, c));
    return Range::constant(0, c - 1);
}

template <class Lookup>
Range analyze(const ir::Expr& e, const Lookup& lookup) {
    if (auto r = e.as<ir::Read>()) {
        if (auto b = lookup(r->name)) return Range::constant(b->lo, b->hi);
        Range x;
        x.has_base = true;
        x.lo = 0;
        x.hi = 0;
        return x;
    }
    if (auto c = e.as<ir::Const>()) {
        if (c->val.is_intlike()) return Range::of_int(c->val.as_int());
        return Range::unbounded();
    }
    if (auto u = e.as<ir::USub>()) return neg(analyze(*u->arg, lookup));
    if (auto b = e.as<ir::BinOp>()) {
        Range l = analyze(*b->lhs, lookup), r = analyze(*b->rhs, lookup);
        switch (b->op) {
            case ir::BinOpKind::Add: return add(l, r);
            case ir::BinOpKind::Sub: return add(l, neg(r));
            case ir::BinOpKind::Mul: return mul(l, r);
            case ir::BinOpKind::Div: return floordiv(l, r);
            case ir::BinOpKind::Mod: return mod(l, r);
            default: break;
        }
    }
    return Range::unbounded();
}

// The leaves (reads and constants) of an assert's index arithmetic.
void for_each_pred_leaf(const ir::Expr& e, const std::function<void(const ir::Expr&)>& leaf) {
    if (auto u = e.as<ir::USub>()) {
        for_each_pred_leaf(*u->arg, leaf);
    } else if (auto b = e.as<ir::BinOp>()) {
        for_each_pred_leaf(*b->lhs, leaf);
        for_each_pred_leaf(*b->rhs, leaf);
    } else {
        leaf(e);
    }
}

void pred_constants(const ir::Expr& e, std::set<int64_t>& out) {
    for_each_pred_leaf(e, [&](const ir::Expr& x) {
        if (auto c = x.as<ir::Const>(); c && c->val.is_intlike()) out.insert(c->val.as_int());
    });
}

}  // namespace

// By the same binary searches over [1, 2**15] as upstream's.
ConstBounds size_arg_range(const ir::Proc& proc, const ir::Sym& arg) {
    SmtEncoder enc;
    smt::Solver slv;
    for (const auto& a : proc.args)
        if (a.type->kind == ir::TypeKind::Size) slv.assume(enc.var(a.name) >= smt::int_val(1));
    for (const auto& p : proc.preds) {
        smt::Term t = enc.expr(*p);
        if (!t.is_null() && t.is_bool()) slv.assume(t);
    }
    for (const auto& s : enc.side_conditions()) slv.assume(s);
    smt::Term x = enc.var(arg);
    const int64_t max_abs = int64_t(1) << 15;
    auto at_least = [&](int64_t v) { return slv.is_valid(x >= smt::int_val(v)); };
    auto at_most = [&](int64_t v) { return slv.is_valid(x <= smt::int_val(v)); };
    // Both searches find the exact bound, which other questions can find sooner: most
    // sizes are bounded below by 1 alone, and above by nothing or by a constant written
    // in an assert (`N <= 344`, `N < 345`). Each search is asked only when those fail.
    ConstBounds out;
    int64_t left = 1, right = max_abs;
    if (!at_least(2)) right = 0, out.lo = 1;  // x >= 1 is assumed
    while (left <= right) {
        int64_t mid = left + (right - left) / 2;
        if (at_least(mid)) { out.lo = mid; left = mid + 1; }
        else right = mid - 1;
    }
    left = 1, right = max_abs;
    if (!at_most(max_abs)) {
        right = 0;  // above every bound searched
    } else {
        std::set<int64_t> written;
        for (const auto& p : proc.preds) pred_constants(*p, written);
        for (auto k = written.begin(); k != written.end() && right > 0; ++k)
            for (int64_t c : {*k - 1, *k})
                if (right > 0 && c >= 1 && c <= max_abs && at_most(c) && (c == 1 || !at_most(c - 1))) {
                    out.hi = c;  // the least, as the search would find
                    right = 0;
                }
    }
    while (left <= right) {
        int64_t mid = left + (right - left) / 2;
        if (at_most(mid)) { out.hi = mid; right = mid - 1; }
        else left = mid + 1;
    }
    return out;
}

namespace {

// size_arg_range, remembered by what it depends on: the arguments' names and types, the
// asserts, and which argument. A library's procs share their asserts (ExoBLAS's
// kernels, `N <= 344`), and each search asks the solver some thirty questions.
ConstBounds remembered_size_arg_range(const ir::Proc& proc, size_t arg_index) {
    std::string key;
    for (const auto& a : proc.args) key += a.name.name() + ":" + ir::print_type(*a.type) + ",";
    for (const auto& p : proc.preds) key += "|" + ir::print_expr(*p);
    key += "#" + std::to_string(arg_index);
    static std::unordered_map<std::string, ConstBounds> memo;
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    return memo[key] = size_arg_range(proc, proc.args[arg_index].name);
}

}  // namespace

IndexRangeEnv::IndexRangeEnv(const ir::Proc& proc) {
    std::set<ir::Sym> in_preds;
    for (const auto& p : proc.preds)
        for_each_pred_leaf(*p, [&](const ir::Expr& x) {
            if (auto r = x.as<ir::Read>()) in_preds.insert(r->name);
        });
    scopes_.emplace_back();
    for (size_t k = 0; k < proc.args.size(); ++k) {
        const ir::FnArg& a = proc.args[k];
        if (a.type->kind != ir::TypeKind::Size) continue;
        scopes_.back()[a.name] = in_preds.count(a.name) ? remembered_size_arg_range(proc, k) : ConstBounds{1, std::nullopt};
    }
}

void IndexRangeEnv::enter_scope() { scopes_.emplace_back(); }
void IndexRangeEnv::exit_scope() { scopes_.pop_back(); }

std::optional<ConstBounds> IndexRangeEnv::lookup(const ir::Sym& s) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto f = it->find(s);
        if (f != it->end()) return f->second;
    }
    return std::nullopt;
}

ConstBounds IndexRangeEnv::constant_bound(const ir::Expr& e) const {
    Range r = analyze(e, [this](const ir::Sym& s) { return lookup(s); });
    if (r.is_int) return {r.val, r.val};
    if (r.has_base) return {};
    return {r.lo, r.hi};
}

void IndexRangeEnv::add_loop_iter(const ir::Sym& iter, const ir::Expr& lo_e, const ir::Expr& hi_e) {
    Bound lo = constant_bound(lo_e).lo;
    Bound hi = constant_bound(hi_e).hi;
    if (hi) hi = *hi - 1;
    ConstBounds b{lo, hi};
    if (lo && hi && *lo > *hi) b = {};
    scopes_.back()[iter] = b;
}

bool IndexRangeEnv::is_non_neg(const ir::Expr& e) const {
    Bound lo = constant_bound(e).lo;
    return lo && 0 <= *lo;
}

}  // namespace exo::backend
