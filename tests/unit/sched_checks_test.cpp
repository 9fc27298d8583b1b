// Scheduling safety analyses (analysis/sched_checks.h) on procs built from object code
// through the real pipeline (@proc in a host program).
#include <catch2/catch.hpp>

#include <atomic>
#include <string>

#include "analysis/sched_checks.h"
#include "frontend/exo_module.h"
#include "frontend/pyparser.h"
#include "host_fixture.h"
#include "ir/printer.h"
#include "runtime.h"

using namespace exo;
using namespace exo::host;
using exo::analysis::CheckFailed;
using ir::Field;

namespace {

using test::ensure_exo;

// Runs `body` as a module and returns the LoopIR of its proc `name`.
ir::ProcPtr proc_of(const std::string& body, const char* name = "foo") {
    ensure_exo();
    static std::atomic<int> n{0};
    std::string mod = "sc_test_" + std::to_string(n++);
    std::string src = "from __future__ import annotations\n"
                      "from exo import proc, config, DRAM\n" + body;
    Value m;
    try {
        m = exec_source(mod, mod + ".py", src);
    } catch (const PyException& e) {
        FAIL("host exception: " << exception_summary(Value(e.exc)));
    }
    ir::ProcPtr p = frontend::parser_hooks().procedure_of(getattr(m, name));
    REQUIRE(p);
    return p;
}

ir::Path at(std::initializer_list<int> body_steps) {
    ir::Path p;
    for (int i : body_steps) p.push_back(ir::Step{Field::Body, i});
    return p;
}

ir::BlockLoc block(ir::Path parent, size_t lo, size_t hi, Field f = Field::Body) {
    return ir::BlockLoc{std::move(parent), f, lo, hi};
}

template <class F>
std::string failure(F&& f) {
    try {
        f();
    } catch (const CheckFailed& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

ir::ExprPtr int_c(int64_t v) { return ir::Const::of_int(v, ir::T::int_()); }
ir::ExprPtr var(const ir::Sym& s) { return ir::make<ir::Read>(s, ir::ExprList{}, ir::T::index(), ir::null_srcinfo()); }
ir::ExprPtr bin(ir::BinOpKind op, ir::ExprPtr a, ir::ExprPtr b) {
    return ir::make<ir::BinOp>(op, std::move(a), std::move(b), ir::T::index(), ir::null_srcinfo());
}

}  // namespace

TEST_CASE("sched_checks: reorder statements", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(x: R[4], y: R[4]):\n"
                     "    x[0] = 1.0\n"
                     "    y[0] = 2.0\n"
                     "    y[1] = x[0]\n"
                     "    y[2] += x[1]\n"
                     "    y[2] += x[2]\n");
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 0, 1), block({}, 1, 2)); }) == "");
    std::string e = failure([&] { analysis::check_reorder_stmts(*p, block({}, 0, 1), block({}, 2, 3)); });
    REQUIRE(contains(e, "do not commute"));
    REQUIRE(contains(e, "Statements at "));
    // two reductions into the same location commute
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 3, 4), block({}, 4, 5)); }) == "");
    // a write and a reduction of the same location do not
    // y[1] = x[0] and y[2] += x[1] touch different locations
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 2, 3), block({}, 3, 4)); }) == "");
}

TEST_CASE("sched_checks: reorder statements with loops and configs", "[analysis][sched_checks]") {
    auto p = proc_of("@config\n"
                     "class CFG:\n"
                     "    a: index\n"
                     "@proc\n"
                     "def foo(n: size, x: R[n], y: R[n]):\n"
                     "    for i in seq(0, n):\n"
                     "        x[i] = 1.0\n"
                     "    for i in seq(0, n):\n"
                     "        y[i] = x[i]\n"
                     "    CFG.a = 3\n"
                     "    for i in seq(0, n):\n"
                     "        if i == CFG.a:\n"
                     "            y[i] = 0.0\n");
    REQUIRE(contains(failure([&] { analysis::check_reorder_stmts(*p, block({}, 0, 1), block({}, 1, 2)); }),
                     "do not commute"));
    // a config write and a statement that reads the config
    REQUIRE(contains(failure([&] { analysis::check_reorder_stmts(*p, block({}, 2, 3), block({}, 3, 4)); }),
                     "do not commute"));
}

