#include "sched_checks.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "../ir/printer.h"
#include "../ir/queries.h"
#include "config_order.h"
#include "sched_context.h"
#include "smt.h"

namespace exo::analysis {

namespace {

using ir::BinOpKind;
using ir::Sym;
using smt::Term;

[[noreturn]] void internal(const std::string& what) { throw std::logic_error("sched_checks: " + what); }

// ------------------------------------------------------------------ locations

// A memory location family: a buffer (by its root Sym) or a config field (a global
// scalar).
struct LocKey {
    uint64_t sym = 0;           // buffer id; 0 for a config field
    const void* cfg = nullptr;  // config object
    std::string field;
    auto operator<=>(const LocKey&) const = default;
    bool is_cfg() const { return sym == 0; }
};

LocKey buf_key(const Sym& s) { return LocKey{s.id(), nullptr, {}}; }
LocKey cfg_key(const ir::ConfigRef& c, const std::string& f) { return LocKey{0, c.obj.obj(), f}; }

enum AK : uint8_t { kRead = 1, kWrite = 2, kReduce = 4, kAll = 7 };

struct Access {
    AK k;
    LocKey loc;
    std::vector<Term> idx;
    Term guard;
    Term val;  // the value a config write stores, when it is a control value (else null)
    // For explaining a refusal: the statement of the analysed proc that makes the access
    // (a call's, for an access inside its callee) and the buffer or config field.
    ir::SrcInfo where = {};
    std::string name = {};
};

struct Effects {
    std::vector<Access> acc;
    std::set<uint64_t> allocs;   // buffers allocated (at any depth, outside callees)
    std::set<uint64_t> touched;  // buffers named (roots and window names)
};

// A buffer seen through windows: each dimension of the root buffer is either fixed
// (a point) or visible, shifted by an offset.
struct View {
    Sym root;
    std::vector<std::pair<bool, Term>> dims;  // (is_point, point value / offset)
};

// Config field values at a program point. Absent keys hold their value at proc entry,
// unless all_unknown, or the key is in `unknown` (then an arbitrary value, made fresh on
// first use).
struct CfgState {
    std::map<LocKey, Term> vals;
    std::set<LocKey> unknown;
    bool all_unknown = false;
};

struct Env {
    std::unordered_map<Sym, Term> vars;  // control variables bound to terms
    std::unordered_map<Sym, View> bufs;  // windows and callee buffer arguments
    CfgState cfg;
};

bool is_control(const ir::Type& t) { return t.is_indexable() || t.is_stridable() || t.is_bool(); }

std::string cfg_display(const ir::ConfigRef& c, const std::string& f) { return c.name + "_" + f; }

// ------------------------------------------------------------------ query cache

struct Cache {
    std::unordered_map<unsigned, std::pair<Term, bool>> map;
    QueryStats stats;
};
Cache& cache() {
    static Cache* c = new Cache();
    return *c;
}

smt::Solver& solver() {
    static smt::Solver* s = [] {
        auto* out = new smt::Solver();
        out->set_timeout_ms(10000);  // undecided queries count as unprovable
        return out;
    }();
    return *s;
}

// ------------------------------------------------------------------ the analysis

// One check: fresh-variable naming, definitional side constraints, context facts.
class An {
public:
    std::vector<Term> facts;  // context (assumed)
    std::vector<Term> side;   // definitions of auxiliary variables (always true)

    Term fresh(const std::string& base, bool is_bool) {
        std::string n = base + "#" + std::to_string(++n_);
        return is_bool ? smt::bool_var(n) : smt::int_var(n);
    }
    Term unknown(const ir::Type& t) { return fresh("u", t.is_bool()); }

    // ------------------------------------------------------------ explaining refusals

    // Named values a refusal's witness shows (e.g. the iteration variables of the two
    // instances a check compares), as "i = 1, j = 0".
    std::vector<std::pair<std::string, Term>> witness_vars;

    // Why the last overlap that was found is one: the two accesses, with their
    // locations, and an element both may touch (from the solver's model); or that the
    // solver could not decide. Empty when no overlap was found.
    std::string explain() {
        if (!conflict_) return "";
        const auto& [a, b, q] = *conflict_;
        auto kind = [](const Access& x) { return x.k == kRead ? "read" : x.k == kWrite ? "write" : "reduction"; };
        std::string out = " The " + std::string(kind(a)) + " of " + a.name + " at " + a.where.str() + " and the " +
                          kind(b) + " of " + b.name + " at " + b.where.str();
        if (a.idx.size() != b.idx.size()) return out + " may access the same memory (one of them the whole buffer).";
        smt::Solver& sv = solver();
        sv.push();
        std::string witness;
        try {
            for (const auto& f : facts) sv.assume(f);
            for (const auto& f : side) sv.assume(f);
            if (!sv.is_sat(q)) {
                sv.pop();
                return out + " may conflict.";
            }
            if (!a.idx.empty()) {
                witness = ", " + a.name + "[";
                for (size_t d = 0; d < a.idx.size(); ++d) witness += (d ? ", " : "") + std::to_string(sv.model_int(a.idx[d]));
                witness += "]";
            }
            std::string vars;
            for (const auto& [label, t] : witness_vars)
                vars += (vars.empty() ? "" : ", ") + label + " = " +
                        (t.is_bool() ? std::string(sv.model_bool(t) ? "True" : "False") : std::to_string(sv.model_int(t)));
            if (!vars.empty()) witness += " (" + vars + ")";
        } catch (const std::exception&) {
            sv.pop();
            return out + " may access the same " + (a.idx.empty() ? "location" : "element") +
                   ": the solver could not decide whether they do.";
        }
        sv.pop();
        return out + " may access the same " + (a.idx.empty() ? "location" : "element") + witness + ".";
    }

    Term sym_var(const Sym& s, const ir::Type& t) {
        return t.is_bool() ? smt::bool_var(s.repr()) : smt::int_var(s.repr());
    }

    // Is q satisfiable together with the facts? Unknown answers count as "yes".
    bool maybe_sat(const Term& q) {
        Term all = q;
        for (const auto& f : facts) all = all && f;
        for (const auto& s : side) all = all && s;
        Cache& c = cache();
        unsigned id = all.id();
        if (auto it = c.map.find(id); it != c.map.end()) {
            ++c.stats.cached;
            return it->second.second;
        }
        ++c.stats.solved;
        std::optional<bool> r = solver().try_is_sat(all);
        bool out = r.value_or(true);
        if (c.map.size() > 20000) c.map.clear();
        c.map.emplace(id, std::make_pair(all, out));
        return out;
    }
    bool proves(const Term& q) { return !maybe_sat(!q); }

    // ---------------------------------------------------------------- configs

    // The value of a config field at proc entry.
    static Term cfg_entry(const LocKey& k, bool is_bool) {
        std::string n = "cfg:" + std::to_string(reinterpret_cast<uintptr_t>(k.cfg)) + "." + k.field;
        return is_bool ? smt::bool_var(n) : smt::int_var(n);
    }

