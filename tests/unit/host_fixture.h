// Shared set-up for unit tests that need the host runtime (types, builtins).
#pragma once

#include "interp.h"

namespace exo::host::test {

inline void ensure_runtime() {
    init_runtime({EXOCC_SOURCE_DIR "/generator/lib/std", EXOCC_SOURCE_DIR "/generator/lib"});
}

}  // namespace exo::host::test
