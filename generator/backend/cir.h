// Index expressions as the code generator sees them (upstream's CIR): each node knows
// whether it is provably non-negative, and buffer strides are explicit nodes, so that
// offsets simplify before being printed as C.
#pragma once

#include <memory>
#include <string>

#include "../ir/sym.h"

namespace exo::backend {

struct Cir;
using CirPtr = std::shared_ptr<const Cir>;

struct Cir {
    enum class Kind : uint8_t { Read, Const, BinOp, USub, Stride } kind;
    ir::Sym name;          // Read, Stride
    int dim = 0;           // Stride
    // Const: an int, or a float after a constant `/` folded with Python's true division.
    bool is_float = false;
    int64_t ival = 0;
    double fval = 0;
    std::string op;        // BinOp: "+", "-", "*", "/", "%"
    CirPtr lhs, rhs, arg;  // BinOp / USub
    bool is_non_neg = false;

    static CirPtr read(ir::Sym n, bool non_neg);
    static CirPtr constant(int64_t v);
    static CirPtr binop(std::string op, CirPtr l, CirPtr r, bool non_neg);
    static CirPtr usub(CirPtr a, bool non_neg);
    static CirPtr stride(ir::Sym n, int dim);
};

// Upstream's simplify_cir: folds constants and drops neutral 0/1 operands.
CirPtr simplify_cir(const CirPtr& e);
// Python's str() of a Const's value.
std::string cir_const_str(const Cir& c);

}  // namespace exo::backend
