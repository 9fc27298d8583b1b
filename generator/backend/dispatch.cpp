#include "dispatch.h"

#include <algorithm>

#include "target_arch.h"

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
        // (With equal features, one for an architecture beats a portable one.)
        bool more = fa.size() > fb.size() || (!variants[a].lib.arch.empty() && variants[b].lib.arch.empty());
        return more && std::includes(fa.begin(), fa.end(), fb.begin(), fb.end());
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

// The check that this CPU runs a variant needing `features`, on an architecture whose
// features __builtin_cpu_supports tests (x86's); on the others a variant needs none
// (dispatch_problem refuses the rest).
std::string cpu_check(const std::vector<std::string>& features) {
    if (features.empty()) return "1";
    std::string out;
    for (const std::string& f : features) out += (out.empty() ? "" : " && ") + std::string("__builtin_cpu_supports(\"") + f + "\")";
    return out;
}

std::string target_list(const std::vector<TargetVariant>& variants, const std::vector<size_t>& order) {
    std::string out;
    for (size_t k = 0; k < order.size(); ++k) out += (k ? ", " : "") + variants[order[k]].target;
    return out;
}

// The dispatch between `variants` (those one architecture compiles), best first.
std::string dispatch_section(const std::string& lib_name, const std::vector<TargetVariant>& variants) {
    std::vector<size_t> order = preference_order(variants);
    std::vector<std::string> hooks = dispatch_function_names(lib_name);
    std::string n = std::to_string(variants.size());
    bool any_features = false;
    for (const TargetVariant& v : variants) any_features |= !v.lib.features.empty();

    std::string out;
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
           "    fputs(\"" + lib_name + ": this CPU runs none of the targets the library was built for (" +
           target_list(variants, order) + ")\\n\", stderr);\n"
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

// The variants compiled for `arch`: its own and those of no architecture; for "" (an
// architecture none of them names) those of none that need no features (there is no
// test of features there).
std::vector<TargetVariant> variants_for(const std::vector<TargetVariant>& variants, const std::string& arch) {
    std::vector<TargetVariant> out;
    for (const TargetVariant& v : variants)
        if (v.lib.arch == arch || (v.lib.arch.empty() && (!arch.empty() || v.lib.features.empty()))) out.push_back(v);
    return out;
}

// The architectures the variants name, in known_target_archs() order.
std::vector<std::string> variant_archs(const std::vector<TargetVariant>& variants) {
    std::vector<std::string> out;
    for (const std::string& a : known_target_archs())
        if (std::any_of(variants.begin(), variants.end(), [&](const TargetVariant& v) { return v.lib.arch == a; }))
            out.push_back(a);
    return out;
}

}  // namespace

std::string dispatch_problem(const std::vector<TargetVariant>& variants) {
    std::vector<std::string> archs = variant_archs(variants);
    for (const TargetVariant& v : variants) {
        if (v.lib.features.empty()) continue;
        // Only x86's features have a test here; a featured variant of no architecture is
        // dispatched as x86's when x86 is the only architecture or none is named.
        bool testable = v.lib.arch == "x86" ||
                        (v.lib.arch.empty() && (archs.empty() || archs == std::vector<std::string>{"x86"}));
        if (testable) continue;
        std::string features;
        for (const std::string& f : v.lib.features) features += (features.empty() ? "" : ",") + f;
        return "target '" + v.target + "' needs the target features " + features + (v.lib.arch.empty() ? "" : " on " + v.lib.arch) +
               ", which the dispatch tests only on x86 (__builtin_cpu_supports); on " +
               (v.lib.arch.empty() ? std::string("other architectures") : v.lib.arch) +
               " a variant of a multi-target build must need none";
    }
    return "";
}

std::string dispatch_source(const std::string& lib_name, const std::string& header,
                            const std::vector<TargetVariant>& variants) {
    std::string out = "// Runtime dispatch between the variants of " + lib_name + ", one per target, each in\n"
                      "// its own C file compiled for that target. The first call of any function picks\n"
                      "// the best target the running CPU supports (one whose target features include\n"
                      "// another's first, else in the order given); later calls cost one load and a\n"
                      "// switch.\n"
                      "#include \"" + header + "\"\n\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n";
    std::vector<std::string> archs = variant_archs(variants);
    if (archs.empty()) return out + dispatch_section(lib_name, variants);
    // Variants for an architecture are compiled only there (their files are guarded
    // alike): each architecture dispatches between its own and the portable ones.
    out += "// Each architecture chooses among the targets compiled for it.\n";
    for (size_t i = 0; i <= archs.size(); ++i) {
        const std::string arch = i < archs.size() ? archs[i] : "";
        out += i == 0 ? "#if " + target_arch_condition(arch) : i < archs.size() ? "#elif " + target_arch_condition(arch) : "#else";
        out += "\n\n";
        std::vector<TargetVariant> here = variants_for(variants, arch);
        if (here.empty()) {
            std::vector<size_t> all(variants.size());
            for (size_t k = 0; k < all.size(); ++k) all[k] = k;
            out += "#error \"" + lib_name + ": none of the targets the library was built for (" + target_list(variants, all) +
                   ") is for this architecture\"\n";
        } else {
            out += dispatch_section(lib_name, here);
        }
        out += "\n";
    }
    return out + "#endif\n";
}

std::string variant_guard(const std::string& lib_name, const TargetVariant& v, const std::string& text) {
    if (v.lib.arch.empty()) return text;
    return "#if " + target_arch_condition(v.lib.arch) + "\n" + text +
           "#else\n// (compiled for another architecture: only for " + v.lib.arch + ")\n"
           "typedef int " + lib_name + "_" + v.target + "_is_for_" + v.lib.arch + "_only;\n#endif\n";
}

}  // namespace exo::backend
