#include "boundscheck.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "../host/interp.h"
#include "../ir/phase_times.h"
#include "../host/runtime.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "range_analysis.h"
#include "smt.h"
#include "smt_linear.h"

namespace exo::analysis {

namespace {

using ir::BinOpKind;
using ir::ConfigRef;
using ir::ExprPtr;
using ir::SrcInfo;
using ir::Sym;
using ir::TypePtr;

[[noreturn]] void internal(const char* what) { throw std::logic_error(std::string("boundscheck: ") + what); }

// ------------------------------------------------------------------ symbolic exprs
// Index and bool expressions as they appear in effects (upstream's Effects.expr): the
// LoopIR control expressions plus negation, if-then-else and config fields, so that
// conditions and config writes can be folded into the effects of later statements.

enum class SK : uint8_t { Var, Not, Const, BinOp, Stride, Select, ConfigField };

struct SE;
using SEP = std::shared_ptr<const SE>;

struct SE {
    SK k;
    TypePtr type;
    SrcInfo srcinfo;
    Sym name;          // Var, Stride
    int64_t val = 0;   // Const (bools as 0/1)
    BinOpKind op = BinOpKind::Add;
    SEP a, b, c;       // BinOp lhs/rhs, Not arg, Select cond/then/else
    int dim = 0;       // Stride
    ConfigRef config;  // ConfigField
    std::string field;
    SE(SK k, TypePtr t, SrcInfo s, Sym n = Sym()) : k(k), type(std::move(t)), srcinfo(std::move(s)), name(std::move(n)) {}
};

SEP mk(SE s) { return std::make_shared<const SE>(std::move(s)); }
SEP se_var(Sym n, TypePtr t, SrcInfo s) { return mk(SE{SK::Var, std::move(t), std::move(s), std::move(n)}); }
SEP se_int(int64_t v, TypePtr t, SrcInfo s) {
    SE e{SK::Const, std::move(t), std::move(s)};
    e.val = v;
    return mk(std::move(e));
}
SEP se_bool(bool v, SrcInfo s) { return se_int(v ? 1 : 0, ir::T::bool_(), std::move(s)); }
// `a op b` on integer constants, with the floor division and modulo encode() gives
// them (by a positive constant); nothing when that is undefined or overflows.
std::optional<int64_t> fold_ints(BinOpKind op, int64_t a, int64_t b) {
    int64_t out;
    switch (op) {
        case BinOpKind::Add: return __builtin_add_overflow(a, b, &out) ? std::nullopt : std::optional(out);
        case BinOpKind::Sub: return __builtin_sub_overflow(a, b, &out) ? std::nullopt : std::optional(out);
        case BinOpKind::Mul: return __builtin_mul_overflow(a, b, &out) ? std::nullopt : std::optional(out);
        case BinOpKind::Div:
        case BinOpKind::Mod: {
            if (b <= 0) return std::nullopt;
            int64_t q = a / b - (a % b != 0 && a < 0 ? 1 : 0);
            return op == BinOpKind::Div ? q : a - q * b;
        }
        default: return std::nullopt;
    }
}

SEP se_bin(BinOpKind op, SEP a, SEP b, TypePtr t, SrcInfo s) {
    // Constants are folded here: a division of constants would otherwise become a fresh
    // solver variable, and a product with such a variable (`MC / MR * (M / MC)`, with
    // constant MC and MR) a nonlinear term, which makes the solver's queries slow.
    if (a->k == SK::Const && b->k == SK::Const && !t->is_bool() && !a->type->is_bool() && !b->type->is_bool())
        if (std::optional<int64_t> v = fold_ints(op, a->val, b->val)) return se_int(*v, std::move(t), std::move(s));
    SE e{SK::BinOp, std::move(t), std::move(s)};
    e.op = op;
    e.a = std::move(a);
    e.b = std::move(b);
    return mk(std::move(e));
}
SEP se_not(SEP a) {
    SE e{SK::Not, a->type, a->srcinfo};
    e.a = std::move(a);
    return mk(std::move(e));
}
SEP se_stride(Sym n, int dim, TypePtr t, SrcInfo s) {
    SE e{SK::Stride, std::move(t), std::move(s), std::move(n)};
    e.dim = dim;
    return mk(std::move(e));
}
SEP se_select(SEP c, SEP t, SEP f, TypePtr ty, SrcInfo s) {
    SE e{SK::Select, std::move(ty), std::move(s)};
    e.a = std::move(c);
    e.b = std::move(t);
    e.c = std::move(f);
    return mk(std::move(e));
}
SEP se_config(ConfigRef cfg, std::string field, TypePtr t, SrcInfo s) {
    SE e{SK::ConfigField, std::move(t), std::move(s)};
    e.config = std::move(cfg);
    e.field = std::move(field);
    return mk(std::move(e));
}

// LoopIR args of a callee -> the caller's argument expressions.
using ArgSubst = std::unordered_map<Sym, ExprPtr>;

SEP lift(const ir::Expr& e, const ArgSubst* subst = nullptr) {
    if (auto r = e.as<ir::Read>()) {
        if (!r->idx.empty()) internal("lifting an indexed read");
        if (subst)
            if (auto it = subst->find(r->name); it != subst->end()) return lift(*it->second);
        return se_var(r->name, e.type, e.srcinfo);
    }
    if (auto c = e.as<ir::Const>()) {
        if (c->val.is_bool()) return se_bool(c->val.as_bool(), e.srcinfo);
        if (!c->val.is_int()) internal("lifting a non-integer constant");
        return se_int(c->val.as_int(), e.type, e.srcinfo);
    }
    if (auto b = e.as<ir::BinOp>())
        return se_bin(b->op, lift(*b->lhs, subst), lift(*b->rhs, subst), e.type, e.srcinfo);
    if (auto u = e.as<ir::USub>())
        return se_bin(BinOpKind::Sub, se_int(0, e.type, e.srcinfo), lift(*u->arg, subst), e.type, e.srcinfo);
    if (auto s = e.as<ir::StrideExpr>()) {
        if (subst)
            if (auto it = subst->find(s->name); it != subst->end()) {
                if (auto r = it->second->as<ir::Read>()) return se_stride(r->name, s->dim, e.type, e.srcinfo);
                if (auto w = it->second->as<ir::WindowExpr>()) {
                    // stride(win, d) is the stride of the d-th sliced dimension of its buffer
                    int d = ir::window_buffer_dim(*w, s->dim);
                    if (d < 0) internal("stride of a window dimension that does not exist");
                    return se_stride(w->name, d, e.type, e.srcinfo);
                }
                internal("stride of an argument that is not a buffer");
            }
        return se_stride(s->name, s->dim, e.type, e.srcinfo);
    }
    if (auto rc = e.as<ir::ReadConfig>()) return se_config(rc->config, rc->field, e.type, e.srcinfo);
    internal("lifting an expression that is not a control expression");
}

SEP negate(const SEP& e) {
    switch (e->k) {
        case SK::Const: return se_bool(e->val == 0, e->srcinfo);
        case SK::Var:
        case SK::ConfigField: return se_not(e);
        case SK::Not: return e->a;
        case SK::Select:
            return se_select(e->a, negate(e->b), negate(e->c), e->type, e->srcinfo);
        case SK::BinOp: {
            auto change = [&](BinOpKind op, SEP l, SEP r) { return se_bin(op, std::move(l), std::move(r), e->type, e->srcinfo); };
            switch (e->op) {
                case BinOpKind::And: return change(BinOpKind::Or, negate(e->a), negate(e->b));
                case BinOpKind::Or: return change(BinOpKind::And, negate(e->a), negate(e->b));
                case BinOpKind::Gt: return change(BinOpKind::Le, e->a, e->b);
                case BinOpKind::Lt: return change(BinOpKind::Ge, e->a, e->b);
                case BinOpKind::Ge: return change(BinOpKind::Lt, e->a, e->b);
                case BinOpKind::Le: return change(BinOpKind::Gt, e->a, e->b);
                case BinOpKind::Eq:
                    if (e->a->type->is_bool() && e->b->type->is_bool()) {
                        auto l = change(BinOpKind::And, e->a, negate(e->b));
                        auto r = change(BinOpKind::And, negate(e->a), e->b);
                        return change(BinOpKind::Or, l, r);
                    }
                    return change(BinOpKind::Or, change(BinOpKind::Lt, e->a, e->b), change(BinOpKind::Gt, e->a, e->b));
                default: break;
            }
            break;
        }
        case SK::Stride: break;
    }
    internal("negating a non-predicate");
}

// Rebuilds `e` with `leaf` applied to every Var/Stride/ConfigField (null: keep).
template <class F>
SEP rewrite(const SEP& e, const F& leaf) {
    if (!e) return e;
    switch (e->k) {
        case SK::Var:
        case SK::Stride:
        case SK::ConfigField: {
            SEP r = leaf(e);
            return r ? r : e;
        }
        case SK::Const: return e;
        case SK::Not: {
            SEP a = rewrite(e->a, leaf);
            return a == e->a ? e : se_not(a);
        }
        case SK::BinOp: {
            SEP a = rewrite(e->a, leaf), b = rewrite(e->b, leaf);
            return a == e->a && b == e->b ? e : se_bin(e->op, a, b, e->type, e->srcinfo);
        }
        case SK::Select: {
            SEP a = rewrite(e->a, leaf), b = rewrite(e->b, leaf), c = rewrite(e->c, leaf);
            return a == e->a && b == e->b && c == e->c ? e : se_select(a, b, c, e->type, e->srcinfo);
        }
    }
    return e;
}

int se_prec(const SE& e) {
    if (e.k == SK::BinOp) return ir::binop_precedence(e.op);
    if (e.k == SK::Not) return 20;
    return 100;
}

std::string se_str(const SEP& e, int prec = 0) {
    std::string s;
    switch (e->k) {
        case SK::Var: return e->name.name();
        case SK::Const:
            if (e->type->is_bool()) return e->val ? "True" : "False";
            return std::to_string(e->val);
        case SK::Stride: return "stride(" + e->name.name() + ", " + std::to_string(e->dim) + ")";
        case SK::ConfigField: return e->config.name + "." + e->field;
        case SK::Select: return "select(" + se_str(e->a) + ", " + se_str(e->b) + ", " + se_str(e->c) + ")";
        case SK::Not: s = "not " + se_str(e->a, se_prec(*e) + 1); break;
        case SK::BinOp: {
            int p = se_prec(*e);
            s = se_str(e->a, p) + " " + ir::binop_str(e->op) + " " + se_str(e->b, p + 1);
            break;
        }
    }
    return se_prec(*e) < prec ? "(" + s + ")" : s;
}

SEP and_preds(const SEP& a, const SEP& b) {
    if (!b) return a;
    if (!a) return b;
    return se_bin(BinOpKind::And, a, b, ir::T::bool_(), a->srcinfo);
}
SEP or_preds(const SEP& a, const SEP& b) {
    if (!a || !b) return nullptr;
    return se_bin(BinOpKind::Or, a, b, ir::T::bool_(), a->srcinfo);
}

// ------------------------------------------------------------------ effects

struct EffSet {
    Sym buffer;
    std::vector<SEP> loc;
    SEP pred;  // null: always
    SrcInfo srcinfo;
};

struct CfgWrite {
    ConfigRef config;
    std::string field;
    SEP value;
    SEP pred;
    TypePtr type;
    SrcInfo srcinfo;
};

using CfgKey = std::pair<const void*, std::string>;
CfgKey cfg_key(const ConfigRef& c, const std::string& f) { return {c.obj.obj(), f}; }

// Config reads never influence the checks, so (unlike upstream) they are not tracked.
struct Effect {
    std::vector<EffSet> reads, writes, reduces;
    std::vector<CfgWrite> cwrites;

