// Helpers for building LoopIR and UAST by hand in unit tests.
#pragma once

#include <string>

#include "host_fixture.h"
#include "ir/loopir.h"
#include "runtime.h"

namespace exo::ir::test {

// A stand-in for a Memory subclass: a class object whose __name__ is `name`.
inline MemRef fake_memory(const char* name) {
    host::test::ensure_runtime();
    return host::Value(host::new_builtin_type(name, host::types().object, host::Layout::Object));
}

inline MemRef dram() {
    static MemRef m = fake_memory("DRAM");
    return m;
}

inline ExprPtr read(const Sym& s, TypePtr t, ExprList idx = {}) {
    return ir::make<Read>(s, std::move(idx), std::move(t), null_srcinfo());
}
inline ExprPtr int_(int64_t v) { return Const::of_int(v, T::int_()); }
inline ExprPtr real(double v) { return Const::of_float(v, T::R()); }
inline ExprPtr bin(BinOpKind op, ExprPtr a, ExprPtr b, TypePtr t) {
    return ir::make<BinOp>(op, std::move(a), std::move(b), std::move(t), null_srcinfo());
}
inline StmtPtr assign(const Sym& s, TypePtr t, ExprList idx, ExprPtr rhs) {
    return ir::make<Assign>(s, std::move(t), std::move(idx), std::move(rhs), null_srcinfo());
}
inline StmtPtr reduce(const Sym& s, TypePtr t, ExprList idx, ExprPtr rhs) {
    return ir::make<Reduce>(s, std::move(t), std::move(idx), std::move(rhs), null_srcinfo());
}
inline StmtPtr seq_loop(const Sym& i, ExprPtr lo, ExprPtr hi, StmtList body) {
    return ir::make<For>(i, std::move(lo), std::move(hi), std::move(body), LoopMode::Seq, null_srcinfo());
}
inline FnArg arg(const Sym& s, TypePtr t, MemRef mem = dram()) { return FnArg{s, std::move(t), std::move(mem), null_srcinfo()}; }

// The message of a host exception thrown by `f`, as "TypeName: message".
template <class F>
std::string host_error_of(F&& f) {
    try {
        f();
    } catch (const host::PyException& e) {
        return host::exception_summary(host::Value(e.exc));
    }
    return "<no exception>";
}

}  // namespace exo::ir::test
