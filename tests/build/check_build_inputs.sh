#!/usr/bin/env bash
# `exocc build` sees exactly its declared inputs and says which kernel failed:
#  - a module added where an import looked and found nothing (a shadowing module on the
#    search path) invalidates the cache entry (issue 23, item 1);
#  - the solver library is part of the tool the depfile names (item 1);
#  - two kernels sharing procs (instructions of one hardware library) emit them once, and
#    two different procs with one name are an error naming both (item 2);
#  - os.environ holds the declared variables only, which key the cache and the vendor
#    digest; an undeclared one is an error naming the manifest key (item 5);
#  - a failing kernel is named with its manifest line, its traceback shows the user's
#    frames only, and sys.exit() in a schedule fails the build with a message (item 18).
# Usage: check_build_inputs.sh EXOCC
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# --- item 1: negative import lookups are inputs -------------------------------------
p="$work/shadow"
mkdir -p "$p/lib" "$p/vendor"
write_scale_kernel "$p"
echo 'K = 2.0' > "$p/vendor/consts.py"
printf '[library]\nsearch_path = ["lib", "vendor"]\n[[kernel]]\nsource = "kern.py"\n' > "$p/k.toml"
"$exocc" build "$p/k.toml" -o "$p/out1" --cache-dir "$work/cache1" -v 2>"$p/1.log"
check "shadow: first build uses vendor/consts.py" grep -q "2.0f" "$p/out1/k.c"
# A module earlier on the search path now shadows the one found before.
echo 'K = 7.0' > "$p/lib/consts.py"
rm -rf "$p/out1"
"$exocc" build "$p/k.toml" -o "$p/out2" --cache-dir "$work/cache1" -v 2>"$p/2.log"
check "shadow: the new module invalidates the cache entry" grep -q "lib/consts.py changed" "$p/2.log"
check "shadow: output uses the shadowing module" grep -q "7.0f" "$p/out2/k.c"
check "depfile names the solver library" grep -q "libz3" "$p/out2/k.d"
# Another build of the solver library (here: the same one with another build-id) is
# another tool: entries made with the first are not used.
z3="$(grep -o '/[^ ]*libz3[^ ]*' "$p/out2/k.d" | head -1)"
mkdir -p "$work/other-z3"
python3 - "$z3" "$work/other-z3/$(basename "$z3")" <<'EOF_PY'
import subprocess, sys
src, dst = sys.argv[1:]
notes = subprocess.run(["readelf", "-n", src], capture_output=True, text=True).stdout
build_id = bytes.fromhex(notes.split("Build ID:")[1].split()[0])
data = open(src, "rb").read()
assert data.count(build_id) == 1
open(dst, "wb").write(data.replace(build_id, bytes(b ^ 0xff for b in build_id)))
EOF_PY
LD_LIBRARY_PATH="$work/other-z3" "$exocc" build "$p/k.toml" -o "$p/out-z3" --cache-dir "$work/cache1" -v 2>"$p/z3.log"
check "another solver build misses the cache" grep -q ": not cached" "$p/z3.log"
check "... and is the solver the depfile names" grep -q "other-z3/libz3" "$p/out-z3/k.d"
"$exocc" build "$p/k.toml" -o "$p/out3" --cache-dir "$work/cache1" -v 2>"$p/3.log"
check "shadow: unchanged inputs hit the cache again" grep -q ": cached" "$p/3.log"

# --- item 2: procs shared between kernels --------------------------------------------
p="$work/shared"
mkdir -p "$p"
for name in copy_a copy_b; do
    cat > "$p/$name.py" <<EOF
from __future__ import annotations
from exo import *
from exo.platforms.x86 import mm256_loadu_ps, mm256_storeu_ps, AVX2

@proc
def $name(x: f32[8], y: f32[8]):
    v: f32[8] @ AVX2
    mm256_loadu_ps(v[0:8], x[0:8])
    mm256_storeu_ps(y[0:8], v[0:8])
