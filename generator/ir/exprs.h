// LoopIR expressions and window accesses, as upstream's LoopIR `expr` and `w_access`.
// Every expression carries its type (set by the typechecker) and its source location.
#pragma once

#include <string>

#include "extobj.h"
#include "srcinfo.h"
#include "types.h"

namespace exo::ir {

enum class ExprKind : uint8_t {
    Read, Const, USub, BinOp, Extern, WindowExpr, StrideExpr, ReadConfig,
};

struct Expr : KindedNode<Expr, ExprKind> {
    TypePtr type;
    SrcInfo srcinfo;
    Expr(ExprKind k, TypePtr t, SrcInfo s) : KindedNode(k), type(std::move(t)), srcinfo(std::move(s)) {}
    virtual ~Expr() = default;
};

// `x` or `x[i, j]`.
struct Read : Expr {
    static constexpr ExprKind kKind = ExprKind::Read;
    Sym name;
    ExprList idx;
    Read(Sym name, ExprList idx, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), name(std::move(name)), idx(std::move(idx)) {}
};

// A literal: a host bool, int or float (printed with Python's str()).
struct Const : Expr {
    static constexpr ExprKind kKind = ExprKind::Const;
    host::Value val;
    Const(host::Value val, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), val(std::move(val)) {}
    // Convenience for compiler-made constants.
    static std::shared_ptr<const Const> of_int(int64_t v, TypePtr t, SrcInfo s = null_srcinfo());
    static std::shared_ptr<const Const> of_float(double v, TypePtr t, SrcInfo s = null_srcinfo());
    static std::shared_ptr<const Const> of_bool(bool v, SrcInfo s = null_srcinfo());
};

struct USub : Expr {
    static constexpr ExprKind kKind = ExprKind::USub;
    ExprPtr arg;
    USub(ExprPtr arg, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), arg(std::move(arg)) {}
};

struct BinOp : Expr {
    static constexpr ExprKind kKind = ExprKind::BinOp;
    BinOpKind op;
    ExprPtr lhs, rhs;
    BinOp(BinOpKind op, ExprPtr lhs, ExprPtr rhs, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
};

// A call of an extern function such as `sin(x)`.
struct Extern : Expr {
    static constexpr ExprKind kKind = ExprKind::Extern;
    ExternRef f;
    ExprList args;
    Extern(ExternRef f, ExprList args, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), f(std::move(f)), args(std::move(args)) {}
};

// `x[i, 0:n]`: its type is a WindowType.
struct WindowExpr : Expr {
    static constexpr ExprKind kKind = ExprKind::WindowExpr;
    Sym name;
    WAccessList idx;
    WindowExpr(Sym name, WAccessList idx, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), name(std::move(name)), idx(std::move(idx)) {}
};

// `stride(x, dim)`.
struct StrideExpr : Expr {
    static constexpr ExprKind kKind = ExprKind::StrideExpr;
    Sym name;
    int dim;
    StrideExpr(Sym name, int dim, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), name(std::move(name)), dim(dim) {}
};

// `Cfg.field`.
struct ReadConfig : Expr {
    static constexpr ExprKind kKind = ExprKind::ReadConfig;
    ConfigRef config;
    std::string field;
    ReadConfig(ConfigRef config, std::string field, TypePtr t, SrcInfo s)
        : Expr(kKind, std::move(t), std::move(s)), config(std::move(config)), field(std::move(field)) {}
};

// ----------------------------------------------------------- window accesses

enum class WAccessKind : uint8_t { Interval, Point };

struct WAccess : KindedNode<WAccess, WAccessKind> {
    SrcInfo srcinfo;
    WAccess(WAccessKind k, SrcInfo s) : KindedNode(k), srcinfo(std::move(s)) {}
    virtual ~WAccess() = default;
};

// `lo:hi` (both present after typechecking).
struct Interval : WAccess {
    static constexpr WAccessKind kKind = WAccessKind::Interval;
    ExprPtr lo, hi;
    Interval(ExprPtr lo, ExprPtr hi, SrcInfo s)
        : WAccess(kKind, std::move(s)), lo(std::move(lo)), hi(std::move(hi)) {}
};

struct Point : WAccess {
    static constexpr WAccessKind kKind = WAccessKind::Point;
    ExprPtr pt;
    Point(ExprPtr pt, SrcInfo s) : WAccess(kKind, std::move(s)), pt(std::move(pt)) {}
};

}  // namespace exo::ir
