"""One kernel of `exocc build` with host = "python3": the driver's child process runs
this in CPython (generator/driver/kernel_process.cpp) with the kernel's spec as JSON.
It runs the same _exocc_build.py as the embedded host and writes the same framed
answer (the serialized procs, then the files read) to the descriptor it is given."""
import json
import os
import sys
import types

from exo._cpython_host import std_module


def _framed(text):
    data = text.encode("utf-8", "surrogatepass")
    return str(len(data)).encode() + b":" + data


def main(argv):
    fd, spec = int(argv[0]), json.loads(argv[1])
    kernel = types.ModuleType("_exocc_kernel")
    kernel.spec = spec
    sys.modules["_exocc_kernel"] = kernel
    std_module("_exocc_compile")
    status = std_module("_exocc_build").main()
    sys.stdout.flush()
    if status == 0:
        out = _framed(spec["payload"])
        out += b"".join(_framed("+" + d) for d in spec["deps"])
        out += b"".join(_framed("-" + a) for a in spec["absent"])
        with os.fdopen(fd, "wb") as f:
            f.write(out)
    return status


def cli(argv):
    """Upstream's command line (`exocc -o DIR --stem NAME FILE.py...`) in CPython: what
    `exocc --host python3 ...` and add_exo_library(... HOST python3) run."""
    return std_module("_exocc_compile").main(argv)
