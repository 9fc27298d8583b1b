#!/usr/bin/env bash
# Target features and multi-target builds (docs/target-features.md), at the command line:
#  - `exocc build` marks exactly the functions that need features, with their callees';
#    upstream's command line writes no marks;
#  - --targets: the outputs named from the arguments, the dispatch's order, a warm
#    cache giving the cold cache's bytes (the memories' answers are recorded), vendoring
#    all the files;
#  - bad target names, targets exporting different procs, malformed declarations.
# Usage: check_build_targets.sh EXOCC
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

p="$work/k"
mkdir -p "$p"
cat > "$p/kern.py" <<'EOF_PY'
from __future__ import annotations
from exo import proc
from exo.build import params
from exo.platforms.x86 import *

TARGET = params.get("target", "avx2")

@proc
def plain(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = x[i] * 2.0

if TARGET == "avx2":
    @proc
    def load_store(x: f32[8]):
        v: f32[8] @ AVX2
        mm256_loadu_ps(v, x[0:8])
        mm256_storeu_ps(x[0:8], v)

    @proc
    def fused(x: f32[8]):
        v: f32[8] @ AVX2
        mm256_loadu_ps(v, x[0:8])
        w: f32[8] @ AVX2
        mm256_loadu_ps(w, x[0:8])
        u: f32[8] @ AVX2
        mm256_loadu_ps(u, x[0:8])
        mm256_fmadd_ps(v, w, u)
        mm256_storeu_ps(x[0:8], v)

    @proc
    def caller(x: f32[8]):
        load_store(x)
        fused(x)
else:
    @proc
    def load_store(x: f32[8]):
        for i in seq(0, 8):
            x[i] = x[i]

    @proc
    def fused(x: f32[8]):
        for i in seq(0, 8):
            x[i] += x[i] * x[i]

    @proc
    def caller(x: f32[8]):
        load_store(x)
        fused(x)
if TARGET == "odd":
    @proc
    def extra(x: f32[8]):
        pass
EOF_PY
printf '[[kernel]]\nsource = "kern.py"\n' > "$p/k.toml"

# --- one target: each function marked for what it and its callees use ----------------
"$exocc" build "$p/k.toml" -o "$p/one" --no-cache
mark() { grep -B1 -E "^(static )?void $2\(" "$1" | head -1; }  # the line before a definition
check "a function using AVX2 registers needs avx2" test "$(mark "$p/one/k.c" load_store)" = 'EXO_TARGET("avx2")'
check "... with an FMA instruction, avx2 and fma" test "$(mark "$p/one/k.c" fused)" = 'EXO_TARGET("avx2,fma")'
check "a caller needs what its callees need" test "$(mark "$p/one/k.c" caller)" = 'EXO_TARGET("avx2,fma")'
check "a plain function is not marked" test "$(mark "$p/one/k.c" plain | grep -c EXO_TARGET)" = 0
check "the header has no marks" test "$(grep -c EXO_TARGET "$p/one/k.h")" = 0
check "the C compiles with no ISA flags" cc -std=c11 -O2 -c -o "$p/one/k.o" "$p/one/k.c"
"$exocc" "$p/kern.py" -o "$p/upstream" >/dev/null
check "upstream's command line writes no marks" test "$(grep -c EXO_TARGET "$p/upstream/kern.c")" = 0

# --- several targets ------------------------------------------------------------------
"$exocc" build "$p/k.toml" -o "$p/multi" --cache-dir "$work/cache" --targets portable,avx2
check "outputs named from the arguments" test "$(cd "$p/multi" && ls | tr '\n' ' ')" = "k.c k.d k.h k_avx2.c k_portable.c "
check "the depfile's targets are every output" \
    grep -q "^$p/multi/k.c $p/multi/k.h $p/multi/k_portable.c $p/multi/k_avx2.c:" "$p/multi/k.d"
check "a variant with features ranks before the featureless one" \
    grep -q 'exo_target_names\[2\] = { "avx2", "portable" }' "$p/multi/k.c"
defs="$(grep -cE '^(static )?void .*\) \{$' "$p/multi/k_avx2.c")"
check "every function of a variant carries the variant's features" \
    test "$(grep -B1 -E '^(static )?void .*\) \{$' "$p/multi/k_avx2.c" | grep -c '^EXO_TARGET("avx2,fma")$')" = "$defs" -a "$defs" -ge 4
check "the featureless variant has no marks" test "$(grep -c EXO_TARGET "$p/multi/k_portable.c")" = 0
check "the header declares the functions once, and the dispatch's" \
    test "$(grep -cE '^void (caller|fused|load_store|plain)\(|_exo_(use_)?target\(' "$p/multi/k.h")" = 6
"$exocc" build "$p/k.toml" -o "$p/warm" --cache-dir "$work/cache" --targets portable,avx2 -v 2>"$p/warm.log"
check "a warm build is served from the cache" test "$(grep -c ': cached' "$p/warm.log")" = 2
check "... and writes the cold build's bytes" diff -r -x k.d "$p/multi" "$p/warm"
check "the variants and dispatch compile with no ISA flags" \
    sh -c "cd '$p/multi' && cc -std=c11 -O2 -c k.c k_avx2.c k_portable.c"
"$exocc" vendor "$p/k.toml" --dir "$p/vendor" --no-cache --targets portable,avx2
check "vendoring writes every output and the record" \
    test "$(cd "$p/vendor" && ls | tr '\n' ' ')" = "k.c k.exo-vendor k.h k_avx2.c k_portable.c "
check "the record's command names the targets" grep -q -- "--targets portable,avx2" "$p/vendor/k.exo-vendor"
check "the vendored files are current" "$exocc" vendor "$p/k.toml" --dir "$p/vendor" --no-cache --targets portable,avx2 --check

# --- errors ---------------------------------------------------------------------------
"$exocc" build "$p/k.toml" -o "$p/bad" --targets "avx2,,x" 2>"$p/e1.log"; rc=$?
check "an empty target name is a usage error" test $rc = 2
check "... that says so" grep -q "argument --targets: '' is not a target name" "$p/e1.log"
"$exocc" build "$p/k.toml" -o "$p/bad" --targets "avx2,avx2" 2>"$p/e2.log"
check "a target named twice is refused" grep -q "'avx2' is named twice" "$p/e2.log"
"$exocc" build "$p/k.toml" -o "$p/bad" --targets "avx2,odd" --no-cache 2>"$p/e3.log"; rc=$?
check "targets exporting different procs fail the build" test $rc = 1
check "... naming the targets and what each exports" \
    grep -q "k.toml:1:1: error: targets 'avx2' and 'odd' export different procs, but one header serves every target: 'avx2' exports caller(void \*ctxt, float\* x), " "$p/e3.log"
check "... and write nothing" test ! -e "$p/bad"
cat > "$p/badfeat.py" <<'EOF_PY'
from exo import instr
@instr("x;", target_features=["avx2,fma"])
def f(x: f32):
    pass
EOF_PY
"$exocc" run "$p/badfeat.py" 2>"$p/e4.log"
check "a feature list in one string is refused" grep -q "TypeError: @instr target_features must be feature names" "$p/e4.log"
printf 'from exo import instr\n@instr("x;", target_features="fma")\ndef f(x: f32):\n    pass\n' > "$p/strfeat.py"
"$exocc" run "$p/strfeat.py" 2>"$p/e5.log"
check "a feature name alone, not in a list, is refused" grep -q "must be a list of feature names, not a string" "$p/e5.log"
mkdir -p "$p/mem"
cat > "$p/mem/kern.py" <<'EOF_PY'
from __future__ import annotations
from exo import proc
from exo.libs.memories import AVX2

class ODD(AVX2):
    target_features = "avx2"

@proc
def k(x: f32[8]):
    v: f32[8] @ ODD
    pass
EOF_PY
printf '[[kernel]]\nsource = "kern.py"\n' > "$p/mem/k.toml"
"$exocc" build "$p/mem/k.toml" -o "$p/mem/out" --no-cache 2>"$p/e6.log"
check "a memory's features as one string are refused" grep -q "ODD.target_features must be a tuple of feature names, not a string" "$p/e6.log"
finish
