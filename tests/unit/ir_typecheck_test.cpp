// UAST -> LoopIR typechecking: types given to expressions, desugaring, and upstream's
// exact error messages (collected, then raised as one TypeError).
#include <catch2/catch.hpp>

#include "frontend/typecheck.h"
#include "ir/printer.h"
#include "ir_test_util.h"

using namespace exo;
using namespace exo::ir;
using namespace exo::ir::test;
namespace U = exo::ir::uast;

namespace {

SrcInfo at(int line) { return SrcInfo("test.py", line); }

U::TypePtr ut(U::TypeKind k) { return U::Type::scalar(k); }
U::ExprPtr uread(const Sym& s, U::ExprList idx = {}, int line = 1) {
    return U::make<U::Read>(s, std::move(idx), at(line));
}
U::ExprPtr uconst(int64_t v, int line = 1) { return U::make<U::Const>(host::Value::integer(v), at(line)); }
U::ExprPtr ufloat(double v, int line = 1) { return U::make<U::Const>(host::Value::floating(v), at(line)); }
U::ExprPtr ubin(BinOpKind op, U::ExprPtr a, U::ExprPtr b, int line = 1) {
    return U::make<U::BinOp>(op, std::move(a), std::move(b), at(line));
}
U::StmtPtr ufor(const Sym& i, U::ExprPtr lo, U::ExprPtr hi, U::StmtList body, int line = 1) {
    return U::make<U::For>(i, U::make<U::SeqRange>(std::move(lo), std::move(hi), at(line)), std::move(body), at(line));
}
U::FnArg uarg(const Sym& s, U::TypePtr t) { return U::FnArg{s, std::move(t), MemRef(), at(1)}; }
U::TypePtr utensor(U::ExprList hi, U::TypeKind elem = U::TypeKind::Num) {
    return U::make<U::Tensor>(std::move(hi), false, ut(elem));
}

struct UseFakeDram {
    UseFakeDram() {
        host::test::ensure_runtime();
        frontend::typecheck_hooks().default_memory = [] { return dram(); };
    }
};

std::string typecheck_error(const U::Proc& p) {
    return host_error_of([&] { frontend::typecheck(p); });
}

}  // namespace

TEST_CASE("typecheck: conv1d (test_uast) becomes typed LoopIR") {
    UseFakeDram use_dram;
    Sym n("n"), m("m"), r("r"), x("x"), w("w"), res("res"), i("i"), i2("i"), j("j");
    using K = BinOpKind;
    // res[i] += x[j] * w[i - j + m - 1]
    auto widx = ubin(K::Sub, ubin(K::Add, ubin(K::Sub, uread(i2), uread(j)), uread(m)), uconst(1));
    auto inner = U::make<U::Reduce>(res, U::ExprList{uread(i2)},
                                    ubin(K::Mul, uread(x, {uread(j)}), uread(w, {widx})), at(8));
    auto cond = ubin(K::And, ubin(K::Le, uread(i2), uread(j)), ubin(K::Lt, uread(j), ubin(K::Add, uread(i2), uread(m))));
    U::Proc p{"conv1d",
              {uarg(n, ut(U::TypeKind::Size)), uarg(m, ut(U::TypeKind::Size)), uarg(r, ut(U::TypeKind::Size)),
               uarg(x, utensor({uread(n)})), uarg(w, utensor({uread(m)})), uarg(res, utensor({uread(r)}))},
              {},
              {ufor(i, uconst(0), uread(r), {U::make<U::Assign>(res, U::ExprList{uread(i)}, ufloat(0.0), at(4))}),
               ufor(i2, uconst(0), uread(r),
                    {ufor(j, uconst(0), uread(n),
                          {U::make<U::If>(cond, U::StmtList{inner}, U::StmtList{}, at(7))})})},
              {},
              at(1)};
    auto lp = frontend::typecheck(p);
    CHECK(print_proc(*lp) ==
          "def conv1d(n: size, m: size, r: size, x: R[n] @ DRAM, w: R[m] @ DRAM,\n"
          "           res: R[r] @ DRAM):\n"
          "    for i in seq(0, r):\n"
          "        res[i] = 0.0\n"
          "    for i in seq(0, r):\n"
          "        for j in seq(0, n):\n"
          "            if i <= j and j < i + m:\n"
          "                res[i] += x[j] * w[i - j + m - 1]");

    // Types: index arithmetic mixes index and size into index; reals stay R.
    auto loop = lp->body[1]->as<For>();
    CHECK(loop->lo->type->kind == TypeKind::Int);
    CHECK(loop->hi->type->kind == TypeKind::Size);
    auto red = loop->body[0]->as<For>()->body[0]->as<If>()->body[0]->as<Reduce>();
    REQUIRE(red);
    CHECK(red->type->kind == TypeKind::Num);
    CHECK(red->rhs->type->kind == TypeKind::Num);
    auto w_read = red->rhs->as<BinOp>()->rhs->as<Read>();
    CHECK(w_read->idx[0]->type->kind == TypeKind::Index);
    CHECK(lp->body[0]->as<For>()->body[0]->as<Assign>()->rhs->type->kind == TypeKind::Num);
}

