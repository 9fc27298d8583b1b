// Procedure simplification (upstream's `simplify` scheduling primitive).
#pragma once

#include "../ir/proc.h"
#include "edit.h"

namespace exo::rewrite {

// Two passes, as upstream:
//  1. every index expression (type int/index/size) is brought to a linear normal form
//     `c + a1*x1 + ... ` (terms ordered by coefficient, then variable), and divisions /
//     modulos by constants are reduced using constant value ranges of sizes (>= 1) and
//     loop iterators;
//  2. constants are folded, arithmetic/boolean identities applied, `if` statements with a
//     constant condition replaced by the taken branch, loops `seq(c, c)` deleted, and
//     `e == c` branch conditions used as facts inside the branch.
// Procedure argument types are left as they are. A block emptied by deletions becomes
// `pass`.
// With `edits`, also the forwarding of cursors: statements of a removed constant `if`'s
// taken branch move to its place (the `if` and the other branch are gone), a loop that
// never runs is deleted, and a block left empty gets a new `pass`.
ir::ProcPtr simplify(const ir::ProcPtr& p, Edits* edits = nullptr);

}  // namespace exo::rewrite