    Term cfg_get(CfgState& st, const LocKey& k, bool is_bool) {
        if (auto it = st.vals.find(k); it != st.vals.end()) return it->second;
        if (st.all_unknown || st.unknown.count(k)) {
            Term f = fresh("cfg_" + k.field, is_bool);
            st.vals[k] = f;
            st.unknown.erase(k);
            return f;
        }
        return cfg_entry(k, is_bool);
    }

    // ---------------------------------------------------------------- expressions

    View view_of(const Sym& name, Env& env, size_t rank) {
        if (auto it = env.bufs.find(name); it != env.bufs.end()) return it->second;
        View v{name, {}};
        for (size_t d = 0; d < rank; ++d) v.dims.emplace_back(false, smt::int_val(0));
        return v;
    }

    View window_view(const ir::WindowExpr& w, Env& env, const Term& g, Effects* eff) {
        View base = view_of(w.name, env, w.idx.size());
        View out{base.root, {}};
        size_t k = 0;
        for (const auto& d : base.dims) {
            if (d.first) {
                out.dims.push_back(d);
                continue;
            }
            if (k >= w.idx.size()) internal("window has fewer accesses than visible dimensions");
            const ir::WAccess& a = *w.idx[k++];
            if (auto p = a.as<ir::Point>()) {
                out.dims.emplace_back(true, d.second + enc(*p->pt, env, g, eff));
            } else {
                auto iv = a.as<ir::Interval>();
                out.dims.emplace_back(false, d.second + enc(*iv->lo, env, g, eff));
                enc(*iv->hi, env, g, eff);
            }
        }
        if (eff) {
            eff->touched.insert(w.name.id());
            eff->touched.insert(base.root.id());
        }
        return out;
    }

    void access(AK k, const Sym& name, const ir::ExprList& idx, Env& env, const Term& g, Effects* eff) {
        std::vector<Term> ix;
        for (const auto& i : idx) ix.push_back(enc(*i, env, g, eff));
        if (!eff) return;
        View v = view_of(name, env, ix.size());
        Access a{k, buf_key(v.root), {}, g, {}};
        size_t visible = 0;
        for (const auto& d : v.dims) visible += d.first ? 0 : 1;
        size_t j = 0;
        for (const auto& d : v.dims) {
            if (visible != ix.size()) a.idx.push_back(fresh("any", false));  // the whole buffer
            else if (d.first) a.idx.push_back(d.second);
            else a.idx.push_back(d.second + ix[j++]);
        }
        eff->touched.insert(name.id());
        eff->touched.insert(v.root.id());
        eff->acc.push_back(located(std::move(a), v.root.name()));
    }

    // floor(x / c): one variable per quotient (terms are hash-consed, so the same
    // expression divided twice is one quotient), defined once in `side`; fresh copies of
    // the same quotient made the solver prove them equal first, exponentially slowly
    // for nested divisions.
    Term div_floor(const Term& x, int64_t c) {
        auto key = std::make_pair(x.id(), c);
        if (auto it = quotients_.find(key); it != quotients_.end()) return it->second.second;
        Term z = fresh("div", false);
        Term cz = smt::int_val(c);
        side.push_back(cz * z <= x && x < cz * (z + smt::int_val(1)));
        quotients_.emplace(key, std::make_pair(x, z));  // keeps x alive: its id stays its own
        return z;
    }
    std::map<std::pair<unsigned, int64_t>, std::pair<Term, Term>> quotients_;

    // The value of a control expression (an arbitrary value for anything the analysis
    // does not model); records the reads it performs into `eff` under guard g.
    Term enc(const ir::Expr& e, Env& env, const Term& g, Effects* eff) {
        if (auto r = e.as<ir::Read>()) {
            if (!r->idx.empty() || e.type->is_numeric()) {
                access(kRead, r->name, r->idx, env, g, eff);
                return unknown(*e.type);
            }
            if (auto it = env.vars.find(r->name); it != env.vars.end()) return it->second;
            if (!is_control(*e.type)) return unknown(*e.type);
            return sym_var(r->name, *e.type);
        }
        if (auto c = e.as<ir::Const>()) {
            if (c->val.is_bool()) return smt::bool_val(c->val.as_bool());
            if (c->val.is_int()) return smt::int_val(c->val.as_int());
            return unknown(*e.type);
        }
        if (auto u = e.as<ir::USub>()) {
            Term a = enc(*u->arg, env, g, eff);
            if (!is_control(*e.type) || !a.is_int()) return unknown(*e.type);
            return -a;
        }
        if (auto b = e.as<ir::BinOp>()) {
            Term l = enc(*b->lhs, env, g, eff);
            Term r = enc(*b->rhs, env, g, eff);
            if (b->lhs->type->is_numeric() || b->rhs->type->is_numeric() || !is_control(*e.type))
                return unknown(*e.type);
            bool ints = l.is_int() && r.is_int();
            bool bools = l.is_bool() && r.is_bool();
            switch (b->op) {
                case BinOpKind::Add: if (ints) return l + r; break;
                case BinOpKind::Sub: if (ints) return l - r; break;
                case BinOpKind::Mul: if (ints) return l * r; break;
                case BinOpKind::Div:
                case BinOpKind::Mod: {
                    auto c = b->rhs->as<ir::Const>();
                    if (!ints || !c || !c->val.is_int() || c->val.as_int() <= 0) break;
                    int64_t cv = c->val.as_int();
                    Term z = div_floor(l, cv);
                    return b->op == BinOpKind::Div ? z : l - smt::int_val(cv) * z;
                }
                case BinOpKind::Lt: if (ints) return l < r; break;
                case BinOpKind::Gt: if (ints) return l > r; break;
                case BinOpKind::Le: if (ints) return l <= r; break;
                case BinOpKind::Ge: if (ints) return l >= r; break;
                case BinOpKind::Eq: if (ints || bools) return smt::eq(l, r); break;
                case BinOpKind::And: if (bools) return l && r; break;
                case BinOpKind::Or: if (bools) return l || r; break;
            }
            return unknown(*e.type);
        }
        if (auto x = e.as<ir::Extern>()) {
            for (const auto& a : x->args) enc(*a, env, g, eff);
            return unknown(*e.type);
        }
        if (auto w = e.as<ir::WindowExpr>()) {
            window_view(*w, env, g, eff);
            return fresh("u", false);
        }
        if (auto s = e.as<ir::StrideExpr>()) {
            auto it = env.bufs.find(s->name);
            if (it == env.bufs.end())
                return smt::int_var("stride:" + s->name.repr() + ":" + std::to_string(s->dim));
            const View& v = it->second;
            int seen = 0;
            for (size_t d = 0; d < v.dims.size(); ++d)
                if (!v.dims[d].first && seen++ == s->dim)
                    return smt::int_var("stride:" + v.root.repr() + ":" + std::to_string(d));
            return fresh("u", false);
        }
        if (auto rc = e.as<ir::ReadConfig>()) {
            LocKey k = cfg_key(rc->config, rc->field);
            if (eff) eff->acc.push_back(located(Access{kRead, k, {}, g, {}}, rc->config.name + "." + rc->field));
            if (!is_control(*e.type)) return unknown(*e.type);
            return cfg_get(env.cfg, k, e.type->is_bool());
        }
        internal("unknown expression kind");
    }

