#include "exprs.h"

namespace exo::ir {

std::shared_ptr<const Const> Const::of_int(int64_t v, TypePtr t, SrcInfo s) {
    return ir::make<Const>(host::Value::integer(v), std::move(t), std::move(s));
}

std::shared_ptr<const Const> Const::of_float(double v, TypePtr t, SrcInfo s) {
    return ir::make<Const>(host::Value::floating(v), std::move(t), std::move(s));
}

std::shared_ptr<const Const> Const::of_bool(bool v, SrcInfo s) {
    return ir::make<Const>(host::Value::boolean(v), T::bool_(), std::move(s));
}

}  // namespace exo::ir
