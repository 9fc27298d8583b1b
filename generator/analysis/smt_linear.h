// Refuting a solver query without Z3: linear integer reasoning over its comparisons.
//
// Most queries the safety checks ask are conjunctions of linear comparisons: two
// accesses to x[8*i + k] and x[8*j + l] of iterations i < j with 0 <= k, l < 8 never
// meet, a bound follows from the loop bounds in scope. Z3 costs 100-300 us for each
// such query, however simple, and large schedules ask tens of thousands. This proves
// many of them unsatisfiable in a few microseconds: the query's comparisons become
// linear constraints over its integer subterms (a product of two unknowns, a division,
// an if-then-else stand for themselves), equalities with a unit coefficient are solved
// and substituted, the rest are eliminated by Fourier-Motzkin with integer rounding,
// within a fixed budget. It is sound and incomplete: every derived constraint follows
// from the query's (anything it cannot read, a disjunction, a negated equality, a real,
// is left out, which can only make the rest easier to satisfy), so "refuted" proves the
// query unsatisfiable, and anything else is asked of Z3. Used by smt.cpp below the
// solver's cache, and by the bounds checker's quick decisions (boundscheck.cpp).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace exo::analysis::smt {

// sum(coefficient * atom) + constant <= 0 (or == 0): atoms are Z3 term ids.
struct LinearConstraint {
    std::vector<std::pair<unsigned, int64_t>> terms;  // by atom, coefficients never 0
    int64_t constant = 0;
    bool equality = false;
};

// Reads Z3 terms of the process-wide context (given as void*, Z3_ast) into constraints.
class LinearReader {
public:
    explicit LinearReader(void* z3_context);
    // The constraints a boolean term implies, appended to `out`; false when the term
    // is itself false (a refutation on its own).
    bool read(void* ast, std::vector<LinearConstraint>& out);

private:
    bool read_bool(void* ast, bool negated, std::vector<LinearConstraint>& out);
    bool read_int(void* ast, int64_t scale, LinearConstraint& into);
    void* ctx_;
};

// Is the conjunction of `constraints` unsatisfiable over the integers, by the
// elimination above within its budget? False: not refuted (it may still be).
bool linearly_refuted(std::vector<LinearConstraint> constraints);

}  // namespace exo::analysis::smt