    // A term for the value of a numeric expression stored into a config field, so that
    // two writes of the same constant, or of the same argument the proc never writes
    // (as upstream's ConstSym), are known to store the same value. Anything else is
    // an arbitrary value.
    Term numeric_value(const ir::Expr& e, Env& env) {
        if (e.is<ir::Const>()) return smt::int_var("num:" + ir::print_type(*e.type) + ":" + ir::print_expr(e));
        if (auto r = e.as<ir::Read>(); r && r->idx.empty()) {
            const Sym& root = view_of(r->name, env, 0).root;
            if (unwritten_scalar_args_.count(root.id())) return smt::int_var("num:" + root.repr());
        }
        return fresh("cfgval", false);
    }

    // ---------------------------------------------------------------- statements

    static std::set<LocKey> written_cfgs(const ir::StmtList& ss) {
        std::set<LocKey> out;
        for (const auto& c : ir::get_writeconfigs(ss)) out.insert(cfg_key(c.config, c.field));
        return out;
    }

    void walk(const ir::StmtList& ss, size_t lo, size_t hi, Env& env, const Term& g, Effects* eff) {
        for (size_t i = lo; i < hi && i < ss.size(); ++i) walk_stmt(*ss[i], env, g, eff);
    }

    void walk_stmt(const ir::Stmt& s, Env& env, const Term& g, Effects* eff) {
        Here here(*this, s.srcinfo);
        if (auto a = s.as<ir::Assign>()) {
            enc(*a->rhs, env, g, eff);
            access(kWrite, a->name, a->idx, env, g, eff);
        } else if (auto r = s.as<ir::Reduce>()) {
            enc(*r->rhs, env, g, eff);
            access(kReduce, r->name, r->idx, env, g, eff);
        } else if (auto w = s.as<ir::WriteConfig>()) {
            Term v = enc(*w->rhs, env, g, eff);
            LocKey k = cfg_key(w->config, w->field);
            if (!is_control(*w->rhs->type)) v = numeric_value(*w->rhs, env);
            if (eff)
                eff->acc.push_back(
                    located(Access{kWrite, k, {}, g, is_control(*w->rhs->type) ? v : Term()}, w->config.name + "." + w->field));
            env.cfg.vals[k] = v;
            env.cfg.unknown.erase(k);
        } else if (auto i = s.as<ir::If>()) {
            Term c = enc(*i->cond, env, g, eff);
            if (!c.is_bool()) c = fresh("u", true);
            CfgState before = env.cfg;
            walk(i->body, 0, i->body.size(), env, g && c, eff);
            CfgState after_then = std::move(env.cfg);
            env.cfg = before;
            walk(i->orelse, 0, i->orelse.size(), env, g && !c, eff);
            CfgState after_else = std::move(env.cfg);
            env.cfg = merge(c, before, after_then, after_else);
        } else if (auto f = s.as<ir::For>()) {
            Term lo = enc(*f->lo, env, g, eff);
            Term hi = enc(*f->hi, env, g, eff);
            std::set<LocKey> wr = written_cfgs(f->body);
            Env before = env;
            forget(env.cfg, wr);
            Term it = fresh(f->iter.repr(), false);
            std::optional<Term> saved;
            if (auto old = env.vars.find(f->iter); old != env.vars.end()) saved = old->second;
            env.vars[f->iter] = it;
            walk(f->body, 0, f->body.size(), env, g && lo <= it && it < hi, eff);
            if (saved) env.vars[f->iter] = *saved;
            else env.vars.erase(f->iter);
            // after the loop: the state after its last iteration, if it ran
            if (!wr.empty())
                choose(env.cfg, wr, lo < hi, after_iteration(*f, before, wr, hi - smt::int_val(1)), before.cfg);
        } else if (auto al = s.as<ir::Alloc>()) {
            for (const auto& d : al->type->shape()) enc(*d, env, g, eff);
            if (eff) eff->allocs.insert(al->name.id());
        } else if (auto ws = s.as<ir::WindowStmt>()) {
            if (auto we = ws->rhs->as<ir::WindowExpr>()) env.bufs[ws->name] = window_view(*we, env, g, eff);
            else internal("window statement whose rhs is not a window expression");
        } else if (auto c = s.as<ir::Call>()) {
            walk_call(*c, env, g, eff);
        }
        // Pass, Free: no effect
    }

    // The config state after `if c: <t> else: <e>`, both started from `before`.
    CfgState merge(const Term& c, const CfgState& before, const CfgState& t, const CfgState& e) {
        CfgState out;
        out.all_unknown = before.all_unknown;
        std::set<LocKey> keys;
        for (const CfgState* st : {&before, &t, &e}) {
            for (const auto& [k, v] : st->vals) keys.insert(k);
            for (const auto& k : st->unknown) keys.insert(k);
        }
        for (const auto& k : keys) {
            // null Term: the entry value; `unk`: arbitrary
            auto resolve = [&](const CfgState& st, Term& v, bool& unk) {
                unk = false;
                if (auto it = st.vals.find(k); it != st.vals.end()) v = it->second;
                else unk = st.all_unknown || st.unknown.count(k);
            };
            Term a, b;
            bool ua, ub;
            resolve(t, a, ua);
            resolve(e, b, ub);
            if (ua || ub) {
                out.unknown.insert(k);
                continue;
            }
            if (a.is_null() && b.is_null()) continue;
            if (!a.is_null() && !b.is_null() && a.id() == b.id()) {
                out.vals[k] = a;
                continue;
            }
            if (a.is_null()) a = cfg_entry(k, b.is_bool());
            if (b.is_null()) b = cfg_entry(k, a.is_bool());
            if (a.is_bool() != b.is_bool()) out.unknown.insert(k);
            else out.vals[k] = smt::ite(c, a, b);
        }
        return out;
    }

    void walk_call(const ir::Call& c, Env& env, const Term& g, Effects* eff) {
        const ir::Proc& f = *c.f;
        Env ce;
        size_t n = std::min(f.args.size(), c.args.size());
        for (size_t k = 0; k < n; ++k) {
            const ir::FnArg& sig = f.args[k];
            const ir::Expr& arg = *c.args[k];
            if (sig.type->is_numeric()) {
                if (auto r = arg.as<ir::Read>()) {
                    View v = view_of(r->name, env, r->idx.empty() ? arg.type->shape().size() : r->idx.size());
                    if (!r->idx.empty()) {
                        size_t j = 0;
                        for (auto& d : v.dims)
                            if (!d.first && j < r->idx.size()) d = {true, d.second + enc(*r->idx[j++], env, g, eff)};
                    }
                    ce.bufs[sig.name] = std::move(v);
                    if (eff) eff->touched.insert(r->name.id());
                } else if (auto w = arg.as<ir::WindowExpr>()) {
                    ce.bufs[sig.name] = window_view(*w, env, g, eff);
                } else if (auto rc = arg.as<ir::ReadConfig>()) {
                    // a numeric config passed as a buffer: treat it as the global itself,
                    // read by the call and written only if the callee writes that argument
                    LocKey key = cfg_key(rc->config, rc->field);
                    std::string field = rc->config.name + "." + rc->field;
                    if (eff) eff->acc.push_back(located(Access{kRead, key, {}, g, {}}, field));
                    if (ir::proc_writes_arg(f, sig.name)) {
                        if (eff) eff->acc.push_back(located(Access{kWrite, key, {}, g, {}}, field));
                        forget(env.cfg, {key});
                    }
                    ce.bufs[sig.name] = View{Sym("cfgbuf"), {}};
                } else {
                    enc(arg, env, g, eff);
                    ce.bufs[sig.name] = View{Sym("tmp"), {}};
                }
            } else {
                ce.vars[sig.name] = enc(arg, env, g, eff);
            }
        }
        ce.cfg = std::move(env.cfg);
        Effects ceff;
        {
            InCall in_call(*this);
            walk(f.body, 0, f.body.size(), ce, g, eff ? &ceff : nullptr);
        }
        env.cfg = std::move(ce.cfg);
        if (!eff) return;
        for (auto& a : ceff.acc)
            if (a.loc.is_cfg() || !ceff.allocs.count(a.loc.sym)) eff->acc.push_back(std::move(a));
        for (auto t : ceff.touched)
            if (!ceff.allocs.count(t)) eff->touched.insert(t);
    }

