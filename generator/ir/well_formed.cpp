#include "well_formed.h"

#include <unordered_map>
#include <vector>

#include "visitor.h"

namespace exo::ir {

namespace {

struct Malformed {
    std::string what;
};

class WellFormed : public IRVisitor {
public:
    void visit_proc(const Proc& p) override {
        scopes_.emplace_back();
        for (const auto& a : p.args) bind(a.name, a.type);
        for (const auto& a : p.args) visit_type(*a.type);
        for (const auto& e : p.preds) visit_expr(*e);
        for (const auto& e : p.implied_preds) visit_expr(*e);
        block(p.body);
    }

    void visit_type(const Type& t) override {
        if (auto tt = t.as<TensorType>()) {
            if (!tt->type || tt->type->is_tensor_or_window()) fail("a tensor of tensors");
        } else if (auto wt = t.as<WindowType>()) {
            lookup(wt->src_buf);
            if (!wt->src_type->is_tensor_or_window() || !wt->as_tensor->is<TensorType>())
                fail("a window type that is not over a tensor");
            if (wt->idx.size() != wt->src_type->shape().size()) fail("a window type with the wrong number of accesses");
        }
        IRVisitor::visit_type(t);
    }

protected:
    // A block is a scope: an allocation or window statement binds its name from the next
    // statement to the end of the block.
    void block(const StmtList& body) {
        scopes_.emplace_back();
        for (const auto& s : body) {
            visit_stmt(*s);
            if (auto a = s->as<Alloc>()) bind(a->name, a->type);
            else if (auto w = s->as<WindowStmt>()) bind(w->name, w->rhs->type);
        }
        scopes_.pop_back();
    }

    void visit(const Assign& s) override {
        access(s.name, s.idx.size(), false);
        IRVisitor::visit(s);
    }
    void visit(const Reduce& s) override {
        access(s.name, s.idx.size(), false);
        IRVisitor::visit(s);
    }
    void visit(const If& s) override {
        visit_expr(*s.cond);
        block(s.body);
        block(s.orelse);
    }
    void visit(const For& s) override {
        visit_expr(*s.lo);
        visit_expr(*s.hi);
        scopes_.emplace_back();
        bind(s.iter, scalar_type(TypeKind::Index));
        block(s.body);
        scopes_.pop_back();
    }
    void visit(const Free& s) override {
        lookup(s.name);
        IRVisitor::visit(s);
    }
    void visit(const Call& s) override {
        if (s.args.size() != s.f->args.size()) fail("a call of " + s.f->name + " with the wrong number of arguments");
        for (size_t i = 0; i < s.args.size(); ++i) {
            bool takes_buffer = s.f->args[i].type->is_tensor_or_window();
            bool gets_buffer = s.args[i]->type->is_tensor_or_window();
            if (takes_buffer != gets_buffer) fail("a call of " + s.f->name + " with a buffer where a value goes, or back");
            // a scalar argument is a buffer passed by reference, never an element of one
            auto r = s.args[i]->as<Read>();
            if (s.f->args[i].type->is_real_scalar() && r && !r->idx.empty())
                fail("a call of " + s.f->name + " passing an element of " + r->name.name() + " to its scalar argument " +
                     s.f->args[i].name.name());
        }
        IRVisitor::visit(s);
    }
    void visit(const WindowStmt& s) override {
        if (!s.rhs->is<WindowExpr>()) fail("a window statement of something other than a window");
        IRVisitor::visit(s);
    }

    void visit(const Read& e) override {
        access(e.name, e.idx.size(), true);
        IRVisitor::visit(e);
    }
    void visit(const WindowExpr& e) override {
        const TypePtr& t = lookup(e.name);
        if (!t->is_tensor_or_window() || e.idx.size() != t->shape().size()) fail("a window of " + e.name.name() + " with the wrong number of accesses");
        if (!e.type->is<WindowType>()) fail("a window expression without a window type");
        IRVisitor::visit(e);
    }
    void visit(const StrideExpr& e) override {
        const TypePtr& t = lookup(e.name);
        if (e.dim < 0 || size_t(e.dim) >= t->shape().size()) fail("stride of a dimension " + e.name.name() + " does not have");
        IRVisitor::visit(e);
    }

private:
    void bind(const Sym& s, const TypePtr& t) { scopes_.back()[s] = t; }

    const TypePtr& lookup(const Sym& s) {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            auto found = it->find(s);
            if (found != it->end()) return found->second;
        }
        fail("'" + s.name() + "' used where it is not bound");
    }

    // `n` indices into `s`: all of its dimensions, or none (a whole buffer, as a call
    // argument, when `whole_ok`).
    void access(const Sym& s, size_t n, bool whole_ok) {
        const TypePtr& t = lookup(s);
        size_t rank = t->shape().size();
        if (n != rank && !(whole_ok && n == 0)) fail("an access of " + s.name() + " with the wrong number of indices");
    }

    [[noreturn]] static void fail(std::string what) { throw Malformed{std::move(what)}; }

    std::vector<std::unordered_map<Sym, TypePtr>> scopes_;
};

}  // namespace

std::string well_formedness_error(const Proc& p) {
    try {
        WellFormed().visit_proc(p);
        return "";
    } catch (const Malformed& m) {
        return "proc " + p.name + ": " + m.what;
    }
}

}  // namespace exo::ir
