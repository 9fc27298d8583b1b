"""A failure report names, in each frame, the line the exception passed through, even
when a finally block ran after it (CPython's traceback does the same)."""


def helper_that_raises():
    raise ValueError("raised under a finally")


def helper_with_cleanup():
    try:
        helper_that_raises()
    finally:
        cleaned = True
        del cleaned


def test_error_through_finally():
    helper_with_cleanup()
