# Builtin types (exocc generator/host/type_*.cpp) against CPython 3.11.
def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ':', e)
class Name(str):
    def shout(self):
        return self.upper() + '!'
n = Name('abc')
t(lambda: (n, n.shout(), type(n).__name__, n + 'x', type(n + 'x').__name__, len(n), n == 'abc', hash(n) == hash('abc')))
t(lambda: {n: 1}['abc'])
t(lambda: str(n) + '|' + repr(n) + '|' + f'{n}')
class Stack(list):
    def __init__(self, *items):
        super().__init__(items)
    def peek(self):
        return self[-1]
s = Stack(1, 2, 3)
t(lambda: (s, s.peek(), len(s), s[0:2], isinstance(s, list)))
class Counter(dict):
    def __init__(self, it=()):
        super().__init__()
        for x in it:
            self[x] = self.get(x, 0) + 1
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 1)
c = Counter('abca')
t(lambda: (c, c['a'], list(c), dict(c)))
class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
p = Point(1, 2)
t(lambda: (p, p.x, p + (3,), type(p).__name__, p == (1, 2)))
class Bag(set):
    pass
b = Bag([1, 2])
t(lambda: (sorted(b), 1 in b, type(b).__name__))
class FZ(frozenset):
    pass
t(lambda: (FZ([1]), hash(FZ([1])) == hash(frozenset([1]))))
class MyInt(int):
    pass
t(lambda: MyInt(5) + 1)
t(lambda: str.join(',', ['a', 'b']))
t(lambda: list(map(str.strip, [' a ', 'b '])))
t(lambda: sorted({'b': 1, 'a': 2}.items(), key=lambda kv: kv[1]))
t(lambda: super(Stack, s).__len__())
class R:
    def __repr__(self): return 'R!'
t(lambda: [R(), (R(),), {R(): R()}.__class__.__name__])
t(lambda: str([R()]))
t(lambda: {1: R()})
t(lambda: '{0!r} {0!s}'.format(R()))
t(lambda: '%r' % R())
class EqAll:
    def __eq__(self, o): return True
    __hash__ = None
t(lambda: [EqAll() == 1, 1 in [EqAll()], [1].index(EqAll()), [EqAll()].count(5)])
class K:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return f'K{self.v}'
t(lambda: sorted([K(3), K(1), K(2)]))
t(lambda: max([K(3), K(1)]))
class Seq:
    def __getitem__(self, i):
        if i < 3: return i * 10
        raise IndexError
t(lambda: list(Seq()))
t(lambda: ','.join(map(str, Seq())))
t(lambda: dict.fromkeys(Seq()))
class Mapping:
    def keys(self): return ['a', 'b']
    def __getitem__(self, k): return k.upper()
t(lambda: dict(Mapping()))
t(lambda: {**Mapping()})
t(lambda: {}.update(Mapping()))
t(lambda: {**5})
