// The `re` module: Pattern and Match objects over the regex engine (regex.h).
#include "interp.h"

namespace exo::host {

Value init_re_module() { return Value(); }

}  // namespace exo::host
