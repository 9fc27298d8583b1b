// inline_assign's safety, beyond upstream's (which only refuses a buffer written again
// later in the block): deleting `buf[idx] = rhs` and replacing the reads of buf[idx]
// after it by rhs must not change what any other access reads, and rhs must still mean
// what it meant at the assignment wherever it is substituted.
#pragma once

#include "../ir/path.h"
#include "../ir/proc.h"

namespace exo::analysis {

// `at` is the assignment; `rest` is the rest of its block as it was, `inlined` the same
// after the substitution. Throws CheckFailed saying why the rewrite is unsafe:
// - the buffer is an argument or a window (of memory that may be read under another
//   name), or it is read outside the rest of the block (after it, or before the
//   assignment in a later iteration of an enclosing loop), where the element that is
//   no longer written may be read;
// - an access left in the rest of the block (a window, a whole buffer passed, an
//   element that may be buf[idx]) may read that element;
// - the rest of the block writes what rhs reads (a buffer or a config field) before the
//   last substituted read.
void check_inline_assign(const ir::Proc& p, const ir::Path& at, const ir::StmtList& rest, const ir::StmtList& inlined);

}  // namespace exo::analysis
