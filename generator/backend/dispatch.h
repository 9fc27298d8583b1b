// A multi-target library (`exocc build --targets avx512,avx2,...`): one C file per
// target, each holding the library compiled for that target under suffixed names, one
// header with the library's functions, and a dispatch C file whose functions call the
// variant of the best target the running CPU supports (docs/target-features.md).
#pragma once

#include <string>
#include <vector>

#include "backend.h"

namespace exo::backend {

struct TargetVariant {
    std::string target;  // its name in --targets, also the suffix of its functions
    CompiledLibrary lib;  // compiled with public procs named NAME__TARGET
};

// The suffix a target's variant of each public proc gets: NAME__TARGET.
std::string variant_name(const std::string& proc, const std::string& target);

// The names of the two functions the dispatch adds to the library's header.
std::vector<std::string> dispatch_function_names(const std::string& lib_name);

// The variants' order of preference: one whose features include another's comes
// before it (and, with the same features, one for an architecture before one for
// none); otherwise they keep the order given.
std::vector<size_t> preference_order(const std::vector<TargetVariant>& variants);

// Declarations the header gets for the dispatch's functions.
std::string dispatch_declarations(const std::string& lib_name);

// Why the dispatch cannot choose between `variants`, empty when it can: a variant that
// needs target features on an architecture other than x86, whose features it cannot test.
std::string dispatch_problem(const std::vector<TargetVariant>& variants);

// The dispatch C file. Variants of an architecture (their memories' target_arch) are
// considered only when compiling for it, with the variants of none. `header` is the library header's file name; the variants must
// have the same public procs with the same parameters (the driver checks).
std::string dispatch_source(const std::string& lib_name, const std::string& header,
                            const std::vector<TargetVariant>& variants);

// A variant's C file `text`, compiled only for the variant's architecture (elsewhere
// an empty unit), or as it is for a variant of none.
std::string variant_guard(const std::string& lib_name, const TargetVariant& v, const std::string& text);

}  // namespace exo::backend
