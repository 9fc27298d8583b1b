import pytest


def test_builtin_fixture_still_works(tmp_path):
    assert tmp_path.is_dir()


def test_second(request):
    assert request.node.name == "test_second"
