// Processed modules: the parse of each imported module's source, kept in a directory
// (under exocc's cache) so that a later run importing the same source decodes the tree
// (ast_codec.h) instead of lexing, parsing and resolving it again, as CPython keeps .pyc
// files. The source is still read every time: an entry is used only when it was written
// by this same exocc executable, for this same path and byte-identical source text.
// Anything else (stale, foreign, truncated or corrupt) is ignored and rewritten; a
// directory that cannot be written only costs the speed-up.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "ast.h"

namespace exo::host {

// How the store touches files; the driver supplies its hardened helpers (a read that
// takes only regular files up to a bound, a write through a temporary and a rename).
struct ModuleStoreFiles {
    // The bytes of the regular file at `path` if it holds at most `max_bytes`, else none.
    std::function<std::optional<std::string>(const std::string& path, uint64_t max_bytes)> read;
    // Replaces `path` with `bytes` in one step; may throw (the store then goes on).
    std::function<void(const std::string& path, const std::string& bytes)> write;
};

// Keeps processed modules in `dir` (an existing directory the user trusts), marked with
// `writer_identity` (what tells this executable from another; see the driver's
// keep_processed_modules). Off until called.
void set_module_store(std::string dir, std::string writer_identity, ModuleStoreFiles files);

// parse_module(path, text) then resolve() on it, served from the store when it holds
// this text's tree. Throws SyntaxErrorException as those do; a source that does not
// parse or resolve is never stored.
std::shared_ptr<ParsedSource> parse_and_resolve_stored(const std::string& path, const std::string& text);

}  // namespace exo::host
