# A generator suspended inside an except or finally clause keeps its own pending
# exception while its resumer raises and handles others (exocc: per-coroutine C++
# exception state).
def in_finally():
    try:
        raise ValueError('from generator')
    finally:
        yield 1


def in_except():
    try:
        raise ValueError('a')
    except ValueError as e:
        yield 1
        yield str(e)
    yield 3


it = in_finally()
try:
    raise KeyError('k')
except KeyError:
    print(next(it))
try:
    next(it)
except Exception as e:
    print(type(e).__name__, e)

it = in_finally()
print(next(it))
try:
    next(it)
except Exception as e:
    print(type(e).__name__, e)

it = in_except()
try:
    raise KeyError('k')
except KeyError:
    print(next(it))
print(next(it))
try:
    raise IndexError('i')
except IndexError:
    print(next(it))


def nested():
    try:
        raise TypeError('outer')
    except TypeError:
        inner = in_finally()
        yield next(inner)
        try:
            next(inner)
        except ValueError as e:
            yield 'inner: %s' % e
        yield 'still handling: %r' % (sys.exc_info()[1],)


import sys
g = nested()
for step in range(3):
    try:
        raise RuntimeError('caller %d' % step)
    except RuntimeError:
        print(next(g))
print(sys.exc_info())
