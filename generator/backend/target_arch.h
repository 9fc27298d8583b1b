// The architectures a hardware library's memory may declare (`target_arch`), and how C
// tells them apart: a multi-target build guards each variant by its architecture and
// dispatches, on each architecture, between its variants (docs/target-features.md).
#pragma once

#include <string>
#include <vector>

namespace exo::backend {

// "x86", "aarch64": the names a memory's `target_arch` may have.
const std::vector<std::string>& known_target_archs();

// The preprocessor condition true when compiling for `arch` (a known name).
std::string target_arch_condition(const std::string& arch);

}  // namespace exo::backend