TEST_CASE("sched_checks: reorder loops", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, A: R[n, n], B: R[n, n], y: R[n]):\n"
                     "    for i in seq(0, n):\n"
                     "        for j in seq(0, n):\n"
                     "            A[i, j] = B[j, i]\n"
                     "    for i in seq(1, n):\n"
                     "        for j in seq(0, n - 1):\n"
                     "            A[i, j] = A[i - 1, j + 1]\n"
                     "    for i in seq(0, n):\n"
                     "        for j in seq(0, n):\n"
                     "            y[i] += A[i, j]\n"
                     "    for i in seq(1, n):\n"
                     "        for j in seq(1, n):\n"
                     "            A[i, j] = A[i - 1, j - 1]\n");
    REQUIRE(failure([&] { analysis::check_reorder_loops(*p, at({0})); }) == "");
    std::string e = failure([&] { analysis::check_reorder_loops(*p, at({1})); });
    REQUIRE(contains(e, "Loops i and j at "));
    REQUIRE(contains(e, "cannot be reordered"));
    REQUIRE(failure([&] { analysis::check_reorder_loops(*p, at({2})); }) == "");
    // a dependence along the diagonal survives the interchange
    REQUIRE(failure([&] { analysis::check_reorder_loops(*p, at({3})); }) == "");
}

TEST_CASE("sched_checks: fission", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, x: R[n + 1], y: R[n]):\n"
                     "    for i in seq(0, n):\n"
                     "        x[i] = 1.0\n"
                     "        y[i] = x[i]\n"
                     "    for i in seq(0, n):\n"
                     "        x[i] = 1.0\n"
                     "        y[i] = x[i + 1]\n"
                     "    tmp: R\n"
                     "    for i in seq(0, n):\n"
                     "        tmp = x[i]\n"
                     "        y[i] = tmp\n"
                     "    for i in seq(0, n):\n"
                     "        tmp = 2.0\n"
                     "        y[i] = tmp\n");
    REQUIRE(failure([&] { analysis::check_fission_loop(*p, at({0}), 1, false); }) == "");
    std::string e = failure([&] { analysis::check_fission_loop(*p, at({1}), 1, false); });
    REQUIRE(contains(e, "Cannot fission loop over i at "));
    REQUIRE(contains(failure([&] { analysis::check_fission_loop(*p, at({3}), 1, false); }), "Cannot fission loop"));
    // the first part does not depend on i and is idempotent
    REQUIRE(contains(failure([&] { analysis::check_fission_loop(*p, at({4}), 1, false); }), "Cannot fission loop"));
    REQUIRE(failure([&] { analysis::check_fission_loop(*p, at({4}), 1, true); }) == "");
    // trivial splits
    REQUIRE(failure([&] { analysis::check_fission_loop(*p, at({1}), 0, false); }) == "");
}

TEST_CASE("sched_checks: idempotence", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, x: R[n + 1], y: R[n]):\n"
                     "    for i in seq(0, n):\n"
                     "        x[i] += 1.0\n"
                     "        x[i] = 2.0\n"
                     "        y[i] = x[i + 1]\n"
                     "    for k in seq(0, n):\n"
                     "        x[k] = x[k + 1]\n"
                     "    for k in seq(0, n):\n"
                     "        y[k] = x[k]\n");
    ir::Path body = at({0});
    std::string e = failure([&] { analysis::check_is_idempotent(*p, block(body, 0, 1)); });
    REQUIRE(contains(e, "The statement at "));
    REQUIRE(contains(e, " is not idempotent."));
    REQUIRE(failure([&] { analysis::check_is_idempotent(*p, block(body, 1, 2)); }) == "");
    REQUIRE(failure([&] { analysis::check_is_idempotent(*p, block(body, 2, 3)); }) == "");
    // writes x[i], reads x[i+1] (same i): running it twice changes nothing
    REQUIRE(failure([&] { analysis::check_is_idempotent(*p, block(body, 1, 3)); }) == "");
    REQUIRE(contains(failure([&] { analysis::check_is_idempotent(*p, block(body, 0, 2)); }), "not idempotent"));
    // a shifting loop is not idempotent
    REQUIRE(contains(failure([&] { analysis::check_is_idempotent(*p, block({}, 1, 2)); }), "not idempotent"));
    REQUIRE(failure([&] { analysis::check_is_idempotent(*p, block({}, 2, 3)); }) == "");
}

