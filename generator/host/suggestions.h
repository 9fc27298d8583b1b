// "Did you mean" suggestions: the closest of a list of names to a name that was not
// found, chosen as CPython 3.12 chooses them for NameError and AttributeError
// (traceback._compute_suggestion_error). The same choice serves the driver's unknown
// commands and the Exo library's unknown loop and buffer names, so that every
// suggestion exocc makes follows one rule.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace exo::host {

// CPython's weighted Levenshtein distance between `a` and `b` over code points: a
// substitution, insertion or deletion costs 2, changing only the case of an ASCII letter
// costs 1. Returns a value above `max_cost` as soon as the distance is known to exceed
// it (and for strings longer than 40 code points once their common ends are trimmed).
size_t suggestion_distance(std::string_view a, std::string_view b, size_t max_cost);

// The candidate nearest to `wrong`, if one is near enough: at most a third of the
// characters involved may change, ties go to the earlier candidate, `wrong` itself is
// skipped, and nothing is suggested for more than 750 candidates or a name longer than
// 40 code points.
std::optional<std::string> closest_name(std::string_view wrong, const std::vector<std::string>& candidates);

}  // namespace exo::host
