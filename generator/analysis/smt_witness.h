// Answering "satisfiable" without Z3: the assignments that satisfied earlier queries.
//
// Many of the queries the analyses ask are satisfiable, and the linear refuter
// (smt_linear.h) cannot answer those: eliminate_dead_code asks whether an `if`'s
// condition can be false and whether it can be true, and for most conditions ExoBLAS's
// schedules try both can; stage_mem and the effect analyses ask whether two accesses
// may meet. Z3 costs 100-300 us for each, and consecutive queries are alike: the same
// proc, the same loops in scope, a slightly different condition. So the values of the
// last few models Z3 found are kept, and a new query is first evaluated, exactly, under
// each of them. When one makes every hypothesis and the query true, that assignment is
// a witness: the query is satisfiable. Anything the evaluator cannot compute exactly (an
// overflow, a division, a real, a quantifier) makes that assignment no witness, so
// "witnessed" is always right, and anything else is asked of Z3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace exo::analysis::smt {

class WitnessPool {
public:
    // Z3 terms of the process-wide context, given as void* (Z3_context, Z3_ast, Z3_model).
    explicit WitnessPool(void* z3_context) : ctx_(z3_context) {}

    // Does a kept assignment make every term of `conjuncts` true? Variables it does not
    // name count as 0 (false), as in Z3's completed models.
    bool witnessed(const std::vector<void*>& conjuncts) const;

    // Keeps the values of `model`'s variables, dropping the oldest assignment if full.
    void keep(void* model);

private:
    using Assignment = std::unordered_map<unsigned, int64_t>;  // variable's AST id -> value (bools 0/1)
    static constexpr size_t kKept = 8;

    void* ctx_;
    std::vector<Assignment> kept_;  // oldest first
};

}  // namespace exo::analysis::smt
