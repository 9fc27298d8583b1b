"""ndarray, dtypes and the array functions of exocc's numpy subset."""
import _host
import builtins
import math


# ------------------------------------------------------------------ rounding

def _round_to_bits(x, bits, min_exp, max_exp):
    """x rounded to nearest-even with `bits` of significand, as an IEEE binary format
    whose normal exponents (frexp's convention) run from min_exp to max_exp."""
    if x != x or x in (math.inf, -math.inf) or x == 0.0:
        return x
    m, e = math.frexp(x)
    if e > max_exp:
        return math.copysign(math.inf, x)
    keep = bits if e >= min_exp else bits - (min_exp - e)  # subnormals keep fewer bits
    if keep < 0:
        return math.copysign(0.0, x)
    scaled = math.ldexp(m, keep)
    low = math.floor(scaled)
    frac = scaled - low
    if frac > 0.5 or (frac == 0.5 and low % 2 == 1):
        low += 1
    r = math.ldexp(low, e - keep)
    if math.fabs(r) >= math.ldexp(1.0, max_exp):
        return math.copysign(math.inf, x)
    return r


def _to_f32(x):
    if type(x) is int and -16777216 <= x <= 16777216:  # exact: the common case of pixels
        return float(x)
    return _round_to_bits(float(x), 24, -125, 128)


def _to_f16(x):
    return _round_to_bits(float(x), 11, -13, 16)


def _wrap_int(bits, signed):
    if bits == 64:  # exocc's integers are 64-bit already
        return lambda x: int(x)
    mask = (1 << bits) - 1
    half = 1 << (bits - 1)

    def cast(x):
        v = int(x) & mask
        return v - (1 << bits) if signed and v >= half else v
    return cast


# --------------------------------------------------------------------- dtypes

class dtype:
    """An element type: its name, kind ('f', 'i', 'u', 'b'), size, C type and cast."""
    _by_name = {}

    def __new__(cls, spec):
        if isinstance(spec, dtype):
            return spec
        if isinstance(spec, type) and issubclass(spec, _scalar):
            return spec._dtype
        if spec is builtins.float:
            return float64._dtype
        if spec is builtins.int:
            return int64._dtype
        if spec is builtins.bool:
            return bool_._dtype
        if isinstance(spec, str) and spec in dtype._by_name:
            return dtype._by_name[spec]
        raise NotImplementedError(f"numpy.dtype({spec!r}): not in exocc's numpy subset")

    @classmethod
    def _make(cls, name, kind, itemsize, ctype, cast):
        d = object.__new__(cls)
        d.name, d.kind, d.itemsize, d.ctype, d.cast = name, kind, itemsize, ctype, cast
        dtype._by_name[name] = d
        return d

    @property
    def type(self):
        return _scalar_types[self.name]

    def cast_all(self, values):
        """[self.cast(v) for v in values]; natively when the values are plain numbers."""
        out = _host.cast_numbers(values, self.name)
        return out if out is not None else [self.cast(v) for v in values]

    def __eq__(self, other):
        try:
            return self is dtype(other)
        except NotImplementedError:
            return False

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"dtype('{self.name}')"

    def __str__(self):
        return self.name


class _scalar:
    """Base of the scalar type objects (np.float32, ...): calling one casts a value."""

    def __new__(cls, value=0):
        if isinstance(value, ndarray):
            return value.astype(cls)
        return cls._dtype.cast(value)


_scalar_types = {}


def _scalar_type(name, kind, itemsize, ctype, cast):
    t = type(name, (_scalar,), {})
    t._dtype = dtype._make(name, kind, itemsize, ctype, cast)
    _scalar_types[name] = t
    return t


