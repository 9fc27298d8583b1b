// Satisfiable queries answered by an earlier model's values (analysis/smt_witness.h):
// a query Z3 answered leaves its model's values, a later query they satisfy is answered
// without Z3, and a query they do not satisfy (or that only an inexact evaluation would
// call satisfied) still reaches Z3, which gives the right answer.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "analysis/smt.h"
#include "smt_asked.h"

using namespace exo::analysis::smt;

namespace {

// Names of this file only: no other test's model assigns them, and no query here is a
// cached repeat of another test's.
Term var(const std::string& s) { return int_var("smt_witness_" + s); }

// Asked with try_is_sat, the question kept models answer.
Asked asked(Solver& s, const Term& q) { return ask(s, q, true); }

}  // namespace

TEST_CASE("smt witness: a model's values answer a later query they satisfy", "[analysis][smt]") {
    Solver s;
    Term x = var("a_x"), y = var("a_y");
    // The only model: x = 7, y = -3.
    Asked first = asked(s, eq(x, int_val(7)) && eq(y, int_val(-3)));
    CHECK(first.sat);
    CHECK(first.by_z3);
    CHECK_FALSE(first.witnessed);
    // x * y = -21 (not linear: the refuter does not read it, and no cache holds it)
    Asked product = asked(s, x * y < int_val(-20) && (x > y || y > int_val(100)));
    CHECK(product.sat);
    CHECK_FALSE(product.by_z3);
    CHECK(product.witnessed);
    // an if-then-else takes the branch the values choose
    Asked chosen = asked(s, eq(ite(x > int_val(5), y, x), int_val(-3)));
    CHECK(chosen.witnessed);
}

TEST_CASE("smt witness: what the values do not satisfy reaches Z3", "[analysis][smt]") {
    Solver s;
    Term x = var("b_x"), y = var("b_y");
    asked(s, eq(x, int_val(4)) && eq(y, int_val(4)));
    // false under x = y = 4 (and under every other kept model: its variables are this
    // file's, 0 there), but satisfiable
    Asked other = asked(s, x * y > int_val(20) && x < y);
    CHECK(other.sat);
    CHECK(other.by_z3);
    CHECK_FALSE(other.witnessed);
    // unsatisfiable: never witnessed, whatever is kept
    Asked never = asked(s, x * x < int_val(0));
    CHECK_FALSE(never.sat);
    CHECK_FALSE(never.witnessed);
}

TEST_CASE("smt witness: the hypotheses in scope must hold too", "[analysis][smt]") {
    Solver s;
    Term x = var("c_x"), y = var("c_y");
    asked(s, eq(x, int_val(2)) && eq(y, int_val(3)));
    s.push();
    s.assume(x * y > int_val(10));  // false at x = 2, y = 3
    Asked q = asked(s, x * y < int_val(100));
    CHECK(q.sat);
    CHECK(q.by_z3);
    CHECK_FALSE(q.witnessed);
    s.pop();
    // out of that scope the same values answer it
    Asked out = asked(s, x * y < int_val(99));
    CHECK(out.witnessed);
}

TEST_CASE("smt witness: an overflowing product is no witness", "[analysis][smt]") {
    Solver s;
    Term x = var("d_x");
    const int64_t big = int64_t(1) << 62;
    asked(s, eq(x, int_val(big)));
    // x * x * 4 wraps to 0 in int64 arithmetic; over the integers it is 2^126 > 0, and
    // asking x * x * 4 <= 0 must not be answered by a wrapped evaluation
    Asked wrapped = asked(s, x * x * int_val(4) <= int_val(0) && x > int_val(0));
    CHECK_FALSE(wrapped.sat);
    CHECK_FALSE(wrapped.witnessed);
}
