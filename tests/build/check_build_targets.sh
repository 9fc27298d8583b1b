#!/usr/bin/env bash
# Target features and multi-target builds (docs/target-features.md), at the command line:
#  - `exocc build` marks exactly the functions that need features, with their callees';
#    upstream's command line writes no marks;
#  - --targets: the outputs named from the arguments, the dispatch's order, a warm
#    cache giving the cold cache's bytes (the memories' answers are recorded), vendoring
#    all the files;
#  - targets of several architectures: variants guarded by theirs, a dispatch per
#    architecture;
#  - --features on every function and every target, in the key and the vendored record;
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
# --- targets of several architectures (memories' target_arch) -------------------------
mkdir -p "$p/arch"
cat > "$p/arch/kern.py" <<'EOF_PY'
from __future__ import annotations
from exo import proc
from exo.build import params
from exo.platforms.neon import *
from exo.platforms.x86 import *

TARGET = params.get("target", "portable")

if TARGET == "avx2":
    @proc
    def copy8(x: f32[8]):
        v: f32[8] @ AVX2
        mm256_loadu_ps(v, x[0:8])
        mm256_storeu_ps(x[0:8], v)
elif TARGET in ("neon", "neon2"):
    @proc
    def copy8(x: f32[8]):
        for j in seq(0, 2):
            v: f32[4] @ Neon
            neon_vld_4xf32(v, x[4 * j:4 * j + 4])
            neon_vst_4xf32(x[4 * j:4 * j + 4], v)
elif TARGET == "mixed":
    @proc
    def copy8(x: f32[8]):
        v: f32[8] @ AVX2
        mm256_loadu_ps(v, x[0:8])
        mm256_storeu_ps(x[0:8], v)
        w: f32[4] @ Neon
        neon_vld_4xf32(w, x[0:4])
        neon_vst_4xf32(x[0:4], w)
else:
    @proc
    def copy8(x: f32[8]):
        for i in seq(0, 8):
            x[i] = x[i]
EOF_PY
printf '[[kernel]]\nsource = "kern.py"\n' > "$p/arch/k.toml"
a="$p/arch"
"$exocc" build "$a/k.toml" -o "$a/out" --no-cache --targets portable,neon,avx2
check "every variant is written, whatever the architecture" test -f "$a/out/k_neon.c" -a -f "$a/out/k_avx2.c" -a -f "$a/out/k_portable.c"
check "the neon variant is compiled for AArch64 only" \
    sh -c "grep -qx '#if defined(__aarch64__)' '$a/out/k_neon.c' && grep -qx 'typedef int k_neon_is_for_aarch64_only;' '$a/out/k_neon.c'"
check "the avx2 variant for x86 only" grep -qx '#if defined(__x86_64__) || defined(__i386__)' "$a/out/k_avx2.c"
check "the portable variant everywhere" test "$(grep -cE '^#if defined\(__(x86_64|aarch64)__\)' "$a/out/k_portable.c")" = 0
# The dispatch's sections in order, each with its targets: x86, AArch64, the others.
check "each architecture dispatches among its own targets and the portable ones, a target for it first" \
    test "$(grep -E '^(#(if|elif|else|endif)|static const char \*const exo_target_names\[)' "$a/out/k.c" | tr '\n' '|')" = \
'#if defined(__x86_64__) || defined(__i386__)|static const char *const exo_target_names[2] = { "avx2", "portable" };|#elif defined(__aarch64__)|static const char *const exo_target_names[2] = { "neon", "portable" };|#else|static const char *const exo_target_names[1] = { "portable" };|#endif|'
check "on x86 every file compiles with no ISA flags, and the neon variant to nothing" \
    sh -c "cd '$a/out' && cc -std=c11 -O2 -c k.c k_avx2.c k_portable.c k_neon.c && ! nm k_neon.o | grep -q copy8"
"$exocc" build "$a/k.toml" -o "$a/noportable" --no-cache --targets avx2,neon
check "without a portable target, other architectures get a compile error" \
    grep -qx '#error "k: none of the targets the library was built for (avx2, neon) is for this architecture"' "$a/noportable/k.c"