EOF
done
printf '[[kernel]]\nsource = "copy_a.py"\n\n[[kernel]]\nsource = "copy_b.py"\n' > "$p/k.toml"
for mode in cold warm; do
    "$exocc" build "$p/k.toml" -o "$p/out-$mode" --cache-dir "$work/cache2" 2>"$p/$mode.log"
    check "shared instructions ($mode): build succeeds" test $? = 0
    check "shared instructions ($mode): emitted once" \
        test "$(grep -c '^mm256_loadu_ps(dst,src)$' "$p/out-$mode/k.c" 2>/dev/null)" = 1
done
check "shared instructions: both kernels exported" grep -q "copy_b" "$p/out-cold/k.h"
# Two different helpers with one name.
for side in a b; do
    cat > "$p/help_$side.py" <<EOF
from __future__ import annotations
from exo import *

@proc
def helper(x: f32[4]):
    for i in seq(0, 4):
        x[i] = $([ $side = a ] && echo 1.0 || echo 2.0)

@proc
def top_$side(x: f32[4]):
    helper(x)
EOF
done
printf '[[kernel]]\nsource = "help_a.py"\n\n[[kernel]]\nsource = "help_b.py"\n' > "$p/clash.toml"
"$exocc" build "$p/clash.toml" -o "$p/out-clash" --no-cache 2>"$p/clash.log"
check "clashing procs: exit 1" test $? = 1
check "clashing procs: names the second [[kernel]]" grep -q "clash.toml:4:1: error: .*helper" "$p/clash.log"
check "clashing procs: names both definitions" grep -q "help_a.py:5.*help_b.py:5\|help_b.py:5.*help_a.py:5" "$p/clash.log"
check "clashing procs: names the first [[kernel]]" grep -q "clash.toml:1:1" "$p/clash.log"
check "clashing procs: nothing written" test ! -e "$p/out-clash"

# --- item 5: the environment is a declared input -------------------------------------
p="$work/env"
mkdir -p "$p"
cat > "$p/kern.py" <<'EOF'
from __future__ import annotations
import os
from exo import *

W = int(os.environ.get("W", "4"))

@proc
def fill(x: f32[W]):
    for i in seq(0, W):
        x[i] = 0.0
EOF
printf '[library]\nenv = ["W"]\n[[kernel]]\nsource = "kern.py"\n' > "$p/k.toml"
W=16 "$exocc" build "$p/k.toml" -o "$p/out16" --cache-dir "$work/cache5" 2>"$p/16.log"
check "env: a declared variable is visible" grep -q "i < 16;" "$p/out16/k.c"
W=32 "$exocc" build "$p/k.toml" -o "$p/out32" --cache-dir "$work/cache5" -v 2>"$p/32.log"
check "env: a declared variable keys the cache" grep -q "i < 32;" "$p/out32/k.c"
env -u W "$exocc" build "$p/k.toml" -o "$p/out-unset" --cache-dir "$work/cache5" 2>"$p/unset.log"
check "env: an unset declared variable is absent" grep -q "i < 4;" "$p/out-unset/k.c"
W=16 "$exocc" vendor "$p/k.toml" --dir "$p/vendor" --no-cache
W=32 "$exocc" vendor "$p/k.toml" --dir "$p/vendor" --check --no-cache >"$p/vendor-check.txt"
check "env: a declared variable is part of the vendor digest" grep -q "^+input-digest" "$p/vendor-check.txt"
printf '[[kernel]]\nsource = "kern.py"\n' > "$p/undeclared.toml"
W=16 "$exocc" build "$p/undeclared.toml" -o "$p/out-undeclared" --no-cache 2>"$p/undeclared.log"
check "env: an undeclared variable fails the build" test $? = 1
check "env: the error names the variable and the key" grep -q "'W' is not declared.*env = \[\"W\"\]" "$p/undeclared.log"
check "env: the error points at the user's line" grep -q 'kern.py", line 5' "$p/undeclared.log"
printf '[[kernel]]\nsource = "kern.py"\nenv = ["W"]\n' > "$p/per-kernel.toml"
W=8 "$exocc" build "$p/per-kernel.toml" -o "$p/out-kernel" --no-cache 2>"$p/kernel.log"
check "env: a [[kernel]] may declare it" grep -q "i < 8;" "$p/out-kernel/per-kernel.c"
printf '[[kernel]]\nsource = "kern.py"\nenv = ["1W"]\n' > "$p/bad-name.toml"
"$exocc" build "$p/bad-name.toml" -o "$p/out-bad" --no-cache 2>"$p/bad-name.log"
check "env: a malformed variable name is a manifest error" grep -q "bad-name.toml:3:7: error: 'env': '1W' is not an environment variable name" "$p/bad-name.log"
# Outside `exocc build`, the environment is the real one.
printf 'import os\nprint(os.environ["EXOCC_PROBE"], os.getenv("EXOCC_PROBE"))\n' > "$p/show.py"
check "env: exocc run sees the environment" test "$(EXOCC_PROBE=yes "$exocc" run "$p/show.py")" = "yes yes"
W=8 "$exocc" "$p/kern.py" -o "$p/out-cli" 2>"$p/cli.log"
check "env: exocc FILE.py -o DIR sees the environment" grep -q "i < 8;" "$p/out-cli/kern.c"
mkdir -p "$p/tests"
printf 'import os\ndef test_env():\n    assert os.environ["EXOCC_PROBE"] == "yes"\n' > "$p/tests/test_env.py"
check "env: exocc test sees the environment" bash -c "EXOCC_PROBE=yes '$exocc' test '$p/tests/test_env.py' | grep -q '1 passed'"

