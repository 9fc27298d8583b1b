// LoopIR printing, checked against upstream's goldens (tests/golden/...) and against
// upstream LoopIR_pprint's rules (precedence, naming) for cases no golden covers.
#include <catch2/catch.hpp>

#include "ir/printer.h"
#include "ir_test_util.h"

using namespace exo::ir;
using namespace exo::ir::test;

TEST_CASE("printer: window arguments, calls with windows, sibling loops (test_unquote_slice_object1)") {
    // foo(a: [i8][2]): a[0] += a[1]
    Sym a("a");
    auto win_t = T::tensor({int_(2)}, true, T::i8());
    Proc foo{"foo", {arg(a, win_t)}, {}, {reduce(a, T::i8(), {int_(0)}, read(a, T::i8(), {int_(1)}))}, {}, {}};
    auto foo_p = exo::ir::make<Proc>(foo);
    CHECK(print_proc(foo) == "def foo(a: [i8][2] @ DRAM):\n    a[0] += a[1]");

    // bar(a: i8[10, 10]): three sibling loops over distinct Syms all named i.
    Sym b_a("a");
    auto ten_by_ten = T::tensor({int_(10), int_(10)}, false, T::i8());
    StmtList body;
    for (auto [lo, hi] : {std::pair{1, 3}, {5, 7}, {2, 4}}) {
        Sym i("i");
        WAccessList idx{exo::ir::make<Point>(read(i, T::index()), null_srcinfo()),
                        exo::ir::make<Interval>(int_(lo), int_(hi), null_srcinfo())};
        auto wt = create_window_type(b_a, ten_by_ten, idx);
        auto w = exo::ir::make<WindowExpr>(b_a, idx, wt, null_srcinfo());
        body.push_back(seq_loop(i, int_(0), int_(10), {exo::ir::make<Call>(foo_p, ExprList{w}, null_srcinfo())}));
    }
    Proc bar{"bar", {arg(b_a, ten_by_ten)}, {}, body, {}, {}};
    CHECK(print_proc(bar) ==
          "def bar(a: i8[10, 10] @ DRAM):\n"
          "    for i in seq(0, 10):\n"
          "        foo(a[i, 1:3])\n"
          "    for i in seq(0, 10):\n"
          "        foo(a[i, 5:7])\n"
          "    for i in seq(0, 10):\n"
          "        foo(a[i, 2:4])");
}

TEST_CASE("printer: scalars, constants and allocations (test_unary_ops, test_scope_collision1)") {
    Sym a("a");
    Proc foo{"foo", {arg(a, T::i32())}, {}, {assign(a, T::i32(), {}, Const::of_int(-2, T::R()))}, {}, {}};
    CHECK(print_proc(foo) == "def foo(a: i32 @ DRAM):\n    a = -2");

    Sym b("b");
    Proc foo2{"foo",
              {arg(a, T::i32())},
              {},
              {exo::ir::make<Alloc>(b, T::i32(), dram(), null_srcinfo()),
               assign(b, T::i32(), {}, Const::of_int(2, T::R())), assign(a, T::i32(), {}, read(b, T::i32()))},
              {},
              {}};
    CHECK(print_proc(foo2) == "def foo(a: i32 @ DRAM):\n    b: i32 @ DRAM\n    b = 2\n    a = b");
}

TEST_CASE("printer: size/index args never show memory; bool and stride do (test_config goldens)") {
    Sym i("i"), s("s"), b("b"), n("n");
    Proc p{"set_all",
           {arg(i, T::index()), arg(s, T::stride()), arg(b, T::bool_()), arg(n, T::size())},
           {},
           {exo::ir::make<Pass>(null_srcinfo())},
           {},
           {}};
    CHECK(print_proc(p) == "def set_all(i: index, s: stride @ DRAM, b: bool @ DRAM, n: size):\n    pass");
}

TEST_CASE("printer: precedence-based parentheses") {
    Sym x("x"), y("y"), z("z");
    auto X = read(x, T::R()), Y = read(y, T::R()), Z = read(z, T::R());
    using K = BinOpKind;
    CHECK(print_expr(*bin(K::Mul, bin(K::Add, X, Y, T::R()), Z, T::R())) == "(x + y) * z");
    CHECK(print_expr(*bin(K::Sub, X, bin(K::Sub, Y, Z, T::R()), T::R())) == "x - (y - z)");
    CHECK(print_expr(*bin(K::Sub, bin(K::Sub, X, Y, T::R()), Z, T::R())) == "x - y - z");
    CHECK(print_expr(*bin(K::Add, X, bin(K::Mul, Y, Z, T::R()), T::R())) == "x + y * z");
    // test_uast/test_unary_neg: -x[i] + -x[i] - -(x[i] + 0.0)
    auto neg = [](ExprPtr e) { return exo::ir::make<USub>(e, T::R(), null_srcinfo()); };
    auto e = bin(K::Sub, bin(K::Add, neg(X), neg(X), T::R()), neg(bin(K::Add, X, real(0.0), T::R())), T::R());
    CHECK(print_expr(*e) == "-x + -x - -(x + 0.0)");
    auto cmp = bin(K::And, bin(K::Le, X, Y, T::bool_()), bin(K::Lt, Y, bin(K::Add, X, Z, T::R()), T::bool_()),
                   T::bool_());
    CHECK(print_expr(*cmp) == "x <= y and y < x + z");
    auto orand = bin(K::And, bin(K::Or, X, Y, T::bool_()), Z, T::bool_());
    CHECK(print_expr(*orand) == "(x or y) and z");
}

