// Structural equality and hashing of LoopIR, as upstream's ADT equality: same node
// kinds, same fields, same Syms (by identity), same types. Source locations are
// ignored. Host objects (memories, externs, configs, callee procs) compare by identity.
#pragma once

#include <cstddef>

#include "proc.h"

namespace exo::ir {

bool type_equal(const Type& a, const Type& b);
bool expr_equal(const Expr& a, const Expr& b);
bool w_access_equal(const WAccess& a, const WAccess& b);
bool stmt_equal(const Stmt& a, const Stmt& b);
bool stmts_equal(const StmtList& a, const StmtList& b);
bool proc_equal(const Proc& a, const Proc& b);

// Consistent with the equalities above.
size_t type_hash(const Type& t);
size_t expr_hash(const Expr& e);
size_t stmt_hash(const Stmt& s);
size_t proc_hash(const Proc& p);

// Python-style value equality of Const literals: 1 == 1.0 == True.
bool const_value_equal(const host::Value& a, const host::Value& b);

}  // namespace exo::ir
