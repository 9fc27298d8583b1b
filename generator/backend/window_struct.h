// The C structs that carry windows across calls (`struct exo_win_2f32 { float * const
// data; const int_fast32_t strides[2]; }`), as upstream's window_struct().
#pragma once

#include <string>

#include "../ir/types.h"

namespace exo::backend {

struct WindowStruct {
    std::string name;        // exo_win_<n><type>[c]
    std::string definition;  // guarded by #ifndef EXO_WIN_...
    bool operator<(const WindowStruct& o) const { return name < o.name; }
};

// `base` is the element type (f16 ... i32), n_dims >= 1.
WindowStruct window_struct(const ir::Type& base, size_t n_dims, bool is_const);

}  // namespace exo::backend
