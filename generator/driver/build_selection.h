// What one `exocc build` (or `exocc vendor`) selects beyond its manifest: the target
// (`--target NAME`, a `[target.NAME]` table of the manifest, or `host`) and param
// overrides (`--param K=V`). docs/manifest.md, "Targets and overrides".
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "manifest.h"

namespace exo::driver {

struct BuildSelection {
    std::string target = "host";
    std::map<std::string, Param> params;       // --param K=V, by name (the last one given wins)
    std::map<std::string, std::string> texts;  // the V of each, as given

    bool is_default() const { return target == "host" && params.empty(); }
    // The command-line options that select it again (` --target X --param K=V`), empty
    // for the default.
    std::string flags() const;
};

// A selection the manifest cannot satisfy: an undeclared target, a param it does not
// have, a value of another kind than the manifest's.
struct SelectionError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Adds `--param` argument "K=V" to `s`; throws std::invalid_argument saying what is wrong.
void add_param_override(BuildSelection* s, const std::string& arg);

// Each kernel's params become: [params], its own, the target's, the overrides (each
// over the ones before). Throws SelectionError.
void apply_selection(Manifest* m, const BuildSelection& s);

}  // namespace exo::driver
