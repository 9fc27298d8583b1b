"""Where the time of one ExoBLAS kernel file goes under exocc's CPython host: run by
bench/exoblas_compare.sh with EXOBLAS_BREAKDOWN=1, in Debian's python3, with exocc's
CPython-host directory first on sys.path and ExoBLAS's module path after it.

    python3 exoblas_breakdown.py HOST_LIB OUTDIR STEM KERNEL_FILE

Prints one row of CPU seconds: the whole run; importing sympy and ExoBLAS's common
modules (codegen_helpers, which defines the machine's instructions), when the kernel
file imports them; ExoBLAS's own perf-feature counting (get_perf_features, sympy
simplification over the procs' loop bounds), which upstream runs the same way; exocc's
primitives and their checks (its phase clock, which counts steady-clock seconds: the
same as CPU seconds on a quiet machine); and the rest (ExoBLAS's schedule code in
Python, exocc's cursor API, parsing procs, C generation)."""
import contextlib
import io
import os
import sys
import time

host_lib, outdir, stem, kernel = sys.argv[1:5]
sys.path[:1] = [host_lib]
start = time.process_time()
with open(kernel, encoding="utf-8") as f:
    uses_helpers = "codegen_helpers" in f.read()

import _exo


def primitive_seconds():
    """The seconds of exocc's schedule and check phases so far (the phase clock's order,
    generator/ir/phase_times.h: other, parse, schedule, check, codegen)."""
    _, _, schedule, check, _ = (int(x) / 1e6 for x in _exo._phase_times().split())
    return schedule, check


imports = {"sympy": 0.0, "common": 0.0}
perf_features = [0.0]
if uses_helpers:
    t = time.process_time()
    import sympy  # noqa: F401

    imports["sympy"] = time.process_time() - t
    t = time.process_time()
    import codegen_helpers

    imports["common"] = time.process_time() - t
    counted = codegen_helpers.get_perf_features

    def timed_perf_features(proc):
        # less the primitives it runs, which the phase clock charges to exocc
        t, p = time.process_time(), sum(primitive_seconds())
        try:
            return counted(proc)
        finally:
            perf_features[0] += time.process_time() - t - (sum(primitive_seconds()) - p)

    codegen_helpers.get_perf_features = timed_perf_features

from exo._cpython_build import cli

with contextlib.redirect_stdout(io.StringIO()):
    status = cli(["-o", outdir, "--stem", stem, kernel])
total = time.process_time() - start
schedule, check = primitive_seconds()
rest = total - imports["sympy"] - imports["common"] - perf_features[0] - schedule - check
print(f"{total:6.2f} {imports['sympy']:6.2f} {imports['common']:6.2f} {perf_features[0]:6.2f} "
      f"{schedule:6.2f} {check:6.2f} {rest:6.2f}" + ("" if status in (0, None) else f"  (exit {status})"))
