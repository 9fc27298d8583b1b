def g():
    try:
        yield 1
        yield 2
    finally:
        print('finally')
        yield 3

it = g()
print(next(it))
try:
    it.close()
except RuntimeError as e:
    print('RuntimeError', e)

def selfref():
    me = yield
    yield me
s = selfref()
next(s)
print(s.send(s) is s)

def thrower():
    try:
        yield 1
    except ValueError as e:
        yield 'caught %s' % e
    raise KeyError('k')

t = thrower()
next(t)
print(t.throw(ValueError('v')))
try:
    next(t)
except KeyError as e:
    print('KeyError', e)

def running():
    yield r.send(None)
r = running()
try:
    next(r)
except ValueError as e:
    print(e)

def inner():
    x = yield 1
    return x * 2
def outer():
    v = yield from inner()
    yield v
o = outer()
next(o)
print(o.send(21))
gen = (i * i for i in range(10) if i % 2)
print(list(gen), list(gen))
def rec(n):
    if n:
        yield from rec(n - 1)
    yield n
try:
    print(sum(rec(5000)))
except RecursionError:
    print('recursion')
