#!/usr/bin/env bash
# CMake integration, the features beyond one kernel library (features/, a consumer
# project), under Ninja and Unix Makefiles:
# - per-call TARGET and PARAMS, the EXO_TARGET default, and a changed selection
#   regenerating on both generators; the author warning of a cross build left at host;
# - umbrella targets: exo-codegen generates every kernel and compiles nothing;
#   exo-vendor-update and exo-vendor-check over every vendored kernel, the latter
#   failing when a kernel's PARAMS no longer match its vendored copy;
# - JOB_POOL and EXO_JOB_POOL (Ninja pools: two exocc runs in a pool of one never
#   overlap), JOB_SERVER_AWARE accepted (CMake 3.28's option, left out before);
# - exocc --list-outputs at configure time, declaring a hand-written rule's outputs;
# - Ninja Multi-Config: one generation for Debug and Release, no-op rebuilds of either.
#
#   run_features.sh EXOCC_BINARY [BUILD_DIR]
# BUILD_DIR: the configured exocc build tree to `cmake --install` (default: the
# directory of EXOCC_BINARY). KEEP=1 keeps the temporary directory.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
build_dir="$(cd "${2:-$(dirname "$exocc_bin")}" && pwd)"
mkdir -p "${TMPDIR:-/tmp}"
tmp="$(mktemp -d)"
if [ "${KEEP:-0}" = 1 ]; then echo "keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
unset DESTDIR EXO_CACHE_DIR EXO_TARGET EXO_REMOTE_CACHE MAKEFLAGS MFLAGS CMAKE_GENERATOR CMAKE_BUILD_PARALLEL_LEVEL
export LC_ALL=C XDG_CACHE_HOME="$tmp/xdg-cache"

. "$here/../helpers.sh"

ok "cmake --install of the exocc build tree" configure --install "$build_dir" --prefix "$tmp/prefix"
exocc="$tmp/prefix/bin/exocc"
# An exocc that logs when each run starts and ends (nanoseconds), for the pool checks.
cat >"$tmp/logged-exocc" <<EOT
#!/bin/sh
echo "start \$(date +%s%N) \$*" >>"$tmp/runs.log"
"$exocc" "\$@"; rc=\$?
echo "end \$(date +%s%N) \$*" >>"$tmp/runs.log"
exit \$rc
EOT
chmod +x "$tmp/logged-exocc"
# No two logged runs of the pool's kernels (tune_host, tune_wide) overlap: every start
# follows the previous run's end.
serial_runs() {
    grep -E -- '-o [^ ]*/tune_(host|wide)\.exo ' "$tmp/runs.log" >"$tmp/pool-runs.log"
    [ "$(grep -c '^start' "$tmp/pool-runs.log")" = 2 ] &&
        awk '$1 == "start" { if (open) exit 1; open = 1 } $1 == "end" { open = 0 }' "$tmp/pool-runs.log"
}
# The kernels exocc ran for since runs.log was last emptied, by their output directory.
ran_for() { grep -Eo -- '^start [0-9]+ build .* -o [^ ]*/[a-z_]+\.exo ' "$tmp/runs.log" | sed -E 's|.*/([a-z_]+)\.exo $|\1|' | sort | tr '\n' ' '; }
ran_for_is() { [ "$(ran_for)" = "$1" ] || { echo "exocc ran for: $(ran_for), expected: $1"; return 1; }; }