TEST_CASE("typecheck: partial indexing is a window; fresh names bind windows") {
    UseFakeDram use_dram;
    Sym n("n"), m("m"), x("x"), y("y"), i("i");
    U::Proc p{"win",
              {uarg(n, ut(U::TypeKind::Size)), uarg(m, ut(U::TypeKind::Size)),
               uarg(x, utensor({uread(n), uread(m)}, U::TypeKind::F32))},
              {},
              {ufor(i, uconst(0), uread(n), {U::make<U::FreshAssign>(y, uread(x, {uread(i)}), at(3))})},
              {},
              at(1)};
    auto lp = frontend::typecheck(p);
    CHECK(print_proc(*lp) ==
          "def win(n: size, m: size, x: f32[n, m] @ DRAM):\n"
          "    for i in seq(0, n):\n"
          "        y = x[i, 0:m]");
    auto ws = lp->body[0]->as<For>()->body[0]->as<WindowStmt>();
    REQUIRE(ws);
    auto wt = ws->rhs->type->as<WindowType>();
    REQUIRE(wt);
    CHECK(wt->src_buf == x);
    CHECK(print_type(*wt->as_tensor) == "[f32][m]");
}

TEST_CASE("typecheck: USub of a literal folds; literals in index position are ints") {
    UseFakeDram use_dram;
    Sym a("a");
    U::Proc p{"foo",
              {uarg(a, ut(U::TypeKind::INT32))},
              {},
              {U::make<U::Assign>(a, U::ExprList{}, U::make<U::USub>(uconst(2), at(2)), at(2))},
              {},
              at(1)};
    auto lp = frontend::typecheck(p);
    CHECK(print_proc(*lp) == "def foo(a: i32 @ DRAM):\n    a = -2");
    auto c = lp->body[0]->as<Assign>()->rhs->as<Const>();
    REQUIRE(c);
    CHECK(c->type->kind == TypeKind::Num);
    CHECK(c->val.as_int() == -2);
}

TEST_CASE("typecheck: errors are collected in order and raised as one TypeError") {
    UseFakeDram use_dram;
    Sym n("n"), x("x"), b("b");
    // x = 1.0          (x: R[n], needs 1 index)
    // x[n, n] = 1.0    (too many)
    // b = 1.0          (b: bool)
    U::Proc p{"bad",
              {uarg(n, ut(U::TypeKind::Size)), uarg(x, utensor({uread(n)})), uarg(b, ut(U::TypeKind::Bool))},
              {},
              {U::make<U::Assign>(x, U::ExprList{}, ufloat(1.0), at(3)),
               U::make<U::Assign>(x, U::ExprList{uread(n), uread(n)}, ufloat(1.0), at(4)),
               U::make<U::Assign>(b, U::ExprList{}, ufloat(1.0), at(5))},
              {},
              at(1)};
    CHECK(typecheck_error(p) ==
          "TypeError: Errors occurred during typechecking:\n"
          "test.py:3: expected lvalue access of variable 'x' of type 'R[n]' to have exactly 1 indices, but 0 were found.\n"
          "test.py:4: expected access of variable 'x' of type 'R[n]' to have no more than 1 indices, but 2 were found.\n"
          "test.py:5: cannot assign/reduce to 'b', a non-numeric variable of type 'bool'");
}

