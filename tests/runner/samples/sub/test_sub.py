"""A subdirectory: its conftest.py overrides a fixture of the parent's; its own
helper module is importable (the test's directory is on sys.path)."""
import sub_helper


def test_sub_override(overridden, events):
    assert overridden == "from sub/conftest.py"


def test_sub_helper():
    assert sub_helper.VALUE == 42
