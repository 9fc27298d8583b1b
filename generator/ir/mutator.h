// LoopIR rewriting, in the style of Halide's IRMutator: override visit() for the node
// kinds you rewrite and call the base version for the default, which mutates children
// and rebuilds the node only when a child changed (otherwise returns the same pointer,
// so unchanged subtrees stay shared). Like upstream's LoopIR_Rewrite, types are
// mutated too (tensor sizes and window accesses mention variables).
//
// A statement visit may return null to delete the statement. To replace one statement
// by several, override mutate_stmts().
#pragma once

#include "proc.h"

namespace exo::ir {

class IRMutator {
public:
    virtual ~IRMutator() = default;

    // Dispatchers.
    virtual ProcPtr mutate_proc(const ProcPtr& p);
    virtual StmtList mutate_stmts(const StmtList& stmts);
    StmtPtr mutate_stmt(const StmtPtr& s);
    ExprPtr mutate_expr(const ExprPtr& e);
    WAccessPtr mutate_w_access(const WAccessPtr& w);
    virtual TypePtr mutate_type(const TypePtr& t);

    // Helpers for overrides: mutate every element; `changed` is set if any differs.
    ExprList mutate_exprs(const ExprList& es, bool* changed);
    WAccessList mutate_w_accesses(const WAccessList& ws, bool* changed);

protected:
    virtual StmtPtr visit(const std::shared_ptr<const Assign>& s);
    virtual StmtPtr visit(const std::shared_ptr<const Reduce>& s);
    virtual StmtPtr visit(const std::shared_ptr<const WriteConfig>& s);
    virtual StmtPtr visit(const std::shared_ptr<const Pass>& s);
    virtual StmtPtr visit(const std::shared_ptr<const If>& s);
    virtual StmtPtr visit(const std::shared_ptr<const For>& s);
    virtual StmtPtr visit(const std::shared_ptr<const Alloc>& s);
    virtual StmtPtr visit(const std::shared_ptr<const Free>& s);
    virtual StmtPtr visit(const std::shared_ptr<const Call>& s);
    virtual StmtPtr visit(const std::shared_ptr<const WindowStmt>& s);

    virtual ExprPtr visit(const std::shared_ptr<const Read>& e);
    virtual ExprPtr visit(const std::shared_ptr<const Const>& e);
    virtual ExprPtr visit(const std::shared_ptr<const USub>& e);
    virtual ExprPtr visit(const std::shared_ptr<const BinOp>& e);
    virtual ExprPtr visit(const std::shared_ptr<const Extern>& e);
    virtual ExprPtr visit(const std::shared_ptr<const WindowExpr>& e);
    virtual ExprPtr visit(const std::shared_ptr<const StrideExpr>& e);
    virtual ExprPtr visit(const std::shared_ptr<const ReadConfig>& e);

    virtual WAccessPtr visit(const std::shared_ptr<const Interval>& w);
    virtual WAccessPtr visit(const std::shared_ptr<const Point>& w);
};

}  // namespace exo::ir
