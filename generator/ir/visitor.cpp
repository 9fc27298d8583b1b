#include "visitor.h"

namespace exo::ir {

void IRVisitor::visit_proc(const Proc& p) {
    for (const auto& a : p.args) visit_type(*a.type);
    for (const auto& e : p.preds) visit_expr(*e);
    visit_stmts(p.body);
}

void IRVisitor::visit_stmts(const StmtList& stmts) {
    for (const auto& s : stmts) visit_stmt(*s);
}

void IRVisitor::visit_stmt(const Stmt& s) {
    switch (s.kind) {
        case StmtKind::Assign: return visit(static_cast<const Assign&>(s));
        case StmtKind::Reduce: return visit(static_cast<const Reduce&>(s));
        case StmtKind::WriteConfig: return visit(static_cast<const WriteConfig&>(s));
        case StmtKind::Pass: return visit(static_cast<const Pass&>(s));
        case StmtKind::If: return visit(static_cast<const If&>(s));
        case StmtKind::For: return visit(static_cast<const For&>(s));
        case StmtKind::Alloc: return visit(static_cast<const Alloc&>(s));
        case StmtKind::Free: return visit(static_cast<const Free&>(s));
        case StmtKind::Call: return visit(static_cast<const Call&>(s));
        case StmtKind::WindowStmt: return visit(static_cast<const WindowStmt&>(s));
    }
}

void IRVisitor::visit_expr(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Read: return visit(static_cast<const Read&>(e));
        case ExprKind::Const: return visit(static_cast<const Const&>(e));
        case ExprKind::USub: return visit(static_cast<const USub&>(e));
        case ExprKind::BinOp: return visit(static_cast<const BinOp&>(e));
        case ExprKind::Extern: return visit(static_cast<const Extern&>(e));
        case ExprKind::WindowExpr: return visit(static_cast<const WindowExpr&>(e));
        case ExprKind::StrideExpr: return visit(static_cast<const StrideExpr&>(e));
        case ExprKind::ReadConfig: return visit(static_cast<const ReadConfig&>(e));
    }
}

void IRVisitor::visit_w_access(const WAccess& w) {
    if (auto iv = w.as<Interval>())
        visit(*iv);
    else
        visit(*w.as<Point>());
}

void IRVisitor::visit_type(const Type& t) {
    if (auto tt = t.as<TensorType>()) {
        for (const auto& h : tt->hi) visit_expr(*h);
    } else if (auto wt = t.as<WindowType>()) {
        visit_type(*wt->src_type);
        visit_type(*wt->as_tensor);
        for (const auto& w : wt->idx) visit_w_access(*w);
    }
}

void IRVisitor::visit(const Assign& s) {
    for (const auto& i : s.idx) visit_expr(*i);
    visit_expr(*s.rhs);
    visit_type(*s.type);
}
void IRVisitor::visit(const Reduce& s) {
    for (const auto& i : s.idx) visit_expr(*i);
    visit_expr(*s.rhs);
    visit_type(*s.type);
}
void IRVisitor::visit(const WriteConfig& s) { visit_expr(*s.rhs); }
void IRVisitor::visit(const Pass&) {}
void IRVisitor::visit(const If& s) {
    visit_expr(*s.cond);
    visit_stmts(s.body);
    visit_stmts(s.orelse);
}
void IRVisitor::visit(const For& s) {
    visit_expr(*s.lo);
    visit_expr(*s.hi);
    visit_stmts(s.body);
}
void IRVisitor::visit(const Alloc& s) { visit_type(*s.type); }
void IRVisitor::visit(const Free& s) { visit_type(*s.type); }
void IRVisitor::visit(const Call& s) {
    for (const auto& a : s.args) visit_expr(*a);
}
void IRVisitor::visit(const WindowStmt& s) { visit_expr(*s.rhs); }

void IRVisitor::visit(const Read& e) {
    for (const auto& i : e.idx) visit_expr(*i);
    visit_type(*e.type);
}
void IRVisitor::visit(const Const& e) { visit_type(*e.type); }
void IRVisitor::visit(const USub& e) {
    visit_expr(*e.arg);
    visit_type(*e.type);
}
void IRVisitor::visit(const BinOp& e) {
    visit_expr(*e.lhs);
    visit_expr(*e.rhs);
    visit_type(*e.type);
}
void IRVisitor::visit(const Extern& e) {
    for (const auto& a : e.args) visit_expr(*a);
    visit_type(*e.type);
}
void IRVisitor::visit(const WindowExpr& e) {
    for (const auto& w : e.idx) visit_w_access(*w);
    visit_type(*e.type);
}
void IRVisitor::visit(const StrideExpr& e) { visit_type(*e.type); }
void IRVisitor::visit(const ReadConfig& e) { visit_type(*e.type); }

void IRVisitor::visit(const Interval& w) {
    visit_expr(*w.lo);
    visit_expr(*w.hi);
}
void IRVisitor::visit(const Point& w) { visit_expr(*w.pt); }

}  // namespace exo::ir
