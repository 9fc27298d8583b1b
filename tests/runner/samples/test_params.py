"""parametrize: ids, stacking, pytest.param, indirect, fixture params; checked by
`--collect-only` in check_runner.sh."""
import pytest


class Thing:
    pass


def make_value(x):
    return x


@pytest.mark.parametrize("x", [1, 2, 3])
def test_single(x):
    assert x in (1, 2, 3)


@pytest.mark.parametrize("a,b", [(1, 2), ("x y", None), (True, 1.5), (-3, "")])
def test_pairs(a, b):
    pass


@pytest.mark.parametrize("old, new", [(0, 0), (2, None), ("x = 0.0", "x = 0.0")])
def test_spaces_in_names(old, new):
    pass


@pytest.mark.parametrize("x", [0, 1])
@pytest.mark.parametrize("y", [2, 3])
def test_stacked(x, y):
    assert (x, y) in [(0, 2), (1, 2), (0, 3), (1, 3)]


@pytest.mark.parametrize("v", [Thing(), Thing, make_value, [1, 2], (3,), {"k": 1}, "caf\u00e9", "a\nb"])
def test_id_kinds(v):
    pass


@pytest.mark.parametrize("v", ["a", "a", "b", 1, 1])
def test_duplicate_ids(v):
    pass


@pytest.mark.parametrize("v", [
    pytest.param(1, id="one"),
    pytest.param(2, marks=pytest.mark.skip(reason="skip two")),
    pytest.param(3, marks=pytest.mark.xfail(reason="three fails")),
])
def test_param_objects(v):
    assert v != 3


@pytest.mark.parametrize("v", [10, 20], ids=["ten", "twenty"])
def test_ids_list(v):
    pass


@pytest.mark.parametrize("v", [10, 20], ids=lambda v: "v%d" % (v // 10))
def test_ids_callable(v):
    pass


@pytest.mark.parametrize(["p", "q"], [(1, 2)])
def test_argnames_list(p, q):
    assert (p, q) == (1, 2)


@pytest.mark.parametrize("v", [])
def test_empty(v):
    pass


@pytest.fixture
def doubled(request):
    return request.param * 2


@pytest.mark.parametrize("doubled", [1, 5], indirect=True)
def test_indirect(doubled):
    assert doubled in (2, 10)


@pytest.fixture(params=["p", "q"])
def letter(request):
    return request.param.upper()


def test_fixture_params(letter):
    assert letter in ("P", "Q")


@pytest.mark.parametrize("n", [1])
def test_fixture_params_and_parametrize(letter, n):
    assert n == 1


@pytest.mark.parametrize("x,y", [(1, 2), (3, 5)])
def test_param_fails(x, y):
    assert y == x + 1
