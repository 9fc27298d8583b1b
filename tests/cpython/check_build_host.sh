#!/usr/bin/env bash
# `exocc build` with the CPython host: a kernel that imports sympy builds cold (with
# sympy's files in the depfile) and warm (cached, no Python run); a kernel both hosts
# can run gives byte-identical C and headers from each; in the embedded host, the
# sympy kernel fails with an error that says how to select the CPython host.
set -euo pipefail
exocc=$1
here=$(cd "$(dirname "$0")/build" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here"/*.py "$here"/*.toml "$work"/
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$exocc" build cpython_only.toml -o cold --cache-dir cache -v 2> cold.log || { cat cold.log; fail "cold CPython build"; }
grep -q "not cached" cold.log || fail "the cold build was cached"
grep -q "sympy/__init__.py" cold/cpython_only.d || fail "sympy is not in the depfile"
grep -q "for ii in seq(0, 4)" cold/cpython_only.c || grep -q "ii < 4" cold/cpython_only.c || fail "the schedule's sympy factor is not in the C"
"$exocc" build cpython_only.toml -o warm --cache-dir cache -v 2> warm.log || { cat warm.log; fail "warm CPython build"; }
grep -q ": cached" warm.log || { cat warm.log; fail "the warm build was not cached"; }
cmp cold/cpython_only.c warm/cpython_only.c || fail "warm C differs from cold"

"$exocc" build both.toml -o embedded --no-cache
"$exocc" build both.toml -o cpython --no-cache --host python3
for f in both.c both.h; do cmp "embedded/$f" "cpython/$f" || fail "$f differs between the hosts"; done
# The inspection outputs and -v's phase times come back from the CPython child as from
# the embedded one (the same framed answer): the same trace, dump and verification.
"$exocc" build both.toml -o embedded-inspect --no-cache --ir-dump --trace --verify
"$exocc" build both.toml -o cpython-inspect --no-cache --host python3 --ir-dump --trace --verify -v 2> inspect.log ||
    { cat inspect.log; fail "CPython build with --ir-dump --trace --verify"; }
for f in both.ir.txt both.trace.txt both.verify.txt; do
    cmp "embedded-inspect/$f" "cpython-inspect/$f" || fail "$f differs between the hosts"
done
grep -q "^proc axpy_split of kernel 1 (both.py): OK" cpython-inspect/both.verify.txt || fail "the CPython build's procs were not verified"
grep -qE "both.py\): built in .*schedule [0-9.]+ m?s, checks [0-9.]+ m?s" inspect.log || { cat inspect.log; fail "-v: no phase times from the CPython child"; }
grep -qE "checks 0\.0 ms" inspect.log && { cat inspect.log; fail "-v: the CPython child's checks took no time"; }

if "$exocc" build cpython_only.toml -o embedded2 --no-cache --host embedded 2> emb.log; then
    fail "the embedded host ran a kernel that imports sympy"
fi
grep -q "No module named .sympy." emb.log && grep -q "host = \"python3\"" emb.log || { cat emb.log; fail "the embedded host's error does not say how to select the CPython host"; }
# The environment rule holds in the CPython host: the kernel's own reads need declaring
# (sympy's own reads of undeclared variables do not), and a declared one is seen.
if WIDTH=8 "$exocc" build env_undeclared.toml -o env1 --no-cache 2> env1.log; then
    fail "an undeclared variable was read in the CPython host"
fi
grep -q "the environment variable 'WIDTH' is not declared in env_undeclared.toml" env1.log || { cat env1.log; fail "undeclared read: wrong error"; }
WIDTH=8 "$exocc" build env_declared.toml -o env2 --no-cache 2> env2.log || { cat env2.log; fail "declared read"; }
grep -q "x\[7\]\|i < 8" env2/env_declared.c || fail "the declared variable did not reach the kernel"
# The kernel's check level reaches the CPython child: load_pfx.py's replace needs the
# upstream level (tests/cli/check_levels).
cp "$here/../../cli/check_levels/load_pfx.py" .
printf '[library]\nhost = "python3"\nchecks = "%s"\n\n[[kernel]]\nsource = "load_pfx.py"\n' upstream > lp_up.toml
printf '[library]\nhost = "python3"\nchecks = "%s"\n\n[[kernel]]\nsource = "load_pfx.py"\n' strict > lp_strict.toml
"$exocc" build lp_up.toml -o lp_up --no-cache 2> lp_up.log || { cat lp_up.log; fail "checks = upstream in the CPython host"; }
grep -q "exocc: warning: replace: .*Could not verify assertion m <= 8" lp_up.log || { cat lp_up.log; fail "no upstream-level warning"; }
if "$exocc" build lp_strict.toml -o lp_strict --no-cache 2> lp_strict.log; then
    fail "checks = strict in the CPython host accepted the unverified replace"
fi
echo "cpython build host: OK"
