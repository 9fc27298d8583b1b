# Builtin types (exocc generator/host/type_*.cpp) against CPython 3.11.
def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ':', e)
d = {'a': 1, 'b': 2}
t(lambda: d.keys() & {'a', 'z'})
t(lambda: sorted(['z'] | d.keys()))
t(lambda: sorted(d.keys() ^ {'a', 'q'}))
t(lambda: d.keys() - {'a'})
t(lambda: {'a'} - d.keys())
t(lambda: d.items() & {('a', 1)})
t(lambda: d.keys() == {'a', 'b'})
t(lambda: d.keys() == ['a', 'b'])
t(lambda: d.keys() <= {'a', 'b', 'c'})
t(lambda: d.values() == d.values())
t(lambda: ('a', 1) in d.items())
t(lambda: ('a', 2) in d.items())
t(lambda: 2 in d.values())
t(lambda: len(d.items()))
t(lambda: d.keys().isdisjoint(['x']))
t(lambda: list(reversed(d)))
t(lambda: list(reversed(d.items())))
t(lambda: d.keys())
t(lambda: d.values())
t(lambda: d.items())
t(lambda: next(d.keys()))
t(lambda: hash(d.keys()))
t(lambda: dict(d, c=3))
t(lambda: dict([('x', 1), ['y', 2], 'zw']))
t(lambda: dict([1]))
t(lambda: dict([(1, 2, 3)]))
t(lambda: dict(1))
t(lambda: dict({1: 2}, {3: 4}))
t(lambda: dict.fromkeys('ab'))
t(lambda: dict.fromkeys('ab', []))
t(lambda: {}.fromkeys([1]))
class D(dict):
    def __missing__(self, k):
        return k * 2
dd = D(a=1)
t(lambda: (dd['a'], dd['zz'], dd.get('zz'), 'zz' in dd, dd))
t(lambda: D.fromkeys('ab', 0))
t(lambda: type(D.fromkeys('ab', 0)).__name__)
class E(dict):
    pass
t(lambda: E(x=1)['y'])
t(lambda: {'a': 1} | {'b': 2})
t(lambda: {'a': 1} | [('b', 2)])
def ior():
    q = {'a': 1}
    q |= [('b', 2)]
    return q
t(ior)
t(lambda: {1: 'a'} == {1.0: 'a'})
t(lambda: {1: 'a'} < {1: 'a'})
t(lambda: {}.pop('x', None))
t(lambda: {}.pop())
t(lambda: {}.get())
t(lambda: {'x': 1}.setdefault('x', 5))
t(lambda: {'x': 1}.update({'y': 2}, z=3))
r = {}
r['self'] = r
t(lambda: r)
t(lambda: {1: {2: {}}})
t(lambda: {(1, 2): [3]})
t(lambda: dict.__getitem__({'k': 1}, 'k'))
t(lambda: {'k': 1}.__contains__('k'))
t(lambda: dict(zip('abc', range(3))))
def mutate():
    q = {1: 1}
    for k in q:
        q[k + 1] = 1
t(mutate)
def mutate2():
    q = {1: 1, 2: 2}
    for k in q:
        del q[k]
t(mutate2)
def mutate3():
    q = {1: 1, 2: 2}
    for k in q:
        q[k] = 5
    return q
t(mutate3)
def popitem_order():
    q = {1: 1, 2: 2, 3: 3}
    return [q.popitem(), q.popitem(), q]
t(popitem_order)
t(lambda: {**{'a': 1}, **{'a': 2, 'b': 3}})
t(lambda: dict(**{'a': 1}))
t(lambda: list({'a': 1, 'b': 2}.items()))
t(lambda: {'a': [1]}.copy())
t(lambda: {k: v for k, v in [(1, 2)]})
t(lambda: dict.fromkeys(range(3)).keys())
# sets
s = {3, 1, 2}
t(lambda: sorted(s.union([5], (6,))))
t(lambda: sorted(s.intersection([1, 2], {2})))
t(lambda: sorted(s.difference([1], [2])))
t(lambda: sorted(s.symmetric_difference([1, 9])))
t(lambda: s | [1])
t(lambda: s <= [1])
t(lambda: s == [1, 2, 3])
t(lambda: s.issubset([1, 2, 3, 4]))
t(lambda: s.issuperset([1]))
t(lambda: frozenset([1, 2]) | {3})
t(lambda: {3} | frozenset([1, 2]) == {1, 2, 3})
t(lambda: type({3} | frozenset([1, 2])).__name__)
t(lambda: frozenset([1]) == {1})
t(lambda: {1, 2} < {1, 2, 3})
t(lambda: {1, 2} > {1})
t(lambda: {1, 2} >= {1, 2})
t(lambda: set() == frozenset())
t(lambda: {frozenset([1])} == {frozenset([1])})
t(lambda: {1} in {frozenset([1])})
t(lambda: set([1, 2]).remove({1}))
t(lambda: set().pop())
t(lambda: {1}.pop())
t(lambda: set([[1]]))
t(lambda: {1}.add([2]))
t(lambda: frozenset([1]).add)
t(lambda: set('abc') - set('b') == {'a', 'c'})
def upd():
    q = {1, 2, 3}
    q.intersection_update([1, 2], [2])
    q.difference_update([5])
    q.symmetric_difference_update([2, 7])
    q |= {8}
    q &= {7, 8}
    q -= {8}
    q ^= {9}
    return sorted(q)
t(upd)
t(lambda: set.add(frozenset(), 1))
t(lambda: repr(set()) + repr(frozenset()) + repr({1}) + repr(frozenset({1})))
class S(set):
    pass
t(lambda: (S([1]), S(), type(S([1]) | {2}).__name__))
def smut():
    q = {1}
    for x in q:
        q.add(2)
t(smut)
t(lambda: len({1, 1.0, True}))
t(lambda: {1, 2}.isdisjoint({3}))
t(lambda: hash(frozenset()) == hash(frozenset([])))
t(lambda: hash(frozenset([1, 2])))
t(lambda: frozenset(frozenset([1])))
t(lambda: set({'a': 1}))
t(lambda: {1: 2}.keys() | {3: 4}.keys())
t(lambda: set(range(3)).copy())
t(lambda: frozenset([1]).copy())
