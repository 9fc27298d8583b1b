#include "window_struct.h"

#include <stdexcept>

namespace exo::backend {

namespace {

const char* shorthand(const ir::Type& t) {
    switch (t.kind) {
        case ir::TypeKind::F16: return "f16";
        case ir::TypeKind::F32: return "f32";
        case ir::TypeKind::F64: return "f64";
        case ir::TypeKind::INT8: return "i8";
        case ir::TypeKind::UINT8: return "ui8";
        case ir::TypeKind::UINT16: return "ui16";
        case ir::TypeKind::INT32: return "i32";
        default: throw std::logic_error("window_struct: element type must be a sized numeric type");
    }
}

}  // namespace

WindowStruct window_struct(const ir::Type& base, size_t n_dims, bool is_const) {
    std::string n = std::to_string(n_dims);
    std::string name = "exo_win_" + n + shorthand(base) + (is_const ? "c" : "");
    std::string guard;
    for (char c : name) guard += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    std::string def = "#ifndef " + guard + "\n#define " + guard + "\nstruct " + name + "{\n    " +
                      (is_const ? "const " : "") + base.ctype() + " * const data;\n    const int_fast32_t strides[" + n +
                      "];\n};\n#endif";
    return {name, def};
}

}  // namespace exo::backend
