// The native `_exo` module (decorators, Procedure, Config) that the bundled `exo`
// package re-exports.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../host/value.h"
#include "../ir/proc.h"
#include "uast.h"

namespace exo::frontend {

// Registers `_exo` with the interpreter's importer; call once after init_runtime().
void register_exo_module();

host::Value make_exo_native_module();
// Wraps a LoopIR proc as a host `Procedure`.
host::Value procedure_value(std::shared_ptr<const ir::Proc> p);
// The LoopIR proc of a Procedure host object, or null.
std::shared_ptr<const ir::Proc> procedure_proc(const host::Value& v);

// The fields of a Config host object, or null if `cfg` is not one.
const std::vector<std::pair<std::string, ir::uast::TypePtr>>* config_fields(const host::Value& cfg);

}  // namespace exo::frontend
