// Bounds, assertion and aliasing checks run on every new proc (analysis/boundscheck.h),
// through the real pipeline (@proc in a host program), plus the SMT wrapper itself.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <string>

#include "analysis/smt.h"
#include "frontend/exo_module.h"
#include "host_fixture.h"
#include "runtime.h"

using namespace exo;
using namespace exo::host;

namespace {

using test::ensure_exo;

// Runs `body` as a module after `from exo import ...`; returns "" or the summary
// ("TypeError: ...") of the exception it raised.
std::string run(const std::string& body) {
    ensure_exo();
    static std::atomic<int> n{0};
    std::string name = "bc_test_" + std::to_string(n++);
    std::string src = "from __future__ import annotations\n"
                      "from exo import proc, config, DRAM\n" + body;
    try {
        exec_source(name, name + ".py", src);
    } catch (const PyException& e) {
        return exception_summary(Value(e.exc));
    }
    return {};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("smt: solver scopes, validity and models", "[analysis][smt]") {
    using namespace exo::analysis::smt;
    Solver s;
    Term n = int_var("bc_unit_n"), i = int_var("bc_unit_i");
    s.push();
    s.assume(int_val(0) < n);
    s.assume(int_val(0) <= i && i < n);
    REQUIRE(s.is_valid(i < n + int_val(1)));
    REQUIRE_FALSE(s.is_valid(i + int_val(1) < n));
    // counterexample: i is the last index
    REQUIRE(s.model_int(i) + 1 == s.model_int(n));
    REQUIRE(s.is_sat(eq(n, int_val(7))));
    REQUIRE(s.model_int(n) == 7);
    s.pop();
    REQUIRE(s.is_sat(n < int_val(0)));  // hypotheses gone with the scope
    REQUIRE(bool_val(true).is_bool());
    REQUIRE(n.is_int());
}

TEST_CASE("smt: a repeated query, renamed or not, is answered without Z3; a different one is not",
          "[analysis][smt]") {
    using namespace exo::analysis::smt;
    // Names of this test only, so that no earlier query of the process is a repeat.
    auto var = [](const std::string& s) { return int_var("smt_cache_" + s); };
    // n > 0, 0 <= i < n |- i + k < n + 1 (with a disjunction, so that linear
    // reasoning alone cannot refute the negation and Z3 is asked), under the names given.
    auto ask = [&](Solver& s, const std::string& n_name, const std::string& i_name, int64_t k) {
        Term n = var(n_name), i = var(i_name);
        s.push();
        s.assume(int_val(0) < n);
        s.assume(int_val(0) <= i && i < n);
        bool valid = s.is_valid(i + int_val(k) < n + int_val(1) && (i < n || eq(i, n)));
        s.pop();
        return valid;
    };
    Solver s, other;
    uint64_t before = Solver::queries_asked();
    REQUIRE(ask(s, "n1", "i1", 0));
    REQUIRE(Solver::queries_asked() == before + 1);
    // the same query, and the same query over other variables, in another solver
    REQUIRE(ask(s, "n1", "i1", 0));
    REQUIRE(ask(other, "n2", "i2", 0));
    REQUIRE(Solver::queries_asked() == before + 1);
    // not a renaming: i and n swapped in the hypotheses only
    {
        Term n = var("n3"), i = var("i3");
        other.push();
        other.assume(int_val(0) < i);
        other.assume(int_val(0) <= n && n < i);
        REQUIRE_FALSE(other.is_valid(i + int_val(0) < n + int_val(1)));
        other.pop();
    }
    // another constant: not valid, with a counterexample; then asked again, the
    // counterexample is made again (a "satisfiable" answer is never taken from memory)
    uint64_t asked = Solver::queries_asked();
    REQUIRE_FALSE(ask(s, "n4", "i4", 2));
    REQUIRE_FALSE(ask(s, "n4", "i4", 2));
    REQUIRE(Solver::queries_asked() == asked + 2);
    // a hypothesis popped is not part of a later query: n < 0 is satisfiable again
    REQUIRE(s.is_sat(var("n1") < int_val(0)));
}

TEST_CASE("boundscheck: in-bounds programs are accepted", "[analysis][boundscheck]") {
    REQUIRE(run("@proc\n"
                "def foo(n: size, A: i8[n]):\n"
                "    a: i8\n"
                "    for i in seq(0, n):\n"
                "        a = A[i]\n") == "");
    // guarded tail of a split loop, with division
    REQUIRE(run("@proc\n"
                "def good(n: size, dst: R[n] @ DRAM, src: R[n] @ DRAM):\n"
                "    for i in seq(0, (n + 7) / 8):\n"
                "        if n - 8 * i >= 8:\n"
                "            pass\n"
                "        else:\n"
                "            for j in seq(0, n - 8 * i):\n"
                "                dst[8 * i + j] = src[8 * i + j]\n") == "");
    // accesses through a window statement are translated to the buffer
    REQUIRE(run("@proc\n"
                "def foo(n: size, x: R[n, n]):\n"
                "    y = x[1:, :]\n"
                "    for i in seq(0, n):\n"
                "        if i + 1 < n:\n"
                "            x[i, i] = y[i, i]\n") == "");
    // callee asserts, with divisions and modulo by constants at the call
    REQUIRE(run("@proc\n"
                "def foo(n: size):\n"
                "    assert n == 1\n"
                "    pass\n"
                "@proc\n"
                "def bar():\n"
                "    foo(10 % 3)\n") == "");
}

TEST_CASE("boundscheck: out-of-bounds accesses", "[analysis][boundscheck]") {
    std::string e = run("@proc\n"
                        "def foo():\n"
                        "    x2: R[1]\n"
                        "    huga: R\n"
                        "    huga = x2[100]\n");
    REQUIRE(contains(e, "TypeError: Errors occurred during effect checking:\n"));
    REQUIRE(contains(e, "x2 is read out-of-bounds when:\n   x2_stride_0 = 1."));

    e = run("@proc\n"
            "def foo(n: size, A: R[n]):\n"
            "    for i in seq(0, n):\n"
            "        A[i + 1] = 0.0\n");
    REQUIRE(contains(e, "A is written out-of-bounds when:\n   n = 1, A_stride_0 = 1, i = 0."));

    e = run("@proc\n"
            "def foo(n: size, A: R[n]):\n"
            "    for i in seq(0, n + 1):\n"
            "        A[i] += 1.0\n");
    REQUIRE(contains(e, "A is reduced out-of-bounds when:"));

    // through a callee: the callee's write lands outside the caller's buffer
    e = run("@proc\n"
            "def set0(m: size, y: [R][m]):\n"
            "    for j in seq(0, m):\n"
            "        y[j] = 0.0\n"
            "@proc\n"
            "def bar(x: R[8]):\n"
            "    set0(4, x[6:10])\n");
    REQUIRE(contains(e, "x is written out-of-bounds when:"));
}

TEST_CASE("boundscheck: sizes, loop bounds and asserts", "[analysis][boundscheck]") {
    std::string e = run("@proc\n"
                        "def foo(n: index):\n"
                        "    for i in seq(0, n):\n"
                        "        pass\n");
    REQUIRE(contains(e, "expected expression n - 0 to always be non-negative. It can be negative when:\n"));

    e = run("@proc\n"
            "def foo(n: index):\n"
            "    x: R[n]\n"
            "    pass\n");
    REQUIRE(contains(e, "expected expression n to always be positive. It can be non positive when:\n   x_stride_0 = 1, n = 0."));

    e = run("@proc\n"
            "def bar(x: i8[30, 10] @ DRAM):\n"
            "    assert stride(x, 0) == 9\n"
            "    pass\n");
    REQUIRE(contains(e, "The assertion stride(x, 0) == 9 at "));
    REQUIRE(contains(e, "is always unsatisfiable."));

    e = run("@proc\n"
            "def foo(n: size, x: i8[n, n]):\n"
            "    assert n == 1\n"
            "    pass\n"
            "@proc\n"
            "def bar():\n"
            "    z: i8[3, 3]\n"
            "    foo(3, z)\n");
    REQUIRE(contains(e, "Could not verify assertion n == 1 in foo at "));
    REQUIRE(contains(e, ". Assertion is false when:\n"));

    e = run("@proc\n"
            "def foo(x: i8[3, 3]):\n"
            "    pass\n"
            "@proc\n"
            "def bar():\n"
            "    z: i8[3, 4]\n"
            "    foo(z)\n");
    REQUIRE(contains(e, "type-shape of calling argument may not equal the required type-shape: [3,4] vs. [3,3]."
                        " It could be non equal when:\n"));
}

TEST_CASE("boundscheck: loop-bound queries are decided without the solver", "[analysis][boundscheck]") {
    using exo::analysis::smt::Solver;
    // (EXOCC_CHECK_QUICK=1 asks the solver every quick question again, by design.)
    const bool cross_checked = std::getenv("EXOCC_CHECK_QUICK") && *std::getenv("EXOCC_CHECK_QUICK");
    // Every access is in bounds by the loop bounds, the size arguments and the guard
    // alone; the asserts are satisfied by stride 1 and any size: no solver query.
    uint64_t before = Solver::queries_asked();
    REQUIRE(run("@proc\n"
                "def scale(n: size, m: size, x: [f32][n] @ DRAM, y: f32[2 * n, 16]):\n"
                "    assert stride(x, 0) == 1\n"
                "    assert m <= n\n"
                "    for i in seq(0, n):\n"
                "        for j in seq(0, 16):\n"
                "            if j < m:\n"
                "                y[2 * i + 1, j] = x[i]\n"
                "    for k in seq(0, m):\n"
                "        x[k] = 0.0\n") == "");
    REQUIRE((cross_checked || Solver::queries_asked() == before));
    // A loop split by 8 with its tail, as divide_loop(tail="cut") leaves it: floor
    // division and remainder by a constant are bounded by what they mean.
    REQUIRE(run("@proc\n"
                "def split(n: size, x: f32[n]):\n"
                "    for io in seq(0, n / 8):\n"
                "        for ii in seq(0, 8):\n"
                "            x[8 * io + ii] = 0.0\n"
                "    for ii in seq(0, n % 8):\n"
                "        x[ii + n / 8 * 8] = 0.0\n") == "");
    REQUIRE((cross_checked || Solver::queries_asked() == before));
    // The last block of a loop split by 16 rounding up: 0 <= 16 * jo holds only over
    // the integers (16 * ((n + 15) / 16) >= n >= 1 makes the quotient at least 1).
    REQUIRE(run("@proc\n"
                "def last_block(n: size, x: f32[n]):\n"
                "    for jo in seq((n + 15) / 16 - 1, (n + 15) / 16):\n"
                "        for i in seq(0, 16):\n"
                "            if i + 16 * jo < n:\n"
                "                x[i + 16 * jo] = 0.0\n") == "");
    REQUIRE((cross_checked || Solver::queries_asked() == before));
    // A guard's comparisons bound the access, its disjunction aside.
    REQUIRE(run("@proc\n"
                "def guarded(n: size, m: size, A: f32[4]):\n"
                "    for i in seq(0, n):\n"
                "        for j in seq(0, m):\n"
                "            if i < 4 and (j < 2 or j > 3):\n"
                "                A[i] = 0.0\n") == "");
    REQUIRE((cross_checked || Solver::queries_asked() == before));
}

TEST_CASE("boundscheck: what the quick decisions cannot prove goes to the solver", "[analysis][boundscheck]") {
    // Near misses of the quick decisions' reasoning: each is out of bounds, and refused
    // with the solver's counterexample.
    // 2*i + 1 < 2*n - 1 fails at i = n - 1 (it would hold over the rationals up to i < n - 1/2)
    std::string e = run("@proc\n"
                        "def foo(n: size, A: R[2 * n - 1]):\n"
                        "    for i in seq(0, n):\n"
                        "        A[2 * i + 1] = 0.0\n");
    REQUIRE(contains(e, "A is written out-of-bounds when:"));
    // a disjunction bounds nothing
    e = run("@proc\n"
            "def foo(n: size, A: R[4]):\n"
            "    for i in seq(0, n):\n"
            "        if i < 4 or i < n:\n"
            "            A[i] = 0.0\n");
    REQUIRE(contains(e, "A is written out-of-bounds when:"));
    // the else branch has the negated guard
    e = run("@proc\n"
            "def foo(n: size, A: R[4]):\n"
            "    for i in seq(0, n):\n"
            "        if i < 4:\n"
            "            pass\n"
            "        else:\n"
            "            A[i] = 0.0\n");
    REQUIRE(contains(e, "A is written out-of-bounds when:"));
    // one before the last block of a loop split by 16 rounding up, when n <= 16
    e = run("@proc\n"
            "def foo(n: size, x: f32[n]):\n"
            "    for jo in seq((n + 15) / 16 - 1, (n + 15) / 16):\n"
            "        for i in seq(0, 16):\n"
            "            if i + 16 * jo < n:\n"
            "                x[i + 16 * jo - 1] = 0.0\n");
    REQUIRE(contains(e, "x is written out-of-bounds when:"));
    // one past the tail of a loop split by 8
    e = run("@proc\n"
            "def foo(n: size, x: f32[n]):\n"
            "    for ii in seq(0, n % 8):\n"
            "        x[ii + n / 8 * 8 + 1] = 0.0\n");
    REQUIRE(contains(e, "x is written out-of-bounds when:"));
    // an assert no witness satisfies, and that is indeed unsatisfiable
    e = run("@proc\n"
            "def foo(n: size, m: size):\n"
            "    assert n < m\n"
            "    assert m < n\n"
            "    pass\n");
    REQUIRE(contains(e, "The assertion m < n at "));
    REQUIRE(contains(e, "is always unsatisfiable."));
}

TEST_CASE("boundscheck: strides known from dense shapes", "[analysis][boundscheck]") {
    const char* foo = "@proc\n"
                      "def foo(n: size, m: size, src: [i8][n, m], dst: [i8][n, 16]):\n"
                      "    assert stride(src, 1) == 1\n"
                      "    assert stride(dst, 0) == 16\n"
                      "    assert stride(dst, 1) == 1\n"
                      "    pass\n";
    REQUIRE(run(std::string(foo) +
                "@proc\n"
                "def bar(x: i8[8, 30, 10], y: i8[50, 4, 100, 16]):\n"
                "    xx = x[0, :, :]\n"
                "    yy = y[3, 1, 3:33, :]\n"
                "    foo(30, 10, xx, yy)\n") == "");
    REQUIRE(contains(run(std::string(foo) +
                         "@proc\n"
                         "def bar(x: i8[30, 10], y: [i8][30, 16]):\n"
                         "    foo(30, 10, x, y)\n"),
                     "Could not verify assertion stride(dst, 0) == 16 in foo"));
}

TEST_CASE("boundscheck: config writes flow into later accesses", "[analysis][boundscheck]") {
    const char* cfg = "@config\n"
                      "class Cfg:\n"
                      "    n: index\n";
    REQUIRE(run(std::string(cfg) +
                "@proc\n"
                "def foo(x: R[4]):\n"
                "    Cfg.n = 3\n"
                "    x[Cfg.n] = 0.0\n") == "");
    REQUIRE(contains(run(std::string(cfg) +
                         "@proc\n"
                         "def foo(x: R[4]):\n"
                         "    Cfg.n = 4\n"
                         "    x[Cfg.n] = 0.0\n"),
                     "x is written out-of-bounds when:"));
    // as upstream, loop trip counts are checked without the config's value
    REQUIRE(contains(run(std::string(cfg) +
                         "@proc\n"
                         "def foo(x: R[4]):\n"
                         "    Cfg.n = 4\n"
                         "    for i in seq(0, Cfg.n):\n"
                         "        x[i] = 0.0\n"),
                     "expected expression Cfg.n - 0 to always be non-negative."));
}

TEST_CASE("aliasing: the same buffer passed twice", "[analysis][aliasing]") {
    std::string e = run("@proc\n"
                        "def foo(n: size, x: [R][n, n], y: [R][n, n]):\n"
                        "    pass\n"
                        "@proc\n"
                        "def bar(n: size, z: R[n, n]):\n"
                        "    w = z[:, :]\n"
                        "    foo(n, w, z)\n");
    REQUIRE(contains(e, "SchedulingError: Cannot Pass the same buffer 'z' via multiple arguments in call to foo, "
                        "since doing so would introduce aliased arguments."));
}
