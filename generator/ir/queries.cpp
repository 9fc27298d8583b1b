#include "queries.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "visitor.h"

namespace exo::ir {

namespace {

class ReadCollector : public IRVisitor {
public:
    std::vector<NameAndType> reads;
    std::vector<ConfigField> configs;

protected:
    void visit(const Read& e) override {
        reads.push_back({e.name, e.type});
        IRVisitor::visit(e);
    }
    void visit(const WindowExpr& e) override {
        reads.push_back({e.name, e.type});
        IRVisitor::visit(e);
    }
    void visit(const StrideExpr& e) override {
        reads.push_back({e.name, e.type});
        IRVisitor::visit(e);
    }
    void visit(const ReadConfig& e) override {
        configs.push_back({e.config, e.field});
        IRVisitor::visit(e);
    }
};

bool names_written(const std::vector<NameAndType>& writes, const Sym& name) {
    for (const auto& w : writes)
        if (w.name == name) return true;
    return false;
}

struct CalleeWrites {
    std::vector<NameAndType> writes;
    std::vector<ConfigField> configs;
};
const CalleeWrites& callee_writes(const ProcPtr& f);

// Statements only: expressions never write.
class WriteCollector : public IRVisitor {
public:
    std::vector<NameAndType> writes;
    std::vector<ConfigField> configs;
    std::vector<Sym> loop_iters;
    void visit_type(const Type&) override {}

protected:
    std::unordered_map<Sym, Sym> window_base_;  // window name -> underlying buffer

    Sym base_of(const Sym& s) const {
        auto it = window_base_.find(s);
        return it == window_base_.end() ? s : it->second;
    }
    void visit(const Assign& s) override { writes.push_back({base_of(s.name), s.type}); }
    void visit(const Reduce& s) override { writes.push_back({base_of(s.name), s.type}); }
    void visit(const WriteConfig& s) override { configs.push_back({s.config, s.field}); }
    void visit(const Call& s) override {
        const CalleeWrites& sub = callee_writes(s.f);
        for (size_t i = 0; i < s.args.size() && i < s.f->args.size(); ++i) {
            if (!names_written(sub.writes, s.f->args[i].name)) continue;
            const Expr& a = *s.args[i];
            if (auto r = a.as<Read>()) writes.push_back({base_of(r->name), a.type});
            else if (auto w = a.as<WindowExpr>()) writes.push_back({base_of(w->name), a.type});
            else if (auto st = a.as<StrideExpr>()) writes.push_back({base_of(st->name), a.type});
        }
        configs.insert(configs.end(), sub.configs.begin(), sub.configs.end());
    }
    void visit(const WindowStmt& s) override {
        if (auto w = s.rhs->as<WindowExpr>()) window_base_[s.name] = base_of(w->name);
    }
    void visit(const For& s) override {
        loop_iters.push_back(s.iter);
        visit_stmts(s.body);
    }
    void visit(const If& s) override {
        visit_stmts(s.body);
        visit_stmts(s.orelse);
    }
};

// What a callee's body writes, collected once per callee: a proc's statements are
// walked for their writes by many analyses (every scheduling check's context, every
// loop of an effect walk), and each call in them walked its callee's body twice, for
// its writes and for its config writes. The weak pointer tells a live callee from a
// new proc made at the address of one since destroyed.
const CalleeWrites& callee_writes(const ProcPtr& f) {
    static std::unordered_map<const Proc*, std::pair<std::weak_ptr<const Proc>, CalleeWrites>> known;
    if (auto it = known.find(f.get()); it != known.end()) {
        if (!it->second.first.expired()) return it->second.second;
        known.erase(it);
    }
    if (known.size() > 4096)  // drop the entries of destroyed callees now and then
        for (auto it = known.begin(); it != known.end();) it = it->second.first.expired() ? known.erase(it) : std::next(it);
    WriteCollector c;
    c.visit_stmts(f->body);
    CalleeWrites w{std::move(c.writes), std::move(c.configs)};
    return known.emplace(f.get(), std::make_pair(std::weak_ptr<const Proc>(f), std::move(w))).first->second.second;
}

// Every name read, windowed, strided, assigned or reduced in what it visits.
struct NamesUsed : IRVisitor {
    std::vector<Sym> names;
    void visit(const Read& e) override {
        names.push_back(e.name);
        IRVisitor::visit(e);
    }
    void visit(const WindowExpr& e) override {
        names.push_back(e.name);
        IRVisitor::visit(e);
    }
    void visit(const StrideExpr& e) override { names.push_back(e.name); }
    void visit(const Assign& s) override {
        names.push_back(s.name);
        IRVisitor::visit(s);
    }
    void visit(const Reduce& s) override {
        names.push_back(s.name);
        IRVisitor::visit(s);
    }
};

// Any Read, window or stride of variable `x`.
class ReadsVar : public IRVisitor {
public:
    explicit ReadsVar(Sym x) : x_(std::move(x)) {}
    bool found = false;

protected:
    Sym x_;

