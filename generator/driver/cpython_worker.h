// The CPython host's worker (exo/_cpython_worker.py): a python3 that keeps sympy
// imported and forks a process per run, so that a run skips sympy's import. This side
// finds or starts the worker for the run's environment, hands it the run (cwd, umask,
// arguments, the descriptors an exec would pass on), forwards signals to it and returns
// how it ended. Any doubt before the run starts means no worker: the caller execs python3
// as before. docs/cpython-host.md ("The worker") documents it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cpython_launch.h"

namespace exo::driver {

struct RunEnded {
    int exit_status = 0;  // when signal == 0
    int signal = 0;       // the signal that ended the run
};

// Runs `python3 flags... -c code args...` in the worker; nullopt when the worker is off
// (EXOCC_HOST_WORKER=0, or an inherited PYTHON* variable that would act differently in
// it) or cannot be reached, and nothing ran. `environment` as for exec_cpython.
std::optional<RunEnded> run_in_cpython_worker(const CPythonHost& host, const std::vector<std::string>& flags,
                                              const std::string& code, const std::vector<std::string>& args,
                                              const std::vector<std::string>* environment);

}  // namespace exo::driver
