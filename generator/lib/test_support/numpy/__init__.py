"""The part of numpy that Exo's tests use, for `exocc test` only.

Arrays hold their elements in a flat Python list, row-major; an integer index on a leading
axis gives a view that shares the list, as numpy's does. Elements of float32 arrays are
rounded to single precision whenever they are stored, so that what a test computes in
Python matches what the compiled C computes. Scalars are plain Python numbers: np.float32(x)
is a float holding a single-precision value, and arithmetic on it is double precision.
Compiled procedures receive arrays through numpy/_native.py (the `compiler` fixture's
library), which copies them to C and back.

Anything outside this subset raises NotImplementedError naming the missing piece.
"""
import math

from numpy import random, testing  # noqa: F401  (numpy.random, numpy.testing)
from numpy._core import (  # noqa: F401
    dtype, ndarray, float16, float32, float64, int8, int16, int32, int64, uint8, uint16,
    uint32, uint64, bool_, array, asarray, zeros, zeros_like, ones, ones_like, empty,
    empty_like, full, arange, linspace, diff, outer, array_equal, allclose, isclose,
    matmul, dot, sum, maximum, minimum, where, abs, absolute, sqrt, exp, sin, cos, tanh,
    floor, ceil, float_, int_, uint, intc, single, double,
)

pi = math.pi
e = math.e
inf = math.inf
nan = math.nan


def __getattr__(name):
    if name.startswith('_'):
        # Probes by tools (pytest's collector, copy, ...) get the usual answer.
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.{name}: not in exocc's numpy subset")
