# Builtin types (exocc generator/host/type_*.cpp) against CPython 3.11.
def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ':', e)
l = [3, 1, 2]
def k(v):
    l.append(v)
    return v
t(lambda: l.sort(key=k))
t(lambda: l)
l2 = [3, 1, 2]
def cmpmut():
    class X:
        def __init__(s, v): s.v = v
        def __lt__(s, o):
            l2.clear()
            return s.v < o.v
        def __repr__(s): return 'X%d' % s.v
    l2[:] = [X(3), X(1), X(2)]
    l2.sort()
    return l2
t(cmpmut)
t(lambda: l2)
class Clear:
    def __init__(s, lst): s.lst = lst
    def __repr__(s):
        s.lst.clear()
        return 'C'
l3 = []
l3.extend([Clear(l3), 1, 2, 3])
t(lambda: repr(l3))
class EqMut:
    def __init__(s, lst): s.lst = lst
    def __eq__(s, o):
        s.lst.clear()
        return False
    __hash__ = object.__hash__
l4 = []
l4.extend([EqMut(l4), EqMut(l4), 5])
t(lambda: 5 in l4)
l4.extend([EqMut(l4), EqMut(l4), 5])
t(lambda: l4.count(5))
l4.extend([EqMut(l4), EqMut(l4), 5])
t(lambda: l4.index(5))
l4.extend([EqMut(l4), EqMut(l4), 5])
t(lambda: l4.remove(5))
def gen_extend():
    q = [1, 2]
    q.extend(x * 10 for x in q[:])
    return q
t(gen_extend)
d = {}
class KeyMut:
    def __hash__(s): return 1
    def __eq__(s, o):
        d.clear()
        return False
d[KeyMut()] = 1
d[KeyMut()] = 2
t(lambda: len(d))
dd = {i: i for i in range(5)}
class VR:
    def __repr__(s):
        dd.clear()
        return 'V'
dd[9] = VR()
dd[10] = 1
t(lambda: repr(dd))
dz = {1: [1], 2: [2]}
def dmut():
    it = iter(dz)
    next(it)
    dz[3] = 3
    return next(it)
t(dmut)
def dpop_iter():
    q = {1: 1, 2: 2, 3: 3}
    out = []
    for k in q:
        out.append(k)
        if k == 1:
            q.pop(2)
            q[4] = 4
    return out
t(dpop_iter)
s = {1, 2, 3}
def smut():
    for x in s:
        s.discard(x)
t(smut)
t(lambda: sorted([5, 3, 1], key=lambda v: 1 / (v - 3)))
big = list(range(200))
t(lambda: sorted(big + ['x']))
t(lambda: big[:3])
a = [1, 2, 3]
a[1:2] = a
t(lambda: a)
b = [1, 2, 3, 4]
b[::2] = b[1::2]
t(lambda: b)
