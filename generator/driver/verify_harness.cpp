#include "verify_harness.h"

#include "../backend/window_struct.h"
#include "../ir/queries.h"

namespace exo::driver {

using namespace ir;

namespace {

// The generator call giving one random element: floats in [-1, 1) with half the
// significand's bits (products are exact, so a reassociated sum differs only by the
// rounding of its additions), small integers (no overflow in a dot product).
std::string random_element(TypeKind k) {
    switch (k) {
        case TypeKind::F32: return "(float)((int32_t)(next() >> 52) - 2048) / 2048.0f";
        case TypeKind::F64: return "(double)((int64_t)(next() >> 38) - (INT64_C(1) << 25)) / (double)(INT64_C(1) << 25)";
        case TypeKind::INT8: return "(int8_t)((int)(next() % 9) - 4)";
        case TypeKind::UINT8: return "(uint8_t)(next() % 9)";
        case TypeKind::UINT16: return "(uint16_t)(next() % 65)";
        case TypeKind::INT32: return "(int32_t)((int)(next() % 129) - 64)";
        default: return "0";
    }
}

}  // namespace

size_t element_size(TypeKind k) {
    switch (k) {
        case TypeKind::F64: return 8;
        case TypeKind::F32: case TypeKind::INT32: return 4;
        case TypeKind::UINT16: case TypeKind::F16: return 2;
        default: return 1;
    }
}

std::string harness_source(const Proc& p, const std::string& header) {
    std::string decls, call = "    " + p.name + "((void *)ctxt", writes;
    for (size_t i = 0; i < p.args.size(); ++i) {
        const FnArg& a = p.args[i];
        const Type& t = *a.type;
        std::string v = "a" + std::to_string(i);
        if (is_value_arg(t.kind)) {
            decls += "    " + std::string(t.ctype()) + " " + v + " = (" + t.ctype() + ")strtoll(argv[ai++], 0, 10);\n";
            call += ", " + v;
            continue;
        }
        const char* ct = t.basetype()->ctype();
        std::string elem = random_element(t.basetype()->kind);
        if (t.is_real_scalar()) {
            decls += "    " + std::string(ct) + " " + v + " = " + elem + ";\n";
            call += ", &" + v;
            writes += "    fwrite(&" + v + ", sizeof " + v + ", 1, stdout);\n";
            continue;
        }
        size_t n = t.shape().size();
        decls += "    int64_t " + v + "_n = strtoll(argv[ai++], 0, 10);\n";
        decls += "    int_fast32_t " + v + "_s[" + std::to_string(n) + "];\n";
        decls += "    for (int d = 0; d < " + std::to_string(n) + "; ++d) " + v + "_s[d] = (int_fast32_t)strtoll(argv[ai++], 0, 10);\n";
        decls += "    " + std::string(ct) + " *" + v + " = buffer(" + v + "_n * sizeof *" + v + ");\n";
        decls += "    for (int64_t e = 0; e < " + v + "_n; ++e) " + v + "[e] = " + elem + ";\n";
        if (t.is_win()) {
            // The struct the generated header declares for it (exo_win_2f32, or the
            // const variant ..c for a window the proc only reads).
            std::string ws = backend::window_struct(*t.basetype(), n, !proc_writes_arg(p, a.name)).name;
            std::string strides;
            for (size_t d = 0; d < n; ++d) strides += (d ? ", " : "") + v + "_s[" + std::to_string(d) + "]";
            call += ", (struct " + ws + "){ " + v + ", { " + strides + " } }";
        } else {
            call += ", " + v;
        }
        writes += "    fwrite(" + v + ", sizeof *" + v + ", (size_t)" + v + "_n, stdout);\n";
    }
    return "// exocc --verify harness for " + p.name + "\n"
           "#include <stdbool.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n"
           "#include \"" + header + "\"\n\n"
           "static uint64_t state;\n"
           "static uint64_t next(void) {  /* splitmix64 */\n"
           "    uint64_t z = (state += 0x9e3779b97f4a7c15ull);\n"
           "    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;\n"
           "    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;\n"
           "    return z ^ (z >> 31);\n}\n\n"
           "static void *buffer(int64_t bytes) {\n"
           "    void *p = aligned_alloc(64, (size_t)((bytes + 64) / 64 * 64));\n"
           "    if (!p) { perror(\"harness\"); exit(3); }\n"
           "    return p;\n}\n\n"
           "static _Alignas(64) char ctxt[1 << 16];\n\n"
           "int main(int argc, char **argv) {\n"
           "    (void)argc;\n"
           "    alarm(120);  /* a schedule that never ends fails, not the build */\n"
           "    int ai = 1;\n"
           "    state = strtoull(argv[ai++], 0, 10);\n" +
           decls + call + ");\n" + writes + "    return fflush(stdout) != 0;\n}\n";
}

std::vector<std::string> harness_args(const Proc& p, const VerifyCase& c) {
    std::vector<std::string> out{std::to_string(c.seed)};
    for (size_t i = 0; i < p.args.size(); ++i) {
        const Type& t = *p.args[i].type;
        if (is_value_arg(t.kind)) out.push_back(std::to_string(c.args[i].value));
        else if (t.is_tensor_or_window()) {
            out.push_back(std::to_string(c.args[i].alloc));
            for (int64_t s : c.args[i].strides) out.push_back(std::to_string(s));
        }
    }
    return out;
}

}  // namespace exo::driver
