#!/usr/bin/env bash
# Check levels (docs/scheduling.md, "Check levels"): the replace conflict of issue 27 in
# its minimal form (check_levels/load_pfx.py). Strict refuses the replace with the
# unverified assertion; upstream accepts it with a warning that names a counterexample,
# and emits upstream's C. Selected on both command lines and in manifests; part of the
# build cache key.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../build/common.sh" "$1"  # $exocc, the scratch dir $work, check and finish
holds() { check "$1" eval "$2"; }     # holds NAME SHELL-CONDITION
show() { sed 's/^/    | /' "$1"; }

cp "$here/check_levels/load_pfx.py" "$work/load_pfx.py"
cd "$work"

# The upstream-style command line defaults to upstream's checks.
"$exocc" load_pfx.py -o up 2>up.err; rc=$?
show up.err
holds "upstream level: the replace is accepted" "[ $rc -eq 0 ] && [ -f up/load_pfx.c ]"
holds "upstream level: a warning names the primitive and the assertion" \
  "grep -q '^exocc: warning: replace: .*load_pfx.py:[0-9:]*: Could not verify assertion m <= 8 in load_pfx' up.err"
# The counterexample must be one: a value of n for which m = n + 0 <= 8 is false.
n=$(sed -n 's/^ *n = \(-\?[0-9]*\).*/\1/p' up.err | head -1)
holds "upstream level: the counterexample violates the assertion (n = ${n:-none})" "[ -n '$n' ] && [ '$n' -gt 8 ]"
holds "upstream level: each failure is reported once (C generation does not repeat it)" \
  "[ \$(grep -c 'Could not verify assertion' up.err) -eq 1 ]"
# What upstream's compiler emits for an instruction call (LoopIR_compiler.py, Call of an
# instr): each argument in parentheses, a window's _data its buffer element, statements
# of a proc's body unindented. load_pfx.expected.c is the whole file.
holds "upstream level: the call is upstream's" "grep -qxF 'load_pfx((n + 0), y[0], &x[0]);' up/load_pfx.c"
holds "upstream level: the C is upstream's for the minimal form" "diff -u '$here/check_levels/load_pfx.expected.c' up/load_pfx.c"

"$exocc" load_pfx.py -o strict --checks=strict 2>strict.err; rc=$?
show strict.err
holds "strict level: the replace is refused" "[ $rc -ne 0 ] && [ ! -e strict/load_pfx.c ]"
holds "strict level: the message is the effect check's, with the counterexample" \
  "grep -q 'SchedulingError: replace: Errors occurred during effect checking:' strict.err && grep -q 'Could not verify assertion m <= 8 in load_pfx' strict.err && grep -q '^ *n = ' strict.err"
"$exocc" run load_pfx.py 2>run.err; rc=$?
holds "exocc run is strict" "[ $rc -ne 0 ] && grep -q 'Could not verify assertion m <= 8' run.err"
"$exocc" load_pfx.py -o bad --checks=lenient 2>bad.err; rc=$?
holds "a bad --checks is a usage error" "[ $rc -eq 2 ] && grep -q \"invalid choice: 'lenient'\" bad.err"

# Manifests: strict by default, `checks` in [[kernel]] or [library], --checks over both.
kernel='[[kernel]]
source = "load_pfx.py"'
printf '%s\n' "$kernel" > default.toml
"$exocc" build default.toml -o m1 --stem load_pfx --cache-dir cache 2>m1.err; rc=$?
holds "exocc build is strict by default" "[ $rc -ne 0 ] && grep -q 'Could not verify assertion m <= 8' m1.err && [ ! -e m1/load_pfx.c ]"
printf '%s\nchecks = "upstream"\n' "$kernel" > kernel_key.toml
"$exocc" build kernel_key.toml -o m2 --stem load_pfx --cache-dir cache 2>m2.err; rc=$?
show m2.err
holds "[[kernel]] checks = \"upstream\" accepts it with the warning" \
  "[ $rc -eq 0 ] && grep -q '^exocc: warning: replace: .*Could not verify assertion m <= 8' m2.err"
holds "the manifest build's C is the command line's" "cmp -s up/load_pfx.c m2/load_pfx.c"
printf '[library]\nchecks = "upstream"\n\n%s\n' "$kernel" > library_key.toml
"$exocc" build library_key.toml -o m3 --stem load_pfx --no-cache 2>m3.err; rc=$?
holds "[library] checks = \"upstream\" is every kernel's default" "[ $rc -eq 0 ] && grep -q 'warning: replace' m3.err"
printf '[library]\nchecks = "upstream"\n\n%s\nchecks = "strict"\n' "$kernel" > kernel_over_library.toml
"$exocc" build kernel_over_library.toml -o m4 --no-cache 2>/dev/null; rc=$?
holds "a kernel's checks wins over [library]'s" "[ $rc -ne 0 ]"
# Same inputs, other level: the cache must not serve the upstream-level entry.
"$exocc" build kernel_key.toml -o m5 --stem load_pfx --cache-dir cache --checks=strict -v 2>m5.err; rc=$?
holds "--checks=strict wins over the manifest, and the level is in the cache key" \
  "[ $rc -ne 0 ] && grep -q 'not cached' m5.err && grep -q 'Could not verify assertion' m5.err"
"$exocc" build default.toml -o m6 --stem load_pfx --cache-dir cache --checks=upstream -v 2>m6.err; rc=$?
holds "--checks=upstream reuses the entry the upstream-level build made" \
  "[ $rc -eq 0 ] && grep -q ': cached' m6.err && cmp -s up/load_pfx.c m6/load_pfx.c"
printf '%s\nchecks = "lenient"\n' "$kernel" > bad.toml
"$exocc" build bad.toml -o m7 --no-cache 2>m7.err; rc=$?
show m7.err
holds "a bad checks value is an error at its key" \
  "[ $rc -eq 1 ] && grep -q '^bad.toml:3:10: error: .checks. must be \"strict\" or \"upstream\", got .lenient.' m7.err"

# lift_alloc's check of reads that an earlier iteration's write could reach once the
# buffer is shared: exocc's, not upstream's, so the upstream level only warns.
cp "$here/check_levels/lift_uncovered.py" "$work/lift_uncovered.py"
"$exocc" lift_uncovered.py -o lift_up 2>lift_up.err; rc=$?
show lift_up.err
holds "upstream level: lift_alloc proceeds with a warning" \
  "[ $rc -eq 0 ] && grep -q '^exocc: warning: lift_alloc: Cannot move the allocation of t across the loop over i' lift_up.err"
"$exocc" run lift_uncovered.py >lift_strict.out 2>lift_strict.err; rc=$?
holds "strict level: lift_alloc is refused" \
  "[ $rc -ne 0 ] && grep -q 'SchedulingError: lift_alloc: Cannot move the allocation of t across the loop over i' lift_strict.err"
finish
