// UAST as text, as upstream's str() of a UAST proc (exo.frontend.pyparser's Parser
// result) prints after its yapf pass: the untyped tree before typechecking, so types
// keep `R`, arguments show a memory only where the source named one, and a chained
// comparison appears as the `and` the parser made of it.
#pragma once

#include <string>

#include "uast.h"

namespace exo::frontend {

// Ends with a newline: upstream's UAST str() is yapf's output as it is (LoopIR's is
// stripped).
std::string print_uast_proc(const ir::uast::Proc& p);

}  // namespace exo::frontend