    template <class F>
    void each_set(const F& f) {
        for (auto& s : reads) f(s);
        for (auto& s : writes) f(s);
        for (auto& s : reduces) f(s);
    }
};

// Config field values: a field missing from the map keeps the value it had before.
using CfgValues = std::map<CfgKey, SEP>;

// `e` with its config fields replaced by their values in `env`.
SEP with_cfg_values(const SEP& e, const CfgValues& env) {
    return rewrite(e, [&](const SEP& x) -> SEP {
        if (x->k != SK::ConfigField) return nullptr;
        auto it = env.find(cfg_key(x->config, x->field));
        return it == env.end() ? nullptr : it->second;
    });
}

void subst_cfg(Effect& e, const CfgValues& env) {
    e.each_set([&](EffSet& s) {
        for (auto& l : s.loc) l = with_cfg_values(l, env);
        s.pred = with_cfg_values(s.pred, env);
    });
    for (auto& w : e.cwrites) {
        w.value = with_cfg_values(w.value, env);
        w.pred = with_cfg_values(w.pred, env);
    }
}

SEP write_val(const CfgWrite& w) {
    if (!w.pred) return w.value;
    return se_select(w.pred, w.value, se_config(w.config, w.field, w.type, w.srcinfo), w.type, w.srcinfo);
}

std::vector<CfgWrite> merge_writes(const std::vector<CfgWrite>& w1, const std::vector<CfgWrite>& w2) {
    std::set<CfgKey> k1, k2;
    for (auto& w : w1) k1.insert(cfg_key(w.config, w.field));
    for (auto& w : w2) k2.insert(cfg_key(w.config, w.field));
    std::vector<CfgWrite> out;
    for (auto& w : w1)
        if (!k2.count(cfg_key(w.config, w.field))) out.push_back(w);
    for (auto& w : w2)
        if (!k1.count(cfg_key(w.config, w.field))) out.push_back(w);
    for (auto& a : w1)
        for (auto& b : w2)
            if (cfg_key(a.config, a.field) == cfg_key(b.config, b.field)) {
                if (!b.pred) {
                    out.push_back(b);
                } else {
                    CfgWrite m = b;
                    m.value = se_select(b.pred, b.value, a.value, a.type, b.srcinfo);
                    m.pred = or_preds(a.pred, b.pred);
                    m.config = a.config;
                    out.push_back(std::move(m));
                }
            }
    return out;
}

// Sequencing: `first` then `rest`. Reads of config fields that `first` writes become
// the written values.
void concat_into(Effect&& first, Effect& rest) {
    if (!first.cwrites.empty()) {
        CfgValues env;
        for (auto& w : first.cwrites) env[cfg_key(w.config, w.field)] = write_val(w);
        subst_cfg(rest, env);
        rest.cwrites = merge_writes(first.cwrites, rest.cwrites);
    }
    auto prepend = [](std::vector<EffSet>& a, std::vector<EffSet>& b) {
        if (a.empty()) return;
        a.insert(a.end(), std::make_move_iterator(b.begin()), std::make_move_iterator(b.end()));
        b = std::move(a);
    };
    prepend(first.reads, rest.reads);
    prepend(first.writes, rest.writes);
    prepend(first.reduces, rest.reduces);
}

void filter(const SEP& pred, Effect& e) {
    e.each_set([&](EffSet& s) { s.pred = and_preds(pred, s.pred); });
    for (auto& w : e.cwrites) w.pred = and_preds(pred, w.pred);
}

void bind_loop(const SEP& pred, const SEP& cfg_pred, Effect& e) {
    e.each_set([&](EffSet& s) { s.pred = and_preds(pred, s.pred); });
    // As upstream: a config write in a loop happens when the loop runs at least once.
    for (auto& w : e.cwrites) w.pred = and_preds(pred, cfg_pred);
}

void remove_buf(const Sym& buf, Effect& e) {
    auto drop = [&](std::vector<EffSet>& v) {
        v.erase(std::remove_if(v.begin(), v.end(), [&](const EffSet& s) { return s.buffer == buf; }), v.end());
    };
    drop(e.reads);
    drop(e.writes);
    drop(e.reduces);
}

using TypeEnv = std::unordered_map<Sym, TypePtr>;

void collect_types(const ir::StmtList& body, TypeEnv& env) {
    for (const auto& s : body) {
        if (auto i = s->as<ir::If>()) {
            collect_types(i->body, env);
            collect_types(i->orelse, env);
        } else if (auto f = s->as<ir::For>()) {
            collect_types(f->body, env);
        } else if (auto a = s->as<ir::Alloc>()) {
            env[a->name] = a->type;
        } else if (auto w = s->as<ir::WindowStmt>()) {
            env[w->name] = w->rhs->type;
        }
    }
}

TypeEnv proc_types(const ir::Proc& p) {
    TypeEnv env;
    for (const auto& a : p.args) env[a.name] = a.type;
    collect_types(p.body, env);
    return env;
}

// Accesses `buf_name[loc]` through a derived window become accesses of the windowed
// buffer: points fix a coordinate, intervals shift one by their start.
void translate(Effect& eff, const Sym& buf_name, const TypePtr& win_type, const TypeEnv& types) {
    auto tr = [&](EffSet& s) {
        if (s.buffer != buf_name) return;
        const ir::Type* t = win_type.get();
        Sym buf = buf_name;
        std::vector<SEP> loc = s.loc;
        while (auto w = t->as<ir::WindowType>()) {
            buf = w->src_buf;
            std::vector<SEP> nl;
            size_t li = 0;
            for (const auto& acc : w->idx) {
                if (auto p = acc->as<ir::Point>()) {
                    nl.push_back(lift(*p->pt));
                } else {
                    auto iv = acc->as<ir::Interval>();
                    if (li >= loc.size()) internal("window translation: too few indices");
                    nl.push_back(se_bin(BinOpKind::Add, loc[li++], lift(*iv->lo), ir::T::index(), iv->lo->srcinfo));
                }
            }
            loc = std::move(nl);
            auto it = types.find(buf);
            if (it == types.end()) break;
            t = it->second.get();
        }
        s.buffer = buf;
        s.loc = std::move(loc);
    };
    eff.each_set(tr);
}

// Substitution of a callee's arguments by the caller's values in the callee's effects.
void subst_args(Effect& e, const std::unordered_map<Sym, SEP>& vars, const std::unordered_map<Sym, Sym>& bufs) {
    auto leaf = [&](const SEP& x) -> SEP {
        if (x->k == SK::Var) {
            auto it = vars.find(x->name);
            return it == vars.end() ? nullptr : it->second;
        }
        if (x->k == SK::Stride) {
            auto it = bufs.find(x->name);
            return it == bufs.end() ? nullptr : se_stride(it->second, x->dim, x->type, x->srcinfo);
        }
        return nullptr;
    };
    e.each_set([&](EffSet& s) {
        if (auto it = bufs.find(s.buffer); it != bufs.end()) s.buffer = it->second;
        for (auto& l : s.loc) l = rewrite(l, leaf);
        s.pred = rewrite(s.pred, leaf);
    });
    for (auto& w : e.cwrites) {
        w.value = rewrite(w.value, leaf);
        w.pred = rewrite(w.pred, leaf);
    }
}

const Effect& callee_effect(const ir::ProcPtr& f);

// How a callee's argument names stand for the caller's values at one call.
struct CallBinding {
    std::unordered_map<Sym, SEP> vars;  // control arguments
    std::unordered_map<Sym, Sym> bufs;  // buffers passed by name
    ArgSubst subst;                     // every argument, as LoopIR
};

CallBinding bind_call(const ir::Call& c) {
    CallBinding b;
    size_t n = std::min(c.f->args.size(), c.args.size());
    for (size_t k = 0; k < n; ++k) {
        const ir::FnArg& sig = c.f->args[k];
        const ExprPtr& arg = c.args[k];
        b.subst[sig.name] = arg;
        if (!sig.type->is_numeric()) b.vars[sig.name] = lift(*arg);
        else if (auto r = arg->as<ir::Read>()) b.bufs[sig.name] = r->name;
    }
    return b;
}

// The callee's effects in the caller's terms (window arguments not yet translated),
// without its accesses of the parameters in `skip`.
Effect call_effect(const ir::Call& c, const CallBinding& b, const std::unordered_set<Sym>& skip) {
    Effect eff = callee_effect(c.f);
    if (!skip.empty())
        for (auto* sets : {&eff.reads, &eff.writes, &eff.reduces})
            sets->erase(std::remove_if(sets->begin(), sets->end(), [&](const EffSet& s) { return skip.count(s.buffer); }),
                        sets->end());
    subst_args(eff, b.vars, b.bufs);
    return eff;
}

// ------------------------------------------------------------------ config values at calls

// A forward pass over a proc body giving, at each call, the value of every control
// config field as an expression over the values at proc entry, so that a callee's
// preconditions can use what the caller wrote before the call. The value is the one
// last written on every path reaching the call: branches merge into a select on the
// condition; a field written in a loop body, or conditionally inside a callee, gets a
// fresh variable (nothing is known of it). Numeric fields never occur in preconditions
// and are not followed.
class ConfigFlow {
public:
    std::unordered_map<const ir::Stmt*, CfgValues> at_call;  // values just before each call

