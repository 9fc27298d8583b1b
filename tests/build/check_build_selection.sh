#!/usr/bin/env bash
# `exocc build --target NAME --param K=V` (docs/manifest.md, "Targets and overrides"):
# targets and overrides change what the kernels see, are part of the cache key and of
# the vendored record; bad ones are errors that write nothing. `exocc --list-outputs`
# prints what build and vendor write. `-v` says per kernel whether it was cached and
# where a built kernel's time went; on a terminal a status line shows the progress.
# Usage: check_build_selection.sh EXOCC
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"
cp -r "$here/../integration/cmake/features/kernels" "$work/k"
m="$work/k/tune.toml"
unset EXO_REMOTE_CACHE
export EXO_CACHE_DIR="$work/cache"
loop_to() { grep -q "i < $2; i++" "$1/tune.c"; }   # loop_to OUTDIR N: the loop's bound

# Targets and overrides reach the kernel.
"$exocc" build "$m" -o "$work/host" 2>"$work/err" && check "default (host): the manifest's N" loop_to "$work/host" 4
"$exocc" build "$m" -o "$work/wide" --target wide && check "--target wide: the target's N" loop_to "$work/wide" 8
"$exocc" build "$m" -o "$work/n6" --param N=6 && check "--param N=6" loop_to "$work/n6" 6
"$exocc" build "$m" -o "$work/wide5" --target=wide --param=N=5 && check "--param over --target" loop_to "$work/wide5" 5
"$exocc" build "$m" -o "$work/named" --param NAME=tune_other && check "--param NAME=tune_other: a string" grep -q 'void tune_other(' "$work/named/tune.h"
"$exocc" build "$m" -o "$work/scale" --param SCALE=3.5 && check "--param SCALE=3.5: a float" grep -q '3\.5f' "$work/scale/tune.c"
"$exocc" build "$m" -o "$work/scale2" --param SCALE=3 && check "--param SCALE=3: an integer for a float" grep -q '3\.0f' "$work/scale2/tune.c"
# A manifest without [target] tables builds for any target; its scripts see the name.
cat >"$work/k/any.py" <<'EOT'
from __future__ import annotations
from exo import *
from exo.build import target
N = 8 if target == "big" else 4
@proc
def any_target(x: f32[8]):
    for i in seq(0, N):
        x[i] = 0.0
EOT
printf '[[kernel]]\nsource = "any.py"\n' >"$work/k/any.toml"
"$exocc" build "$work/k/any.toml" -o "$work/any" -v 2>"$work/any1.log"
"$exocc" build "$work/k/any.toml" -o "$work/any-big" --target big -v 2>"$work/any2.log"
check "no [target] tables: any target, exo.build.target as given" \
    eval "grep -q 'i < 4;' '$work/any/any.c' && grep -q 'i < 8;' '$work/any-big/any.c'"
check "the target is part of the cache key" grep -q 'kernel 1 (any.py): not cached' "$work/any2.log"
"$exocc" build "$m" -o "$work/n6b" --param N=6 -v 2>"$work/n6.log"
check "an override is part of the cache key (and hits when repeated)" grep -q 'kernel 1 (tune.py): cached' "$work/n6.log"
check "... with the same output" cmp "$work/n6/tune.c" "$work/n6b/tune.c"

# Bad selections: an error naming what is wrong, nothing written.
bad() {  # bad NAME STATUS MESSAGE ARGS...: exits STATUS, says MESSAGE, writes nothing
    local name="$1" status="$2" msg="$3"; shift 3
    rm -rf "$work/bad"
    "$exocc" build "$m" -o "$work/bad" "$@" >"$work/bad.out" 2>"$work/bad.err"
    local rc=$?
    check "$name: exit $status" test $rc = "$status"
    check "$name: the message" grep -qF -- "$msg" "$work/bad.err"
    check "$name: nothing written" test ! -e "$work/bad"
}
bad "undeclared target" 1 "exocc: error: --target narrow: tune.toml declares no target 'narrow' (its targets: wide; 'host' is always one)" --target narrow
bad "unknown param" 1 "exocc: error: --param WIDTH=3: tune.toml has no param 'WIDTH' (its params: N, NAME, SCALE)" --param WIDTH=3
bad "another kind" 1 "exocc: error: --param N=wide: tune.toml gives 'N' an integer, not a string" --param N=wide
bad "not NAME=VALUE" 2 "exocc: error: argument --param: 'N' is not NAME=VALUE" --param N
bad "not an identifier" 2 "exocc: error: argument --param: param name '1N' is not an identifier" --param 1N=3
printf '[[kernel]]\nsource = "tune.py"\n[target.wide]\nflags = 1\n' >"$work/k/badtarget.toml"
"$exocc" build "$work/k/badtarget.toml" -o "$work/bad" 2>"$work/bad.err"
check "an unknown key in [target.NAME]: its location" \
    grep -qF "badtarget.toml:4:1: error: unknown key 'flags' in [target.wide] (expected one of: params)" "$work/bad.err"

