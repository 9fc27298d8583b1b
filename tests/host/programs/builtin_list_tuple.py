# Builtin types (exocc generator/host/type_*.cpp) against CPython 3.11.
def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ':', e)
a = list(range(10))
t(lambda: a[::-3])
t(lambda: a[-3:-100:-1])
t(lambda: a[100:0:-2])
t(lambda: a[slice(None, None, None)])
t(lambda: a[::0])
t(lambda: a['x':])
t(lambda: a[1.5:])
def sa(lst, key, val):
    lst[key] = val
    return lst
t(lambda: sa(list(range(6)), slice(1, 3), 'abc'))
t(lambda: sa(list(range(6)), slice(4, 1), [9]))
t(lambda: sa(list(range(6)), slice(None, None, -2), [7, 8, 9]))
t(lambda: sa(list(range(6)), slice(None, None, -2), [7, 8]))
t(lambda: sa(list(range(6)), slice(1, 3), 5))
t(lambda: sa(list(range(6)), slice(1, 5, 2), 5))
t(lambda: sa(list(range(6)), -1, 'z'))
t(lambda: sa(list(range(6)), 6, 'z'))
x = [1, 2, 3]
t(lambda: sa(x, slice(None), x))
def da(lst, key):
    del lst[key]
    return lst
t(lambda: da(list(range(10)), slice(None, None, -3)))
t(lambda: da(list(range(10)), slice(8, 2, -2)))
t(lambda: da(list(range(10)), slice(2, 8)))
t(lambda: da(list(range(10)), 10))
t(lambda: da(list(range(10)), -10))
l = [3, 1, 2]
t(lambda: l.sort(reverse=1) or l)
t(lambda: l.sort(key=lambda v: -v, reverse=True) or l)
t(lambda: l.sort(1))
t(lambda: l.sort(foo=1))
t(lambda: sorted([3, 1, 2], key=None))
t(lambda: sorted(['b', 'A', 'a', 'B'], key=str.lower))
t(lambda: sorted([(1, 'b'), (1, 'a'), (0, 'z')], reverse=True))
t(lambda: sorted([1, 'a', 2]))
t(lambda: sorted([3, 2, 1, 'a']))
t(lambda: sorted([[1, 2], [1], [0, 5]]))
t(lambda: sorted(list(range(100, 0, -7)) + list(range(50))) [:20])
big = [(i * 7919) % 101 for i in range(200)]
t(lambda: sorted(big) == sorted(big, key=lambda v: v))
t(lambda: sorted(big, reverse=True)[:10])
t(lambda: [1, 2, 3].index(2, -2))
t(lambda: [1, 2, 3].index(1, 1))
t(lambda: [1, 2, 3].index('a'))
t(lambda: [1, [2]].index([2]))
t(lambda: [1, 2].insert(-100, 0))
t(lambda: [].insert())
t(lambda: [1].pop('a'))
t(lambda: [1, 2, 3] < [1, 2, 4])
t(lambda: [1, 2] < [1, 'a'])
t(lambda: [1, 2] == [1, 2.0])
t(lambda: [1, 2] != (1, 2))
t(lambda: (1, 2) < (1,))
t(lambda: (1, 'a') < (1, 2))
t(lambda: (1, 2) + [3])
t(lambda: (1, 2) * 2)
t(lambda: 2 * (1,))
t(lambda: (1,) * -1)
t(lambda: (1, 2, 3)[::2])
t(lambda: (1, 2, 3)[5])
t(lambda: (1, 2, 3).index(4))
t(lambda: (1, 2, 1).count(1))
t(lambda: tuple([1, 2]) + ())
t(lambda: list('ab') + list((1,)))
t(lambda: list(1))
t(lambda: list([1], [2]))
t(lambda: tuple(x=1))
l2 = [1, 2]
l2.append(l2)
t(lambda: l2)
t(lambda: str(l2))
t2 = ([],)
t2[0].append(t2)
t(lambda: t2)
m = [1, 2]
m += (3, 4)
m += 'ab'
t(lambda: m)
m *= 2
t(lambda: m)
def iadd():
    q = [1]
    q += 5
t(iadd)
def imul():
    q = [1]
    q *= 'a'
t(imul)
t(lambda: [1, 2, 3].copy())
t(lambda: list.append([1], 2))
t(lambda: list.append(1, 2))
t(lambda: [].append())
t(lambda: [].append(1, 2))
t(lambda: [0] * 3)
t(lambda: list(reversed([1, 2, 3])))
it = iter([1, 2])
t(lambda: (next(it), next(it), next(it, 'end')))
lst = [1, 2]
it2 = iter(lst)
t(lambda: list(it2))
lst.append(3)
t(lambda: list(it2))
t(lambda: [x for x in reversed((1, 2, 3))])
t(lambda: [1, 2, 3].__len__())
t(lambda: [1, 2, 3].__getitem__(slice(1, None)))
t(lambda: hash((1, 'a')) == hash((1, 'a')))
t(lambda: hash(([1],)))
t(lambda: hash((1, 2)))
t(lambda: hash(()))
t(lambda: [1, 2, 3].remove(2))
t(lambda: 3 in [1, 2, 3.0])
t(lambda: [] in [[]])
t(lambda: list.__new__(list))
t(lambda: [5, 3].__mul__(2))
t(lambda: [5, 3].__mul__('x'))
t(lambda: [5, 3].__add__((1,)))
t(lambda: [1, 2].__eq__((1, 2)))
class L(list):
    pass
ll = L([3, 1, 2])
ll.sort()
t(lambda: (ll, type(ll).__name__, type(ll + [1]).__name__, type(ll[:]).__name__, type(ll * 2).__name__))
class T(tuple):
    pass
tt = T((1, 2))
t(lambda: (tt, type(tt).__name__, tt[0], len(tt), type(tt[:]).__name__))
t(lambda: [True, 1, 1.0].count(1))
t(lambda: list(range(5))[::-1])
