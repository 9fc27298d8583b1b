// The C text of one (already analysed) non-instr proc, as upstream's Compiler class in
// backend/LoopIR_compiler.py: its declaration, its definition, and the window structs
// and static helpers that text needs.
#pragma once

#include <set>
#include <string>

#include "../ir/proc.h"
#include "window_struct.h"

namespace exo::backend {

struct CompiledProc {
    std::string decl;  // signature comment + prototype
    std::string def;   // signature comment + body
    std::set<WindowStruct> window_structs;
    std::set<std::string> helpers;  // e.g. "exo_floor_div"
    std::string params;             // the C parameter list, "void *ctxt, int_fast32_t n, ..."
    std::vector<std::string> arg_names;  // the C names of the parameters, ctxt first
};

// `ctxt_name` is the context struct's type ("void" when no config is used). `attribute`
// (e.g. `EXO_TARGET("avx2")`) goes on a line of its own before the definition, and
// before the declaration of a static proc (a public one's is the header's).
CompiledProc compile_proc(const ir::Proc& proc, const std::string& ctxt_name, bool is_public,
                          const std::string& attribute = "");

// Upstream's static helper functions, by name.
const std::string& static_helper_code(const std::string& name);

}  // namespace exo::backend
