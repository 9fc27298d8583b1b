// Starting the CPython host: Debian's python3 (or $EXOCC_PYTHON3) with exocc's `exo`
// package and its `_exo` extension module first on sys.path. Used for kernels with
// host = "python3" and for the upstream-style command line with --host python3.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace exo::driver {

struct CPythonHost {
    std::string python;      // the interpreter to run
    std::string module_dir;  // holds _exo.cpython-*.so
    std::string lib;         // holds the bundled exo/ package
};

// Null when this exocc was built without the CPython host (no python3-dev).
std::optional<CPythonHost> find_cpython_host(const std::vector<std::string>& module_roots);

// Replaces this process by `python -s -c <bootstrap> args...`, where the bootstrap puts
// the host's directories first on sys.path and runs `entry` ("module:function", called
// with the argument list; its return value is the exit status). With `environment`,
// the process gets exactly those NAME=value strings and ignores PYTHON* variables (-E);
// without, it inherits this one's (as the upstream-style command line does). The run goes
// to the worker (cpython_worker.h) when it can, and this process then ends as the run did.
[[noreturn]] void exec_cpython(const CPythonHost& host, const std::string& entry, const std::vector<std::string>& args,
                               const std::vector<std::string>* environment);

}  // namespace exo::driver
