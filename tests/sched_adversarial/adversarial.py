"""Schedules that a hostile user would try: each either is refused, or is accepted and
then computes exactly what the original computes (checked by compiling both and running
them on the same inputs, with the scheduling fuzzer's harness). Prints one line per case
(the refusal's exception and message, or that the results agree) and a summary; exits
non-zero on any accepted schedule that changes the results.

    build/exocc run tests/sched_adversarial/adversarial.py [--keep DIR]

Every case uses the fuzzer's signature, x: f32[8], y: f32[8], z: f32[8, 6], acc: f32,
and its callees copy_row / copy_half and config Cfg.
"""
from __future__ import annotations

import os.path
import sys

import _host
from _exocc_compile import _load_module

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sched_fuzz"))
import sched_fuzz  # noqa: E402  (the harness)
from exo.stdlib.scheduling import *  # noqa: E402

L = "for i in seq(0, 8):"

# (name, body lines, schedule(p, m) where m is the case's module)
CASES = [
    # --- stage_mem: the same memory under another name
    ("stage_mem: window made before the block, read in it",
     ["xa = x[0:8]", L, "    x[i] = y[i] + 1.0", "    y[i] = xa[i] * 2.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[0:8]", "xs")),
    ("stage_mem: window made before the block, written in it",
     ["xa = x[0:8]", L, "    xa[i] = y[i]", "    y[i] = x[i] * 2.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[0:8]", "xs")),
    ("stage_mem: the staged window's buffer used directly",
     ["xa = x[0:8]", L, "    xa[i] = y[i]", "    y[i] = x[i] * 2.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "xa[0:8]", "xs")),
    ("stage_mem: block writes only through a window it makes",
     [L, "    xr = x[i:i + 1]", "    xr[0] = xr[0] * 2.0 + 1.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[0:8]", "xs")),
    ("stage_mem: row windows of z written",
     [L, "    zr = z[i, 0:6]", "    for j in seq(0, 6):", "        zr[j] = zr[j] * 2.0 + 1.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "z[0:8, 0:6]", "zs")),
    ("stage_mem: window passed to a call that writes it",
     [L, "    copy_row(z[i, 0:6], y[0:6])"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "z[0:8, 0:6]", "zs")),
    ("stage_mem: window passed to a call that reads it",
     [L, "    copy_row(z[i, 0:6], y[0:6])"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "y[0:6]", "ys")),
    ("stage_mem: window of a window made in the block",
     [L, "    zr = z[i, 0:6]", "    zq = zr[0:3]", "    zq[1] = y[i]"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "z[0:8, 0:6]", "zs")),
    ("stage_mem: a point of a buffer also read through a window",
     ["xa = x[0:8]", L, "    x[2] += y[i]", "    y[i] = xa[2]"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[2]", "x2")),
    ("stage_mem: accumulation with an alias",
     ["xa = x[0:8]", L, "    x[i] += y[i]", "    xa[i] += 1.0"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[0:8]", "xs", accum=True)),
    ("stage_mem: plain staging (must still work)",
     [L, "    x[i] = y[i] + x[i]"],
     lambda p, m: stage_mem(p, p.find_loop("i"), "x[0:8]", "xs")),
    # --- lift_reduce_constant
    ("lift_reduce_constant: starts at 1.0",
     ["acc = 1.0", L, "    acc += 2.0 * x[i]"],
     lambda p, m: lift_reduce_constant(p, p.find("acc = _").expand(0, 1))),
    ("lift_reduce_constant: starts at a value read",
     ["acc = y[0]", L, "    acc += 2.0 * x[i]"],
     lambda p, m: lift_reduce_constant(p, p.find("acc = _").expand(0, 1))),
    ("lift_reduce_constant: starts at 0.0 (valid)",
     ["acc = 0.0", L, "    acc += 2.0 * x[i]"],
     lambda p, m: lift_reduce_constant(p, p.find("acc = _").expand(0, 1))),
    ("lift_reduce_constant: a reduction through an alias",
     ["ya = y[0:8]", "y[1] = 0.0", L, "    y[1] += 2.0 * x[i]", "    ya[1] += x[i]"],
     lambda p, m: lift_reduce_constant(p, p.find("y[1] = _").expand(0, 1))),
    ("lift_reduce_constant: the accumulator read through an alias",
     ["ya = y[0:8]", "y[1] = 0.0", L, "    y[1] += 2.0 * x[i]", "    x[i] = ya[1]"],
     lambda p, m: lift_reduce_constant(p, p.find("y[1] = _").expand(0, 1))),
    ("lift_reduce_constant: the factor written through an alias",
     ["xa = x[0:8]", "acc = 0.0", L, "    acc += x[0] * y[i]", "    xa[0] = y[i]"],
     lambda p, m: lift_reduce_constant(p, p.find("acc = _").expand(0, 1))),
    # --- bind_expr
    ("bind_expr: a write through an alias between the two uses",
     ["xa = x[0:8]", L, "    y[i] = x[i] * 2.0", "    xa[i] = 5.0", "    y[i] += x[i] * 2.0"],
     lambda p, m: bind_expr(p, p.find("x[_] * 2.0", many=True), "b")),
    ("bind_expr: a config write between the two uses",
     ["Cfg.s = 1.0", "y[0] = Cfg.s * 2.0", "Cfg.s = 3.0", "x[0] = Cfg.s * 2.0"],
     lambda p, m: bind_expr(p, p.find("Cfg.s * 2.0", many=True), "b")),
    ("bind_expr: a call writes what it reads between the two uses",
     ["y[0] = z[0, 0] * 2.0", "copy_row(z[0, 0:6], x[0:6])", "y[1] = z[0, 0] * 2.0"],
     lambda p, m: bind_expr(p, p.find("z[_] * 2.0", many=True), "b")),
    ("bind_expr: nothing written between (valid)",
     [L, "    y[i] = x[i] * 2.0", "    z[i, 0] = x[i] * 2.0"],
     lambda p, m: bind_expr(p, p.find("x[_] * 2.0", many=True), "b")),
    # --- merge_writes / split_write / fold_into_reduce
    ("merge_writes: the second reads the first through an alias",
     ["xa = x[0:8]", L, "    x[i] = y[i]", "    x[i] += xa[i]"],
     lambda p, m: merge_writes(p, p.find("x[_] = _").expand(0, 1))),
    ("merge_writes: assignment replaced, reading it through an alias",
     ["xa = x[0:8]", L, "    x[i] = y[i]", "    x[i] = xa[i] + 1.0"],
     lambda p, m: merge_writes(p, p.find("x[_] = _").expand(0, 1))),
    ("merge_writes: assign then reduce (valid)",
     [L, "    x[i] = y[i]", "    x[i] += y[i] * 2.0"],
     lambda p, m: merge_writes(p, p.find("x[_] = _").expand(0, 1))),
    ("split_write: the second operand reads through an alias",
     ["xa = x[0:8]", L, "    x[i] = y[i] + xa[i]"],
     lambda p, m: split_write(p, p.find("x[_] = _"))),
    ("split_write: the second operand reads the buffer",
     [L, "    x[i] = y[i] + x[i]"],
     lambda p, m: split_write(p, p.find("x[_] = _"))),
    ("split_write: independent operands (valid)",
     [L, "    x[i] = y[i] + z[i, 0]"],
     lambda p, m: split_write(p, p.find("x[_] = _"))),
    ("fold_into_reduce: an alias read is not the same access",
     ["xa = x[0:8]", L, "    x[i] = xa[i] + y[i]"],
     lambda p, m: fold_into_reduce(p, p.find("x[_] = _"))),
    # --- inline_assign
    ("inline_assign: the element read later through a window made before",
     ["t: f32[8]", "tw = t[0:8]", L, "    t[i] = x[i]", "    y[i] = tw[i] + 1.0"],
     lambda p, m: inline_assign(p, p.find("t[_] = _"))),
    ("inline_assign: the element read later through a window made after",
     ["t: f32[8]", L, "    t[i] = x[i]", "    tw = t[i:i + 1]", "    y[i] = tw[0] + 1.0"],
     lambda p, m: inline_assign(p, p.find("t[_] = _"))),
    ("inline_assign: what it reads written through an alias before the use",
     ["xa = x[0:8]", L, "    t: f32", "    t = x[i]", "    xa[i] = 5.0", "    y[i] = t"],
     lambda p, m: inline_assign(p, p.find("t = _"))),
    ("inline_assign: what it reads written by a call before the use",
     [L, "    t: f32", "    t = z[i, 0]", "    copy_row(z[i, 0:6], x[0:6])", "    y[i] = t"],
     lambda p, m: inline_assign(p, p.find("t = _"))),
    ("inline_assign: the scalar passed to a call afterwards",
     [L, "    t: f32", "    t = x[i]", "    y[i] = t", "    copy_row(z[i, 0:6], x[0:6])"],
     lambda p, m: inline_assign(p, p.find("t = _"))),
    ("inline_assign: t = 2 * t then read (valid, ExoBLAS's gemm)",
     [L, "    t: f32", "    t = x[i]", "    t = 2.0 * t", "    y[i] = t"],
     lambda p, m: inline_assign(p, p.find("t = 2.0 * _"))),
    ("inline_assign: an argument's element",
     [L, "    x[i] = y[i]", "    z[i, 0] = x[i]"],
     lambda p, m: inline_assign(p, p.find("x[_] = _"))),
    # --- statement and loop moves through aliases
    ("reorder_stmts: a write and a read through an alias",
     ["xa = x[0:8]", "x[0] = y[0]", "y[1] = xa[0]"],
     lambda p, m: reorder_stmts(p, p.find("x[_] = _").expand(0, 1))),
    ("reorder_stmts: a call writing a window and a read of it",
     ["copy_row(z[0, 0:6], x[0:6])", "y[0] = z[0, 1]"],
     lambda p, m: reorder_stmts(p, p.find("copy_row(_)").expand(0, 1))),
    ("reorder_stmts: a window statement after a loop that writes through it",
     ["ya = y[0:8]", L, "    ya[1] += 2.0 * x[i]"],
     lambda p, m: reorder_stmts(p, p.find("ya = _").expand(0, 1))),
    ("reorder_stmts: independent statements (valid)",
     ["x[0] = y[0]", "z[0, 0] = y[1]"],
     lambda p, m: reorder_stmts(p, p.find("x[_] = _").expand(0, 1))),
    ("fission: a loop-carried dependence through an alias",
     ["xa = x[0:8]", "for i in seq(1, 8):", "    x[i] = y[i]", "    y[i] = xa[i - 1]"],
     lambda p, m: fission(p, p.find("x[_] = _").after())),
    ("fission: a reduction after an assignment that does not depend on the loop",
     ["for k in seq(0, 2):", "    y[0] = x[0]", "    y[0] += x[1]"],
     lambda p, m: fission(p, p.find("y[_] = _").after())),
    ("reorder_loops: a dependence through a row window",
     ["for i in seq(1, 8):", "    for j in seq(0, 5):", "        zr = z[i - 1, 0:6]", "        z[i, j] = zr[j + 1]"],
     lambda p, m: reorder_loops(p, p.find_loop("i"))),
    ("fuse: the second loop reads ahead through an alias",
     ["xa = x[0:8]", "for i in seq(0, 7):", "    x[i] = y[i]", "for j in seq(0, 7):", "    y[j] = xa[j + 1]"],
     lambda p, m: fuse(p, p.find_loop("i"), p.find_loop("j"))),
    ("remove_loop: a reduction through an alias",
     ["xa = x[0:8]", L, "    xa[0] += 1.0"],
     lambda p, m: remove_loop(p, p.find_loop("i"))),
    ("remove_loop: an idempotent body (valid)",
     [L, "    x[0] = y[0]"],
     lambda p, m: remove_loop(p, p.find_loop("i"))),
    ("add_loop: a non-idempotent statement",
     ["x[0] += y[0]"],
     lambda p, m: add_loop(p, p.find("x[_] += _"), "k", 4)),
    ("lift_scope: an if out of a loop whose body it changes",
     [L, "    if i < 4:", "        x[i] = y[i]"],
     lambda p, m: lift_scope(p, p.find("if _: _"))),
    ("shift_loop: by a negative amount",
     [L, "    x[i] = y[i]"],
     lambda p, m: shift_loop(p, p.find_loop("i"), -2)),
    ("cut_loop: past the end",
     [L, "    x[i] = y[i]"],
     lambda p, m: cut_loop(p, p.find_loop("i"), 9)),
    ("divide_loop: perfect division that is not",
     ["for i in seq(0, 7):", "    x[i] = y[i]"],
     lambda p, m: divide_loop(p, p.find_loop("i"), 2, ["io", "ii"], perfect=True)),
    ("divide_loop: a quotient whose bound does not fit in 64 bits",
     [L, "    x[i] = y[i]"],
     lambda p, m: divide_loop(p, p.find_loop("i"), 9223372036854775807, ["io", "ii"], tail="guard")),
    ("simplify: a constant that does not fit in 64 bits",
     [L, "    if i < 4611686018427387904 * 2 + 4611686018427387904 * 2:", "        x[i] = y[i]"],
     lambda p, m: simplify(p)),
    ("unroll_loop: far too many iterations",
     ["for i in seq(0, 100000000):", "    acc += 1.0"],
     lambda p, m: unroll_loop(p, p.find_loop("i"))),
    ("unroll_loop: a small loop (valid)",
     ["for i in seq(0, 4):", "    x[i] = y[i] + x[i + 1]"],
     lambda p, m: unroll_loop(p, p.find_loop("i"))),
    # --- buffers
    ("reuse_buffer: the first still read after the second is written",
     [L, "    a: f32", "    a = x[i]", "    b: f32", "    b = y[i]", "    y[i] = a + b"],
     lambda p, m: reuse_buffer(p, p.find("a : _"), p.find("b : _"))),
    ("reuse_buffer: disjoint live ranges in one iteration (valid)",
     [L, "    a: f32", "    a = x[i]", "    y[i] = a", "    b: f32", "    b = y[i] * 2.0", "    x[i] = b"],
     lambda p, m: reuse_buffer(p, p.find("a : _"), p.find("b : _"))),
    ("delete_buffer: a buffer that is used",
     [L, "    t: f32", "    t = x[i]", "    y[i] = t"],
     lambda p, m: delete_buffer(p, p.find("t : _"))),
    ("lift_alloc: a temporary carried between iterations",
     [L, "    t: f32[2]", "    if i == 0:", "        t[1] = 0.0", "    t[0] = x[i]", "    y[i] = t[0]"],
     lambda p, m: lift_alloc(p, p.find("t : _"))),
    ("expand_dim: an index out of the new dimension",
     [L, "    t: f32", "    t = x[i]", "    y[i] = t"],
     lambda p, m: expand_dim(p, p.find("t : _"), 4, "i")),
    ("resize_dim: shrinking below what is accessed",
     ["t: f32[8]", L, "    t[i] = x[i]", L, "    y[i] = t[i]"],
     lambda p, m: resize_dim(p, p.find("t : _"), 0, 4, 0)),
    ("inline_window: the window's buffer written through it (valid)",
     [L, "    xr = x[i:i + 1]", "    xr[0] = y[i]"],
     lambda p, m: inline_window(p, p.find("xr = _"))),
    # --- expressions
    ("rewrite_expr: an unequal index",
     [L, "    x[i] = y[i]"],
     lambda p, m: rewrite_expr(p, p.find("y[_]").idx()[0], "i + 0 * i + 1")),
    ("commute_expr: reals (valid)",
     [L, "    x[i] = y[i] + z[i, 0]"],
     lambda p, m: commute_expr(p, [p.find("y[_] + _")])),
    ("specialize: a window used after the block",
     ["xa = x[0:8]", "y[0] = xa[0]"],
     lambda p, m: specialize(p, p.find("xa = _"), "1 < 2")),
    # --- configs
    ("write_config: a value read later",
     [L, "    y[i] = Cfg.s + x[i]"],
     lambda p, m: write_config(p, p.find_loop("i").before(), m.Cfg, "s", "x[0]")),
    ("delete_config: a write that is read",
     ["Cfg.s = 2.0", L, "    y[i] = Cfg.s"],
     lambda p, m: delete_config(p, p.find("Cfg.s = _"))),
    ("bind_config: a scalar a call writes",
     [L, "    y[i] = acc + x[i]"],
     lambda p, m: bind_config(p, p.find("acc"), m.Cfg, "s")),
    # --- calls
    ("replace: a loop by a call that computes something else",
     [L, "    x[i] = y[i] * 2.0"],
     lambda p, m: replace(p, p.find_loop("i"), m.copy_row)),
    ("inline: a call writing a window (valid)",
     [L, "    copy_half(z[i, 0:6], y[0:6])"],
     lambda p, m: inline(p, p.find("copy_half(_)"))),
    ("extract_subproc: a block reading a window made before it",
     ["xa = x[0:8]", L, "    y[i] = xa[i]"],
     lambda p, m: extract_subproc(p, p.find_loop("i"), "sub_adv")[0]),
    # upstream's fold check skips a right-hand side that is a bare read of the buffer
    ("resize_dim fold: a right-hand side that is only a read of the buffer",
     ["t: f32[8]", L, "    t[i] = x[i]", L, "    y[i] = t[7 - i]"],
     lambda p, m: resize_dim(p, p.find("t : _"), 0, 4, 0, fold=True)),
]


def run_case(k, name, body, schedule, work):
    path = os.path.join(work, f"adv_{k}.py")
    src = ("from __future__ import annotations\nfrom exo import *\nfrom fuzz_callees import *\n\n"
           "@proc\ndef kernel(x: f32[8], y: f32[8], z: f32[8, 6], acc: f32):\n"
           + "".join("    " + line + "\n" for line in body))
    _host.write_text(path, src)
    module = _load_module(path)  # a case's object code that does not compile is a bug of the case
    try:
        return module.kernel, schedule(module.kernel, module), None
    except Exception as e:
        text = str(e).replace(work + os.sep, "")
        return module.kernel, None, f"{type(e).__name__}: {text}"


def main(argv):
    work = "/tmp/exocc-sched-adversarial"
    if len(argv) >= 2 and argv[0] == "--keep":
        work = argv[1]
    if _host.stat(work) != "dir":
        _host.mkdir(work)
    _host.write_text(os.path.join(work, "fuzz_callees.py"),
                     "from __future__ import annotations\nfrom exo import *\n\n" + sched_fuzz.CALLEES)
    results, pairs = [], []
    for k, (name, body, schedule) in enumerate(CASES):
        orig, sched, refusal = run_case(k, name, body, schedule, work)
        results.append(refusal)
        if refusal is None:
            pairs.append((k, orig, sched))
    agree, out = sched_fuzz.outputs_agree(pairs, work) if pairs else ({}, "")
    refused = same = wrong = 0
    for k, (name, _, _) in enumerate(CASES):
        if results[k] is not None:
            refused += 1
            print(f"{name}: refused, {results[k]}")
        elif agree[k]:
            same += 1
            print(f"{name}: accepted, same results")
        else:
            wrong += 1
            print(f"{name}: ACCEPTED AND CHANGED THE RESULTS" + ("" if agree[k] is False else f" (no build: {out})"))
    print(f"{len(CASES)} cases: {refused} refused, {same} accepted with the same results, {wrong} changed the results")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