TEST_CASE("typecheck: upstream's error messages") {
    UseFakeDram use_dram;
    Sym n("n"), m("m"), x("x"), i("i"), a("a");
    using K = BinOpKind;
    auto one_stmt = [&](U::StmtPtr s, std::vector<U::FnArg> extra = {}) {
        std::vector<U::FnArg> args{uarg(n, ut(U::TypeKind::Size)), uarg(m, ut(U::TypeKind::Size)),
                                   uarg(x, utensor({uread(n)}))};
        for (auto& e : extra) args.push_back(e);
        return U::Proc{"p", args, {}, {std::move(s)}, {}, at(1)};
    };
    auto loop_over = [&](U::ExprPtr hi) { return ufor(i, uconst(0), std::move(hi), {U::make<U::Pass>(at(3))}, 2); };

    CHECK_THAT(typecheck_error(one_stmt(loop_over(ubin(K::Mul, uread(n), uread(m), 2)))),
               Catch::Contains("test.py:2: cannot multiply two non-constant indexing/sizing expressions, since the "
                               "result would be non-affine"));
    CHECK_THAT(typecheck_error(one_stmt(loop_over(ubin(K::Div, uread(n), uread(m), 2)))),
               Catch::Contains("cannot divide or modulo by a non-constant value"));
    CHECK_THAT(typecheck_error(one_stmt(loop_over(ubin(K::Mod, uread(n), uconst(0, 2), 2)))),
               Catch::Contains("cannot divide or modulo by zero or a negative value"));
    CHECK_THAT(typecheck_error(one_stmt(loop_over(uread(x, {}, 2)))),
               Catch::Contains("test.py:2: expected loop bound to be indexable."));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::Assign>(x, U::ExprList{uread(n)},
                                                           ubin(K::Mod, ufloat(1.0), ufloat(2.0), 2), at(2)))),
               Catch::Contains("test.py:2: cannot compute modulus of 'R' values"));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::If>(ubin(K::And, uread(n), uread(m)), U::StmtList{U::make<U::Pass>(at(3))},
                                                       U::StmtList{}, at(2)))),
               Catch::Contains("expected 'bool' argument to logical op"));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::If>(uread(n), U::StmtList{U::make<U::Pass>(at(3))}, U::StmtList{}, at(2)))),
               Catch::Contains("expected a bool expression"));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::FreshAssign>(a, ufloat(1.0), at(2)))),
               Catch::Contains("test.py:2: unable to disambiguate assignment to undefined variable 'a'"));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::Assign>(x, U::ExprList{uread(n)}, U::make<U::Const>(host::Value::boolean(true), at(2)), at(2)))),
               Catch::Contains("cannot assign/reduce a 'bool' type value"));
    CHECK_THAT(typecheck_error(one_stmt(U::make<U::Assign>(x, U::ExprList{uread(n)}, U::make<U::USub>(uread(x), at(2)), at(2)))),
               Catch::Contains("cannot negate expression of type 'R[n]'"));
    CHECK_THAT(typecheck_error(one_stmt(loop_over(U::make<U::StrideExpr>(x, 1, at(2))))),
               Catch::Contains("expected 1 to be in-bounds (i.e. 0 <= 1 < 1)"));

    U::Proc unnamed = one_stmt(U::make<U::Pass>(at(2)));
    unnamed.name.reset();
    CHECK_THAT(typecheck_error(unnamed), Catch::Contains("test.py:1: expected all procedures to be named"));
}

TEST_CASE("typecheck: call argument checks") {
    UseFakeDram use_dram;
    Sym n("n"), y("y"), cn("n"), x("x"), z("z");
    // callee hoge(n: size, y: f64)
    Proc hoge{"hoge", {arg(cn, T::size()), arg(y, T::f64())}, {}, {exo::ir::make<Pass>(null_srcinfo())}, {}, {}};
    auto hoge_p = exo::ir::make<Proc>(hoge);
    U::Proc p{"foo",
              {uarg(n, ut(U::TypeKind::Size)), uarg(x, ut(U::TypeKind::Num)), uarg(z, ut(U::TypeKind::Num))},
              {},
              {U::make<U::Call>(hoge_p, U::ExprList{uread(x, {}, 2), ubin(BinOpKind::Add, uread(x), uread(z), 2)}, at(2))},
              {},
              at(1)};
    CHECK(typecheck_error(p) ==
          "TypeError: Errors occurred during typechecking:\n"
          "test.py:2: expected size or index type expression, but got type R\n"
          "test.py:2: expected scalar arguments to be simply variable names for now");
}
