// Small whole-tree queries over LoopIR (upstream's get_reads_of_stmts, get_writes_of_stmts,
// get_readconfigs, get_writeconfigs, get_loop_iters), in upstream's traversal order.
#pragma once

#include <optional>

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "proc.h"

namespace exo::ir {

struct ConfigField {
    ConfigRef config;
    std::string field;
    bool operator==(const ConfigField& o) const { return config == o.config && field == o.field; }
};

struct NameAndType {
    Sym name;
    TypePtr type;
};

// Every Read / WindowExpr / StrideExpr, including those inside types.
std::vector<NameAndType> get_reads_of_stmts(const StmtList& stmts);
std::vector<NameAndType> get_reads_of_expr(const Expr& e);
// Buffers assigned or reduced (through windows: the underlying buffer), including
// arguments written by called procs.
std::vector<NameAndType> get_writes_of_stmts(const StmtList& stmts);
// Whether `f` assigns or reduces into its argument `arg` (directly, through windows,
// or by passing it on to a call that does).
bool proc_writes_arg(const Proc& f, const Sym& arg);
// Does any expression in `ss` (or `e`) read variable `x` (a Read, a window, a stride)?
bool reads_var(const StmtList& ss, const Sym& x);
bool reads_var(const Expr& e, const Sym& x);
// Does any statement of `ss` mention (read, assign or reduce into) variable `x`?
bool mentions(const StmtList& ss, const Sym& x);
// The name a statement makes for the statements after it in its block (an allocation's
// buffer, a window statement's window), or a null Sym.
Sym bound_name(const Stmt& s);
// Whether `f` reads the values of its argument `arg` (an element, an accumulation
// into it, a window of it, or a call that reads it); a stride is no value.
bool proc_reads_arg(const Proc& f, const Sym& arg);
std::vector<ConfigField> get_readconfigs(const StmtList& stmts);
std::vector<ConfigField> get_readconfigs_of_expr(const Expr& e);
// Config fields written, including inside called procs.
std::vector<ConfigField> get_writeconfigs(const StmtList& stmts);
std::vector<Sym> get_loop_iters(const StmtList& stmts);

// Which names of a proc share memory: every window statement's name maps to the buffer
// it views (through windows of windows). Primitives that reason about "the same buffer"
// ask this instead of comparing names, so that `xw = x[0:8]` and `x` are one buffer.
class BufferAliases {
public:
    explicit BufferAliases(const Proc& p);
    // The buffer `name` views (`name` itself when it is no window).
    const Sym& underlying(const Sym& name) const;
    bool same_memory(const Sym& a, const Sym& b) const { return underlying(a) == underlying(b); }
    // Some read (a value, a window or a stride) in `e` / `ss` of memory shared with `buf`.
    bool reads_memory_of(const Expr& e, const Sym& buf) const;
    // The first name, other than those in `known`, under which a statement of `ss`
    // reads, assigns or reduces memory shared with `buf`; a null Sym if there is none.
    Sym other_name_of(const StmtList& ss, const Sym& buf, const std::vector<Sym>& known) const;

private:
    std::unordered_map<Sym, Sym> base_;
};

// A precondition `stride(x, d) == c` with a constant c: the StrideExpr and c.
struct ConstStride {
    const StrideExpr* stride;
    int64_t value;
};
std::optional<ConstStride> as_const_stride(const Expr& pred);

// The dimension of the buffer that a window's `dim`-th dimension (counting only the
// sliced `lo:hi` ones) views; -1 if the window has no such dimension.
int window_buffer_dim(const WindowExpr& w, int dim);

}  // namespace exo::ir
