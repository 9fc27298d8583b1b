#include "equality.h"

#include <cmath>
#include <cstring>
#include <functional>

namespace exo::ir {

namespace {

template <class T, class F>
bool lists_equal(const std::vector<std::shared_ptr<const T>>& a,
                 const std::vector<std::shared_ptr<const T>>& b, F&& eq) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i] && !eq(*a[i], *b[i])) return false;
    return true;
}

bool exprs_equal(const ExprList& a, const ExprList& b) { return lists_equal(a, b, expr_equal); }
bool w_accesses_equal(const WAccessList& a, const WAccessList& b) { return lists_equal(a, b, w_access_equal); }

bool types_equal_ptr(const TypePtr& a, const TypePtr& b) {
    if (a == b) return true;
    if (!a || !b) return false;
    return type_equal(*a, *b);
}

bool mem_equal(const MemRef& a, const MemRef& b) { return a.is(b); }

void mix(size_t& h, size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }

size_t const_value_hash(const host::Value& v) {
    if (v.is_intlike()) return std::hash<int64_t>{}(v.as_int());
    if (v.is_float()) {
        double d = v.as_float();
        // Integral floats hash like the equal int, so that 1.0 and 1 collide as they must.
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18)
            return std::hash<int64_t>{}(static_cast<int64_t>(d));
        return std::hash<double>{}(d);
    }
    return std::hash<const void*>{}(v.obj());
}

}  // namespace

bool const_value_equal(const host::Value& a, const host::Value& b) {
    auto numeric = [](const host::Value& v) { return v.is_intlike() || v.is_float(); };
    if (numeric(a) && numeric(b)) {
        if (a.is_intlike() && b.is_intlike()) return a.as_int() == b.as_int();
        double x = a.is_float() ? a.as_float() : static_cast<double>(a.as_int());
        double y = b.is_float() ? b.as_float() : static_cast<double>(b.as_int());
        return x == y;
    }
    return a.is(b);
}

bool type_equal(const Type& a, const Type& b) {
    if (&a == &b) return true;
    if (a.kind != b.kind) return false;
    if (auto ta = a.as<TensorType>()) {
        auto tb = b.as<TensorType>();
        return ta->is_window == tb->is_window && types_equal_ptr(ta->type, tb->type) &&
               exprs_equal(ta->hi, tb->hi);
    }
    if (auto wa = a.as<WindowType>()) {
        auto wb = b.as<WindowType>();
        return wa->src_buf == wb->src_buf && types_equal_ptr(wa->src_type, wb->src_type) &&
               types_equal_ptr(wa->as_tensor, wb->as_tensor) && w_accesses_equal(wa->idx, wb->idx);
    }
    return true;  // field-less types
}

bool w_access_equal(const WAccess& a, const WAccess& b) {
    if (a.kind != b.kind) return false;
    if (auto ia = a.as<Interval>()) {
        auto ib = b.as<Interval>();
        return expr_equal(*ia->lo, *ib->lo) && expr_equal(*ia->hi, *ib->hi);
    }
    return expr_equal(*a.as<Point>()->pt, *b.as<Point>()->pt);
}

bool expr_equal(const Expr& a, const Expr& b) {
    if (&a == &b) return true;
    if (a.kind != b.kind || !types_equal_ptr(a.type, b.type)) return false;
    switch (a.kind) {
        case ExprKind::Read: {
            auto &x = static_cast<const Read&>(a), &y = static_cast<const Read&>(b);
            return x.name == y.name && exprs_equal(x.idx, y.idx);
        }
        case ExprKind::Const:
            return const_value_equal(static_cast<const Const&>(a).val, static_cast<const Const&>(b).val);
        case ExprKind::USub:
            return expr_equal(*static_cast<const USub&>(a).arg, *static_cast<const USub&>(b).arg);
        case ExprKind::BinOp: {
            auto &x = static_cast<const BinOp&>(a), &y = static_cast<const BinOp&>(b);
            return x.op == y.op && expr_equal(*x.lhs, *y.lhs) && expr_equal(*x.rhs, *y.rhs);
        }
        case ExprKind::Extern: {
            auto &x = static_cast<const Extern&>(a), &y = static_cast<const Extern&>(b);
            return x.f == y.f && exprs_equal(x.args, y.args);
        }
        case ExprKind::WindowExpr: {
            auto &x = static_cast<const WindowExpr&>(a), &y = static_cast<const WindowExpr&>(b);
            return x.name == y.name && w_accesses_equal(x.idx, y.idx);
        }
        case ExprKind::StrideExpr: {
            auto &x = static_cast<const StrideExpr&>(a), &y = static_cast<const StrideExpr&>(b);
            return x.name == y.name && x.dim == y.dim;
        }
        case ExprKind::ReadConfig: {
            auto &x = static_cast<const ReadConfig&>(a), &y = static_cast<const ReadConfig&>(b);
            return x.config == y.config && x.field == y.field;
        }
    }
    return false;
}

