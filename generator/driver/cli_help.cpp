#include "cli_help.h"

#include <sys/stat.h>

#include <cstdio>

#include "../host/suggestions.h"

namespace exo::driver {

namespace {

constexpr const char* kExoccVersion = "0.1.0";
// The upstream Exo (github.com/exo-lang/exo) whose language, API and messages exocc
// follows: its released version (src/exo/__init__.py) and the commit last compared.
constexpr const char* kUpstreamVersion = "1.0.0";
constexpr const char* kUpstreamCommit = "14ada37c80b8711cf2235655eb9cc70b7c56d9a6";

const std::vector<std::string>& command_names() {
    static const std::vector<std::string> names = {"run", "test", "build", "vendor"};
    return names;
}

constexpr const char* kOverview =
    "usage: exocc COMMAND [ARGS...]\n"
    "       exocc FILE.py... [-o OUTDIR] [-s STEM] [-p PYTHONPATH]\n"
    "       exocc [-i FILE.py | -c CODE] [ARGS...]\n"
    "\n"
    "exocc compiles Exo kernels (object code plus a schedule) to C, and runs the Python\n"
    "around them in its own embedded interpreter.\n"
    "\n"
    "commands:\n"
    "  run FILE.py [ARGS...]   run a program as `python3 FILE.py` would\n"
    "  test [PATH...]          run pytest-style test files\n"
    "  build MANIFEST.toml     build a manifest's kernels into NAME.c, NAME.h, NAME.d\n"
    "  vendor MANIFEST.toml    write (or --check) vendored copies of a manifest's C\n"
    "  FILE.py...              upstream's exocc: compile the procs the modules expose\n"
    "  (none)                  an interactive session (line editing and history on a\n"
    "                          terminal; Ctrl-D ends it)\n"
    "\n"
    "options:\n"
    "  -h, --help              show this help (`exocc COMMAND --help` for a command's)\n"
    "  --version               show exocc's version and the upstream Exo it tracks\n"
    "  -i FILE.py [ARGS...]    run FILE.py, then an interactive session in its globals\n"
    "  --list-outputs MANIFEST.toml [-o OUTDIR | --vendor DIR] [--stem NAME] [--target NAME]\n"
    "                          print the files `exocc build` (or `exocc vendor`) writes\n"
    "                          for these arguments, one a line, after checking the manifest\n"
    "  -c CODE [ARGS...]       run CODE as the main program (sys.argv[0] is '-c')\n"
    "\n"
    "upstream form (exocc FILE.py...):\n"
    "  -o, --outdir OUTDIR     directory of the outputs (default: the current directory)\n"
    "  -s, --stem STEM         output file stem: STEM.c, STEM.h, STEM.d (default: the\n"
    "                          first source's name)\n"
    "  -p, --pythonpath DIRS   directories the sources import from, ':'-separated or\n"
    "                          repeated (default: the source's directory for one\n"
    "                          source, else the current directory); PYTHONPATH follows\n"
    "  --depfile-target PATH   the target the depfile names (default: the .c and .h)\n"
    "  --checks LEVEL          strict, or upstream (the default here): exocc's checks\n"
    "                          beyond upstream's only warn (docs/scheduling.md)\n"
    "  -v, --version           print `exocc version X` as upstream's exocc does\n"
    "\n"
    "environment:\n"
    "  EXO_CACHE_DIR           cache directory of `exocc build` and `exocc vendor`, and\n"
    "                          of every command's processed modules (empty: off)\n"
    "  EXO_CACHE_MAX_SIZE      the cache's size bound (docs/build-cache.md)\n"
    "  EXO_CACHE_SHARED        1: accept a cache directory (or a remote cache) other\n"
    "                          users may write\n"
    "  EXO_REMOTE_CACHE        http://HOST:PORT/PREFIX, a cache shared over HTTP GET/PUT,\n"
    "                          consulted after the local one (docs/build-cache.md)\n"
    "  EXO_REMOTE_CACHE_TIMEOUT  seconds per request to it (default 5)\n"
    "  EXOCC_LIB               colon-separated directories of exocc's bundled modules\n"
    "  EXOCC_HOST_WORKER       0: --host python3 runs a fresh python3 each time, not the\n"
    "                          worker that keeps sympy imported (docs/cpython-host.md)\n";

constexpr const char* kRunHelp =
    "usage: exocc run FILE.py [ARGS...]\n"
    "\n"
    "Runs FILE.py in exocc's embedded interpreter as `python3 FILE.py ARGS...` would:\n"
    "__name__ is '__main__', sys.argv is [FILE.py, ARGS...], the script's directory comes\n"
    "first on the import path, and the `exo` package and exocc's standard modules are\n"
    "importable. An uncaught exception prints a traceback and exits with status 1.\n"
    "\n"
    "options:\n"
    "  -h, --help     show this help (only as the first argument: later ones are the\n"
    "                 program's)\n";

constexpr const char* kBuildHelp =
    "usage: exocc build MANIFEST.toml -o OUTDIR [--stem NAME] [--depfile-target PATH]\n"
    "                   [--target NAME] [--param NAME=VALUE]...\n"
    "                   [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [--targets T1,T2,...] [-v]\n"
    "                   [--features F1,F2,...] [--ir-dump] [--trace] [--verify [--verify-cflags FLAGS]]\n"
    "\n"
    "Builds the kernels a manifest names (docs/manifest.md) into OUTDIR/NAME.c,\n"
    "OUTDIR/NAME.h and the depfile OUTDIR/NAME.d. Outputs are written only when their\n"
    "bytes change; on any error nothing is written.\n"
    "\n"
    "options:\n"
    "  -o, --outdir OUTDIR     directory of the outputs (required)\n"
    "  --stem NAME             output file stem (default: the manifest's name without\n"
    "                          its extension)\n"
    "  --depfile-target PATH   the target the depfile names (default: NAME.c and NAME.h;\n"
    "                          a stamp file for the Makefile generator)\n"
    "  --target NAME           build for the manifest's [target.NAME] (default: host;\n"
    "                          docs/manifest.md, \"Targets and overrides\")\n"
    "  --param NAME=VALUE      override a param of the manifest (VALUE as TOML: 4, 1.5,\n"
    "                          true, \"text\", [1, 2]; anything else is a string); repeatable\n"
    "  --cache-dir DIR         cache of built kernels (default: $EXO_CACHE_DIR, else\n"
    "                          $XDG_CACHE_HOME/exocc or ~/.cache/exocc;\n"
    "                          docs/build-cache.md)\n"
    "  --no-cache              neither read nor write the cache\n"
    "  --checks LEVEL          strict or upstream, for every kernel (default: each\n"
    "                          kernel's `checks` key, else strict; docs/manifest.md)\n"
    "  --host HOST             embedded or python3: the interpreter every kernel runs\n"
    "                          in (default: each kernel's `host` key, else embedded;\n"
    "                          docs/cpython-host.md)\n"
    "  --targets T1,T2,...     one variant per target (the param `target`, and the\n"
    "                          target's [target.T] params if the manifest has them) in\n"
    "                          NAME_T1.c, ..., and a runtime dispatch in NAME.c\n"
    "                          (docs/target-features.md)\n"
    "  --features F1,F2,...    target features (fma, avx512vl) every function of every\n"
    "                          target is compiled for, and that the dispatch tests\n"
    "  -v, --verbose           say for each kernel whether it came from the cache and\n"
    "                          how long parsing, scheduling, checks and C generation took\n"
    "  --ir-dump               also write OUTDIR/NAME.ir.txt: every exported proc as\n"
    "                          str(proc) prints it (docs/inspection.md)\n"
    "  --trace                 also write OUTDIR/NAME.trace.txt: each exported proc\n"
    "                          after every scheduling step, with the line that made it\n"
    "  --verify                compare each exported proc with its unscheduled original\n"
    "                          on random inputs, compiled with $CC (else cc); the report\n"
    "                          is OUTDIR/NAME.verify.txt and a mismatch fails the build\n"
    "                          (docs/verification.md)\n"
    "  --verify-cflags FLAGS   C flags of the verification harness, e.g. the ISA flags\n"
    "                          the kernels' instructions need (default:\n"
    "                          $EXO_VERIFY_CFLAGS)\n"
    "  -h, --help              show this help\n"
    "\n"
    "`exocc --list-outputs MANIFEST.toml [-o OUTDIR | --vendor DIR] [--stem NAME]` prints\n"
    "the files this command (or `exocc vendor --dir DIR`) writes, one a line.\n"
    "\n"
    "environment:\n"
    "  EXO_REMOTE_CACHE        http://HOST:PORT/PREFIX: a shared cache consulted after the\n"
    "                          local one (docs/build-cache.md, \"Remote cache\")\n";

constexpr const char* kVendorHelp =
    "usage: exocc vendor MANIFEST.toml --dir VENDOR_DIR [--stem NAME] [--check]\n"
    "                    [--target NAME] [--param NAME=VALUE]...\n"
    "                    [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [--targets T1,T2,...] [-v]\n"
    "                    [--features F1,F2,...]\n"
    "\n"
    "Writes the C that `exocc build` would write, plus NAME.exo-vendor (the exocc version\n"
    "and a digest of the inputs), into VENDOR_DIR, for consumers that build without exocc.\n"
    "\n"
    "options:\n"
    "  --dir VENDOR_DIR        directory of the vendored files (required)\n"
    "  --stem NAME             file stem (default: the manifest's name without its\n"
    "                          extension)\n"
    "  --check                 write nothing; print a diff for each stale or missing\n"
    "                          file and exit 1 if any\n"
    "  --target NAME           build for the manifest's [target.NAME] (default: host;\n"
    "                          docs/manifest.md, \"Targets and overrides\")\n"
    "  --param NAME=VALUE      override a param of the manifest (VALUE as TOML: 4, 1.5,\n"
    "                          true, \"text\", [1, 2]; anything else is a string); repeatable\n"
    "  --cache-dir DIR         cache of built kernels (default: $EXO_CACHE_DIR)\n"
    "  --no-cache              neither read nor write the cache\n"
    "  --checks LEVEL          strict or upstream, for every kernel (default: each\n"
    "                          kernel's `checks` key, else strict; docs/manifest.md)\n"
    "  --host HOST             embedded or python3: the interpreter every kernel runs\n"
    "                          in (default: each kernel's `host` key, else embedded;\n"
    "                          docs/cpython-host.md)\n"
    "  --targets T1,T2,...     one variant per target (the param `target`) in NAME_T1.c,\n"
    "                          ..., and a runtime dispatch in NAME.c\n"
    "                          (docs/target-features.md)\n"
    "  --features F1,F2,...    target features every function of every target is\n"
    "                          compiled for, and that the dispatch tests\n"
    "  -v, --verbose           say for each kernel whether it came from the cache\n"
    "  -h, --help              show this help\n";

}  // namespace

std::string help_text(std::string_view command) {
    if (command.empty()) return kOverview;
    if (command == "run") return kRunHelp;
    if (command == "build") return kBuildHelp;
    if (command == "vendor") return kVendorHelp;
    return "";  // `exocc test --help` is the test runner's own
}

bool asks_for_help(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "-h" || a == "--help") return true;
    return false;
}

std::string version_text() {
    return std::string("exocc ") + kExoccVersion + "\ntracks upstream Exo " + kUpstreamVersion +
           " (github.com/exo-lang/exo, commit " + std::string(kUpstreamCommit).substr(0, 12) + ")\n";
}

bool is_unknown_command(const std::string& arg) {
    if (arg.empty() || arg[0] == '-' || arg.find('/') != std::string::npos) return false;
    if (arg.size() > 3 && arg.compare(arg.size() - 3, 3, ".py") == 0) return false;
    struct stat st;
    return stat(arg.c_str(), &st) != 0;
}

int report_unknown_command(const std::string& arg) {
    std::string hint;
    if (auto s = host::closest_name(arg, command_names())) hint = "; did you mean '" + *s + "'?";
    std::fprintf(stderr, "exocc: error: unknown command '%s'%s\n", arg.c_str(), hint.c_str());
    std::fprintf(stderr, "exocc: commands are run, test, build and vendor (see `exocc --help`)\n");
    return 2;
}

}  // namespace exo::driver
