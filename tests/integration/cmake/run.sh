#!/usr/bin/env bash
# CMake integration: a consumer project (tests/integration/cmake/consumer) finds exocc
# with find_package(Exo) from an install prefix and builds two kernel libraries with
# exo_add_kernel(), under Ninja and Unix Makefiles. Checks incremental behaviour
# (no-op builds, edits that do / do not change the output, deleted outputs),
# vendoring (update target, check test, builds without exocc), header install, the
# cache option, and (configure only) use of this repository through add_subdirectory.
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
# A build that did nothing: no exocc run, no compile, no link.
quiet_build() {
    lacks "$tmp/out.log" 'exocc:' && lacks "$tmp/out.log" 'Building C' && lacks "$tmp/out.log" 'Linking'
}
noop() {  # noop BUILDDIR GENERATOR: a second build is a no-op
    build "$1" || return 1
    quiet_build || return 1
    if [ "$2" = Ninja ]; then
        ninja -C "$1" -n -d explain >"$tmp/explain.log" 2>&1 || return 1
        lacks "$tmp/explain.log" 'ninja explain' && has "$tmp/explain.log" 'no work to do'
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
        eval "! cmake -S '$src' -B '$b-missing' -G '$gen' -DCMAKE_DISABLE_FIND_PACKAGE_Exo=ON >'$tmp/missing.log' 2>&1 && has '$tmp/missing.log' 'axpy.c does not exist'"

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

# Simulated cross build (toolchain file, bogus emulator): the installed host exocc
# runs directly, never through the emulator, in build commands and in tests.
src="$tmp/src-cross"; cp -r "$here/consumer" "$src"; rm -rf "$src/vendored"
check "cross: configure with a toolchain file" \
    cmake_q -S "$src" -B "$tmp/build-cross" -G "$gen" -DCMAKE_TOOLCHAIN_FILE="$here/cross-toolchain.cmake" \
        -DCMAKE_CROSSCOMPILING_EMULATOR=/nonexistent/emulator -DCMAKE_PREFIX_PATH="$prefix"
check "cross: no warning about exocc" lacks "$tmp/last.log" 'Warning'
check "cross: build (exocc not run through the emulator)" build "$tmp/build-cross"
check "cross: program output" run_main "$tmp/build-cross" "2 4 6 8" "10.5 21 31.5 42"
check "cross: vendor_check runs exocc without the emulator" \
    eval "has '$tmp/build-cross/CTestTestfile.cmake' '\"$exocc\" \"vendor\"' && lacks '$tmp/build-cross/CTestTestfile.cmake' 'emulator'"

# In-tree use (configure only: building would compile exocc): add_subdirectory of
# this repository gives exo_add_kernel() and Exo::exocc, an alias of the exocc target.
ig="${generators[0]}"
check "in-tree: configure a project that add_subdirectory()s the repository" \
    cmake_q -S "$here/intree" -B "$tmp/build-intree" -G "$ig" -DEXOCC_TESTS=OFF \
        -DEXO_REPO="$source_dir" -DKERNELS="$here/consumer/kernels"
check "in-tree: the kernel command runs the in-tree exocc" \
    eval "grep -rq 'exocc/exocc build' '$tmp/build-intree' --include=build.ninja --include=build.make"
check "in-tree: Exo_EXECUTABLE overrides the in-tree exocc" \
    cmake_q -S "$here/intree" -B "$tmp/build-intree2" -G "$ig" -DEXOCC_TESTS=OFF \
        -DEXO_REPO="$source_dir" -DKERNELS="$here/consumer/kernels" -DExo_EXECUTABLE="$exocc" -DEXPECT_IMPORTED=ON
check "in-tree: ... and the command runs it" \
    eval "grep -rq '$exocc build' '$tmp/build-intree2' --include=build.ninja --include=build.make"

check "in-tree: cross-compiling without Exo_EXECUTABLE warns" \
    eval "cmake_q -S '$here/intree' -B '$tmp/build-intree3' -G '$ig' -DEXOCC_TESTS=OFF -DCMAKE_TOOLCHAIN_FILE='$here/cross-toolchain.cmake' \
        -DEXO_REPO='$source_dir' -DKERNELS='$here/consumer/kernels' && has '$tmp/last.log' 'cross-compiling with the in-tree exocc'"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
