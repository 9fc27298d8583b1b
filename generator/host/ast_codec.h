// A parsed module's syntax tree as bytes and back: the processed form that the module
// store (module_store.h) keeps, so that a module imported again is not lexed and parsed
// again, nor resolve its scopes. What the parser and the scope resolver (resolver.h)
// produce is encoded: every node's fields and span, `from __future__ import
// annotations`, each name's place and every scope's record. The interpreter's caches
// start empty.
#pragma once

#include <string>
#include <string_view>

#include "ast.h"

namespace exo::host {

// The body of `src` (a successful parse that resolve() annotated) as bytes; empty when
// `src` was not resolved.
std::string encode_module_ast(const ParsedSource& src);

// Rebuilds the body of `src` (which holds the source text and lines, and no body yet)
// and its resolution from encode_module_ast's bytes: `src` is then as parse_module and
// resolve() leave it. False when the bytes are malformed (truncated, out-of-range
// values, nested deeper than the parser allows); `src` is then to be discarded.
bool decode_module_ast(std::string_view bytes, ParsedSource& src);

}  // namespace exo::host
