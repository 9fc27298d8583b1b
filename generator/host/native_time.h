// The `time` module (native_time.cpp).
#pragma once

#include "value.h"

namespace exo::host {

Value make_time_module();

}  // namespace exo::host
