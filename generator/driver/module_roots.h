// Where exocc finds the Python modules bundled with it.
#pragma once

#include <string>
#include <vector>

namespace exo::driver {

// generator/lib/std, generator/lib and hw/: $EXOCC_LIB (colon-separated) if set, else
// share/exocc next to an installed executable, else the source tree it was built from.
std::vector<std::string> module_roots();

// $PYTHONPATH's directories as CPython puts them on sys.path: each made absolute against
// the working directory and normalized, an empty entry meaning the working directory.
// For the commands that run a program as Python would (run, test, upstream's exocc).
std::vector<std::string> python_path_from_environment();

// Turns on the host's store of processed modules (host/module_store.h) in
// CACHE_DIR/modules, marked with this executable's build-id (else its inode, size and
// modification time), so that a rebuilt exocc never reads another build's trees. An
// empty `cache_dir` (the cache is off) leaves it off.
void keep_processed_modules(const std::string& cache_dir);

// The hardware-library directories among them (the `exo.platforms` package).
std::vector<std::string> hw_roots(const std::vector<std::string>& roots);

}  // namespace exo::driver
