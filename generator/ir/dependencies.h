// Upstream's LoopIR_Dependencies: which variables and config fields the final value of
// a buffer or config field may depend on within a block (data and control
// dependencies, through windows and called procs). The typechecker uses it to reject
// config writes that depend on loop iterators.
#pragma once

#include <vector>

#include "queries.h"

namespace exo::ir {

// Either a variable or a config field.
struct DepKey {
    Sym sym;                   // when config.obj is Null
    ConfigField config_field;  // when config_field.config.obj is set
    static DepKey of(const Sym& s) { return DepKey{s, {}}; }
    static DepKey of(const ConfigField& c) { return DepKey{Sym(), c}; }
    bool is_config() const { return !config_field.config.obj.is_null(); }
    bool operator==(const DepKey& o) const;
};

// Everything `target` depends on in `stmts`, including itself if written.
std::vector<DepKey> dependencies_of(const DepKey& target, const StmtList& stmts);

}  // namespace exo::ir
