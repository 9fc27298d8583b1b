// The C test harness of differential verification (verify.h): a main() that reads one
// case from its command line (the seed, then per argument its value, or its buffer's
// length and strides), fills every buffer from a generator seeded by it, calls the proc
// once and writes every buffer and scalar argument to stdout, in signature order. Built
// once with the original and once with the scheduled proc; the same case gives both the
// same inputs, so their outputs must match.
#pragma once

#include <string>
#include <vector>

#include "../ir/proc.h"
#include "verify_inputs.h"

namespace exo::driver {

// The harness for proc `p`, which the header `header` declares.
std::string harness_source(const ir::Proc& p, const std::string& header);

// The harness's command line for one case (after the program name).
std::vector<std::string> harness_args(const ir::Proc& p, const VerifyCase& c);

// Bytes of one element of a scalar type (f32: 4).
size_t element_size(ir::TypeKind k);

}  // namespace exo::driver
