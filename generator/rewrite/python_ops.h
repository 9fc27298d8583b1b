// Object-code operators written as Python operators (in patterns and expression
// strings): + - * / % and < > <= >= ==.
#pragma once

#include <optional>

#include "../host/ast.h"
#include "../ir/extobj.h"

namespace exo::rewrite {

inline std::optional<ir::BinOpKind> arith_op(host::BinOpKind op) {
    switch (op) {
        case host::BinOpKind::Add: return ir::BinOpKind::Add;
        case host::BinOpKind::Sub: return ir::BinOpKind::Sub;
        case host::BinOpKind::Mult: return ir::BinOpKind::Mul;
        case host::BinOpKind::Div: return ir::BinOpKind::Div;
        case host::BinOpKind::Mod: return ir::BinOpKind::Mod;
        default: return std::nullopt;
    }
}

inline std::optional<ir::BinOpKind> compare_op(host::CmpOpKind op) {
    switch (op) {
        case host::CmpOpKind::Lt: return ir::BinOpKind::Lt;
        case host::CmpOpKind::Gt: return ir::BinOpKind::Gt;
        case host::CmpOpKind::LtE: return ir::BinOpKind::Le;
        case host::CmpOpKind::GtE: return ir::BinOpKind::Ge;
        case host::CmpOpKind::Eq: return ir::BinOpKind::Eq;
        default: return std::nullopt;
    }
}

}  // namespace exo::rewrite
