// The files `exocc build` and `exocc vendor` write, computed from their arguments alone
// (never from what the kernels contain), so that a build system can declare them before
// exocc runs: `exocc --list-outputs` prints them (docs/manifest.md, "Outputs").
#pragma once

#include <string>
#include <vector>

namespace exo::driver {

// The command-line options that change which files are written.
struct OutputOptions {
    std::vector<std::string> targets;  // --targets: STEM_<target>.c each (docs/target-features.md)
    bool ir_dump = false, trace = false, verify = false;  // STEM.ir.txt, STEM.trace.txt, STEM.verify.txt
};

// The generated library's files, bare names: STEM.c, STEM.h, then STEM_<target>.c for
// each of `targets` (a multi-target build, where STEM.c is the dispatch).
std::vector<std::string> library_files(const std::string& stem, const std::vector<std::string>& targets);

// What `exocc build` writes: the library files, the depfile STEM.d and the inspection
// outputs asked for, in OUTDIR (bare names when `outdir` is empty).
std::vector<std::string> build_outputs(const std::string& outdir, const std::string& stem, const OutputOptions& o);

// What `exocc vendor` writes into its directory: the library files and the record
// STEM.exo-vendor.
std::vector<std::string> vendor_outputs(const std::string& dir, const std::string& stem, const OutputOptions& o);

}  // namespace exo::driver