# Vendoring records the selection; a check with another selection fails.
"$exocc" vendor "$m" --dir "$work/v" --param SCALE=3 --target wide
check "vendor: the record names the target and the overrides" \
    eval "grep -qx 'target: wide' '$work/v/tune.exo-vendor' && grep -qx 'param: SCALE=3' '$work/v/tune.exo-vendor'"
check "vendor: and the command that regenerates them" \
    grep -qF 'exocc vendor tune.toml --dir <this directory> --target wide --param SCALE=3`' "$work/v/tune.exo-vendor"
check "vendor --check with the same selection passes" "$exocc" vendor "$m" --dir "$work/v" --check --param SCALE=3 --target wide
"$exocc" vendor "$m" --dir "$work/v" --check --target wide >"$work/check.out"
check "vendor --check without the override fails" test $? = 1
check "... saying how to regenerate" grep -qF "regenerate them with \`exocc vendor $m --dir $work/v --target wide\`" "$work/check.out"
"$exocc" vendor "$m" --dir "$work/v0"
check "vendor: the default selection adds nothing to the record" eval "! grep -q '^target:\\|^param:' '$work/v0/tune.exo-vendor'"

# --list-outputs.
check "--list-outputs: bare names" diff <(printf '%s\n' tune.c tune.h tune.d) <("$exocc" --list-outputs "$m")
check "--list-outputs -o DIR --stem S" diff <(printf '%s\n' out/s.c out/s.h out/s.d) <("$exocc" --list-outputs "$m" -o out --stem s)
check "--list-outputs --vendor DIR" diff <(printf '%s\n' v/tune.c v/tune.h v/tune.exo-vendor) <("$exocc" --list-outputs "$m" --vendor v)
check "--list-outputs: exactly what build wrote" diff <(ls "$work/wide") <("$exocc" --list-outputs "$m" --target wide | sort)
check "--list-outputs: exactly what vendor wrote" diff <(ls "$work/v") <("$exocc" --list-outputs "$m" --vendor "$work/v" | xargs -n1 basename | sort)
"$exocc" --list-outputs "$work/k/badtarget.toml" >"$work/list.out" 2>"$work/list.err"
check "--list-outputs: a bad manifest is an error with its location, nothing listed" \
    eval "[ $? = 1 ] && [ ! -s '$work/list.out' ] && grep -q 'badtarget.toml:4:1: error' '$work/list.err'"
"$exocc" --list-outputs "$m" --target narrow >"$work/list.out" 2>"$work/list.err"
check "--list-outputs: an undeclared target is an error" eval "[ $? = 1 ] && grep -q \"declares no target 'narrow'\" '$work/list.err'"
"$exocc" --list-outputs "$m" -o a --vendor b >"$work/list.out" 2>"$work/list.err"
check "--list-outputs: -o and --vendor together are refused" eval "[ $? = 2 ] && grep -q 'not allowed with -o' '$work/list.err'"
# --list-outputs names the variants of --targets and the inspection outputs, as build writes them.
"$exocc" build "$m" -o "$work/multi" --targets host,wide
check "--list-outputs --targets: the dispatch, the header, one C file per target, the depfile" \
    diff <(printf '%s\n' out/tune.c out/tune.h out/tune_host.c out/tune_wide.c out/tune.d) <("$exocc" --list-outputs "$m" -o out --targets host,wide)
check "--list-outputs --targets: exactly what build wrote" diff <(ls "$work/multi") <("$exocc" --list-outputs "$m" --targets host,wide | sort)
check "--list-outputs --targets --vendor DIR" \
    diff <(printf '%s\n' v/tune.c v/tune.h v/tune_host.c v/tune_wide.c v/tune.exo-vendor) <("$exocc" --list-outputs "$m" --vendor v --targets host,wide)
"$exocc" build "$m" -o "$work/inspect" --ir-dump --trace --verify
check "--list-outputs --ir-dump --trace --verify: exactly what build wrote" \
    diff <(ls "$work/inspect") <("$exocc" --list-outputs "$m" --ir-dump --trace --verify | sort)
check "--list-outputs --trace: the trace after the depfile" \
    diff <(printf '%s\n' tune.c tune.h tune.d tune.trace.txt) <("$exocc" --list-outputs "$m" --trace)

# --targets with [target.NAME] tables: each variant gets its target's params.
check "--targets host,wide: the host variant has the manifest's N" grep -q 'i < 4;' "$work/multi/tune_host.c"
check "--targets host,wide: the wide variant has the target's N" grep -q 'i < 8;' "$work/multi/tune_wide.c"
"$exocc" build "$m" -o "$work/multi5" --targets host,wide --param N=5
check "--targets with --param: the override over each target's params" \
    eval "grep -q 'i < 5;' '$work/multi5/tune_host.c' && grep -q 'i < 5;' '$work/multi5/tune_wide.c'"
