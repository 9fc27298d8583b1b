#include "types.h"

#include <array>

#include "exprs.h"

namespace exo::ir {

namespace {
struct ScalarType : Type {
    explicit ScalarType(TypeKind k) : Type(k) {}
};
constexpr size_t kNumScalarKinds = static_cast<size_t>(TypeKind::Tensor);
}  // namespace

TypePtr scalar_type(TypeKind k) {
    static const std::array<TypePtr, kNumScalarKinds> singletons = [] {
        std::array<TypePtr, kNumScalarKinds> a;
        for (size_t i = 0; i < a.size(); ++i) a[i] = std::make_shared<const ScalarType>(static_cast<TypeKind>(i));
        return a;
    }();
    return static_cast<size_t>(k) < kNumScalarKinds ? singletons[static_cast<size_t>(k)] : nullptr;
}

bool Type::is_real_scalar() const {
    switch (kind) {
        case TypeKind::Num: case TypeKind::F16: case TypeKind::F32: case TypeKind::F64:
        case TypeKind::INT8: case TypeKind::UINT8: case TypeKind::UINT16: case TypeKind::INT32:
            return true;
        default:
            return false;
    }
}

bool Type::is_tensor_or_window() const { return kind == TypeKind::Tensor || kind == TypeKind::Window; }

bool Type::is_win() const {
    if (auto t = as<TensorType>()) return t->is_window;
    return kind == TypeKind::Window;
}

bool Type::is_dense_tensor() const {
    auto t = as<TensorType>();
    return t && !t->is_window;
}

bool Type::is_numeric() const { return is_real_scalar() || is_tensor_or_window(); }
bool Type::is_bool() const { return kind == TypeKind::Bool; }
bool Type::is_indexable() const {
    return kind == TypeKind::Int || kind == TypeKind::Index || kind == TypeKind::Size;
}
bool Type::is_stridable() const { return kind == TypeKind::Int || kind == TypeKind::Stride; }

const Type* Type::basetype() const {
    if (auto w = as<WindowType>()) return w->as_tensor->basetype();
    if (auto t = as<TensorType>()) return t->type.get();
    return this;
}

TypePtr Type::basetype_ptr(const TypePtr& self) const {
    if (auto w = as<WindowType>()) return w->as_tensor->basetype_ptr(w->as_tensor);
    if (auto t = as<TensorType>()) return t->type;
    return self;
}

const ExprList& Type::shape() const {
    static const ExprList empty;
    if (auto w = as<WindowType>()) return w->as_tensor->shape();
    if (auto t = as<TensorType>()) return t->hi;
    return empty;
}

const char* Type::ctype() const {
    switch (kind) {
        case TypeKind::F16: return "_Float16";
        case TypeKind::F32: return "float";
        case TypeKind::F64: return "double";
        case TypeKind::INT8: return "int8_t";
        case TypeKind::UINT8: return "uint8_t";
        case TypeKind::UINT16: return "uint16_t";
        case TypeKind::INT32: return "int32_t";
        case TypeKind::Bool: return "bool";
        case TypeKind::Int: case TypeKind::Index: case TypeKind::Size: case TypeKind::Stride:
            return "int_fast32_t";
        default: return "";
    }
}

namespace {

bool is_const_zero(const ExprPtr& e) {
    auto c = e->as<Const>();
    if (!c) return false;
    const host::Value& v = c->val;
    if (v.is_intlike()) return v.as_int() == 0;
    if (v.is_float()) return v.as_float() == 0.0;
    return false;
}

// lo + off, dropping a zero operand (keeps chained windows readable).
ExprPtr add_offsets(const ExprPtr& a, const ExprPtr& b) {
    if (is_const_zero(a)) return b;
    if (is_const_zero(b)) return a;
    return make<BinOp>(BinOpKind::Add, a, b, T::index(), b->srcinfo);
}

// Composes window_1 = window_0[idx1] with window_0 = tensor[idx0] into tensor[result].
WAccessList chain_window_idx(const WAccessList& idx0, const WAccessList& idx1) {
    WAccessList out;
    out.reserve(idx0.size());
    size_t next = 0;
    for (const auto& w0 : idx0) {
        if (w0->is<Point>()) {
            out.push_back(w0);
            continue;
        }
        const auto* iv0 = w0->as<Interval>();
        const auto& w1 = idx1.at(next++);
        const SrcInfo& src = w1->srcinfo;  // the newer access is the more relevant location
        if (auto p1 = w1->as<Point>())
            out.push_back(make<Point>(add_offsets(iv0->lo, p1->pt), src));
        else {
            auto iv1 = w1->as<Interval>();
            out.push_back(make<Interval>(add_offsets(iv0->lo, iv1->lo), add_offsets(iv0->lo, iv1->hi), src));
        }
    }
    return out;
}

ExprList window_shape(const WAccessList& idx) {
    ExprList shape;
    for (const auto& w : idx) {
        auto iv = w->as<Interval>();
        if (!iv) continue;
        if (is_const_zero(iv->lo))
            shape.push_back(iv->hi);
        else
            shape.push_back(make<BinOp>(BinOpKind::Sub, iv->hi, iv->lo, T::index(), iv->hi->srcinfo));
    }
    return shape;
}

}  // namespace

TypePtr create_window_type(const Sym& in_name, const TypePtr& in_type, const WAccessList& idx) {
    auto as_tensor = T::tensor(window_shape(idx), true, in_type->basetype_ptr(in_type));
    if (in_type->is<TensorType>()) return make<WindowType>(in_type, as_tensor, in_name, idx);
    auto w = in_type->as<WindowType>();
    return make<WindowType>(w->src_type, as_tensor, w->src_buf, chain_window_idx(w->idx, idx));
}

}  // namespace exo::ir
