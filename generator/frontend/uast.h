// API stable: coordinate changes with the lead.
//
// UAST: the untyped object-code AST produced from a @proc function's host AST (the
// parser) and consumed by the typechecker. It mirrors upstream Exo's UAST ADT node for
// node and field for field. Nodes are immutable and shared; build them with make<T>().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../ir/extobj.h"
#include "../ir/srcinfo.h"
#include "../ir/sym.h"

namespace exo::ir {
struct Proc;  // LoopIR proc: the callee of a UAST Call is already typechecked
}

namespace exo::ir::uast {

struct Expr;
struct Stmt;
struct Type;
struct WAccess;
using ExprPtr = std::shared_ptr<const Expr>;
using StmtPtr = std::shared_ptr<const Stmt>;
using TypePtr = std::shared_ptr<const Type>;
using WAccessPtr = std::shared_ptr<const WAccess>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

// Call it qualified (uast::make<Const>(...)): with a host::Value argument, unqualified
// lookup would also find host::make by argument-dependent lookup.
template <class T, class... A>
std::shared_ptr<const T> make(A&&... args) {
    return std::make_shared<const T>(std::forward<A>(args)...);
}

// Checked downcast shared by all node families: `e->as<Read>()` is null unless e is a Read.
template <class Base, class Kind>
struct NodeBase {
    Kind kind;
    explicit NodeBase(Kind k) : kind(k) {}
    template <class T>
    const T* as() const {
        return kind == T::kKind ? static_cast<const T*>(static_cast<const Base*>(this)) : nullptr;
    }
    template <class T>
    bool is() const { return kind == T::kKind; }
};

// ------------------------------------------------------------------ types

enum class TypeKind : uint8_t {
    Num, F16, F32, F64, INT8, UINT8, UINT16, INT32, Bool, Int, Size, Index, Stride, Tensor,
};

struct Type : NodeBase<Type, TypeKind> {
    using NodeBase::NodeBase;
    virtual ~Type() = default;
    // Shared instances of the field-less types (upstream memoizes them).
    static TypePtr scalar(TypeKind k);
    // Upstream's UAST type helpers.
    const ExprList& shape() const;  // the Tensor's sizes; empty for scalars
    const Type* basetype() const;   // the Tensor's element type; itself otherwise
};

struct Tensor : Type {
    static constexpr TypeKind kKind = TypeKind::Tensor;
    ExprList hi;
    bool is_window;
    TypePtr type;  // element type (a scalar type)
    Tensor(ExprList hi, bool is_window, TypePtr type)
        : Type(kKind), hi(std::move(hi)), is_window(is_window), type(std::move(type)) {}
};

// ------------------------------------------------------------ expressions

enum class ExprKind : uint8_t {
    Read, Const, USub, BinOp, Extern, WindowExpr, StrideExpr, ParRange, SeqRange, ReadConfig,
};

struct Expr : NodeBase<Expr, ExprKind> {
    SrcInfo srcinfo;
    Expr(ExprKind k, SrcInfo s) : NodeBase(k), srcinfo(std::move(s)) {}
    virtual ~Expr() = default;
};

struct Read : Expr {
    static constexpr ExprKind kKind = ExprKind::Read;
    Sym name;
    ExprList idx;
    Read(Sym name, ExprList idx, SrcInfo s)
        : Expr(kKind, std::move(s)), name(std::move(name)), idx(std::move(idx)) {}
};

struct Const : Expr {
    static constexpr ExprKind kKind = ExprKind::Const;
    host::Value val;  // a host bool, int or float
    Const(host::Value val, SrcInfo s) : Expr(kKind, std::move(s)), val(std::move(val)) {}
};

struct USub : Expr {
    static constexpr ExprKind kKind = ExprKind::USub;
    ExprPtr arg;
    USub(ExprPtr arg, SrcInfo s) : Expr(kKind, std::move(s)), arg(std::move(arg)) {}
};

struct BinOp : Expr {
    static constexpr ExprKind kKind = ExprKind::BinOp;
    BinOpKind op;
    ExprPtr lhs, rhs;
    BinOp(BinOpKind op, ExprPtr lhs, ExprPtr rhs, SrcInfo s)
        : Expr(kKind, std::move(s)), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
};

struct Extern : Expr {
    static constexpr ExprKind kKind = ExprKind::Extern;
    ExternRef f;
    ExprList args;
    Extern(ExternRef f, ExprList args, SrcInfo s)
        : Expr(kKind, std::move(s)), f(std::move(f)), args(std::move(args)) {}
};

struct WindowExpr : Expr {
    static constexpr ExprKind kKind = ExprKind::WindowExpr;
    Sym name;
    std::vector<WAccessPtr> idx;
    WindowExpr(Sym name, std::vector<WAccessPtr> idx, SrcInfo s)
        : Expr(kKind, std::move(s)), name(std::move(name)), idx(std::move(idx)) {}
};

struct StrideExpr : Expr {
    static constexpr ExprKind kKind = ExprKind::StrideExpr;
    Sym name;
    int dim;
    StrideExpr(Sym name, int dim, SrcInfo s)
        : Expr(kKind, std::move(s)), name(std::move(name)), dim(dim) {}
};

// `par(lo, hi)`: only valid as a loop's range.
struct ParRange : Expr {
    static constexpr ExprKind kKind = ExprKind::ParRange;
    ExprPtr lo, hi;
    ParRange(ExprPtr lo, ExprPtr hi, SrcInfo s)
        : Expr(kKind, std::move(s)), lo(std::move(lo)), hi(std::move(hi)) {}
};

// `seq(lo, hi)`: only valid as a loop's range.
struct SeqRange : Expr {
    static constexpr ExprKind kKind = ExprKind::SeqRange;
    ExprPtr lo, hi;
    SeqRange(ExprPtr lo, ExprPtr hi, SrcInfo s)
        : Expr(kKind, std::move(s)), lo(std::move(lo)), hi(std::move(hi)) {}
};

struct ReadConfig : Expr {
    static constexpr ExprKind kKind = ExprKind::ReadConfig;
    ConfigRef config;
    std::string field;
    ReadConfig(ConfigRef config, std::string field, SrcInfo s)
        : Expr(kKind, std::move(s)), config(std::move(config)), field(std::move(field)) {}
};

// ------------------------------------------------------- window accesses

enum class WAccessKind : uint8_t { Interval, Point };

struct WAccess : NodeBase<WAccess, WAccessKind> {
    SrcInfo srcinfo;
    WAccess(WAccessKind k, SrcInfo s) : NodeBase(k), srcinfo(std::move(s)) {}
    virtual ~WAccess() = default;
};

// `lo:hi`; either bound may be omitted (null), as in `x[:, i]`.
struct Interval : WAccess {
    static constexpr WAccessKind kKind = WAccessKind::Interval;
    ExprPtr lo, hi;  // nullable
    Interval(ExprPtr lo, ExprPtr hi, SrcInfo s)
        : WAccess(kKind, std::move(s)), lo(std::move(lo)), hi(std::move(hi)) {}
};

struct Point : WAccess {
    static constexpr WAccessKind kKind = WAccessKind::Point;
    ExprPtr pt;
    Point(ExprPtr pt, SrcInfo s) : WAccess(kKind, std::move(s)), pt(std::move(pt)) {}
};

// ------------------------------------------------------------- statements

enum class StmtKind : uint8_t {
    Assign, Reduce, WriteConfig, FreshAssign, Pass, If, For, Alloc, Call,
};

struct Stmt : NodeBase<Stmt, StmtKind> {
    SrcInfo srcinfo;
    Stmt(StmtKind k, SrcInfo s) : NodeBase(k), srcinfo(std::move(s)) {}
    virtual ~Stmt() = default;
};

// `x[idx] = rhs` to an existing buffer.
struct Assign : Stmt {
    static constexpr StmtKind kKind = StmtKind::Assign;
    Sym name;
    ExprList idx;
    ExprPtr rhs;
    Assign(Sym name, ExprList idx, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), idx(std::move(idx)), rhs(std::move(rhs)) {}
};

// `x[idx] += rhs`.
struct Reduce : Stmt {
    static constexpr StmtKind kKind = StmtKind::Reduce;
    Sym name;
    ExprList idx;
    ExprPtr rhs;
    Reduce(Sym name, ExprList idx, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), idx(std::move(idx)), rhs(std::move(rhs)) {}
};

// `Cfg.field = rhs`.
struct WriteConfig : Stmt {
    static constexpr StmtKind kKind = StmtKind::WriteConfig;
    ConfigRef config;
    std::string field;
    ExprPtr rhs;
    WriteConfig(ConfigRef config, std::string field, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), config(std::move(config)), field(std::move(field)), rhs(std::move(rhs)) {}
};

// `y = x[...]` binding a new name: a window (the only legal form once typechecked).
struct FreshAssign : Stmt {
    static constexpr StmtKind kKind = StmtKind::FreshAssign;
    Sym name;
    ExprPtr rhs;
    FreshAssign(Sym name, ExprPtr rhs, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), rhs(std::move(rhs)) {}
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
        : Stmt(kKind, std::move(s)), cond(std::move(cond)), body(std::move(body)), orelse(std::move(orelse)) {}
};

// `for iter in cond:` where cond should be a SeqRange or ParRange (typecheck checks).
struct For : Stmt {
    static constexpr StmtKind kKind = StmtKind::For;
    Sym iter;
    ExprPtr cond;
    StmtList body;
    For(Sym iter, ExprPtr cond, StmtList body, SrcInfo s)
        : Stmt(kKind, std::move(s)), iter(std::move(iter)), cond(std::move(cond)), body(std::move(body)) {}
};

// `x: f32[n] @ MEM`; mem is Null when not annotated.
struct Alloc : Stmt {
    static constexpr StmtKind kKind = StmtKind::Alloc;
    Sym name;
    TypePtr type;
    MemRef mem;
    Alloc(Sym name, TypePtr type, MemRef mem, SrcInfo s)
        : Stmt(kKind, std::move(s)), name(std::move(name)), type(std::move(type)), mem(std::move(mem)) {}
};

struct Call : Stmt {
    static constexpr StmtKind kKind = StmtKind::Call;
    std::shared_ptr<const ir::Proc> f;  // a LoopIR proc
    ExprList args;
    Call(std::shared_ptr<const ir::Proc> f, ExprList args, SrcInfo s)
        : Stmt(kKind, std::move(s)), f(std::move(f)), args(std::move(args)) {}
};

// ------------------------------------------------------------- procedures

struct FnArg {
    Sym name;
    TypePtr type;
    MemRef mem;  // Null when not annotated
    SrcInfo srcinfo;
};

// The body of an @instr proc: C text with {arg} holes, and global C it needs.
struct Instr {
    std::string c_instr;
    std::string c_global;
    std::vector<std::string> target_features;  // as ir::Instr's
};

struct Proc {
    std::optional<std::string> name;
    std::vector<FnArg> args;
    ExprList preds;  // from `assert` statements at the top of the body
    StmtList body;
    std::optional<Instr> instr;
    SrcInfo srcinfo;
};
using ProcPtr = std::shared_ptr<const Proc>;

}  // namespace exo::ir::uast