TEST_CASE("sched_checks: expression bounds", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: index, m: size, x: R[m]):\n"
                     "    assert n >= 0\n"
                     "    for i in seq(0, n):\n"
                     "        pass\n"
                     "    for j in seq(0, m):\n"
                     "        x[j] = 0.0\n");
    auto loop0 = ir::stmt_at(*p, at({0}))->as<ir::For>();
    auto loop1 = ir::stmt_at(*p, at({1}))->as<ir::For>();
    std::string e = failure([&] { analysis::check_is_positive_expr(*p, block({}, 0, 1), loop0->hi); });
    REQUIRE(e == "The expression n is not guaranteed to be greater than 0.");
    REQUIRE(failure([&] { analysis::check_is_positive_expr(*p, block({}, 1, 2), loop1->hi); }) == "");
    REQUIRE(failure([&] { analysis::check_is_nonnegative_expr(*p, block({}, 0, 1), loop0->hi); }) == "");
    // the loop variable inside the body
    REQUIRE(failure([&] {
                analysis::check_is_nonnegative_expr(*p, block(at({1}), 0, 1),
                                                    bin(ir::BinOpKind::Sub, var(loop1->iter), int_c(1)));
            }) == "The expression j - 1 is not guaranteed to be greater than or equal to 0.");
    // the loop variable inside the body
    ir::BlockLoc in_body = block(at({1}), 0, 1);
    REQUIRE(analysis::expr_bound_holds(*p, in_body, var(loop1->iter), ">=", 0));
    REQUIRE_FALSE(analysis::expr_bound_holds(*p, in_body, var(loop1->iter), ">", 0));
    REQUIRE(failure([&] { analysis::check_compare_exprs(*p, in_body, loop1->hi, ">", var(loop1->iter)); }) == "");
    e = failure([&] { analysis::check_compare_exprs(*p, block({}, 0, 1), loop1->hi, ">", loop0->hi); });
    REQUIRE(e == "The expression m - n is not guaranteed to be greater than 0.");
    REQUIRE(contains(failure([&] { analysis::check_is_positive_expr(*p, block({}, 0, 1), int_c(0)); }),
                     "The expression 0 is not guaranteed to be greater than 0"));
    // divisibility
    REQUIRE(failure([&] { analysis::check_is_divisible(*p, block({}, 0, 1), int_c(8), 4); }) == "");
    REQUIRE(failure([&] { analysis::check_is_divisible(*p, block({}, 0, 1), int_c(6), 4); }) ==
            "cannot perfectly divide '6' by 4");
    REQUIRE(contains(failure([&] { analysis::check_is_divisible(*p, block({}, 0, 1), loop1->hi, 4); }),
                     "cannot perfectly divide 'm' by 4"));
}

TEST_CASE("sched_checks: asserts, configs and divisibility in context", "[analysis][sched_checks]") {
    auto p = proc_of("@config\n"
                     "class CFG:\n"
                     "    a: index\n"
                     "@proc\n"
                     "def foo(n: index, m: size):\n"
                     "    assert n > 2\n"
                     "    assert m % 4 == 0\n"
                     "    CFG.a = n + 1\n"
                     "    for i in seq(0, n):\n"
                     "        pass\n");
    auto loop = ir::stmt_at(*p, at({1}))->as<ir::For>();
    REQUIRE(failure([&] { analysis::check_is_positive_expr(*p, block({}, 1, 2), loop->hi); }) == "");
    auto rc = ir::make<ir::ReadConfig>(ir::stmt_at(*p, at({0}))->as<ir::WriteConfig>()->config, "a", ir::T::index(),
                                       ir::null_srcinfo());
    // after the write, CFG.a = n + 1 > 3
    REQUIRE(analysis::expr_bound_holds(*p, block({}, 1, 2), rc, ">", 3));
    // before it, nothing is known
    REQUIRE_FALSE(analysis::expr_bound_holds(*p, block({}, 0, 1), rc, ">", 3));
    auto m = var(p->args[1].name);
    REQUIRE(failure([&] { analysis::check_is_divisible(*p, block({}, 1, 2), m, 4); }) == "");
    REQUIRE(contains(failure([&] { analysis::check_is_divisible(*p, block({}, 1, 2), m, 8); }),
                     "cannot perfectly divide"));
}