    // Effects of a block; buffers allocated inside it are private and dropped.
    Effects block_effects(const ir::StmtList& ss, size_t lo, size_t hi, Env env, const Term& g) {
        Effects eff;
        walk(ss, lo, hi, env, g, &eff);
        std::vector<Access> kept;
        for (auto& a : eff.acc)
            if (a.loc.is_cfg() || !eff.allocs.count(a.loc.sym)) kept.push_back(std::move(a));
        eff.acc = std::move(kept);
        return eff;
    }

    // ---------------------------------------------------------------- context

    static void forget(CfgState& st, const std::set<LocKey>& keys) {
        for (const auto& k : keys) {
            st.vals.erase(k);
            st.unknown.insert(k);
        }
    }

    // The config state after iteration `it` of loop `f` run from `env`, with the
    // fields `written` by the body unknown at its start (an earlier iteration may have
    // set them). A field the body always sets to the same value is known after it.
    CfgState after_iteration(const ir::For& f, Env env, const std::set<LocKey>& written, const Term& it) {
        forget(env.cfg, written);
        env.vars[f.iter] = it;
        walk(f.body, 0, f.body.size(), env, smt::bool_val(true), nullptr);
        return std::move(env.cfg);
    }

    // Sets each field of `written` in `out` to its value in `a` when `c` holds, else
    // to that in `b`.
    void choose(CfgState& out, const std::set<LocKey>& written, const Term& c, CfgState a, CfgState b) {
        for (const auto& k : written) {
            auto va = a.vals.find(k), vb = b.vals.find(k);
            if (va == a.vals.end() && vb == b.vals.end()) {  // the sort is not known
                forget(out, {k});
                continue;
            }
            bool is_bool = (va != a.vals.end() ? va->second : vb->second).is_bool();
            Term ta = cfg_get(a, k, is_bool), tb = cfg_get(b, k, is_bool);
            if (ta.is_bool() != tb.is_bool()) {
                forget(out, {k});
                continue;
            }
            out.vals[k] = ta.id() == tb.id() ? ta : smt::ite(c, ta, tb);
            out.unknown.erase(k);
        }
    }

    // The environment at the start of block `b` (config values, windows in scope);
    // pushes the control predicate onto `facts`.
    Env context(const ir::Proc& p, const ir::BlockLoc& b) {
        Env env;
        Term t = smt::bool_val(true);
        unwritten_scalar_args_.clear();
        std::optional<std::unordered_set<Sym>> written;  // the body's writes, collected once
        for (const auto& a : p.args) {
            if (!a.type->is_numeric() || !a.type->shape().empty()) continue;
            if (!written) {
                written.emplace();
                for (const auto& w : ir::get_writes_of_stmts(p.body)) written->insert(w.name);
            }
            if (!written->count(a.name)) unwritten_scalar_args_.insert(a.name.id());
        }
        for (const auto& a : p.args)
            if (a.type->kind == ir::TypeKind::Size) facts.push_back(sym_var(a.name, *a.type) > smt::int_val(0));
        for (const auto& pr : p.preds) {
            Term c = enc(*pr, env, t, nullptr);
            if (c.is_bool()) facts.push_back(c);
        }
        ir::Path prefix;
        for (size_t k = 0; k < b.parent.size(); ++k) {
            const ir::Step& st = b.parent[k];
            const ir::StmtList* list = ir::stmt_list_at(p, prefix, st.field);
            if (!list || st.index < 0 || size_t(st.index) >= list->size()) internal("bad block path");
            walk_for_context(*list, size_t(st.index), env, t);
            const ir::Stmt& s = *(*list)[size_t(st.index)];
            prefix.push_back(st);
            ir::Field next = k + 1 < b.parent.size() ? b.parent[k + 1].field : b.field;
            if (auto f = s.as<ir::For>()) {
                Term lo = enc(*f->lo, env, t, nullptr);
                Term hi = enc(*f->hi, env, t, nullptr);
                Term i = sym_var(f->iter, *ir::T::index());
                // at the start of iteration i: the entry state, or that after iteration i - 1
                std::set<LocKey> wr = written_cfgs(f->body);
                if (!wr.empty())
                    choose(env.cfg, wr, smt::eq(i, lo), env.cfg, after_iteration(*f, env, wr, i - smt::int_val(1)));
                env.vars.erase(f->iter);
                facts.push_back(lo <= i && i < hi);
            } else if (auto i = s.as<ir::If>()) {
                Term c = enc(*i->cond, env, t, nullptr);
                if (c.is_bool()) facts.push_back(next == ir::Field::Orelse ? !c : c);
            } else {
                internal("block path through a statement without a body");
            }
        }
        const ir::StmtList* list = ir::stmt_list_at(p, b.parent, b.field);
        if (!list || b.lo > b.hi || b.hi > list->size()) internal("bad block");
        walk_for_context(*list, b.lo, env, t);
        return env;
    }

    // Walks ss[0, hi) for what the context keeps of it: the config state and the windows
    // that stay in scope. A statement that can change neither is skipped: walking it
    // would only encode terms that are dropped, and in a large proc (ExoBLAS's gemm)
    // the statements before a block are most of the cost of a check.
    void walk_for_context(const ir::StmtList& ss, size_t hi, Env& env, const Term& g) {
        for (size_t i = 0; i < hi && i < ss.size(); ++i)
            if (ss[i]->is<ir::WindowStmt>() || may_change_cfg(*ss[i])) walk_stmt(*ss[i], env, g, nullptr);
    }

    // Can walking `s` change the config state? It can if it writes a config field, or
    // passes one as a buffer to a call (the callee may write it), or calls a proc that can.
    bool may_change_cfg(const ir::Stmt& s) {
        if (s.is<ir::WriteConfig>()) return true;
        if (auto f = s.as<ir::For>()) return any_may_change_cfg(f->body);
        if (auto i = s.as<ir::If>()) return any_may_change_cfg(i->body) || any_may_change_cfg(i->orelse);
        if (auto c = s.as<ir::Call>()) {
            for (const auto& a : c->args)
                if (a->is<ir::ReadConfig>()) return true;
            const ir::Proc* f = c->f.get();
            if (auto it = callee_changes_cfg_.find(f); it != callee_changes_cfg_.end()) return it->second;
            callee_changes_cfg_[f] = true;  // meanwhile: a recursive call stays conservative
            bool changes = any_may_change_cfg(f->body);
            callee_changes_cfg_[f] = changes;
            return changes;
        }
        return false;
    }
    bool any_may_change_cfg(const ir::StmtList& ss) {
        for (const auto& s : ss)
            if (may_change_cfg(*s)) return true;
        return false;
    }
    std::unordered_map<const ir::Proc*, bool> callee_changes_cfg_;  // the procs outlive the analysis

