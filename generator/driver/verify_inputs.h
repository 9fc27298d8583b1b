// The inputs differential verification (`exocc build --verify`, verify.h) runs a proc
// on: values of its size, index and bool arguments and the strides of its window
// arguments that satisfy its asserts (and those of the proc it is compared with), with
// the buffers' layouts they imply. Chosen by a seeded search, so a build's report is
// the same every time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../ir/proc.h"

namespace exo::driver {

// Size, index, int, bool and stride arguments: passed by value, chosen by the search.
bool is_value_arg(ir::TypeKind k);

// One argument's part of a case, by position in the signature.
struct ArgInput {
    int64_t value = 0;             // size, index, bool argument
    std::vector<int64_t> shape;    // tensor or window argument: its extents
    std::vector<int64_t> strides;  // ... and its strides, in elements
    int64_t alloc = 0;             // elements its buffer holds (>= the window's reach)
};

struct VerifyCase {
    std::vector<ArgInput> args;
    uint64_t seed = 0;  // of the buffers' random contents
};

// Why `a` and `b` cannot be run on one set of inputs (different signatures, an argument
// kind the harness cannot make), or empty.
std::string incomparable_reason(const ir::Proc& a, const ir::Proc& b);

// Up to `count` distinct cases satisfying every assert of each proc in `procs` (which
// share one signature), or why there are none (an assert that reads a config or calls an
// extern, no satisfying sizes found).
struct CaseSearch {
    std::vector<VerifyCase> cases;
    std::string failure;
};
CaseSearch choose_cases(const std::vector<const ir::Proc*>& procs, size_t count, uint64_t seed);

// `name=3, A: f32[3, 4] strides (8, 1)`: a case as the report shows it.
std::string describe_case(const ir::Proc& p, const VerifyCase& c);

}  // namespace exo::driver
