// Line wrapping of printed procs, reproducing what upstream's yapf pass (pep8 style,
// 79 columns) does to the lines our printer emits. Upstream formats every printed proc
// with yapf; a line that fits is left alone, a longer one is split with yapf's
// penalty-driven search (split penalties derived from the expression's parse tree,
// continuation lines aligned under the opening bracket). This is an independent
// implementation of that behaviour for the Python subset the printer produces: def
// headers with annotated parameters, for/if headers, assert, assignments and
// reductions, annotated allocations, calls, subscripts and slices, arithmetic,
// comparisons and boolean operators, and a trailing `# ...` comment.
#pragma once

#include <string>
#include <vector>

namespace exo::ir {

constexpr int kColumnLimit = 79;

// `line` is one printed line including its leading spaces (a multiple of 4). Returns
// the line unchanged when it fits in 79 columns (or cannot be parsed), otherwise the
// wrapped lines joined with '\n'.
std::string wrap_line(const std::string& line);

// Applies wrap_line to every line of `lines` in place (a wrapped line becomes one
// element holding several '\n'-separated lines).
void wrap_lines(std::vector<std::string>& lines);

}  // namespace exo::ir