    void walk(const ir::StmtList& body, CfgValues& env) {
        for (const auto& sp : body) {
            const ir::Stmt& s = *sp;
            if (auto w = s.as<ir::WriteConfig>()) {
                if (w->rhs->type->is_numeric()) continue;
                note_field(w->config, w->field, w->rhs->type, s.srcinfo);
                env[cfg_key(w->config, w->field)] = with_cfg_values(lift(*w->rhs), env);
            } else if (auto i = s.as<ir::If>()) {
                SEP cond = with_cfg_values(lift(*i->cond), env);
                CfgValues then_env = env;
                walk(i->body, then_env);
                walk(i->orelse, env);
                env = merge(cond, then_env, env);
            } else if (auto f = s.as<ir::For>()) {
                std::set<CfgKey> written;
                written_in(f->body, written);
                forget(written, env);  // an earlier iteration may have written them
                walk(f->body, env);
                forget(written, env);
            } else if (auto c = s.as<ir::Call>()) {
                at_call[&s] = env;
                CfgValues before = env;
                for (const auto& w : call_effect(*c, bind_call(*c), {}).cwrites) {
                    if (w.type->is_numeric()) continue;
                    note_field(w.config, w.field, w.type, w.srcinfo);
                    CfgKey k = cfg_key(w.config, w.field);
                    env[k] = w.pred ? unknown(k) : with_cfg_values(w.value, before);
                }
            }
        }
    }

private:
    std::map<CfgKey, SEP> fields_;  // every followed field, as its value at proc entry

    void note_field(const ConfigRef& c, const std::string& f, const TypePtr& t, const SrcInfo& at) {
        fields_.try_emplace(cfg_key(c, f), se_config(c, f, t, at));
    }

    SEP unknown(const CfgKey& k) {
        const SEP& f = fields_.at(k);
        return se_var(Sym(f->config.name + "_" + f->field), f->type, f->srcinfo);
    }

    SEP value(const CfgValues& env, const CfgKey& k) {
        auto it = env.find(k);
        return it == env.end() ? fields_.at(k) : it->second;
    }

    CfgValues merge(const SEP& cond, const CfgValues& t, const CfgValues& e) {
        CfgValues out;
        for (const CfgValues* side : {&t, &e})
            for (const auto& [k, v] : *side) {
                if (out.count(k)) continue;
                SEP a = value(t, k), b = value(e, k);
                out[k] = a == b ? a : se_select(cond, a, b, a->type, cond->srcinfo);
            }
        return out;
    }

    // The followed fields a block may write (directly or in calls).
    void written_in(const ir::StmtList& body, std::set<CfgKey>& out) {
        for (const auto& sp : body) {
            if (auto w = sp->as<ir::WriteConfig>()) {
                if (w->rhs->type->is_numeric()) continue;
                note_field(w->config, w->field, w->rhs->type, sp->srcinfo);
                out.insert(cfg_key(w->config, w->field));
            } else if (auto i = sp->as<ir::If>()) {
                written_in(i->body, out);
                written_in(i->orelse, out);
            } else if (auto f = sp->as<ir::For>()) {
                written_in(f->body, out);
            } else if (auto c = sp->as<ir::Call>()) {
                for (const auto& w : callee_effect(c->f).cwrites) {
                    if (w.type->is_numeric()) continue;
                    note_field(w.config, w.field, w.type, w.srcinfo);
                    out.insert(cfg_key(w.config, w.field));
                }
            }
        }
    }

    void forget(const std::set<CfgKey>& keys, CfgValues& env) {
        for (const auto& k : keys) env[k] = unknown(k);
    }
};

// ------------------------------------------------------------------ linear forms
// An integer expression as sum(coefficient * atom) + constant, where an atom is a
// variable, a stride, a config field or a subexpression that is not linear (a division,
// a product of two non-constants, a select), identified by its structure. Two
// expressions whose difference has the form 0 are equal whatever the values: the shape
// equalities at calls (`hi - lo` of a window against a parameter's size) are nearly all
// of that kind, and deciding them here keeps them away from the solver, where each one
// costs a query under every assumption in scope (the loop bounds, with their divisions).

struct LinearForm {
    std::map<std::string, int64_t> terms;  // atom key -> coefficient, never 0
    int64_t constant = 0;
    bool exact = true;  // false: a coefficient overflowed; the form means nothing

    bool is_zero() const { return exact && terms.empty() && constant == 0; }

    void add_constant(int64_t k) {
        if (__builtin_add_overflow(constant, k, &constant)) exact = false;
    }

