#!/usr/bin/env bash
# The multi-architecture dispatch for real (docs/target-features.md): the consumer of
# check.sh cross-built for AArch64 with Debian's gcc-aarch64-linux-gnu (CMake with
# aarch64-toolchain.cmake under Ninja and Unix Makefiles; Meson with aarch64-cross.ini),
# where only saxpy_arch (TARGETS avx2 avx512 neon) is built. Its program runs under
# qemu-aarch64: the dispatch chooses neon and the results are right; the x86 variants
# compiled to nothing. (check.sh runs the same program natively, where it chooses
# avx512 or avx2.) A skip (status 77) when the cross compiler or qemu-user is absent;
# scripts/setup.sh installs them.
#
#   cross.sh EXOCC_BINARY BUILD_DIR
# BUILD_DIR: the configured exocc build tree to `cmake --install` (nothing is rebuilt).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
build_dir="$(cd "$2" && pwd)"
sysroot=/usr/aarch64-linux-gnu
for tool in aarch64-linux-gnu-gcc aarch64-linux-gnu-nm qemu-aarch64; do
    command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed (scripts/setup.sh installs gcc-aarch64-linux-gnu and qemu-user)"; exit 77; }
done
[ -e "$sysroot/include/stdio.h" ] || { echo "skipped: no AArch64 C library in $sysroot (libc6-dev-arm64-cross)"; exit 77; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
unset EXO_CACHE_DIR EXO_TARGET EXO_REMOTE_CACHE MAKEFLAGS CMAKE_GENERATOR CFLAGS
export XDG_CACHE_HOME="$tmp/xdg-cache" LC_ALL=C
. "$here/../helpers.sh"

# runs_neon PROGRAM: under qemu, the dispatch chooses neon and every check passes.
runs_neon() {
    qemu-aarch64 -L "$sysroot" "$1" >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; return 1; }
    cat "$tmp/run.log"
    grep -qx 'chosen: neon' "$tmp/run.log"
}
# only_neon LIBRARY: the archive defines the neon variant and none of x86's.
only_neon() {
    aarch64-linux-gnu-nm "$1" >"$tmp/nm.log" || return 1
    grep -q ' T saxpy__neon$' "$tmp/nm.log" && ! grep -Eq ' T saxpy__avx(2|512)$' "$tmp/nm.log"
}

ok "cmake --install of the exocc build tree" configure --install "$build_dir" --prefix "$tmp/prefix"
for gen in Ninja "Unix Makefiles"; do
    g="${gen// /}" b="$tmp/build-$g"
    ok "$g: configure for AArch64" configure -S "$here" -B "$b" -G "$gen" -DCMAKE_TOOLCHAIN_FILE="$here/aarch64-toolchain.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DExo_DIR="$tmp/prefix/lib/cmake/Exo" -DExo_EXECUTABLE="$tmp/prefix/bin/exocc"
    ok "$g: build" make_it "$b"
    ok "$g: every variant's file was generated" test -f "$b/saxpy_arch.exo/saxpy_arch_avx2.c" -a -f "$b/saxpy_arch.exo/saxpy_arch_avx512.c"
    ok "$g: the program is AArch64's" eval "LC_ALL=C readelf -h '$b/arch' | grep -q 'Machine: *AArch64'"
    ok "$g: the library holds the neon variant only" only_neon "$b/libsaxpy_arch.a"
    ok "$g: under qemu, the dispatch chooses neon and computes right" runs_neon "$b/arch"
done

if command -v meson >/dev/null; then
    b="$tmp/build-meson"
    printf "[binaries]\nexocc = '%s'\n" "$exocc_bin" >"$tmp/native.ini"
    ok "Meson: setup for AArch64" eval "meson setup '$b' '$here' --cross-file '$here/aarch64-cross.ini' --native-file '$tmp/native.ini' \
        --buildtype=release >'$tmp/build.log' 2>&1"
    ok "Meson: build" eval "ninja -C '$b' -j2 >'$tmp/build.log' 2>&1"
    ok "Meson: the library holds the neon variant only" only_neon "$b/libsaxpy_arch.a"
    ok "Meson: under qemu, the dispatch chooses neon and computes right" runs_neon "$b/arch"
else
    echo "# skipping Meson: not installed"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
