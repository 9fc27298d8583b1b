// Unified diffs of two texts, for the stale-vendored-files report.
#pragma once

#include <string>

namespace exo::driver {

// `diff -u`-style text turning `a` into `b` (3 lines of context); empty when equal.
std::string unified_diff(const std::string& a, const std::string& b, const std::string& a_name, const std::string& b_name);

}  // namespace exo::driver
