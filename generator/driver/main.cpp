// exocc command line. Subcommands:
//   exocc run FILE.py [ARGS...]   run a program as `python3 FILE.py` would
//   exocc test [PATH...] [OPTIONS]   run pytest-style tests (generator/lib/std/_exocc_pytest_runner.py)
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../frontend/exo_module.h"
#include "../host/interp.h"

namespace {

// Directories holding the Python modules bundled with exocc (generator/lib/std,
// generator/lib, hw/). Found next to the executable when installed, else in the
// source tree the binary was built from.
std::vector<std::string> module_roots() {
    if (const char* env = std::getenv("EXOCC_LIB")) {
        std::vector<std::string> roots;
        std::string s = env;
        size_t start = 0;
        while (start <= s.size()) {
            size_t colon = s.find(':', start);
            if (colon == std::string::npos) colon = s.size();
            if (colon > start) roots.push_back(s.substr(start, colon - start));
            start = colon + 1;
        }
        return roots;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        std::string dir(exe);
        dir = dir.substr(0, dir.rfind('/'));
        std::string installed = dir + "/../share/exocc";
        if (access((installed + "/lib/std").c_str(), F_OK) == 0)
            return {installed + "/lib/std", installed + "/lib", installed + "/hw"};
    }
    return {EXOCC_SOURCE_DIR "/generator/lib/std", EXOCC_SOURCE_DIR "/generator/lib", EXOCC_SOURCE_DIR "/hw"};
}

int usage() {
    std::fputs("usage: exocc run FILE.py [ARGS...]\n"
               "       exocc test [PATH...] [-k EXPR] [-x] [-v] [--update-golden]\n"
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
    exo::frontend::register_exo_module();
    std::vector<std::string> args{path};
    args.insert(args.end(), args_after.begin(), args_after.end());
    return exo::host::Interpreter::get().run_main(path, args);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::string cmd = argv[1];
    if (cmd == "run") {
        if (argc < 3) return usage();
        exo::host::init_runtime(module_roots());
        exo::frontend::register_exo_module();
        std::vector<std::string> args(argv + 2, argv + argc);
        return exo::host::Interpreter::get().run_main(argv[2], args);
    }
    if (cmd == "test") return run_bundled("_exocc_pytest_runner.py", std::vector<std::string>(argv + 2, argv + argc));
    if (cmd == "--version") {
        std::puts("exocc 0.1.0");
        return 0;
    }
    if (cmd == "-h" || cmd == "--help") return usage();
    // Anything else is upstream's exocc command line: sources and options.
    return run_bundled("_exocc_compile.py", std::vector<std::string>(argv + 1, argv + argc));
}
