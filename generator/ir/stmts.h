// LoopIR statements, as upstream's LoopIR `stmt`.
#pragma once

#include <vector>

#include "exprs.h"

namespace exo::ir {

struct Proc;
struct Stmt;
using StmtPtr = std::shared_ptr<const Stmt>;
using StmtList = std::vector<StmtPtr>;
using ProcPtr = std::shared_ptr<const Proc>;

enum class StmtKind : uint8_t {
    Assign, Reduce, WriteConfig, Pass, If, For, Alloc, Free, Call, WindowStmt,
};

struct Stmt : KindedNode<Stmt, StmtKind> {
    SrcInfo srcinfo;
    Stmt(StmtKind k, SrcInfo s) : KindedNode(k), srcinfo(std::move(s)) {}
    virtual ~Stmt() = default;
};

// `x[idx] = rhs`; type is the element type written.
struct Assign : Stmt {
    static constexpr StmtKind kKind = StmtKind::Assign;
    Sym name;
    TypePtr type;
    ExprList idx;
    ExprPtr rhs;
    Assign(Sym name, TypePtr type, ExprList idx, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), type(std::move(type)),
          idx(std::move(idx)), rhs(std::move(rhs)) {}
};

// `x[idx] += rhs`.
struct Reduce : Stmt {
    static constexpr StmtKind kKind = StmtKind::Reduce;
    Sym name;
    TypePtr type;
    ExprList idx;
    ExprPtr rhs;
    Reduce(Sym name, TypePtr type, ExprList idx, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), type(std::move(type)),
          idx(std::move(idx)), rhs(std::move(rhs)) {}
};

// `Cfg.field = rhs`.
struct WriteConfig : Stmt {
    static constexpr StmtKind kKind = StmtKind::WriteConfig;
    ConfigRef config;
    std::string field;
    ExprPtr rhs;
    WriteConfig(ConfigRef config, std::string field, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), config(std::move(config)), field(std::move(field)),
          rhs(std::move(rhs)) {}
};

struct Pass : Stmt {
    static constexpr StmtKind kKind = StmtKind::Pass;
    explicit Pass(SrcInfo s) : Stmt(kKind, std::move(s)) {}
};

struct If : Stmt {
    static constexpr StmtKind kKind = StmtKind::If;
    ExprPtr cond;
    StmtList body, orelse;
    If(ExprPtr cond, StmtList body, StmtList orelse, SrcInfo s)
        : Stmt(kKind, std::move(s)), cond(std::move(cond)), body(std::move(body)),
          orelse(std::move(orelse)) {}
};

enum class LoopMode : uint8_t { Seq, Par };

// `for iter in seq(lo, hi):` / `par(lo, hi)`.
struct For : Stmt {
    static constexpr StmtKind kKind = StmtKind::For;
    Sym iter;
    ExprPtr lo, hi;
    StmtList body;
    LoopMode loop_mode;
    For(Sym iter, ExprPtr lo, ExprPtr hi, StmtList body, LoopMode mode, SrcInfo s)
        : Stmt(kKind, std::move(s)), iter(std::move(iter)), lo(std::move(lo)), hi(std::move(hi)),
          body(std::move(body)), loop_mode(mode) {}
};

// `x: f32[n] @ MEM`.
struct Alloc : Stmt {
    static constexpr StmtKind kKind = StmtKind::Alloc;
    Sym name;
    TypePtr type;
    MemRef mem;
    Alloc(Sym name, TypePtr type, MemRef mem, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), type(std::move(type)), mem(std::move(mem)) {}
};

// Inserted before code generation; printed `free(x)`.
struct Free : Stmt {
    static constexpr StmtKind kKind = StmtKind::Free;
    Sym name;
    TypePtr type;
    MemRef mem;
    Free(Sym name, TypePtr type, MemRef mem, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), type(std::move(type)), mem(std::move(mem)) {}
};

struct Call : Stmt {
    static constexpr StmtKind kKind = StmtKind::Call;
    ProcPtr f;
    ExprList args;
    Call(ProcPtr f, ExprList args, SrcInfo s)
        : Stmt(kKind, std::move(s)), f(std::move(f)), args(std::move(args)) {}
};

// `y = x[i, 0:n]`: names a derived window; rhs is a WindowExpr.
struct WindowStmt : Stmt {
    static constexpr StmtKind kKind = StmtKind::WindowStmt;
    Sym name;
    ExprPtr rhs;
    WindowStmt(Sym name, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), rhs(std::move(rhs)) {}
};

}  // namespace exo::ir
