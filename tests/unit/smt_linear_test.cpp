// Queries refuted by linear reasoning without Z3 (analysis/smt_linear.h): the common
// shapes are, what needs more than that still reaches Z3, and on random conjunctions a
// refutation is never wrong (Z3 is the judge).
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "analysis/smt.h"
#include "analysis/smt_linear.h"
#include "smt_asked.h"

using namespace exo::analysis::smt;

namespace {

// Names of this file only, so that no other test's query is a cached repeat.
Term var(const std::string& s) { return int_var("smt_linear_" + s); }

// sum(coefficient * unknown) + constant <= 0, as linearly_refuted takes it.
LinearConstraint constraint(std::vector<std::pair<unsigned, int64_t>> terms, int64_t constant) {
    std::sort(terms.begin(), terms.end());
    LinearConstraint c;
    c.terms = std::move(terms);
    c.constant = constant;
    return c;
}

}  // namespace

TEST_CASE("smt linear: accesses of different iterations never meet", "[analysis][smt]") {
    Solver s;
    Term i = var("i"), j = var("j"), k = var("k"), l = var("l"), n = var("n");
    s.push();
    s.assume(int_val(0) <= i && i < j && j < n);
    Term lanes = int_val(0) <= k && k < int_val(8) && int_val(0) <= l && l < int_val(8);
    // x[8*i + k] and x[8*j + l]: 8 * (j - i) = k - l needs |k - l| >= 8
    Asked a = ask(s, lanes && eq(int_val(8) * i + k, int_val(8) * j + l));
    CHECK_FALSE(a.sat);
    CHECK_FALSE(a.by_z3);
    // with nine lanes they can: Z3 says so
    Term wide = int_val(0) <= k && k < int_val(9) && int_val(0) <= l && l < int_val(9);
    Asked b = ask(s, wide && eq(int_val(8) * i + k, int_val(8) * j + l));
    CHECK(b.sat);
    CHECK(b.by_z3);
    s.pop();
}

TEST_CASE("smt linear: integer reasoning, validity and hypotheses in scopes", "[analysis][smt]") {
    Solver s;
    Term x = var("x"), y = var("y"), n = var("n"), i = var("i");
    // 2x = 2y + 1 has no integer solution (it has rational ones)
    Asked parity = ask(s, eq(int_val(2) * x, int_val(2) * y + int_val(1)));
    CHECK_FALSE(parity.sat);
    CHECK_FALSE(parity.by_z3);
    // 2 <= 3x <= 4 has none either (x would be between 2/3 and 4/3: x = 1 is fine; 4 <= 3x <= 5 is not)
    CHECK(s.is_sat(int_val(2) <= int_val(3) * x && int_val(3) * x <= int_val(4)));
    Asked between = ask(s, int_val(4) <= int_val(3) * x && int_val(3) * x <= int_val(5));
    CHECK_FALSE(between.sat);
    CHECK_FALSE(between.by_z3);
    // negated comparisons on their boundary: each has exactly the solution x = 0 or 1
    for (const Term& q : {!(x < int_val(0)) && x <= int_val(0), !(x <= int_val(0)) && x <= int_val(1),
                          !(x > int_val(0)) && x >= int_val(0), !(x >= int_val(1)) && x >= int_val(0)})
        CHECK(s.is_sat(q));
    // a bound that follows from the hypotheses in scope, then not once they are popped
    s.push();
    s.assume(int_val(0) < n);
    s.assume(int_val(0) <= i && i < n);
    uint64_t z3 = Solver::queries_asked();
    CHECK(s.is_valid(i + int_val(1) <= n));
    CHECK(s.is_valid(!(int_val(2) * i >= int_val(2) * n)));
    CHECK(Solver::queries_asked() == z3);
    s.pop();
    CHECK_FALSE(s.is_valid(var("i2") + int_val(1) <= var("n2")));
}

TEST_CASE("smt linear: an exact elimination comes first, so that no rounding is lost", "[analysis][smt]") {
    // From ExoBLAS's gemm (a tail loop's access below 0?): i + 48*q + 16*t <= -1 with
    // i, t >= 0 gives 48*q <= -1, so q <= -1 and N <= 48*q + 47 <= -1, against N >= 1.
    // Eliminating i first and then q loses the rounding (16*t + N <= 31 is satisfiable);
    // t, whose only upper bound has a unit coefficient, must go before q. Ties are broken
    // by the unknowns' numbers, so every numbering is tried.
    std::vector<unsigned> id{0, 1, 2, 3};  // of i, q, t, N
    do {
        const unsigned i = id[0], q = id[1], t = id[2], n = id[3];
        std::vector<LinearConstraint> query{
            constraint({{i, 1}, {q, 48}, {t, 16}}, 1),  // i + 48q + 16t + 1 <= 0
            constraint({{t, -1}}, 0),                   // t >= 0
            constraint({{i, -1}}, 0),                   // i >= 0
            constraint({{n, 1}, {q, -48}}, -47),        // N <= 48q + 47
            constraint({{n, -1}}, 1),                   // N >= 1
        };
        CHECK(linearly_refuted(query));
    } while (std::next_permutation(id.begin(), id.end()));
}

