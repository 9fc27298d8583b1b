// API stable: coordinate changes with the lead.
//
// A Sym is an object-code variable: a user-visible name plus a process-unique id.
// Two variables may share a name (shadowing, inlining, scheduling copies); they are
// told apart by id only. Turning ids into readable distinct names (x, x_1, ...) is the
// printer's job, not the Sym's.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace exo::ir {

class Sym {
public:
    // A null Sym (id 0), only useful as a placeholder; !sym is true for it.
    Sym() = default;
    // A fresh variable with a new id. The name is not validated here: callers that take
    // names from users check them with is_valid_name first, with their own error wording.
    explicit Sym(std::string_view name);

    const std::string& name() const;
    uint64_t id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }

    // A fresh variable with the same name (upstream's Sym.copy()).
    Sym copy() const { return Sym(name()); }

    // "name_id": unambiguous, for debugging output only.
    std::string repr() const;

    // Identity is the id: ids are never reused, so equal ids imply equal names.
    bool operator==(const Sym& o) const { return id_ == o.id_; }
    // Ordering by (name, id), as upstream sorts symbols.
    std::strong_ordering operator<=>(const Sym& o) const;

    size_t hash() const { return std::hash<uint64_t>{}(id_); }

private:
    // Names are shared so that copying a Sym (done constantly) never allocates.
    std::shared_ptr<const std::string> name_;
    uint64_t id_ = 0;
};

// Upstream's is_valid_name: an identifier that is not "_".
bool is_valid_name(std::string_view name);

}  // namespace exo::ir

template <>
struct std::hash<exo::ir::Sym> {
    size_t operator()(const exo::ir::Sym& s) const noexcept { return s.hash(); }
};
