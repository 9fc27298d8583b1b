// str(cursor) as upstream prints it (LoopIR_pprint._print_cursor): the whole proc with
// the cursor marked: `# <-- NODE` after a statement's first line (or the `def` line for
// the proc itself), `[GAP - Before]` / `[GAP - After]` lines, `# BLOCK START` /
// `# BLOCK END` around a block. Asserts and `# @instr` lines appear only when the
// cursor is the proc itself.
#pragma once

#include <string>

#include "path.h"

namespace exo::ir {

struct CursorMark {
    enum Kind { Root, Node, Block, GapBefore, GapAfter } kind = Root;
    Path path;       // Node; the anchor of a gap
    BlockLoc block;  // Block
};

std::string print_cursor(const Proc& p, const CursorMark& mark);

}  // namespace exo::ir