TEST_CASE("smt linear: repeated constraints do not multiply", "[analysis][smt]") {
    // a0 <= a1 <= ... <= a5 < a0, where each step a_j <= a_(j+1) goes through eight
    // unknowns (a_j <= b <= a_(j+1)): eliminating them leaves eight copies of each step,
    // whose combinations multiply by eight per step (8^5 past any budget) unless the
    // copies are merged. ExoBLAS's trsv asks such queries (its splits' quotients).
    const unsigned width = 8, steps = 5;
    std::vector<LinearConstraint> query;
    unsigned next = steps + 1;  // a_0 .. a_steps are 0 .. steps
    for (unsigned j = 0; j < steps; ++j)
        for (unsigned w = 0; w < width; ++w, ++next) {
            query.push_back(constraint({{j, 1}, {next, -1}}, 0));      // a_j <= b
            query.push_back(constraint({{next, 1}, {j + 1, -1}}, 0));  // b <= a_(j+1)
        }
    query.push_back(constraint({{steps, 1}, {0, -1}}, 1));  // a_steps < a_0
    CHECK(linearly_refuted(query));
    query.back().constant = 0;  // a_steps <= a_0: all equal is a solution
    CHECK_FALSE(linearly_refuted(query));
}

TEST_CASE("smt linear: what linear reasoning cannot read reaches Z3", "[analysis][smt]") {
    Solver s;
    Term x = var("dx"), y = var("dy");
    // a disjunction, a disequality: left out, so Z3 decides (both unsatisfiable)
    Asked disjunction = ask(s, int_val(0) <= x && x <= int_val(5) && (x < int_val(0) || x > int_val(5)));
    CHECK_FALSE(disjunction.sat);
    CHECK(disjunction.by_z3);
    Asked disequality = ask(s, eq(x, int_val(1)) && !eq(x, int_val(1)));
    CHECK_FALSE(disequality.sat);
    CHECK(disequality.by_z3);
    // a product of unknowns is an unknown of its own: x*y = 3 with x = 1 is satisfiable
    Asked product = ask(s, eq(x * y, int_val(3)) && eq(x, int_val(1)));
    CHECK(product.sat);
    CHECK(product.by_z3);
    // `c == True` is read as c, `c == False` as not c (the if-conditions the effect
    // analyses take as facts): refuted without Z3
    Asked as_true = ask(s, eq(x >= int_val(3), bool_val(true)) && eq(bool_val(false), x > int_val(2)));
    CHECK_FALSE(as_true.sat);
    CHECK_FALSE(as_true.by_z3);
    // a literal False is refuted at once
    Asked literal = ask(s, bool_val(false) && eq(x, y));
    CHECK_FALSE(literal.sat);
    CHECK_FALSE(literal.by_z3);
}

TEST_CASE("smt linear: a refutation is never wrong, on random conjunctions", "[analysis][smt]") {
    // Random conjunctions of comparisons over four unknowns, small coefficients (some
    // equalities, some negations), each asked of the refuter and of Z3
    // alone (a solver scope in which the refuter cannot apply: the query is wrapped so
    // that it is not read). The refuter must refute only what Z3 finds unsatisfiable,
    // and refute a good share of what is.
    std::mt19937 rng(20261203);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::vector<Term> xs = {var("r0"), var("r1"), var("r2"), var("r3")};
    size_t used = 4;  // unknowns in this round's query: few make boundaries matter
    auto linear = [&]() {
        Term e = int_val(pick(-4, 4));
        for (size_t v = 0; v < used; ++v)
            if (pick(0, 2)) e = e + int_val(pick(-3, 3)) * xs[v];
        return e;
    };
    Solver s;
    s.set_timeout_ms(2000);  // an undecided query is skipped
    int refuted = 0, unsat = 0;
    for (int round = 0; round < 1000; ++round) {
        used = size_t(pick(1, 4));
        // small boxes, so that answers often hinge on a boundary (< against <=)
        Term q = bool_val(true);
        for (size_t v = 0; v < used; ++v)
            if (pick(0, 1)) q = q && int_val(pick(-3, 0)) <= xs[v] && xs[v] <= int_val(pick(0, 3));
        int parts = pick(1, 6);
        for (int p = 0; p < parts; ++p) {
            Term a = linear(), b = linear();
            int kind = pick(0, 4);
            Term c = kind == 0 ? a < b : kind == 1 ? a <= b : kind == 2 ? a > b : kind == 3 ? a >= b : eq(a, b);
            q = q && (pick(0, 3) == 0 ? !c : c);
        }
        uint64_t before = Solver::refuted_linearly();
        std::optional<bool> sat = s.try_is_sat(q);
        bool by_refuter = Solver::refuted_linearly() != before;
        // Z3's own answer, for a query the refuter does not read (a disjunction with False)
        std::optional<bool> z3_sat = s.try_is_sat(q || (bool_val(false) && eq(xs[0], int_val(round))));
        INFO("query " << q.str());
        if (by_refuter) REQUIRE(z3_sat != std::optional<bool>(true));
        if (!z3_sat) continue;
        if (sat) REQUIRE(*sat == *z3_sat);
        if (!*z3_sat) ++unsat;
        if (by_refuter) ++refuted;
    }
    INFO(refuted << " of " << unsat << " unsatisfiable queries refuted without Z3");
    CHECK(unsat > 100);
    CHECK(refuted * 2 > unsat);
}