"$exocc" build "$m" -o "$work/multi-bad" --targets host,narrow 2>"$work/multi.err"
check "--targets: a target the manifest does not declare is an error, nothing written" \
    eval "[ $? = 1 ] && [ ! -e '$work/multi-bad' ] && grep -q \"^exocc: error: --targets: narrow: tune.toml declares no target 'narrow'\" '$work/multi.err'"
"$exocc" build "$m" -o "$work/multi-bad" --targets host,wide --target wide 2>"$work/multi.err"
check "--target with --targets is a usage error" \
    eval "[ $? = 2 ] && [ ! -e '$work/multi-bad' ] && grep -q 'argument --target: not with --targets' '$work/multi.err'"

# -v: per kernel, cached or built and where the time went. The project's kernels, and
# one whose schedule is a primitive (replace) that warns under the upstream check level.
p="$work/project"
cp -r "$here/project" "$p"
cp "$here/../cli/check_levels/load_pfx.py" "$p/"
printf '[[kernel]]\nsource = "load_pfx.py"\nchecks = "upstream"\n' >>"$p/kernels.toml"
"$exocc" build "$p/kernels.toml" -o "$work/vout" --cache-dir "$work/vcache" -v 2>"$work/v1.log"
phases='built in [0-9.]+ m?s: parse [0-9.]+ m?s, schedule [0-9.]+ m?s, checks [0-9.]+ m?s, C generation [0-9.]+ m?s, other [0-9.]+ m?s$'
check "-v, cold: each kernel's phases" test "$(grep -cE "^exocc: kernel [0-9] \([a-z_.]+\): $phases" "$work/v1.log")" = 4
check "-v: the library's C generation and the total" grep -qE '^exocc: C generation of the library: [0-9.]+ m?s; total [0-9.]+ m?s$' "$work/v1.log"
check "-v: a kernel scheduled with a primitive spent time scheduling and checking" \
    grep -qE 'kernel 4 \(load_pfx.py\): built .* schedule [0-9.]*[1-9][0-9.]* m?s, checks [0-9.]*[1-9][0-9.]* m?s' "$work/v1.log"
check "-v: every kernel spent time parsing" test "$(grep -cE ': built .* parse [0-9.]*[1-9][0-9.]* m?s' "$work/v1.log")" = 4
check "-v: a kernel's phases add up to no more than its time" \
    awk '/: built in / { t = $7 * ($8 == "s:" ? 1000 : 1); s = 0
           for (i = 9; i <= NF; i++) if ($i ~ /^[0-9.]+$/) s += $i * ($(i + 1) ~ /^s/ ? 1000 : 1)
           if (s > t + 1) bad = 1 } END { exit bad }' "$work/v1.log"
"$exocc" build "$p/kernels.toml" -o "$work/vout" --cache-dir "$work/vcache" -v 2>"$work/v2.log"
check "-v, warm: each kernel cached, with its time" test "$(grep -cE '^exocc: kernel [0-9] \([a-z_.]+\): cached, [0-9.]+ m?s$' "$work/v2.log")" = 4

# The status line: on a terminal only, rewritten per kernel, erased before other output.
on_tty() { script -qec "$1" /dev/null; }
on_tty "'$exocc' build '$p/kernels.toml' -o '$work/tty' --no-cache" >"$work/tty.log" 2>&1
check "a terminal shows [i/n] per kernel" eval "grep -q '\[1/4\] kernel 1 (single.py)' '$work/tty.log' && grep -q '\[4/4\] kernel 4 (load_pfx.py)' '$work/tty.log'"
check "... erasing it before a kernel's warning" grep -qaP '\r\e\[Kexocc: warning: replace:' "$work/tty.log"
check "... and the last one erased (here by the kernel's own output)" grep -qaPz '\[4/4\] kernel 4 \(load_pfx.py\)\r\e\[Kexocc: warning' "$work/tty.log"
on_tty "'$exocc' build '$here/project/kernels.toml' -o '$work/tty2' --no-cache" >"$work/tty2.log" 2>&1
check "... or at the end" cmp <(tail -c 4 "$work/tty2.log") <(printf '\r\033[K')
"$exocc" build "$p/kernels.toml" -o "$work/notty" --no-cache 2>"$work/notty.log"
check "not a terminal: no status line" eval "! grep -q '\[1/4\]' '$work/notty.log' && ! grep -qP '\r' '$work/notty.log'"
check "... the warning is there as before" grep -q '^exocc: warning: replace:' "$work/notty.log"
finish
