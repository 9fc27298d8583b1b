# help() against CPython's pydoc (plain text, as when output is not a terminal).
import functools


def divide_loop(proc, loop_cursor, div_const, new_iters, tail="guard", perfect=False):
    """Divide a loop into an outer and an inner loop.

    The inner loop runs `div_const` iterations.
        An indented line stays indented.
    """
    return proc


def no_doc(a, *args, b, **kw):
    pass


@functools.wraps(divide_loop)
def wrapper(*args, **kwargs):
    return divide_loop(*args, **kwargs)


class Cursor:
    """A place in a procedure.

    Second paragraph."""
    kind = "loop"

    def __init__(self, path):
        self.path = path

    def body(self, depth=1):
        "The statements inside."
        return []

    @classmethod
    def make(cls):
        "Build one."
        return cls(())

    @staticmethod
    def helper(a):
        pass

    @property
    def name(self):
        "The loop variable."
        return "i"


class ForCursor(Cursor):
    def hi(self):
        return 1


help(divide_loop)
help(no_doc)
help(wrapper)
help(Cursor.body)
help(Cursor((1,)).body)
help(Cursor)
help(ForCursor)
help(lambda x, y=2: x)
help("no_such_module_name_xyz")
print(divide_loop.__doc__)
print(wrapper.__doc__ == divide_loop.__doc__, wrapper.__name__, wrapper.__wrapped__ is divide_loop)
