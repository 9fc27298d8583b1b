"""importorskip at module level skips the whole module (counted as 1 skipped)."""
import pytest

np = pytest.importorskip("numpy_not_available_in_exocc")


def test_never_run():
    assert np
