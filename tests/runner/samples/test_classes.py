"""Test classes: xunit setup/teardown, fixtures defined in a class, class marks,
usefixtures, inherited tests, module-level setup_module/setup_function and
pytest_generate_tests."""
import pytest

LOG = []


def setup_module(module):
    LOG.append("setup_module")


def teardown_module():
    LOG.append("teardown_module")


def setup_function(function):
    LOG.append("setup_function " + function.__name__)


def pytest_generate_tests(metafunc):
    if "generated" in metafunc.fixturenames:
        metafunc.parametrize("generated", ["g1", "g2"])


def test_module_level():
    assert LOG == ["setup_module", "setup_function test_module_level"]


def test_generated(generated):
    assert generated in ("g1", "g2")


@pytest.fixture
def marker_log():
    LOG.append("marker_log")
    return LOG


@pytest.mark.usefixtures("marker_log")
class TestSetupClass:
    @classmethod
    def setup_class(cls):
        LOG.append("setup_class")

    @classmethod
    def teardown_class(cls):
        LOG.append("teardown_class")

    @pytest.fixture
    def in_class(self):
        return self.value * 2

    value = 21

    def test_in_class_fixture(self, in_class):
        assert in_class == 42
        assert LOG[-2:] == ["setup_class", "marker_log"]
        assert "setup_function test_in_class_fixture" not in LOG

    @pytest.mark.parametrize("k", [1, 2])
    def test_param_method(self, k):
        assert k in (1, 2)

    @staticmethod
    def test_static():
        pass


@pytest.mark.skip(reason="whole class skipped")
class TestSkippedClass:
    def test_a(self):
        assert False

    def test_b(self):
        assert False


class Base:
    def test_inherited(self):
        assert self.name in ("derived",)


class TestDerived(Base):
    name = "derived"

    def test_own(self):
        pass


def test_after_classes():
    assert "teardown_class" in LOG
    assert "teardown_module" not in LOG
