# send/throw/close, return values through yield from, finally blocks on close.
def acc():
    total = 0
    try:
        while True:
            x = yield total
            if x is None:
                break
            total += x
    finally:
        print('acc closed at', total)
    return total

g = acc()
print(next(g), g.send(3), g.send(4))
try:
    g.send(None)
except StopIteration as e:
    print('returned', e.value)

def delegate():
    r = yield from acc()
    print('inner returned', r)
    yield 'after'

d = delegate()
print(next(d), d.send(10))
print(d.send(None))

def guarded():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print('caught', e)
        yield 'recovered'

h = guarded()
print(next(h), h.throw(ValueError('boom')))
h.close()

def counter(n):
    for i in range(n):
        yield i

c = counter(5)
print(next(c), list(c), list(c))
gen = (x * x for x in range(4) if x != 2)
print(sum(gen), list(gen))
