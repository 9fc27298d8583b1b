// The `_exo` functions behind exo.API_cursors: reading the node at a path of a proc,
// list lengths, and pattern search. Paths cross the boundary as tuples of
// (field name, index or None) pairs, the form the Python cursor classes keep.
#pragma once

#include "../host/value.h"

namespace exo::frontend {

void add_cursor_functions(host::DictTable& module_globals);
// The scheduling primitives (sched_module.cpp).
void add_sched_functions(host::DictTable& module_globals);

}  // namespace exo::frontend
