// Builds one kernel of a manifest from its Python sources in a child process. A fork
// per kernel gives each one a fresh interpreter (no module state leaks between kernels)
// and an exact list of the files it read, which is what its cache entry depends on.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../ir/phase_times.h"
#include "manifest.h"

namespace exo::driver {

struct KernelBuild {
    std::string ir;                 // serialized LoopIR with recorded host answers
    std::vector<std::string> deps;  // absolute paths of every file the kernel read
    std::vector<std::string> absent;  // files its imports looked for and did not find
    std::optional<std::string> trace;      // the schedule trace, when asked for
    // The unscheduled originals, when asked for: per exported proc `<bytes>:<text>`, the
    // text its serialized original or `!` and why there is none.
    std::optional<std::string> originals;
    double seconds[int(ir::Phase::Count)] = {};  // the child's time in each phase
};

// What a kernel's build records besides its IR (`exocc build --trace / --verify`).
struct KernelRecording {
    bool trace = false;      // the proc after each scheduling step (_exocc_build.py)
    bool originals = false;  // each exported proc's unscheduled original
};

// Runs the kernel; on failure the child has printed the error and this returns nullopt.
// The interpreter must be initialised (init_runtime) and must not have run user code.
// With `on_output`, what the child writes to stdout and stderr passes through this
// process, which calls it before the first byte (to clear a progress line).
std::optional<KernelBuild> build_kernel_in_child(const Manifest& m, const Kernel& k,
                                                 const std::vector<std::string>& module_roots,
                                                 KernelRecording recording = {},
                                                 const std::function<void()>& on_output = {});

}  // namespace exo::driver
