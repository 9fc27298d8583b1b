#include "cir.h"

#include <cmath>

#include "../host/runtime.h"
#include "../ir/checked_int.h"
#include "../ir/printer.h"

namespace exo::backend {

CirPtr Cir::read(ir::Sym n, bool non_neg) {
    auto c = std::make_shared<Cir>();
    c->kind = Kind::Read;
    c->name = std::move(n);
    c->is_non_neg = non_neg;
    return c;
}
CirPtr Cir::constant(int64_t v) {
    auto c = std::make_shared<Cir>();
    c->kind = Kind::Const;
    c->ival = v;
    return c;
}
CirPtr Cir::binop(std::string op, CirPtr l, CirPtr r, bool non_neg) {
    auto c = std::make_shared<Cir>();
    c->kind = Kind::BinOp;
    c->op = std::move(op);
    c->lhs = std::move(l);
    c->rhs = std::move(r);
    c->is_non_neg = non_neg;
    return c;
}
CirPtr Cir::usub(CirPtr a, bool non_neg) {
    auto c = std::make_shared<Cir>();
    c->kind = Kind::USub;
    c->arg = std::move(a);
    c->is_non_neg = non_neg;
    return c;
}
CirPtr Cir::stride(ir::Sym n, int dim) {
    auto c = std::make_shared<Cir>();
    c->kind = Kind::Stride;
    c->name = std::move(n);
    c->dim = dim;
    return c;
}

std::string cir_const_str(const Cir& c) {
    if (c.is_float) return ir::const_str(host::Value::floating(c.fval));
    return std::to_string(c.ival);
}

namespace {

bool is_const(const CirPtr& e, int64_t v) {
    return e->kind == Cir::Kind::Const && (e->is_float ? e->fval == double(v) : e->ival == v);
}

CirPtr fold(const std::string& op, const Cir& a, const Cir& b) {
    auto c = std::make_shared<Cir>();
    c->kind = Cir::Kind::Const;
    // Index arithmetic stays integral: `/` of two ints folds as Exo's floor division.
    // (Upstream folds it with Python's true division and emits e.g. `x[ii + 8.0]`, which
    // does not compile; integer operands here are always index values.)
    if (a.is_float || b.is_float) {
        double x = a.is_float ? a.fval : double(a.ival), y = b.is_float ? b.fval : double(b.ival);
        c->is_float = true;
        if (op == "+") c->fval = x + y;
        else if (op == "-") c->fval = x - y;
        else if (op == "*") c->fval = x * y;
        else if (op == "/") c->fval = x / y;
        else {
            double r = std::fmod(x, y);
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            c->fval = r;
        }
        return c;
    }
    int64_t x = a.ival, y = b.ival;
    if ((op == "/" || op == "%") && y == 0) return nullptr;  // left to the C compiler
    // a value that does not fit is left to the C as written, never printed wrapped
    std::optional<int64_t> v;
    if (op == "+") v = ir::checked_add(x, y);
    else if (op == "-") v = ir::checked_sub(x, y);
    else if (op == "*") v = ir::checked_mul(x, y);
    if (op == "+" || op == "-" || op == "*") {
        if (!v) return nullptr;
        c->ival = *v;
    } else if (y == -1 && x == INT64_MIN) return nullptr;
    else if (op == "/") c->ival = host::floordiv(x, y);
    else c->ival = host::mod(x, y);
    return c;
}

}  // namespace

CirPtr simplify_cir(const CirPtr& e) {
    switch (e->kind) {
        case Cir::Kind::Read:
        case Cir::Kind::Const:
        case Cir::Kind::Stride:
            return e;
        case Cir::Kind::BinOp: {
            CirPtr lhs = simplify_cir(e->lhs), rhs = simplify_cir(e->rhs);
            const std::string& op = e->op;
            if (lhs->kind == Cir::Kind::Const && rhs->kind == Cir::Kind::Const)
                if (CirPtr folded = fold(op, *lhs, *rhs)) return folded;
            if (is_const(lhs, 0)) {
                if (op == "+") return rhs;
                if (op == "*" || op == "/") return Cir::constant(0);
            }
            if (is_const(rhs, 0)) {
                if (op == "+" || op == "-") return lhs;
                if (op == "*") return Cir::constant(0);
            }
            if (is_const(lhs, 1) && op == "*") return rhs;
            if (is_const(rhs, 1) && (op == "*" || op == "/")) return lhs;
            return Cir::binop(op, lhs, rhs, e->is_non_neg);
        }
        case Cir::Kind::USub: {
            CirPtr arg = simplify_cir(e->arg);
            if (arg->kind == Cir::Kind::USub) return arg->arg;
            if (arg->kind == Cir::Kind::Const) {
                auto c = std::make_shared<Cir>(*arg);
                c->ival = -c->ival;
                c->fval = -c->fval;
                return c;
            }
            return Cir::usub(arg, e->is_non_neg);
        }
    }
    return e;
}

}  // namespace exo::backend
