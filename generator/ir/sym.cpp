#include "sym.h"

#include <atomic>

namespace exo::ir {

namespace {
// Ids start at 1 so that 0 can mean "null Sym".
std::atomic<uint64_t> next_sym_id{1};

const std::shared_ptr<const std::string>& empty_name() {
    static const auto s = std::make_shared<const std::string>();
    return s;
}
}  // namespace

Sym::Sym(std::string_view name)
    : name_(std::make_shared<const std::string>(name)), id_(next_sym_id.fetch_add(1)) {}

const std::string& Sym::name() const { return name_ ? *name_ : *empty_name(); }

std::string Sym::repr() const { return name() + "_" + std::to_string(id_); }

std::strong_ordering Sym::operator<=>(const Sym& o) const {
    if (auto c = name().compare(o.name()); c != 0) return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
    return id_ <=> o.id_;
}

bool is_valid_name(std::string_view name) {
    if (name.empty() || name == "_") return false;
    auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    // Non-ASCII bytes count as word characters, as Python's \w does for letters.
    if (!alpha(name[0]) && static_cast<unsigned char>(name[0]) < 0x80) return false;
    for (char c : name)
        if (!alpha(c) && !digit(c) && static_cast<unsigned char>(c) < 0x80) return false;
    return true;
}

}  // namespace exo::ir