bool stmts_equal(const StmtList& a, const StmtList& b) { return lists_equal(a, b, stmt_equal); }

bool stmt_equal(const Stmt& a, const Stmt& b) {
    if (&a == &b) return true;
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case StmtKind::Assign: {
            auto &x = static_cast<const Assign&>(a), &y = static_cast<const Assign&>(b);
            return x.name == y.name && types_equal_ptr(x.type, y.type) && exprs_equal(x.idx, y.idx) &&
                   expr_equal(*x.rhs, *y.rhs);
        }
        case StmtKind::Reduce: {
            auto &x = static_cast<const Reduce&>(a), &y = static_cast<const Reduce&>(b);
            return x.name == y.name && types_equal_ptr(x.type, y.type) && exprs_equal(x.idx, y.idx) &&
                   expr_equal(*x.rhs, *y.rhs);
        }
        case StmtKind::WriteConfig: {
            auto &x = static_cast<const WriteConfig&>(a), &y = static_cast<const WriteConfig&>(b);
            return x.config == y.config && x.field == y.field && expr_equal(*x.rhs, *y.rhs);
        }
        case StmtKind::Pass:
            return true;
        case StmtKind::If: {
            auto &x = static_cast<const If&>(a), &y = static_cast<const If&>(b);
            return expr_equal(*x.cond, *y.cond) && stmts_equal(x.body, y.body) && stmts_equal(x.orelse, y.orelse);
        }
        case StmtKind::For: {
            auto &x = static_cast<const For&>(a), &y = static_cast<const For&>(b);
            return x.iter == y.iter && x.loop_mode == y.loop_mode && expr_equal(*x.lo, *y.lo) &&
                   expr_equal(*x.hi, *y.hi) && stmts_equal(x.body, y.body);
        }
        case StmtKind::Alloc: {
            auto &x = static_cast<const Alloc&>(a), &y = static_cast<const Alloc&>(b);
            return x.name == y.name && types_equal_ptr(x.type, y.type) && mem_equal(x.mem, y.mem);
        }
        case StmtKind::Free: {
            auto &x = static_cast<const Free&>(a), &y = static_cast<const Free&>(b);
            return x.name == y.name && types_equal_ptr(x.type, y.type) && mem_equal(x.mem, y.mem);
        }
        case StmtKind::Call: {
            auto &x = static_cast<const Call&>(a), &y = static_cast<const Call&>(b);
            return x.f == y.f && exprs_equal(x.args, y.args);
        }
        case StmtKind::WindowStmt: {
            auto &x = static_cast<const WindowStmt&>(a), &y = static_cast<const WindowStmt&>(b);
            return x.name == y.name && expr_equal(*x.rhs, *y.rhs);
        }
    }
    return false;
}

bool proc_equal(const Proc& a, const Proc& b) {
    if (&a == &b) return true;
    if (a.name != b.name || a.args.size() != b.args.size() || a.instr != b.instr) return false;
    for (size_t i = 0; i < a.args.size(); ++i) {
        const auto &x = a.args[i], &y = b.args[i];
        if (!(x.name == y.name) || !types_equal_ptr(x.type, y.type) || !mem_equal(x.mem, y.mem)) return false;
    }
    return exprs_equal(a.preds, b.preds) && stmts_equal(a.body, b.body);
}

bool operator==(const Proc& a, const Proc& b) { return proc_equal(a, b); }

// --------------------------------------------------------------- hashing
// Hashes cover kinds, names, operators and structure; they skip host objects' contents.

size_t type_hash(const Type& t) {
    size_t h = static_cast<size_t>(t.kind);
    if (auto tt = t.as<TensorType>()) {
        mix(h, tt->is_window);
        mix(h, type_hash(*tt->type));
        for (const auto& e : tt->hi) mix(h, expr_hash(*e));
    } else if (auto wt = t.as<WindowType>()) {
        mix(h, wt->src_buf.hash());
        mix(h, type_hash(*wt->as_tensor));
    }
    return h;
}

namespace {
size_t w_access_hash(const WAccess& w) {
    size_t h = static_cast<size_t>(w.kind) + 101;
    if (auto iv = w.as<Interval>()) {
        mix(h, expr_hash(*iv->lo));
        mix(h, expr_hash(*iv->hi));
    } else {
        mix(h, expr_hash(*w.as<Point>()->pt));
    }
    return h;
}
size_t stmts_hash(const StmtList& ss) {
    size_t h = ss.size();
    for (const auto& s : ss) mix(h, stmt_hash(*s));
    return h;
}
}  // namespace

