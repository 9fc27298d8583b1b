import sys
def f(n):
    try:
        if n == 0:
            raise KeyError('zero')
        return f(n - 1)
    finally:
        if n == 2:
            return 'finally wins'
print(f(5))
def g():
    for i in range(3):
        try:
            continue
        finally:
            break
    return i
print(g())
try:
    try:
        raise ValueError('inner')
    except ValueError as e:
        raise TypeError('outer') from e
except TypeError as e:
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))
try:
    try:
        1 / 0
    finally:
        print('cleanup', sys.exc_info()[0].__name__)
except ZeroDivisionError:
    pass
class CM:
    def __enter__(self): return self
    def __exit__(self, t, v, tb):
        print('exit', t.__name__ if t else None)
        raise RuntimeError('from exit')
try:
    with CM(), CM():
        raise IndexError('body')
except RuntimeError as e:
    print(repr(e), repr(e.__context__))
e = Exception('a', 'b')
print(e.args, str(e), repr(e))
try:
    raise
except RuntimeError as e:
    print('bare raise:', e)
def deep(n):
    return deep(n + 1) if n < 10**6 else n
try:
    deep(0)
except RecursionError:
    print('RecursionError')
try:
    raise SystemExit(3)
except SystemExit as e:
    print('exit code', e.code)
try:
    assert 1 == 2, 'nope'
except AssertionError as e:
    print(e)
class MyErr(Exception):
    def __str__(self): return 'custom'
try:
    raise MyErr
except Exception as e:
    print(e, type(e).__mro__[1].__name__)
try:
    raise 5
except TypeError as e:
    print(e)
