#!/usr/bin/env bash
# ExoBLAS's own Google-benchmark programs, exo kernels against OpenBLAS's CBLAS in the
# same process, single-threaded:
#
#   bench/exoblas_vs_openblas.sh EXOBLAS_BUILD_DIR [REPETITIONS]
#
# EXOBLAS_BUILD_DIR: a configured and built ExoBLAS preset directory (build/avx512, say;
#   built by exocc's add_exo_library). Runs saxpy, sdot, sgemv and sgemm at a small and
#   a large size and prints, per case, the median time of each side and the ratio
#   OpenBLAS time / exo time (above 1: the exo kernel is faster).
# OpenBLAS reads OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE to pick its kernels; they are
# unset for these runs only, so that it picks what it would on this CPU.
set -euo pipefail
dir=$(cd "$1/test" && pwd); reps=${2:-5}
python=${PYTHON3:-/usr/bin/python3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-10s %-10s %14s %14s %8s\n' kernel size "exo ns" "OpenBLAS ns" ratio
# case PROGRAM EXO_NAME CBLAS_NAME ARGS LABEL
case_() {
    local prog=$1 exo=$2 cblas=$3 args=$4 label=$5
    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 \
        "$dir/$prog" --benchmark_filter="^($exo|$cblas)/$args/" \
        --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
        --benchmark_format=json >"$work/out.json" 2>/dev/null
    "$python" - "$work/out.json" "$exo" "$cblas" "$label" <<'EOF'
import json, sys
out, exo, cblas, label = sys.argv[1:]
med = {}
for b in json.load(open(out))["benchmarks"]:
    if b.get("aggregate_name") == "median":
        med[b["run_name"].split("/")[0]] = b["real_time"]
e, c = med[exo], med[cblas]
print(f"{exo[4:]:<10} {label:<10} {e:14.1f} {c:14.1f} {c / e:8.2f}")
EOF
}
case_ level1/axpy_bench exo_saxpy cblas_saxpy 'N:4096' 4096
case_ level1/axpy_bench exo_saxpy cblas_saxpy 'N:262144' 262144
case_ level1/dot_bench exo_sdot cblas_sdot 'N:4096' 4096
case_ level1/dot_bench exo_sdot cblas_sdot 'N:262144' 262144
case_ level2/gemv_bench exo_sgemv_rm_n cblas_sgemv_rm_n 'M:256/N:256' 256x256
case_ level2/gemv_bench exo_sgemv_rm_n cblas_sgemv_rm_n 'M:1024/N:1024' 1024x1024
case_ level3/gemm_bench exo_sgemm_rm_nn cblas_sgemm_rm_nn 'M:256/N:256/K:256' 256^3
case_ level3/gemm_bench exo_sgemm_rm_nn cblas_sgemm_rm_nn 'M:512/N:512/K:512' 512^3
