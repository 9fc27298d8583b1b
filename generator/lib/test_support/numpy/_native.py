"""Running C for exocc's numpy subset, which has no foreign-function interface: compiled
procedures are called through a driver program built with the system compiler, and a
large matrix product is computed by one.

Arguments and results travel as text, one number a line; doubles are written in their
shortest round-trip form and read back with strtod, so every value crosses exactly.
"""
import _host
import re
import sys

from numpy._core import ndarray

_HEADER = """#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
"""

_READERS = """
static FILE *in;
static long long read_int(void) {
    long long v;
    if (fscanf(in, "%lld", &v) != 1) { fprintf(stderr, "bad argument file\\n"); exit(2); }
    return v;
}
static double read_real(void) {
    char text[64];
    if (fscanf(in, "%63s", text) != 1) { fprintf(stderr, "bad argument file\\n"); exit(2); }
    return strtod(text, NULL);
}
"""


_WINDOW = re.compile(r"struct exo_win_(\d+)([a-z]+)(\d+)c?\s")
_WINDOW_DATA = {'f32': 'float', 'f64': 'double', 'f16': '_Float16', 'i8': 'int8_t',
                'ui8': 'uint8_t', 'i16': 'int16_t', 'ui16': 'uint16_t', 'i32': 'int32_t',
                'ui32': 'uint32_t'}


class _Param:
    """How one C parameter is filled: 'int' (a scalar read as an integer), 'real',
    'pointer' (an array's elements, or NULL) or 'window' (an array as an Exo window
    struct of `rank` strides). A read-only array (`const float*`, a `..c` window
    struct) is not copied back after the call."""

    def __init__(self, decl):
        decl = decl.strip()
        self.kind, self.ctype, self.rank, self.struct = 'int', None, 0, None
        self.read_only = False
        window = _WINDOW.match(decl + " ")
        if window:
            self.kind = 'window'
            self.rank = int(window.group(1))
            self.ctype = _WINDOW_DATA[window.group(2) + window.group(3)]
            self.struct = decl.rsplit(None, 1)[0]
            self.read_only = self.struct.endswith('c')
        elif '*' in decl:
            self.kind = 'pointer'
            self.read_only = decl.startswith('const ')
            base = decl[:decl.rindex('*')].replace('const', '').strip()
            self.ctype = 'char' if base == 'void' or base.startswith('struct') else base
        elif decl.split()[0] in ('float', 'double'):
            self.kind = 'real'


def _prototypes(header_text):
    """name -> parameters, from the generated header's `void name( ... );` lines."""
    procs = {}
    for m in re.finditer(r"^void (\w+)\(\s*(.*?)\s*\);", header_text, re.M):
        params = [p for p in m.group(2).split(',') if p.strip() and p.strip() != 'void']
        procs[m.group(1)] = [_Param(p) for p in params]
    return procs


