# argparse against CPython: parsing, help layout and errors (the last one uncaught).
import argparse
import contextlib
import io


def build():
    p = argparse.ArgumentParser(prog="tune", description="Tune a kernel schedule by trying tile sizes "
                                "over a grid of candidates and reporting the fastest.", epilog="See docs.")
    p.add_argument("kernel", help="kernel name")
    p.add_argument("sizes", nargs="+", type=int, help="problem sizes")
    p.add_argument("--tile", type=int, default=16, help="tile size (default: %(default)s)")
    p.add_argument("-v", "--verbose", action="count", default=0)
    p.add_argument("--mode", choices=["fast", "safe"], default="safe", help="one of %(choices)s")
    p.add_argument("--out", "-o", metavar="DIR")
    p.add_argument("--flag", action="store_true", help="a flag with a very long help text that needs "
                   "to be wrapped over several lines of output to fit")
    p.add_argument("--no-check", dest="check", action="store_false")
    p.add_argument("--append", action="append")
    p.add_argument("--pair", nargs=2, type=float)
    p.add_argument("--opt", nargs="?", const="C", default="D")
    g = p.add_argument_group("tuning", "Options of the search.")
    g.add_argument("--iters", type=int, default=3, help="iterations")
    p.add_argument("--version", action="version", version="%(prog)s 1.0")
    return p


cases = [["gemm", "1", "2"],
         ["gemm", "4", "--tile", "32", "-vv", "--mode=fast", "-o", "x", "--flag", "--append", "a",
          "--append", "b", "--pair", "1", "2.5", "--iters", "7", "--no-check", "--opt"],
         ["gemm", "3", "--opt", "val", "-ox"], [], ["gemm"], ["gemm", "x"], ["gemm", "1", "--tile"],
         ["gemm", "1", "--mode", "bad"], ["gemm", "1", "--zzz"], ["gemm", "1", "--ti", "8"], ["--help"],
         ["--version"], ["gemm", "1", "--", "-5"], ["gemm", "-5"], ["gemm", "1", "--pair", "1"]]
for args in cases:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result = build().parse_args(args)
        except SystemExit as e:
            result = "exit %s" % e.code
    print(args, result)
    print(out.getvalue(), end="")
    print(err.getvalue(), end="")

p = argparse.ArgumentParser(prog="p")
p.add_argument("--n", type=int, required=True)
p.add_argument("files", nargs="*")
p.set_defaults(extra=1)
ns, rest = p.parse_known_args(["--n", "2", "a", "--unknown"])
print(ns, rest, p.get_default("extra"), ns.n, "files" in ns, ns == argparse.Namespace(n=2, files=["a"], extra=1))
p.print_usage()
p.parse_args(["a"])
