#!/usr/bin/env bash
# One entry point for a fresh Debian machine and for CI.
#   scripts/quickstart.sh run    install what is missing, build exocc and the examples (through
#                                exo_add_kernel), run them and examples/hello.py
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
    for example in matmul conv1d blur2d cursors halide_blur sgemm avx2_matmul; do
      # sgemm and avx2_matmul are built on x86-64 only; their drivers skip what the CPU
      # cannot run
      if [ -x "$build/examples/example_$example" ]; then "$build/examples/example_$example"; fi
    done
    ;;
  test)
    (cd "$build" && ctest -j2 --output-on-failure)
    # The Meson build must build and pass the same suites. It builds exocc the way Meson
    # users get it: as the subproject of tests/integration/meson's consumer project, with
    # exocc's own tests on; then `meson test` there and the Meson integration checks.
    # EXOCC_MESON_CROSS_TEST=1 adds the simulated cross build (a second build of exocc).
    meson_build="${EXOCC_MESON_BUILD_DIR:-$here/build-meson}"
    meson_cross=()
    if [ "${EXOCC_MESON_CROSS_TEST:-0}" = 1 ]; then meson_cross=(--cross); fi
    "$here/tests/integration/meson/run.sh" --subproject "$here" --exocc-tests \
      --workdir "$meson_build" "${meson_cross[@]}"
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
