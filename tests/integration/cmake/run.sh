#!/usr/bin/env bash
# CMake integration: a consumer project (tests/integration/cmake/consumer) finds exocc
# with find_package(Exo) from an install prefix and builds two kernel libraries with
# exo_add_kernel(), under Ninja and Unix Makefiles. Checks incremental behaviour
# (no-op builds, edits that do / do not change the output, deleted outputs),
# vendoring (update target, check test, builds without exocc), header install, the
# cache option, a -Werror consumer, configure-time errors; upstream's add_exo_library()
# on a project in ExoBLAS's layout (add_exo_library/); use of this repository through
# add_subdirectory and FetchContent (in-tree/: the parent's settings left alone, an
# optimized exocc in a Debug parent); cross builds with a toolchain file that restricts
# searches to the sysroot as real ones do, with a host exocc; kernels whose inputs are
# more than their own files (inputs/): instructions shared by two kernels, a shadowing
# module on the search path, declared and undeclared environment variables.
#
#   run.sh EXOCC_BINARY [BUILD_DIR] [SOURCE_DIR]
# BUILD_DIR: the configured exocc build tree to `cmake --install` (nothing is
# rebuilt); default: the directory of EXOCC_BINARY. SOURCE_DIR: this repository.
# Environment: EXO_CMAKE_GENERATORS (default "Ninja;Unix Makefiles"), KEEP=1 keeps
# the temporary directory.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
build_dir="$(cd "${2:-$(dirname "$exocc_bin")}" && pwd)"
source_dir="$(cd "${3:-$here/../../..}" && pwd)"
IFS=';' read -r -a wanted <<< "${EXO_CMAKE_GENERATORS:-Ninja;Unix Makefiles}"
generators=()
for gen in "${wanted[@]}"; do
    case "$gen" in
        Ninja) tool=ninja ;;
        "Unix Makefiles") tool=make ;;
        *) tool=cmake ;;
    esac
    if command -v "$tool" >/dev/null; then generators+=("$gen")
    else echo "# skipping the $gen generator: no $tool (install it to test it)"; fi
