#!/usr/bin/env bash
# The Meson recipe's forms of the CMake features (features/, with the kernels of
# tests/integration/cmake/features): -Dexo_target / -Dexo_params select the target and
# override params (a changed option regenerates); alias_target exo-codegen generates
# and compiles nothing; exo-vendor-update / exo-vendor-check (run_target) over every
# kernel; outputs declared from `exocc --list-outputs` at configure time; the warning of
# a cross build left at exo_target=host.
#
#   run_features.sh EXOCC
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
unset EXO_TARGET EXO_REMOTE_CACHE
export XDG_CACHE_HOME="$work/xdg-cache"
failed=0 passed=0
ok() {  # ok NAME COMMAND...
    local name="$1"; shift
    if "$@" >"$work/ok.log" 2>&1; then passed=$((passed + 1)); echo "ok - $name"
    else failed=$((failed + 1)); echo "not ok - $name"; sed 's/^/#   /' "$work/ok.log" | head -n 30; fi
}
nin() { nice ninja -C "$1" -j 2 "${@:2}" >"$work/ninja.log" 2>&1; }
in_log() { grep -Eq -- "$1" "$work/ninja.log"; }
configure() { meson setup "$@" >"$work/setup.log" 2>&1 || { cat "$work/setup.log"; return 1; }; }
prints() { diff <(echo "$2") <("$1"); }

src="$work/src" b="$work/build"
cp -r "$here/features" "$src"
mkdir -p "$src/kernels"
cp "$here/../cmake/features/kernels/"* "$here/../cmake/features/main.c" "$src/kernels/"
printf "[binaries]\nexocc = '%s'\n" "$exocc" >"$work/native.ini"

ok "meson setup" configure "$b" "$src" --native-file "$work/native.ini"
ok "exo-codegen" nin "$b" exo-codegen
ok "... generated every kernel" test -f "$b/tune.c" -a -f "$b/plain.h"
ok "... compiled nothing" eval "! in_log 'Compiling|Linking'"
ok "build" nin "$b"
ok "the manifest's params" prints "$b/main_tune" "2 4 6 8 5 6 7 8"
ok "-Dexo_target=wide" configure --reconfigure "$b" "$src" --native-file "$work/native.ini" -Dexo_target=wide
ok "... build" nin "$b"
ok "... the target's params" prints "$b/main_tune" "2 4 6 8 10 12 14 16"
ok "-Dexo_target=host -Dexo_params=SCALE=3" configure --reconfigure "$b" "$src" --native-file "$work/native.ini" -Dexo_target=host -Dexo_params=SCALE=3
ok "... build" nin "$b"
ok "... the override" prints "$b/main_tune" "3 6 9 12 5 6 7 8"
ok "... then a no-op" eval "nin '$b' && in_log 'no work to do'"

ok "exo-vendor-check fails before anything is vendored" eval "! nin '$b' exo-vendor-check"
ok "exo-vendor-update" nin "$b" exo-vendor-update
ok "... wrote both kernels, recording the override" \
    eval "[ -f '$src/vendored/tune.c' ] && [ -f '$src/vendored/plain.c' ] && grep -qx 'param: SCALE=3' '$src/vendored/tune.exo-vendor'"
ok "exo-vendor-check passes" nin "$b" exo-vendor-check
ok "-Dexo_params=SCALE=5" configure --reconfigure "$b" "$src" --native-file "$work/native.ini" -Dexo_params=SCALE=5
ok "... exo-vendor-check fails with the diff" eval "! nin '$b' exo-vendor-check && in_log '^\\+param: SCALE=5'"
ok "... meson test --suite vendor fails for tune only" \
    eval "! meson test -C '$b' --suite vendor >'$work/ninja.log' 2>&1 && in_log 'vendor_check_tune +FAIL' && in_log 'vendor_check_plain +OK'"

# (Ninja reads the depfile into its log and removes it.)
ok "--list-outputs declared the outputs, which build" test -f "$b/listed.c" -a -f "$b/listed.h" -a -f "$b/liblisted.a"
ok "... with the depfile it listed" grep -q "DEPFILE = listed.d" "$b/build.ninja"

ok "cross build, exo_target=host: configure" configure "$work/build-cross" "$src" --native-file "$work/native.ini" --cross-file "$here/cross-aarch64.ini"
ok "... warns" grep -q 'WARNING: cross build with exo_target=host' "$work/setup.log"
ok "cross build, exo_target=wide: no warning" \
    eval "configure '$work/build-cross2' '$src' --native-file '$work/native.ini' --cross-file '$here/cross-aarch64.ini' -Dexo_target=wide && ! grep -q 'exo_target=host' '$work/setup.log'"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