    void add(const LinearForm& o, int64_t scale) {
        exact = exact && o.exact;
        int64_t c;
        if (__builtin_mul_overflow(o.constant, scale, &c) || __builtin_add_overflow(constant, c, &constant)) exact = false;
        for (const auto& [k, v] : o.terms) {
            int64_t t, sum;
            if (__builtin_mul_overflow(v, scale, &t) || __builtin_add_overflow(terms[k], t, &sum)) {
                exact = false;
                continue;
            }
            if (sum == 0) terms.erase(k);
            else terms[k] = sum;
        }
    }
};

// A key for an atom that two expressions share exactly when they are the same
// expression over the same symbols (names alone do not identify a symbol).
std::string atom_key(const SE& e) {
    switch (e.k) {
        case SK::Var: return "v" + std::to_string(e.name.id());
        case SK::Const: return "c" + std::to_string(e.val);
        case SK::Stride: return "s" + std::to_string(e.name.id()) + "." + std::to_string(e.dim);
        case SK::ConfigField:
            return "g" + std::to_string(reinterpret_cast<uintptr_t>(e.config.obj.obj())) + "." + e.field;
        case SK::Not: return "!(" + atom_key(*e.a) + ")";
        case SK::Select: return "?(" + atom_key(*e.a) + "," + atom_key(*e.b) + "," + atom_key(*e.c) + ")";
        case SK::BinOp:
            return "(" + atom_key(*e.a) + " " + ir::binop_str(e.op) + " " + atom_key(*e.b) + ")";
    }
    return "?";
}

LinearForm linear_form(const SE& e) {
    LinearForm f;
    if (e.k == SK::Const) {
        f.constant = e.val;
        return f;
    }
    if (e.k == SK::BinOp && (e.op == BinOpKind::Add || e.op == BinOpKind::Sub)) {
        f = linear_form(*e.a);
        f.add(linear_form(*e.b), e.op == BinOpKind::Add ? 1 : -1);
        return f;
    }
    if (e.k == SK::BinOp && e.op == BinOpKind::Mul) {
        LinearForm a = linear_form(*e.a), b = linear_form(*e.b);
        if (a.exact && a.terms.empty()) {
            f.add(b, a.constant);
            return f;
        }
        if (b.exact && b.terms.empty()) {
            f.add(a, b.constant);
            return f;
        }
    }
    f.terms[atom_key(e)] = 1;
    return f;
}

// True when a == b holds for every value of their variables, by their linear forms;
// false when that does not decide it.
bool equal_by_linear_form(const SEP& a, const SEP& b) {
    LinearForm d = linear_form(*a);
    d.add(linear_form(*b), -1);
    return d.is_zero();
}

// ------------------------------------------------------------------ quick decisions
// Most queries of a small proc follow from its loop bounds and size arguments alone
// (`0 <= i < n` for `x[i]` in `for i in seq(0, n)` with `x: f32[n]`), and the solver
// costs more to start than such a proc costs to check (Z3's context alone takes ~10 ms,
// most of a one-proc program's run). The checker decides such queries here, from the
// facts in scope, and starts the solver only for what these cannot decide: the facts
// and the goal become linear forms over integer atoms, and the goal holds when the
// linear refuter (smt_linear.h) refutes the facts with its negation. They only
// need to be sound, never complete: an undecided query goes to the solver, and its
// counterexample names the same variables in the same order as without them (the goals
// decided here are replayed when a scope reaches the solver; see Checker::Scope).

// The divisions and remainders by a positive constant in `e`.
void collect_divisions(const SEP& e, std::vector<SEP>& out) {
    if (e->k == SK::BinOp && (e->op == BinOpKind::Div || e->op == BinOpKind::Mod) && e->b->k == SK::Const &&
        e->b->val > 0)
        out.push_back(e);
    for (const SEP* c : {&e->a, &e->b, &e->c})
        if (*c) collect_divisions(*c, out);
}

// `e`, a conjunction of integer comparisons, as forms F each meaning F <= 0 (an
// equality gives two). False when `e` has another shape.
bool as_nonpositive_forms(const SE& e, std::vector<LinearForm>& out) {
    if (e.k == SK::Const && e.type->is_bool()) return e.val != 0;  // True adds nothing
    if (e.k != SK::BinOp) return false;
    if (e.op == BinOpKind::And) return as_nonpositive_forms(*e.a, out) && as_nonpositive_forms(*e.b, out);
    // `c == True` is `c` (a bool-typed argument's comparison arrives so)
    if (e.op == BinOpKind::Eq && e.b->k == SK::Const && e.b->type->is_bool() && e.b->val != 0)
        return as_nonpositive_forms(*e.a, out);
    // integers only: the refuter's rounding relies on every atom being one
    auto integer = [](const SE& x) { return x.type->is_indexable() || x.type->is_stridable(); };
    if (!integer(*e.a) || !integer(*e.b)) return false;
    auto diff = [&](const SE& x, const SE& y, int64_t plus) {  // x - y + plus
        LinearForm f = linear_form(x);
        f.add(linear_form(y), -1);
        f.add_constant(plus);
        out.push_back(std::move(f));
        return out.back().exact;
    };
    switch (e.op) {  // over the integers, a < b is a - b + 1 <= 0
        case BinOpKind::Lt: return diff(*e.a, *e.b, 1);
        case BinOpKind::Le: return diff(*e.a, *e.b, 0);
        case BinOpKind::Gt: return diff(*e.b, *e.a, 1);
        case BinOpKind::Ge: return diff(*e.b, *e.a, 0);
        case BinOpKind::Eq: return diff(*e.a, *e.b, 0) && diff(*e.b, *e.a, 0);
        default: return false;
    }
}

// The conjuncts of fact `e` that are integer comparisons, as forms F <= 0; the others
// (a disjunction, a select) are left out: fewer facts prove less, never something false.
void fact_forms(const SE& e, std::vector<LinearForm>& out) {
    if (e.k == SK::BinOp && e.op == BinOpKind::And) {
        fact_forms(*e.a, out);
        fact_forms(*e.b, out);
        return;
    }
    std::vector<LinearForm> f;
    if (as_nonpositive_forms(e, f)) out.insert(out.end(), f.begin(), f.end());
}

// What floor division and remainder by a positive constant c mean, as facts over their
// atoms (encode() gives them the same meaning): q = x / c has c*q <= x <= c*q + c - 1;
// r = x % c is x - c*q, with 0 <= r <= c - 1.
void add_division_facts(const SEP& d, std::vector<LinearForm>& facts) {
    int64_t c = d->b->val;
    SEP quotient = d->op == BinOpKind::Div ? d : se_bin(BinOpKind::Div, d->a, d->b, d->type, d->srcinfo);
    LinearForm x = linear_form(*d->a);
    auto form = [&](int64_t q_coef, int64_t x_coef, int64_t constant) {
        LinearForm f;
        f.terms[atom_key(*quotient)] = q_coef;
        f.add(x, x_coef);
        f.add_constant(constant);
        return f;
    };
    facts.push_back(form(c, -1, 0));       // c*q - x <= 0
    facts.push_back(form(-c, 1, 1 - c));   // x - c*q - (c - 1) <= 0
    if (d->op == BinOpKind::Mod) {
        std::string r = atom_key(*d);
        LinearForm eq1 = form(c, -1, 0), eq2 = form(-c, 1, 0);  // r = x - c*q, both ways
        eq1.terms[r] = 1;
        eq2.terms[r] = -1;
        facts.push_back(eq1);
        facts.push_back(eq2);
        LinearForm lo, hi;
        lo.terms[r] = -1;
        hi.terms[r] = 1;
        hi.add_constant(1 - c);
        facts.push_back(lo);
        facts.push_back(hi);
    }
}

// Values for a witness: atoms by atom_key.
using Witness = std::unordered_map<std::string, int64_t>;

// `e` under the witness `w`, with encode()'s meaning of every operator; nothing when
// that is undefined here (an atom without a value, a config field, a division by a
// non-positive number, an overflow).
std::optional<int64_t> eval_with(const SE& e, const Witness& w) {
    switch (e.k) {
        case SK::Const: return e.val;
        case SK::Var:
        case SK::Stride: {
            auto it = w.find(atom_key(e));
            return it == w.end() ? std::nullopt : std::optional(it->second);
        }
        case SK::ConfigField: return std::nullopt;
        case SK::Not: {
            auto a = eval_with(*e.a, w);
            return a ? std::optional<int64_t>(*a == 0) : std::nullopt;
        }
        case SK::Select: {
            auto c = eval_with(*e.a, w);
            if (!c) return std::nullopt;
            return eval_with(*c ? *e.b : *e.c, w);
        }
        case SK::BinOp: break;
    }
    auto a = eval_with(*e.a, w), b = eval_with(*e.b, w);
    if (!a || !b) return std::nullopt;
    switch (e.op) {
        case BinOpKind::Lt: return *a < *b;
        case BinOpKind::Gt: return *a > *b;
        case BinOpKind::Le: return *a <= *b;
        case BinOpKind::Ge: return *a >= *b;
        case BinOpKind::Eq: return *a == *b;
        case BinOpKind::And: return *a != 0 && *b != 0;
        case BinOpKind::Or: return *a != 0 || *b != 0;
        default: return fold_ints(e.op, *a, *b);
    }
}

void collect_atoms(const SE& e, Witness& fixed, std::vector<const SE*>& atoms) {
    if (e.k == SK::Var || e.k == SK::Stride) atoms.push_back(&e);
    // `atom == constant` (an assert such as stride(x, 0) == 1) fixes that atom's value
    if (e.k == SK::BinOp && e.op == BinOpKind::Eq) {
        const SE* x = e.a.get();
        const SE* c = e.b.get();
        if (x->k == SK::Const) std::swap(x, c);
        if ((x->k == SK::Var || x->k == SK::Stride) && c->k == SK::Const && !x->type->is_bool())
            fixed.emplace(atom_key(*x), c->val);
    }
    for (const SEP* c : {&e.a, &e.b, &e.c})
        if (*c) collect_atoms(**c, fixed, atoms);
}

// Is there an assignment making every fact and `t` true? Tries a few: every integer atom
// the same value (but those an equality with a constant fixes), every boolean true. A
// found assignment proves it; finding none proves nothing.
bool satisfiable_by_witness(const std::vector<SEP>& facts, const SEP& t) {
    Witness fixed;
    std::vector<const SE*> atoms;
    for (const auto& f : facts) collect_atoms(*f, fixed, atoms);
    collect_atoms(*t, fixed, atoms);
    for (int64_t v : {1, 2, 4, 8, 16, 64, 1024}) {
        Witness w = fixed;
        for (const SE* a : atoms) w.emplace(atom_key(*a), a->type->is_bool() ? 1 : v);
        bool all = true;
        for (const auto& f : facts) {
            auto r = eval_with(*f, w);
            all = all && r && *r != 0;
        }
        auto r = eval_with(*t, w);
        if (all && r && *r != 0) return true;
    }
    return false;
}

// EXOCC_CHECK_QUICK=1: every quick decision is asked of the solver too, and a
// disagreement is an internal error (for the test suites).
bool cross_check_quick() {
    static const bool on = std::getenv("EXOCC_CHECK_QUICK") && *std::getenv("EXOCC_CHECK_QUICK");
    return on;
}

// ------------------------------------------------------------------ the checker

class Checker {
public:
    // checking == false: only compute effects (for callees, already checked).
    // `focus`: check only that statement (a call) in its context, as if the rest of the
    // proc had passed already.
    // `solver`: where the solver comes from, asked only when a query needs it (null:
    // effects only). Quick decisions spare small procs the solver's start-up.
    using SolverSource = smt::Solver& (*)();
    Checker(SolverSource solver, const ir::Stmt* focus = nullptr) : solver_source_(solver), focus_(focus) {}

    ~Checker() {
        while (depth_ > 0) pop();  // leave the shared solver clean, even on exceptions
    }

    // The errors found, each "file:line: message".
    std::vector<std::string> check_proc(const ir::Proc& p) {
        push();
        for (const auto& a : p.args) {
            if (a.type->kind == ir::TypeKind::Size)
                assume(positive(se_var(a.name, ir::T::size(), a.srcinfo)));
            else if (a.type->is_dense_tensor())
                assume_tensor_strides(a.name, a.type->shape(), a.srcinfo);
        }
        for (const auto& pred : p.implied_preds) assume(lift(*pred));
        if (focus_ && !enclosing(p.body, focus_path_)) focus_ = nullptr;  // not in p: check all of it
        for (const auto& pred : p.preds) {
            SEP t = lift(*pred);
            if (!focus_ && !satisfiable(t))
                err(pred->srcinfo, "The assertion " + ir::print_expr(*pred) + " at " + pred->srcinfo.str() +
                                       " is always unsatisfiable.");
            assume(t);
        }
        preprocess(p.body);
        // A proc that writes no config (nor calls one that does) sees the entry values
        // everywhere, which is what a call without a recorded state gets.
        CfgValues entry;
        if (!ir::get_writeconfigs(p.body).empty()) config_flow_.walk(p.body, entry);
        TypeEnv types = proc_types(p);
        Effect body = map_stmts(p.body, types);
        for (const auto& a : p.args) {
            if (!a.type->is_numeric()) continue;
            std::vector<SEP> shape;
            for (const auto& s : a.type->shape()) shape.push_back(lift(*s));
            if (!focus_)
                for (const auto& s : shape) check_pos_size(s);
            check_bounds(a.name, shape, body);
        }
        pop();
        return errors_;
    }

    Effect effects_of(const ir::Proc& p) { return map_stmts(p.body, proc_types(p)); }

private:
    struct EnvEntry {
        Sym sym;
        smt::Term term;
        bool is_int;
    };

    bool checking() const { return solver_source_ != nullptr; }
    smt::Solver& solver() { return solver_source_(); }

