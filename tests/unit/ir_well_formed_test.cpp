// well_formedness_error: what the cache reader refuses in LoopIR it did not build.
#include <catch2/catch.hpp>

#include "ir/well_formed.h"
#include "ir_test_util.h"

using namespace exo::ir;
using namespace exo::ir::test;

namespace {

// foo(n: size, x: f32[n]) with `body`.
ProcPtr foo(const Sym& n, const Sym& x, StmtList body) {
    Proc p;
    p.name = "foo";
    p.args = {arg(n, T::size()), arg(x, T::tensor({read(n, T::size())}, false, T::f32()))};
    p.body = std::move(body);
    return exo::ir::make<Proc>(std::move(p));
}

StmtPtr alloc(const Sym& s, TypePtr t) { return exo::ir::make<Alloc>(s, std::move(t), dram(), null_srcinfo()); }

}  // namespace

TEST_CASE("a well-formed proc passes") {
    Sym n("n"), x("x"), i("i"), t("t");
    auto p = foo(n, x, {alloc(t, T::f32()),
                        seq_loop(i, int_(0), read(n, T::size()),
                                 {assign(t, T::f32(), {}, real(1.0)),
                                  assign(x, T::f32(), {read(i, T::index())}, read(t, T::f32()))})});
    CHECK(well_formedness_error(*p) == "");
}

TEST_CASE("a name used outside its scope is refused") {
    Sym n("n"), x("x"), i("i"), j("j"), t("t");
    // an index bound nowhere
    auto unbound = foo(n, x, {assign(x, T::f32(), {read(j, T::index())}, real(0.0))});
    CHECK(well_formedness_error(*unbound) == "proc foo: 'j' used where it is not bound");
    // a loop's iterator after the loop
    auto after_loop = foo(n, x, {seq_loop(i, int_(0), read(n, T::size()), {}),
                                 assign(x, T::f32(), {read(i, T::index())}, real(0.0))});
    CHECK(well_formedness_error(*after_loop) == "proc foo: 'i' used where it is not bound");
    // an allocation used before it is made
    auto before_alloc = foo(n, x, {assign(t, T::f32(), {}, real(1.0)), alloc(t, T::f32())});
    CHECK(well_formedness_error(*before_alloc) == "proc foo: 't' used where it is not bound");
    // a same-named but different symbol is a different name
    auto other_x = foo(n, x, {assign(Sym("x"), T::f32(), {int_(0)}, real(0.0))});
    CHECK(well_formedness_error(*other_x) == "proc foo: 'x' used where it is not bound");
}

TEST_CASE("accesses need one index per dimension") {
    Sym n("n"), x("x"), i("i");
    auto two = foo(n, x, {seq_loop(i, int_(0), read(n, T::size()),
                                   {assign(x, T::f32(), {read(i, T::index()), read(i, T::index())}, real(0.0))})});
    CHECK(well_formedness_error(*two) == "proc foo: an access of x with the wrong number of indices");
    auto none = foo(n, x, {assign(x, T::f32(), {}, real(0.0))});
    CHECK(well_formedness_error(*none) == "proc foo: an access of x with the wrong number of indices");
}

TEST_CASE("calls pass what the callee takes") {
    Sym n("n"), x("x"), m("m"), y("y");
    auto callee = foo(m, y, {});
    auto size_read = read(n, T::size());
    auto whole_x = read(x, T::tensor({read(n, T::size())}, false, T::f32()));
    auto ok = foo(n, x, {exo::ir::make<Call>(callee, ExprList{size_read, whole_x}, null_srcinfo())});
    CHECK(well_formedness_error(*ok) == "");
    auto short_call = foo(n, x, {exo::ir::make<Call>(callee, ExprList{size_read}, null_srcinfo())});
    CHECK(well_formedness_error(*short_call) == "proc foo: a call of foo with the wrong number of arguments");
    auto swapped = foo(n, x, {exo::ir::make<Call>(callee, ExprList{whole_x, size_read}, null_srcinfo())});
    CHECK(well_formedness_error(*swapped) == "proc foo: a call of foo with a buffer where a value goes, or back");
}

TEST_CASE("a scalar argument is a buffer, not an element of one") {
    Sym n("n"), x("x"), v("v"), t("t");
    Proc takes_scalar;
    takes_scalar.name = "set";
    takes_scalar.args = {arg(v, T::f32())};
    takes_scalar.body = {assign(v, T::f32(), {}, real(1.0))};
    auto callee = exo::ir::make<Proc>(std::move(takes_scalar));
    auto by_name = foo(n, x, {alloc(t, T::f32()), exo::ir::make<Call>(callee, ExprList{read(t, T::f32())}, null_srcinfo())});
    CHECK(well_formedness_error(*by_name) == "");
    auto element = foo(n, x, {exo::ir::make<Call>(callee, ExprList{exo::ir::make<Read>(x, ExprList{int_(0)}, T::f32(), null_srcinfo())},
                                                  null_srcinfo())});
    CHECK(well_formedness_error(*element) == "proc foo: a call of set passing an element of x to its scalar argument v");
}
