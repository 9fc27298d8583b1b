#include "dependencies.h"

#include <algorithm>
#include <optional>

namespace exo::ir {

bool DepKey::operator==(const DepKey& o) const {
    if (is_config() != o.is_config()) return false;
    return is_config() ? config_field == o.config_field : sym == o.sym;
}

namespace {

// Small sets with linear search: blocks have few variables, and DepKey has no cheap
// total order (config identity is a pointer).
class KeySet {
public:
    bool contains(const DepKey& k) const { return std::find(keys_.begin(), keys_.end(), k) != keys_.end(); }
    void add(const DepKey& k) {
        if (!contains(k)) keys_.push_back(k);
    }
    void add_all(const KeySet& o) {
        for (const auto& k : o.keys_) add(k);
    }
    const std::vector<DepKey>& keys() const { return keys_; }

private:
    std::vector<DepKey> keys_;
};

class DependencyTracker {
public:
    explicit DependencyTracker(const StmtList& stmts) { do_stmts(stmts); }

    std::vector<DepKey> result(const DepKey& target) {
        KeySet depends = deps_of(target);
        std::vector<DepKey> pending = depends.keys();
        std::vector<DepKey> done;
        while (!pending.empty()) {
            DepKey k = pending.back();
            pending.pop_back();
            done.push_back(k);
            const KeySet& d = deps_of(k);
            depends.add_all(d);
            for (const auto& x : d.keys())
                if (std::find(done.begin(), done.end(), x) == done.end()) pending.push_back(x);
        }
        return depends.keys();
    }

private:
    std::vector<std::pair<DepKey, KeySet>> depends_;
    std::vector<std::pair<Sym, Sym>> alias_;  // window -> underlying buffer
    std::optional<DepKey> lhs_;                // what reads currently flow into
    KeySet context_;                           // what decides whether this code runs
    bool control_ = false;                     // reads go into context_

    KeySet& deps_of(const DepKey& k) {
        for (auto& [key, set] : depends_)
            if (key == k) return set;
        depends_.emplace_back(k, KeySet());
        return depends_.back().second;
    }

    Sym alias(const Sym& s) const {
        for (const auto& [w, base] : alias_)
            if (w == s) return base;
        return s;
    }

    void start_write(const DepKey& k, bool with_context) {
        lhs_ = k;
        KeySet& d = deps_of(k);
        d.add(k);
        if (with_context) d.add_all(context_);
    }

    void do_stmts(const StmtList& ss) {
        for (const auto& s : ss) do_s(*s);
    }

    void do_s(const Stmt& s) {
        if (s.is<Assign>() || s.is<Reduce>()) {
            const Sym& name = s.is<Assign>() ? s.as<Assign>()->name : s.as<Reduce>()->name;
            const ExprList& idx = s.is<Assign>() ? s.as<Assign>()->idx : s.as<Reduce>()->idx;
            const ExprPtr& rhs = s.is<Assign>() ? s.as<Assign>()->rhs : s.as<Reduce>()->rhs;
            start_write(DepKey::of(alias(name)), true);
            for (const auto& i : idx) do_e(*i);
            do_e(*rhs);
            lhs_.reset();
        } else if (auto w = s.as<WriteConfig>()) {
            start_write(DepKey::of(ConfigField{w->config, w->field}), true);
            do_e(*w->rhs);
            lhs_.reset();
        } else if (auto ws = s.as<WindowStmt>()) {
            Sym base = alias(ws->rhs->as<WindowExpr>() ? ws->rhs->as<WindowExpr>()->name : ws->name);
            alias_.emplace_back(ws->name, base);
            start_write(DepKey::of(base), false);
            do_e(*ws->rhs);
            lhs_.reset();
        } else if (auto i = s.as<If>()) {
            KeySet saved = context_;
            control_ = true;
            do_e(*i->cond);
            control_ = false;
            do_stmts(i->body);
            do_stmts(i->orelse);
            context_ = std::move(saved);
        } else if (auto f = s.as<For>()) {
            KeySet saved = context_;
            control_ = true;
            start_write(DepKey::of(f->iter), false);
            do_e(*f->lo);
            do_e(*f->hi);
            lhs_.reset();
            control_ = false;
            do_stmts(f->body);
            context_ = std::move(saved);
        } else if (auto c = s.as<Call>()) {
            do_call(*c);
        }
        // Pass, Alloc, Free: nothing flows.
    }

    void do_call(const Call& c) {
        const Proc& callee = *c.f;
        auto process_reads = [&] {
            // Arguments the callee may read flow into what it writes.
            auto callee_reads = get_reads_of_stmts(callee.body);
            for (size_t i = 0; i < callee.args.size() && i < c.args.size(); ++i) {
                bool maybe_read = true;
                if (callee.args[i].type->is_numeric()) {
                    maybe_read = false;
                    for (const auto& r : callee_reads)
                        if (r.name == callee.args[i].name) maybe_read = true;
                }
                if (maybe_read) do_e(*c.args[i]);
            }
            for (const auto& cf : get_readconfigs(callee.body))
                if (lhs_) deps_of(*lhs_).add(DepKey::of(cf));
        };
        auto callee_writes = get_writes_of_stmts(callee.body);
        for (size_t i = 0; i < callee.args.size() && i < c.args.size(); ++i) {
            const FnArg& fa = callee.args[i];
            bool maybe_write = false;
            if (fa.type->is_numeric())
                for (const auto& w : callee_writes)
                    if (w.name == fa.name) maybe_write = true;
            if (!maybe_write) continue;
            const Expr& a = *c.args[i];
            Sym name = a.as<Read>() ? a.as<Read>()->name : a.as<WindowExpr>() ? a.as<WindowExpr>()->name : Sym();
            start_write(DepKey::of(alias(name)), true);
            process_reads();
            lhs_.reset();
        }
        for (const auto& cf : get_writeconfigs(callee.body)) {
            start_write(DepKey::of(cf), true);
            process_reads();
            lhs_.reset();
        }
    }

    void note_read(const DepKey& k) {
        if (lhs_) deps_of(*lhs_).add(k);
        if (control_) context_.add(k);
    }

    void do_e(const Expr& e) {
        if (auto r = e.as<Read>()) {
            note_read(DepKey::of(alias(r->name)));
            for (const auto& i : r->idx) do_e(*i);
        } else if (auto w = e.as<WindowExpr>()) {
            note_read(DepKey::of(alias(w->name)));
            for (const auto& a : w->idx) {
                if (auto iv = a->as<Interval>()) {
                    do_e(*iv->lo);
                    do_e(*iv->hi);
                } else {
                    do_e(*a->as<Point>()->pt);
                }
            }
        } else if (auto rc = e.as<ReadConfig>()) {
            note_read(DepKey::of(ConfigField{rc->config, rc->field}));
        } else if (auto b = e.as<BinOp>()) {
            do_e(*b->lhs);
            do_e(*b->rhs);
        } else if (auto u = e.as<USub>()) {
            do_e(*u->arg);
        } else if (auto x = e.as<Extern>()) {
            for (const auto& a : x->args) do_e(*a);
        }
        // Const, StrideExpr: no variable flows (upstream skips types here).
    }
};

}  // namespace

std::vector<DepKey> dependencies_of(const DepKey& target, const StmtList& stmts) {
    DependencyTracker t(stmts);
    return t.result(target);
}

}  // namespace exo::ir