    // Collects the statements that contain focus_ (itself included); true if `body` does.
    bool enclosing(const ir::StmtList& body, std::unordered_set<const ir::Stmt*>& out) {
        bool found = false;
        for (const auto& sp : body) {
            bool here = sp.get() == focus_;
            if (auto f = sp->as<ir::For>()) here = enclosing(f->body, out) || here;
            else if (auto i = sp->as<ir::If>()) here = (enclosing(i->body, out) | enclosing(i->orelse, out)) || here;
            if (here) out.insert(sp.get());
            found = found || here;
        }
        return found;
    }
    // With a focus, statements that neither are it nor contain it are skipped (but for
    // allocations, whose bounds its accesses must respect).
    bool skipped(const ir::Stmt& st) const {
        return focus_ && !focus_path_.count(&st) && !st.is<ir::Alloc>();
    }

    // Scopes of facts. A scope reaches the solver (is live) only when a query needs the
    // solver: then every scope is pushed there, in order. Until then a scope keeps, in
    // order, what the checker would have encoded in it had the solver been live all along:
    // its facts, and the goals decided quickly (encoded but not asserted). Going live
    // replays that order, so the solver's variables (the order a counterexample lists
    // them in) and division variables are made in the same order as without the quick
    // decisions.
    struct Scope {
        std::vector<SEP> facts;
        size_t formed = 0;      // facts[0, formed) have their forms in forms_
        size_t forms_mark = 0;  // forms_ and division_keys_ entries of outer scopes
        size_t divisions_mark = 0;
        struct Encode {
            SEP fact;                             // assumed; or, when null,
            std::function<smt::Term()> goal;      // built and dropped
        };
        std::vector<Encode> pending;
        bool live = false;
        size_t env_mark = 0;  // env_ entries made in this scope come after this
    };

    void push() {
        // the outer scope's forms come first in forms_: it gets no facts while this one is open
        if (!scopes_.empty()) form_facts(scopes_.back());
        scopes_.emplace_back();
        scopes_.back().forms_mark = forms_.size();
        scopes_.back().divisions_mark = division_keys_.size();
        ++depth_;
    }
    void pop() {
        Scope& sc = scopes_.back();
        if (sc.live) {
            while (env_.size() > sc.env_mark) {
                env_idx_.erase(env_.back().sym);
                env_.pop_back();
            }
            solver().pop();
        }
        drop_forms(sc.forms_mark, sc.divisions_mark);
        scopes_.pop_back();
        --depth_;
    }
    void assume(SEP fact) {
        Scope& sc = scopes_.back();
        if (sc.live) solver().assume(encode(fact));
        else sc.pending.push_back({fact, nullptr});
        sc.facts.push_back(std::move(fact));
    }
    // Pushes the scopes not yet live to the solver, so that a query can be encoded.
    void go_live() {
        for (Scope& sc : scopes_) {
            if (sc.live) continue;
            solver().push();
            sc.env_mark = env_.size();
            sc.live = true;
            for (const auto& e : sc.pending) {
                if (e.fact) solver().assume(encode(e.fact));
                else e.goal();
            }
            sc.pending.clear();
        }
    }

    // Does `goal` follow from the facts in scope? Quickly when it can; else the solver
    // decides, with `to_term` building the goal's term (a counterexample is then its
    // model). `to_term` must own what it uses: a quickly decided goal keeps it for replay.
    bool valid(const SEP& goal, std::function<smt::Term()> to_term) {
        if (quick_valid(goal)) {
            if (cross_check_quick()) {
                go_live();
                if (!solver().is_valid(to_term())) internal(("quick check wrongly proved " + se_str(goal)).c_str());
            } else if (scopes_.back().live) {
                to_term();
            } else {
                scopes_.back().pending.push_back({nullptr, std::move(to_term)});
            }
            return true;
        }
        go_live();
        return solver().is_valid(to_term());
    }
    bool valid(const SEP& goal) {
        return valid(goal, [this, goal] { return encode(goal); });
    }

    bool quick_valid(const SEP& goal) {
        std::vector<LinearForm> want;
        if (!as_nonpositive_forms(*goal, want)) return false;
        form_facts(scopes_.back());
        // the goal's own divisions are facts for this query only
        size_t forms_mark = forms_.size(), divisions_mark = division_keys_.size();
        add_divisions_of(goal);
        sync_constraints();
        bool proved = true;
        for (const auto& w : want)
            if (!(proved = refuted_with_facts(w))) break;
        drop_forms(forms_mark, divisions_mark);
        return proved;
    }

    // forms_ as the linear refuter's constraints (smt_linear.h), atoms numbered by key.
    std::vector<smt::LinearConstraint> constraints_;
    std::unordered_map<std::string, unsigned> atom_ids_;
    std::vector<char> reached_;  // per atom id, for refuted_with_facts

    smt::LinearConstraint constraint_of(const LinearForm& f) {
        smt::LinearConstraint k;
        if (!f.exact) return k;  // 0 <= 0: says nothing
        k.constant = f.constant;
        for (const auto& [atom, c] : f.terms)
            k.terms.emplace_back(atom_ids_.emplace(atom, unsigned(atom_ids_.size())).first->second, c);
        std::sort(k.terms.begin(), k.terms.end());
        return k;
    }
    void sync_constraints() {
        for (size_t i = constraints_.size(); i < forms_.size(); ++i) constraints_.push_back(constraint_of(forms_[i]));
    }

    // Does F <= 0 follow from the facts? It does when the facts with F >= 1 are refuted.
    // Only the facts connected to F through shared atoms are given: the others cannot
    // help refute it (short of contradicting themselves), and the refuter's cost grows
    // with every unknown it must eliminate.
    bool refuted_with_facts(const LinearForm& f) {
        LinearForm negated;
        negated.add(f, -1);
        negated.add_constant(1);
        if (!negated.exact) return false;
        std::vector<smt::LinearConstraint> query{constraint_of(negated)};
        reached_.assign(atom_ids_.size(), 0);
        for (const auto& [atom, c] : query[0].terms) reached_[atom] = 1;
        std::vector<char> taken(constraints_.size(), 0);
        for (bool grew = true; grew;) {
            grew = false;
            for (size_t i = 0; i < constraints_.size(); ++i) {
                if (taken[i]) continue;
                const auto& terms = constraints_[i].terms;
                if (!std::any_of(terms.begin(), terms.end(), [&](const auto& t) { return reached_[t.first]; })) continue;
                taken[i] = 1;
                grew = true;
                for (const auto& [atom, c] : terms) reached_[atom] = 1;
                query.push_back(constraints_[i]);
            }
        }
        return smt::linearly_refuted(std::move(query));
    }

    // The facts in scope as forms F <= 0, kept from one query to the next (a large
    // proc's checks ask thousands of queries under the same loop bounds): forms_ holds
    // those of each scope in order, with the facts that the divisions in them mean;
    // division_keys_ the divisions they cover, each once.
    std::vector<LinearForm> forms_;
    std::vector<std::string> division_keys_;
    std::unordered_set<std::string> division_seen_;

    void form_facts(Scope& sc) {
        for (; sc.formed < sc.facts.size(); ++sc.formed) {
            fact_forms(*sc.facts[sc.formed], forms_);
            add_divisions_of(sc.facts[sc.formed]);
        }
    }
    void add_divisions_of(const SEP& e) {
        std::vector<SEP> divisions;
        collect_divisions(e, divisions);
        for (const SEP& d : divisions) {
            std::string key = atom_key(*d);
            if (!division_seen_.insert(key).second) continue;
            division_keys_.push_back(std::move(key));
            add_division_facts(d, forms_);
        }
    }
    void drop_forms(size_t forms_mark, size_t divisions_mark) {
        forms_.resize(forms_mark);
        if (constraints_.size() > forms_mark) constraints_.resize(forms_mark);
        for (size_t k = divisions_mark; k < division_keys_.size(); ++k) division_seen_.erase(division_keys_[k]);
        division_keys_.resize(divisions_mark);
    }

    // Is `t` satisfiable together with the facts in scope?
    bool satisfiable(const SEP& t) {
        std::vector<SEP> facts;
        for (const Scope& sc : scopes_) facts.insert(facts.end(), sc.facts.begin(), sc.facts.end());
        bool witnessed = satisfiable_by_witness(facts, t);
        if (witnessed && !cross_check_quick()) return true;
        go_live();
        smt::Term term = encode(t);
        // No model is wanted (nothing is printed when an assert is satisfiable), and
        // building one costs as much as the query; an undecided query is asked again by
        // is_sat, for its error.
        std::optional<bool> sat = solver().try_is_sat(term);
        if (!sat) sat = solver().is_sat(term);
        if (witnessed && !*sat) internal(("quick check wrongly found " + se_str(t) + " satisfiable").c_str());
        return *sat;
    }

    static SEP positive(const SEP& e) {
        return se_bin(BinOpKind::Lt, se_int(0, e->type, e->srcinfo), e, ir::T::bool_(), e->srcinfo);
    }

    void err(const SrcInfo& at, const std::string& msg) { errors_.push_back(at.str() + ": " + msg); }

    smt::Term sym_to_smt(const Sym& s, const TypePtr& t) {
        if (auto it = env_idx_.find(s); it != env_idx_.end()) return env_[it->second].term;
        bool is_int = t->is_indexable() || t->is_stridable();
        if (!is_int && !t->is_bool()) internal("SMT variable of a non-control type");
        smt::Term v = is_int ? smt::int_var(s.repr()) : smt::bool_var(s.repr());
        env_idx_[s] = env_.size();
        env_.push_back({s, v, is_int});
        return v;
    }

    Sym stride_sym(const Sym& buf, int dim) {
        auto key = std::make_pair(buf.id(), dim);
        auto it = stride_syms_.find(key);
        if (it != stride_syms_.end()) return it->second;
        Sym s(buf.name() + "_stride_" + std::to_string(dim));
        stride_syms_.emplace(key, s);
        return s;
    }

