// LoopIR types, as upstream's LoopIR `type` sum (and its `T` shorthand class).
// Scalar types are shared singletons, so `t == T::f32()` by pointer also works, but
// compare with type_equal()/is<...>() to be safe for tensors and windows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "node.h"
#include "sym.h"

namespace exo::ir {

struct Expr;
struct WAccess;
using ExprPtr = std::shared_ptr<const Expr>;
using WAccessPtr = std::shared_ptr<const WAccess>;
using ExprList = std::vector<ExprPtr>;
using WAccessList = std::vector<WAccessPtr>;

enum class TypeKind : uint8_t {
    Num, F16, F32, F64, INT8, UINT8, UINT16, INT32, Bool, Int, Index, Size, Stride, Error,
    Tensor, Window,
};

struct Type;
using TypePtr = std::shared_ptr<const Type>;

struct Type : KindedNode<Type, TypeKind> {
    using KindedNode::KindedNode;
    virtual ~Type() = default;

    // Upstream's type predicates.
    bool is_real_scalar() const;      // R, f16, f32, f64, i8, ui8, ui16, i32
    bool is_tensor_or_window() const; // Tensor or Window
    bool is_win() const;              // window parameter (Tensor is_window) or derived window
    bool is_dense_tensor() const;     // Tensor that is not a window
    bool is_numeric() const;          // real scalar, tensor or window
    bool is_bool() const;
    bool is_indexable() const;        // int, index, size
    bool is_stridable() const;        // int, stride

    // The element type of a tensor or window; the type itself for scalars.
    const Type* basetype() const;
    TypePtr basetype_ptr(const TypePtr& self) const;
    // The sizes of a tensor or window (a window: its as_tensor's); empty for scalars.
    const ExprList& shape() const;
    // The C type of a scalar ("float", "int_fast32_t"...); empty for Num/Error/tensors.
    const char* ctype() const;
};

// A dense tensor (is_window false) or a window parameter of a proc (is_window true).
struct TensorType : Type {
    static constexpr TypeKind kKind = TypeKind::Tensor;
    ExprList hi;
    bool is_window;
    TypePtr type;  // element type, never itself a tensor
    TensorType(ExprList hi, bool is_window, TypePtr type)
        : Type(kKind), hi(std::move(hi)), is_window(is_window), type(std::move(type)) {}
};

// The type of a derived window `x[i, 0:n]`: it remembers the tensor it views so that
// aliasing can be reasoned about. Chained windows point at the original tensor.
struct WindowType : Type {
    static constexpr TypeKind kKind = TypeKind::Window;
    TypePtr src_type;   // type of the underlying tensor
    TypePtr as_tensor;  // the window seen as a (window) tensor
    Sym src_buf;        // the underlying tensor
    WAccessList idx;    // accesses into src_buf that produce this window
    WindowType(TypePtr src_type, TypePtr as_tensor, Sym src_buf, WAccessList idx)
        : Type(kKind), src_type(std::move(src_type)), as_tensor(std::move(as_tensor)),
          src_buf(std::move(src_buf)), idx(std::move(idx)) {}
};

// Shared instance of a field-less type (any kind but Tensor/Window).
TypePtr scalar_type(TypeKind k);

// Upstream's `T` shorthands.
namespace T {
inline TypePtr R() { return scalar_type(TypeKind::Num); }
inline TypePtr f16() { return scalar_type(TypeKind::F16); }
inline TypePtr f32() { return scalar_type(TypeKind::F32); }
inline TypePtr f64() { return scalar_type(TypeKind::F64); }
inline TypePtr i8() { return scalar_type(TypeKind::INT8); }
inline TypePtr ui8() { return scalar_type(TypeKind::UINT8); }
inline TypePtr ui16() { return scalar_type(TypeKind::UINT16); }
inline TypePtr i32() { return scalar_type(TypeKind::INT32); }
inline TypePtr bool_() { return scalar_type(TypeKind::Bool); }
inline TypePtr int_() { return scalar_type(TypeKind::Int); }
inline TypePtr index() { return scalar_type(TypeKind::Index); }
inline TypePtr size() { return scalar_type(TypeKind::Size); }
inline TypePtr stride() { return scalar_type(TypeKind::Stride); }
inline TypePtr err() { return scalar_type(TypeKind::Error); }
inline TypePtr tensor(ExprList hi, bool is_window, TypePtr elem) {
    return make<TensorType>(std::move(hi), is_window, std::move(elem));
}
}  // namespace T

// The derived window type of `in_name[idx]` where in_name has type in_type (a tensor,
// window parameter or derived window), as upstream's create_window_type.
TypePtr create_window_type(const Sym& in_name, const TypePtr& in_type, const WAccessList& idx);

}  // namespace exo::ir
