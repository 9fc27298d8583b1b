#include "frontend/exo_module.h"
#include "host_fixture.h"
#include "runtime.h"

namespace exo::host::test {

void ensure_exo() {
    ensure_runtime();
    static bool done = false;
    if (done) return;
    done = true;
    Interpreter& in = Interpreter::get();
    auto* path = as<ListObject>(in.sys_path);
    for (const std::string& r : in.builtin_module_roots) path->items.push_back(str(r));
    frontend::register_exo_module();
}

}  // namespace exo::host::test
