// Host-language views of LoopIR types and expressions, for the user-library hooks
// that upstream hands LoopIR objects to: Extern.typecheck(args) reads `arg.type`,
// Memory.window(basetyp, ...) calls `basetyp.is_win()`.
#pragma once

#include "../host/value.h"
#include "../ir/exprs.h"
#include "../ir/types.h"

namespace exo::frontend {

host::Value type_value(ir::TypePtr t);
host::Value expr_value(ir::ExprPtr e);
// The LoopIR type inside a value made by type_value, or null.
ir::TypePtr type_of_value(const host::Value& v);

}  // namespace exo::frontend
