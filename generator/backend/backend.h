// C code generation from LoopIR, as upstream's backend/LoopIR_compiler.py: the same
// header and source text, byte for byte, for the same procs.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "../ir/proc.h"

namespace exo::backend {

// Upstream's compile_to_strings(lib_name, procs): the header contents (without the
// include guard) and the C body. Runs the backend checks on every non-instr proc and
// raises upstream's host exceptions (TypeError, MemGenError, ConfigError, ValueError).
std::pair<std::string, std::string> compile_to_strings(const std::string& lib_name,
                                                       const std::vector<ir::ProcPtr>& procs);

// Upstream's run_compile(procs, h_file_name): the complete (.c, .h) texts. The library
// name (context struct, include guard) defaults to the header's stem.
std::pair<std::string, std::string> run_compile(const std::vector<ir::ProcPtr>& procs,
                                                const std::string& h_file_name,
                                                const std::string& lib_name = "");

// Every proc reachable from `procs` through calls, each once and after every proc it
// calls; a call cycle is a ValueError.
std::vector<ir::ProcPtr> find_all_subprocs(const std::vector<ir::ProcPtr>& procs);

// Procedure.c_code_str(): header contents, a newline, then the body.
std::string c_code_str(const ir::ProcPtr& proc);

}  // namespace exo::backend
