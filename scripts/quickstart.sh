#!/usr/bin/env bash
# One entry point for a fresh Debian machine and for CI.
#   scripts/quickstart.sh run    install what is missing, build exocc, run the example program
#   scripts/quickstart.sh test   install what is missing, build exocc and its tests, run them all
# Installs missing system packages with apt-get (non-interactive); quick when all are present.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-run}"
build="${EXOCC_BUILD_DIR:-$here/build}"

"$here/scripts/setup.sh"

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2

case "$mode" in
  run)
    "$build/exocc" run "$here/examples/hello.py"
    ;;
  test)
    (cd "$build" && ctest -j2 --output-on-failure)
    # The Meson build must build and pass the same suites.
    meson_build="${EXOCC_MESON_BUILD_DIR:-$here/build-meson}"
    if [ ! -d "$meson_build" ]; then meson setup "$meson_build" "$here" >/dev/null; fi
    meson compile -C "$meson_build" -j 2
    meson test -C "$meson_build" --num-processes 2 --print-errorlogs
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