    smt::Term config_to_smt(const SE& e) {
        auto key = cfg_key(e.config, e.field);
        if (auto it = cfg_vars_.find(key); it != cfg_vars_.end()) return it->second;
        std::string name = e.config.name + "_" + e.field;
        smt::Term v = e.type->is_indexable() || e.type->is_stridable() ? smt::int_var(name)
                      : e.type->is_bool()                                 ? smt::bool_var(name)
                                                                          : smt::real_var(name);
        cfg_vars_.emplace(key, v);
        return v;
    }

    // Floor division of `num` by a positive constant: a variable z with
    // c*z <= x < c*(z+1), assumed in the current scope (sound in both hypothesis and goal
    // position, see upstream). One variable per quotient in scope: the same quotient
    // written twice (`A / 2` and the `A % 2` beside it, or both bounds of a window) is
    // one unknown, not two the solver must first prove equal; nested divisions made
    // such queries exponentially slow.
    smt::Term floor_div(const SEP& num, const smt::Term& x, const SEP& c) {
        if (c->k != SK::Const || c->val <= 0) internal("division by a non-constant");
        std::string key = atom_key(*num) + " / " + std::to_string(c->val);
        auto known = div_syms_.find(key);
        if (known == div_syms_.end()) known = div_syms_.emplace(key, Sym("div_tmp")).first;
        bool in_scope = env_idx_.count(known->second) != 0;
        smt::Term z = sym_to_smt(known->second, ir::T::index());
        if (!in_scope) {
            smt::Term cz = smt::int_val(c->val);
            solver().assume(cz * z <= x && x < cz * (z + smt::int_val(1)));
        }
        return z;
    }

    smt::Term encode(const SEP& e) {
        switch (e->k) {
            case SK::Const:
                return e->type->is_bool() ? smt::bool_val(e->val != 0) : smt::int_val(e->val);
            case SK::Var: return sym_to_smt(e->name, e->type);
            case SK::Not: return !encode(e->a);
            case SK::Stride: return sym_to_smt(stride_sym(e->name, e->dim), ir::T::index());
            case SK::Select: {
                smt::Term c = encode(e->a);
                smt::Term t = encode(e->b);
                return smt::ite(c, t, encode(e->c));
            }
            case SK::ConfigField: return config_to_smt(*e);
            case SK::BinOp: break;
        }
        smt::Term l = encode(e->a);
        smt::Term r = encode(e->b);
        switch (e->op) {
            case BinOpKind::Add: return l + r;
            case BinOpKind::Sub: return l - r;
            case BinOpKind::Mul: return l * r;
            case BinOpKind::Div: return floor_div(e->a, l, e->b);
            case BinOpKind::Mod: return l - r * floor_div(e->a, l, e->b);
            case BinOpKind::Lt: return l < r;
            case BinOpKind::Gt: return l > r;
            case BinOpKind::Le: return l <= r;
            case BinOpKind::Ge: return l >= r;
            case BinOpKind::Eq: return smt::eq(l, r);
            case BinOpKind::And: return l && r;
            case BinOpKind::Or: return l || r;
        }
        internal("bad operator");
    }

    // The model's values of the integer variables in scope, but for `hidden` ones (a
    // callee's parameters: its preconditions are checked with the arguments in their
    // place, so the model says nothing about them).
    std::string counter_example(const std::vector<ir::FnArg>& hidden = {}) {
        std::string out;
        bool first = true;
        for (const auto& e : env_) {
            if (!e.is_int) continue;
            bool is_hidden = false;
            for (const auto& h : hidden) is_hidden = is_hidden || h.name == e.sym;
            if (is_hidden) continue;
            if (!first) out += ",";
            first = false;
            out += " " + e.sym.name() + " = " + std::to_string(solver().model_int(e.term));
        }
        return out;
    }

    void assume_tensor_strides(const Sym& name, const ir::ExprList& shape, const SrcInfo& at) {
        if (!checking() || shape.empty()) return;
        std::vector<std::optional<int64_t>> strides(shape.size());
        strides.back() = 1;
        for (size_t i = shape.size() - 1; i > 0; --i) {
            // shapes are not always simplified (stage_mem writes `8 - 0`)
            std::optional<int64_t> c = constant_index_value(shape[i]);
            if (!c) break;
            strides[i - 1] = *c * *strides[i];
        }
        for (size_t d = 0; d < strides.size(); ++d)
            if (strides[d])
                assume(se_bin(BinOpKind::Eq, se_stride(name, static_cast<int>(d), ir::T::index(), at),
                              se_int(*strides[d], ir::T::index(), at), ir::T::bool_(), at));
    }

    void check_in_bounds(const Sym& sym, const std::vector<SEP>& shape, const EffSet& es, const char* what) {
        if (es.buffer != sym || shape.empty()) return;
        if (es.loc.size() != shape.size()) internal("access arity differs from the buffer's");
        push();
        if (es.pred) assume(es.pred);
        const SrcInfo& at = es.srcinfo;
        SEP in_bds = se_bool(true, at);
        for (size_t i = 0; i < shape.size(); ++i) {
            const SEP& e = es.loc[i];
            SEP lo_ok = se_bin(BinOpKind::Le, se_int(0, e->type, at), e, ir::T::bool_(), at);
            SEP hi_ok = se_bin(BinOpKind::Lt, e, shape[i], ir::T::bool_(), at);
            in_bds = and_preds(in_bds, and_preds(lo_ok, hi_ok));
        }
        // The terms are built in the order the checker always built them (each index,
        // then its bound), so that the solver's variables are made in the same order.
        auto to_term = [this, loc = es.loc, shape] {
            smt::Term t = smt::bool_val(true);
            for (size_t i = 0; i < shape.size(); ++i) {
                smt::Term e = encode(loc[i]);
                smt::Term hi = encode(shape[i]);
                t = t && (smt::int_val(0) <= e && e < hi);
            }
            return t;
        };
        if (!valid(in_bds, to_term))
            err(es.srcinfo, sym.name() + " is " + what + " out-of-bounds when:\n  " + counter_example() + ".");
        pop();
    }

    void check_bounds(const Sym& sym, const std::vector<SEP>& shape, const Effect& e) {
        if (!checking()) return;
        for (const auto& s : e.reads) check_in_bounds(sym, shape, s, "read");
        for (const auto& s : e.writes) check_in_bounds(sym, shape, s, "written");
        for (const auto& s : e.reduces) check_in_bounds(sym, shape, s, "reduced");
    }

    void check_pos_size(const SEP& e) {
        if (!checking()) return;
        if (!valid(positive(e)))
            err(e->srcinfo, "expected expression " + se_str(e) +
                                " to always be positive. It can be non positive when:\n  " + counter_example() + ".");
    }

    void check_non_negative(const SEP& e) {
        if (!checking()) return;
        if (!valid(se_bin(BinOpKind::Le, se_int(0, e->type, e->srcinfo), e, ir::T::bool_(), e->srcinfo)))
            err(e->srcinfo, "expected expression " + se_str(e) +
                                " to always be non-negative. It can be negative when:\n  " + counter_example() + ".");
    }

    void check_call_shape_eqv(const std::vector<SEP>& argshp, const std::vector<SEP>& sigshp, const SrcInfo& at) {
        if (argshp.size() != sigshp.size()) internal("call argument rank differs from the parameter's");
        // Dimensions equal by their linear forms need no query (see LinearForm).
        SEP eqv = se_bool(true, at);
        bool undecided = false;
        for (size_t i = 0; i < argshp.size(); ++i) {
            if (equal_by_linear_form(argshp[i], sigshp[i])) continue;
            undecided = true;
            eqv = and_preds(eqv, se_bin(BinOpKind::Eq, argshp[i], sigshp[i], ir::T::bool_(), at));
        }
        if (undecided && !valid(eqv)) {
            auto join = [](const std::vector<SEP>& v) {
                std::string s;
                for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + se_str(v[i]);
                return s;
            };
            err(at, "type-shape of calling argument may not equal the required type-shape: [" + join(argshp) +
                        "] vs. [" + join(sigshp) + "]. It could be non equal when:\n  " + counter_example());
        }
    }

    void preprocess(const ir::StmtList& body) {
        if (!checking()) return;
        for (const auto& s : body) {
            if (auto i = s->as<ir::If>()) {
                preprocess(i->body);
                preprocess(i->orelse);
            } else if (auto f = s->as<ir::For>()) {
                preprocess(f->body);
            } else if (auto a = s->as<ir::Alloc>()) {
                if (a->type->is_tensor_or_window()) assume_tensor_strides(a->name, a->type->shape(), a->srcinfo);
            } else if (auto w = s->as<ir::WindowStmt>()) {
                auto wt = w->rhs->type->as<ir::WindowType>();
                if (!wt) continue;
                int dst = 0;
                for (size_t d = 0; d < wt->idx.size(); ++d) {
                    if (!wt->idx[d]->is<ir::Interval>()) continue;
                    const SrcInfo& at = w->srcinfo;
                    SEP src_s = se_stride(wt->src_buf, static_cast<int>(d), ir::T::index(), at);
                    SEP dst_s = se_stride(w->name, dst++, ir::T::index(), at);
                    assume(se_bin(BinOpKind::Eq, src_s, dst_s, ir::T::bool_(), at));
                }
            }
        }
    }

