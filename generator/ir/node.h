// Shared plumbing for LoopIR node families: immutable nodes held by shared_ptr<const>,
// a kind tag for cheap checked downcasts, and make<T>() to build them.
#pragma once

#include <memory>
#include <utility>

namespace exo::ir {

// Call it qualified (ir::make<Read>(...)): with a host::Value argument, unqualified
// lookup would also find host::make by argument-dependent lookup.
template <class T, class... A>
std::shared_ptr<const T> make(A&&... args) {
    return std::make_shared<const T>(std::forward<A>(args)...);
}

// `node->as<Read>()` is null unless node is a Read; `node->is<Read>()` tests only.
template <class Base, class Kind>
struct KindedNode {
    Kind kind;
    explicit KindedNode(Kind k) : kind(k) {}
    template <class T>
    const T* as() const {
        return kind == T::kKind ? static_cast<const T*>(static_cast<const Base*>(this)) : nullptr;
    }
    template <class T>
    bool is() const { return kind == T::kKind; }
};

// Downcast of a shared pointer, keeping shared ownership (null on kind mismatch).
template <class T, class Base>
std::shared_ptr<const T> cast(const std::shared_ptr<const Base>& p) {
    return p && p->template is<T>() ? std::static_pointer_cast<const T>(p) : nullptr;
}

}  // namespace exo::ir