def _driver(header, procs):
    """A C program that runs calls read from its input: a procedure's number, then its
    arguments; it prints the arrays back between two marker lines."""
    cases = []
    for index, (name, params) in enumerate(procs):
        lines, call, prints = [], [], []
        for i, p in enumerate(params or []):
            if p.kind in ('int', 'real'):
                read = 'read_real()' if p.kind == 'real' else 'read_int()'
                lines.append(f"        double a{i} = {read};" if p.kind == 'real' else
                             f"        long long a{i} = {read};")
                call.append(f"a{i}")
                continue
            is_real = p.ctype in ('float', 'double', '_Float16')
            read = 'read_real()' if is_real else 'read_int()'
            lines.append(f"        long long n{i} = read_int();\n"
                         f"        int_fast32_t s{i}[{max(p.rank, 1)}] = {{0}};\n"
                         f"        for (int d = 0; d < {p.rank}; d++) s{i}[d] = (int_fast32_t)read_int();\n"
                         f"        {p.ctype} *a{i} = n{i} < 0 ? NULL : calloc(n{i} ? n{i} : 1, sizeof *a{i});\n"
                         f"        for (long long j = 0; j < n{i}; j++) a{i}[j] = ({p.ctype}){read};")
            if p.kind == 'window':
                strides = ", ".join(f"s{i}[{d}]" for d in range(p.rank))
                call.append(f"({p.struct}){{ (void *)a{i}, {{ {strides} }} }}")
            else:
                call.append(f"(void *)a{i}")
            fmt = '"%.17g\\n", (double)' if is_real else '"%lld\\n", (long long)'
            if not p.read_only:
                prints.append(f"        for (long long j = 0; j < n{i}; j++) printf({fmt}a{i}[j]);")
            prints.append(f"        free(a{i});")
        cases.append(f"    case {index}: {{\n" + "\n".join(lines) + "\n"
                     f"        {name}({', '.join(call)});\n"
                     "        printf(\"%s\\n\", BEGIN);\n" + "\n".join(prints) + "\n"
                     "        break;\n    }")
    undeclared = "".join(f"void {name}(void);\n" for name, params in procs if params is None)
    return (_HEADER + f'#include "{header}"\n' + undeclared + _READERS +
            f"static const char *BEGIN = \"{_BEGIN}\", *END = \"{_END}\";\n"
            "int main(void) {\n"
            "    in = stdin;\n"
            "    long long which;\n"
            "    while (fscanf(in, \"%lld\", &which) == 1) {\n"
            "        switch (which) {\n" + "\n".join(cases) + "\n"
            "        }\n"
            "        printf(\"%s\\n\", END);\n"
            "        fflush(stdout);\n"
            "    }\n"
            "    return 0;\n}\n")


_BEGIN = "@exocc-call-results"
_END = "@exocc-call-done"


def _row_major_strides(shape, rank):
    strides, step = [], 1
    for n in reversed(shape):
        strides.insert(0, step)
        step *= n
    strides = strides[len(strides) - rank:] if rank <= len(strides) else \
        [step] * (rank - len(strides)) + strides
    return strides


def format_numbers(values, real):
    """The values as text, one a line: repr(float(v)) if real, else str(int(v))."""
    text = _host.format_numbers(values, real)
    if text is None:
        text = "\n".join(repr(float(v)) if real else str(int(v)) for v in values)
    return text


def _arguments(name, params, args):
    if len(args) != len(params):
        raise TypeError(f"{name}() takes {len(params)} arguments ({len(args)} given)")
    lines = []
    for p, a in zip(params, args):
        if p.kind in ('int', 'real'):
            if not isinstance(a, (int, float)) or isinstance(a, bool):
                raise ValueError(f"unrecognized type {type(a)}")
            lines.append(repr(a) if p.kind == 'real' else str(int(a)))
        elif a is None:
            lines.append("-1")
            lines.extend(["0"] * p.rank)
        elif isinstance(a, ndarray):
            flat = a._flat()
            lines.append(str(len(flat)))
            lines.extend(str(s) for s in _row_major_strides(a.shape, p.rank))
            if flat:
                lines.append(format_numbers(flat, a.dtype.kind == 'f'))
        else:
            raise ValueError(f"unrecognized type {type(a)}")
    return lines


def _cc(args, workdir, what):
    """Runs the system C compiler in `workdir`; a failure raises with its output."""
    status, output = _host.run(["cc", *args], workdir)
    if status != 0:
        raise RuntimeError(f"building {what} failed:\n{output}")


