"""The CPython host under real pytest, numpy and ctypes: `import exo` resolves to
exocc's package and its `_exo` extension module (tests/CMakeLists.txt sets PYTHONPATH).
$EXOCC names the exocc executable, for comparisons with the embedded host."""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import _exo
import exo
from exo import proc, compile_procs, compile_procs_to_strings
from exo.libs.memories import DRAM
from exo.stdlib.scheduling import divide_loop, reorder_loops, simplify, rename

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_package_is_exoccs():
    assert hasattr(_exo, "_embedded"), "exo resolved to a package other than exocc's"
    assert os.path.dirname(exo.__file__).endswith(os.path.join("lib", "exo"))


def test_str_of_a_scheduled_proc_matches_the_embedded_host(tmp_path):
    script = os.path.join(HERE, "programs", "schedule_and_print.py")
    here = subprocess.run([sys.executable, script], capture_output=True, text=True, check=True).stdout
    embedded = subprocess.run([os.environ["EXOCC"], "run", script], capture_output=True, text=True, check=True).stdout
    assert here == embedded
    assert "for io in seq(0, n / 4):" in here


def _build(tmp_path, procs, name):
    compile_procs(procs, tmp_path, f"{name}.c", f"{name}.h")
    lib = tmp_path / f"lib{name}.so"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(lib), str(tmp_path / f"{name}.c")], check=True)
    return ctypes.CDLL(str(lib))


def _ptr(a):
    return a.ctypes.data_as(ctypes.c_void_p)


def test_scheduled_kernel_runs_on_numpy_arrays(tmp_path):
    @proc
    def gemv(m: size, n: size, A: f32[m, n] @ DRAM, x: f32[n] @ DRAM, y: f32[m] @ DRAM):
        for i in seq(0, m):
            y[i] = 0.0
            for j in seq(0, n):
                y[i] += A[i, j] * x[j]

    fast = rename(divide_loop(gemv, "j", 4, ["jo", "ji"], tail="cut"), "gemv_fast")
    lib = _build(tmp_path, [gemv, fast], "gemv")
    rng = np.random.default_rng(7)
    for m, n in [(1, 1), (5, 7), (16, 33)]:
        A = rng.standard_normal((m, n), dtype=np.float32)
        x = rng.standard_normal(n, dtype=np.float32)
        for fn in (lib.gemv, lib.gemv_fast):
            y = np.zeros(m, dtype=np.float32)
            fn(None, ctypes.c_int(m), ctypes.c_int(n), _ptr(A), _ptr(x), _ptr(y))
            np.testing.assert_allclose(y, A @ x, rtol=1e-5, atol=1e-5)


def test_scheduling_errors_are_upstreams_classes():
    from exo.rewrite.LoopIR_scheduling import SchedulingError

    @proc
    def two(n: size, x: f32[n, n] @ DRAM):
        for i in seq(0, n):
            for j in seq(0, n):
                x[i, j] = x[j, i]

    with pytest.raises(SchedulingError, match="cannot be reordered"):
        reorder_loops(two, "i j")


def test_parse_errors_name_the_file_and_line():
    from exo.frontend.pyparser import ParseError

    with pytest.raises(ParseError) as e:

        @proc
        def bad(n: size):
            x: f32
            x = undefined_name

    assert os.path.basename(__file__) in str(e.value)


def test_a_memory_class_written_in_cpython():
    from exo.core.memory import Memory, MemGenError

    class Scratch(DRAM):
        @classmethod
        def alloc(cls, new_name, prim_type, shape, srcinfo):
            return f"static {prim_type} {new_name}[{' * '.join(shape) or 1}]; /* scratch */"

        @classmethod
        def free(cls, new_name, prim_type, shape, srcinfo):
            return ""

    @proc
    def use_scratch(x: f32[8] @ DRAM):
        t: f32[8] @ Scratch
        for i in seq(0, 8):
            t[i] = x[i]
        for i in seq(0, 8):
            x[i] = t[i] + 1.0

    c, _ = compile_procs_to_strings([use_scratch], "s.h")
    assert "static float t[8]; /* scratch */" in c
    assert issubclass(Scratch, Memory)


def test_unquoted_python_sees_and_changes_cpython_objects():
    seen = []
    width = 4

    @proc
    def unrolled(x: f32[4] @ DRAM):
        with python:
            for k in range(width):
                seen.append(k)
                with exo:
                    x[{k}] = 0.0

    assert seen == [0, 1, 2, 3]
    assert str(unrolled).count("= 0.0") == 4