    void expr_reads(const ir::Expr& e, const TypeEnv& types, std::vector<EffSet>& out) {
        if (auto r = e.as<ir::Read>()) {
            if (!e.type->is_numeric()) return;
            EffSet s{r->name, {}, nullptr, e.srcinfo};
            for (const auto& i : r->idx) s.loc.push_back(lift(*i));
            auto it = types.find(r->name);
            if (it != types.end() && it->second->is<ir::WindowType>()) {
                Effect tmp;
                tmp.reads.push_back(std::move(s));
                translate(tmp, r->name, it->second, types);
                s = std::move(tmp.reads[0]);
            }
            out.push_back(std::move(s));
        } else if (auto b = e.as<ir::BinOp>()) {
            expr_reads(*b->lhs, types, out);
            expr_reads(*b->rhs, types, out);
        } else if (auto u = e.as<ir::USub>()) {
            expr_reads(*u->arg, types, out);
        } else if (auto x = e.as<ir::Extern>()) {
            // Upstream ignores extern arguments; their reads are checked like any other.
            for (const auto& a : x->args) expr_reads(*a, types, out);
        }
    }

    Effect map_stmts(const ir::StmtList& body, const TypeEnv& types) {
        Effect acc;
        for (auto it = body.rbegin(); it != body.rend(); ++it) {
            const ir::Stmt& st = **it;
            if (skipped(st)) continue;
            Effect se;
            if (auto a = st.as<ir::Assign>()) {
                expr_reads(*a->rhs, types, se.reads);
                EffSet w{a->name, {}, nullptr, st.srcinfo};
                for (const auto& i : a->idx) w.loc.push_back(lift(*i));
                se.writes.push_back(std::move(w));
            } else if (auto r = st.as<ir::Reduce>()) {
                expr_reads(*r->rhs, types, se.reads);
                EffSet w{r->name, {}, nullptr, st.srcinfo};
                for (const auto& i : r->idx) w.loc.push_back(lift(*i));
                se.reduces.push_back(std::move(w));
            } else if (auto wc = st.as<ir::WriteConfig>()) {
                expr_reads(*wc->rhs, types, se.reads);
                SEP val = wc->rhs->type->is_numeric() ? se_var(Sym("opaque_rhs"), wc->rhs->type, wc->rhs->srcinfo)
                                                      : lift(*wc->rhs);
                se.cwrites.push_back(CfgWrite{wc->config, wc->field, val, nullptr, wc->rhs->type, st.srcinfo});
            } else if (auto f = st.as<ir::For>()) {
                SrcInfo si = st.srcinfo;
                SEP x = se_var(f->iter, ir::T::int_(), si);
                SEP lo = lift(*f->lo), hi = lift(*f->hi);
                SEP pred = se_bin(BinOpKind::And, se_bin(BinOpKind::Le, lo, x, ir::T::bool_(), si),
                                  se_bin(BinOpKind::Lt, x, hi, ir::T::bool_(), si), ir::T::bool_(), si);
                SEP cfg_pred = se_bin(BinOpKind::Lt, lo, hi, ir::T::bool_(), si);
                if (checking()) {
                    push();
                    if (!focus_) check_non_negative(se_bin(BinOpKind::Sub, hi, lo, ir::T::index(), si));
                    assume(pred);
                }
                se = map_stmts(f->body, types);
                if (checking()) pop();
                bind_loop(pred, cfg_pred, se);
            } else if (auto i = st.as<ir::If>()) {
                SEP cond = lift(*i->cond);
                if (checking()) {
                    push();
                    assume(cond);
                }
                se = map_stmts(i->body, types);
                if (checking()) pop();
                filter(cond, se);
                if (!i->orelse.empty()) {
                    SEP ncond = negate(cond);
                    if (checking()) {
                        push();
                        assume(ncond);
                    }
                    Effect oe = map_stmts(i->orelse, types);
                    filter(ncond, oe);
                    if (checking()) pop();
                    // union: the then-branch's sets first
                    se.reads.insert(se.reads.end(), oe.reads.begin(), oe.reads.end());
                    se.writes.insert(se.writes.end(), oe.writes.begin(), oe.writes.end());
                    se.reduces.insert(se.reduces.end(), oe.reduces.begin(), oe.reduces.end());
                    se.cwrites.insert(se.cwrites.end(), oe.cwrites.begin(), oe.cwrites.end());
                }
            } else if (auto al = st.as<ir::Alloc>()) {
                std::vector<SEP> shape;
                for (const auto& s : al->type->shape()) shape.push_back(lift(*s));
                if (!focus_)
                    for (const auto& s : shape) check_pos_size(s);
                check_bounds(al->name, shape, acc);
                remove_buf(al->name, acc);
                continue;
            } else if (auto c = st.as<ir::Call>()) {
                se = map_call(*c, types);
            } else {
                continue;  // Pass, WindowStmt, Free
            }
            concat_into(std::move(se), acc);
        }
        return acc;
    }

    Effect map_call(const ir::Call& c, const TypeEnv& types) {
        const ir::Proc& f = *c.f;
        if (checking()) push();
        CallBinding bind = bind_call(c);
        size_t n = std::min(f.args.size(), c.args.size());
        std::vector<bool> shape_ok(n, true);
        for (size_t k = 0; k < n; ++k) {
            const ir::FnArg& sig = f.args[k];
            const ExprPtr& arg = c.args[k];
            if (checking() && sig.type->kind == ir::TypeKind::Size) {
                assume(positive(se_var(sig.name, ir::T::size(), sig.srcinfo)));
                check_pos_size(lift(*arg));
            }
            if (arg->type->is_dense_tensor()) assume_tensor_strides(sig.name, arg->type->shape(), sig.srcinfo);
            if (checking() && sig.type->is_numeric()) {
                size_t errors_before = errors_.size();
                std::vector<SEP> arg_shape, sig_shape;
                for (const auto& s : arg->type->shape()) arg_shape.push_back(lift(*s));
                for (const auto& s : arg_shape) check_pos_size(s);
                for (const auto& s : sig.type->shape()) sig_shape.push_back(lift(*s, &bind.subst));
                check_call_shape_eqv(arg_shape, sig_shape, arg->srcinfo);
                shape_ok[k] = errors_.size() == errors_before;
            }
        }
        preprocess(f.body);
        bool preds_ok = !checking() || check_preconditions(c, bind);
        // A callee that passed this check on its own accesses only the inside of its
        // arguments (their shapes equal its parameters' and its asserts hold here), so
        // when an argument's window provably lies inside its buffer, the callee's accesses
        // through it are in bounds and are not checked one by one again. Otherwise they are
        // translated to the caller's buffer and checked there, as upstream does.
        std::unordered_set<Sym> inside;
        if (checking() && preds_ok && bounds_checked_before(f))
            for (size_t k = 0; k < n; ++k)
                if (f.args[k].type->is_numeric() && shape_ok[k] && window_inside_buffer(c.args[k]->type, types))
                    inside.insert(f.args[k].name);
        Effect eff = call_effect(c, bind, inside);
        for (size_t k = 0; k < n; ++k) {
            const ExprPtr& arg = c.args[k];
            if (!f.args[k].type->is_numeric() || !arg->type->is<ir::WindowType>()) continue;
            // A window passed by name (`y = x[...]; f(y)`) is translated too, unlike upstream.
            auto r = arg->as<ir::Read>();
            translate(eff, r ? r->name : f.args[k].name, arg->type, types);
        }
        if (checking()) pop();
        return eff;
    }

    // The callee's asserts must hold at the call; false (with the errors noted) if one
    // may not. They see the config values the caller wrote before the call.
    bool check_preconditions(const ir::Call& c, const CallBinding& bind) {
        const ir::Proc& f = *c.f;
        static const CfgValues at_entry;
        auto known = config_flow_.at_call.find(&c);
        const CfgValues& cfg = known == config_flow_.at_call.end() ? at_entry : known->second;
        std::vector<ExprPtr> all_preds(f.preds.begin(), f.preds.end());
        all_preds.insert(all_preds.end(), f.implied_preds.begin(), f.implied_preds.end());
        bool ok = true;
        for (const auto& p : all_preds) {
            if (!valid(with_cfg_values(lift(*p, &bind.subst), cfg))) {
                err(c.srcinfo, "Could not verify assertion " + ir::print_expr(*p) + " in " + f.name + " at " +
                                   p->srcinfo.str() + ". Assertion is false when:\n  " + counter_example(f.args));
                ok = false;
            }
        }
        return ok;
    }

    // Does the buffer argument of type `t` lie inside the buffer it windows, at every
    // level of a window of a window? A whole buffer trivially does. False when it may not
    // (or when a level's buffer is unknown here), which only costs the caller the checks
    // of the callee's accesses one by one.
    bool window_inside_buffer(const TypePtr& t, const TypeEnv& types) {
        // The same conditions twice: as expressions for a quick decision, and as terms
        // built in the order the checker always built them, for the solver.
        SEP inside = nullptr;
        std::vector<std::pair<SEP, std::vector<SEP>>> levels;  // each dimension's bound, then the window's
        const ir::Type* level = t.get();
        while (auto w = level->as<ir::WindowType>()) {
            auto src = types.find(w->src_buf);
            if (src == types.end()) return false;
            const auto& shape = src->second->shape();
            if (shape.size() != w->idx.size()) return false;
            for (size_t d = 0; d < shape.size(); ++d) {
                SEP dim = lift(*shape[d]);
                const SrcInfo& at = dim->srcinfo;
                auto le = [&](SEP a, SEP b) { return se_bin(BinOpKind::Le, std::move(a), std::move(b), ir::T::bool_(), at); };
                auto lt = [&](SEP a, SEP b) { return se_bin(BinOpKind::Lt, std::move(a), std::move(b), ir::T::bool_(), at); };
                SEP zero = se_int(0, ir::T::index(), at);
                if (auto p = w->idx[d]->as<ir::Point>()) {
                    SEP x = lift(*p->pt);
                    inside = and_preds(inside, and_preds(le(zero, x), lt(x, dim)));
                    levels.push_back({dim, {x}});
                } else {
                    auto iv = w->idx[d]->as<ir::Interval>();
                    SEP lo = lift(*iv->lo), hi = lift(*iv->hi);
                    inside = and_preds(inside, and_preds(and_preds(le(zero, lo), le(lo, hi)), le(hi, dim)));
                    levels.push_back({dim, {lo, hi}});
                }
            }
            level = src->second.get();
        }
        if (!inside) return true;  // a whole buffer
        auto to_term = [this, levels] {
            smt::Term in = smt::bool_val(true);
            for (const auto& [dim_e, ends] : levels) {
                smt::Term dim = encode(dim_e);
                if (ends.size() == 1) {
                    smt::Term x = encode(ends[0]);
                    in = in && smt::int_val(0) <= x && x < dim;
                } else {
                    smt::Term lo = encode(ends[0]), hi = encode(ends[1]);
                    in = in && smt::int_val(0) <= lo && lo <= hi && hi <= dim;
                }
            }
            return in;
        };
        return valid(inside, to_term);
    }