# --- item 18: errors name the kernel; user frames only; sys.exit ----------------------
p="$work/fail"
mkdir -p "$p/sched"
cat > "$p/algo.py" <<'EOF'
from __future__ import annotations
from exo import *

@proc
def copy(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] = x[i]
EOF
cat > "$p/sched/s.py" <<'EOF'
import sys

from exo.API_scheduling import divide_loop

def broken(p, **params):
    return helper(p)

def helper(p):
    return divide_loop(p, "i", 4, ["io", "ii"], tail="bogus")

def leave(p, **params):
    sys.exit(3)
EOF
printf '[[kernel]]\nobject = "algo.py"\n\n[[kernel]]\nobject = "algo.py"\nschedule = "sched/s.py:broken"\n' > "$p/k.toml"
"$exocc" build "$p/k.toml" -o "$p/out" --no-cache 2>"$p/err.log"
check "failing kernel: exit 1" test $? = 1
check "failing kernel: first line names the [[kernel]]" \
    bash -c "head -1 '$p/err.log' | grep -q '^.*k.toml:4:1: error: in kernel algo.py'"
check "failing kernel: the user's frames are shown" grep -q 's.py", line 9, in helper' "$p/err.log"
check "failing kernel: exocc's frames are not" bash -c "! grep -q '_exocc_build.py\|exo/API' '$p/err.log'"
check "failing kernel: the exception is shown" grep -q "^ValueError: argument 4, 'tail' to divide_loop" "$p/err.log"
printf '[[kernel]]\nobject = "algo.py"\nschedule = "sched/s.py:leave"\n' > "$p/exit.toml"
"$exocc" build "$p/exit.toml" -o "$p/out-exit" --no-cache 2>"$p/exit.log"
check "sys.exit in a schedule: exit 1" test $? = 1
check "sys.exit in a schedule: says what happened" grep -q "exit.toml:1:1: error: in kernel algo.py: the kernel called sys.exit(3)" "$p/exit.log"
sed -i 's/sys.exit(3)/sys.exit()/' "$p/sched/s.py"
"$exocc" build "$p/exit.toml" -o "$p/out-exit0" --no-cache 2>"$p/exit0.log"
check "sys.exit() with no status still fails the build" test $? = 1 -a ! -e "$p/out-exit0"

finish
