"""Outcomes: pass, fail, error, skip, skipif, xfail, pytest.skip/fail, marks, classes."""
import sys
import pytest


def add(a, b):
    return a + b


def helper_that_raises():
    raise ValueError("bad value from helper")


def test_pass():
    assert add(1, 2) == 3


def test_fail_assert():
    x = add(1, 2)
    assert x == 4


def test_fail_assert_message():
    assert add(2, 2) == 5, "two plus two"


def test_fail_multiline_assert():
    assert add(
        1, 1
    ) == 3


def test_error_in_helper():
    helper_that_raises()


@pytest.mark.skip(reason="not today")
def test_skip_mark():
    assert False


@pytest.mark.skip
def test_skip_bare():
    assert False


@pytest.mark.skip("positional reason")
def test_skip_positional():
    assert False


@pytest.mark.skipif(sys.platform == "linux", reason="skipped on linux")
def test_skipif_true():
    assert False


@pytest.mark.skipif(False, reason="never")
def test_skipif_false():
    pass


def test_skip_call():
    pytest.skip("skipped from inside")
    assert False


def test_fail_call():
    pytest.fail("explicit failure message")


@pytest.mark.xfail(reason="known bug")
def test_xfail_fails():
    assert 1 == 2


@pytest.mark.xfail(reason="fixed already")
def test_xfail_passes():
    pass


@pytest.mark.xfail(strict=True, reason="must fail")
def test_xfail_strict_passes():
    pass


@pytest.mark.xfail(raises=KeyError, reason="wrong exception")
def test_xfail_wrong_exception():
    raise IndexError("not a KeyError")


@pytest.mark.board("AVX2")
@pytest.mark.slow
def test_custom_marks(request):
    marks = [m.name for m in request.node.iter_markers()]
    assert marks == ["slow", "board"]
    assert request.node.get_closest_marker("board").args == ("AVX2",)


@pytest.mark.board("NEON")
def test_skipped_by_conftest_hook():
    assert False


# Exo's isa mark is built in: no CPU has this feature unless EXO_OVERRIDE_CPUINFO names it.
@pytest.mark.isa("Made_Up_Feature")
def test_isa_mark():
    assert True


def test_approx():
    assert 0.1 + 0.2 == pytest.approx(0.3)
    assert [0.1 + 0.2, 1.0] == pytest.approx([0.3, 1.0])
    assert {"a": 0.1 + 0.2} == pytest.approx({"a": 0.3})
    assert 1.0 != pytest.approx(1.1)
    assert 100.0 == pytest.approx(101.0, rel=0.05)
    assert 1.0 == pytest.approx(1.05, abs=0.1)
    assert repr(pytest.approx(0.3)) == "0.3 \u00b1 3.0e-07"


def test_system_exit_is_a_failure():
    sys.exit(3)


class TestClass:
    calls = []

    def setup_method(self, method):
        self.calls.append("setup " + method.__name__)

    def teardown_method(self, method):
        self.calls.append("teardown " + method.__name__)

    def test_one(self):
        assert self.calls == ["setup test_one"]

    def test_two(self):
        assert self.calls[-1] == "setup test_two"
        assert self.calls[:2] == ["setup test_one", "teardown test_one"]

    def helper(self):  # not a test
        raise AssertionError("collected a helper")


class TestWithInit:  # not collected (has __init__), as in pytest
    def __init__(self):
        pass

    def test_never(self):
        assert False


class NotATestClass:
    def test_never(self):
        assert False


@pytest.fixture
def test_named_like_a_test():  # a fixture, not a test
    assert False
