// The GNU build-id notes of loaded objects: what tells one build of a program or
// library from another without reading its file.
#pragma once

#include <link.h>

#include <string>

namespace exo::driver {

// The raw build-id of one loaded object (as dl_iterate_phdr reports it), or empty.
std::string build_id_of(const dl_phdr_info* info);

// The raw build-id of the running executable, or empty.
std::string executable_build_id();

}  // namespace exo::driver
