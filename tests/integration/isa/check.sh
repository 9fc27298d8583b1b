#!/usr/bin/env bash
# ISA flags from the hardware libraries, and multi-target builds with runtime dispatch
# (docs/target-features.md): the consumer here follows cmake-modules/README.md (under
# Ninja and Unix Makefiles, CMAKE_C_FLAGS empty) and meson-modules/README.md (exocc from
# a native file, CFLAGS unset), with no compile flags of its own.
# `app` runs an AVX2 kernel (a skip, status 77, on a CPU without AVX2 and FMA);
# `multi` checks the dispatch of the same kernel built for avx512, avx2 and portable;
# `featured` that FEATURES avx2 fma reach every variant, the portable one too, and the
# dispatch's tests; `arch` that a library for x86 and AArch64 targets (avx2 avx512
# neon) chooses x86's here (cross.sh runs it on AArch64).
#
#   check.sh EXOCC_BINARY BUILD_DIR
# BUILD_DIR: the configured exocc build tree to `cmake --install` (nothing is rebuilt)
# for CMake's find_package; Meson runs EXOCC_BINARY itself.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
build_dir="$(cd "$2" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
unset EXO_CACHE_DIR MAKEFLAGS CMAKE_GENERATOR CFLAGS
export XDG_CACHE_HOME="$tmp/xdg-cache"
fail=0
no() { echo "not ok - $*"; fail=1; }

cmake --install "$build_dir" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
skipped=0
# run_program NAME PROGRAM: runs it; 77 is a skip (a CPU without the features needed).
run_program() {
    "$2" >"$tmp/run.log" 2>&1
    local rc=$?
    cat "$tmp/run.log"
    if [ $rc -eq 77 ]; then skipped=1
    elif [ $rc -ne 0 ]; then no "$1"
    else echo "ok - $1"; fi
}
# check_featured GEN OUTDIR BUILDDIR: FEATURES avx2 fma marked every function of every
# variant, the portable one too, the dispatch tests them for each, and GCC compiled the
# portable variant's plain loop for AVX2 (ymm registers).
check_featured() {
    grep -q '^EXO_TARGET("avx2,fma")$' "$2/saxpy_featured_portable.c" || no "$1: FEATURES do not mark the portable variant"
    grep -q '^EXO_TARGET("avx2,avx512f,fma")$' "$2/saxpy_featured_avx512.c" || no "$1: FEATURES do not join the avx512 variant's"
    grep -q 'return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");' "$2/saxpy_featured.c" ||
        no "$1: the dispatch does not test FEATURES for the portable variant"
    local obj
    obj="$(find "$3" -name '*saxpy_featured_portable.c.o' | head -n 1)"
    objdump -d "$obj" | grep -q '%ymm' || no "$1: the portable variant's loop was not compiled for AVX2 (no ymm register in $obj)"
    run_program "$1: FEATURES: the dispatch and the featured portable variant" "$3/featured"
}
# check_arch GEN OUTDIR PROGRAM: a library for x86 and AArch64 targets; the neon variant
# is compiled only for AArch64, and here the dispatch chooses x86's best.
check_arch() {
    grep -q '^#if defined(__aarch64__)$' "$2/saxpy_arch_neon.c" || no "$1: the neon variant is not guarded by its architecture"
    grep -q '^#if defined(__x86_64__) || defined(__i386__)$' "$2/saxpy_arch_avx2.c" || no "$1: the avx2 variant is not guarded by its architecture"
    run_program "$1: x86 and AArch64 targets: x86 chooses avx512 or avx2" "$3"
}
for gen in Ninja "Unix Makefiles"; do
    b="$tmp/build-${gen// /}"
    if ! cmake -S "$here" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_C_FLAGS="" >"$tmp/configure.log" 2>&1; then
        cat "$tmp/configure.log"; no "$gen: configure"; continue
    fi
    if ! cmake --build "$b" -j2 >"$tmp/build.log" 2>&1; then
        cat "$tmp/build.log"; no "$gen: build with no ISA flags"; continue
    fi
    echo "ok - $gen: builds with no ISA flags"
    if grep -q -- '-m\(avx\|fma\|arch\)' "$b/compile_commands.json" 2>/dev/null; then no "$gen: a compile line has ISA flags"; fi
    grep -q 'EXO_TARGET("avx2,fma")' "$b/saxpy.exo/saxpy.c" || no "$gen: saxpy.c does not mark saxpy for avx2,fma"
    for t in avx512 avx2 portable; do
        [ -f "$b/saxpy_multi.exo/saxpy_multi_$t.c" ] || no "$gen: no saxpy_multi_$t.c"
    done
    "$b/app" >"$tmp/app.log" 2>&1
    rc=$?
    cat "$tmp/app.log"
    if [ $rc -eq 77 ]; then skipped=1
    elif [ $rc -ne 0 ]; then no "$gen: the AVX2 kernel runs"
    else echo "ok - $gen: the AVX2 kernel runs"; fi
    if "$b/multi" >"$tmp/multi.log" 2>&1; then echo "ok - $gen: dispatch"; else no "$gen: dispatch"; fi
    cat "$tmp/multi.log"
    check_featured "$gen" "$b/saxpy_featured.exo" "$b"
    # FEATURES are part of the outputs' identity: a change regenerates (on Make too).
    if cmake -S "$here" -B "$b" -DISA_FEATURES="avx2;fma;f16c" >"$tmp/configure.log" 2>&1 &&
       cmake --build "$b" --target saxpy_featured >"$tmp/build.log" 2>&1; then
        grep -q '^EXO_TARGET("avx2,f16c,fma")$' "$b/saxpy_featured.exo/saxpy_featured_portable.c" ||
            no "$gen: changed FEATURES did not regenerate the library"
    else
        cat "$tmp/configure.log" "$tmp/build.log"; no "$gen: a build with changed FEATURES"
    fi
    check_arch "$gen" "$b/saxpy_arch.exo" "$b/arch"