def test_python_in_object_code_changes_what_cpython_calls_hand_it():
    # A list, dict or set that a CPython call, attribute or item gives the core's Python
    # is CPython's own: catch_warnings(record=True) returns the list warnings fills (a
    # copy stayed empty), and an attribute's list grows where CPython sees it.
    import warnings

    class Holder:
        pass

    holder = Holder()
    holder.items = []
    counts = {}

    @proc
    def records(x: f32[4] @ DRAM):
        with python:
            with warnings.catch_warnings(record=True) as log:
                warnings.simplefilter("always")
                warnings.warn("deprecated", DeprecationWarning)
            counts["log"] = len(log)
            holder.items.append(1)
            for k in range(2):
                with exo:
                    x[{k}] = 0.0

    assert counts["log"] == 1
    assert holder.items == [1]


def test_cpython_only_modules_are_usable_beside_exo():
    sympy = pytest.importorskip("sympy")
    n = sympy.Symbol("n", positive=True)
    chunk = int(sympy.simplify((8 * n) / n))

    @proc
    def fill(x: f32[64] @ DRAM):
        for i in seq(0, 64):
            x[i] = 1.0

    split = divide_loop(fill, "i", chunk, ["io", "ii"], perfect=True)
    assert "for ii in seq(0, 8):" in str(split)



def test_instr_target_features_reach_the_c(tmp_path):
    # hw/x86.py's instructions declare their target features (docs/target-features.md);
    # built in CPython as in the embedded host, they mark the functions that use them.
    from exo import instr
    import exo.platforms.x86  # noqa: F401  (its @instr calls give target_features)

    with pytest.raises(TypeError, match="not a string"):
        instr("x", target_features="fma")
    (tmp_path / "load8.py").write_text(textwrap.dedent("""\
        from __future__ import annotations
        from exo import proc
        from exo.libs.memories import DRAM
        from exo.platforms.x86 import AVX2, mm256_loadu_ps

        @proc
        def load8(dst: f32[8] @ AVX2, src: f32[8] @ DRAM):
            mm256_loadu_ps(dst, src)
        """))
    (tmp_path / "load8.toml").write_text('[[kernel]]\nsource = "load8.py"\n')
    out = {}
    for host in ("python3", "embedded"):
        subprocess.run([os.environ["EXOCC"], "build", str(tmp_path / "load8.toml"), "-o", str(tmp_path / host),
                        "--no-cache", "--host", host], check=True)
        out[host] = (tmp_path / host / "load8.c").read_text()
    assert 'EXO_TARGET("avx2")' in out["python3"]
    assert out["python3"] == out["embedded"]


def test_enum_members_cross_as_their_namesakes():
    # A member the core's interpreter makes (of a bundled Enum) is CPython's member.
    import exo.API_cursors as PC

    made = _exo._cpython_run("<test>", "from exo.API_cursors import GapType\n__exocc_result__ = GapType.After\n", {}, {})
    assert made is PC.GapType.After


def _decorator(*args, **kwargs):
    return lambda f: f


@_decorator(
    "spans lines",
    flag=True,
)
def _multi_line_decorator(x):
    y = x + \
        1
    return y  # a trailing comment
    # an indented comment after the last statement


def _one_liner(x): return x
    # indented, but after a def with no indented block


def _header_over_lines(a,
                       b): return a
                       # as deep as the continuation line


def _with_lambda_default(f=lambda: 0):
    return f


def _encloses():
    @_decorator()
    def nested(a,
               b):
        """A docstring
        over lines."""
        return a + b

    return nested


class _Holder:
    @staticmethod
    def method(x):
        if x:
            return 1
        else:
            return 2


def test_decorated_source_is_what_inspect_finds():
    # The CPython host finds a decorated function's statement by indentation
    # (_function_block); it must give inspect.getsourcelines' lines and first line
    # exactly, which also locate the core's errors, or leave the function to inspect.
    import inspect
    from exo import _cpython_host

    for f in [_multi_line_decorator, _one_liner, _header_over_lines, _with_lambda_default, _encloses(),
              _Holder.method, test_the_package_is_exoccs]:
        found = _cpython_host._function_block(f)
        assert found is not None, f
        assert found[:2] == inspect.getsourcelines(f), f
    assert _cpython_host._function_block(_with_lambda_default.__defaults__[0]) is None