    SolverSource solver_source_;
    const ir::Stmt* focus_;
    std::unordered_set<const ir::Stmt*> focus_path_;  // the statements containing focus_
    std::vector<EnvEntry> env_;
    std::unordered_map<Sym, size_t> env_idx_;
    std::vector<Scope> scopes_;
    int depth_ = 0;
    std::map<std::pair<uint64_t, int>, Sym> stride_syms_;
    std::unordered_map<std::string, Sym> div_syms_;  // quotient (atom_key) -> its variable
    std::map<CfgKey, smt::Term> cfg_vars_;
    ConfigFlow config_flow_;  // config values at the checked proc's calls
    std::vector<std::string> errors_;
};

// A callee's effects depend on nothing but the callee: computed once per proc.
const Effect& callee_effect(const ir::ProcPtr& f) {
    static std::unordered_map<const ir::Proc*, std::pair<ir::ProcPtr, Effect>> cache;
    if (auto it = cache.find(f.get()); it != cache.end()) return it->second.second;
    Checker c(nullptr);
    Effect e = c.effects_of(*f);
    return cache.emplace(f.get(), std::make_pair(f, std::move(e))).first->second.second;
}

smt::Solver& shared_solver() {
    static smt::Solver* s = new smt::Solver();
    return *s;
}

// ------------------------------------------------------------------ aliasing

using GlobalSet = std::set<CfgKey>;

void globals_of_expr(const ir::Expr& e, GlobalSet& out) {
    if (auto rc = e.as<ir::ReadConfig>()) out.insert(cfg_key(rc->config, rc->field));
    else if (auto r = e.as<ir::Read>()) for (const auto& i : r->idx) globals_of_expr(*i, out);
    else if (auto b = e.as<ir::BinOp>()) { globals_of_expr(*b->lhs, out); globals_of_expr(*b->rhs, out); }
    else if (auto u = e.as<ir::USub>()) globals_of_expr(*u->arg, out);
    else if (auto x = e.as<ir::Extern>()) for (const auto& a : x->args) globals_of_expr(*a, out);
    else if (auto w = e.as<ir::WindowExpr>()) {
        for (const auto& acc : w->idx) {
            if (auto p = acc->as<ir::Point>()) globals_of_expr(*p->pt, out);
            else if (auto iv = acc->as<ir::Interval>()) { globals_of_expr(*iv->lo, out); globals_of_expr(*iv->hi, out); }
        }
    }
}

const GlobalSet& proc_globals(const ir::ProcPtr& p);

void globals_of_stmts(const ir::StmtList& body, GlobalSet& out) {
    for (const auto& s : body) {
        if (auto a = s->as<ir::Assign>()) {
            for (const auto& i : a->idx) globals_of_expr(*i, out);
            globals_of_expr(*a->rhs, out);
        } else if (auto r = s->as<ir::Reduce>()) {
            for (const auto& i : r->idx) globals_of_expr(*i, out);
            globals_of_expr(*r->rhs, out);
        } else if (auto w = s->as<ir::WriteConfig>()) {
            out.insert(cfg_key(w->config, w->field));
            globals_of_expr(*w->rhs, out);
        } else if (auto i = s->as<ir::If>()) {
            globals_of_expr(*i->cond, out);
            globals_of_stmts(i->body, out);
            globals_of_stmts(i->orelse, out);
        } else if (auto f = s->as<ir::For>()) {
            globals_of_expr(*f->lo, out);
            globals_of_expr(*f->hi, out);
            globals_of_stmts(f->body, out);
        } else if (auto c = s->as<ir::Call>()) {
            for (size_t k = 0; k < c->args.size() && k < c->f->args.size(); ++k)
                if (!(c->f->args[k].type->is_numeric() && c->args[k]->is<ir::ReadConfig>()))
                    globals_of_expr(*c->args[k], out);
            const GlobalSet& sub = proc_globals(c->f);
            out.insert(sub.begin(), sub.end());
        } else if (auto ws = s->as<ir::WindowStmt>()) {
            globals_of_expr(*ws->rhs, out);
        }
    }
}

// The config fields a proc or its callees read or write (upstream's overapprox_proc_effs,
// restricted to globals, which is all the aliasing check asks of it).
const GlobalSet& proc_globals(const ir::ProcPtr& p) {
    static std::unordered_map<const ir::Proc*, std::pair<ir::ProcPtr, GlobalSet>> cache;
    if (auto it = cache.find(p.get()); it != cache.end()) return it->second.second;
    GlobalSet g;
    globals_of_stmts(p->body, g);
    return cache.emplace(p.get(), std::make_pair(p, std::move(g))).first->second.second;
}

std::string aliasing_in(const ir::StmtList& body, std::unordered_map<Sym, Sym>& aliases) {
    auto translate_name = [&](const Sym& s) {
        auto it = aliases.find(s);
        return it == aliases.end() ? s : it->second;
    };
    for (const auto& s : body) {
        if (auto c = s->as<ir::Call>()) {
            std::unordered_set<Sym> passed;
            for (size_t k = 0; k < c->args.size() && k < c->f->args.size(); ++k) {
                if (!c->f->args[k].type->is_numeric()) continue;
                const ir::Expr& a = *c->args[k];
                Sym name;
                if (auto r = a.as<ir::Read>()) name = r->name;
                else if (auto w = a.as<ir::WindowExpr>()) name = w->name;
                if (name) {
                    name = translate_name(name);
                    if (passed.count(name))
                        return "Cannot Pass the same buffer '" + name.name() + "' via multiple arguments in call to " +
                               c->f->name +
                               ", since doing so would introduce aliased arguments.  Please contact the Exo "
                               "developers if you need support for aliased arguments.";
                    passed.insert(name);
                } else if (auto rc = a.as<ir::ReadConfig>()) {
                    if (proc_globals(c->f).count(cfg_key(rc->config, rc->field)))
                        return "Passing numeric-type (R, f32, i8, etc.) configuration variables is not currently "
                               "supported in Exo due to internal complications and potential aliasing issues.";
                }
            }
        } else if (auto w = s->as<ir::WindowStmt>()) {
            if (auto we = w->rhs->as<ir::WindowExpr>()) aliases[w->name] = translate_name(we->name);
        } else if (auto i = s->as<ir::If>()) {
            if (auto e = aliasing_in(i->body, aliases); !e.empty()) return e;
            if (auto e = aliasing_in(i->orelse, aliases); !e.empty()) return e;
        } else if (auto f = s->as<ir::For>()) {
            if (auto e = aliasing_in(f->body, aliases); !e.empty()) return e;
        }
    }
    return {};
}

}  // namespace

std::vector<std::string> bounds_check_error_list(const ir::Proc& p) {
    ir::PhaseScope timed(ir::Phase::Check);
    Checker c(&shared_solver);
    return c.check_proc(p);
}

std::vector<std::string> call_site_error_list(const ir::Proc& p, const ir::Stmt& call) {
    ir::PhaseScope timed(ir::Phase::Check);
    Checker c(&shared_solver, &call);
    return c.check_proc(p);
}

std::string effect_check_message(const std::vector<std::string>& errors) {
    if (errors.empty()) return {};
    std::string msg = "Errors occurred during effect checking:";
    for (const auto& e : errors) msg += "\n" + e;
    return msg;
}

std::string bounds_check_errors(const ir::Proc& p) { return effect_check_message(bounds_check_error_list(p)); }

std::string aliasing_error(const ir::Proc& p) {
    std::unordered_map<Sym, Sym> aliases;
    return aliasing_in(p.body, aliases);
}

namespace {

// The procs that passed, by address; the weak pointer tells a live proc from a new one
// made at the address of a proc since destroyed.
std::unordered_map<const ir::Proc*, std::weak_ptr<const ir::Proc>>& checked_procs() {
    static std::unordered_map<const ir::Proc*, std::weak_ptr<const ir::Proc>> procs;
    return procs;
}

}  // namespace

void note_bounds_checked(const std::shared_ptr<const ir::Proc>& p) {
    auto& procs = checked_procs();
    if (procs.size() > 4096)  // drop the entries of destroyed procs now and then
        for (auto it = procs.begin(); it != procs.end();) it = it->second.expired() ? procs.erase(it) : std::next(it);
    procs[p.get()] = p;
}

bool bounds_checked_before(const ir::Proc& p) {
    auto& procs = checked_procs();
    auto it = procs.find(&p);
    return it != procs.end() && !it->second.expired();
}

void check_new_proc(const ir::Proc& p) {
    if (std::string msg = bounds_check_errors(p); !msg.empty()) host::raise(host::exc_types().TypeError, std::move(msg));
    if (std::string msg = aliasing_error(p); !msg.empty()) {
        static host::TypeObject* sched_error = nullptr;
        if (!sched_error) {
            host::Value mod = host::Interpreter::get().import_module("exo.rewrite.LoopIR_scheduling", host::Value(), 0,
                                                                     host::Value());
            sched_error = host::as<host::TypeObject>(host::getattr(mod, "SchedulingError"));
        }
        if (!sched_error) internal("exo.rewrite.LoopIR_scheduling.SchedulingError is not a class");
        host::raise(sched_error, std::move(msg));
    }
}

}  // namespace exo::analysis
