"""numpy.testing for exocc's numpy subset: the assertions Exo's tests use, with numpy's
tolerances."""
from numpy._core import asarray, ndarray


def _pairs(actual, desired, what):
    a, d = asarray(actual), asarray(desired)
    if a.shape != d.shape and d.shape != () and a.shape != ():
        raise AssertionError(f"\nArrays are not {what}\n\n(shapes {a.shape}, {d.shape} "
                             f"mismatch)\n x: {a}\n y: {d}")
    av, dv = a._flat(), d._flat()
    if len(av) == 1 and len(dv) != 1:
        av = av * len(dv)
    if len(dv) == 1 and len(av) != 1:
        dv = dv * len(av)
    return a, d, av, dv


def _check(actual, desired, close, what, err_msg):
    a, d, av, dv = _pairs(actual, desired, what)
    bad = [i for i, (x, y) in enumerate(zip(av, dv)) if not close(x, y)]
    if bad:
        worst = max(abs(av[i] - dv[i]) for i in bad) if all(
            isinstance(v, (int, float)) for v in av + dv) else None
        msg = (f"\nArrays are not {what}\n{err_msg}\nMismatched elements: {len(bad)} / "
               f"{len(av)} ({100.0 * len(bad) / max(len(av), 1):.3g}%)")
        if worst is not None:
            msg += f"\nMax absolute difference: {worst:.8g}"
        msg += f"\n x: {a!r}\n y: {d!r}"
        raise AssertionError(msg)


def _nan_equal(x, y):
    return x != x and y != y


def assert_almost_equal(actual, desired, decimal=7, err_msg='', verbose=True):
    tol = 1.5 * 10.0 ** (-decimal)
    _check(actual, desired, lambda x, y: _nan_equal(x, y) or x == y or abs(y - x) < tol,
           f"almost equal to {decimal} decimals", err_msg)


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg='',
                    verbose=True):
    _check(actual, desired,
           lambda x, y: (equal_nan and _nan_equal(x, y)) or x == y or abs(x - y) <= atol + rtol * abs(y),
           f"equal to tolerance rtol={rtol:g}, atol={atol:g}", err_msg)


def assert_array_equal(actual, desired, err_msg='', verbose=True):
    _check(actual, desired, lambda x, y: x == y or _nan_equal(x, y), "equal", err_msg)


def assert_equal(actual, desired, err_msg='', verbose=True):
    if isinstance(actual, ndarray) or isinstance(desired, ndarray):
        assert_array_equal(actual, desired, err_msg)
    elif actual != desired:
        raise AssertionError(f"\nItems are not equal:\n{err_msg}\n ACTUAL: {actual!r}\n "
                             f"DESIRED: {desired!r}")
