// Positions inside a proc, as upstream's internal cursors address them: a path of
// (field, index) steps from the proc root. Cursors, forwarding and the scheduling
// safety checks all name statements, blocks and gaps this way, because LoopIR nodes are
// shared and immutable (the same node object may sit at several places).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "proc.h"

namespace exo::ir {

// A child slot of a node. Statement lists: Body (proc, for, if) and Orelse (if).
// Expression children: Idx (assign/reduce/read index list, window accesses), Rhs,
// Cond, Lo, Hi, Args (call/extern arguments), Lhs/Rhs (binop), Arg (usub), Preds
// (the proc's asserts).
// Shape: the sizes of an allocation's type (from the Alloc), or of an argument's type
// (from a root step (Args, i), which names the proc's i-th argument).
enum class Field : uint8_t { Body, Orelse, Idx, Rhs, Cond, Lo, Hi, Args, Lhs, Arg, Preds, Shape };

const char* field_name(Field f);

struct Step {
    Field field;
    int32_t index;  // position in a list field; -1 for a single child
    bool operator==(const Step&) const = default;
    auto operator<=>(const Step&) const = default;
};

using Path = std::vector<Step>;

// A contiguous run [lo, hi) of the statement list `field` of the node at `parent`
// (the proc itself when `parent` is empty).
struct BlockLoc {
    Path parent;
    Field field = Field::Body;
    size_t lo = 0, hi = 0;
    bool operator==(const BlockLoc&) const = default;
};

// The statement list a block lives in, or null if the path does not lead to one.
const StmtList* stmt_list_at(const Proc& p, const Path& parent, Field field);
// The statement / expression at a path, or null.
StmtPtr stmt_at(const Proc& p, const Path& path);
ExprPtr expr_at(const Proc& p, const Path& path);

// The expression child `step` of `e`. For a window expression's Idx step the child is a
// window access, returned through `waccess` (the result is then null).
ExprPtr expr_child(const Expr& e, Step step, const WAccess** waccess);

// The block made of the single statement at `path` (whose last step is a list step).
BlockLoc block_of_stmt(const Path& stmt_path);

}  // namespace exo::ir
