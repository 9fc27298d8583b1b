#!/usr/bin/env bash
# `cmake --install BUILD_DIR --prefix P --strip` (the README's install step) gives a
# self-contained exocc: a stripped binary that runs, imports the installed `exo` package
# and hardware libraries (not the source tree's), and builds a manifest whose kernel
# uses one; the CMake package files are installed beside it.
#
#   check_install.sh BUILD_DIR
set -u
build_dir="$(cd "$1" && pwd)"
source "$(dirname "$0")/../build/common.sh" "$build_dir/exocc"
prefix="$work/prefix"
share="$prefix/share/exocc"

check "cmake --install --strip into a temporary prefix" \
    cmake --install "$build_dir" --prefix "$prefix" --strip
installed="$prefix/bin/exocc"
check "bin/exocc is installed" test -x "$installed"
check "the package files are installed" \
    test -f "$prefix/lib/cmake/Exo/ExoConfig.cmake" -a -f "$prefix/lib/cmake/Exo/ExoAddKernel.cmake"
check "bin/exocc is stripped (no symbol table, no debug info)" \
    bash -c "! readelf -S '$installed' | grep -qE '\\.symtab|\\.debug_info'"
check "the installed exocc runs" bash -c "'$installed' --version | grep -q 'tracks upstream Exo'"

# Module lookup: with EXOCC_LIB unset, the installed exocc must find its modules in the
# prefix (share/exocc), never in the tree it was built from.
unset EXOCC_LIB PYTHONPATH
files="$("$installed" -c 'import exo, exo.stdlib.scheduling as s, exo.platforms.x86 as x; print(exo.__file__); print(s.__file__); print(x.__file__)')"
check "exo, exo.stdlib and exo.platforms.x86 come from the prefix" \
    bash -c "[ \$(printf '%s\n' \"$files\" | grep -c '^$share/') = 3 ]"

mkdir -p "$work/proj"
cat > "$work/proj/axpy.py" <<'EOF_PY'
from __future__ import annotations
from exo import proc
from exo.platforms.x86 import AVX2, mm256_loadu_ps
from exo.stdlib.scheduling import divide_loop, rename

@proc
def copy8(n: size, x: f32[n], y: f32[n]):
    assert n % 8 == 0
    for i in seq(0, n):
        y[i] = x[i]

copy8_split = rename(divide_loop(copy8, "i", 8, ["io", "ii"], perfect=True), "copy8_split")
EOF_PY
cat > "$work/proj/kernels.toml" <<'EOF_TOML'
[[kernel]]
object = "axpy.py"
procs = ["copy8_split"]
hw = ["x86"]
EOF_TOML
check "the installed exocc builds a manifest using a hardware library" \
    env EXO_CACHE_DIR="$work/cache" "$installed" build "$work/proj/kernels.toml" -o "$work/out"
check "the generated header declares the kernel" grep -q 'void copy8_split(' "$work/out/kernels.h"
check "the depfile names the installed hw/x86.py" grep -q "$share/hw/x86.py" "$work/out/kernels.d"
src_dir="$(cd "$(dirname "$0")/../.." && pwd)"
check "the depfile names nothing of the source tree" bash -c "! grep -q '$src_dir/generator\\|$src_dir/hw' '$work/out/kernels.d'"
finish
