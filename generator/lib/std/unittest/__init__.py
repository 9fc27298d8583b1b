"""unittest: only what test files import from it here (unittest.mock.patch.dict)."""
