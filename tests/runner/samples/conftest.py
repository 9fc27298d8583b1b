"""conftest.py for the `exocc test` samples: shared fixtures, an option and hooks."""
import pytest

EVENTS = []


def pytest_addoption(parser):
    parser.addoption("--sample-flag", action="store_true", default=False,
                     help="an option added by a conftest.py")


def pytest_configure(config):
    config.addinivalue_line("markers", "board(name): needs a board")


def pytest_runtest_setup(item):
    for mark in item.iter_markers(name="board"):
        if mark.args[0] == "NEON":
            pytest.skip("skipping test because the NEON board is not attached")


@pytest.fixture
def events():
    return EVENTS


@pytest.fixture(scope="session")
def session_counter():
    EVENTS.append("session_counter setup")
    yield {"n": 0}
    EVENTS.append("session_counter teardown")


@pytest.fixture
def overridden():
    return "from conftest"


@pytest.fixture
def sample_flag(request):
    return request.config.getoption("--sample-flag")
