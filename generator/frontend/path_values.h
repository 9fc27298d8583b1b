// Locations and procs as the `_exo` cursor and scheduling functions exchange them with
// the host language: a path is a tuple of (field name, index or None) pairs.
#pragma once

#include "../host/value.h"
#include "../ir/path.h"

namespace exo::frontend {

ir::Field field_of(const host::Value& name);
ir::Path path_of(const host::Value& v);
host::Value path_value(const ir::Path& p);
// The LoopIR of a Procedure argument; TypeError otherwise.
ir::ProcPtr proc_of(const host::Value& v);

}  // namespace exo::frontend