    // Effects of everything that may run after block `b` (later statements, and whole
    // bodies of the enclosing loops for their other iterations), with unknown configs.
    Effects post_effects(const ir::Proc& p, const ir::BlockLoc& b, const Env& ctx) {
        Term t = smt::bool_val(true);
        const ir::StmtList* list = ir::stmt_list_at(p, b.parent, b.field);
        // windows defined before or inside the block stay in scope
        Env env = ctx;
        walk(*list, b.lo, b.hi, env, t, nullptr);
        env.cfg = CfgState();
        env.cfg.all_unknown = true;
        Effects eff;
        walk(*list, b.hi, list->size(), env, t, &eff);
        for (size_t k = b.parent.size(); k-- > 0;) {
            ir::Path sp(b.parent.begin(), b.parent.begin() + long(k) + 1);
            ir::StmtPtr s = ir::stmt_at(p, sp);
            if (s->is<ir::For>()) {
                // a buffer allocated in the loop's body is a new one in each iteration: the
                // other iterations' accesses to it are not accesses after the block
                Effects other;
                walk_stmt(*s, env, t, &other);
                for (auto& a : other.acc)
                    if (a.loc.is_cfg() || !other.allocs.count(a.loc.sym)) eff.acc.push_back(std::move(a));
                eff.allocs.insert(other.allocs.begin(), other.allocs.end());
                eff.touched.insert(other.touched.begin(), other.touched.end());
            }
            ir::Path pp(b.parent.begin(), b.parent.begin() + long(k));
            const ir::StmtList* l = ir::stmt_list_at(p, pp, b.parent[k].field);
            walk(*l, size_t(b.parent[k].index) + 1, l->size(), env, t, &eff);
        }
        return eff;
    }

    // ---------------------------------------------------------------- set queries

    // May an access of A (kinds ka) and one of B (kinds kb) touch the same location,
    // under `extra`? `which`: 1 heap only, 2 globals only, 3 both.
    bool overlap(const Effects& A, int ka, const Effects& B, int kb, const Term& extra, int which = 3) {
        for (const auto& a : A.acc) {
            if (!(a.k & ka)) continue;
            if (a.loc.is_cfg() ? !(which & 2) : !(which & 1)) continue;
            for (const auto& b : B.acc) {
                if (!(b.k & kb) || !(a.loc == b.loc)) continue;
                if (a.idx.size() != b.idx.size()) {
                    conflict_.emplace(a, b, extra && a.guard && b.guard);
                    return true;
                }
                Term q = extra && a.guard && b.guard;
                // Two writes of one config field that store the same value commute.
                if (a.k == kWrite && b.k == kWrite && a.loc.is_cfg() && !a.val.is_null() && !b.val.is_null() &&
                    a.val.is_bool() == b.val.is_bool() && proves(smt::implies(q, smt::eq(a.val, b.val))))
                    continue;
                for (size_t d = 0; d < a.idx.size(); ++d) q = q && smt::eq(a.idx[d], b.idx[d]);
                if (maybe_sat(q)) {
                    conflict_.emplace(a, b, q);
                    return true;
                }
            }
        }
        return false;
    }

    bool commutes(const Effects& a1, const Effects& a2, const Term& extra) {
        return !overlap(a1, kWrite, a2, kAll, extra) && !overlap(a2, kWrite, a1, kAll, extra) &&
               !overlap(a1, kReduce, a2, kRead, extra) && !overlap(a2, kReduce, a1, kRead, extra);
    }

    static bool alloc_commutes(const Effects& a1, const Effects& a2) {
        for (auto s : a1.allocs)
            if (a2.touched.count(s)) return false;
        for (auto s : a2.allocs)
            if (a1.touched.count(s)) return false;
        return true;
    }

    // Some access of kinds `ks` to `loc` may happen.
    bool may_access(const Effects& A, int ks, const LocKey& loc) {
        for (const auto& a : A.acc)
            if ((a.k & ks) && a.loc == loc && maybe_sat(a.guard)) {
                access_found_ = a;
                return true;
            }
        return false;
    }

    // The access the last may_access found, as a sentence ("It is read at f.py:9:4.").
    std::string explain_access() const {
        if (!access_found_) return "";
        const Access& a = *access_found_;
        const char* how = a.k == kRead ? "read" : a.k == kWrite ? "written" : "reduced into";
        return " It is " + std::string(how) + " at " + a.where.str() + ".";
    }

    // Is running the effects `a` then `a2` (two independent walks of one block) the
    // same as running it once? (upstream's Shadows(a, a))
    bool shadows_itself(const Effects& a, const Effects& a2, const Term& extra) {
        for (const auto& x : a.acc)
            if (x.k == kReduce && maybe_sat(extra && x.guard)) return false;
        return !overlap(a, kWrite, a2, kRead | kReduce, extra);
    }

private:
    int n_ = 0;
    std::set<uint64_t> unwritten_scalar_args_;  // of the proc given to context()
    ir::SrcInfo where_;   // the analysed proc's statement being walked
    int call_depth_ = 0;  // > 0 inside a callee's body
    std::optional<std::tuple<Access, Access, Term>> conflict_;
    std::optional<Access> access_found_;

