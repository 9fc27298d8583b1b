// How strictly a scheduling session checks what upstream Exo leaves unchecked
// (docs/scheduling.md, "Check levels"). exocc verifies, beyond upstream, that a call
// `replace` or `insert_noop_call` creates satisfies the callee's asserts and accesses
// in bounds, and bounds-checks every scheduled proc before it becomes C. Some real
// upstream schedules rely on upstream not making those checks (an instruction whose
// `assert m <= 8` holds only by the caller's reasoning); for them:
//  - Strict (exocc's own build paths): such a failure is an error, as everywhere else;
//  - Upstream (the upstream-style command line and add_exo_library()): it is printed as
//    a warning with its counterexample and the rewrite or the C generation proceeds,
//    which is what upstream does without the warning.
// One level per process: each kernel of `exocc build` runs in a process of its own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace exo::analysis {

enum class CheckLevel { Strict, Upstream };

CheckLevel check_level();
void set_check_level(CheckLevel level);

// "strict" / "upstream"; nothing for any other spelling.
std::optional<CheckLevel> parse_check_level(std::string_view name);
const char* check_level_name(CheckLevel level);
// What a user may write, for error messages: `"strict" or "upstream"`.
const char* check_level_choices();

// For a check upstream does not make: under the Upstream level prints each of `errors`
// (the checker's "file:line: message" entries) to stderr as a warning of `op` (a
// primitive's name, or empty) and returns true, meaning "go on"; under Strict returns
// false and prints nothing. An error already warned about in this process (the same
// location and sentence) is not printed twice: a scheduled proc's C generation would
// otherwise repeat every warning its `replace` calls gave.
bool accept_as_warnings(std::string_view op, const std::vector<std::string>& errors);

}  // namespace exo::analysis
