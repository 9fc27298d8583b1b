#!/usr/bin/env bash
# Inspection outputs and differential verification of `exocc build` (issue 25, items 6
# and 7; docs/inspection.md, docs/verification.md):
#  - --ir-dump writes every exported proc as str(proc) prints it;
#  - --trace writes each exported proc before and after every scheduling step, naming
#    the user's line of the step and the bundled helpers it went through;
#  - both are byte-reproducible across directories and served by a warm cache, which
#    rebuilds an entry stored without them once;
#  - --verify passes a correct schedule, fails the build on an @instr whose C does not
#    do what its body says (with the inputs and the first differing element, and no C
#    written), skips a proc whose instructions the CPU cannot run, and asks for the ISA
#    flags when the harness does not compile without them;
#  - exo_add_kernel(IR_DUMP TRACE VERIFY VERIFY_REPORT) with Ninja and Makefiles, and
#    the Meson recipe of meson-modules/README.md.
# Usage: check_inspect_verify.sh EXOCC SOURCE_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
src="$(cd "$2" && pwd)"
xc() { timeout 300 "$exocc" "$@"; }

p="$work/proj"
mkdir -p "$p"
cat > "$p/kern.py" <<'EOF_PY'
from __future__ import annotations
from exo import *
from exo.stdlib.scheduling import *


@instr("for (int k = 0; k < 4; k++) (&{dst_data})[k] = (&{src_data})[k];")
def copy4(dst: [f32][4] @ DRAM, src: [f32][4] @ DRAM):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for k in seq(0, 4):
        dst[k] = src[k]


@proc
def axpy(n: size, a: f32, x: [f32][n], y: [f32][n]):
    assert n % 4 == 0
    for i in seq(0, n):
        y[i] += a * x[i]


@proc
def copy(n: size, x: [f32][n], y: [f32][n]):
    assert n % 4 == 0
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, n):
        y[i] = x[i]


def schedule_copy(p):
    p = divide_loop(p, "i", 4, ["io", "ii"], perfect=True)  # STEP-DIVIDE
    return replace_all(p, [copy4])  # STEP-REPLACE


axpy_4 = rename(divide_loop(axpy, "i", 4, ["io", "ii"], perfect=True), "axpy_4")
copy_4 = schedule_copy(copy)


@proc
def outer(n: size, x: [f32][n], y: [f32][n]):  # unscheduled, calling a scheduled proc
    assert n % 4 == 0
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    copy_4(n, x, y)


__all__ = ["axpy_4", "copy_4", "outer"]
EOF_PY
printf '[[kernel]]\nsource = "kern.py"\n' > "$p/k.toml"
# What str() prints for the procs, through the interpreter itself.
cat > "$p/show.py" <<'EOF_PY'
import sys
sys.path.insert(0, sys.argv[1])
import kern
print(kern.axpy_4)
print()
print(kern.copy_4)
print()
print(kern.outer)
print()
EOF_PY
xc run "$p/show.py" "$p" > "$p/str.txt"

# --- the outputs and their reproducibility -------------------------------------------------
xc build "$p/k.toml" -o "$p/out" --no-cache --ir-dump --trace --verify 2>"$p/build.log"
check "a correct schedule: the build succeeds" test $? = 0
check "--ir-dump: str(proc) of every exported proc" \
    cmp -s <(tail -n +2 "$p/out/k.ir.txt") "$p/str.txt"
divide_line=$(grep -n "STEP-DIVIDE" "$p/kern.py" | cut -d: -f1)
replace_line=$(grep -n "STEP-REPLACE" "$p/kern.py" | cut -d: -f1)
check "--trace: a step names the user's line and function" \
    grep -qx "## step 1: divide_loop at kern.py:$divide_line in schedule_copy" "$p/out/k.trace.txt"
check "--trace: a step made through a stdlib helper names the user's line" \
    grep -q "^## step 2: .* at kern.py:$replace_line in schedule_copy" "$p/out/k.trace.txt"
check "--trace: ... and the helpers it went through" \
    grep -q "^   via exo/stdlib/scheduling.py:[0-9]* in replace_all" "$p/out/k.trace.txt"
check "--trace: the last step's proc is the exported proc" \
    bash -c "grep -q -F -f <(sed -n '/^def copy/,/^$/p' '$p/str.txt' | head -3) '$p/out/k.trace.txt'"
check "--trace: the original is the proc as @proc made it" \
    bash -c "sed -n '/^## original/,/^$/p' '$p/out/k.trace.txt' | grep -q '^    for i in seq(0, n):'"
