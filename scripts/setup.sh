#!/usr/bin/env bash
# Installs the Debian packages exocc needs to build and test, if any are missing.
# Idempotent and quick when everything is present.
set -euo pipefail
# libpng-dev: `exocc test`'s PIL subset reads and writes PNG files through libpng.
# tmux: the interactive-session test (tests/cli/check_repl.sh) drives a terminal with it.
# nginx-light: the remote cache test (tests/build/check_remote_cache.sh) serves WebDAV with it.
# python3-dev: the CPython host (the _exo extension module, C API: no binding library);
# numpy, pytest and sympy: its tests, run with the real packages (docs/cpython-host.md).
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user: the multi-architecture dispatch
# test cross-builds for AArch64 and runs the result (tests/integration/isa/cross.sh).
# git, xz-utils: `meson dist` in the Meson vendoring test (tests/integration/meson/run_dist.sh).
packages=(g++ make cmake ninja-build meson pkg-config libz3-dev libtomlplusplus-dev catch2 python3 libpng-dev tmux nginx-light
          python3-dev python3-numpy python3-pytest python3-sympy
          gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user git xz-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