done
[ ${#generators[@]} -gt 0 ] || { echo "not ok - no CMake generator available"; exit 1; }

mkdir -p "${TMPDIR:-/tmp}"
tmp="$(mktemp -d)"
if [ "${KEEP:-0}" = 1 ]; then echo "keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
unset DESTDIR EXO_CACHE_DIR MAKEFLAGS MFLAGS CMAKE_GENERATOR CMAKE_BUILD_PARALLEL_LEVEL
export LC_ALL=C
export XDG_CACHE_HOME="$tmp/xdg-cache"   # exocc's default cache, kept out of $HOME

pass=0
fail=0
check() {  # check NAME COMMAND...: a passing command is a passed check
    local name="$1"; shift
    if "$@" >"$tmp/check.log" 2>&1; then echo "ok - $name"; pass=$((pass + 1))
    else echo "not ok - $name"; fail=$((fail + 1)); head -n 40 "$tmp/check.log" | sed 's/^/#   /'; fi
}
has() { grep -Eq -- "$2" "$1"; }          # has FILE REGEX
# has_text FILE TEXT: TEXT occurs in FILE once its lines are joined. CMake wraps the
# lines of its messages at spaces (where depends on the lengths of the paths in them, so
# on TMPDIR) and doubles spaces after a period; compare with all whitespace squeezed.
has_text() {
    tr -s ' \n\t' '   ' <"$1" | grep -Fq -- "$(printf '%s' "$2" | tr -s ' \n\t' '   ')"
}
lacks() { ! grep -Eq -- "$2" "$1"; }      # lacks FILE REGEX
count() { grep -Ec -- "$2" "$1"; }        # count FILE REGEX
# File mtimes have jiffy granularity; make compares them strictly, so leave a gap
# between a build and the edit that must be seen as newer.
tick() { sleep 0.05; }

cmake_q() { nice cmake "$@" >"$tmp/last.log" 2>&1 || { cat "$tmp/last.log"; return 1; }; }
build() {  # build BUILDDIR [ARGS...] -> output in $tmp/out.log, status returned
    local b="$1"; shift
    nice cmake --build "$b" -j2 "$@" >"$tmp/out.log" 2>&1
    local rc=$?
    [ $rc -eq 0 ] || { echo "build of $b failed:"; cat "$tmp/out.log"; }
    return $rc
}
compile_line() {  # compile_line BUILDDIR SOURCE-REGEX: its command in compile_commands.json
    grep -E '"command"' "$1/compile_commands.json" | grep -E -- "$2" | head -1
}
# A build that did nothing: no exocc run, no compile, no link.
quiet_build() {
    lacks "$tmp/out.log" 'exocc:' && lacks "$tmp/out.log" 'Building C' && lacks "$tmp/out.log" 'Linking'
}
noop() {  # noop BUILDDIR GENERATOR: a second build is a no-op
    build "$1" || return 1
    quiet_build || return 1
    if [ "$2" = Ninja ]; then
        # A directory without targets (e.g. one with only configure_file) leaves a
        # phony `<dir>/all` with no inputs, which ninja explains as dirty but never runs.
        ninja -C "$1" -n -d explain >"$tmp/explain.log" 2>&1 || return 1
        ! grep 'ninja explain' "$tmp/explain.log" | grep -Evq 'of phony edge with no inputs|explain: ([^ ]*/)?all is dirty$' \
            && has "$tmp/explain.log" 'no work to do'
    fi
}
run_main() { "$1/main" >"$tmp/main.log" 2>&1 && diff -u <(printf '%s\n' "scale: $2" "axpy: $3") "$tmp/main.log"; }

# 1. Install the exocc build tree into a prefix (the built binary is only copied).
prefix="$tmp/prefix"
check "cmake --install of the exocc build tree" cmake_q --install "$build_dir" --prefix "$prefix"
if [ ! -f "$prefix/lib/cmake/Exo/ExoConfig.cmake" ]; then
    echo "not ok - $prefix/lib/cmake/Exo/ExoConfig.cmake not installed (reconfigure $build_dir)"
    exit 1
fi
check "installed package files" test -f "$prefix/lib/cmake/Exo/ExoConfigVersion.cmake" -a \
    -f "$prefix/lib/cmake/Exo/ExoAddKernel.cmake" -a -x "$prefix/bin/exocc"
check "installed exocc runs" "$prefix/bin/exocc" --version
exocc="$prefix/bin/exocc"
# The CPython host, where it was built: the installed `exo` package imports in python3.
cpython_host=""
if ls "$prefix"/share/exocc/lib/_exo.cpython-*.so >/dev/null 2>&1; then
    cpython_host=yes
    check "installed CPython host: PYTHONPATH=<prefix>/share/exocc/lib python3 -c 'import exo'" \
        env -u PYTHONHOME PYTHONPATH="$prefix/share/exocc/lib" "${EXOCC_PYTHON3:-python3}" -c \
        'import exo, _exo, exo.platforms.x86; assert hasattr(_exo, "_embedded"); print(exo.proc)'
fi

for gen in "${generators[@]}"; do
    g="${gen// /}"
    echo "# --- $gen"
    src="$tmp/src-$g"
    b="$tmp/build-$g"
    cp -r "$here/consumer" "$src"
    rm -rf "$src/vendored" "$src/cmake"

    # (a) find_package(Exo) from the prefix, build, run.
    check "$g: configure with find_package(Exo)" \
        cmake_q -S "$src" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
    check "$g: uses the installed exocc" has "$b/CMakeCache.txt" "^Exo_DIR:PATH=$prefix/lib/cmake/Exo\$"
    check "$g: first build" build "$b"
    check "$g: exocc ran once per manifest" eval '[ "$(count "$tmp/out.log" "exocc: generating")" = 2 ]'
    check "$g: program output" run_main "$b" "2 4 6 8" "10.5 21 31.5 42"
    check "$g: no --cache-dir when no cache is configured" eval "! grep -rq -- --cache-dir '$b' --include=build.ninja --include=build.make"

    # (b) no-op.
    check "$g: second build is a no-op" noop "$b" "$gen"

    # (c) edits.
    tick; echo "# a comment" >> "$src/kernels/single/scale.py"
    check "$g: comment edit: build" build "$b"
    check "$g: comment edit: scale's exocc reruns" has "$tmp/out.log" 'exocc: generating scale'
    check "$g: comment edit: axpy's exocc does not" lacks "$tmp/out.log" 'exocc: generating axpy'
    check "$g: comment edit: nothing recompiles or relinks" eval "lacks '$tmp/out.log' 'Building C' && lacks '$tmp/out.log' 'Linking'"
    check "$g: comment edit: then a no-op" noop "$b" "$gen"

    tick; echo "# a comment" >> "$src/kernels/split/schedule.py"
    check "$g: schedule comment edit: build" build "$b"
    check "$g: schedule comment edit: axpy's exocc reruns (depfile has the schedule)" has "$tmp/out.log" 'exocc: generating axpy'
    check "$g: schedule comment edit: scale's exocc does not" lacks "$tmp/out.log" 'exocc: generating scale'
    check "$g: schedule comment edit: nothing recompiles" lacks "$tmp/out.log" 'Building C'
    check "$g: schedule comment edit: then a no-op" noop "$b" "$gen"

    tick; sed -i 's/y\[i\] = 2.0 \* x\[i\]/y[i] = 3.0 * x[i]/' "$src/kernels/single/scale.py"
    check "$g: output edit: build" build "$b"
    check "$g: output edit: scale's exocc reruns" has "$tmp/out.log" 'exocc: generating scale'
    check "$g: output edit: axpy's exocc does not" lacks "$tmp/out.log" 'exocc: generating axpy'
    check "$g: output edit: scale.c recompiles" has "$tmp/out.log" 'Building C object .*scale\.c\.o'
    check "$g: output edit: axpy.c and main.c do not" eval "lacks '$tmp/out.log' 'axpy\.c\.o' && lacks '$tmp/out.log' 'main\.c\.o'"
    check "$g: output edit: program output" run_main "$b" "3 6 9 12" "10.5 21 31.5 42"
    check "$g: output edit: then a no-op" noop "$b" "$gen"

    # (d) deleted generated files come back.
    rm -f "$b/scale_k.exo/scale.h"
    check "$g: deleted scale.h: build" build "$b"
    check "$g: deleted scale.h: regenerated" test -f "$b/scale_k.exo/scale.h"
    check "$g: deleted scale.h: only scale's exocc reruns" eval "has '$tmp/out.log' 'exocc: generating scale' && lacks '$tmp/out.log' 'exocc: generating axpy'"
    check "$g: deleted scale.h: then a no-op" noop "$b" "$gen"
    rm -f "$b/axpy_k.exo/axpy.c"
    check "$g: deleted axpy.c: build" build "$b"
    check "$g: deleted axpy.c: regenerated" test -f "$b/axpy_k.exo/axpy.c"
    check "$g: deleted axpy.c: then a no-op" noop "$b" "$gen"
    rm -rf "$b/scale_k.exo"
    check "$g: deleted output directory: build" build "$b"
    check "$g: deleted output directory: regenerated" test -f "$b/scale_k.exo/scale.c" -a -f "$b/scale_k.exo/scale.h"
    check "$g: deleted output directory: then a no-op" noop "$b" "$gen"
    check "$g: .update target with nothing to do" eval "build '$b' --target scale_k.update && lacks '$tmp/out.log' 'exocc:'"
    check "$g: program output after all edits" run_main "$b" "3 6 9 12" "10.5 21 31.5 42"

    # (e) vendoring.
    nice ctest --test-dir "$b" -R vendor_check --output-on-failure >"$tmp/ctest.log" 2>&1
    check "$g: vendor_check fails before anything is vendored" eval "[ $? -ne 0 ]"
    check "$g: vendor_update" build "$b" --target scale_k.vendor_update axpy_k.vendor_update
    check "$g: vendor_update wrote the files" test -f "$src/vendored/scale.c" -a -f "$src/vendored/scale.h" \
        -a -f "$src/vendored/scale.exo-vendor" -a -f "$src/vendored/axpy.c" -a -f "$src/vendored/axpy.h"
    check "$g: vendored bytes equal the build's" eval "cmp '$src/vendored/scale.c' '$b/scale_k.exo/scale.c' && cmp '$src/vendored/axpy.h' '$b/axpy_k.exo/axpy.h'"
    check "$g: vendor_check passes" nice ctest --test-dir "$b" -R vendor_check --output-on-failure
    check "$g: build after vendoring is a no-op" noop "$b" "$gen"
    tick; sed -i 's/y\[i\] = 3.0 \* x\[i\]/y[i] = 4.0 * x[i]/' "$src/kernels/single/scale.py"
    nice ctest --test-dir "$b" -R vendor_check --output-on-failure >"$tmp/ctest.log" 2>&1
    check "$g: vendor_check fails after a source edit" eval "[ $? -ne 0 ]"
    check "$g: ... only for scale" eval "has '$tmp/ctest.log' 'scale_k.vendor_check .*Failed' && has '$tmp/ctest.log' 'axpy_k.vendor_check .*Passed'"
    check "$g: ... with a unified diff" eval "has '$tmp/ctest.log' '^@@ ' && has '$tmp/ctest.log' '^\\+.*4\\.0'"
    check "$g: ... old line (-) before new line (+)" eval "grep -A1 -E '^-.*3\\.0' '$tmp/ctest.log' | grep -Eq '^\\+.*4\\.0'"
    [ "${VERBOSE:-0}" = 1 ] && cat "$tmp/ctest.log"

    # Builds from the vendored files (they still hold the 3.0 version) without exocc.
    check "$g: EXO_USE_VENDORED=ON: configure" \
        cmake_q -S "$src" -B "$b-vendored" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_USE_VENDORED=ON
    check "$g: EXO_USE_VENDORED=ON: build" build "$b-vendored"
    check "$g: EXO_USE_VENDORED=ON: no exocc run" lacks "$tmp/out.log" 'exocc'
    check "$g: EXO_USE_VENDORED=ON: program output" run_main "$b-vendored" "3 6 9 12" "10.5 21 31.5 42"
    check "$g: EXO_USE_VENDORED=ON: no-op" noop "$b-vendored" "$gen"
    check "$g: Exo_EXECUTABLE pointing nowhere: configure" \
        cmake_q -S "$src" -B "$b-noexe" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DExo_EXECUTABLE="$tmp/nowhere/exocc"
    check "$g: Exo_EXECUTABLE pointing nowhere: build" build "$b-noexe"
    check "$g: Exo_EXECUTABLE pointing nowhere: no exocc run" lacks "$tmp/out.log" 'exocc'
    check "$g: Exo_EXECUTABLE pointing nowhere: program output" run_main "$b-noexe" "3 6 9 12" "10.5 21 31.5 42"
    check "$g: Exo_EXECUTABLE pointing nowhere: no exocc in the build files" \
        eval "! grep -rq 'exocc vendor\\|exocc build\\|bin/exocc' '$b-noexe' --include=build.ninja --include=build.make --include=CTestTestfile.cmake"
    mkdir -p "$src/cmake" && cp "$prefix/lib/cmake/Exo/ExoAddKernel.cmake" "$src/cmake/"
    check "$g: no Exo package at all (module copied): configure" \
        cmake_q -S "$src" -B "$b-nopkg" -G "$gen" -DCMAKE_DISABLE_FIND_PACKAGE_Exo=ON
    check "$g: no Exo package at all: build" build "$b-nopkg"
    check "$g: no Exo package at all: program output" run_main "$b-nopkg" "3 6 9 12" "10.5 21 31.5 42"
    rm -rf "$src/vendored/axpy.c"
    check "$g: missing vendored file without exocc is a configure error" \
        eval "! cmake -S '$src' -B '$b-missing' -G '$gen' -DCMAKE_DISABLE_FIND_PACKAGE_Exo=ON >'$tmp/missing.log' 2>&1 && has_text '$tmp/missing.log' '$src/vendored/axpy.c does not exist'"

    # Install: the generated headers go with the libraries (FILE_SET HEADERS).
    check "$g: install of the consumer" cmake_q --install "$b" --prefix "$tmp/inst-$g"
    check "$g: generated headers installed" test -f "$tmp/inst-$g/include/scale.h" -a -f "$tmp/inst-$g/include/axpy.h"
    check "$g: HEADER_OUTVAR" has "$b/scale_header.txt" "^$b/scale_k.exo/scale.h\$"
done

# Cache: EXO_CACHE_DIR reaches exocc as --cache-dir, output bytes are unchanged.
gen="${generators[0]}"; g="${gen// /}"
src="$tmp/src-cache"; cp -r "$here/consumer" "$src"; rm -rf "$src/vendored"
check "cache: configure with EXO_CACHE_DIR" \
    cmake_q -S "$src" -B "$tmp/build-cache" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_CACHE_DIR="$tmp/cache"
check "cache: build" build "$tmp/build-cache"
check "cache: the command line has --cache-dir" eval "grep -rq -- '--cache-dir $tmp/cache' '$tmp/build-cache' --include=build.ninja --include=build.make"
check "cache: exocc wrote entries" eval "[ -n \"\$(find '$tmp/cache' -type f 2>/dev/null | head -1)\" ]"
rm -f "$tmp/build-cache/scale_k.exo/scale.c"
check "cache: rebuild from a warm cache" build "$tmp/build-cache"
check "cache: same bytes as without the cache" cmp "$tmp/build-cache/scale_k.exo/scale.c" <("$exocc" build "$src/kernels/single/scale.toml" -o "$tmp/nocache-out" --no-cache >/dev/null && cat "$tmp/nocache-out/scale.c")

# Upstream's CMake surface: a project written for upstream Exo's package and laid out as
# ExoBLAS is (add_exo_library with PYTHONPATH, a configured Python module, presets)
# configures and builds unchanged; rebuilds follow exo_add_kernel's rules.
ael="$here/add_exo_library"
src="$tmp/src-ael"; cp -r "$ael" "$src"
for preset in narrow wide; do
    b="$src/build/$preset"
    check "add_exo_library: configure --preset $preset" \
        eval "(cd '$src' && cmake_q --preset $preset -DCMAKE_PREFIX_PATH='$prefix')"
    check "add_exo_library, $preset: build (-Werror)" build "$b"
    check "add_exo_library, $preset: exocc ran once per library" eval '[ "$(count "$tmp/out.log" "exocc: generating")" = 2 ]'
    check "add_exo_library, $preset: upstream's outputs and layout" \
        test -f "$b/src/level1/exo_scal.exo/exo_scal.c" -a -f "$b/src/level1/exo_scal.exo/exo_scal.h" \
            -a -f "$b/src/level1/exo_scal.exo/exo_scal.d" -a -f "$b/src/level1/exo_axpy.exo/exo_axpy.h"
    check "add_exo_library, $preset: the kernels' ctest passes" nice ctest --test-dir "$b" --output-on-failure
    check "add_exo_library, $preset: second build is a no-op" noop "$b" Ninja
done
if [ -n "$cpython_host" ]; then
    b="$src/build/cpython"
    check "add_exo_library, EXO_HOST=python3: configure" \
        cmake_q -S "$src" -B "$b" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DTARGET_ARCH=narrow -DEXO_HOST=python3
    check "add_exo_library, EXO_HOST=python3: build" build "$b"
    check "add_exo_library, EXO_HOST=python3: the same C as the embedded host's" \
        cmp "$b/src/level1/exo_axpy.exo/exo_axpy.c" "$src/build/narrow/src/level1/exo_axpy.exo/exo_axpy.c"
    check "add_exo_library, EXO_HOST=python3: the kernels' ctest passes" nice ctest --test-dir "$b" --output-on-failure
fi
check "add_exo_library: the presets' configured module reached the kernels" \
    eval "! cmp -s '$src/build/narrow/src/level1/exo_scal.exo/exo_scal.c' '$src/build/wide/src/level1/exo_scal.exo/exo_scal.c'"
for gen in "${generators[@]}"; do
    g="${gen// /}"
    b="$tmp/build-ael-$g"
    check "add_exo_library, $g: configure" \
        cmake_q -S "$src" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DTARGET_ARCH=narrow
    check "add_exo_library, $g: build" build "$b"
    check "add_exo_library, $g: same C as the narrow preset's" \
        cmp "$b/src/level1/exo_axpy.exo/exo_axpy.c" "$src/build/narrow/src/level1/exo_axpy.exo/exo_axpy.c"
    check "add_exo_library, $g: second build is a no-op" noop "$b" "$gen"
    tick; echo "# a comment" >> "$src/src/common/blaslib.py"
    check "add_exo_library, $g: shared-module comment edit: build" build "$b"
    check "add_exo_library, $g: ... both libraries regenerate (the depfile has the PYTHONPATH module)" \
        eval '[ "$(count "$tmp/out.log" "exocc: generating")" = 2 ]'
    check "add_exo_library, $g: ... nothing recompiles" lacks "$tmp/out.log" 'Building C'
    check "add_exo_library, $g: ... then a no-op" noop "$b" "$gen"
    rm -rf "$b/src/level1/exo_scal.exo"
    check "add_exo_library, $g: deleted output directory: build" build "$b"
    check "add_exo_library, $g: ... regenerated" test -f "$b/src/level1/exo_scal.exo/exo_scal.c"
    check "add_exo_library, $g: ... then a no-op" noop "$b" "$gen"
    check "add_exo_library, $g: the kernels' ctest passes" nice ctest --test-dir "$b" --output-on-failure
done

# A strict consumer (-Wall -Wextra -Werror): the generated C, which has e.g. an unused
# `ctxt` parameter in every proc, must not fail its build; its own code (main.c, which
# includes the generated headers) is still compiled with its flags.
src="$tmp/src-strict"; cp -r "$here/consumer" "$src"; rm -rf "$src/vendored"
check "-Werror consumer: configure" \
    cmake_q -S "$src" -B "$tmp/build-strict" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
check "-Werror consumer: build" build "$tmp/build-strict"
check "-Werror consumer: program output" run_main "$tmp/build-strict" "2 4 6 8" "10.5 21 31.5 42"
check "-Werror consumer: its own code keeps its flags" \
    eval "compile_line '$tmp/build-strict' 'main\.c\"' | grep -q -- '-Wall -Wextra -Werror'"

# A mistyped MANIFEST is a configure error naming it, not a build error.
src="$tmp/src-typo"; mkdir -p "$src"
cat >"$src/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.20)
project(typo LANGUAGES C)
find_package(Exo REQUIRED)
exo_add_kernel(k MANIFEST kernels/scael.toml)
EOT
check "mistyped MANIFEST: configure fails" \
    eval "! cmake -S '$src' -B '$tmp/build-typo' -G '$gen' -DCMAKE_PREFIX_PATH='$prefix' >'$tmp/typo.log' 2>&1"
check "mistyped MANIFEST: the error names it" \
    has_text "$tmp/typo.log" "exo_add_kernel(k): MANIFEST kernels/scael.toml: no such file (looked for $src/kernels/scael.toml)"
sed -i 's|exo_add_kernel(k MANIFEST kernels/scael.toml)|add_exo_library(NAME k SOURCES kernels/scael.py)|' "$src/CMakeLists.txt"
check "mistyped add_exo_library SOURCES: configure fails naming it" \
    eval "! cmake -S '$src' -B '$tmp/build-typo2' -G '$gen' -DCMAKE_PREFIX_PATH='$prefix' >'$tmp/typo.log' 2>&1 \
          && has_text '$tmp/typo.log' 'add_exo_library(NAME k): SOURCES $src/kernels/scael.py: no such file'"
mkdir -p "$src/kernels" && cp "$here/consumer/kernels/single/scale.py" "$src/kernels/scale.py"
cat >"$src/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.25)
project(generated LANGUAGES C)
find_package(Exo REQUIRED)
# Inputs the build itself writes are not required at configure time.
add_custom_command(OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/gen/scale.py"
  COMMAND "${CMAKE_COMMAND}" -E copy "${CMAKE_CURRENT_SOURCE_DIR}/kernels/scale.py" "${CMAKE_CURRENT_BINARY_DIR}/gen/scale.py")
add_exo_library(NAME generated_scale SOURCES "${CMAKE_CURRENT_BINARY_DIR}/gen/scale.py" INTERMEDIATE out/scale)
EOT
check "add_exo_library of a generated source, INTERMEDIATE: configure" \
    cmake_q -S "$src" -B "$tmp/build-gen" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix"
check "add_exo_library of a generated source, INTERMEDIATE: build" build "$tmp/build-gen"
check "add_exo_library, INTERMEDIATE: the outputs are there" \
    test -f "$tmp/build-gen/out/scale/generated_scale.c" -a -f "$tmp/build-gen/out/scale/generated_scale.h"

# Check levels (docs/scheduling.md): add_exo_library defaults to upstream's (the replace
# that ExoBLAS's triangular kernels rely on builds, with a warning), exo_add_kernel to
# strict; CHECKS selects either; a bad CHECKS is a configure error.
src="$tmp/src-checks"; mkdir -p "$src"
cp "$source_dir/tests/cli/check_levels/load_pfx.py" "$src/load_pfx.py"
printf '[[kernel]]\nsource = "load_pfx.py"\n' > "$src/pfx.toml"
cat >"$src/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.25)
project(checks LANGUAGES C)
find_package(Exo REQUIRED)
add_exo_library(NAME pfx_lib SOURCES load_pfx.py CHECKS ${LIB_CHECKS})
exo_add_kernel(pfx_kernel MANIFEST pfx.toml CHECKS ${KERNEL_CHECKS})
EOT
check "CHECKS: configure with the defaults" cmake_q -S "$src" -B "$tmp/build-checks" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix"
nice cmake --build "$tmp/build-checks" --target pfx_lib >"$tmp/out.log" 2>&1
check "CHECKS: add_exo_library builds the replace with a warning by default" \
    eval "[ $? -eq 0 ] && has '$tmp/out.log' 'exocc: warning: replace: .*Could not verify assertion m <= 8'"
nice cmake --build "$tmp/build-checks" --target pfx_kernel >"$tmp/out.log" 2>&1
check "CHECKS: exo_add_kernel refuses it by default" \
    eval "[ $? -ne 0 ] && has '$tmp/out.log' 'Could not verify assertion m <= 8'"
check "CHECKS: configure with CHECKS strict / upstream" \
    cmake_q -S "$src" -B "$tmp/build-checks2" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DLIB_CHECKS=strict -DKERNEL_CHECKS=upstream
nice cmake --build "$tmp/build-checks2" --target pfx_lib >"$tmp/out.log" 2>&1
check "CHECKS strict: add_exo_library refuses it" eval "[ $? -ne 0 ] && has '$tmp/out.log' 'Could not verify assertion m <= 8'"
nice cmake --build "$tmp/build-checks2" --target pfx_kernel >"$tmp/out.log" 2>&1
check "CHECKS upstream: exo_add_kernel builds it with the warning" \
    eval "[ $? -eq 0 ] && has '$tmp/out.log' 'exocc: warning: replace:'"
check "CHECKS lenient: configure fails naming it" \
    eval "! cmake -S '$src' -B '$tmp/build-checks3' -G '$gen' -DCMAKE_PREFIX_PATH='$prefix' -DLIB_CHECKS=lenient >'$tmp/checks.log' 2>&1 \
          && has_text '$tmp/checks.log' \"add_exo_library(NAME pfx_lib): CHECKS must be strict or upstream, not 'lenient'\""

# Simulated cross build with a toolchain file that, like real ones, re-roots package
# searches into the (empty) sysroot: the host Exo package is named by Exo_DIR. The
# installed host exocc runs directly, never through the bogus emulator, in build
# commands and in tests. It names its EXO_TARGET, as a cross build should (left at host it
# gets an author warning, run_features.sh); these manifests declare no targets, so any
# name builds them unchanged.
toolchain="$here/cross-toolchain.cmake"
src="$tmp/src-cross"; cp -r "$here/consumer" "$src"; rm -rf "$src/vendored"
check "cross: configure with a toolchain file" \
    cmake_q -S "$src" -B "$tmp/build-cross" -G "$gen" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
        -DCMAKE_CROSSCOMPILING_EMULATOR=/nonexistent/emulator -DExo_DIR="$prefix/lib/cmake/Exo" -DEXO_TARGET=simulated
check "cross: no warning about exocc" lacks "$tmp/last.log" 'Warning'
check "cross: build (exocc not run through the emulator)" build "$tmp/build-cross"
check "cross: program output" run_main "$tmp/build-cross" "2 4 6 8" "10.5 21 31.5 42"
check "cross: vendor_check runs exocc without the emulator" \
    eval "has '$tmp/build-cross/CTestTestfile.cmake' '\"$exocc\" \"vendor\"' && lacks '$tmp/build-cross/CTestTestfile.cmake' 'emulator'"

# In-tree use: a project that add_subdirectory()s (or FetchContent-s) this repository
# gets exo_add_kernel() and Exo::exocc, and keeps its own settings. Configure only where
# the in-tree exocc would be built (that would compile exocc again).
ig="${generators[0]}"
intree() {  # intree BUILDDIR ARGS...: configure tests/integration/cmake/intree
    local b="$1"; shift
    cmake_q -S "$here/intree" -B "$b" -G "$ig" -DEXO_REPO="$source_dir" -DKERNELS="$here/consumer/kernels" "$@"
}
setting() { grep -E "^$2=" "$1/parent_settings.txt" | cut -d= -f2-; }  # setting BUILDDIR NAME
check "in-tree: configure a project that add_subdirectory()s the repository" \
    intree "$tmp/build-intree" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
check "in-tree: the kernel command runs the in-tree exocc" \
    eval "grep -rq 'exocc/exocc build' '$tmp/build-intree' --include=build.ninja --include=build.make"
check "in-tree, untyped parent: its CMAKE_BUILD_TYPE stays empty" \
    eval "[ -z \"\$(setting '$tmp/build-intree' CMAKE_BUILD_TYPE)\" ] && has '$tmp/build-intree/CMakeCache.txt' '^CMAKE_BUILD_TYPE:STRING=\$'"
check "in-tree, untyped parent: exocc still builds optimized" \
    eval "compile_line '$tmp/build-intree' 'generator/driver/main\.cpp' | grep -q -- ' -O2 '"
check "in-tree, untyped parent: its own C++ gets no optimization from exocc" \
    eval "compile_line '$tmp/build-intree' 'parent\.cpp' | grep -vq -- '-O'"
check "in-tree: exocc's tests are not the parent's" \
    eval "ctest --test-dir '$tmp/build-intree' -N >'$tmp/ctest-n.log' 2>&1 && has '$tmp/ctest-n.log' 'Total Tests: 0'"
check "in-tree, Debug parent: configure" intree "$tmp/build-debug" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
check "in-tree, Debug parent: its build type and flags are its own" \
    eval "[ \"\$(setting '$tmp/build-debug' CMAKE_BUILD_TYPE)\" = Debug ] && [ \"\$(setting '$tmp/build-debug' CMAKE_CXX_FLAGS_DEBUG)\" = -g ] \
          && [ \"\$(setting '$tmp/build-debug' CMAKE_C_FLAGS_DEBUG)\" = -g ] && [ -z \"\$(setting '$tmp/build-debug' CMAKE_CXX_FLAGS)\" ]"
check "in-tree, Debug parent: its code compiles -g, unoptimized" \
    eval "compile_line '$tmp/build-debug' 'parent\.cpp' | grep -q -- ' -g ' && compile_line '$tmp/build-debug' 'parent\.cpp' | grep -vq -- '-O' \
          && compile_line '$tmp/build-debug' 'main\.c\"' | grep -vq -- '-O'"
check "in-tree, Debug parent: exocc is built optimized" \
    eval "compile_line '$tmp/build-debug' 'generator/driver/main\.cpp' | grep -q -- ' -O2 '"
check "in-tree: Exo_EXECUTABLE overrides the in-tree exocc" \
    intree "$tmp/build-intree2" -DExo_EXECUTABLE="$exocc" -DEXPECT_IMPORTED=ON
check "in-tree: ... and the command runs it" \
    eval "grep -rq '$exocc build' '$tmp/build-intree2' --include=build.ninja --include=build.make"

# Cross builds with exocc in-tree and the realistic toolchain: given a host exocc,
# nothing of exocc is configured (no Z3 search, which the sysroot would fail) or built.
check "in-tree cross, Exo_EXECUTABLE: configure" \
    intree "$tmp/build-xintree" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DExo_EXECUTABLE="$exocc" -DEXPECT_IMPORTED=ON
check "in-tree cross, Exo_EXECUTABLE: Z3 is not searched for" lacks "$tmp/build-xintree/CMakeCache.txt" 'Z3'
check "in-tree cross, Exo_EXECUTABLE: no exocc target" \
    eval "! grep -rqE 'exocc_host|exocc_ir' '$tmp/build-xintree' --include=build.ninja --include=Makefile2"
check "in-tree cross, Exo_EXECUTABLE: build" build "$tmp/build-xintree"
check "in-tree cross, Exo_EXECUTABLE: built the kernel and the program only" \
    eval "lacks '$tmp/out.log' 'CXX object.*generator/' && '$tmp/build-xintree/main'"
check "in-tree cross, Exo_EXECUTABLE: add_exo_library ran the host exocc" \
    test -f "$tmp/build-xintree/scale_upstream_style.exo/scale_upstream_style.h"
for how in "CMAKE_PREFIX_PATH" "Exo_ROOT"; do
    check "in-tree cross, FetchContent, host exocc under $how: configure" \
        intree "$tmp/build-xfetch-$how" -DVIA_FETCHCONTENT=ON -DCMAKE_TOOLCHAIN_FILE="$toolchain" -D$how="$prefix" -DEXPECT_IMPORTED=ON
    check "in-tree cross, FetchContent, $how: the installed host exocc is used" \
        has "$tmp/build-xfetch-$how/CMakeCache.txt" "^Exo_EXECUTABLE:FILEPATH=$exocc\$"
    check "in-tree cross, FetchContent, $how: Z3 is not searched for" lacks "$tmp/build-xfetch-$how/CMakeCache.txt" 'Z3'
    check "in-tree cross, FetchContent, $how: build" build "$tmp/build-xfetch-$how"
    check "in-tree cross, FetchContent, $how: program runs" "$tmp/build-xfetch-$how/main"
done
check "in-tree cross without any host exocc warns (before Z3 is searched for)" \
    eval "cmake -S '$here/intree' -B '$tmp/build-intree3' -G '$ig' -DCMAKE_TOOLCHAIN_FILE='$toolchain' \
        -DEXO_REPO='$source_dir' -DKERNELS='$here/consumer/kernels' >'$tmp/last.log' 2>&1; \
        has_text '$tmp/last.log' 'Exo: cross-compiling with the in-tree exocc, which is built for the target and cannot run on this machine'"

# Kernels whose inputs are more than their own files (inputs/), under each generator,
# with the cache on: two kernels of one manifest that use the same AVX2 instructions; a
# module added earlier on the search path than the one an import found (the depfile
# cannot list files that do not exist, so it is seen when exocc next runs: a clean build
# must then use it, not the cache entry made before it existed); an environment variable
# that the manifest declares selects the variant, one it does not declare fails the build.
unset W
inputs_configure() {  # inputs_configure SRC BUILDDIR GENERATOR CACHEDIR
    cmake_q -S "$1" -B "$2" -G "$3" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_CACHE_DIR="$4"
}
# The instruction's proc appears in the C once, as the comment naming what the code relies on.
loadu_once() { [ "$(count "$1/shared_k.exo/shared.c" '^mm256_loadu_ps\(dst,src\)$')" = 1 ]; }
for gen in "${generators[@]}"; do
    g="${gen// /}"
    src="$tmp/src-inputs-$g"; b="$tmp/build-inputs-$g"; cache="$tmp/cache-inputs-$g"
    cp -r "$here/inputs" "$src"
    check "$g inputs: configure" inputs_configure "$src" "$b" "$gen" "$cache"
    check "$g inputs: two kernels sharing instructions: build" build "$b" --target shared_k
    check "$g inputs: ... the instruction is emitted once" loadu_once "$b"
    check "$g inputs: ... both kernels are in the library" \
        eval "has '$b/shared_k.exo/shared.h' 'copy8\\(' && has '$b/shared_k.exo/shared.h' 'copy16\\('"
    check "$g inputs: shadowing module: build before it exists" build "$b" --target shadow_k
    check "$g inputs: ... the module found uses late/helper.py" has "$b/shadow_k.exo/shadow.c" 'x\[i\] = 2\.0f;'
    check "$g inputs: ... a cache entry was written" eval "[ -n \"\$(find '$cache' -name '*.entry' | head -1)\" ]"
    echo 'K = 7.0' >"$src/kernels/shadow/early/helper.py"
    rm -rf "$b"
    check "$g inputs: shadowing module added, clean build: configure" inputs_configure "$src" "$b" "$gen" "$cache"
    check "$g inputs: ... build" build "$b" --target shadow_k
    check "$g inputs: ... the shadowing module is used, not the stale cache entry" \
        eval "has '$b/shadow_k.exo/shadow.c' 'x\\[i\\] = 7\\.0f;' && lacks '$b/shadow_k.exo/shadow.c' '2\\.0f'"
    check "$g inputs: shared instructions from the warm cache: build" build "$b" --target shared_k
    check "$g inputs: ... emitted once" loadu_once "$b"
    check "$g inputs: declared variable W unset: build" build "$b" --target env_k
    check "$g inputs: ... the kernel's default" has "$b/env_k.exo/env.c" 'i < 4;'
    rm -rf "$b/env_k.exo"
    W=8 check "$g inputs: W=8 cmake --build" build "$b"
    check "$g inputs: ... reran exocc for env_k only" \
        eval "[ \"\$(count '$tmp/out.log' 'exocc: generating')\" = 1 ] && has '$tmp/out.log' 'exocc: generating env'"
    check "$g inputs: ... the declared variable chose the variant" has "$b/env_k.exo/env.c" 'i < 8;'
    check "$g inputs: the program (sees the shadowing module)" \
        eval "'$b/main' >'$tmp/main.log' 2>&1 && has '$tmp/main.log' '^fill_k: 7 7 7 7\$'"
    W=8 check "$g inputs: a kernel reading an undeclared variable fails the build" \
        eval "! build '$b' --target undeclared_k"
    check "$g inputs: ... the error is at the manifest's [[kernel]]" \
        has_text "$tmp/out.log" "$src/kernels/env/undeclared.toml:5:1: error: in kernel width.py"
    check "$g inputs: ... it names the variable and the manifest key" \
        has_text "$tmp/out.log" "the environment variable 'W' is not declared in undeclared.toml; add env = [\"W\"] to its [library] or to this [[kernel]]"
    check "$g inputs: ... nothing written" test ! -e "$b/undeclared_k.exo/undeclared.c"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
