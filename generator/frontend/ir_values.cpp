#include "ir_values.h"

#include "../host/runtime.h"
#include "../ir/printer.h"

namespace exo::frontend {

using host::CallArgs;
using host::Value;

namespace {

struct TypeObj : host::NativeObject {
    ir::TypePtr t;
    TypeObj(host::TypeObject* ty, ir::TypePtr x) : NativeObject(ty), t(std::move(x)) {}
};
struct ExprObj : host::NativeObject {
    ir::ExprPtr e;
    ExprObj(host::TypeObject* ty, ir::ExprPtr x) : NativeObject(ty), e(std::move(x)) {}
};

host::TypeObject* type_t();
host::TypeObject* expr_t();

const ir::Type& self_type(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != type_t()) host::raise(host::exc_types().TypeError, "expected a LoopIR type");
    return *static_cast<TypeObj*>(o)->t;
}

#define TYPE_PREDICATE(NAME)                                                              \
    Value type_##NAME(const Value& self, const CallArgs&) { return Value::boolean(self_type(self).NAME()); }
TYPE_PREDICATE(is_real_scalar)
TYPE_PREDICATE(is_tensor_or_window)
TYPE_PREDICATE(is_win)
TYPE_PREDICATE(is_numeric)
TYPE_PREDICATE(is_bool)
TYPE_PREDICATE(is_indexable)
TYPE_PREDICATE(is_stridable)
#undef TYPE_PREDICATE

Value type_str(const Value& self, const CallArgs&) { return host::str(ir::print_type(self_type(self))); }
Value type_ctype(const Value& self, const CallArgs&) { return host::str(self_type(self).ctype()); }
Value type_basetype(const Value& self, const CallArgs&) {
    auto* o = static_cast<TypeObj*>(host::as<host::NativeObject>(self));
    self_type(self);
    return type_value(o->t->basetype_ptr(o->t));
}

Value expr_type(const Value& self, const CallArgs&) {
    return type_value(static_cast<ExprObj*>(host::as<host::NativeObject>(self))->e->type);
}
Value expr_str(const Value& self, const CallArgs&) {
    return host::str(ir::print_expr(*static_cast<ExprObj*>(host::as<host::NativeObject>(self))->e));
}

host::TypeObject* type_t() {
    static host::TypeObject* t = [] {
        host::TypeObject* ty = host::new_builtin_type("type", host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.core.LoopIR"));
        host::add_method(ty, "is_real_scalar", type_is_real_scalar);
        host::add_method(ty, "is_tensor_or_window", type_is_tensor_or_window);
        host::add_method(ty, "is_win", type_is_win);
        host::add_method(ty, "is_numeric", type_is_numeric);
        host::add_method(ty, "is_bool", type_is_bool);
        host::add_method(ty, "is_indexable", type_is_indexable);
        host::add_method(ty, "is_stridable", type_is_stridable);
        host::add_method(ty, "ctype", type_ctype);
        host::add_method(ty, "basetype", type_basetype);
        host::add_method(ty, "__str__", type_str);
        host::add_method(ty, "__repr__", type_str);
        return ty;
    }();
    return t;
}

host::TypeObject* expr_t() {
    static host::TypeObject* t = [] {
        host::TypeObject* ty = host::new_builtin_type("expr", host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.core.LoopIR"));
        host::add_getter(ty, "type", expr_type);
        host::add_method(ty, "__str__", expr_str);
        return ty;
    }();
    return t;
}

}  // namespace

Value type_value(ir::TypePtr t) { return Value(new TypeObj(type_t(), std::move(t))); }
Value expr_value(ir::ExprPtr e) { return Value(new ExprObj(expr_t(), std::move(e))); }

ir::TypePtr type_of_value(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != type_t()) return nullptr;
    return static_cast<TypeObj*>(o)->t;
}

}  // namespace exo::frontend