float16 = _scalar_type('float16', 'f', 2, None, _to_f16)
float32 = _scalar_type('float32', 'f', 4, 'float', _to_f32)
float64 = _scalar_type('float64', 'f', 8, 'double', builtins.float)
int8 = _scalar_type('int8', 'i', 1, 'int8_t', _wrap_int(8, True))
int16 = _scalar_type('int16', 'i', 2, 'int16_t', _wrap_int(16, True))
int32 = _scalar_type('int32', 'i', 4, 'int32_t', _wrap_int(32, True))
int64 = _scalar_type('int64', 'i', 8, 'int64_t', _wrap_int(64, True))
uint8 = _scalar_type('uint8', 'u', 1, 'uint8_t', _wrap_int(8, False))
uint16 = _scalar_type('uint16', 'u', 2, 'uint16_t', _wrap_int(16, False))
uint32 = _scalar_type('uint32', 'u', 4, 'uint32_t', _wrap_int(32, False))
uint64 = _scalar_type('uint64', 'u', 8, 'uint64_t', _wrap_int(64, False))
bool_ = _scalar_type('bool', 'b', 1, 'bool', builtins.bool)
single, double, float_, int_, intc, uint = float32, float64, float64, int64, int32, uint64
for _alias, _t in (('f4', float32), ('f8', float64), ('f2', float16), ('i1', int8),
                   ('i2', int16), ('i4', int32), ('i8', int64), ('u1', uint8), ('u2', uint16),
                   ('u4', uint32), ('u8', uint64), ('float', float64), ('int', int64)):
    dtype._by_name[_alias] = _t._dtype


def _result_dtype(a, b):
    """The dtype of an operation on two dtypes (numpy's promotion, for these types)."""
    if a is b:
        return a
    if a.kind == 'f' or b.kind == 'f':
        floats = [d for d in (a, b) if d.kind == 'f']
        ints = [d for d in (a, b) if d.kind != 'f']
        best = builtins.max(floats, key=lambda d: d.itemsize)
        if ints and ints[0].itemsize >= best.itemsize and best.itemsize < 8:
            return float64._dtype
        return best
    if a.kind == 'b':
        return b
    if b.kind == 'b':
        return a
    if a.kind == b.kind:
        return a if a.itemsize >= b.itemsize else b
    signed, unsigned = (a, b) if a.kind == 'i' else (b, a)
    if signed.itemsize > unsigned.itemsize:
        return signed
    return {1: int16, 2: int32, 4: int64}.get(unsigned.itemsize, float64)._dtype


def _scalar_dtype(value, other):
    """A Python scalar combined with an array of dtype `other` keeps the array's dtype
    unless its kind is wider (a float with an integer array gives float64)."""
    if isinstance(value, builtins.bool):
        return other
    if isinstance(value, builtins.int):
        return other if other.kind != 'b' else int64._dtype
    return other if other.kind == 'f' else float64._dtype


# --------------------------------------------------------------------- ndarray

def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _shape_of(obj):
    if isinstance(obj, ndarray):
        return obj.shape
    if isinstance(obj, (list, tuple)):
        if not obj:
            return (0,)
        inner = _shape_of(obj[0])
        for item in obj[1:]:
            if _shape_of(item) != inner:
                raise ValueError("setting an array element with a sequence: the nested "
                                 "lists have different lengths")
        return (len(obj),) + inner
    return ()


def _flatten(obj, out):
    if isinstance(obj, ndarray):
        out.extend(obj._flat())
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            _flatten(item, out)
    else:
        out.append(obj)
    return out


def _infer_dtype(values):
    if any(isinstance(v, builtins.float) for v in values):
        return float64._dtype
    if values and all(isinstance(v, builtins.bool) for v in values):
        return bool_._dtype
    return int64._dtype


