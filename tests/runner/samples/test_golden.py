"""The built-in `golden` fixture: golden/<file stem>/<test name>.txt."""
import pytest


def render(n):
    return "\n".join("line %d" % i for i in range(n))


def test_golden_match(golden):
    assert render(3) == golden


@pytest.mark.parametrize("n", [1, 2])
def test_golden_param(golden, n):
    assert render(n) == golden


def test_golden_mismatch(golden):
    assert render(4).replace("line 2", "LINE 2") == golden


def test_golden_missing(golden):
    assert render(2) == golden


def test_golden_path(golden, request):
    assert golden.path.name == "test_golden_path.txt"
    assert golden.path.parent.name == "test_golden"
    assert golden.path.parent.parent.name == "golden"
    assert "x" == golden
