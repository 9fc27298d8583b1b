// Control expressions inside the body of one loop, encoded for one iteration at a time,
// for checks that compare iterations with each other or follow one iteration's
// statements. Built on BlockContext: the context of the loop (asserts, enclosing loops
// and ifs) is assumed. An iteration is named by Bindings that give the loop's iterator
// and those of the loops inside it per-instance names. A config field the body writes
// reads as an arbitrary value (it may change within and between iterations).
#pragma once

#include <string>
#include <vector>

#include "../ir/loopir.h"
#include "../ir/queries.h"
#include "sched_context.h"

namespace exo::analysis {

using Bindings = BlockContext::Bindings;

// An enclosing scope of a statement inside the loop body: a loop, or a branch of an if
// (`positive`: the then-branch).
struct Frame {
    const ir::For* loop = nullptr;
    const ir::Expr* cond = nullptr;
    bool positive = true;
};

class IterationEncoder {
public:
    IterationEncoder(const ir::Proc& p, const ir::Path& loop);
    // One run of a block instead of one iteration of a loop: there is no loop() and the
    // iterators are those of the loops inside the block.
    IterationEncoder(const ir::Proc& p, const ir::BlockLoc& block);

    const ir::For& loop() const { return *loop_; }

    // An instance of the loop body (or block): every iterator bound inside it (the
    // loop's own included) named with `suffix` appended.
    Bindings instance(const std::string& suffix) const;

    // The value of a control expression (arbitrary where the analysis does not model it).
    smt::Term enc(const ir::Expr& e, const Bindings& b);
    // lo <= iterator < hi for loop `f`.
    smt::Term in_range(const ir::For& f, const Bindings& b);
    // The conditions of a chain of scopes (loop ranges, branch conditions) all hold.
    smt::Term holds(const std::vector<Frame>& frames, const Bindings& b);

    // A fresh integer variable.
    smt::Term fresh_int(const std::string& base);
    // floor(x / c) for c > 0, as a fresh variable whose definition every query assumes.
    smt::Term floor_div(const smt::Term& x, int64_t c);

    // Is q unsatisfiable in the loop's context? (Undecided counts as no.)
    bool unsat(const smt::Term& q);

private:
    std::shared_ptr<const ir::For> loop_;
    BlockContext ctx_;
    std::vector<ir::Sym> iters_;  // the loop's iterator and its inner loops'
    std::vector<ir::ConfigField> written_cfgs_;
    std::vector<smt::Term> defs_;
    int fresh_ = 0;

    bool reads_written_config(const ir::Expr& e) const;
};

}  // namespace exo::analysis