TEST_CASE("printer: constants use Python's str()") {
    CHECK(print_expr(*real(0.0)) == "0.0");
    CHECK(print_expr(*real(1e-05)) == "1e-05");
    CHECK(print_expr(*real(2.5)) == "2.5");
    CHECK(print_expr(*real(1e16)) == "1e+16");
    CHECK(print_expr(*Const::of_bool(true)) == "True");
    CHECK(print_expr(*Const::of_int(-7, T::int_())) == "-7");
}

TEST_CASE("printer: types") {
    Sym n("n"), m("m");
    CHECK(print_type(*T::R()) == "R");
    CHECK(print_type(*T::ui16()) == "ui16");
    CHECK(print_type(*T::err()) == "err");
    CHECK(print_type(*T::tensor({read(n, T::size()), read(m, T::size())}, false, T::f32())) == "f32[n, m]");
    CHECK(print_type(*T::tensor({read(n, T::size())}, true, T::f64())) == "[f64][n]");
}

TEST_CASE("printer: name disambiguation follows upstream's scoped scheme") {
    // def p(x: R):
    //     for i in seq(0, 4):         # new scope: x' is x_1 here
    //         x' : R ; x' = x
    //     for i in seq(0, 4):         # sibling scope: x'' reuses x_1
    //         x'' : R ; x'' = x
    //     x3 : R                      # outer scope: x_1 again is free at this level
    Sym x("x"), x1("x"), x2("x"), x3("x"), i1("i"), i2("i");
    auto alloc = [](const Sym& s) { return exo::ir::make<Alloc>(s, T::R(), dram(), null_srcinfo()); };
    Proc p{"p",
           {arg(x, T::R())},
           {},
           {seq_loop(i1, int_(0), int_(4), {alloc(x1), assign(x1, T::R(), {}, read(x, T::R()))}),
            seq_loop(i2, int_(0), int_(4), {alloc(x2), assign(x2, T::R(), {}, read(x, T::R()))}),
            alloc(x3), assign(x3, T::R(), {}, read(x, T::R()))},
           {},
           {}};
    CHECK(print_proc(p) ==
          "def p(x: R @ DRAM):\n"
          "    for i in seq(0, 4):\n"
          "        x_1: R @ DRAM\n"
          "        x_1 = x\n"
          "    for i in seq(0, 4):\n"
          "        x_1: R @ DRAM\n"
          "        x_1 = x\n"
          "    x_1: R @ DRAM\n"
          "    x_1 = x");

    // Three distinct x in one scope count up.
    Proc q{"q", {arg(x, T::R()), arg(x1, T::R()), arg(x2, T::R())}, {}, {exo::ir::make<Pass>(null_srcinfo())}, {}, {}};
    CHECK(print_proc(q) == "def q(x: R @ DRAM, x_1: R @ DRAM, x_2: R @ DRAM):\n    pass");
}

TEST_CASE("printer: instr comments, asserts, if/else, par loops, windows, strides, configs, externs") {
    Sym n("n"), x("x"), y("y"), i("i"), s("s");
    auto x_t = T::tensor({read(n, T::size()), int_(8)}, false, T::f32());
    auto cmp = bin(BinOpKind::Eq, bin(BinOpKind::Mod, read(n, T::size()), int_(4), T::size()), int_(0), T::bool_());
    auto stride_eq = bin(BinOpKind::Eq, exo::ir::make<StrideExpr>(x, 1, T::stride(), null_srcinfo()), int_(1), T::bool_());
    WAccessList idx{exo::ir::make<Interval>(read(i, T::index()), bin(BinOpKind::Add, read(i, T::index()), int_(4), T::index()),
                                       null_srcinfo()),
                    exo::ir::make<Point>(int_(0), null_srcinfo())};
    auto win = exo::ir::make<WindowExpr>(x, idx, create_window_type(x, x_t, idx), null_srcinfo());
    ConfigRef cfg{exo::host::Value::none(), "Cfg"};
    ExternRef sin_f{exo::host::Value::none(), "sin"};
    auto body_if = exo::ir::make<If>(bin(BinOpKind::Lt, read(i, T::index()), int_(2), T::bool_()),
                                StmtList{exo::ir::make<WindowStmt>(y, win, null_srcinfo())},
                                StmtList{exo::ir::make<WriteConfig>(cfg, "scale",
                                                               exo::ir::make<Extern>(sin_f, ExprList{exo::ir::make<ReadConfig>(cfg, "scale", T::f32(), null_srcinfo())},
                                                                                T::f32(), null_srcinfo()),
                                                               null_srcinfo())},
                                null_srcinfo());
    auto loop = exo::ir::make<For>(i, int_(0), read(n, T::size()), StmtList{body_if}, LoopMode::Par, null_srcinfo());
    Proc p{"p",
           {arg(n, T::size()), arg(x, x_t)},
           {cmp, stride_eq},
           {loop, exo::ir::make<Free>(s, T::R(), dram(), null_srcinfo())},
           Instr{"line1({x});\nline2();", ""},
           {}};
    CHECK(print_proc(p) ==
          "def p(n: size, x: f32[n, 8] @ DRAM):\n"
          "    # @instr line1({x});\n"
          "    #        line2();\n"
          "    assert n % 4 == 0\n"
          "    assert stride(x, 1) == 1\n"
          "    for i in par(0, n):\n"
          "        if i < 2:\n"
          "            y = x[i:i + 4, 0]\n"
          "        else:\n"
          "            Cfg.scale = sin(Cfg.scale)\n"
          "    free(s)");
}
