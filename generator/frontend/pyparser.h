// From host-language AST to UAST: reads the body of a @proc / @instr function or a
// @config class (never running it) and builds the untyped object-code AST, with
// upstream Exo's rules and ParseError messages (src/exo/frontend/pyparser.py).
//
// Names that are not object-code variables are looked up in the Python scope that
// defined the function, as it was when the decorator ran: memories (`@ DRAM`), callee
// procs, externs, configs, and Python ints/floats used as constants.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "../host/interp.h"
#include "uast.h"

namespace exo::frontend {

// The Python names visible where the decorator ran: the defining frame's locals (a
// snapshot), then its module's globals, then builtins.
class PyScope {
public:
    // Captures the frame that is executing the decorated `def`/`class` statement.
    static PyScope of_current_frame();
    // Captures `f` (null: an empty scope).
    static PyScope of_frame(host::Frame* f);

    // Null when unbound.
    host::Value lookup(const std::string& name) const;
    bool has(const std::string& name) const { return !lookup(name).is_null(); }

private:
    std::unordered_map<std::string, host::Value> locals_;
    host::ModuleObject* module_ = nullptr;
};

// Hooks the parser needs from the `exo` module: recognising procedures, externs and
// configs among host values. Set once at start-up by the exo module.
struct ParserHooks {
    // The LoopIR proc of a Procedure host object, or null if `v` is not one.
    std::shared_ptr<const ir::Proc> (*procedure_of)(const host::Value& v) = nullptr;
    bool (*is_extern)(const host::Value& v) = nullptr;
    // The config's name if `v` is a Config host object; empty otherwise.
    std::string (*config_name)(const host::Value& v) = nullptr;
    host::TypeObject* parse_error = nullptr;  // exo.frontend.pyparser.ParseError
};
ParserHooks& parser_hooks();

// @proc / @instr: `fn`'s AST; `scope` is where the decorator ran (for the signature),
// and Python inside the body runs in a frame of `fn` itself.
ir::uast::ProcPtr parse_proc(host::FunctionObject* fn, const PyScope& scope,
                             std::optional<ir::uast::Instr> instr);

// @config: the class's fields as (name, type) pairs; the class must have no bases.
struct ConfigFields {
    std::string name;
    std::vector<std::pair<std::string, ir::uast::TypePtr>> fields;
};
ConfigFields parse_config(const host::ClassDefStmt* cls, const std::shared_ptr<const host::ParsedSource>& src);

}  // namespace exo::frontend
