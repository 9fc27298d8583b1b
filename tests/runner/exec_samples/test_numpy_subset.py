"""exocc's numpy subset (test_support/numpy): the semantics Exo's tests rely on."""
import math

import numpy as np
import pytest


def test_float32_rounds_on_store():
    # 0.1 has no exact binary form: as a float32 it is 13421773 / 2**27.
    x = np.array([0.1, 1.0 / 3.0], dtype=np.float32)
    assert x[0] == 13421773 / 2**27
    assert x[1] == 11184811 / 2**25
    assert np.float32(16777217.0) == 16777216.0  # 2**24 + 1 ties to even
    assert np.float32(16777219.0) == 16777220.0
    assert np.float32(3.5e38) == float("inf")
    assert np.float32(1e-46) == 0.0
    assert np.float32(2.0 ** -140) == 2.0 ** -140  # a subnormal keeps its value
    y = x * 3
    assert y.dtype == np.float32
    assert y[1] == np.float32(x[1] * 3)


def test_integer_types_wrap():
    assert np.array([200, -129], dtype=np.int8).tolist() == [-56, 127]
    assert np.array([-1, 256], dtype=np.uint8).tolist() == [255, 0]
    assert np.array([2**31], dtype=np.int32)[0] == -2**31


class _Halves:
    """Not a plain number: bulk casts leave it to the dtype's own cast."""

    def __float__(self):
        return 0.5

    def __int__(self):
        return 7

    def __bool__(self):
        return False


def _same(xs, ys):
    return len(xs) == len(ys) and all(
        (x != x and y != y) or (x == y and math.copysign(1, x) == math.copysign(1, y)
                                if isinstance(x, float) else x == y and type(x) is type(y))
        for x, y in zip(xs, ys))


def test_bulk_casts_agree_with_the_scalar_casts():
    # Arrays are built by a native bulk cast; np.float32(v) and friends run the dtype's
    # cast in Python, one value at a time. Both must give the same values.
    plain = [0, 1, -1, 127, 128, -129, 255, 256, 65535, 2**31, -2**31 - 1, 2**53 + 1,
             2**62 - 1 + 2**62, -2**62 * 2, True, False, 0.0, -0.0, 0.1, -2.5, 2.5, 255.9, -255.9,
             16777217.0, 3.4028235e38, 3.5e38, -3.5e38, 1e-46, 2.0 ** -140, 2.0 ** -150,
             3.0 * 2.0 ** -151, 1.5e300]
    special = [float("inf"), -float("inf"), float("nan")]
    ints = [v for v in plain if not isinstance(v, float) or abs(v) < 2.0 ** 63]
    for t in (np.float64, np.float32, np.bool_):
        values = plain + special
        assert _same(np.array(values, dtype=t).tolist(), [t(v) for v in values]), t
    for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        assert _same(np.array(ints, dtype=t).tolist(), [t(v) for v in ints]), t
        in_range = [v for v in ints if abs(float(v)) < 2.0 ** 63]
        assert _same(np.array(in_range, dtype=np.float64).astype(t).tolist(),
                     [t(float(v)) for v in in_range]), t
    odd = [1, _Halves(), 2.0]
    assert np.array(odd, dtype=np.float32).tolist() == [1.0, 0.5, 2.0]
    assert np.array(odd, dtype=np.int8).tolist() == [1, 7, 2]
    with pytest.raises(ValueError):
        np.array([1.0, float("nan")], dtype=np.int32)  # as int(nan) raises


