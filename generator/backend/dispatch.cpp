#include "dispatch.h"

#include <algorithm>

namespace exo::backend {

std::string variant_name(const std::string& proc, const std::string& target) { return proc + "__" + target; }

std::vector<std::string> dispatch_function_names(const std::string& lib_name) {
    return {lib_name + "_exo_target", lib_name + "_exo_use_target"};
}

std::vector<size_t> preference_order(const std::vector<TargetVariant>& variants) {
    // A variant that needs all another needs and more is assumed faster where it runs
    // (a variant needing nothing is the fallback); otherwise the order given decides.
    auto includes = [&](size_t a, size_t b) {
        const std::vector<std::string>& fa = variants[a].lib.features;
        const std::vector<std::string>& fb = variants[b].lib.features;
        return fa.size() > fb.size() && std::includes(fa.begin(), fa.end(), fb.begin(), fb.end());
    };
    std::vector<size_t> left(variants.size()), order;
    for (size_t i = 0; i < left.size(); ++i) left[i] = i;
    while (!left.empty()) {
        auto best = std::find_if(left.begin(), left.end(), [&](size_t a) {
            return std::none_of(left.begin(), left.end(), [&](size_t b) { return includes(b, a); });
        });
        order.push_back(*best);
        left.erase(best);
    }
    return order;
}

std::string dispatch_declarations(const std::string& lib_name) {
    std::vector<std::string> names = dispatch_function_names(lib_name);
    return "\n// Runtime dispatch (exocc build --targets): the target whose variant the functions\n"
           "// above call, chosen on first use as the best one this CPU supports; and a way to\n"
           "// choose another (for tests and benchmarks): returns 0, changing nothing, if the\n"
           "// target is unknown or this CPU cannot run it.\n"
           "const char *" + names[0] + "(void);\n"
           "int " + names[1] + "(const char *target);\n";
}

namespace {

std::string cpu_check(const std::vector<std::string>& features) {
    if (features.empty()) return "1";
    std::string out;
    for (const std::string& f : features) out += (out.empty() ? "" : " && ") + std::string("__builtin_cpu_supports(\"") + f + "\")";
    return out;
}

}  // namespace

std::string dispatch_source(const std::string& lib_name, const std::string& header,
                            const std::vector<TargetVariant>& variants) {
    std::vector<size_t> order = preference_order(variants);
    std::vector<std::string> hooks = dispatch_function_names(lib_name);
    std::string n = std::to_string(variants.size());
    bool any_features = false;
    for (const TargetVariant& v : variants) any_features |= !v.lib.features.empty();

    std::string out = "// Runtime dispatch between the variants of " + lib_name + ", one per target, each in\n"
                      "// its own C file compiled for that target. The first call of any function picks\n"
                      "// the best target the running CPU supports (one whose target features include\n"
                      "// another's first, else in the order given); later calls cost one load and a\n"
                      "// switch.\n"
                      "#include \"" + header + "\"\n\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n";
    for (size_t i : order) {
        out += "// " + variants[i].target + (variants[i].lib.features.empty() ? " (no target features)" : "") + "\n";
        for (const auto& p : variants[i].lib.publics) out += "void " + p.name + "( " + p.params + " );\n";
    }
    out += "\n// The targets, best first, and whether this CPU runs each.\n"
           "static const char *const exo_target_names[" + n + "] = {";
    for (size_t k = 0; k < order.size(); ++k) out += std::string(k ? ", " : " ") + "\"" + variants[order[k]].target + "\"";
    out += " };\n\nstatic int exo_cpu_runs(int target) {\n";
    if (any_features) out += "  __builtin_cpu_init();\n";
    out += "  switch (target) {\n";
    for (size_t k = 0; k < order.size(); ++k)
        out += "    case " + std::to_string(k) + ": return " + cpu_check(variants[order[k]].lib.features) + ";\n";
    out += "  }\n  return 0;\n}\n\n"
           "// The chosen target, -1 until the first call. Every thread that finds it unset\n"
           "// chooses the same one, so a relaxed store is enough.\n"
           "static int exo_chosen = -1;\n\n"
           "static int exo_variant(void) {\n"
           "  int target = __atomic_load_n(&exo_chosen, __ATOMIC_RELAXED);\n"
           "  if (target >= 0) return target;\n"
           "  for (target = 0; target < " + n + "; target++)\n"
           "    if (exo_cpu_runs(target)) break;\n"
           "  if (target == " + n + ") {\n"
           "    fputs(\"" + lib_name + ": this CPU runs none of the targets the library was built for (";
    for (size_t k = 0; k < order.size(); ++k) out += (k ? ", " : "") + variants[order[k]].target;
    out += ")\\n\", stderr);\n"
           "    abort();\n"
           "  }\n"
           "  __atomic_store_n(&exo_chosen, target, __ATOMIC_RELAXED);\n"
           "  return target;\n"
           "}\n\n"
           "const char *" + hooks[0] + "(void) { return exo_target_names[exo_variant()]; }\n\n"
           "int " + hooks[1] + "(const char *target) {\n"
           "  for (int t = 0; t < " + n + "; t++)\n"
           "    if (strcmp(target, exo_target_names[t]) == 0 && exo_cpu_runs(t)) {\n"
           "      __atomic_store_n(&exo_chosen, t, __ATOMIC_RELAXED);\n"
           "      return 1;\n"
           "    }\n"
           "  return 0;\n"
           "}\n";
    const std::string& first_target = variants[order[0]].target;
    for (size_t p = 0; p < variants[order[0]].lib.publics.size(); ++p) {
        const auto& proto = variants[order[0]].lib.publics[p];
        std::string name = proto.name.substr(0, proto.name.size() - first_target.size() - 2);
        std::string args;
        for (size_t a = 0; a < proto.arg_names.size(); ++a) args += (a ? ", " : "") + proto.arg_names[a];
        out += "\nvoid " + name + "( " + proto.params + " ) {\n  switch (exo_variant()) {\n";
        for (size_t k = 0; k < order.size(); ++k)
            out += std::string(k + 1 < order.size() ? "    case " + std::to_string(k) + ": " : "    default: ") +
                   variant_name(name, variants[order[k]].target) + "(" + args + "); return;\n";
        out += "  }\n}\n";
    }
    return out;
}

}  // namespace exo::backend