class Library:
    """Procedures of one generated C library, callable with None, ints and arrays as
    upstream's ctypes wrapper takes them; arrays are updated in place after the call.
    One driver process serves every call, so the library's global state (a custom
    allocator's, say) lives from one call to the next as it does under ctypes. A C
    function outside the header (callable without arguments only) joins the driver when
    first called, which rebuilds and restarts it."""

    def __init__(self, workdir, header, sources, flags):
        self.workdir = str(workdir)
        self.header = header
        self.sources = list(sources)
        self.flags = list(flags)
        self._procs = []  # (name, params or None for an undeclared argument-less function)
        self._process = None

    def _index(self, name, nargs):
        for i, (known, _) in enumerate(self._procs):
            if known == name:
                return i
        if not self._procs:
            with open(f"{self.workdir}/{self.header}") as f:
                self._procs = list(_prototypes(f.read()).items())
            return self._index(name, nargs)
        if nargs:
            raise AttributeError(f"{name}: not a procedure of {self.header}; exocc calls "
                                 "other C functions only without arguments")
        self._procs.append((name, None))
        self._stop()  # the driver must be rebuilt to know it
        return len(self._procs) - 1

    def _start(self):
        if self._process is not None:
            return
        _host.write_text(f"{self.workdir}/exocc_call_driver.c", _driver(self.header, self._procs))
        _cc([*self.flags, "-o", "exocc_call_driver", "exocc_call_driver.c", *self.sources, "-lm"],
            self.workdir, f"the driver that calls {self.header}'s procedures")
        self._process = _host.spawn([f"{self.workdir}/exocc_call_driver"], self.workdir)

    def _stop(self):
        if self._process is not None:
            _host.finish(self._process)
            self._process = None

    def close(self):
        """Ends the driver process (a later call starts it again)."""
        self._stop()

    def call(self, name, args):
        index = self._index(name, len(args))
        params = self._procs[index][1] or []
        lines = [str(index)] + _arguments(name, params, args)
        self._start()
        _host.send(self._process, "\n".join(lines) + "\n")
        results = self._receive(name).split()
        written = [(p, a) for p, a in zip(params, args) if isinstance(a, ndarray) and not p.read_only]
        if len(results) != sum(a.size for _, a in written):
            raise RuntimeError(f"calling {name}: the driver returned {len(results)} values")
        pos = 0
        for p, a in written:
            values = _host.parse_numbers(results[pos:pos + a.size], a.dtype.kind == 'f')
            if p.ctype != a.dtype.ctype:  # the C element type may hold what the dtype cannot
                values = a.dtype.cast_all(values)
            a._buf[a._off:a._off + a.size] = values
            pos += a.size

    def _receive(self, name):
        """The printed values of one call, a number a line; what the procedure printed
        itself goes on to our standard output (or into the error if the call failed)."""
        printed = _host.receive_until(self._process, _BEGIN)
        values = None if printed is None else _host.receive_until(self._process, _END)
        if values is None:
            status, rest = _host.finish(self._process)
            self._process = None
            raise RuntimeError(f"calling {name} failed (exit status {status}):\n{printed or ''}{rest}")
        sys.stdout.write(printed)
        return values


_helpers = {}


def helper(name, source, libraries=()):
    """The path of helper program `name`, built from C `source` once per test run."""
    if name not in _helpers:
        import _exocc_pytest_fixtures
        work = _exocc_pytest_fixtures.session_scratch_dir("numpy-helpers")
        _host.write_text(f"{work}/{name}.c", source)
        _cc(["-O2", "-o", name, f"{name}.c", *libraries], work, f"the helper program {name}")
        _helpers[name] = f"{work}/{name}"
    return _helpers[name]


def run_helper(exe, args, lines):
    """Runs a helper with `lines` in a file named by its first argument; its output."""
    data = exe + ".in"
    _host.write_text(data, "\n".join(lines) + "\n")
    status, output = _host.run([exe, data, *args])
    if status != 0:
        raise RuntimeError(f"{exe} failed:\n{output}")
    return output


def matmul(a, b, m, n, k):
    """The m x n product of row-major a (m x k) and b (k x n), in double precision:
    natively for plain numbers, else as the same loop in Python."""
    out = _host.matmul_doubles(a, b, m, n, k)
    if out is not None:
        return out
    out = []
    for i in range(m):
        row = a[i * k:(i + 1) * k]
        for j in range(n):
            s = 0.0
            for p in range(k):
                s += row[p] * b[p * n + j]
            out.append(s)
    return out