done
# Vendoring a multi-target library: the update target writes every file, and a build
# from the vendored files alone (EXO_USE_VENDORED) dispatches as the generated one does.
b="$tmp/build-vendor"
if cmake -S "$here" -B "$b" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" -DISA_VENDOR_DIR="$tmp/vendored" \
        >"$tmp/configure.log" 2>&1 && cmake --build "$b" --target saxpy_multi.vendor_update >"$tmp/build.log" 2>&1; then
    [ "$(cd "$tmp/vendored" && ls | tr '\n' ' ')" = "saxpy_multi.c saxpy_multi.exo-vendor saxpy_multi.h saxpy_multi_avx2.c saxpy_multi_avx512.c saxpy_multi_portable.c " ] ||
        no "vendor_update writes every file of the multi-target library"
    if cmake -S "$here" -B "$b-from-vendored" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" -DISA_VENDOR_DIR="$tmp/vendored" \
            -DEXO_USE_VENDORED=ON >"$tmp/configure.log" 2>&1 && cmake --build "$b-from-vendored" --target multi >"$tmp/build.log" 2>&1 &&
       "$b-from-vendored/multi" >"$tmp/multi.log" 2>&1; then
        echo "ok - a multi-target library builds and dispatches from its vendored files"
    else
        cat "$tmp/configure.log" "$tmp/build.log" "$tmp/multi.log"; no "build from the vendored multi-target files"
    fi
    (cd "$b" && ctest --no-tests=error -R saxpy_multi.vendor_check >"$tmp/ctest.log" 2>&1) || { cat "$tmp/ctest.log"; no "vendor_check of the multi-target library"; }
else
    cat "$tmp/configure.log" "$tmp/build.log"; no "vendor_update of the multi-target library"
fi

if command -v meson >/dev/null; then
    b="$tmp/build-meson"
    printf "[binaries]\nexocc = '%s'\n" "$exocc" > "$tmp/native.ini"
    if meson setup "$b" "$here" --native-file "$tmp/native.ini" --buildtype=release >"$tmp/setup.log" 2>&1 &&
       meson compile -C "$b" >"$tmp/build.log" 2>&1; then
        echo "ok - Meson: builds with no ISA flags"
        grep -q 'EXO_TARGET("avx2,fma")' "$b/saxpy.c" || no "Meson: saxpy.c does not mark saxpy for avx2,fma"
        "$b/app" >"$tmp/app.log" 2>&1
        rc=$?
        if [ $rc -eq 77 ]; then skipped=1
        elif [ $rc -ne 0 ]; then cat "$tmp/app.log"; no "Meson: the AVX2 kernel runs"
        else echo "ok - Meson: the AVX2 kernel runs"; fi
        if "$b/multi" >"$tmp/multi.log" 2>&1; then echo "ok - Meson: dispatch"; else cat "$tmp/multi.log"; no "Meson: dispatch"; fi
        check_featured Meson "$b" "$b"
        check_arch Meson "$b" "$b/arch"
    else
        cat "$tmp/setup.log" "$tmp/build.log" 2>/dev/null; no "Meson: build with no ISA flags"
    fi
else
    echo "# skipping Meson: not installed"
fi
[ $fail -eq 0 ] || exit 1
[ $skipped -eq 0 ] || { echo "skipped: this CPU lacks AVX2 or FMA, so the AVX2 kernel could not run"; exit 77; }
