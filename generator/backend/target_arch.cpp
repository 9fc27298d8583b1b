#include "target_arch.h"

#include <stdexcept>

namespace exo::backend {

namespace {

struct Arch {
    std::string name, condition;
};

// x86 includes 32-bit x86: GCC and Clang accept the same `target` features there, and
// __builtin_cpu_supports works on both.
const std::vector<Arch>& archs() {
    static const std::vector<Arch> all = {
        {"x86", "defined(__x86_64__) || defined(__i386__)"},
        {"aarch64", "defined(__aarch64__)"},
    };
    return all;
}

}  // namespace

const std::vector<std::string>& known_target_archs() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const Arch& a : archs()) out.push_back(a.name);
        return out;
    }();
    return names;
}

std::string target_arch_condition(const std::string& arch) {
    for (const Arch& a : archs())
        if (a.name == arch) return a.condition;
    throw std::logic_error("target_arch_condition: unknown architecture " + arch);
}

}  // namespace exo::backend
