// The scheduling checks' analysis (sched_checks.cpp), opened up for checks that live
// in other files: control expressions encoded as SMT terms in the context of blocks,
// with the blocks' control predicates (asserts, enclosing loop ranges and if
// conditions) assumed. One BlockContext is one analysis: terms of the blocks it has
// entered may be combined in one query.
#pragma once

#include <memory>
#include <unordered_map>

#include "../ir/path.h"
#include "smt.h"

namespace exo::analysis {

class BlockContext {
public:
    BlockContext();
    ~BlockContext();
    BlockContext(const BlockContext&) = delete;
    BlockContext& operator=(const BlockContext&) = delete;

    // Assumes the context of block `b` and makes it the one enc() reads in.
    void enter(const ir::Proc& p, const ir::BlockLoc& b);
    // The value of control expression `e` at the start of the current block (an
    // arbitrary value for what the analysis does not model).
    smt::Term enc(const ir::Expr& e);
    // The same with some control variables given values (e.g. the iterators of loops
    // inside the block, renamed per iteration).
    using Bindings = std::unordered_map<ir::Sym, smt::Term>;
    smt::Term enc(const ir::Expr& e, const Bindings& vars);
    // Does `q` follow from the assumed contexts? (Undecided counts as no.)
    bool proves(const smt::Term& q);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace exo::analysis
