"""numpy.random for exocc's numpy subset: a seeded generator (xorshift128) behind
rand, random, uniform, normal, randn, randint and seed. Its streams differ from numpy's;
tests use them only as arbitrary inputs."""
import _host
import math

from numpy._core import array, float64, int64, ndarray

# Marsaglia's xorshift128 on 32-bit words: exocc's integers are 64-bit, so the generator
# must not need wider products.
_M32 = 0xFFFFFFFF
_DEFAULT = (123456789, 362436069, 521288629, 88675123)
_state = list(_DEFAULT)


def seed(value=None):
    if value is None:
        _state[:] = _DEFAULT
        return
    v = int(value) & _M32
    for i in range(4):  # spread the seed with a 32-bit LCG; xorshift needs a nonzero state
        v = (v * 1664525 + 1013904223) & _M32
        _state[i] = v or 1


def _next32():
    x, y, z, w = _state
    t = (x ^ (x << 11)) & _M32
    x, y, z = y, z, w
    w = (w ^ (w >> 19)) ^ (t ^ (t >> 8))
    _state[:] = [x, y, z, w]
    return w


def _next():
    return (_next32() << 31) ^ _next32()  # 63 bits


def _uniform01():
    return ((_next32() >> 5) * 67108864.0 + (_next32() >> 6)) * (1.0 / 9007199254740992.0)


def _gaussian():
    u = 1.0 - _uniform01()  # in (0, 1]: log is finite
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * _uniform01())


def _uniforms(n):
    """[_uniform01() for _ in range(n)], natively."""
    return _host.xorshift128_uniforms(_state, n)


def _shaped(shape, draw, dtype, draws=None):
    """One draw(), or an array of them; draws(n) makes n at once where given."""
    if shape is None or shape == ():
        return draw()
    if isinstance(shape, int):
        shape = (shape,)
    n = 1
    for s in shape:
        n *= s
    if draws:  # floats already: no need for array()'s walk over nested lists
        return ndarray(tuple(shape), dtype, dtype._dtype.cast_all(draws(n)))
    return array([draw() for _ in range(n)], dtype).reshape(tuple(shape))


def rand(*shape):
    return _shaped(shape or None, _uniform01, float64, _uniforms)


def random(size=None):
    return _shaped(size, _uniform01, float64, _uniforms)


random_sample = random


def uniform(low=0.0, high=1.0, size=None):
    return _shaped(size, lambda: low + (high - low) * _uniform01(), float64)


def randn(*shape):
    return _shaped(shape or None, _gaussian, float64)


def normal(loc=0.0, scale=1.0, size=None):
    if hasattr(loc, 'shape'):  # an array of means: one draw per element, its shape
        return array([m + scale * _gaussian() for m in loc._flat()], float64).reshape(loc.shape)
    return _shaped(size, lambda: loc + scale * _gaussian(), float64)


def randint(low, high=None, size=None, dtype=int64):
    if high is None:
        low, high = 0, low
    return _shaped(size, lambda: low + _next() % (high - low), dtype)
