// Cursor forwarding (upstream's Procedure.forward): a location in a proc carried to a
// proc made from it, through the edit records of each scheduling step in between (the
// kinds of rewrite/edit.h, which the primitives return and exo.API_cursors records with
// _set_provenance). Native because a schedule forwards millions of locations, many
// through long histories: ExoBLAS's replace_all_stmts forwards every statement it tries
// from the proc it started with, past every replacement made since.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../host/value.h"
#include "../ir/path.h"
#include "../rewrite/edit.h"

namespace exo::frontend {

// One scheduling step's record, read from its host value (a list of edit tuples;
// ("unimplemented",) marks a step no location crosses, upstream's NotImplementedError).
struct ForwardStep {
    std::vector<rewrite::Edit> edits;
    bool blocked = false;
};
ForwardStep read_forward_step(const host::Value& edits);

// A block of statements [lo, hi) of the list `field` of the node at `parent`.
struct ForwardBlock {
    ir::Path parent;
    ir::Field field = ir::Field::Body;
    int64_t lo = 0, hi = 0;
};

// The location after the step's edits, or nullopt when it no longer exists (`why`
// then says which kind of location was lost).
std::optional<ir::Path> forward_path(ir::Path path, const ForwardStep& step, std::string& why);
std::optional<ForwardBlock> forward_block(ForwardBlock b, const ForwardStep& step, std::string& why);

}  // namespace exo::frontend
