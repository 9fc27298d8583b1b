// A parsed module's syntax tree as bytes and back: the processed form that the module
// store (module_store.h) keeps, so that a module imported again is not lexed and parsed
// again. Only what the parser produces is encoded (every node's fields and span, and
// `from __future__ import annotations`); the resolver runs on the decoded tree as on a
// parsed one, and the interpreter's caches start empty.
#pragma once

#include <string>
#include <string_view>

#include "ast.h"

namespace exo::host {

// The body of `src` (a successful parse) as bytes.
std::string encode_module_ast(const ParsedSource& src);

// Rebuilds the body of `src` (which holds the source text and lines, and no body yet)
// from encode_module_ast's bytes. False when the bytes are malformed (truncated,
// out-of-range values, nested deeper than the parser allows); `src` is then to be
// discarded.
bool decode_module_ast(std::string_view bytes, ParsedSource& src);

}  // namespace exo::host
