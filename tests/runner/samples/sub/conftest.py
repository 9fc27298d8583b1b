import pytest


@pytest.fixture
def overridden():
    return "from sub/conftest.py"