host_out="2 4 6 8 5 6 7 8" wide_out="2 4 6 8 10 12 14 16"
for gen in Ninja "Unix Makefiles"; do
    g="${gen// /}" src="$tmp/src-$g" b="$tmp/build-$g"
    command -v "$([ "$gen" = Ninja ] && echo ninja || echo make)" >/dev/null || { echo "# skipping $gen: not installed"; continue; }
    echo "# --- $gen"
    cp -r "$here/features" "$src"
    rm -f "$tmp/runs.log"
    ok "$g: configure" configure -S "$src" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DWRAPPED_EXOCC="$tmp/logged-exocc"
    ok "$g: the umbrella targets exist" make_it "$b" --target help
    ok "$g: ... exo-codegen, exo-vendor-update, exo-vendor-check" \
        eval "in_log 'exo-codegen' && in_log 'exo-vendor-update' && in_log 'exo-vendor-check'"

    # exo-codegen: every kernel's C, and nothing compiled.
    ok "$g: exo-codegen" make_it "$b" --target exo-codegen
    ok "$g: exo-codegen generated every kernel" \
        test -f "$b/tune_host.exo/tune.c" -a -f "$b/tune_wide.exo/tune.h" -a -f "$b/tune_scaled.exo/tune_scaled.c" -a -f "$b/plain.exo/plain.c"
    ok "$g: exo-codegen compiled and linked nothing" \
        eval "! in_log 'Building C|Linking' && [ -z \"\$(find '$b' -name '*.o' -o -name 'main_*' -type f)\" ]"
    [ "$gen" = Ninja ] && ok "$g: two exocc runs in a pool of one did not overlap" serial_runs

    # TARGET and PARAMS.
    ok "$g: build" make_it "$b"
    ok "$g: the manifest's own params (host)" prints "$b/main_host" "$host_out"
    ok "$g: TARGET wide: the target's params" prints "$b/main_wide" "$wide_out"
    ok "$g: PARAMS SCALE=3 (an integer for a float param)" prints "$b/main_scaled" "3 6 9 12 5 6 7 8"
    ok "$g: the command lines name them" \
        eval "grep -rq -- '--target wide --param NAME=tune_wide' '$b' --include=build.ninja --include=build.make"
    ok "$g: a second build does nothing" eval "make_it '$b' && ! in_log 'exocc: generating|Building C|Linking'"
    ok "$g: -DEXO_TARGET=wide: reconfigure" configure -S "$src" -B "$b" -DEXO_TARGET=wide
    : >"$tmp/runs.log"
    ok "$g: ... build" make_it "$b"
    ok "$g: ... regenerates the kernels without TARGET only" ran_for_is "plain tune_host tune_scaled "
    ok "$g: ... tune_host is built for wide" prints "$b/main_host" "$wide_out"
    ok "$g: ... then nothing to do" eval "make_it '$b' && ! in_log 'exocc: generating|Building C|Linking'"
    ok "$g: -DEXO_TARGET=host -DSCALED_PARAMS=SCALE=4: reconfigure" configure -S "$src" -B "$b" -DEXO_TARGET=host -DSCALED_PARAMS=SCALE=4
    : >"$tmp/runs.log"
    ok "$g: ... build" make_it "$b"
    ok "$g: ... both changed selections are rebuilt" eval "prints '$b/main_host' '$host_out' && prints '$b/main_scaled' '4 8 12 16 5 6 7 8'"
    ok "$g: ... the kernel whose selection stayed is not" ran_for_is "plain tune_host tune_scaled "
    configure -S "$src" -B "$b" -DEXO_TARGET=narrow -DSCALED_PARAMS=SCALE=3
    ok "$g: an undeclared EXO_TARGET fails the build" fails_to_make "$b" --target tune_host
    ok "$g: ... naming the target and the manifest's" in_log "exocc: error: --target narrow: tune.toml declares no target 'narrow' \\(its targets: wide; 'host' is always one\\)"
    configure -S "$src" -B "$b" -DEXO_TARGET=host
    ok "$g: a bad PARAMS entry is a configure error" \
        eval "! cmake -S '$src' -B '$tmp/bad-$g' -G '$gen' -DCMAKE_PREFIX_PATH='$tmp/prefix' -DSCALED_PARAMS=SCALE >'$tmp/bad.log' 2>&1 \
              && grep -q \"exo_add_kernel(tune_scaled): PARAMS entry 'SCALE' is not <name>=<value>\" '$tmp/bad.log'"

    # Vendoring over every kernel.
    ok "$g: build" make_it "$b"
    ok "$g: exo-vendor-check fails before anything is vendored" fails_to_make "$b" --target exo-vendor-check
    ok "$g: exo-vendor-update" make_it "$b" --target exo-vendor-update
    ok "$g: ... wrote every vendored kernel" \
        test -f "$src/vendored/tune.c" -a -f "$src/vendored/tune_scaled.c" -a -f "$src/vendored/plain.exo-vendor"
    ok "$g: ... the record names the overrides" grep -qx 'param: SCALE=3' "$src/vendored/tune_scaled.exo-vendor"
    ok "$g: ... and how to regenerate with them" grep -q 'exocc vendor tune.toml --dir <this directory> --stem tune_scaled --param NAME=tune_scaled --param SCALE=3`' "$src/vendored/tune_scaled.exo-vendor"
    ok "$g: ... the copies are what the build made" cmp "$src/vendored/tune_scaled.c" "$b/tune_scaled.exo/tune_scaled.c"
    ok "$g: exo-vendor-check passes" make_it "$b" --target exo-vendor-check
    ok "$g: -DSCALED_PARAMS=SCALE=5: reconfigure" configure -S "$src" -B "$b" -DSCALED_PARAMS=SCALE=5
    ok "$g: ... exo-vendor-check fails" fails_to_make "$b" --target exo-vendor-check
    ok "$g: ... for the kernel whose params changed, with a diff" \
        eval "in_log 'vendored files in .*vendored are stale' && in_log '^\\+param: SCALE=5' && in_log '^-param: SCALE=3'"
    ok "$g: ... and its CTest check fails too, the others pass" \
        eval "! ctest --test-dir '$b' -R vendor_check >'$tmp/build.log' 2>&1 && in_log 'tune_scaled.vendor_check .*Failed' && in_log 'tune_host.vendor_check .*Passed'"
    configure -S "$src" -B "$b" -DSCALED_PARAMS=SCALE=3
    ok "$g: back to SCALE=3: exo-vendor-check passes" make_it "$b" --target exo-vendor-check

    # --list-outputs, used at configure time.
    ok "$g: --list-outputs gave the three outputs" \
        diff <(printf '%s\n' "$b/listed/listed.c" "$b/listed/listed.h" "$b/listed/listed.d") <(tr ';' '\n' <"$b/listed.txt"; echo)
    ok "$g: ... and the rule declaring them built" test -f "$b/listed/listed.d" -a -f "$b/liblisted.a"
