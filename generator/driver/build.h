// `exocc build MANIFEST.toml -o DIR` and `exocc vendor MANIFEST.toml --dir DIR`: build a
// manifest's library (docs/manifest.md) through the cache (docs/build-cache.md) into
// NAME.c, NAME.h and the depfile NAME.d, or into vendored copies with a record of the
// exocc version and the inputs they came from.
#pragma once

#include <string>
#include <vector>

namespace exo::driver {

int build_command(const std::vector<std::string>& args);
int vendor_command(const std::vector<std::string>& args);
// `exocc --list-outputs MANIFEST.toml [-o OUTDIR | --vendor DIR] ...`: the files the
// matching build or vendor command writes, one a line.
int list_outputs_command(const std::vector<std::string>& args);

}  // namespace exo::driver
