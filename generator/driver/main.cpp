// exocc command line (cli_help.cpp has the full list). Subcommands:
//   exocc [-i FILE.py | -c CODE]  an interactive session, or code given on the line
//   exocc run FILE.py [ARGS...]   run a program as `python3 FILE.py` would
//   exocc test [PATH...] [OPTIONS]   run pytest-style tests (generator/lib/std/_exocc_pytest_runner.py)
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../frontend/exo_module.h"
#include "../host/interp.h"
#include "build.h"
#include "cache.h"
#include "cli_help.h"
#include "cpython_launch.h"
#include "module_roots.h"

namespace {

using exo::driver::module_roots;

int usage() {
    std::fputs("usage: exocc run FILE.py [ARGS...]\n"
               "       exocc test [PATH...] [-k EXPR] [-x] [-v] [--update-golden]\n"
               "       exocc build MANIFEST.toml -o OUTDIR [--stem NAME] [--cache-dir DIR | --no-cache]\n"
               "       exocc vendor MANIFEST.toml --dir VENDOR_DIR [--check]\n"
               "       exocc --list-outputs MANIFEST.toml [-o OUTDIR | --vendor DIR] [--stem NAME]\n"
               "       exocc FILE.py... [-o OUTDIR] [-s STEM] [-p PYTHONPATH]\n",
               stderr);
    return 2;
}

// Runs a bundled Python module (e.g. the test runner) as __main__ with `args`.
int run_bundled(const char* module_file, const std::vector<std::string>& args_after) {
    std::vector<std::string> roots = module_roots();
    std::string path;
    for (const std::string& r : roots)
        if (access((r + "/" + module_file).c_str(), R_OK) == 0) {
            path = r + "/" + module_file;
            break;
        }
    if (path.empty()) {
        std::fprintf(stderr, "exocc: %s is not installed\n", module_file);
        return 2;
    }
    exo::host::init_runtime(roots);
    exo::driver::keep_processed_modules(exo::driver::default_cache_dir());
    exo::frontend::register_exo_module();
    exo::host::Interpreter::get().python_path = exo::driver::python_path_from_environment();
    std::vector<std::string> args{path};
    args.insert(args.end(), args_after.begin(), args_after.end());
    return exo::host::Interpreter::get().run_main(path, args);
}

// Removes `--host H` / `--host=H` from the upstream-style command line; H, or empty.
std::string take_host_option(std::vector<std::string>& args) {
    std::string host;
    for (size_t i = 0; i < args.size();) {
        if (args[i] == "--host" && i + 1 < args.size()) {
            host = args[i + 1];
            args.erase(args.begin() + long(i), args.begin() + long(i) + 2);
        } else if (args[i].rfind("--host=", 0) == 0) {
            host = args[i].substr(7);
            args.erase(args.begin() + long(i));
        } else {
            ++i;
        }
    }
    return host;
}

// Large blocks (a 4-megapixel test image is a list of 64 MiB) would each be mapped
// fresh and unmapped on free, so that every copy of one page-faults its way in again;
// served from the heap and kept there, freed memory is reused instead.
void keep_freed_memory() {
#ifdef __GLIBC__
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
    keep_freed_memory();
    if (argc < 2) return run_bundled("_exocc_repl.py", {});
    std::string cmd = argv[1];
    if (cmd == "-i" || cmd == "-c") return run_bundled("_exocc_repl.py", std::vector<std::string>(argv + 1, argv + argc));
    std::vector<std::string> rest(argv + 2, argv + argc);
    if (cmd == "-h" || cmd == "--help") return std::fputs(exo::driver::help_text("").c_str(), stdout), 0;
    if ((cmd == "build" || cmd == "vendor") && exo::driver::asks_for_help(rest))
        return std::fputs(exo::driver::help_text(cmd).c_str(), stdout), 0;
    if (cmd == "run" && !rest.empty() && (rest[0] == "-h" || rest[0] == "--help"))
        return std::fputs(exo::driver::help_text(cmd).c_str(), stdout), 0;
    if (cmd == "run") {
        if (argc < 3) return usage();
        exo::host::init_runtime(module_roots());
        exo::driver::keep_processed_modules(exo::driver::default_cache_dir());
        exo::frontend::register_exo_module();
        exo::host::Interpreter::get().python_path = exo::driver::python_path_from_environment();
        std::vector<std::string> args(argv + 2, argv + argc);
        return exo::host::Interpreter::get().run_main(argv[2], args);
    }
    if (cmd == "build") return exo::driver::build_command(std::vector<std::string>(argv + 2, argv + argc));
    if (cmd == "vendor") return exo::driver::vendor_command(std::vector<std::string>(argv + 2, argv + argc));
    if (cmd == "--list-outputs") return exo::driver::list_outputs_command(rest);
    if (cmd == "test") return run_bundled("_exocc_pytest_runner.py", std::vector<std::string>(argv + 2, argv + argc));
    if (cmd == "--version") return std::fputs(exo::driver::version_text().c_str(), stdout), 0;
    if (exo::driver::is_unknown_command(cmd)) return exo::driver::report_unknown_command(cmd);
    // Anything else is upstream's exocc command line: sources and options. With
    // `--host python3` it runs in the CPython host (docs/cpython-host.md).
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string host = take_host_option(args);
    if (host == "python3") {
        std::optional<exo::driver::CPythonHost> h = exo::driver::find_cpython_host(module_roots());
        if (!h) {
            std::fputs("exocc: --host python3: this exocc was built without the CPython host "
                       "(install python3-dev and rebuild exocc)\n", stderr);
            return 2;
        }
        exo::driver::exec_cpython(*h, "exo._cpython_build:cli", args, nullptr);
    }
    if (!host.empty() && host != "embedded") {
        std::fprintf(stderr, "exocc: argument --host: invalid choice: '%s' (choose from 'embedded', 'python3')\n",
                     host.c_str());
        return 2;
    }
    return run_bundled("_exocc_compile.py", args);
}