"$exocc" build "$a/k.toml" -o "$a/bad" --no-cache --targets mixed 2>"$p/e7.log"
check "one variant using two architectures' memories is refused" \
    grep -q "a library cannot use memories of two architectures: AVX2 (x86) and Neon (aarch64)" "$p/e7.log"
mkdir -p "$p/badarch"
sed 's/class ODD(AVX2):/class ODD(AVX2):\n    target_arch = "arm"/; s/    target_features = "avx2"//' "$p/mem/kern.py" > "$p/badarch/kern.py"
cp "$p/mem/k.toml" "$p/badarch/"
"$exocc" build "$p/badarch/k.toml" -o "$p/badarch/out" --no-cache --targets t 2>"$p/e8.log"
check "an unknown target_arch is refused, naming the known ones" \
    grep -q "ODD.target_arch must be one of \"x86\", \"aarch64\" (or None), got 'arm'" "$p/e8.log"

# --- --features: every function, every target ------------------------------------------
"$exocc" build "$p/k.toml" -o "$p/nofeat" --cache-dir "$work/cache" 2>/dev/null   # cached without features
"$exocc" build "$p/k.toml" -o "$p/feat" --cache-dir "$work/cache" --features fma,avx2,fma -v 2>"$p/feat.log"
check "--features marks every function, even a plain one, sorted and once" test "$(mark "$p/feat/k.c" plain)" = 'EXO_TARGET("avx2,fma")'
check "... and is part of the cache key" grep -q ': not cached' "$p/feat.log"
"$exocc" build "$p/k.toml" -o "$p/feat2" --cache-dir "$work/cache" --features avx2,fma -v 2>"$p/feat2.log"
check "... (the same features, in another order, are the same key)" grep -q ': cached' "$p/feat2.log"
"$exocc" build "$a/k.toml" -o "$a/feat" --no-cache --targets avx2,portable --features f16c
check "with --targets every variant needs them and the dispatch tests them" \
    sh -c "grep -q 'return __builtin_cpu_supports(\"f16c\");' '$a/feat/k.c' && grep -qx 'EXO_TARGET(\"f16c\")' '$a/feat/k_portable.c' && grep -qx 'EXO_TARGET(\"avx2,f16c\")' '$a/feat/k_avx2.c'"
"$exocc" vendor "$p/k.toml" --dir "$p/vfeat" --no-cache --features fma
check "the vendored record names them, and how to regenerate" \
    sh -c "grep -qx 'features: fma' '$p/vfeat/k.exo-vendor' && grep -q -- '--features fma' '$p/vfeat/k.exo-vendor'"
check "... a check with other features finds the copies stale" \
    sh -c "! '$exocc' vendor '$p/k.toml' --dir '$p/vfeat' --no-cache --features fma,f16c --check >/dev/null"
check "--list-outputs takes --features, which name no other files" \
    test "$("$exocc" --list-outputs "$a/k.toml" --targets avx2,neon --features fma | tr '\n' ' ')" = "k.c k.h k_avx2.c k_neon.c k.d "
"$exocc" build "$a/k.toml" -o "$a/bad" --no-cache --targets avx2,neon --features fma 2>"$p/e9.log"
check "--features with targets of two architectures is refused" \
    grep -q "error: --features fma applies to every target, but targets 'avx2' (x86) and 'neon' (aarch64) are for different architectures" "$p/e9.log"
"$exocc" build "$a/k.toml" -o "$a/bad" --no-cache --targets neon,neon2,portable --features dotprod 2>"$p/e10.log"
check "an AArch64 variant that needs features is refused (no test for them there)" \
    grep -q "error: target 'neon' needs the target features dotprod on aarch64, which the dispatch tests only on x86" "$p/e10.log"
check "... and nothing is written" test ! -e "$a/bad"
"$exocc" build "$p/k.toml" -o "$p/bad" --features 'avx2,"x' 2>"$p/e11.log"; rc=$?
check "a feature name that is none is a usage error" \
    sh -c "[ $rc = 2 ] && grep -q \"argument --features: '\\\"x' is not a target feature name\" '$p/e11.log'"
finish
