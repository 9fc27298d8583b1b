"""Times a long schedule of a matrix multiplication under exocc: each primitive, then the
whole schedule, best of N runs. Run: build/exocc run bench/sched_bench.py [runs]

Upstream Exo (Python) would run the same file unchanged where it is installed (it needs
z3-solver, pysmt, yapf and asdl from PyPI); `python3 bench/sched_bench.py` then prints
its figures for the ratio."""
from __future__ import annotations

import sys
import time

from exo import proc
from exo.stdlib.scheduling import *


@proc
def sgemm(M: size, N: size, K: size, A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assert M % 64 == 0
    assert N % 64 == 0
    assert K % 64 == 0
    for i in seq(0, M):
        for j in seq(0, N):
            for k in seq(0, K):
                C[i, j] += A[i, k] * B[k, j]


STEPS = [
    ("divide_loop i", lambda p: divide_loop(p, "i", 16, ["io", "ii"], perfect=True)),
    ("divide_loop j", lambda p: divide_loop(p, "j", 16, ["jo", "ji"], perfect=True)),
    ("divide_loop k", lambda p: divide_loop(p, "k", 8, ["ko", "ki"], perfect=True)),
    ("reorder_loops ii jo", lambda p: reorder_loops(p, "ii jo")),
    ("reorder_loops ji ko", lambda p: reorder_loops(p, "ji ko")),
    ("reorder_loops ii ko", lambda p: reorder_loops(p, "ii ko")),
    ("simplify", lambda p: simplify(p)),
    ("divide_loop ki", lambda p: divide_loop(p, "ki", 4, ["kio", "kii"], perfect=True)),
    ("unroll_loop kii", lambda p: unroll_loop(p, "kii")),
    ("simplify", lambda p: simplify(p)),
]


def run_once():
    p = sgemm
    times = []
    for name, step in STEPS:
        t0 = time.perf_counter()
        p = step(p)
        times.append(time.perf_counter() - t0)
    return p, times


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    best = first = None
    for _ in range(runs):
        p, times = run_once()
        first = first or times
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    # The first run pays for every solver query; later ones hit the query cache.
    print(f"{'primitive':24s} {'first run':>10s} {'best':>10s}")
    for (name, _), t0, t in zip(STEPS, first, best):
        print(f"{name:24s} {t0 * 1000:7.2f} ms {t * 1000:7.2f} ms")
    print(f"{'whole schedule':24s} {sum(first) * 1000:7.2f} ms {sum(best) * 1000:7.2f} ms "
          f"({len(STEPS)} primitives, {runs} runs)")


main()
