// Read-only LoopIR traversal, in the style of Halide's IRVisitor: override visit() for
// the node kinds you care about and call the base version to keep recursing. Like
// upstream's LoopIR_Do it also walks the expressions inside types (tensor sizes,
// window accesses), because those mention variables too.
#pragma once

#include "proc.h"

namespace exo::ir {

class IRVisitor {
public:
    virtual ~IRVisitor() = default;

    // Dispatchers: call these to visit a node of any kind.
    virtual void visit_proc(const Proc& p);
    void visit_stmts(const StmtList& stmts);
    void visit_stmt(const Stmt& s);
    void visit_expr(const Expr& e);
    void visit_w_access(const WAccess& w);
    virtual void visit_type(const Type& t);

protected:
    virtual void visit(const Assign& s);
    virtual void visit(const Reduce& s);
    virtual void visit(const WriteConfig& s);
    virtual void visit(const Pass& s);
    virtual void visit(const If& s);
    virtual void visit(const For& s);
    virtual void visit(const Alloc& s);
    virtual void visit(const Free& s);
    virtual void visit(const Call& s);
    virtual void visit(const WindowStmt& s);

    virtual void visit(const Read& e);
    virtual void visit(const Const& e);
    virtual void visit(const USub& e);
    virtual void visit(const BinOp& e);
    virtual void visit(const Extern& e);
    virtual void visit(const WindowExpr& e);
    virtual void visit(const StrideExpr& e);
    virtual void visit(const ReadConfig& e);

    virtual void visit(const Interval& w);
    virtual void visit(const Point& w);
};

}  // namespace exo::ir
