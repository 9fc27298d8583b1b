"""Times `replace` of AVX2 instructions into a vector loop interleaved by 1, 2, 4 and 8:
the pattern of ExoBLAS's level-1 kernels (vectorize, interleave with a recursive tail,
then replace every statement by the instruction that fits it), written here with
exocc's bundled stdlib and exo.platforms.x86.

Each interleave level divides the trip count again, so the window bounds at the calls
hold nested quotients (`32 * (n / 8 % 8 / 4) + 64 * (n / 64) + ...`). exocc's call-site
check of each replaced instruction once grew exponentially with them (32.9 s at
factor 8); see docs/scheduling.md.

Run: build/exocc run bench/replace_interleave.py [FACTOR...] [--max-cpu SECONDS]
With --max-cpu, exits 1 when a factor takes more CPU time than that (ctest uses it),
or when a vector loop was left unreplaced."""
from __future__ import annotations

import sys
import time

from exo import DRAM, proc
from exo.platforms.x86 import AVX2, mm256_add_ps, mm256_loadu_ps, mm256_storeu_ps
from exo.stdlib.scheduling import simplify
from exo.stdlib.stdlib import cleanup, hoist_from_loop, interleave_loop, replace_all_stmts, vectorize


@proc
def vadd(n: size, x: [f32][n] @ DRAM, y: [f32][n] @ DRAM):
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, n):
        y[i] += x[i]


def schedule(p, factor):
    loop = p.find_loop("i")
    p, (loop,) = vectorize(p, loop, 8, "f32", AVX2, tail="cut", rc=True)
    p, (_, loop) = hoist_from_loop(p, loop, rc=True)
    p = interleave_loop(p, loop, factor, par_reduce=True, memory=AVX2, tail="recursive")
    p = cleanup(p)
    p = replace_all_stmts(p, [mm256_loadu_ps, mm256_storeu_ps, mm256_add_ps])
    return simplify(p)


def main(argv):
    max_cpu = None
    factors = []
    i = 0
    while i < len(argv):
        if argv[i] == "--max-cpu":
            max_cpu = float(argv[i + 1])
            i += 1
        else:
            factors.append(int(argv[i]))
        i += 1
    ok = True
    for factor in factors or [1, 2, 4, 8]:
        start = time.process_time()
        scheduled = schedule(vadd, factor)
        spent = time.process_time() - start
        text = str(scheduled)
        # Only the scalar tail (n % 8 elements) may stay a loop over `ii`.
        left = text.count("for ii in seq(0, 8)")
        print(f"interleave {factor}: {spent:.2f} s cpu, {text.count('mm256_')} instruction calls, "
              f"{left} vector loops left")
        if max_cpu is not None and (spent > max_cpu or left):
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
