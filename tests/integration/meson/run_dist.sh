#!/usr/bin/env bash
# The Meson vendoring recipe's release tarball (dist/, meson-modules/README.md,
# "Vendoring"): in a git repository holding no generated C, `meson dist` puts the
# vendored C into the tarball (meson.add_dist_script running `exocc vendor`), and the
# unpacked tarball builds and runs with exocc disabled and absent from PATH, compiling
# the vendored C: nothing is regenerated.
#
#   run_dist.sh EXOCC
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
tmp="$(mktemp -d)"
if [ "${KEEP:-0}" = 1 ]; then echo "keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
unset EXO_TARGET EXO_REMOTE_CACHE
export XDG_CACHE_HOME="$tmp/xdg-cache" LC_ALL=C
. "$here/../helpers.sh"
for tool in git xz; do
    command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed (meson dist needs it)"; exit 77; }
done

src="$tmp/exocc_meson_dist" b="$tmp/build"
cp -r "$here/dist" "$src"
mkdir -p "$src/kernels"
cp "$here/../cmake/features/kernels/tune."* "$here/../cmake/features/main.c" "$src/kernels/"
printf "[binaries]\nexocc = '%s'\n" "$exocc" >"$tmp/native.ini"
git_in() { git -C "$src" -c user.name=test -c user.email=test@example.invalid "$@"; }
ok "a git repository without vendored C" eval "git_in init -q && git_in add -A && git_in commit -qm sources && [ ! -e '$src/vendored' ]"
ok "meson setup, with exocc" eval "meson setup '$b' '$src' --native-file '$tmp/native.ini' >'$tmp/build.log' 2>&1"
ok "meson dist" eval "meson dist -C '$b' --no-tests --formats xztar >'$tmp/build.log' 2>&1"
tarball="$b/meson-dist/exocc_meson_dist-1.0.tar.xz"
ok "... the tarball holds the vendored C" \
    eval "tar -tJf '$tarball' | grep -qx 'exocc_meson_dist-1.0/vendored/tune.c' && tar -tJf '$tarball' | grep -qx 'exocc_meson_dist-1.0/vendored/tune.h'"
ok "... and its record" eval "tar -tJf '$tarball' | grep -qx 'exocc_meson_dist-1.0/vendored/tune.exo-vendor'"
ok "... the source tree is untouched" eval "[ ! -e '$src/vendored' ] && [ -z \"\$(git_in status --porcelain)\" ]"

mkdir "$tmp/unpacked"
ok "unpack" tar -xJf "$tarball" -C "$tmp/unpacked"
u="$tmp/unpacked/exocc_meson_dist-1.0" ub="$tmp/build-unpacked"
ok "... the vendored copies are current (exocc vendor --check)" "$exocc" vendor "$u/kernels/tune.toml" --dir "$u/vendored" --check
# No exocc anywhere: not in a native file, not on PATH (its directories holding one
# are left out).
nopath=""
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do [ -x "$d/exocc" ] || nopath="${nopath:+$nopath:}$d"; done
ok "meson setup of the unpacked tarball, exocc disabled, none on PATH" \
    eval "PATH='$nopath' meson setup '$ub' '$u' -Dexocc=disabled >'$tmp/build.log' 2>&1"
ok "... build" eval "PATH='$nopath' ninja -C '$ub' >'$tmp/build.log' 2>&1"
ok "... compiled the vendored C" in_log 'vendored.tune\.c'
ok "... generated nothing (no rule reads the manifest)" eval "! grep -q 'tune\.toml' '$ub/build.ninja'"
ok "... the program runs" prints "$ub/main_tune" "2 4 6 8 5 6 7 8"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