def test_numbers_cross_to_c_and_back_exactly(tmp_path):
    from numpy import _native
    import _host
    path = str(tmp_path / "numbers")
    reals = [0.0, -0.0, 0.1, 1.0 / 3.0, 1e-310, 1.7976931348623157e308, -2.5e-8, 12345, True,
             float("inf")]
    _native.write_numbers(path, reals, 'f64')
    back = _host.read_numbers(path, 'f64')
    assert back == [float(v) for v in reals]
    assert [math.copysign(1.0, v) for v in back[:2]] == [1.0, -1.0]
    _native.write_numbers(path, [float("nan")], 'f64')
    assert math.isnan(_host.read_numbers(path, 'f64')[0])
    ints = [0, -1, 9223372036854775807, -9223372036854775807 - 1, True, 2.9, -2.9]
    _native.write_numbers(path, ints, 'i64')
    assert _host.read_numbers(path, 'i64') == [int(v) for v in ints]
    _native.write_numbers(path, [0, 255, 256, -1, 300], 'u8')  # wrapped as C converts
    assert _host.read_numbers(path, 'u8') == [0, 255, 0, 255, 44]
    # what is not a plain number goes through float() or int(), which may raise
    _native.write_numbers(path, [1, _Halves(), 2.0], 'f64')
    assert _host.read_numbers(path, 'f64') == [1.0, 0.5, 2.0]
    _native.write_numbers(path, [1, _Halves()], 'i64')
    assert _host.read_numbers(path, 'i64') == [1, 7]
    with pytest.raises(ValueError):
        _native.write_numbers(path, [1.0, float("nan")], 'i64')
    with pytest.raises(OverflowError):
        _native.write_numbers(path, [1e30], 'i64')
    assert _host.read_numbers(path, 'i64') == [1, 7]  # a failed write leaves the file
    odd = str(tmp_path / "odd")
    _host.write_text(odd, "abc")
    with pytest.raises(ValueError, match="not a whole number of 8-byte values"):
        _host.read_numbers(odd, 'f64')
    with pytest.raises(ValueError, match="unknown kind"):
        _host.read_numbers(path, 'f32')


def test_shapes_views_and_broadcasting():
    a = np.zeros(shape=(2, 3), dtype=np.float32)
    a[1] = [1.0, 2.0, 3.0]
    row = a[1]
    row[0] = 7.0  # a row is a view: the write reaches a
    assert a.tolist() == [[0.0, 0.0, 0.0], [7.0, 2.0, 3.0]]
    b = a + np.array([10.0, 20.0, 30.0], dtype=np.float32)
    assert b.tolist() == [[10.0, 20.0, 30.0], [17.0, 22.0, 33.0]]
    assert (-a).tolist()[1] == [-7.0, -2.0, -3.0]
    assert a.shape == (2, 3) and a.size == 6 and a.ndim == 2
    assert np.zeros_like(a, dtype=np.float64).dtype == np.float64
    with pytest.raises(IndexError):
        a[2, 0]


def test_matmul_is_the_python_loop():
    np.random.seed(7)
    a = np.random.rand(70, 70)
    b = np.random.rand(70, 70)
    product = a @ b  # computed natively
    for i, j in [(0, 0), (13, 57), (69, 69)]:
        expected = 0.0
        for k in range(70):
            expected += a[i, k] * b[k, j]
        assert product[i, j] == expected  # the same sums in the same order
    small = np.array([[1.0, 2.0], [3.0, 4.0]]) @ np.array([[5, 6]], dtype=np.int32).T
    assert small.tolist() == [[17.0], [39.0]]


def test_random_is_seeded_and_in_range():
    np.random.seed(1)
    first = np.random.rand(100)
    np.random.seed(1)
    again = np.random.rand(100)
    assert np.array_equal(first, again)
    assert all(0.0 <= v < 1.0 for v in first.tolist())
    assert len(set(first.tolist())) == 100
    # arrays are drawn natively, single values in Python: one stream all the same
    np.random.seed(7)
    bulk = np.random.rand(50).tolist() + [np.random.random()]
    np.random.seed(7)
    single = [np.random.random() for _ in range(51)]
    assert bulk == single


def test_testing_assertions():
    np.testing.assert_almost_equal(np.array([1.0, 2.0]), [1.0 + 1e-8, 2.0])
    with pytest.raises(AssertionError, match="Arrays are not almost equal to 7 decimals"):
        np.testing.assert_almost_equal(np.array([1.0, 2.0]), [1.0, 2.001])
    np.testing.assert_almost_equal(np.array([1.0]), [1.0004], decimal=3)
    with pytest.raises(AssertionError):
        np.testing.assert_allclose([1.0], [1.1], rtol=1e-3)
    assert np.allclose([1.0, 2.0], [1.0, 2.0000001])
    assert not np.allclose([1.0], [1.01])


def test_unsupported_pieces_say_so():
    with pytest.raises(NotImplementedError, match="numpy.fft"):
        np.fft
    with pytest.raises(NotImplementedError, match="integer indices only"):
        np.zeros(4)[1:3]
