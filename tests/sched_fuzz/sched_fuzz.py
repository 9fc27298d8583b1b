"""Soundness fuzzer for scheduling primitives.

Generates small random procs, applies random sequences of primitives (a rejected
rewrite is fine: that is the safety check working), compiles the original and every
accepted result to C, runs both on the same pseudo-random inputs and compares all
outputs exactly. Inputs are small integers stored as floats, and the kernels only add
and multiply, so every correct schedule gives bit-identical results.

    build/exocc run tests/sched_fuzz/sched_fuzz.py [--seeds A:B] [--steps K] [--keep DIR] [--progress]

Prints one line per mismatch (seed, the schedule, the two procs) and a summary. A
mismatching seed becomes a regression program under tests/exo/programs.
"""
from __future__ import annotations

import os.path
import re
import sys

import _host
from _exocc_compile import _load_module
from exo import compile_procs_to_strings
from exo.stdlib.scheduling import *
from exo.rewrite.LoopIR_unification import UnificationError
from exo.frontend.parse_fragment import ParseFragmentError

N, M = 8, 6

# ----------------------------------------------------------------------------- randomness


class Rng:
    """A linear congruential generator: deterministic across runs and machines (and
    within exocc's 64-bit ints)."""

    def __init__(self, seed):
        self.s = (seed * 7919 + 12345) % 2147483648

    def next(self):
        self.s = (self.s * 1103515245 + 12345) % 2147483648
        return self.s >> 4

    def randint(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

    def choice(self, items):
        return items[self.randint(0, len(items) - 1)]


# ----------------------------------------------------------------------------- procs

# Loop nests over x: f32[N], y: f32[N], z: f32[N, M] and acc: f32, with dependences of
# every kind (none, forward, loop-carried, reductions, guards) for the checks to judge.
SNIPPETS = [
    ["for i in seq(0, N):", "    y[i] = x[i] * 2.0 + y[i]"],
    ["for i in seq(0, N - 1):", "    y[i] = x[i] + x[i + 1]"],
    ["for i in seq(1, N):", "    x[i] = x[i - 1] + y[i]"],
    ["for i in seq(0, N):", "    acc += x[i] * y[i]"],
    ["for i in seq(0, N):", "    x[i] = y[i] + 1.0", "    y[i] = x[i] * 3.0"],
    ["for i in seq(0, N - 1):", "    x[i + 1] = y[i]", "    y[i] = x[i]"],
    ["for i in seq(0, N):", "    for j in seq(0, M):", "        z[i, j] = x[i] * y[j]"],
    ["for i in seq(1, N):", "    for j in seq(0, M - 1):", "        z[i, j] = z[i - 1, j + 1] + 1.0"],
    ["for i in seq(0, N):", "    for j in seq(0, M):", "        z[i, j] += x[i]", "        acc += z[i, j]"],
    ["for i in seq(0, N):", "    if i < 5:", "        y[i] = x[i] + 2.0", "    else:", "        y[i] = x[i]"],
    ["for i in seq(0, N):", "    for j in seq(0, M):", "        if i > 0:", "            z[i, j] = z[i - 1, j] + 1.0"],
    ["acc = 0.0", "for i in seq(0, N):", "    acc += y[i]"],
    ["for i in seq(0, N):", "    t: f32", "    t = x[i] * x[i]", "    y[i] = t + acc"],
    # temporaries dead at the start of each iteration (lift_alloc / sink_alloc may move
    # them), and one that carries a value from one iteration to the next
    ["for i in seq(0, N):", "    w: f32[M]", "    for j in seq(0, M):", "        w[j] = z[i, j]",
     "    for j in seq(0, M - 1):", "        z[i, j] = w[j + 1] + x[i]"],
    ["for i in seq(0, N):", "    u: f32", "    if i < 4:", "        u = x[i]", "    else:", "        u = y[i]",
     "    y[i] = u * 2.0"],
    ["v: f32[2]", "for i in seq(0, N):", "    if i == 0:", "        v[1] = 0.0", "    v[0] = x[i]", "    v[1] += v[0]",
     "    y[i] = v[1]"],
    # temporaries written by calls: wholly each iteration (movable), or only in part
    # after a first whole write (a value carries from iteration 0)
    ["for i in seq(0, N):", "    w: f32[M]", "    copy_row(w[0:M], z[i, 0:M])", "    for j in seq(0, M - 1):",
     "        z[i, j] = w[j + 1] + x[i]"],
    ["w: f32[M]", "for i in seq(0, N):", "    if i == 0:", "        copy_row(w[0:M], z[0, 0:M])",
     "    copy_half(w[0:M], z[i, 0:M])", "    for j in seq(0, M):", "        y[i] += w[j]"],
    # a window statement, a reduction from zero with a constant factor, nested sums
    ["for i in seq(0, N):", "    zr = z[i, 0:M]", "    for j in seq(0, M):", "        zr[j] = zr[j] + x[i]"],
    ["acc = 0.0", "for i in seq(0, N):", "    acc += 2.0 * x[i]"],
    ["for i in seq(0, N):", "    y[i] = x[i] + (y[i] + 1.0)"],
    # the same memory under two names: a window made before the block (stage_mem,
    # bind_expr, merge_writes, split_write must see that xw is x), windows made inside a
    # loop and written through, a window variable passed to a call
    ["xa = x[0:N]", "for i in seq(0, N):", "    x[i] = y[i] + 1.0", "    y[i] = xa[i] * 2.0"],
    ["ya = y[0:N]", "for i in seq(0, N):", "    y[i] = x[i] * 2.0", "    ya[i] = 5.0", "    y[i] += x[i] * 2.0"],
    ["xb = x[0:N]", "for i in seq(0, N):", "    x[i] = y[i]", "    x[i] = xb[i] + y[i]"],
    ["for i in seq(0, N):", "    xr = x[i:i + 1]", "    xr[0] = xr[0] * 2.0 + y[i]"],
    ["for i in seq(0, N):", "    zr = z[i, 0:M]", "    copy_row(zr, y[0:M])"],
    ["yc = y[0:M]", "copy_half(yc, z[1, 0:M])", "for i in seq(0, M):", "    x[i] += yc[i]"],
    # accumulators that do not start at zero: a constant, a value read from memory
    ["acc = 1.0", "for i in seq(0, N):", "    acc += 2.0 * x[i]"],
    ["acc = y[0]", "for i in seq(0, N):", "    acc += 3.0 * x[i]"],
    ["y[1] = 0.0", "yd = y[0:N]", "for i in seq(0, N):", "    y[1] += 2.0 * x[i]", "    yd[1] += 2.0 * x[i]"],
    # config state: written once and read in a loop, or written again every iteration
    ["Cfg.s = 3.0", "for i in seq(0, N):", "    y[i] = x[i] * Cfg.s"],
    ["for i in seq(0, N):", "    Cfg.s = 2.0", "    y[i] = Cfg.s + y[i]"],
]

# The procs the snippets call, and the config some snippets read and write.
CALLEES = f"""@config
class Cfg:
    s: f32


@proc
def copy_row(dst: [f32][{M}], src: [f32][{M}]):
    for k in seq(0, {M}):
        dst[k] = src[k]


@proc
def copy_half(dst: [f32][{M}], src: [f32][{M}]):
    for k in seq(0, {M // 2}):
        dst[k] = src[k] * 2.0


"""


def proc_source(rng, name, symbolic):
    """With `symbolic`, the length is a size argument n (at least M, as the snippets
    need) instead of N."""
    lines = []
    for k in range(rng.randint(1, 3)):
        # a snippet chosen twice binds its window names twice: number them
        lines.extend(re.sub(r"\b(xa|ya|xb|yc|yd)\b", rf"\g<1>{k}", line) for line in rng.choice(SNIPPETS))
    n = "n" if symbolic else str(N)
    body = "\n".join("    " + line.replace("N", n).replace("M", str(M)) for line in lines)
    if symbolic:
        return (f"@proc\ndef {name}(n: size, x: f32[n], y: f32[n], z: f32[n, {M}], acc: f32):\n"
                f"    assert n >= {M}\n{body}\n")
    return f"@proc\ndef {name}(x: f32[{N}], y: f32[{N}], z: f32[{N}, {M}], acc: f32):\n{body}\n"


# ----------------------------------------------------------------------------- schedules


def loops(p):
    try:
        return p.find("for _ in _: _", many=True)
    except SchedulingError:
        return []


def stmts(p):
    out = []
    for pat in ["_ = _", "_ += _", "for _ in _: _", "if _: _"]:
        try:
            out.extend(p.find(pat, many=True))
        except SchedulingError:
            pass
    return out


last_kind = None  # the kind of step random_step last tried (reported with an internal error)


def random_step(rng, p, callees, cfg):
    """One primitive with random arguments (`callees`: the procs a snippet may call,
    `cfg`: its config): (description, new proc); may raise."""
    kind = rng.randint(0, 45)
    global last_kind
    last_kind = kind
    ls = loops(p)
    ss = stmts(p)
    all_allocs = _finds(p, "_ : _")
    tensor_allocs = [a for a in all_allocs if a.is_tensor()]
    assigns = _finds(p, "_ = _")
    if kind == 0 and ls:
        loop = rng.choice(ls)
        q = rng.choice([2, 3, 4])
        tail = rng.choice(["guard", "cut", "cut_and_guard"])
        name = loop.name()
        return f"divide_loop({name}, {q}, {tail})", divide_loop(p, loop, q, [name + "o", name + "i"], tail=tail)
    if kind == 1 and ls:
        loop = rng.choice(ls)
        return f"reorder_loops({loop.name()})", reorder_loops(p, loop)
    if kind == 2 and ss:
        s = rng.choice(ss)
        return f"fission(after {s.__class__.__name__})", fission(p, s.after(), n_lifts=rng.randint(1, 2))
    if kind == 3 and ls:
        loop = rng.choice(ls)
        return f"unroll_loop({loop.name()})", unroll_loop(p, loop)
    if kind == 4 and ls:
        loop = rng.choice(ls)
        k = rng.randint(0, 6)
        return f"cut_loop({loop.name()}, lo + {k})", cut_loop(p, loop, FormattedExprStr(f"_ + {k}", loop.lo()))
    if kind == 5 and ls:
        loop = rng.choice(ls)
        k = rng.randint(0, 5)
        return f"shift_loop({loop.name()}, {k})", shift_loop(p, loop, k)
    if kind == 6 and ss:
        s = rng.choice(ss)
        if isinstance(s, (ForCursor, IfCursor)):
            return "lift_scope", lift_scope(p, s)
    if kind == 7 and len(ls) >= 2:
        a = rng.choice(ls)
        b = a.next()
        if isinstance(b, ForCursor):
            return f"fuse({a.name()}, {b.name()})", fuse(p, a, b)
    if kind == 8:
        return "simplify", simplify(p)
    if kind == 9 and ls:
        loop = rng.choice(ls)
        return f"remove_loop({loop.name()})", remove_loop(p, loop)
    if kind == 10 and ss:
        s = rng.choice(ss)
        k = rng.randint(1, 3)
        return f"add_loop(k{k})", add_loop(p, s, "k", k)
    if kind == 11 and ss:
        s = rng.choice(ss)
        n = s.next()
        if n:
            return "reorder_stmts", reorder_stmts(p, s.expand(0, 1))
    if kind == 12 and len(ls) >= 2:
        a = rng.choice(ls)
        b = a.next()
        if isinstance(b, ForCursor):
            return "join_loops", join_loops(p, a, b)
    if kind == 13 and ls:
        loop = rng.choice(ls)
        return "mult_loops", mult_loops(p, loop, "m")
    if kind == 14:
        exprs = _finds(p, "_ * _") + _finds(p, "_ + _")
        if exprs:
            e = rng.choice(exprs)
            return "bind_expr", bind_expr(p, e, "b")
    if kind == 15:
        exprs = _finds(p, "_ * _") + _finds(p, "_ + _")
        if exprs:
            return "commute_expr", commute_expr(p, [rng.choice(exprs)])
    if kind == 16:
        if all_allocs:
            return "lift_alloc", lift_alloc(p, rng.choice(all_allocs))
    if kind == 17:
        if all_allocs:
            return "sink_alloc", sink_alloc(p, rng.choice(all_allocs))
    if kind == 18 and ls:
        loop = rng.choice(ls)
        buf, n = rng.choice([("x", N), ("y", N)])
        lo = rng.randint(0, 3)
        hi = rng.randint(lo + 1, n)
        return (f"stage_mem({loop.name()}, {buf}[{lo}:{hi}])",
                stage_mem(p, loop, f"{buf}[{lo}:{hi}]", "s", accum=rng.choice([False, True])))
    if kind == 19:
        if all_allocs and ls:
            return "expand_dim", expand_dim(p, rng.choice(all_allocs), N, rng.randint(0, N - 1))
    if kind == 20 and ss:
        s = rng.choice(ss)
        buf = rng.choice(["x", "y"])
        k = rng.randint(0, N - 1)
        return f"stage_mem({buf}[{k}])", stage_mem(p, s, f"{buf}[{k}]", "s")
    if kind == 21 and tensor_allocs:
        a = rng.choice(tensor_allocs)
        size, off = rng.randint(1, M), rng.randint(0, 2)
        return f"resize_dim({a.name()}, {size}, {off})", resize_dim(p, a, 0, size, off)
    if kind == 22 and tensor_allocs:
        a = rng.choice(tensor_allocs)
        q = rng.choice([2, 3])
        return f"divide_dim({a.name()}, {q})", divide_dim(p, a, 0, q)
    if kind == 23 and tensor_allocs:
        a = rng.choice(tensor_allocs)
        if len(a.shape()) >= 2:
            return f"rearrange_dim({a.name()})", rearrange_dim(p, a, [1, 0] + list(range(2, len(a.shape()))))
        return f"unroll_buffer({a.name()})", unroll_buffer(p, a, 0)
    if kind == 24 and ss:
        s = rng.choice([c for c in ss if isinstance(c, (ForCursor, IfCursor))] or ss)
        return "eliminate_dead_code", eliminate_dead_code(p, s)
    if kind == 25:
        if assigns:
            return "inline_assign", inline_assign(p, rng.choice(assigns))
    if kind == 26 and ss:
        s = rng.choice(ss)
        if s.next():
            return "merge_writes", merge_writes(p, s.expand(0, 1))
    if kind == 27:
        if assigns:
            return "fold_into_reduce", fold_into_reduce(p, rng.choice(assigns))
    if kind == 28:
        if len(all_allocs) >= 2:
            a, b = rng.choice(all_allocs), rng.choice(all_allocs)
            return f"reuse_buffer({a.name()}, {b.name()})", reuse_buffer(p, a, b)
    if kind == 29:
        # an index expression replaced by an equal one, or (to be refused) by another
        exprs = _finds(p, "_ + _") + _finds(p, "_ - _")
        exprs = [e for e in exprs if e.type().is_indexable()]
        if exprs:
            e = rng.choice(exprs)
            k = rng.choice([0, 0, 1])
            return f"rewrite_expr(+{k})", rewrite_expr(p, e, FormattedExprStr(f"_ + {k}", e))
    if kind == 30:
        calls = _finds(p, "copy_row(_)") + _finds(p, "copy_half(_)")
        if calls:
            return "inline", inline(p, rng.choice(calls))
    if kind == 31 and ls:
        loop = rng.choice(ls)
        callee = rng.choice(callees)
        return f"replace({callee.name()})", replace(p, loop, callee)
    if kind == 32 and ss and ls:
        s, it = rng.choice(ss), rng.choice(ls).name()
        k = rng.randint(1, N - 1)
        return f"specialize({it} < {k})", specialize(p, s, f"{it} < {k}")
    if kind == 33 and ls:
        loop = rng.choice(ls)
        hi, stride = rng.randint(1, 3), rng.randint(2, 4)
        return (f"divide_with_recompute({loop.name()}, {hi}, {stride})",
                divide_with_recompute(p, loop, str(hi), stride, [loop.name() + "o", loop.name() + "i"]))
    if kind == 34 and ss:
        s = rng.choice(ss)
        if s.next():
            return "lift_reduce_constant", lift_reduce_constant(p, s.expand(0, 1))
    if kind == 35:
        if all_allocs:
            return "delete_buffer", delete_buffer(p, rng.choice(all_allocs))
    if kind == 36:
        windows = _finds(p, "_ = _[_]")
        windows = [w for w in windows if isinstance(w, WindowStmtCursor)]
        if windows:
            return "inline_window", inline_window(p, rng.choice(windows))
    if kind == 37 and ss:
        s = rng.choice(ss)
        q, _sub = extract_subproc(p, s, f"sub{rng.randint(0, 10 ** 6)}")  # one name per proc
        return "extract_subproc", q
    if kind == 38:
        if all_allocs:
            return "autolift_alloc", autolift_alloc(p, rng.choice(all_allocs), 1, keep_dims=rng.choice([False, True]))
    if kind == 39:
        exprs = [e for e in _finds(p, "_ + _") + _finds(p, "_ * _") if isinstance(e.rhs(), BinaryOpCursor)]
        if exprs:
            return "left_reassociate_expr", left_reassociate_expr(p, rng.choice(exprs))
    if kind == 40:
        if assigns:
            return "split_write", split_write(p, rng.choice(assigns))
    if kind == 41 and tensor_allocs:
        a = rng.choice(tensor_allocs)
        if len(a.shape()) >= 2:
            return "mult_dim", mult_dim(p, a, 0, 1)
    if kind == 42 and ss:
        s = rng.choice(ss)
        return "insert_pass", insert_pass(p, s.after())
    if kind == 43:
        reads = [e for e in _finds(p, "x[_]") + _finds(p, "y[_]") + _finds(p, "acc") if isinstance(e, ReadCursor)]
        if reads:
            return "bind_config", bind_config(p, rng.choice(reads), cfg, "s")
    if kind == 44 and ss:
        s = rng.choice(ss)
        rhs = rng.choice(["acc", "2.0", "x[0]"])
        gap = s.after() if rng.randint(0, 1) else s.before()
        return f"write_config({rhs})", write_config(p, gap, cfg, "s", rhs)
    if kind == 45:
        writes = _finds(p, "Cfg.s = _")
        if writes:
            return "delete_config", delete_config(p, rng.choice(writes))
    raise SchedulingError("no applicable step")


def _finds(p, pattern):
    try:
        return p.find(pattern, many=True)
    except SchedulingError:
        return []


# ----------------------------------------------------------------------------- checking

# Runs orig and sched on the same random inputs, for several lengths when the procs take
# one (NARG is "n, " then, and LENGTHS the lengths tried; arrays have room for N).
HARNESS = r"""
#include <stdio.h>
#include <string.h>
#include "lib.h"
static unsigned long long s = 88172645463325252ULL;
static float val(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (float)((long long)(s % 9) - 4); }
int main(void) {
  static const int lengths[] = {LENGTHS};
  for (int trial = 0; trial < 4 * (int)(sizeof lengths / sizeof lengths[0]); ++trial) {
    int n = lengths[trial % (int)(sizeof lengths / sizeof lengths[0])];
    (void)n;
    float x[N], y[N], z[N * M], acc;
    for (int i = 0; i < N; ++i) { x[i] = val(); y[i] = val(); }
    for (int i = 0; i < N * M; ++i) z[i] = val();
    acc = val();
    float x2[N], y2[N], z2[N * M], acc2 = acc;
    memcpy(x2, x, sizeof x); memcpy(y2, y, sizeof y); memcpy(z2, z, sizeof z);
    static char ctxt_orig[4096], ctxt_sched[4096];  /* configs live in the context */
    memset(ctxt_orig, 0, sizeof ctxt_orig);
    memset(ctxt_sched, 0, sizeof ctxt_sched);
    orig((void *)ctxt_orig, NARG x, y, z, &acc);
    sched((void *)ctxt_sched, NARG x2, y2, z2, &acc2);
    if (memcmp(x, x2, sizeof x) || memcmp(y, y2, sizeof y) || memcmp(z, z2, sizeof z) || acc != acc2) {
      printf("MISMATCH trial %d (n = %d)\n", trial, n);
      return 1;
    }
  }
  return 0;
}
"""


def _check_function(k, orig, sched):
    """The harness's comparison of the pair named orig_K / sched_K, as a C function."""
    symbolic = orig.args()[0].name() == "n"
    body = HARNESS[HARNESS.index("int main(void) {"):]
    body = body.replace("int main(void) {", f"static int check_{k}(void) {{")
    body = body.replace("orig(", f"orig_{k}(").replace("sched(", f"sched_{k}(")
    body = body.replace("NARG", "n, " if symbolic else "").replace("LENGTHS", "6, 7, 8" if symbolic else f"{N}")
    return body.replace("N * M", f"{N * M}").replace("[N]", f"[{N}]").replace("i < N", f"i < {N}")


def outputs_agree(pairs, work):
    """Compiles every (seed, orig, sched) of `pairs` into one program and runs it:
    {seed: True (same outputs) | False (a mismatch) | None (no build)} and the output
    of a failed build. One C compiler run serves many seeds; when the batch does not
    build, each pair is built alone to find the one that does not."""
    procs, checks = [], []
    for seed, orig, sched in pairs:
        procs += [rename(orig, f"orig_{seed}"), rename(sched, f"sched_{seed}")]
        checks.append(_check_function(seed, orig, sched))
    try:
        c, h = compile_procs_to_strings(procs, "lib.h")
    except Exception as e:  # a scheduled proc that exocc cannot compile is a bug too
        if len(pairs) == 1:
            return {pairs[0][0]: None}, f"{type(e).__name__}: {e}\n{pairs[0][2]}"
        return _one_by_one(pairs, work)
    _host.write_text(os.path.join(work, "lib.c"), c)
    _host.write_text(os.path.join(work, "lib.h"), h)
    head = HARNESS[:HARNESS.index("int main(void) {")]
    calls = "".join(f'  if (check_{seed}()) printf("seed {seed}\\n");\n' for seed, _, _ in pairs)
    _host.write_text(os.path.join(work, "main.c"), head + "".join(checks) + "int main(void) {\n" + calls + "  return 0;\n}\n")
    status, out = _host.run(["cc", "-O1", "-std=c11", "-w", "-o", "t", "main.c", "lib.c", "-lm"], work)
    if status != 0:
        if len(pairs) == 1:
            return {pairs[0][0]: None}, out
        return _one_by_one(pairs, work)
    status, out = _host.run(["./t"], work)
    bad = {int(line.split()[1]) for line in out.splitlines() if line.startswith("seed ")}
    return {seed: seed not in bad for seed, _, _ in pairs}, ""


def _one_by_one(pairs, work):
    results, outs = {}, []
    for pair in pairs:
        r, out = outputs_agree([pair], work)
        results.update(r)
        if out:
            outs.append(out)
    return results, "\n".join(outs)


def main(argv):
    lo, hi, steps, work = 0, 50, 6, "/tmp/exocc-sched-fuzz"
    progress = False
    i = 0
    while i < len(argv):
        if argv[i] == "--seeds":
            a, b = argv[i + 1].split(":")
            lo, hi = int(a), int(b)
            i += 1
        elif argv[i] == "--steps":
            steps = int(argv[i + 1])
            i += 1
        elif argv[i] == "--progress":
            progress = True
        elif argv[i] == "--keep":
            work = argv[i + 1]
            i += 1
        i += 1
    if _host.stat(work) != "dir":
        _host.mkdir(work)
    tried = accepted = rejected = mismatches = build_failures = 0
    # The callees live in one module that every seed's file imports, so that the procs
    # of many seeds can be compiled together.
    _host.write_text(os.path.join(work, "fuzz_callees.py"), "from __future__ import annotations\nfrom exo import *\n\n" + CALLEES)
    batch, histories = [], {}

    def run_batch():
        nonlocal mismatches, build_failures
        if not batch:
            return
        results, out = outputs_agree(batch, work)
        for seed, orig, sched in batch:
            if results[seed] is None:
                build_failures += 1
                print(f"seed {seed}: build failed after {histories[seed]}\n{out}")
            elif not results[seed]:
                mismatches += 1
                print(f"seed {seed}: MISMATCH after {histories[seed]}\n{orig}\n{sched}")
        batch.clear()

    for seed in range(lo, hi):
        rng = Rng(seed)
        path = os.path.join(work, f"fuzz_{seed}.py")
        _host.write_text(path, "from __future__ import annotations\nfrom exo import *\nfrom fuzz_callees import *\n\n"
                         + proc_source(rng, "kernel", seed % 2 == 1))
        module = _load_module(path)
        orig = module.kernel
        p = orig
        history = []
        for _ in range(steps):
            tried += 1
            try:
                desc, q = random_step(rng, p, [module.copy_row, module.copy_half], module.Cfg)
            except (SchedulingError, InvalidCursorError, UnificationError, ParseFragmentError):
                rejected += 1
                continue
            except (TypeError, ValueError, NotImplementedError) as e:
                # NotImplementedError: upstream's refusal of what a primitive does not
                # handle (lift_reduce_constant of a loop with a config write)
                rejected += 1
                continue
            except RuntimeError as e:  # an internal error (EXOCC_VERIFY_IR: malformed LoopIR)
                build_failures += 1
                print(f"seed {seed}: internal error in step kind {last_kind} after {history}: {e}\n{p}")
                break
            accepted += 1
            history.append(desc)
            p = q
        if not history:
            continue
        histories[seed] = history
        batch.append((seed, orig, p))
        if len(batch) == 40:
            run_batch()
            if progress:  # the figures so far, for long runs that may be stopped
                print(f"progress: seeds {lo}..{seed}: {tried} steps tried, {accepted} accepted, {rejected} rejected; "
                      f"{mismatches} mismatches, {build_failures} build failures", flush=True)
    run_batch()
    print(f"seeds {lo}..{hi - 1}: {tried} steps tried, {accepted} accepted, {rejected} rejected; "
          f"{mismatches} mismatches, {build_failures} build failures")
    return 1 if mismatches or build_failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