TEST_CASE("sched_checks: expression equivalence in context", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, x: R[n]):\n"
                     "    for i in seq(0, 4):\n"
                     "        pass\n"
                     "    for j in seq(0, n):\n"
                     "        x[j] = 0.0\n");
    auto li = ir::stmt_at(*p, at({0}))->as<ir::For>();
    ir::BlockLoc body = block(at({0}), 0, 1);
    auto i = var(li->iter);
    REQUIRE(failure([&] {
                analysis::check_expr_eqv_in_context(*p, bin(ir::BinOpKind::Div, i, int_c(4)), body, int_c(0), body);
            }) == "");
    REQUIRE(failure([&] {
                analysis::check_expr_eqv_in_context(*p, bin(ir::BinOpKind::Mod, i, int_c(4)), body, i, body);
            }) == "");
    std::string e = failure([&] {
        analysis::check_expr_eqv_in_context(*p, bin(ir::BinOpKind::Div, i, int_c(2)), body, int_c(0), body);
    });
    REQUIRE(e == "Expressions are not equivalent:\ni / 2\nvs.\n0");
    // outside the loop, i is unconstrained
    REQUIRE(contains(failure([&] {
                         analysis::check_expr_eqv_in_context(*p, bin(ir::BinOpKind::Div, i, int_c(4)),
                                                             block({}, 1, 2), int_c(0), block({}, 1, 2));
                     }),
                     "Expressions are not equivalent"));
}

TEST_CASE("sched_checks: bounds, dead-after, reduce-only", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, x: R[n], y: R[n]):\n"
                     "    assert n >= 4\n"
                     "    a: R[n] @ DRAM\n"
                     "    for i in seq(0, 4):\n"
                     "        a[i] = x[i]\n"
                     "    for i in seq(0, n):\n"
                     "        a[i] = 0.0\n"
                     "    for i in seq(0, n):\n"
                     "        y[i] += x[i]\n"
                     "    y[0] = a[1]\n");
    REQUIRE(failure([&] { analysis::check_bounds(*p, at({0}), block({}, 1, 3)); }) == "");
    auto a = ir::stmt_at(*p, at({0}))->as<ir::Alloc>()->name;
    // a smaller allocation of the same buffer (not in the proc yet)
    auto a4 = ir::make<ir::Alloc>(a, ir::T::tensor({int_c(4)}, false, ir::T::R()), ir::MemRef(), ir::null_srcinfo());
    REQUIRE(failure([&] { analysis::check_bounds(*p, *a4, block({}, 1, 2)); }) == "");
    REQUIRE(failure([&] { analysis::check_bounds(*p, *a4, block({}, 1, 3)); }) ==
            "The buffer a is accessed out-of-bounds");
    auto a2 = ir::make<ir::Alloc>(a, ir::T::tensor({int_c(2)}, false, ir::T::R()), ir::MemRef(), ir::null_srcinfo());
    REQUIRE(failure([&] { analysis::check_bounds(*p, *a2, block({}, 4, 5)); }) == "");
    auto y = p->args[2].name;
    std::string e = failure([&] { analysis::check_is_dead_after(*p, block({}, 1, 2), a, 1); });
    REQUIRE(contains(e, "The variable a can potentially be used after the statement at "));
    REQUIRE(failure([&] { analysis::check_is_dead_after(*p, block({}, 4, 5), a, 1); }) == "");
    // an argument is visible to the caller
    REQUIRE(contains(failure([&] { analysis::check_is_dead_after(*p, block({}, 4, 5), y, 1); }), "potentially"));
    REQUIRE(failure([&] { analysis::check_buffer_reduce_only(*p, block({}, 3, 4), y, 1); }) == "");
    std::string r = failure([&] { analysis::check_buffer_reduce_only(*p, block({}, 3, 5), y, 1); });
    REQUIRE(contains(r, "The buffer y is accessed in a way other than simply reducing into it. It is written at "));
    REQUIRE(contains(r, ".py:13:4."));
    // the access that makes a buffer live after the block is named
    REQUIRE(contains(e, "executes. It is "));
}

TEST_CASE("sched_checks: effects through windows and calls", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def set0(m: size, z: [R][m]):\n"
                     "    for k in seq(0, m):\n"
                     "        z[k] = 0.0\n"
                     "@proc\n"
                     "def foo(x: R[16], y: R[16]):\n"
                     "    set0(8, x[0:8])\n"
                     "    set0(8, x[8:16])\n"
                     "    y[0] = x[8]\n"
                     "    w = x[4:12]\n"
                     "    w[0] = 1.0\n"
                     "    y[1] = x[3]\n");
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 0, 1), block({}, 1, 2)); }) == "");
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 0, 1), block({}, 2, 3)); }) == "");
    REQUIRE(contains(failure([&] { analysis::check_reorder_stmts(*p, block({}, 1, 2), block({}, 2, 3)); }),
                     "do not commute"));
    // w[0] is x[4]: independent of x[3]
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 4, 5), block({}, 5, 6)); }) == "");
}

