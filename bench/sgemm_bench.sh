#!/usr/bin/env bash
# examples/sgemm against OpenBLAS (libopenblas-dev, installed here if missing), one thread
# each, n = 256 ... 2048, plus the AVX-512 micro-kernel against the measured FMA peak.
# OpenBLAS's core type and L2 size are left for it to detect: this machine's environment
# sets OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, which force a slower kernel, so they are
# unset for the benchmark process only; a second run sets the core type to Haswell to
# compare the AVX2 variant with OpenBLAS's AVX2 kernel. The GEMMs are the dispatched
# library of `--targets avx512,avx2`, so the AVX2 one is genuine AVX2 code (until
# 2026-12 this script compiled both with -march=native, which let the "AVX2" GEMM use
# AVX-512VL encodings and 32 vector registers: about 4% faster, and not runnable on
# an AVX2-only CPU).
# Usage: bench/sgemm_bench.sh [build/exocc] [seconds per measurement, default 1] [sizes...]
set -eu
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exocc="${1:-$here/build/exocc}"
budget="${2:-1}"
if ! dpkg-query -W -f='${Status}' libopenblas-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libopenblas-dev >/dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The micro-kernels, public in upstream's build of the file; the GEMMs through the
# dispatch of the multi-target build, compiled as examples/CMakeLists.txt compiles it:
# -O3 and no ISA flags (each variant's functions carry their target features).
"$exocc" "$here/examples/sgemm/sgemm.py" -o "$work"
"$exocc" build "$here/examples/sgemm/sgemm.toml" -o "$work/dispatch" --targets avx512,avx2 --no-cache
objects=()
for c in "$work"/dispatch/*.c; do
  cc -std=c11 -O3 -c -o "${c%.c}.o" "$c"
  objects+=("${c%.c}.o")
done
cc -std=c11 -O3 -march=native -I "$work" -o "$work/bench" "$here/bench/sgemm_bench.c" "$work/sgemm.c" "${objects[@]}" \
  -lopenblas -lm
env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 "$work/bench" "$budget" "${@:3}"
# The AVX2 variant once more, against OpenBLAS's own AVX2 kernel (its Haswell core), so
# that it is also compared with a kernel for the same instruction set.
echo
echo "The AVX2 variant against OpenBLAS's AVX2 kernel:"
env -u OPENBLAS_L2_SIZE OPENBLAS_CORETYPE=Haswell OPENBLAS_NUM_THREADS=1 "$work/bench" --avx2 "$budget" "${@:3}"
