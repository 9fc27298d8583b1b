// UAST -> LoopIR, with upstream Exo's typechecking rules (frontend/typecheck.py):
// every expression gets a type, index/size arithmetic is kept affine, windows get
// derived window types, and all errors are collected and raised together as one
// host TypeError "Errors occurred during typechecking:\n<file:line: msg>\n...".
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "../ir/proc.h"
#include "uast.h"

namespace exo::host {
struct TypeObject;
}

namespace exo::frontend {

// Raises the host exception described above when the proc does not typecheck.
std::shared_ptr<const ir::Proc> typecheck(const ir::uast::Proc& proc);

// How the typechecker reaches host-language objects. Set these once at startup; each
// has a working default.
struct TypecheckHooks {
    // The exception class raised on errors. Default (null): builtin TypeError, which is
    // what upstream raises.
    host::TypeObject* error_type = nullptr;
    // The memory of args and allocations without `@ MEM`. Default: exo.core.memory.DRAM
    // (imported on first use).
    std::function<ir::MemRef()> default_memory;
    // The LoopIR type of a config field, or null if the config has no such field.
    // Default: reads the fields of the native Config object (exo_module.h).
    std::function<ir::TypePtr(const ir::ConfigRef&, const std::string& field)> config_field_type;
    // Upstream's `extern.typecheck(args)`: returns the result type, or returns null and
    // sets *error to the message of an Extern_Typecheck_Error (which becomes a
    // typecheck error at the call). Other host exceptions propagate. Default: none set,
    // which reports every extern call as an error.
    std::function<ir::TypePtr(const ir::ExternRef&, const ir::ExprList& args, std::string* error)> extern_typecheck;
};
TypecheckHooks& typecheck_hooks();

// The LoopIR type for a UAST scalar type (Tensor: null; use typecheck for those).
ir::TypePtr loopir_scalar_type(ir::uast::TypeKind k);

}  // namespace exo::frontend