TEST_CASE("sched_checks: deleting config writes", "[analysis][sched_checks]") {
    auto p = proc_of("@config\n"
                     "class CFG:\n"
                     "    a: index\n"
                     "    b: index\n"
                     "@proc\n"
                     "def foo(n: size, x: R[n]):\n"
                     "    CFG.a = 3\n"
                     "    CFG.a = 3\n"
                     "    CFG.b = 1\n"
                     "    for i in seq(0, n):\n"
                     "        if i == CFG.a:\n"
                     "            x[i] = 0.0\n"
                     "    CFG.b = 2\n"
                     "    x[0] = 1.0\n");
    // the second write does not change the value
    REQUIRE(failure([&] { analysis::check_delete_config_write(*p, block({}, 1, 2)); }) == "");
    REQUIRE(analysis::check_delete_config_write(*p, block({}, 1, 2)).empty());
    // the first write is overwritten by the second before any read (upstream's bc_shadow)
    REQUIRE(failure([&] { analysis::check_delete_config_write(*p, block({}, 0, 1)); }) == "");
    auto q = proc_of("@config\n"
                     "class CFG2:\n"
                     "    a: index\n"
                     "@proc\n"
                     "def foo(n: size, x: R[n]):\n"
                     "    CFG2.a = 3\n"
                     "    for i in seq(0, n):\n"
                     "        if i == CFG2.a:\n"
                     "            x[i] = 0.0\n"
                     "    CFG2.a = 4\n");
    std::string e = failure([&] { analysis::check_delete_config_write(*q, block({}, 0, 1)); });
    REQUIRE(contains(e, "Cannot change configuration value of CFG2_a"));
    // CFG.b is overwritten before any read: deleting its first write is invisible
    std::vector<ir::ConfigField> vis;
    REQUIRE(failure([&] { vis = analysis::check_delete_config_write(*p, block({}, 2, 3)); }) == "");
    REQUIRE(vis.empty());
    REQUIRE(failure([&] { vis = analysis::check_delete_config_write(*p, block({}, 4, 5)); }) == "");
    REQUIRE(vis.size() == 1);
    REQUIRE(contains(failure([&] { analysis::check_delete_config_write(*p, block({}, 5, 6)); }),
                     "may modify non-configuration data"));
}

TEST_CASE("sched_checks: repeated queries are cached", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(n: size, A: R[n, n]):\n"
                     "    for i in seq(0, n):\n"
                     "        for j in seq(0, n):\n"
                     "            A[i, j] = 2.0\n");
    analysis::check_reorder_loops(*p, at({0}));
    auto s0 = analysis::query_stats();
    analysis::check_reorder_loops(*p, at({0}));
    auto s1 = analysis::query_stats();
    REQUIRE(s1.solved == s0.solved);
    REQUIRE(s1.cached > s0.cached);
}

TEST_CASE("sched_checks: windows defined earlier are followed", "[analysis][sched_checks]") {
    auto p = proc_of("@proc\n"
                     "def foo(x: R[8], y: R[8]):\n"
                     "    a: R[8] @ DRAM\n"
                     "    w = a[2:6]\n"
                     "    for i in seq(0, 8):\n"
                     "        a[i] = x[i]\n"
                     "    y[0] = w[1]\n"
                     "    v = x[4:8]\n"
                     "    v[0] = 2.0\n");
    auto a = ir::stmt_at(*p, at({0}))->as<ir::Alloc>()->name;
    REQUIRE(contains(failure([&] { analysis::check_is_dead_after(*p, block({}, 2, 3), a, 1); }), "potentially"));
    REQUIRE(contains(failure([&] { analysis::check_reorder_stmts(*p, block({}, 2, 3), block({}, 3, 4)); }),
                     "do not commute"));
    // v[0] is x[4], written after the loop read it
    REQUIRE(contains(failure([&] { analysis::check_reorder_stmts(*p, block({}, 4, 6), block({}, 2, 3)); }),
                     "do not commute"));
    REQUIRE(failure([&] { analysis::check_reorder_stmts(*p, block({}, 3, 4), block({}, 4, 6)); }) == "");
}
