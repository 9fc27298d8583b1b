// Shared set-up for unit tests that need the host runtime (types, builtins).
#pragma once

#include "interp.h"

namespace exo::host::test {

inline void ensure_runtime() {
    init_runtime({EXOCC_SOURCE_DIR "/generator/lib/std", EXOCC_SOURCE_DIR "/generator/lib"});
}

// What `exocc run` sets up for Exo programs: the runtime, the bundled modules on
// sys.path, and the native `_exo` module. Defined in exo_fixture.cpp (it needs the
// frontend, which this header must not pull into every host test).
void ensure_exo();

}  // namespace exo::host::test
