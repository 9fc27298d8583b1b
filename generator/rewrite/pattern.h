// Upstream's pattern language for finding code (frontend/pattern_match.py): the
// pattern text is parsed as Python; `_` is a hole for a statement, a block tail or an
// expression; `;` or newlines make a block pattern; names match by their string.
// Matches come in upstream's order: pre-order, statements before the expressions
// inside them... (see match_pattern).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "../ir/path.h"

namespace exo::rewrite {

// The pattern text could not be parsed (upstream raises a SyntaxError or ParseError).
struct PatternError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct PatternMatch {
    enum Kind { Stmt, Block, Expr } kind;
    ir::Path path;        // Stmt: the statement; Expr: the expression
    ir::BlockLoc block;   // Block
};

// Matches of `pattern` inside the proc (`scope` empty) or inside the statement /
// expression / block at `scope`. Throws PatternError.
std::vector<PatternMatch> match_pattern(const ir::Proc& p, const std::string& pattern,
                                        const ir::Path& scope = {}, const ir::BlockLoc* scope_block = nullptr);

}  // namespace exo::rewrite
