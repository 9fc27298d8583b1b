// LoopIR nodes: symbols, structural equality/hashing, the mutator's sharing, windows.
#include <catch2/catch.hpp>

#include "ir/equality.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/queries.h"
#include "ir/visitor.h"
#include "ir_test_util.h"

using namespace exo::ir;
using namespace exo::ir::test;

TEST_CASE("Sym: identity is the id, not the name") {
    Sym a("x"), b("x");
    CHECK(a.name() == "x");
    CHECK_FALSE(a == b);
    Sym c = a;
    CHECK(c == a);
    CHECK(a.copy().name() == "x");
    CHECK_FALSE(a.copy() == a);
    CHECK(a < b);  // same name: ordered by id
    CHECK(is_valid_name("foo_1"));
    CHECK_FALSE(is_valid_name("_"));
    CHECK_FALSE(is_valid_name("1x"));
    CHECK(SrcInfo("f.py", 3).str() == "f.py:3");
    CHECK(SrcInfo("f.py", 3, 4).str() == "f.py:3:4");
    CHECK(null_srcinfo().str() == "unknown:0");
}

TEST_CASE("structural equality and hashing ignore locations, respect Syms and types") {
    Sym x("x"), y("x");
    auto e1 = bin(BinOpKind::Add, read(x, T::index()), int_(1), T::index());
    auto e2 = exo::ir::make<BinOp>(BinOpKind::Add, read(x, T::index()), Const::of_int(1, T::int_(), SrcInfo("a.py", 9)),
                              T::index(), SrcInfo("a.py", 9));
    CHECK(expr_equal(*e1, *e2));
    CHECK(expr_hash(*e1) == expr_hash(*e2));
    CHECK_FALSE(expr_equal(*e1, *bin(BinOpKind::Add, read(y, T::index()), int_(1), T::index())));
    CHECK_FALSE(expr_equal(*e1, *bin(BinOpKind::Add, read(x, T::size()), int_(1), T::index())));
    CHECK(const_value_equal(exo::host::Value::integer(1), exo::host::Value::floating(1.0)));
    CHECK(type_equal(*T::tensor({int_(4)}, false, T::f32()), *T::tensor({int_(4)}, false, T::f32())));
    CHECK_FALSE(type_equal(*T::tensor({int_(4)}, false, T::f32()), *T::tensor({int_(4)}, true, T::f32())));
}

namespace {
// Renames one Sym everywhere it is read.
class RenameReads : public IRMutator {
public:
    RenameReads(Sym from, Sym to) : from_(std::move(from)), to_(std::move(to)) {}

protected:
    ExprPtr visit(const std::shared_ptr<const Read>& e) override {
        auto base = IRMutator::visit(e);
        auto r = base->as<Read>();
        if (!(r->name == from_)) return base;
        return exo::ir::make<Read>(to_, r->idx, r->type, r->srcinfo);
    }

private:
    Sym from_, to_;
};

class CountReads : public IRVisitor {
public:
    int reads = 0;

protected:
    void visit(const Read& e) override {
        ++reads;
        IRVisitor::visit(e);
    }
};
}  // namespace

TEST_CASE("mutator rebuilds only what changed; visitor walks everything") {
    Sym n("n"), x("x"), y("y"), i("i"), j("j");
    auto untouched = seq_loop(j, int_(0), int_(4), {assign(y, T::R(), {read(j, T::index())}, real(1.0))});
    auto touched = seq_loop(i, int_(0), read(n, T::size()), {assign(x, T::R(), {read(i, T::index())}, real(0.0))});
    auto p = exo::ir::make<Proc>(Proc{"p",
                                 {arg(n, T::size()), arg(x, T::tensor({read(n, T::size())}, false, T::R())),
                                  arg(y, T::tensor({int_(4)}, false, T::R()))},
                                 {},
                                 {untouched, touched},
                                 {},
                                 {}});
    Sym m("m");
    auto q = RenameReads(n, m).mutate_proc(p);
    REQUIRE(q != p);
    CHECK(q->body[0] == untouched);  // shared, not copied
    CHECK(q->body[1] != touched);
    CHECK(print_proc(*q) ==
          "def p(n: size, x: R[m] @ DRAM, y: R[4] @ DRAM):\n"
          "    for j in seq(0, 4):\n"
          "        y[j] = 1.0\n"
          "    for i in seq(0, m):\n"
          "        x[i] = 0.0");
    // No-op mutation returns the same proc.
    Sym unused("unused");
    CHECK(RenameReads(unused, m).mutate_proc(p) == p);

    CountReads c;
    c.visit_proc(*p);
    CHECK(c.reads == 4);  // n in x's type, n as loop bound, j and i as indices
    CHECK(get_loop_iters(p->body).size() == 2);
    CHECK(get_writes_of_stmts(p->body).size() == 2);
}

TEST_CASE("windows of windows chain back to the original tensor") {
    Sym x("x"), w("w"), i("i");
    auto x_t = T::tensor({int_(16), int_(16)}, false, T::f32());
    WAccessList idx0{exo::ir::make<Interval>(int_(4), int_(12), null_srcinfo()),
                     exo::ir::make<Interval>(int_(0), int_(16), null_srcinfo())};
    auto w_t = create_window_type(x, x_t, idx0);
    CHECK(print_type(*w_t->as<WindowType>()->as_tensor) == "[f32][12 - 4, 16]");
    WAccessList idx1{exo::ir::make<Point>(read(i, T::index()), null_srcinfo()),
                     exo::ir::make<Interval>(int_(2), int_(6), null_srcinfo())};
    auto ww_t = create_window_type(w, w_t, idx1);
    auto ww = ww_t->as<WindowType>();
    CHECK(ww->src_buf == x);
    CHECK(ww->src_type == x_t);
    CHECK(print_w_access(*ww->idx[0]) == "4 + i");
    CHECK(print_w_access(*ww->idx[1]) == "2:6");
    CHECK(ww_t->shape().size() == 1);
    CHECK(ww_t->basetype()->kind == TypeKind::F32);
    CHECK(ww_t->is_win());
    CHECK_FALSE(x_t->is_win());
    CHECK(x_t->is_dense_tensor());
}
