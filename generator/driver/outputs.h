// The files `exocc build` and `exocc vendor` write, computed from their arguments alone
// (never from what the kernels contain), so that a build system can declare them before
// exocc runs: `exocc --list-outputs` prints them (docs/manifest.md, "Outputs").
#pragma once

#include <string>
#include <vector>

namespace exo::driver {

// OUTDIR/STEM.c, OUTDIR/STEM.h and the depfile OUTDIR/STEM.d (bare names when `outdir`
// is empty). `targets` are the targets built into this one library; today that is one
// (or none: the default), which does not change the names.
std::vector<std::string> build_outputs(const std::string& outdir, const std::string& stem,
                                       const std::vector<std::string>& targets);

// What `exocc vendor` writes into its directory: STEM.c, STEM.h and the record STEM.exo-vendor.
std::vector<std::string> vendor_outputs(const std::string& dir, const std::string& stem,
                                        const std::vector<std::string>& targets);

}  // namespace exo::driver
