// Procedure.partial_eval: bind leading size/index/bool arguments to constants.
#pragma once

#include <unordered_map>

#include "../ir/proc.h"

namespace exo::rewrite {

// Substitutes each bound argument by its value (ints for indexable arguments, bools
// for bool arguments) everywhere, including tensor shapes, and drops it from the
// signature. Raises SchedulingError (upstream's wording) for numeric arguments or
// values that are not ints/bools.
ir::ProcPtr partial_eval(const ir::ProcPtr& p, const std::unordered_map<ir::Sym, host::Value>& env);

// upstream's SchedulingError class (exo.rewrite.LoopIR_scheduling), for raising.
host::TypeObject* scheduling_error();

}  // namespace exo::rewrite
