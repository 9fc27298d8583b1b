#include "cpython_launch.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "cpython_worker.h"

// Where the build put the CPython host's `_exo` module and which python3 it was built
// for (cmake-modules/ExoCPythonHost.cmake); an installed exocc finds the module beside
// its bundled `exo` package.
#ifndef EXOCC_CPYTHON_MODULE_DIR
#define EXOCC_CPYTHON_MODULE_DIR ""
#endif
#ifndef EXOCC_PYTHON3
#define EXOCC_PYTHON3 "python3"
#endif

namespace exo::driver {

namespace {

bool holds_extension_module(const std::string& dir) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.path().filename().string().rfind("_exo.cpython-", 0) == 0) return true;
    return false;
}

// A Python string literal for `s` (paths with quotes or backslashes stay paths).
std::string py_literal(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    return out + "'";
}

}  // namespace

std::optional<CPythonHost> find_cpython_host(const std::vector<std::string>& module_roots) {
    CPythonHost h;
    for (const auto& r : module_roots)
        if (h.lib.empty() && access((r + "/exo/_cpython_host.py").c_str(), R_OK) == 0) h.lib = r;
    for (const std::string& d : {h.lib, std::string(EXOCC_CPYTHON_MODULE_DIR)})
        if (h.module_dir.empty() && !d.empty() && holds_extension_module(d)) h.module_dir = d;
    if (h.lib.empty() || h.module_dir.empty()) return std::nullopt;
    const char* env_python = std::getenv("EXOCC_PYTHON3");
    h.python = env_python && *env_python ? env_python : EXOCC_PYTHON3;
    return h;
}

void exec_cpython(const CPythonHost& host, const std::string& entry, const std::vector<std::string>& args,
                  const std::vector<std::string>* environment) {
    size_t colon = entry.find(':');
    // exocc's directories take the place of the cwd that -c puts first (none under PYTHONSAFEPATH).
    std::string code = "import sys; sys.path[:0 if sys.flags.safe_path else 1] = [" + py_literal(host.module_dir) + ", " + py_literal(host.lib) +
                       "]; import importlib; raise SystemExit(getattr(importlib.import_module(" +
                       py_literal(entry.substr(0, colon)) + "), " + py_literal(entry.substr(colon + 1)) +
                       ")(sys.argv[1:]))";
    std::vector<std::string> flags;
    if (environment) flags.push_back("-E");
    flags.push_back("-s");
    if (std::optional<RunEnded> ended = run_in_cpython_worker(host, flags, code, args, environment)) {
        if (ended->signal) {  // end as the run did, so that the caller sees the same
            signal(ended->signal, SIG_DFL);
            raise(ended->signal);
            _exit(128 + ended->signal);
        }
        _exit(ended->exit_status);
    }
    std::vector<std::string> argv_strings{host.python};
    argv_strings.insert(argv_strings.end(), flags.begin(), flags.end());
    argv_strings.insert(argv_strings.end(), {"-c", code});
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_strings) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (environment) {
        std::vector<std::string> env_strings(*environment);
        std::vector<char*> envp;
        for (std::string& e : env_strings) envp.push_back(e.data());
        envp.push_back(nullptr);
        execvpe(host.python.c_str(), argv.data(), envp.data());
    } else {
        execvp(host.python.c_str(), argv.data());
    }
    std::fprintf(stderr, "exocc: cannot run %s for the CPython host: %s\n", host.python.c_str(), std::strerror(errno));
    _exit(127);
}

}  // namespace exo::driver
