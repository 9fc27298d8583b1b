#!/usr/bin/env python3
"""Writes a seed corpus for fuzz_regex from the differential test table.
Input layout: flags byte, selector byte, pattern 0xFF subject 0xFF replacement."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host"))
import regex_check as rc  # noqa: E402

FLAG_BITS = [2, 8, 16, 64, 256, 32, 4, 1]  # same order as fuzz_regex.cpp


def flag_byte(flags):
    return sum(1 << i for i, f in enumerate(FLAG_BITS) if flags & f)


def main(out):
    os.makedirs(out, exist_ok=True)
    n = 0
    def put(flags, pat, subj, repl):
        nonlocal n
        try:
            data = bytes([flag_byte(int(flags)), n % 256]) + pat.encode("ascii") + b"\xff" + \
                subj.encode("ascii") + b"\xff" + repl.encode("ascii")
        except UnicodeEncodeError:
            return
        with open(os.path.join(out, "seed%05d" % n), "wb") as f:
            f.write(data)
        n += 1
    for pat, flags, subjects in rc.MATCH_CASES:
        for s in subjects[:2]:
            put(flags, pat, s, r"<\g<0>>")
    for pat, flags in rc.ERROR_CASES:
        put(flags, pat, "abc", "")
    for pat, flags, repl, subjects in rc.TEMPLATE_CASES:
        put(flags, pat, subjects[0], repl)
    print(n, "seeds in", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/exocc-fuzz-regex/seeds")
