#!/usr/bin/env python3
"""Mutation fuzzer for exocc's Exo front end and scheduling API. It takes the Exo
programs of tests/exo/programs and examples/, mutates each a little (deletes, duplicates
or swaps lines, replaces or inserts a token, changes a number), compiles the result with
exocc, and keeps the mutants that end exocc by a signal, report an internal error, or
run past the time limit. An error message about the mutant is the expected outcome.

    tests/fuzz/mutate_exo.py EXOCC OUT_DIR [SEED] [COUNT]

A mutant that runs past the time limit is often a loop the mutation made endless (a
deleted `i += 1`); read it before calling it a hang of exocc.
"""
import glob
import os
import random
import re
import subprocess
import sys

TOKENS = ["0", "1", "-1", "N", "i", "j", "n", "size", "index", "f32", "i8", "R", "seq(0, N)",
          "seq(N, 0)", "[:]", "[0:N]", "x[i]", "stride(x, 0)", "@ DRAM", "+", "-", "*", "/", "%",
          "<", "==", "and", "or", "if", "for", "pass", "None", '""', "'for i in _:_'", "(", ")",
          "[", "]", ":", ",", "2**40", "1e30", "0.5", "True", "_", "#0", "#99", "'x'",
          '"x[_]"', "lambda: 0"]
NUMBERS = ["0", "1", "-1", "3", "65536", "2147483648"]


def mutate(rng, text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0 and len(lines) > 1:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[at])
        elif kind == 2:
            words = re.split(r"(\W)", lines[at])
            spots = [i for i, w in enumerate(words) if w.strip()]
            if spots:
                words[rng.choice(spots)] = rng.choice(TOKENS)
                lines[at] = "".join(words)
        elif kind == 3:
            lines[at] = re.sub(r"\d+", lambda m: rng.choice(NUMBERS + [m.group(0) + "0"]), lines[at], count=1)
        elif kind == 4:
            pos = rng.randrange(len(lines[at]) + 1)
            lines[at] = lines[at][:pos] + rng.choice(TOKENS) + lines[at][pos:]
        else:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


def finding(exocc, path, cwd, scratch):
    """Why running exocc on `path` is a finding, or None."""
    try:
        r = subprocess.run([exocc, path, "-o", scratch], capture_output=True, timeout=60, cwd=cwd)
    except subprocess.TimeoutExpired:
        return "timeout"
    if r.returncode < 0 or r.returncode >= 128:
        return f"exit status {r.returncode}"
    if b"internal error" in (r.stdout + r.stderr).lower():
        return "internal error"
    return None


def main():
    exocc, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 500
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    files = sorted(glob.glob(f"{root}/tests/exo/programs/*.py") + glob.glob(f"{root}/examples/*/*.py"))
    sources = [(f, open(f).read()) for f in files]
    rng = random.Random(seed)
    scratch = os.path.join(out, f"scratch{seed}")
    os.makedirs(scratch, exist_ok=True)
    found = 0
    for case in range(count):
        origin, text = rng.choice(sources)
        mutant = mutate(rng, text)
        path = os.path.join(scratch, "mutant.py")
        with open(path, "w") as f:
            f.write(mutant)
        why = finding(exocc, path, os.path.dirname(origin), os.path.join(scratch, "out"))
        if why:
            found += 1
            keep = os.path.join(out, f"seed{seed}_case{case}.py")
            with open(keep, "w") as f:
                f.write(f"# mutant of {os.path.relpath(origin, root)}: {why}\n{mutant}")
            print(keep, why, flush=True)
    print(f"{count} mutants, {found} findings")


if __name__ == "__main__":
    main()