    // Sets where_ for the statements of the analysed proc (not of callees) while they are
    // walked.
    struct Here {
        An& an;
        ir::SrcInfo saved;
        bool set;
        Here(An& an, const ir::SrcInfo& s) : an(an), saved(an.where_), set(an.call_depth_ == 0) {
            if (set) an.where_ = s;
        }
        ~Here() {
            if (set) an.where_ = saved;
        }
    };
    struct InCall {
        An& an;
        explicit InCall(An& an) : an(an) { ++an.call_depth_; }
        ~InCall() { --an.call_depth_; }
    };
    Access located(Access a, std::string name) const {
        a.where = where_;
        a.name = std::move(name);
        return a;
    }
};

// A copy of `env` in which the config fields written by `ss` hold unknown values.
Env with_unknown_cfgs(const Env& env, const std::set<LocKey>& keys) {
    Env e = env;
    An::forget(e.cfg, keys);
    return e;
}

const ir::StmtList& list_of(const ir::Proc& p, const ir::BlockLoc& b) {
    const ir::StmtList* l = ir::stmt_list_at(p, b.parent, b.field);
    if (!l || b.lo > b.hi || b.hi > l->size()) internal("bad block");
    return *l;
}

const ir::Stmt& first_stmt(const ir::Proc& p, const ir::BlockLoc& b) {
    const ir::StmtList& l = list_of(p, b);
    if (b.lo >= l.size()) internal("empty block");
    return *l[b.lo];
}

ir::StmtList sub_list(const ir::StmtList& l, size_t lo, size_t hi) {
    return ir::StmtList(l.begin() + long(lo), l.begin() + long(hi));
}

ir::ExprPtr sub_expr(const ir::ExprPtr& l, const ir::ExprPtr& r) {
    return ir::make<ir::BinOp>(BinOpKind::Sub, l, r, ir::T::index(), ir::null_srcinfo());
}

}  // namespace

// ==================================================================== the checks

void check_reorder_stmts(const ir::Proc& p, const ir::BlockLoc& first, const ir::BlockLoc& second) {
    An an;
    Env env = an.context(p, first);
    const ir::StmtList& l1 = list_of(p, first);
    const ir::StmtList& l2 = list_of(p, second);
    std::set<LocKey> wr = An::written_cfgs(sub_list(l1, first.lo, first.hi));
    for (const auto& k : An::written_cfgs(sub_list(l2, second.lo, second.hi))) wr.insert(k);
    Term t = smt::bool_val(true);
    Effects a1 = an.block_effects(l1, first.lo, first.hi, with_unknown_cfgs(env, wr), t);
    // windows that the first block defines are in scope in the second
    Env env2 = with_unknown_cfgs(env, wr);
    {
        Env tmp = env2;
        an.walk(l1, first.lo, first.hi, tmp, t, nullptr);
        env2.bufs = std::move(tmp.bufs);
    }
    Effects a2 = an.block_effects(l2, second.lo, second.hi, std::move(env2), t);
    // the effects see through windows, so a window the second block uses must not move
    // before the statement that defines it
    bool uses_window = false;
    for (size_t i = first.lo; i < first.hi; ++i)
        if (auto ws = l1[i]->as<ir::WindowStmt>())
            uses_window = uses_window || ir::mentions(sub_list(l2, second.lo, second.hi), ws->name);
    std::string why;
    if (uses_window) why = " The second uses the window the first defines.";
    else if (!an.commutes(a1, a2, t)) why = an.explain();
    else if (!An::alloc_commutes(a1, a2)) why = " One allocates a buffer that the other uses.";
    if (!why.empty())
        throw CheckFailed("Statements at " + first_stmt(p, first).srcinfo.str() + " and " +
                          first_stmt(p, second).srcinfo.str() + " do not commute." + why);
}

void check_reorder_loops(const ir::Proc& p, const ir::Path& outer_loop) {
    ir::StmtPtr s = ir::stmt_at(p, outer_loop);
    auto xl = s ? s->as<ir::For>() : nullptr;
    if (!xl || xl->body.size() != 1 || !xl->body[0]->is<ir::For>())
        internal("check_reorder_loops: not a loop whose body is one loop");
    auto yl = xl->body[0]->as<ir::For>();
    An an;
    Env env = an.context(p, ir::block_of_stmt(outer_loop));
    std::set<LocKey> wr = An::written_cfgs(xl->body);
    Effects bd;
    Term t = smt::bool_val(true);
    Term xlo = an.enc(*xl->lo, env, t, &bd), xhi = an.enc(*xl->hi, env, t, &bd);

    auto instance = [&](Term& x, Term& y, Term& bounds, Effects& eff) {
        Env e = with_unknown_cfgs(env, wr);
        x = an.fresh(xl->iter.repr(), false);
        y = an.fresh(yl->iter.repr(), false);
        e.vars[xl->iter] = x;
        Term ylo = an.enc(*yl->lo, e, t, &bd), yhi = an.enc(*yl->hi, e, t, &bd);
        e.vars[yl->iter] = y;
        bounds = xlo <= x && x < xhi && ylo <= y && y < yhi;
        eff = an.block_effects(yl->body, 0, yl->body.size(), e, t);
    };
    Term x1, y1, b1, x2, y2, b2;
    Effects a1, a2;
    instance(x1, y1, b1, a1);
    instance(x2, y2, b2, a2);
    const std::string xn = xl->iter.name(), yn = yl->iter.name();
    an.witness_vars = {{xn, x1}, {yn, y1}, {"then " + xn, x2}, {yn, y2}};
    bool ok = an.commutes(bd, a1, b1) && an.commutes(a1, a2, b1 && b2 && x1 < x2 && y2 < y1);
    if (!ok)
        throw CheckFailed("Loops " + xn + " and " + yn + " at " + s->srcinfo.str() + " cannot be reordered." +
                          an.explain());
}

void check_fission_loop(const ir::Proc& p, const ir::Path& loop, size_t split, bool no_loop_var_1) {
    ir::StmtPtr s = ir::stmt_at(p, loop);
    auto fl = s ? s->as<ir::For>() : nullptr;
    if (!fl || split > fl->body.size()) internal("check_fission_loop: not a loop, or a bad split point");
    An an;
    Env env = an.context(p, ir::block_of_stmt(loop));
    std::set<LocKey> wr = An::written_cfgs(fl->body);
    Term t = smt::bool_val(true);
    Effects bd;
    Term lo = an.enc(*fl->lo, env, t, &bd), hi = an.enc(*fl->hi, env, t, &bd);
    const ir::StmtList& body = fl->body;
    auto part = [&](const Term& it, size_t a, size_t b) {
        Env e = with_unknown_cfgs(env, wr);
        e.vars[fl->iter] = it;
        if (a > 0) {  // windows defined earlier in the same iteration
            Env tmp = e;
            an.walk(body, 0, a, tmp, t, nullptr);
            e.bufs = std::move(tmp.bufs);
        }
        return an.block_effects(body, a, b, e, t);
    };
    Term i = an.fresh(fl->iter.repr(), false), j = an.fresh(fl->iter.repr(), false);
    Term bi = lo <= i && i < hi, bj = lo <= j && j < hi;
    Effects a1j = part(j, 0, split), a2 = part(i, split, body.size());
    Term both = bi && bj && i < j;
    // the first part's iteration j runs after the second part's iteration i < j
    an.witness_vars = {{"second part's " + fl->iter.name(), i}, {"first part's " + fl->iter.name(), j}};
    bool ok = an.commutes(bd, a1j, bj) && an.commutes(bd, a2, bi);
    if (ok) {
        bool wc12 = !an.overlap(a1j, kWrite, a2, kAll, both);
        if (!wc12 && no_loop_var_1) {
            // the first part does not depend on the iteration: it may run again when
            // it is idempotent (checked on two independent instances)
            Effects a1j2 = part(j, 0, split);
            wc12 = an.shadows_itself(a1j, a1j2, both) && !an.overlap(a1j, kWrite, a2, kRead, both, 2);
        }
        // A reduction of the second part into what the first part assigns: the first part
        // (idempotent or not) would overwrite it on its next run, before fission only.
        // Upstream misses this pair (Commutes_Fissioning), so it fissions
        // `for k: (z = w; z += x)` into a loop of assignments and a loop of reductions.
        ok = wc12 && !an.overlap(a2, kWrite, a1j, kAll, both) && !an.overlap(a1j, kReduce, a2, kRead, both) &&
             !an.overlap(a2, kReduce, a1j, kRead, both) && !an.overlap(a2, kReduce, a1j, kWrite, both) &&
             An::alloc_commutes(a1j, a2);
    }
    if (!ok)
        throw CheckFailed("Cannot fission loop over " + fl->iter.name() + " at " + s->srcinfo.str() + "." +
                          (An::alloc_commutes(a1j, a2) ? an.explain() : " One part allocates a buffer the other uses."));
}

void check_expr_eqv_in_context(const ir::Proc& p, const ir::ExprPtr& e0, const ir::BlockLoc& ctx0,
                               const ir::ExprPtr& e1, const ir::BlockLoc& ctx1) {
    An an;
    Env env0 = an.context(p, ctx0);
    Env env1 = ctx1 == ctx0 ? env0 : an.context(p, ctx1);
    Term t = smt::bool_val(true);
    Term a = an.enc(*e0, env0, t, nullptr), b = an.enc(*e1, env1, t, nullptr);
    bool ok = a.is_bool() == b.is_bool() && an.proves(smt::eq(a, b));
    if (!ok)
        throw CheckFailed("Expressions are not equivalent:\n" + ir::print_expr(*e0) + "\nvs.\n" +
                          ir::print_expr(*e1));
}

std::optional<bool> constant_in_context(const ir::Proc& p, const ir::ExprPtr& cond, const ir::BlockLoc& ctx) {
    An an;
    Env env = an.context(p, ctx);
    Term c = an.enc(*cond, env, smt::bool_val(true), nullptr);
    if (!c.is_bool()) return std::nullopt;
    for (bool v : {true, false})
        if (an.proves(smt::eq(c, smt::bool_val(v)))) return v;
    return std::nullopt;
}

void check_is_idempotent(const ir::Proc& p, const ir::BlockLoc& b) {
    An an;
    Env env = an.context(p, b);
    const ir::StmtList& l = list_of(p, b);
    std::set<LocKey> wr = An::written_cfgs(sub_list(l, b.lo, b.hi));
    Term t = smt::bool_val(true);
    Effects a = an.block_effects(l, b.lo, b.hi, with_unknown_cfgs(env, wr), t);
    Effects a2 = an.block_effects(l, b.lo, b.hi, with_unknown_cfgs(env, wr), t);
    if (!an.shadows_itself(a, a2, t)) {
        std::string why = an.explain();
        if (why.empty()) why = " It accumulates into memory (a reduction), which running it twice doubles.";
        throw CheckFailed("The statement at " + first_stmt(p, b).srcinfo.str() + " is not idempotent." + why);
    }
}

namespace {
bool bound_holds(An& an, const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, const std::string& op,
                 int64_t v, std::string* what) {
    Env env = an.context(p, ctx);
    Term x = an.enc(*e, env, smt::bool_val(true), nullptr);
    std::string vs = std::to_string(v);
    Term c = smt::int_val(v);
    Term q;
    if (op == ">=") q = x >= c, *what = "greater than or equal to " + vs;
    else if (op == ">") q = x > c, *what = "greater than " + vs;
    else if (op == "<=") q = x <= c, *what = "less than or equal to " + vs;
    else if (op == "<") q = x < c, *what = "greater than " + vs;  // sic: upstream's wording
    else if (op == "==") q = smt::eq(x, c), *what = "equal to " + vs;
    else internal("bad comparison operator " + op);
    if (!x.is_int()) return false;
    return an.proves(q);
}
}  // namespace

bool expr_bound_holds(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, const char* op, int64_t v) {
    An an;
    std::string what;
    return bound_holds(an, p, ctx, e, op, v, &what);
}

void check_expr_bound(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, const char* op, int64_t v) {
    An an;
    std::string what;
    if (!bound_holds(an, p, ctx, e, op, v, &what)) {
        std::string es = ir::print_expr(*e);
        while (!es.empty() && es.back() == '\n') es.pop_back();
        throw CheckFailed("The expression " + es + " is not guaranteed to be " + what + ".");
    }
}

void check_is_positive_expr(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e) {
    check_expr_bound(p, ctx, e, ">", 0);
}

void check_is_nonnegative_expr(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e) {
    check_expr_bound(p, ctx, e, ">=", 0);
}

void check_compare_exprs(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& lhs, const char* op,
                         const ir::ExprPtr& rhs) {
    check_expr_bound(p, ctx, sub_expr(lhs, rhs), op, 0);
}

void check_is_divisible(const ir::Proc& p, const ir::BlockLoc& ctx, const ir::ExprPtr& e, int64_t quotient) {
    bool failed;
    if (auto c = e->as<ir::Const>(); c && c->val.is_int()) {
        failed = quotient == 0 || c->val.as_int() % quotient != 0;
    } else {
        auto q = ir::Const::of_int(quotient, ir::T::int_());
        auto m = ir::make<ir::BinOp>(BinOpKind::Mod, e, q, ir::T::index(), ir::null_srcinfo());
        failed = !expr_bound_holds(p, ctx, m, "==", 0);
    }
    if (failed)
        throw CheckFailed("cannot perfectly divide '" + ir::print_expr(*e) + "' by " + std::to_string(quotient));
}

void check_is_dead_after(const ir::Proc& p, const ir::BlockLoc& b, const ir::Sym& buf, int /*ndim*/) {
    An an;
    Env env = an.context(p, b);
    // resolve a window name to its buffer (over-approximation: the whole buffer)
    Sym root = buf;
    if (auto it = env.bufs.find(buf); it != env.bufs.end()) root = it->second.root;
    bool is_arg = false;
    for (const auto& a : p.args) is_arg = is_arg || a.name == root;
    Effects post = an.post_effects(p, b, env);
    if (is_arg || an.may_access(post, kAll, buf_key(root)))
        throw CheckFailed("The variable " + buf.name() + " can potentially be used after the statement at " +
                          first_stmt(p, b).srcinfo.str() + " executes." +
                          (is_arg ? " It is an argument, which the caller sees." : an.explain_access()));
}

void check_buffer_reduce_only(const ir::Proc& p, const ir::BlockLoc& b, const ir::Sym& buf, int /*ndim*/) {
    An an;
    Env env = an.context(p, b);
    Sym root = buf;
    if (auto it = env.bufs.find(buf); it != env.bufs.end()) root = it->second.root;
    const ir::StmtList& l = list_of(p, b);
    Effects a = an.block_effects(l, b.lo, b.hi, env, smt::bool_val(true));
    if (an.may_access(a, kRead | kWrite, buf_key(root)))
        throw CheckFailed("The buffer " + buf.name() + " is accessed in a way other than simply reducing into it." +
                          an.explain_access());
}

void check_bounds(const ir::Proc& p, const ir::Alloc& alloc, const ir::BlockLoc& b) {
    if (b.lo >= b.hi) return;
    An an;
    Env env = an.context(p, b);
    Term t = smt::bool_val(true);
    std::vector<Term> shape;
    for (const auto& d : alloc.type->shape()) shape.push_back(an.enc(*d, env, t, nullptr));
    const ir::StmtList& l = list_of(p, b);
    Effects a = an.block_effects(l, b.lo, b.hi, env, t);
    LocKey k = buf_key(alloc.name);
    bool ok = true;
    for (const auto& x : a.acc) {
        if (!(x.loc == k)) continue;
        if (x.idx.size() != shape.size()) {
            ok = false;
            break;
        }
        Term inb = t;
        for (size_t d = 0; d < shape.size(); ++d)
            inb = inb && smt::int_val(0) <= x.idx[d] && x.idx[d] < shape[d];
        if (!shape.empty() && an.maybe_sat(x.guard && !inb)) {
            ok = false;
            break;
        }
    }
    if (!ok) throw CheckFailed("The buffer " + alloc.name.name() + " is accessed out-of-bounds");
}

void check_bounds(const ir::Proc& p, const ir::Path& alloc_stmt, const ir::BlockLoc& block) {
    ir::StmtPtr s = ir::stmt_at(p, alloc_stmt);
    auto al = s ? s->as<ir::Alloc>() : nullptr;
    if (!al) internal("check_bounds: not an allocation");
    check_bounds(p, *al, block);
}

namespace {

// Whether a change the block `b` makes to config field `k` can be seen after the proc.
// Not if a later statement of the same block overwrites it before anything reads it
// (shadowed) or a later statement at some enclosing level overwrites it; throws
// CheckFailed(read_error) if it may be read later in the proc. `post` caches the effects
// after the block across fields.
bool config_change_visible(An& an, const ir::Proc& p, const ir::BlockLoc& b, const Env& env,
                           const ir::ConfigField& field, std::optional<Effects>& post, const std::string& read_error) {
    LocKey k = cfg_key(field.config, field.field);
    const ir::StmtList& l = list_of(p, b);
    for (size_t i = b.hi; i < l.size(); ++i) {
        ir::StmtList one{l[i]};
        bool reads_k = l[i]->is<ir::Call>(), writes_k = false;
        for (const auto& r : ir::get_readconfigs(one)) reads_k = reads_k || cfg_key(r.config, r.field) == k;
        for (const auto& w : ir::get_writeconfigs(one)) writes_k = writes_k || cfg_key(w.config, w.field) == k;
        auto w = l[i]->as<ir::WriteConfig>();
        if (w && cfg_key(w->config, w->field) == k && !reads_k) return false;
        if (reads_k || writes_k) break;
    }
    if (!post) post = an.post_effects(p, b, env);
    // a read counts only if both analyses allow it: the effects know guards, the
    // structural walk knows when a callee sets the field before reading it
    if (an.may_access(*post, kRead, k) && may_read_after(p, b, field)) {
        // upstream's sentence has no full stop; the explanation is a sentence of its own
        std::string why = an.explain_access();
        throw CheckFailed(why.empty() ? read_error : read_error + "." + why);
    }
    bool overwritten = false;
    auto scan = [&](const ir::StmtList& sl, size_t from) {
        for (size_t i = from; i < sl.size(); ++i)
            if (auto w = sl[i]->as<ir::WriteConfig>(); w && cfg_key(w->config, w->field) == k) overwritten = true;
    };
    scan(l, b.hi);
    for (size_t lv = b.parent.size(); lv-- > 0 && !overwritten;) {
        ir::Path pp(b.parent.begin(), b.parent.begin() + long(lv));
        scan(*ir::stmt_list_at(p, pp, b.parent[lv].field), size_t(b.parent[lv].index) + 1);
    }
    return !overwritten;
}

// Whether field `k` provably holds the same value in `e0` and `e1`, compared in both
// sorts (the field's type is not known here).
bool same_config_value(An& an, const Env& e0, const Env& e1, const LocKey& k) {
    for (bool is_bool : {false, true}) {
        Env a = e0, b = e1;
        Term v0 = an.cfg_get(a.cfg, k, is_bool), v1 = an.cfg_get(b.cfg, k, is_bool);
        if (v0.is_bool() == v1.is_bool() && v0.is_bool() == is_bool && an.proves(smt::eq(v0, v1))) return true;
    }
    return false;
}

}  // namespace

std::vector<ir::ConfigField> check_delete_config_write(const ir::Proc& p, const ir::BlockLoc& b) {
    An an;
    Env env = an.context(p, b);
    const ir::StmtList& l = list_of(p, b);
    Term t = smt::bool_val(true);
    Env after = env;
    Effects a;
    an.walk(l, b.lo, b.hi, after, t, &a);
    std::string at = first_stmt(p, b).srcinfo.str();
    for (const auto& x : a.acc)
        if ((x.k & (kWrite | kReduce)) && !x.loc.is_cfg() && !a.allocs.count(x.loc.sym) && an.maybe_sat(x.guard))
            throw CheckFailed("Cannot delete or insert statements at " + at +
                              " because they may modify non-configuration data");
    std::vector<ir::ConfigField> out;
    std::vector<LocKey> seen;
    std::optional<Effects> post;
    for (const auto& cf : ir::get_writeconfigs(sub_list(l, b.lo, b.hi))) {
        LocKey k = cfg_key(cf.config, cf.field);
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
        seen.push_back(k);
        if (same_config_value(an, env, after, k)) continue;
        std::string msg = "Cannot change configuration value of " + cfg_display(cf.config, cf.field) + " at " + at +
                          "; the new (and different) values might be read later in this procedure";
        if (config_change_visible(an, p, b, env, cf, post, msg)) out.push_back(cf);
    }
    return out;
}

std::vector<ir::ConfigField> check_extend_eqv(const ir::Proc& p, const ir::Proc& q, const ir::BlockLoc& b,
                                              const std::vector<ir::ConfigField>& fields) {
    An an;
    Env env = an.context(p, b);
    std::string at = first_stmt(p, b).srcinfo.str();
    // the config state after the old block and after the new one
    Env after_p = env, after_q = env;
    Term t = smt::bool_val(true);
    Effects ep, eq;
    an.walk(list_of(p, b), b.lo, b.hi, after_p, t, &ep);
    an.walk(list_of(q, b), b.lo, b.hi, after_q, t, &eq);
    std::vector<ir::ConfigField> out;
    std::optional<Effects> post;
    for (const auto& cf : fields) {
        if (same_config_value(an, after_p, after_q, cfg_key(cf.config, cf.field))) continue;
        std::string msg = "Cannot rewrite at " + at + " because the configuration field " +
                          cfg_display(cf.config, cf.field) + " might be read subsequently";
        if (config_change_visible(an, p, b, env, cf, post, msg)) out.push_back(cf);
    }
    return out;
}

QueryStats query_stats() { return cache().stats; }

// ==================================================================== BlockContext

struct BlockContext::Impl {
    An an;
    Env env;
};

BlockContext::BlockContext() : impl_(std::make_unique<Impl>()) {}
BlockContext::~BlockContext() = default;

void BlockContext::enter(const ir::Proc& p, const ir::BlockLoc& b) { impl_->env = impl_->an.context(p, b); }

smt::Term BlockContext::enc(const ir::Expr& e) { return impl_->an.enc(e, impl_->env, smt::bool_val(true), nullptr); }

smt::Term BlockContext::enc(const ir::Expr& e, const Bindings& vars) {
    Env env = impl_->env;
    for (const auto& [s, t] : vars) env.vars[s] = t;
    return impl_->an.enc(e, env, smt::bool_val(true), nullptr);
}

bool BlockContext::proves(const smt::Term& q) { return impl_->an.proves(q); }

}  // namespace exo::analysis