check "--trace: no absolute paths" bash -c "! grep -q '$work' '$p/out/k.trace.txt'"
check "--verify: a correct schedule verifies clean" grep -q "^3 procs, 0 failed" "$p/out/k.verify.txt"
check "--verify: several sizes per proc" test "$(grep -c '^  n=' "$p/out/k.verify.txt")" -ge 6
check "--verify: bit-identical where nothing reduces floats" grep -q "proc copy .*all bit-identical" "$p/out/k.verify.txt"

cp -r "$p" "$work/elsewhere"
rm -rf "$work/elsewhere/out"
xc build "$work/elsewhere/k.toml" -o "$work/elsewhere/out" --no-cache --ir-dump --trace --verify
for f in k.ir.txt k.trace.txt k.verify.txt; do
    check "$f: the same bytes in another directory" cmp -s "$p/out/$f" "$work/elsewhere/out/$f"
done

xc build "$p/k.toml" -o "$p/bad" --verify-cflags=-mavx2 2>"$p/bad.log"
check "--verify-cflags without --verify: a usage error" \
    bash -c "test $? = 2 && grep -q 'argument --verify-cflags: only with --verify' '$p/bad.log' && test ! -e '$p/bad'"

# --- the cache -------------------------------------------------------------------------------
xc build "$p/k.toml" -o "$p/c1" --cache-dir "$work/cache" -v 2>"$p/c1.log"
xc build "$p/k.toml" -o "$p/c2" --cache-dir "$work/cache" -v --ir-dump --trace --verify 2>"$p/c2.log"
check "an entry stored without a trace is rebuilt once" grep -q "cached without its trace, rebuilding" "$p/c2.log"
xc build "$p/k.toml" -o "$p/c3" --cache-dir "$work/cache" -v --ir-dump --trace --verify 2>"$p/c3.log"
check "then a warm build runs no Python" grep -q "kern.py): cached, " "$p/c3.log"
for f in k.c k.ir.txt k.trace.txt k.verify.txt; do
    check "$f: warm = cold" cmp -s "$p/out/$f" "$p/c3/$f"
done

# --- a wrong instruction -------------------------------------------------------------------
w="$work/wrong"
cp -r "$p" "$w"
rm -rf "$w/out"
sed -i 's/k < 4; k++) (&/k < 3; k++) (\&/' "$w/kern.py"
xc build "$w/k.toml" -o "$w/out" --no-cache --trace --verify 2>"$w/build.log"
check "an @instr whose C is wrong: the build fails" test $? = 1
kernel_at="$w/k.toml:$(grep -n '^\[\[kernel\]\]' "$w/k.toml" | cut -d: -f1):1"
check "... at the [[kernel]], naming the proc and the inputs" \
    grep -q "^$kernel_at: error: differential verification failed: proc copy .*MISMATCH on inputs n=[0-9]*" "$w/build.log"
check "... and the first differing element" grep -q "first differing element: y\[3\]: original .* scheduled " "$w/build.log"
check "... in the report too" grep -q "first differing element: y\[3\]" "$w/out/k.verify.txt"
check "... the other proc still verifies" grep -q "proc axpy_4 .*OK" "$w/out/k.verify.txt"
check "... no C is written" test ! -e "$w/out/k.c"
# Exported without the proc it calls: outer's original calls copy's original, so the
# wrong instruction in the scheduled copy still shows.
sed -i 's/__all__ = \["axpy_4", "copy_4", "outer"\]/__all__ = ["axpy_4", "outer"]/' "$w/kern.py"
xc build "$w/k.toml" -o "$w/out" --no-cache --verify 2>"$w/outer.log"
check "a wrong @instr in a scheduled callee: the caller fails verification" \
    grep -q "proc outer of kernel 1 (kern.py): MISMATCH on inputs n=" "$w/outer.log"
check "... the trace is, to look at" test -s "$w/out/k.trace.txt"

