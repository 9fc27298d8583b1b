"""Running C for exocc's numpy subset, which has no foreign-function interface: compiled
procedures are called through a driver program built with the system compiler.

A call's procedure number, scalars and array shapes travel as text on the driver's
standard input; array elements travel in binary files beside it, as doubles (C
floating-point elements) or 64-bit ints (the others), so every value crosses exactly.
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
/* n 8-byte values from file `path`, or to it */
static void *read_data(const char *path, long long n) {
    void *data = malloc((size_t)n * 8);
    FILE *f = fopen(path, "rb");
    if (!data || !f || fread(data, 8, (size_t)n, f) != (size_t)n) { fprintf(stderr, "bad data file %s\\n", path); exit(2); }
    fclose(f);
    return data;
}
static void write_data(const char *path, const void *data, long long n) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 8, (size_t)n, f) != (size_t)n || fclose(f) != 0) { fprintf(stderr, "cannot write %s\\n", path); exit(2); }
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
    struct) is not copied back after the call. An array's elements cross as doubles if
    its C type is floating-point, else as 64-bit ints (`data_kind` 'f64' or 'i64', as
    _host.write_numbers and read_numbers name them)."""

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
        self.data_kind = 'f64' if self.ctype in ('float', 'double', '_Float16') else 'i64'


def _data_file(index, what):
    """The file of parameter `index`'s elements, in the library's directory: 'arg' in,
    'res' out."""
    return f"exocc_call.{what}{index}"


def _prototypes(header_text):
    """name -> parameters, from the generated header's `void name( ... );` lines."""
    procs = {}
    for m in re.finditer(r"^void (\w+)\(\s*(.*?)\s*\);", header_text, re.M):
        params = [p for p in m.group(2).split(',') if p.strip() and p.strip() != 'void']
        procs[m.group(1)] = [_Param(p) for p in params]
    return procs


def _driver(header, procs):
    """A C program that runs calls read from its input: a procedure's number, then its
    arguments; it writes the arrays back to their files and prints two marker lines."""
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
            data = 'double' if p.data_kind == 'f64' else 'long long'
            lines.append(f"        long long n{i} = read_int();\n"
                         f"        int_fast32_t s{i}[{max(p.rank, 1)}] = {{0}};\n"
                         f"        for (int d = 0; d < {p.rank}; d++) s{i}[d] = (int_fast32_t)read_int();\n"
                         f"        {p.ctype} *a{i} = n{i} < 0 ? NULL : calloc(n{i} ? n{i} : 1, sizeof *a{i});\n"
                         f"        if (n{i} > 0) {{\n"
                         f"            {data} *d = read_data(\"{_data_file(i, 'arg')}\", n{i});\n"
                         f"            for (long long j = 0; j < n{i}; j++) a{i}[j] = ({p.ctype})d[j];\n"
                         f"            free(d);\n"
                         f"        }}")
            if p.kind == 'window':
                strides = ", ".join(f"s{i}[{d}]" for d in range(p.rank))
                call.append(f"({p.struct}){{ (void *)a{i}, {{ {strides} }} }}")
            else:
                call.append(f"(void *)a{i}")
            if not p.read_only:
                prints.append(f"        if (n{i} > 0) {{\n"
                              f"            {data} *d = malloc((size_t)n{i} * 8);\n"
                              f"            for (long long j = 0; j < n{i}; j++) d[j] = ({data})a{i}[j];\n"
                              f"            write_data(\"{_data_file(i, 'res')}\", d, n{i});\n"
                              f"            free(d);\n"
                              f"        }}")
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


def write_numbers(path, values, kind):
    """Writes `values` to file `path` in binary (see _host.write_numbers): natively for
    plain numbers, else each converted by float() or int() first, which may raise."""
    if _host.write_numbers(path, values, kind) is None:
        _host.write_numbers(path, [float(v) if kind == 'f64' else int(v) for v in values], kind)


def _arguments(name, params, args, workdir):
    """The text lines of a call's arguments; array elements go to their data files."""
    if len(args) != len(params):
        raise TypeError(f"{name}() takes {len(params)} arguments ({len(args)} given)")
    lines = []
    for i, (p, a) in enumerate(zip(params, args)):
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
                write_numbers(f"{workdir}/{_data_file(i, 'arg')}", flat, p.data_kind)
        else:
            raise ValueError(f"unrecognized type {type(a)}")
    return lines


def _cc(args, workdir, what):
    """Runs the system C compiler in `workdir`; a failure raises with its output."""
    status, output = _host.run(["cc", *args], workdir)
    if status != 0:
        raise RuntimeError(f"building {what} failed:\n{output}")


class Library:
    """Procedures of one generated C library, built as a shared library, callable with
    None, ints and arrays as upstream's ctypes wrapper takes them; arrays are updated in
    place after the call. One driver process serves every call, so the library's global
    state (a custom allocator's, say) lives from one call to the next as it does under
    ctypes. A C function outside the header (callable without arguments only) joins the
    driver when first called, which rebuilds and restarts it."""

    def __init__(self, workdir, header, shared_library, flags):
        self.workdir = str(workdir)
        self.header = header
        self.shared_library = str(shared_library)  # built from the sources with `flags`
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
        # linked with the library as built, not compiling its sources again: a kernel's
        # intrinsics headers alone take the compiler half a second
        _cc([*self.flags, "-o", "exocc_call_driver", "exocc_call_driver.c", self.shared_library,
             f"-Wl,-rpath,{self.workdir}", "-lm"],
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
        lines = [str(index)] + _arguments(name, params, args, self.workdir)
        self._start()
        _host.send(self._process, "\n".join(lines) + "\n")
        self._receive(name)
        for i, (p, a) in enumerate(zip(params, args)):
            if not isinstance(a, ndarray) or p.read_only or not a.size:
                continue
            values = _host.read_numbers(f"{self.workdir}/{_data_file(i, 'res')}", p.data_kind)
            if len(values) != a.size:
                raise RuntimeError(f"calling {name}: the driver returned {len(values)} values")
            if p.ctype != a.dtype.ctype:  # the C element type may hold what the dtype cannot
                values = a.dtype.cast_all(values)
            a._buf[a._off:a._off + a.size] = values

    def _receive(self, name):
        """Waits for the call to end; what the procedure printed goes on to our standard
        output (or into the error if the call failed)."""
        printed = _host.receive_until(self._process, _BEGIN)
        done = None if printed is None else _host.receive_until(self._process, _END)
        if done is None:
            status, rest = _host.finish(self._process)
            self._process = None
            raise RuntimeError(f"calling {name} failed (exit status {status}):\n{printed or ''}{rest}")
        sys.stdout.write(printed)


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


def run_helper(exe, args):
    """Runs a helper; its output."""
    status, output = _host.run([exe, *args])
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
