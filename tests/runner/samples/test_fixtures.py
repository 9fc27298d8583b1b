"""Fixtures: yield teardown order, dependencies, scopes, autouse, request, tmp_path,
capsys, monkeypatch, overriding, errors."""
from __future__ import annotations

import os
import pytest

LOG = []


@pytest.fixture
def first():
    LOG.append("first setup")
    yield "first"
    LOG.append("first teardown")


@pytest.fixture
def second(first):
    LOG.append("second setup")
    yield first + "+second"
    LOG.append("second teardown")


@pytest.fixture(scope="module")
def module_thing():
    LOG.append("module_thing setup")
    yield {"count": 0}
    LOG.append("module_thing teardown")


@pytest.fixture(autouse=True)
def auto():
    LOG.append("auto setup")
    yield
    LOG.append("auto teardown")


def test_dependencies(second, request):
    assert second == "first+second"
    request.addfinalizer(lambda: LOG.append("finalizer"))
    assert LOG[-3:] == ["auto setup", "first setup", "second setup"]


def test_teardown_order():
    # test_dependencies' teardown ran in reverse setup order.
    i = LOG.index("second setup")
    assert LOG[i + 1:i + 6] == ["finalizer", "second teardown", "first teardown",
                                "auto teardown", "auto setup"]


def test_module_scope_1(module_thing):
    module_thing["count"] += 1
    assert module_thing["count"] == 1


def test_module_scope_2(module_thing, session_counter):
    module_thing["count"] += 1
    assert module_thing["count"] == 2
    assert LOG.count("module_thing setup") == 1


def test_conftest_fixtures(events, sample_flag):
    assert events is not None
    assert sample_flag is False


def test_request_attributes(request):
    assert request.node.name == "test_request_attributes"
    assert request.function.__name__ == "test_request_attributes"
    assert str(request.fspath).endswith("test_fixtures.py")
    assert request.config.getoption("--update-golden") in (True, False)
    assert request.config.getoption("verbose") >= -1
    assert request.config.getoption("nonexistent", default=7) == 7


def test_tmp_path(tmp_path):
    assert tmp_path.is_dir()
    assert tmp_path.name.startswith("test_tmp_path")
    p = tmp_path / "sub" / "file.txt"
    p.parent.mkdir(parents=True, exist_ok=True)
    assert p.write_text("hello\n") == 6
    assert p.read_text() == "hello\n"
    assert p.exists() and p.is_file()
    assert [q.name for q in tmp_path.iterdir()] == ["sub"]
    assert [q.name for q in tmp_path.glob("*/*.txt")] == ["file.txt"]
    assert p.suffix == ".txt" and p.stem == "file"
    assert p.with_suffix(".c").name == "file.c"
    assert p.relative_to(tmp_path).as_posix() == "sub/file.txt"
    assert os.fspath(p) == str(p)


def test_tmp_path_is_fresh(tmp_path):
    assert list(tmp_path.iterdir()) == []


def test_capsys(capsys):
    print("hello")
    print("oops", file=__import__("sys").stderr)
    out, err = capsys.readouterr()
    assert out == "hello\n"
    assert err == "oops\n"
    print("again")
    assert capsys.readouterr().out == "again\n"


class Config:
    value = 1


def test_monkeypatch(monkeypatch):
    monkeypatch.setattr(Config, "value", 2)
    monkeypatch.setitem(os.environ, "EXOCC_SAMPLE", "1")
    assert Config.value == 2


def test_monkeypatch_undone():
    assert Config.value == 1
    assert "EXOCC_SAMPLE" not in os.environ


@pytest.fixture
def overridden(overridden):
    return overridden + ", extended in module"


def test_override_chain(overridden):
    assert overridden == "from conftest, extended in module"


def test_missing_fixture(no_such_fixture):
    pass


@pytest.fixture
def broken_fixture():
    raise RuntimeError("fixture setup exploded")


def test_fixture_error(broken_fixture):
    pass


@pytest.fixture
def broken_teardown():
    yield 1
    raise RuntimeError("teardown exploded")


def test_teardown_error(broken_teardown):
    pass


def test_printing_failure():
    print("some captured output")
    assert False


def test_compiler_builds(compiler):
    from exo import proc

    @proc
    def scale(n: size, x: f32[n]):
        for i in seq(0, n):
            x[i] = 2.0 * x[i]

    import os.path
    assert os.path.exists(compiler.compile(scale, compile_only=True))


def test_pytestconfig(pytestconfig):
    assert pytestconfig.getoption("update_golden") in (True, False)


def test_last_sees_module_log():
    assert "module_thing teardown" not in LOG