done

# Pools on Ninja: JOB_POOL per call, EXO_JOB_POOL for the rest.
b="$tmp/build-Ninja"
pool_of() { awk -v out="$1" 'index($0, "build " out " ") == 1 { found = 1 } found && /^  pool = / { print $3; exit } found && /^$/ { exit }' "$b/build.ninja"; }
ok "Ninja: JOB_POOL puts the exocc run in the pool" eval "[ \"\$(pool_of 'tune_host.exo/tune.c')\" = exo_serial ]"
ok "Ninja: a kernel without JOB_POOL is in none" eval "[ -z \"\$(pool_of 'plain.exo/plain.c')\" ]"
ok "Ninja: -DEXO_JOB_POOL=exo_serial: reconfigure" configure -S "$tmp/src-Ninja" -B "$b" -DEXO_JOB_POOL=exo_serial
ok "Ninja: ... the kernels without JOB_POOL are in it" eval "[ \"\$(pool_of 'plain.exo/plain.c')\" = exo_serial ]"

# Ninja Multi-Config: the outputs do not depend on the configuration, so one exocc run
# per kernel serves Debug and Release; both link and run, and a no-op build of either
# runs nothing.
b="$tmp/build-multi-config"
ok "Ninja Multi-Config: configure" configure -S "$tmp/src-Ninja" -B "$b" -G "Ninja Multi-Config" \
    -DCMAKE_CONFIGURATION_TYPES="Debug;Release" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DWRAPPED_EXOCC="$tmp/logged-exocc"
: >"$tmp/runs.log"
ok "... build Debug" make_it "$b" --config Debug
ok "... build Release" make_it "$b" --config Release
ok "... exocc ran once per kernel for both" ran_for_is "plain tune_host tune_scaled tune_wide "
ok "... into one directory per kernel, not one per configuration" \
    eval "[ -f '$b/tune_host.exo/tune.c' ] && [ \"\$(cd '$b' && find . -name '*.exo' -type d -not -path './CMakeFiles/*' | sort | tr '\n' ' ')\" = './plain.exo ./tune_host.exo ./tune_scaled.exo ./tune_wide.exo ' ]"
ok "... Debug programs run" eval "prints '$b/Debug/main_host' '$host_out' && prints '$b/Debug/main_wide' '$wide_out'"
ok "... Release programs run" eval "prints '$b/Release/main_host' '$host_out' && prints '$b/Release/main_wide' '$wide_out'"
ok "... and are two builds" eval "! cmp -s '$b/Debug/main_host' '$b/Release/main_host'"
: >"$tmp/runs.log"
ok "... a second Debug build does nothing" eval "make_it '$b' --config Debug && in_log 'no work to do'"
ok "... a second Release build does nothing" eval "make_it '$b' --config Release && in_log 'no work to do'"
ok "... nor runs exocc" ran_for_is ""

# A cross build left at EXO_TARGET=host warns once; naming a target does not.
src="$tmp/src-Ninja" cross=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$here/cross-toolchain.cmake" -DExo_DIR="$tmp/prefix/lib/cmake/Exo")
ok "cross, EXO_TARGET left at host: configure" configure -S "$src" -B "$tmp/build-cross" "${cross[@]}"
# CMake wraps its messages' lines at spaces: compare with the lines joined.
joined_log() { tr -s ' \n' '  ' <"$tmp/configure.log"; }
ok "cross: an author warning, once" eval "[ \$(joined_log | grep -o 'cross-compiling for simulated with EXO_TARGET=host' | wc -l) = 1 ]"
ok "cross: ... saying what to set" eval "joined_log | grep -q 'Set -DEXO_TARGET=<name> (or TARGET on the call)'"
ok "cross, -DEXO_TARGET=wide: configure" configure -S "$src" -B "$tmp/build-cross2" "${cross[@]}" -DEXO_TARGET=wide
ok "cross, -DEXO_TARGET=wide: no warning" eval "! grep -q 'EXO_TARGET=host' '$tmp/configure.log'"
ok "cross, -DEXO_TARGET=cmake: configure" configure -S "$src" -B "$tmp/build-cross4" "${cross[@]}" -DEXO_TARGET=cmake
ok "... no warning" eval "! grep -q 'EXO_TARGET=host' '$tmp/configure.log'"
ok "... the toolchain's processor is the target" grep -q -- '--target simulated' "$tmp/build-cross4/build.ninja"
ok "cross, EXO_TARGET=wide in the environment: configure" env EXO_TARGET=wide cmake -S "$src" -B "$tmp/build-cross3" "${cross[@]}"
ok "... it is the cache variable's default" grep -qx 'EXO_TARGET:STRING=wide' "$tmp/build-cross3/CMakeCache.txt"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
