// The order of a config field's reads and writes along a proc's statements, followed
// into calls: a structural complement to the effect analysis, which sees the fields a
// statement reads and writes but not which comes first (a callee that sets a field and
// then reads it does not observe the value it was called with).
#pragma once

#include "../ir/path.h"
#include "../ir/queries.h"

namespace exo::analysis {

enum class FirstAccess { None, Read, Write };

// What every execution of `stmts` does first to `field`: Read if some path may read its
// incoming value, Write if every path overwrites it before any read, else None.
FirstAccess first_access(const ir::StmtList& stmts, const ir::ConfigField& field);

// Whether the value `field` has right after the block `b` of `p` may be read later in
// `p`: by the statements after it, at every enclosing level, and by the next iterations
// of the loops around it.
bool may_read_after(const ir::Proc& p, const ir::BlockLoc& b, const ir::ConfigField& field);

}  // namespace exo::analysis