    void visit(const Read& e) override {
        if (e.name == x_) found = true;
        IRVisitor::visit(e);
    }
    void visit(const WindowExpr& e) override {
        if (e.name == x_) found = true;
        IRVisitor::visit(e);
    }
    void visit(const StrideExpr& e) override {
        if (e.name == x_) found = true;
    }
};

// Whether a proc body reads the values of its argument: as ReadsVar, but a stride reads
// no value, an accumulation into it does, and passing it to a call reads it only if the
// callee reads that parameter.
class ArgReads : public ReadsVar {
public:
    using ReadsVar::ReadsVar;

protected:
    using ReadsVar::visit;
    void visit(const Reduce& s) override {
        if (s.name == x_) found = true;
        IRVisitor::visit(s);
    }
    void visit(const StrideExpr&) override {}
    void visit(const Call& s) override {
        for (size_t i = 0; i < s.args.size(); ++i) {
            const Expr& a = *s.args[i];
            auto r = a.as<Read>();
            auto w = a.as<WindowExpr>();
            bool passed = (r && r->name == x_ && r->idx.empty() && !a.type->is_real_scalar()) || (w && w->name == x_);
            if (!passed || i >= s.f->args.size()) {
                visit_expr(a);
                continue;
            }
            if (proc_reads_arg(*s.f, s.f->args[i].name)) found = true;
            if (w)
                for (const auto& x : w->idx) visit_w_access(*x);
        }
    }
};

}  // namespace

bool reads_var(const StmtList& ss, const Sym& x) {
    ReadsVar v(x);
    v.visit_stmts(ss);
    return v.found;
}

bool reads_var(const Expr& e, const Sym& x) {
    ReadsVar v(x);
    v.visit_expr(e);
    return v.found;
}

bool proc_reads_arg(const Proc& f, const Sym& arg) {
    ArgReads v(arg);
    v.visit_stmts(f.body);
    return v.found;
}

std::vector<NameAndType> get_reads_of_stmts(const StmtList& stmts) {
    ReadCollector c;
    c.visit_stmts(stmts);
    return std::move(c.reads);
}

std::vector<NameAndType> get_reads_of_expr(const Expr& e) {
    ReadCollector c;
    c.visit_expr(e);
    return std::move(c.reads);
}

std::vector<NameAndType> get_writes_of_stmts(const StmtList& stmts) {
    WriteCollector c;
    c.visit_stmts(stmts);
    return std::move(c.writes);
}

bool proc_writes_arg(const Proc& f, const Sym& arg) { return names_written(get_writes_of_stmts(f.body), arg); }

std::vector<ConfigField> get_readconfigs(const StmtList& stmts) {
    ReadCollector c;
    c.visit_stmts(stmts);
    return std::move(c.configs);
}

std::vector<ConfigField> get_readconfigs_of_expr(const Expr& e) {
    ReadCollector c;
    c.visit_expr(e);
    return std::move(c.configs);
}

std::vector<ConfigField> get_writeconfigs(const StmtList& stmts) {
    WriteCollector c;
    c.visit_stmts(stmts);
    return std::move(c.configs);
}

std::optional<ConstStride> as_const_stride(const Expr& pred) {
    auto b = pred.as<BinOp>();
    if (!b || b->op != BinOpKind::Eq) return std::nullopt;
    auto st = b->lhs->as<StrideExpr>();
    auto c = b->rhs->as<Const>();
    if (!st || !c) return std::nullopt;
    return ConstStride{st, c->val.as_int()};
}

int window_buffer_dim(const WindowExpr& w, int dim) {
    int seen = 0;
    for (size_t d = 0; d < w.idx.size(); ++d)
        if (w.idx[d]->is<Interval>() && seen++ == dim) return static_cast<int>(d);
    return -1;
}

std::vector<Sym> get_loop_iters(const StmtList& stmts) {
    WriteCollector c;
    c.visit_stmts(stmts);
    return std::move(c.loop_iters);
}

bool mentions(const StmtList& ss, const Sym& x) {
    NamesUsed v;
    v.visit_stmts(ss);
    return std::find(v.names.begin(), v.names.end(), x) != v.names.end();
}

Sym bound_name(const Stmt& s) {
    if (auto a = s.as<Alloc>()) return a->name;
    if (auto w = s.as<WindowStmt>()) return w->name;
    return Sym();
}

BufferAliases::BufferAliases(const Proc& p) {
    struct Windows : IRVisitor {
        std::unordered_map<Sym, Sym>* base;
        void visit_type(const Type&) override {}
        void visit(const WindowStmt& s) override {
            if (auto w = s.rhs->as<WindowExpr>()) {
                auto it = base->find(w->name);
                (*base)[s.name] = it == base->end() ? w->name : it->second;
            }
        }
    } v;
    v.base = &base_;
    v.visit_stmts(p.body);  // a window statement comes before its uses, so chains resolve in order
}

const Sym& BufferAliases::underlying(const Sym& name) const {
    auto it = base_.find(name);
    return it == base_.end() ? name : it->second;
}


bool BufferAliases::reads_memory_of(const Expr& e, const Sym& buf) const {
    NamesUsed v;
    v.visit_expr(e);
    for (const auto& n : v.names)
        if (same_memory(n, buf)) return true;
    return false;
}

Sym BufferAliases::other_name_of(const StmtList& ss, const Sym& buf, const std::vector<Sym>& known) const {
    NamesUsed v;
    v.visit_stmts(ss);
    for (const auto& n : v.names)
        if (same_memory(n, buf) && std::find(known.begin(), known.end(), n) == known.end()) return n;
    return Sym();
}

}  // namespace exo::ir