if [ "$(uname -m)" = x86_64 ]; then
    # An instruction the CPU cannot run: __builtin_trap() is x86's ud2, SIGILL.
    t="$work/trap"
    cp -r "$p" "$t"
    rm -rf "$t/out"
    sed -i 's/@instr("for (int k = 0; k < 4; k++) .*")/@instr("__builtin_trap();")/' "$t/kern.py"
    xc build "$t/k.toml" -o "$t/out" --no-cache --verify 2>"$t/build.log"
    check "an instruction this CPU lacks: the build succeeds" test $? = 0
    check "... and the report says it was skipped and why" \
        grep -q "proc copy .*skipped: this CPU cannot run its instructions (SIGILL" "$t/out/k.verify.txt"

    # The AVX2 example: its instructions need ISA flags, which verification is given.
    a="$src/examples/avx2_matmul/avx2_matmul.toml"
    # x86's memories and instructions declare their target features, so the library's
    # functions carry target attributes and the harness needs no ISA flags.
    if grep -q avx2 /proc/cpuinfo && grep -q fma /proc/cpuinfo; then
        env -u EXO_VERIFY_CFLAGS timeout 300 "$exocc" build "$a" -o "$work/avx2-plain" --no-cache --verify 2>"$work/avx2.log"
        check "ISA intrinsics whose library declares their features: verified without flags" \
            grep -q " 0 failed" "$work/avx2-plain/avx2_matmul.verify.txt"
        EXO_VERIFY_CFLAGS="-mavx2 -mfma" xc build "$a" -o "$work/avx2" --no-cache --verify 2>"$work/avx2b.log"
        check "... with EXO_VERIFY_CFLAGS it verifies" grep -q " 0 failed" "$work/avx2/avx2_matmul.verify.txt"
    fi
fi

# --- exo_add_kernel ------------------------------------------------------------------------
c="$work/cmake"
mkdir -p "$c"
cp "$p/kern.py" "$p/k.toml" "$c/"
cat > "$c/CMakeLists.txt" <<EOF_CMAKE
cmake_minimum_required(VERSION 3.20)
project(inspect C)
include("$src/cmake-modules/ExoAddKernel.cmake")
exo_add_kernel(kern MANIFEST k.toml COMPILER "$exocc" CACHE_DIR "$work/cmake-cache"
               IR_DUMP ir_file TRACE trace_file VERIFY VERIFY_REPORT report_file)
file(WRITE "\${CMAKE_BINARY_DIR}/paths.txt" "\${ir_file}\n\${trace_file}\n\${report_file}\n")
EOF_CMAKE
for gen in Ninja "Unix Makefiles"; do
    b="$c/build-${gen// /-}"
    cmake -S "$c" -B "$b" -G "$gen" >"$b.log" 2>&1 && cmake --build "$b" >>"$b.log" 2>&1
    check "exo_add_kernel(IR_DUMP TRACE VERIFY) with $gen: builds" test $? = 0
    check "... the variables name the files, which exist" \
        bash -c "test \$(wc -l < '$b/paths.txt') = 3 && while read f; do test -s \"\$f\" || exit 1; done < '$b/paths.txt'"
    check "... the outputs are exocc's" cmp -s "$(sed -n 2p "$b/paths.txt")" "$p/out/k.trace.txt"
    cmake --build "$b" >"$b.again.log" 2>&1
    check "... a second build regenerates nothing" bash -c "! grep -q 'exocc: generating' '$b.again.log'"
done

# --- the Meson recipe (meson-modules/README.md) -----------------------------------------------
if command -v meson >/dev/null && command -v ninja >/dev/null; then
    m="$work/meson"
    mkdir -p "$m"
    cp "$p/kern.py" "$p/k.toml" "$m/"
    cat > "$m/meson.build" <<'EOF_MESON'
project('inspect', 'c', meson_version : '>=1.0.0')
exocc = find_program('exocc', native : true)
extra_out = []
extra_args = []
if get_option('exo_inspect')
  extra_out += ['k.ir.txt', 'k.trace.txt']
  extra_args += ['--ir-dump', '--trace']
endif
if get_option('exo_verify')
  extra_out += ['k.verify.txt']
  extra_args += ['--verify']
endif
kernels_gen = custom_target('kernels_exo',
  input : 'k.toml',
  output : ['k.c', 'k.h'] + extra_out,
  depfile : 'k.d',
  command : [exocc, 'build', '@INPUT@', '-o', '@OUTDIR@', '--no-cache'] + extra_args)
static_library('kern', kernels_gen, override_options : ['warning_level=0'])
EOF_MESON
    printf "option('exo_inspect', type : 'boolean', value : false)\noption('exo_verify', type : 'boolean', value : false)\n" \
        > "$m/meson_options.txt"
    printf "[binaries]\nexocc = '%s'\n" "$exocc" > "$m/native.ini"
    meson setup "$m/build" "$m" --native-file "$m/native.ini" -Dexo_inspect=true -Dexo_verify=true >"$m/setup.log" 2>&1 &&
        ninja -C "$m/build" >"$m/build.log" 2>&1
    check "the Meson recipe with both options: builds" test $? = 0
    check "... the trace is exocc's" cmp -s "$m/build/k.trace.txt" "$p/out/k.trace.txt"
    check "... the report is exocc's" cmp -s "$m/build/k.verify.txt" "$p/out/k.verify.txt"
    check "... a second build does nothing" bash -c "ninja -C '$m/build' | grep -q 'no work to do'"
fi

finish
