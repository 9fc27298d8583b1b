#include "uast.h"

#include <array>

namespace exo::ir::uast {

namespace {
struct ScalarType : Type {
    explicit ScalarType(TypeKind k) : Type(k) {}
};
}  // namespace

TypePtr Type::scalar(TypeKind k) {
    static const std::array<TypePtr, static_cast<size_t>(TypeKind::Tensor)> singletons = [] {
        std::array<TypePtr, static_cast<size_t>(TypeKind::Tensor)> a;
        for (size_t i = 0; i < a.size(); ++i) a[i] = std::make_shared<const ScalarType>(static_cast<TypeKind>(i));
        return a;
    }();
    return k == TypeKind::Tensor ? nullptr : singletons[static_cast<size_t>(k)];
}

const ExprList& Type::shape() const {
    static const ExprList empty;
    if (auto t = as<Tensor>()) return t->hi;
    return empty;
}

const Type* Type::basetype() const {
    if (auto t = as<Tensor>()) return t->type.get();
    return this;
}

}  // namespace exo::ir::uast
