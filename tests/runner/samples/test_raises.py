"""pytest.raises: context manager and callable forms, match, excinfo."""
import re
import pytest


def divide(a, b):
    return a / b


def test_raises_basic():
    with pytest.raises(ZeroDivisionError):
        divide(1, 0)


def test_raises_excinfo():
    with pytest.raises(ValueError, match=r"bad \w+") as excinfo:
        raise ValueError("bad input 42")
    assert excinfo.type is ValueError
    assert str(excinfo.value) == "bad input 42"
    assert excinfo.value.args == ("bad input 42",)
    assert excinfo.typename == "ValueError"
    assert excinfo.match("input")


def test_raises_tuple_and_subclass():
    with pytest.raises((KeyError, TypeError)):
        {}["missing"]
    with pytest.raises(LookupError):
        [][0]


def test_raises_callable_form():
    excinfo = pytest.raises(ZeroDivisionError, divide, 1, 0)
    assert excinfo.type is ZeroDivisionError


def test_raises_match_uses_search():
    with pytest.raises(TypeError, match="unsupported operand"):
        1 + "a"


def test_raises_match_escape():
    with pytest.raises(ValueError, match=re.escape("a (b) [c]")):
        raise ValueError("x a (b) [c] y")


def test_raises_no_exception():
    with pytest.raises(KeyError):
        pass


def test_raises_match_fails():
    with pytest.raises(ValueError, match="^expected$"):
        raise ValueError("something else")


def test_raises_wrong_type_propagates():
    with pytest.raises(KeyError):
        raise IndexError("not a key error")


def test_raises_skip_passes_through():
    with pytest.raises(ValueError):
        pytest.skip("skip is not an exception to catch")
