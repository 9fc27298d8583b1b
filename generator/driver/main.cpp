// exocc command line. Subcommands:
//   exocc run FILE.py [ARGS...]   run a program as `python3 FILE.py` would
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

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
    std::fputs("usage: exocc run FILE.py [ARGS...]\n", stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::string cmd = argv[1];
    if (cmd == "run") {
        if (argc < 3) return usage();
        exo::host::init_runtime(module_roots());
        std::vector<std::string> args(argv + 2, argv + argc);
        return exo::host::Interpreter::get().run_main(argv[2], args);
    }
    if (cmd == "--version") {
        std::puts("exocc 0.1.0");
        return 0;
    }
    return usage();
}
