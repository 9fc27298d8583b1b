#include "inline_assign_checks.h"

#include <set>

#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "../ir/visitor.h"
#include "iteration_encoder.h"
#include "sched_checks.h"

namespace exo::analysis {

namespace {

using ir::Sym;
using smt::Term;

// The accesses to `buf` that the substitution left: element reads, and whether any
// access could read an unknown part of it (a window, or the buffer passed to a call).
// The reads of `buf` in what it visits, and whether any access could read an unknown part
// of it (a window, or the buffer passed to a call). Reads in `skipped` are left out.
struct LeftAccesses : ir::IRVisitor {
    LeftAccesses(Sym buf, std::set<const ir::Read*> skipped) : buf(std::move(buf)), skipped(std::move(skipped)) {}
    Sym buf;
    std::set<const ir::Read*> skipped;
    std::vector<const ir::Read*> reads;
    bool windowed = false, passed = false;

    using ir::IRVisitor::visit;
    void visit(const ir::Read& r) override {
        if (r.name == buf && !skipped.count(&r)) reads.push_back(&r);
        ir::IRVisitor::visit(r);
    }
    void visit(const ir::WindowExpr& w) override {
        if (w.name == buf) windowed = true;
        ir::IRVisitor::visit(w);
    }
    void visit(const ir::Call& c) override {
        for (const auto& a : c.args)
            if (auto r = a->as<ir::Read>(); r && r->name == buf && r->idx.empty()) passed = true;
        ir::IRVisitor::visit(c);
    }
};

bool bound_by_window_stmt(const ir::StmtList& ss, const Sym& name) {
    for (const auto& s : ss) {
        if (auto w = s->as<ir::WindowStmt>(); w && w->name == name) return true;
        if (auto f = s->as<ir::For>(); f && bound_by_window_stmt(f->body, name)) return true;
        if (auto i = s->as<ir::If>(); i && (bound_by_window_stmt(i->body, name) || bound_by_window_stmt(i->orelse, name)))
            return true;
    }
    return false;
}

[[noreturn]] void refuse(const ir::Assign& a, const std::string& why) {
    std::string s = ir::print_stmt(a);
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    throw CheckFailed("Cannot inline assign " + s + ": " + why);
}

}  // namespace

void check_inline_assign(const ir::Proc& p, const ir::Path& at, const ir::StmtList& rest, const ir::StmtList& inlined) {
    auto a = ir::cast<ir::Assign>(ir::stmt_at(p, at));
    ir::BlockLoc own = ir::block_of_stmt(at);
    const ir::StmtList& list = *ir::stmt_list_at(p, own.parent, own.field);

    for (const auto& arg : p.args)
        if (arg.name == a->name) refuse(*a, a->name.name() + " is an argument, which the caller may read");
    // a window names another buffer's memory, which may be read under that buffer's name
    if (bound_by_window_stmt(p.body, a->name))
        refuse(*a, a->name.name() + " is a window, whose buffer may be read under its own name");
    // Every read of the buffer, but for the assignment's own, must be in the rest of the
    // block: one elsewhere (after the block, or before the assignment in a later
    // iteration of a loop around it) may see the value that is no longer written.
    auto reads_of = [&](const ir::StmtList& ss) {
        size_t n = 0;
        for (const auto& r : ir::get_reads_of_stmts(ss)) n += r.name == a->name;
        return n;
    };
    if (reads_of(p.body) - reads_of({list[own.lo]}) != reads_of(rest))
        refuse(*a, a->name.name() + " is read outside the rest of the block, where it may be the value no longer written");

    // A substituted right-hand side is the assignment's own expression object. Its reads
    // (`t[i] = a * t[i]` substituted for a later t[i]) see the value from before the
    // assignment, which deleting it leaves in place (nothing writes the buffer
    // afterwards), so they are not reads of the element no longer written. They are told
    // apart by address, unless the rest of the block already shared them.
    LeftAccesses in_rhs(a->name, {});
    in_rhs.visit_expr(*a->rhs);
    std::set<const ir::Read*> substituted(in_rhs.reads.begin(), in_rhs.reads.end());
    LeftAccesses before(a->name, {});
    for (const auto& s : rest) before.visit_stmt(*s);
    for (const ir::Read* r : before.reads)
        if (substituted.count(r)) substituted.clear();
    LeftAccesses left(a->name, substituted);
    for (const auto& s : inlined) left.visit_stmt(*s);
    if (left.windowed) refuse(*a, "a window of " + a->name.name() + " may read it afterwards");
    if (left.passed) refuse(*a, a->name.name() + " is passed to a call afterwards, which may read it");

    ir::BlockLoc after{own.parent, own.field, own.hi, list.size()};
    if (!left.reads.empty()) {
        IterationEncoder en(p, after);
        Bindings run = en.instance("");
        for (const ir::Read* r : left.reads) {
            if (r->idx.size() != a->idx.size()) refuse(*a, a->name.name() + " is passed on whole afterwards");
            Term same = smt::bool_val(true);
            for (size_t d = 0; d < r->idx.size(); ++d) same = same && smt::eq(en.enc(*r->idx[d], run), en.enc(*a->idx[d], run));
            if (!en.unsat(same))
                refuse(*a, "the read " + ir::print_expr(*r) + " afterwards may read the same element");
        }
    }

    // What rhs reads must not change before the last statement that substitutes it. A
    // simple statement evaluates its expressions before it writes, so only a compound
    // one's own writes may come before its substituted reads.
    size_t changed = 0;
    for (size_t k = 0; k < rest.size() && k < inlined.size(); ++k)
        if (rest[k] != inlined[k]) changed = k + 1;
    if (changed == 0) return;
    ir::StmtList between(rest.begin(), rest.begin() + long(changed - 1));
    const ir::Stmt& last = *rest[changed - 1];
    if (!last.is<ir::Assign>() && !last.is<ir::Reduce>() && !last.is<ir::Call>() && !last.is<ir::WriteConfig>())
        between.push_back(rest[changed - 1]);
    std::vector<ir::NameAndType> written = ir::get_writes_of_stmts(between);
    ir::BufferAliases aliases(p);
    for (const auto& r : ir::get_reads_of_expr(*a->rhs))
        for (const auto& w : written)
            if (aliases.same_memory(w.name, r.name))
                refuse(*a, r.name.name() + ", which it reads, is written before a read it would replace");
    std::vector<ir::ConfigField> cfg_written = ir::get_writeconfigs(between);
    for (const auto& c : ir::get_readconfigs_of_expr(*a->rhs))
        for (const auto& w : cfg_written)
            if (w == c) refuse(*a, "the config field " + c.field + ", which it reads, is written before a read it would replace");
}

}  // namespace exo::analysis
