x = 'g'
def outer():
    x = 'o'
    def mid():
        def inner():
            return x
        return inner()
    return mid()
print(outer())

def counter():
    n = 0
    def inc(by=1):
        nonlocal n
        n += by
        return n
    return inc
c = counter()
print(c(), c(5), c())

class K:
    y = 10
    vals = [y * i for i in range(3)] if False else None
    def m(self):
        return [x for x in (1, 2)]
print(K.y, K.vals, K().m())
print([(i, j) for i in range(3) for j in range(i)])
print({k: v for k, v in zip('ab', [1, 2])}, {i % 3 for i in range(10)} == {0, 1, 2})
print((lambda *a, **k: (a, sorted(k)))(1, 2, z=3, y=4))
if (n := len('hello')) > 3:
    print('walrus', n)
print([y := i * 2 for i in range(3)], y)
