// Python 3.11 subset parser: source text -> AST (ast.h).
//
// Accepts the full Python 3.11 statement and expression grammar except: async/await,
// the match statement, except*, complex literals and \N{...} escapes; those raise a
// SyntaxErrorException naming the feature. Because exocc has no bytecode compiler, the
// parser also reports the errors CPython raises after parsing (in its symtable and
// compiler): 'return' outside function, 'break' outside loop, 'yield' outside function,
// nonlocal at module level, misplaced __future__ imports, duplicate parameters,
// repeated keyword arguments and misplaced starred expressions.
//
// Limits (robustness against hostile input): 200 nested brackets, 100 indentation
// levels, and an expression nesting depth of kMaxExprDepth (parser_internal.h),
// counting recursion and left-associative chains (a+b+c..., a.b.c..., f()()...), so
// that tree walkers over the result can recurse safely.
#pragma once

#include <memory>
#include <string>

#include "ast.h"
#include "syntax_error.h"

namespace exo::host {

// Parses a module ("exec" mode). Throws SyntaxErrorException.
// ParsedSource::text keeps the source with a leading UTF-8 BOM removed and "\r\n" / "\r"
// turned into "\n" (as CPython reads files); spans and `lines` refer to that text.
// Column offsets are in UTF-8 bytes, like CPython's col_offset.
std::shared_ptr<ParsedSource> parse_module(std::string filename, std::string text);

// What parse_module starts from: `text` normalized as described above and split into
// `lines`, with an empty body (which the module store fills from a processed form).
std::shared_ptr<ParsedSource> unparsed_source(std::string filename, std::string text);

// Parses one expression ("eval" mode): the body holds one ExprStmt wrapping it.
// Throws SyntaxErrorException.
std::shared_ptr<ParsedSource> parse_expression(std::string filename, std::string text);

}  // namespace exo::host
