"""One kernel of `exocc build` with host = "python3": the driver's child process runs
this in CPython (generator/driver/kernel_process.cpp) with the kernel's spec as JSON.
It runs the same _exocc_build.py as the embedded host and writes the same framed
answer to the descriptor it is given: the serialized procs, the trace ("T") and the
unscheduled originals ("O", one framed text per proc) when asked for, the files read
("+") and looked for ("-"), and the time of each phase ("t")."""
import json
import os
import sys
import types

import _exo

from exo import _cpython_records
from exo._cpython_host import std_module


def _framed(text):
    data = text.encode("utf-8", "surrogatepass")
    return str(len(data)).encode() + b":" + data


def main(argv):
    fd, spec = int(argv[0]), json.loads(argv[1])
    _cpython_records.install()  # what the kernel reads and looks for keys its cache entry
    kernel = types.ModuleType("_exocc_kernel")
    kernel.spec = spec
    sys.modules["_exocc_kernel"] = kernel
    std_module("_exocc_compile")
    status = std_module("_exocc_build").main()
    sys.stdout.flush()
    if status == 0:
        out = _framed(spec["payload"])
        if "trace_text" in spec:
            out += _framed("T" + spec["trace_text"])
        if "originals" in spec:
            inner = b"".join(_framed(text) for text in spec["originals"])
            out += str(len(inner) + 1).encode() + b":O" + inner
        out += b"".join(_framed("+" + d) for d in spec["deps"])
        out += b"".join(_framed("-" + a) for a in spec["absent"])
        out += _framed("t" + _exo._phase_times())
        with os.fdopen(fd, "wb") as f:
            f.write(out)
    return status


def cli(argv):
    """Upstream's command line (`exocc -o DIR --stem NAME FILE.py...`) in CPython: what
    `exocc --host python3 ...` and add_exo_library(... HOST python3) run."""
    return std_module("_exocc_compile").main(argv)
