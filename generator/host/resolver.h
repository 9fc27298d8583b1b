// Scope analysis: decides, for every name in a parsed file, whether it is a fast local,
// a cell, a free variable, a global or a class-body name, exactly as CPython's
// symtable does, and annotates the NameExpr nodes with that decision. The evaluator then
// reads and writes variables by slot, without dictionary lookups.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ast.h"

namespace exo::host {

struct Scope {
    enum class Kind : uint8_t { Module, Function, Lambda, Class, Comprehension };
    Kind kind;
    std::string name;       // function/class name, "<lambda>", "<listcomp>", "<module>"
    std::string qualname;   // dotted path as CPython's __qualname__
    Scope* parent = nullptr;
    const Node* node = nullptr;  // FunctionDefStmt / LambdaExpr / ClassDefStmt / ComprehensionExpr

    // Slots of a function-like frame. Every local lives in exactly one place.
    std::vector<std::string> fast_names;  // fast slot i
    std::vector<std::string> cell_names;  // own cells 0..ncells-1
    std::vector<std::string> free_names;  // closure cells ncells..ncells+nfree-1
    // Where each free variable comes from in the *defining* frame: its cell index there
    // (own cell or pass-through free cell).
    std::vector<int> free_source;

    // Parameters, in order: posonly+args, kwonly, then *args, **kwargs.
    std::vector<std::string> params;
    int nposonly = 0, npositional = 0, nkwonly = 0;  // npositional includes posonly
    bool has_varargs = false, has_varkw = false;
    // For each parameter: NameScope::Fast or Cell, and its index.
    std::vector<std::pair<NameScope, int>> param_slots;

    bool is_generator = false;
    bool is_coroutine = false;         // `async def`: calling it is not supported
    bool uses_super_or_class = false;  // references `super` (zero-arg super needs the owner class)

    // Analysis state.
    std::unordered_map<std::string, int> flags;  // bits of SymbolFlag
    std::vector<NameExpr*> names;                // every NameExpr that belongs here
    std::vector<Scope*> children;
};

// What resolve() leaves in ParsedSource::resolver_data: every scope, in the order the
// resolver made them (the module's first, each scope before its nested ones), and the
// Store names it synthesized for def, class, except-as and import bindings. The module
// store rebuilds it when it decodes a stored tree (ast_codec.h).
struct ResolvedScopes {
    std::vector<std::unique_ptr<Scope>> scopes;
    std::vector<std::unique_ptr<NameExpr>> synthesized;
};

// Parses nothing; annotates `src` in place. Raises (C++) SyntaxErrorException from
// parser.h for scope errors such as a nonlocal with no binding.
void resolve(const ParsedSource& src);

}  // namespace exo::host