class ndarray:
    """A contiguous row-major array: `_buf[_off:_off + size]` holds its elements."""

    def __init__(self, shape, dtype=float64, buffer=None, offset=0):
        if isinstance(shape, builtins.int):
            shape = (shape,)
        self.shape = tuple(shape)
        self.dtype = _dtype_of(dtype)
        size = _prod(self.shape)
        self._buf = buffer if buffer is not None else [self.dtype.cast(0)] * size
        self._off = offset

    # -- geometry
    @property
    def size(self):
        return _prod(self.shape)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def _flat(self):
        return self._buf[self._off:self._off + self.size]

    def _with(self, values, dt=None, shape=None):
        return ndarray(self.shape if shape is None else shape, dt or self.dtype, values)

    # -- indexing
    def _locate(self, key):
        """(offset, remaining shape) of an index made of integers on leading axes."""
        if not isinstance(key, tuple):
            key = (key,)
        if len(key) > len(self.shape):
            raise IndexError(f"too many indices for array: array is {len(self.shape)}-"
                             f"dimensional, but {len(key)} were indexed")
        off = self._off
        stride = self.size
        for axis, k in enumerate(key):
            if not isinstance(k, builtins.int) or isinstance(k, builtins.bool):
                raise NotImplementedError("numpy indexing: exocc's numpy subset takes "
                                          "integer indices only")
            n = self.shape[axis]
            if k < -n or k >= n:
                raise IndexError(f"index {k} is out of bounds for axis {axis} with size {n}")
            stride //= n
            off += (k % n) * stride
        return off, self.shape[len(key):]

    def __getitem__(self, key):
        off, rest = self._locate(key)
        if not rest:
            return self._buf[off]
        return ndarray(rest, self.dtype, self._buf, off)

    def __setitem__(self, key, value):
        off, rest = self._locate(key)
        if not rest:
            self._buf[off] = self.dtype.cast(value)
            return
        n = _prod(rest)
        values = _broadcast_values(value, rest, n)
        cast = self.dtype.cast
        for i in range(n):
            self._buf[off + i] = cast(values[i])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    # -- conversion
    def astype(self, dt):
        d = _dtype_of(dt)
        return self._with(d.cast_all(self._flat()), d)

    def copy(self):
        return self._with(self._flat())

    def tolist(self):
        flat = self._flat()
        return _nest(flat, self.shape) if self.shape else flat[0]

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        if -1 in shape:
            known = _prod([s for s in shape if s != -1])
            shape = tuple(self.size // known if s == -1 else s for s in shape)
        if _prod(shape) != self.size:
            raise ValueError(f"cannot reshape array of size {self.size} into shape {shape}")
        return ndarray(shape, self.dtype, self._buf, self._off)

    def flatten(self):
        return self._with(self._flat(), shape=(self.size,))

    ravel = flatten

    def fill(self, value):
        v = self.dtype.cast(value)
        for i in range(self.size):
            self._buf[self._off + i] = v

    @property
    def T(self):
        if self.ndim < 2:
            return self
        if self.ndim != 2:
            raise NotImplementedError("numpy .T: exocc's numpy subset transposes 2-D arrays")
        r, c = self.shape
        flat = self._flat()
        return self._with([flat[i * c + j] for j in range(c) for i in range(r)], shape=(c, r))

    def sum(self, axis=None):
        return sum(self, axis)

    def max(self):
        return builtins.max(self._flat())

    def min(self):
        return builtins.min(self._flat())

    def __float__(self):
        return builtins.float(self._single())

    def __int__(self):
        return builtins.int(self._single())

    def __bool__(self):
        return builtins.bool(self._single())

    def _single(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        return self._buf[self._off]

    def any(self):
        return builtins.any(self._flat())

    def all(self):
        return builtins.all(self._flat())

    # -- arithmetic
    def _binary(self, other, op, reflected=False, result=None):
        if isinstance(other, (list, tuple)):
            other = array(other)
        if isinstance(other, ndarray):
            dt = _result_dtype(self.dtype, other.dtype)
            shape = _broadcast_shape(self.shape, other.shape)
            a = _broadcast_values(self, shape, _prod(shape))
            b = _broadcast_values(other, shape, _prod(shape))
        else:
            dt = _scalar_dtype(other, self.dtype)
            shape = self.shape
            a = self._flat()
            b = [other] * len(a)
        if reflected:
            a, b = b, a
        out = result or dt
        cast = out.cast
        return ndarray(shape, out, [cast(op(x, y)) for x, y in zip(a, b)])

    def __add__(self, o): return self._binary(o, lambda x, y: x + y)
    def __radd__(self, o): return self._binary(o, lambda x, y: x + y, True)
    def __sub__(self, o): return self._binary(o, lambda x, y: x - y)
    def __rsub__(self, o): return self._binary(o, lambda x, y: x - y, True)
    def __mul__(self, o): return self._binary(o, lambda x, y: x * y)
    def __rmul__(self, o): return self._binary(o, lambda x, y: x * y, True)
    def __truediv__(self, o): return self._binary(o, _divide, False, _float_result(self, o))
    def __rtruediv__(self, o): return self._binary(o, _divide, True, _float_result(self, o))
    def __floordiv__(self, o): return self._binary(o, lambda x, y: x // y)
    def __mod__(self, o): return self._binary(o, lambda x, y: x % y)
    def __pow__(self, o): return self._binary(o, lambda x, y: x ** y)

    def __lt__(self, o): return self._binary(o, lambda x, y: x < y, result=bool_._dtype)
    def __le__(self, o): return self._binary(o, lambda x, y: x <= y, result=bool_._dtype)
    def __gt__(self, o): return self._binary(o, lambda x, y: x > y, result=bool_._dtype)
    def __ge__(self, o): return self._binary(o, lambda x, y: x >= y, result=bool_._dtype)
    def __eq__(self, o): return self._binary(o, lambda x, y: x == y, result=bool_._dtype)
    def __ne__(self, o): return self._binary(o, lambda x, y: x != y, result=bool_._dtype)

    __hash__ = None

    def __neg__(self):
        return self._with([self.dtype.cast(-v) for v in self._flat()])

    def __pos__(self):
        return self.copy()

    def __abs__(self):
        return self._with([self.dtype.cast(builtins.abs(v)) for v in self._flat()])

    def __matmul__(self, other):
        return matmul(self, other)

    def __repr__(self):
        return f"array({self.tolist()!r}, dtype={self.dtype.name})"

    def __str__(self):
        return str(self.tolist())


def _divide(x, y):
    if y == 0:
        if x == 0 or x != x:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def _float_result(a, b):
    dt = a.dtype if not isinstance(b, ndarray) else _result_dtype(a.dtype, b.dtype)
    return dt if dt.kind == 'f' else float64._dtype


def _nest(flat, shape):
    if len(shape) == 1:
        return list(flat)
    step = _prod(shape[1:])
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _broadcast_shape(a, b):
    n = builtins.max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"operands could not be broadcast together with shapes "
                             f"{a} {b}")
        out.append(builtins.max(x, y))
    return tuple(out)


def _broadcast_values(value, shape, n):
    """The n elements of `value` (a scalar, a list or an array) spread over `shape`."""
    if isinstance(value, (list, tuple)):
        value = array(value)
    if not isinstance(value, ndarray):
        return [value] * n
    if value.shape == tuple(shape):
        return value._flat()
    src = (1,) * (len(shape) - len(value.shape)) + value.shape
    _broadcast_shape(src, shape)
    flat = value._flat()
    out = []
    for i in range(n):
        rem, idx, stride = i, 0, 1
        for axis in range(len(shape) - 1, -1, -1):
            coord = rem % shape[axis]
            rem //= shape[axis]
            if src[axis] != 1:
                idx += coord * stride
            stride *= src[axis]
        out.append(flat[idx])
    return out


def _dtype_of(spec):
    return dtype(spec)


# ------------------------------------------------------------------ creation

def array(obj, dtype=None, copy=True):
    if isinstance(obj, ndarray):
        return obj.astype(dtype if dtype is not None else obj.dtype)
    values = _flatten(obj, [])
    d = _dtype_of(dtype) if dtype is not None else _infer_dtype(values)
    return ndarray(_shape_of(obj), d, d.cast_all(values))


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or _dtype_of(dtype) is obj.dtype):
        return obj
    if hasattr(obj, '__array__'):
        obj = obj.__array__()
    return array(obj, dtype)


def full(shape, fill_value, dtype=None):
    if isinstance(shape, builtins.int):
        shape = (shape,)
    d = _dtype_of(dtype) if dtype is not None else _infer_dtype([fill_value])
    return ndarray(shape, d, [d.cast(fill_value)] * _prod(shape))


def zeros(shape, dtype=float64):
    return full(shape, 0, dtype)


def ones(shape, dtype=float64):
    return full(shape, 1, dtype)


empty = zeros


def _like(a, value, dtype, shape):
    a = asarray(a)
    return full(a.shape if shape is None else shape, value, dtype if dtype is not None else a.dtype)


def zeros_like(a, dtype=None, shape=None):
    return _like(a, 0, dtype, shape)


def ones_like(a, dtype=None, shape=None):
    return _like(a, 1, dtype, shape)


empty_like = zeros_like


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    values = []
    v = start
    while (step > 0 and v < stop) or (step < 0 and v > stop):
        values.append(v)
        v += step
    return array(values, dtype if dtype is not None else _infer_dtype(values + [start, step]))


def linspace(start, stop, num=50, endpoint=True, dtype=None):
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    values = [start + i * step for i in range(num)]
    if endpoint and num > 1:
        values[-1] = builtins.float(stop)
    return array([builtins.float(v) for v in values], dtype)


# ------------------------------------------------------------ element-wise

def _unary(fn, name):
    def apply(x):
        if isinstance(x, ndarray):
            dt = x.dtype if x.dtype.kind == 'f' else float64._dtype
            return x._with([dt.cast(fn(v)) for v in x._flat()], dt)
        if isinstance(x, (list, tuple)):
            return apply(array(x))
        return fn(x)
    apply.__name__ = name
    return apply


sqrt = _unary(math.sqrt, 'sqrt')
exp = _unary(math.exp, 'exp')
sin = _unary(math.sin, 'sin')
cos = _unary(math.cos, 'cos')
tanh = _unary(math.tanh, 'tanh')
floor = _unary(math.floor, 'floor')
ceil = _unary(math.ceil, 'ceil')


def absolute(x):
    return builtins.abs(asarray(x))


abs = absolute


def _pairwise(fn):
    def apply(a, b):
        a = asarray(a)
        return a._binary(b, fn)
    return apply


maximum = _pairwise(lambda x, y: x if x >= y else y)
minimum = _pairwise(lambda x, y: x if x <= y else y)


def where(cond, x, y):
    cond = asarray(cond)
    x_arr, y_arr = asarray(x), asarray(y)
    dt = _result_dtype(x_arr.dtype, y_arr.dtype)
    shape = _broadcast_shape(_broadcast_shape(cond.shape, x_arr.shape), y_arr.shape)
    n = _prod(shape)
    c = _broadcast_values(cond, shape, n)
    xs = _broadcast_values(x_arr, shape, n)
    ys = _broadcast_values(y_arr, shape, n)
    return ndarray(shape, dt, [dt.cast(xs[i] if c[i] else ys[i]) for i in range(n)])


def diff(a):
    a = asarray(a)
    if a.ndim != 1:
        raise NotImplementedError("numpy.diff: exocc's numpy subset takes 1-D arrays")
    flat = a._flat()
    return a._with([a.dtype.cast(flat[i + 1] - flat[i]) for i in range(len(flat) - 1)],
                   shape=(builtins.max(len(flat) - 1, 0),))


def outer(a, b):
    x, y = asarray(a).flatten(), asarray(b).flatten()
    dt = _result_dtype(x.dtype, y.dtype)
    return ndarray((x.size, y.size), dt, [dt.cast(u * v) for u in x._flat() for v in y._flat()])


def sum(a, axis=None):
    a = asarray(a)
    if axis is None:
        total = 0
        for v in a._flat():
            total += v
        return a.dtype.cast(total) if a.dtype.kind == 'f' else total
    if axis < 0:
        axis += a.ndim
    shape = a.shape[:axis] + a.shape[axis + 1:]
    outer_n, n, inner = _prod(a.shape[:axis]), a.shape[axis], _prod(a.shape[axis + 1:])
    flat = a._flat()
    out = []
    for o in range(outer_n):
        for i in range(inner):
            total = 0
            for k in range(n):
                total += flat[(o * n + k) * inner + i]
            out.append(a.dtype.cast(total))
    return ndarray(shape, a.dtype, out)


def matmul(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim != 2 or b.ndim != 2:
        raise NotImplementedError("numpy.matmul: exocc's numpy subset multiplies 2-D arrays")
    (m, k), (k2, n) = a.shape, b.shape
    if k != k2:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0 "
                         f"(size {k2} is different from {k})")
    dt = _result_dtype(a.dtype, b.dtype)
    from numpy import _native
    return ndarray((m, n), dt, dt.cast_all(_native.matmul(a._flat(), b._flat(), m, n, k)))


dot = matmul


# ------------------------------------------------------------- comparison

def array_equal(a, b):
    a, b = asarray(a), asarray(b)
    return a.shape == b.shape and a._flat() == b._flat()


def isclose(a, b, rtol=1e-05, atol=1e-08):
    a = asarray(a)
    return a._binary(b, lambda x, y: builtins.abs(x - y) <= atol + rtol * builtins.abs(y),
                     result=bool_._dtype)


def allclose(a, b, rtol=1e-05, atol=1e-08):
    return builtins.bool(isclose(a, b, rtol, atol).all())
