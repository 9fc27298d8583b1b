// C code generation from LoopIR, as upstream's backend/LoopIR_compiler.py: the same
// header and source text, byte for byte, for the same procs.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "../ir/proc.h"

namespace exo::backend {

// Beyond upstream, for `exocc build`: what the C says about the compiler target
// features (GCC/Clang `target` names) that the hardware libraries' memories and
// instructions declare (docs/target-features.md). Upstream's output has none of it.
struct TargetOptions {
    // Mark each function that needs features with EXO_TARGET("f,g"): the features of
    // what it uses and of every proc it calls, so it compiles without ISA flags.
    bool attributes = false;
    // One variant of a multi-target build: every function gets all the features the
    // library uses, as if the file were compiled with their flags.
    bool whole_library = false;
    // `exocc build --features`: features every function is compiled for besides those it
    // needs (so a variant needs them too, and the dispatch tests them).
    std::vector<std::string> extra_features;
};

struct CompiledLibrary {
    std::string header;  // compile_to_strings' header contents
    std::string body;    // compile_to_strings' C body
    std::string context_struct;  // its definition in the header, empty when no config is used
    std::vector<std::string> features;  // every feature any function needs, sorted
    std::string arch;  // the memories' target_arch (target_arch.h), empty when none has one
    struct PublicProc {
        std::string name, params;            // params: the C parameter list
        std::vector<std::string> arg_names;  // ctxt first
    };
    std::vector<PublicProc> publics;  // by name
};

CompiledLibrary compile_library(const std::string& lib_name, const std::vector<ir::ProcPtr>& procs,
                                const TargetOptions& target);

// Upstream's compile_to_strings(lib_name, procs): the header contents (without the
// include guard) and the C body. Runs the backend checks on every non-instr proc and
// raises upstream's host exceptions (TypeError, MemGenError, ConfigError, ValueError).
std::pair<std::string, std::string> compile_to_strings(const std::string& lib_name,
                                                       const std::vector<ir::ProcPtr>& procs);

// Upstream's run_compile(procs, h_file_name): the complete (.c, .h) texts. The library
// name (context struct, include guard) defaults to the header's stem.
std::pair<std::string, std::string> run_compile(const std::vector<ir::ProcPtr>& procs,
                                                const std::string& h_file_name,
                                                const std::string& lib_name = "",
                                                const TargetOptions& target = {});

// The C library name run_compile derives from a header name or a given name.
std::string c_library_name(const std::string& h_file_name, const std::string& lib_name = "");

// The header run_compile writes around compile_to_strings' header contents.
std::string guarded_header(const std::string& lib_name, const std::string& contents);

// Every proc reachable from `procs` through calls, each once and after every proc it
// calls; a call cycle is a ValueError.
std::vector<ir::ProcPtr> find_all_subprocs(const std::vector<ir::ProcPtr>& procs);

// Procedure.c_code_str(): header contents, a newline, then the body.
std::string c_code_str(const ir::ProcPtr& proc);

}  // namespace exo::backend
