# The traceback module and traceback objects, against CPython 3.11 (paths shown
# relative to this directory, as exocc runs the script by its relative name).
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(*parts, end="\n"):
    """Prints with paths relative to here and without CPython's caret lines (exocc has no
    column ranges to underline the failing expression with)."""
    text = " ".join(str(p).replace(HERE, "") for p in parts)
    lines = [l for l in text.split("\n") if not (l.strip() and set(l.strip()) <= set("~^"))]
    print("\n".join(lines), end=end)


def inner(x):
    raise ValueError("bad " + str(x))


def middle(x):
    inner(x + 1)


def outer():
    try:
        middle(1)
    except ValueError:
        return traceback.format_exc()


show(outer(), end="")

try:
    middle(5)
except ValueError as e:
    tb = e.__traceback__
    print(tb is e.__traceback__, tb is sys.exc_info()[2])
    for frame, lineno in traceback.walk_tb(tb):
        print(frame.f_code.co_name, lineno)
    summary = traceback.extract_tb(tb)
    show(len(summary), [tuple(f)[:3] for f in summary])
    print(summary[0].line, "|", summary[-1].line)
    show("".join(traceback.format_tb(tb, limit=1)), end="")
    show("".join(traceback.format_tb(tb, limit=-1)), end="")
    print(traceback.format_exception_only(e))
    show(repr(summary[1]))


def reraise_bare():
    try:
        inner(0)
    except ValueError:
        raise


def reraise_named():
    try:
        inner(0)
    except ValueError as err:
        raise err


for f in (reraise_bare, reraise_named):
    try:
        f()
    except ValueError:
        show(traceback.format_exc(), end="")


def chained():
    try:
        inner(1)
    except ValueError as err:
        raise KeyError("k") from err


def implicit():
    try:
        inner(2)
    except ValueError:
        raise KeyError("missing")


for f in (chained, implicit):
    try:
        f()
    except Exception:
        show("".join(traceback.format_exception(*sys.exc_info())), end="")
        traceback.print_exc(file=sys.stderr)
        print("no chain:", "".join(traceback.format_exc(chain=False).splitlines()[-1:]))


class Manager:
    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        print("exit", typ.__name__, tb is not None and tb.tb_lineno, [f.name for f in traceback.extract_tb(tb)])
        return True


with Manager():
    middle(3)


def recurse(n):
    if n == 0:
        raise RuntimeError("deep")
    recurse(n - 1)


try:
    recurse(6)
except RuntimeError:
    show(traceback.format_exc(), end="")

print(traceback.format_exception_only(None), traceback.format_exc(), end="")
try:
    traceback.format_exception(ValueError("x"), tb=None)
except ValueError as e:
    print(e)
print(traceback.format_list([("f.py", 3, "g", "x = 1")]), end="")
print(traceback.format_exception(ValueError("never raised")))
try:
    try:
        inner(9)
    finally:
        print("finally ran")
except ValueError:
    show(traceback.format_exc(), end="")


def comprehensions(n):
    squares = [10 // x for x in range(n)]
    return squares


try:
    comprehensions(2)
except ZeroDivisionError:
    show(traceback.format_exc(), end="")


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no str")


try:
    raise SyntaxError("'(' was never closed", ("f.py", 1, 5, "x = (1,\n"))
except SyntaxError as e:
    print(traceback.format_exception_only(e))
    te = traceback.TracebackException.from_exception(e)
    print(te.filename, te.lineno, te.msg, str(te))
print(traceback.format_exception_only(Unprintable()), traceback.format_exception_only(ValueError()))
