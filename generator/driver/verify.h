// Differential verification (`exocc build --verify`, docs/verification.md): each
// exported proc is compiled twice with the system C compiler, as scheduled and as its
// unscheduled original (the root of its scheduling history), into a harness
// (verify_harness.h) that runs it on random inputs satisfying its asserts
// (verify_inputs.h); the outputs must be equal bit for bit, or within a stated
// tolerance for float reductions a schedule may reassociate. What a schedule can get
// wrong that the compiler cannot see, an @instr whose C does not do what its Exo body
// says, shows here as a mismatch with the inputs and the first element that differs.
#pragma once

#include <string>
#include <vector>

#include "../ir/proc.h"

namespace exo::driver {

struct VerifyTarget {
    std::string kernel;                    // "kernel 1 (gemm.py)", for the report
    std::string where;                     // its [[kernel]], "k.toml:3:1", for the error
    ir::ProcPtr original, scheduled;
    std::string skip;                      // why it cannot be compared, if so
};

struct VerifySettings {
    std::vector<std::string> cc;     // the C compiler: $CC split on blanks, else cc
    std::vector<std::string> cflags;  // the kernel's flags: ISA flags its instructions need
    std::string lib_name;            // the library's name (its context struct)
    // The scheduled procs are run as the build's output: this C and header (named
    // `header`, which the C includes).
    std::string library_c, library_h, header;
    size_t cases = 4;                // input sizes per proc
};

struct VerifyOutcome {
    std::string report;      // the report file (deterministic: no times, no paths)
    bool failed = false;     // a mismatch, or a harness that could not be built or run
    std::string failure;     // the first failure's lines of the report, for stderr
    std::string failure_where;  // and its kernel's location
};

VerifyOutcome verify_procs(const std::vector<VerifyTarget>& targets, const VerifySettings& settings);

// $CC (else cc) and the flags of --verify-cflags, else $EXO_VERIFY_CFLAGS, each split
// on blanks.
VerifySettings verify_settings_from(const std::string& cflags_option, const std::string& lib_name);

}  // namespace exo::driver
