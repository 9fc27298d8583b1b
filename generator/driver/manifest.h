// The build manifest (docs/manifest.md): a TOML file naming a library's kernels, each
// either one upstream-style source file or an algorithm, a schedule and hardware
// libraries kept apart. Parsed and validated before anything runs; every error names
// the manifest, the key and its line.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace exo::driver {

// A place in the manifest, for error messages.
struct Location {
    std::string file;
    int line = 1, col = 1;
};

// An error in a user input, reported as `file:line:col: error: message`.
struct UserError : std::runtime_error {
    Location at;
    UserError(Location at, const std::string& msg) : std::runtime_error(msg), at(std::move(at)) {}
};

// Prints `file:line:col: error: message`, then the line and a caret under the column.
void print_user_error(const UserError& e);

// A param value: what TOML offers that a Python script can use.
struct Param {
    enum Kind { Int, Float, Bool, String, Array } kind = Int;
    long long i = 0;
    double f = 0;
    bool b = false;
    std::string s;
    std::vector<Param> items;
    std::string canonical() const;  // for cache keys: kind-tagged, exact
};

struct Kernel {
    Location at;          // the [[kernel]] table
    std::string source;   // single-file form (absolute path), else empty
    std::string object;   // split form (absolute path)
    std::vector<std::string> procs;  // empty: the module's public procs
    std::string schedule_file, schedule_func;  // empty when not scheduled
    std::vector<std::string> hw;  // `exo.platforms` names or absolute paths of .py files
    std::map<std::string, Param> params;  // [params] overlaid by the kernel's own
    std::string checks;   // check level name: the kernel's `checks`, else the library's
    std::string host;     // "embedded" or "python3": the kernel's `host`, else the library's
    std::map<std::string, Location> key_at;  // where each key of the table is
    // Environment variables its scripts may read: [library]'s `env` and its own, sorted.
    std::vector<std::string> env;
};

// A `[target.NAME]` table: what building for that target changes (docs/manifest.md,
// "Targets"). `host` is always a target, empty unless the manifest declares it.
struct Target {
    Location at;
    std::map<std::string, Param> params;  // over each kernel's params
};

struct Manifest {
    std::string path;  // absolute
    std::string dir;   // absolute directory of the manifest
    std::string lib_name;
    std::vector<std::string> search_path;  // absolute
    std::string checks = "strict";  // [library] checks: the kernels' default check level
    std::string host = "embedded";  // [library] host: the interpreter the kernels run in
    std::vector<Kernel> kernels;
    std::map<std::string, Target> targets;  // by name, as declared
    std::string target = "host";  // the one built (build_selection.h)
};

// The values the kernel's declared environment variables have now (nullopt: unset).
std::map<std::string, std::optional<std::string>> env_values(const Kernel& k);

// A C/Python identifier: [A-Za-z_][A-Za-z0-9_]*.
bool is_identifier(const std::string& s);

// A param value as a command line gives it (`--param K=V`): V as a TOML value (`4`,
// `1.5`, `true`, `"text"`, `[1, 2]`), else V itself as a string (`avx2`).
Param param_from_text(const std::string& text);
// What a param's kind is called in messages ("an integer").
const char* param_kind_name(Param::Kind k);

// Reads and validates `path`. `hw_roots` are the directories holding hardware libraries
// (`hw = ["x86"]` must name ROOT/x86.py in one of them). Throws UserError.
Manifest load_manifest(const std::string& path, const std::vector<std::string>& hw_roots);

}  // namespace exo::driver
