// Upstream's backend/mem_analysis.py.
#include <unordered_map>
#include <unordered_set>

#include "analyses.h"
#include "host_hooks.h"

namespace exo::backend {

namespace {

using namespace ir;

struct Pending {
    Sym name;
    TypePtr type;
    MemRef mem;
};

void used_e(const Expr& e, std::unordered_set<Sym>& out) {
    if (auto r = e.as<Read>()) {
        out.insert(r->name);
        for (const auto& i : r->idx) used_e(*i, out);
    } else if (auto u = e.as<USub>()) {
        used_e(*u->arg, out);
    } else if (auto b = e.as<BinOp>()) {
        used_e(*b->lhs, out);
        used_e(*b->rhs, out);
    } else if (auto x = e.as<Extern>()) {
        for (const auto& a : x->args) used_e(*a, out);
    } else if (auto w = e.as<WindowExpr>()) {
        out.insert(w->name);
    } else if (auto st = e.as<StrideExpr>()) {
        out.insert(st->name);
    }
}

void used_s(const Stmt& s, std::unordered_set<Sym>& out) {
    if (auto a = s.as<Assign>()) {
        out.insert(a->name);
        used_e(*a->rhs, out);
    } else if (auto r = s.as<Reduce>()) {
        out.insert(r->name);
        used_e(*r->rhs, out);
    } else if (auto w = s.as<WriteConfig>()) {
        used_e(*w->rhs, out);
    } else if (auto i = s.as<If>()) {
        used_e(*i->cond, out);
        for (const auto& b : i->body) used_s(*b, out);
        for (const auto& b : i->orelse) used_s(*b, out);
    } else if (auto f = s.as<For>()) {
        for (const auto& b : f->body) used_s(*b, out);
    } else if (auto al = s.as<Alloc>()) {
        out.insert(al->name);
    } else if (auto c = s.as<Call>()) {
        for (const auto& a : c->args) used_e(*a, out);
    } else if (auto ws = s.as<WindowStmt>()) {
        used_e(*ws->rhs, out);
    }
}

class MemoryAnalysis {
public:
    explicit MemoryAnalysis(const Proc& p) {
        for (const auto& a : p.args)
            if (a.type->is_numeric()) mem_env_[a.name] = a.mem;
    }

    StmtList stmts(const StmtList& body) {
        tofree_.emplace_back();
        StmtList out = block(body);
        tofree_.pop_back();
        return out;
    }

private:
    StmtList block(const StmtList& body) {
        if (body.empty()) return body;
        StmtList mapped;
        for (const auto& s : body) mapped.push_back(stmt(s));
        StmtList rev;
        for (auto it = mapped.rbegin(); it != mapped.rend(); ++it) {
            std::unordered_set<Sym> used;
            used_s(**it, used);
            auto& pending = tofree_.back();
            std::vector<Pending> keep;
            for (auto& p : pending) {
                if (used.count(p.name)) rev.push_back(ir::make<Free>(p.name, p.type, p.mem, (*it)->srcinfo));
                else keep.push_back(p);
            }
            pending = std::move(keep);
            rev.push_back(*it);
        }
        return StmtList(rev.rbegin(), rev.rend());
    }

    MemRef e_mem(const Expr& e) {
        if (auto r = e.as<Read>()) return mem_env_.at(r->name);
        if (auto w = e.as<WindowExpr>()) return mem_env_.at(w->name);
        return dram_memory();
    }

    StmtPtr stmt(const StmtPtr& s) {
        if (auto w = s->as<WindowStmt>()) {
            mem_env_[w->name] = e_mem(*w->rhs);
            return s;
        }
        if (auto c = s->as<Call>()) {
            for (size_t i = 0; i < c->args.size(); ++i) {
                const FnArg& sa = c->f->args[i];
                if (!sa.type->is_numeric()) continue;
                MemRef cmem = e_mem(*c->args[i]);
                if (!mem_is_subclass(cmem, sa.mem))
                    raise_type_error(c->args[i]->srcinfo.str() + ": expected argument in " + memory_name(sa.mem) +
                                     " but got an argument in " + memory_name(cmem));
            }
            return s;
        }
        if (auto i = s->as<If>()) {
            StmtList body = stmts(i->body);
            StmtList orelse = stmts(i->orelse);
            return ir::make<If>(i->cond, std::move(body), std::move(orelse), i->srcinfo);
        }
        if (auto f = s->as<For>())
            return ir::make<For>(f->iter, f->lo, f->hi, stmts(f->body), f->loop_mode, f->srcinfo);
        if (auto a = s->as<Alloc>()) {
            mem_env_[a->name] = a->mem;
            tofree_.back().push_back({a->name, a->type, a->mem});
            return s;
        }
        return s;
    }

    std::unordered_map<Sym, MemRef> mem_env_;
    std::vector<std::vector<Pending>> tofree_;
};

}  // namespace

ir::ProcPtr memory_analysis(const ir::ProcPtr& p) {
    MemoryAnalysis m(*p);
    Proc q = *p;
    q.body = m.stmts(p->body);
    return ir::make<Proc>(std::move(q));
}

}  // namespace exo::backend
