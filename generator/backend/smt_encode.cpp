#include "smt_encode.h"

#include "../host/runtime.h"

namespace exo::backend {

namespace smt = analysis::smt;
using smt::Term;

Term SmtEncoder::var(const ir::Sym& s0, bool is_bool) {
    ir::Sym s = s0;
    for (const auto& [from, to] : renames_)
        if (from == s) s = to;
    std::string name = "v_" + s.repr();
    return is_bool ? smt::bool_var(name) : smt::int_var(name);
}

void SmtEncoder::rename(const ir::Sym& from, const ir::Sym& to) { renames_.emplace_back(from, to); }

Term SmtEncoder::expr(const ir::Expr& e) {
    using ir::BinOpKind;
    if (auto r = e.as<ir::Read>()) {
        if (!r->idx.empty()) return Term();
        if (r->type->is_bool()) return var(r->name, true);
        if (r->type->is_indexable() || r->type->is_stridable()) return var(r->name);
        return Term();
    }
    if (auto c = e.as<ir::Const>()) {
        if (c->val.is_bool()) return smt::bool_val(c->val.as_int() != 0);
        if (c->val.is_intlike()) return smt::int_val(c->val.as_int());
        return Term();
    }
    if (auto u = e.as<ir::USub>()) {
        Term a = expr(*u->arg);
        if (a.is_null() || !a.is_int()) return Term();
        return -a;
    }
    if (auto st = e.as<ir::StrideExpr>())
        return smt::int_var("stride_" + st->name.repr() + "_" + std::to_string(st->dim));
    if (auto rc = e.as<ir::ReadConfig>()) {
        std::string name = "cfg_" + rc->config.name + "_" + rc->field;
        if (rc->type->is_bool()) return smt::bool_var(name);
        if (rc->type->is_indexable() || rc->type->is_stridable()) return smt::int_var(name);
        return Term();
    }
    auto b = e.as<ir::BinOp>();
    if (!b) return Term();
    Term l = expr(*b->lhs), r = expr(*b->rhs);
    if (l.is_null() || r.is_null()) return Term();
    switch (b->op) {
        case BinOpKind::Add: return l + r;
        case BinOpKind::Sub: return l - r;
        case BinOpKind::Mul: return l * r;
        case BinOpKind::Div:
        case BinOpKind::Mod: {
            // Floor division by a positive constant: x = d*q + m with 0 <= m < d.
            auto c = b->rhs->as<ir::Const>();
            if (!c || !c->val.is_intlike() || c->val.as_int() <= 0) return Term();
            int n = fresh_++;
            Term q = smt::int_var("div_tmp_" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "_" + std::to_string(n));
            Term m = smt::int_var("mod_tmp_" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "_" + std::to_string(n));
            Term d = smt::int_val(c->val.as_int());
            side_.push_back(smt::eq(l, d * q + m) && smt::int_val(0) <= m && m < d);
            return b->op == BinOpKind::Div ? q : m;
        }
        case BinOpKind::Lt: return l < r;
        case BinOpKind::Gt: return l > r;
        case BinOpKind::Le: return l <= r;
        case BinOpKind::Ge: return l >= r;
        case BinOpKind::Eq: return smt::eq(l, r);
        case BinOpKind::And: return l && r;
        case BinOpKind::Or: return l || r;
    }
    return Term();
}

}  // namespace exo::backend