size_t expr_hash(const Expr& e) {
    size_t h = static_cast<size_t>(e.kind) + 31;
    mix(h, type_hash(*e.type));
    switch (e.kind) {
        case ExprKind::Read: {
            auto& x = static_cast<const Read&>(e);
            mix(h, x.name.hash());
            for (const auto& i : x.idx) mix(h, expr_hash(*i));
            break;
        }
        case ExprKind::Const: mix(h, const_value_hash(static_cast<const Const&>(e).val)); break;
        case ExprKind::USub: mix(h, expr_hash(*static_cast<const USub&>(e).arg)); break;
        case ExprKind::BinOp: {
            auto& x = static_cast<const BinOp&>(e);
            mix(h, static_cast<size_t>(x.op));
            mix(h, expr_hash(*x.lhs));
            mix(h, expr_hash(*x.rhs));
            break;
        }
        case ExprKind::Extern: {
            auto& x = static_cast<const Extern&>(e);
            mix(h, std::hash<std::string>{}(x.f.name));
            for (const auto& a : x.args) mix(h, expr_hash(*a));
            break;
        }
        case ExprKind::WindowExpr: {
            auto& x = static_cast<const WindowExpr&>(e);
            mix(h, x.name.hash());
            for (const auto& w : x.idx) mix(h, w_access_hash(*w));
            break;
        }
        case ExprKind::StrideExpr: {
            auto& x = static_cast<const StrideExpr&>(e);
            mix(h, x.name.hash());
            mix(h, static_cast<size_t>(x.dim));
            break;
        }
        case ExprKind::ReadConfig: {
            auto& x = static_cast<const ReadConfig&>(e);
            mix(h, std::hash<std::string>{}(x.config.name));
            mix(h, std::hash<std::string>{}(x.field));
            break;
        }
    }
    return h;
}

size_t stmt_hash(const Stmt& s) {
    size_t h = static_cast<size_t>(s.kind) + 67;
    switch (s.kind) {
        case StmtKind::Assign:
        case StmtKind::Reduce: {
            const auto& name = s.kind == StmtKind::Assign ? static_cast<const Assign&>(s).name
                                                           : static_cast<const Reduce&>(s).name;
            const auto& idx = s.kind == StmtKind::Assign ? static_cast<const Assign&>(s).idx
                                                          : static_cast<const Reduce&>(s).idx;
            const auto& rhs = s.kind == StmtKind::Assign ? static_cast<const Assign&>(s).rhs
                                                          : static_cast<const Reduce&>(s).rhs;
            mix(h, name.hash());
            for (const auto& i : idx) mix(h, expr_hash(*i));
            mix(h, expr_hash(*rhs));
            break;
        }
        case StmtKind::WriteConfig: {
            auto& x = static_cast<const WriteConfig&>(s);
            mix(h, std::hash<std::string>{}(x.field));
            mix(h, expr_hash(*x.rhs));
            break;
        }
        case StmtKind::Pass: break;
        case StmtKind::If: {
            auto& x = static_cast<const If&>(s);
            mix(h, expr_hash(*x.cond));
            mix(h, stmts_hash(x.body));
            mix(h, stmts_hash(x.orelse));
            break;
        }
        case StmtKind::For: {
            auto& x = static_cast<const For&>(s);
            mix(h, x.iter.hash());
            mix(h, static_cast<size_t>(x.loop_mode));
            mix(h, expr_hash(*x.lo));
            mix(h, expr_hash(*x.hi));
            mix(h, stmts_hash(x.body));
            break;
        }
        case StmtKind::Alloc: {
            auto& x = static_cast<const Alloc&>(s);
            mix(h, x.name.hash());
            mix(h, type_hash(*x.type));
            break;
        }
        case StmtKind::Free: {
            auto& x = static_cast<const Free&>(s);
            mix(h, x.name.hash());
            mix(h, type_hash(*x.type));
            break;
        }
        case StmtKind::Call: {
            auto& x = static_cast<const Call&>(s);
            mix(h, std::hash<const void*>{}(x.f.get()));
            for (const auto& a : x.args) mix(h, expr_hash(*a));
            break;
        }
        case StmtKind::WindowStmt: {
            auto& x = static_cast<const WindowStmt&>(s);
            mix(h, x.name.hash());
            mix(h, expr_hash(*x.rhs));
            break;
        }
    }
    return h;
}

size_t proc_hash(const Proc& p) {
    size_t h = std::hash<std::string>{}(p.name);
    for (const auto& a : p.args) {
        mix(h, a.name.hash());
        mix(h, type_hash(*a.type));
    }
    for (const auto& e : p.preds) mix(h, expr_hash(*e));
    mix(h, stmts_hash(p.body));
    return h;
}

}  // namespace exo::ir
