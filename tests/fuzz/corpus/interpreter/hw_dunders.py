class Weird:
    def __init__(self, n): self.n = n
    def __getattr__(self, name):
        if name.startswith('x'): return self.n
        raise AttributeError(name)
    def __eq__(self, o): return isinstance(o, Weird) and self.n == o.n
    def __hash__(self): return hash(self.n) & 3
    def __len__(self): return self.n
    def __bool__(self): return self.n > 1
    def __index__(self): return self.n
    def __iter__(self): return iter(range(self.n))
    def __getitem__(self, i): return i * 2
    def __contains__(self, x): return x == self.n
    def __call__(self, *a, **k): return (a, k)
    def __enter__(self): return self
    def __exit__(self, *exc): return self.n == 3
    def __lt__(self, o): return self.n < o.n
    def __add__(self, o): return Weird(self.n + int(o))
    __radd__ = __add__
    def __repr__(self): return 'W%d' % self.n
    def __format__(self, spec): return format(self.n, spec)

w = Weird(3)
print(w.xyz, len(w), bool(w), [1, 2, 3, 4][w], list(w), w[5], 3 in w, w(1, k=2))
with w:
    raise ValueError('suppressed')
print(sorted([Weird(5), Weird(1), w]), sum([w, w], 0), f'{w:>4}', {w: 1, Weird(3): 2})
print(range(10)[w], 'abcdef'[w:], [0] * w, hex(w), w + 1, 1 + w)
class Meta(type):
    def __call__(cls, *a):
        return super().__call__(*a)
    def __instancecheck__(cls, x): return True
class K(metaclass=Meta):
    def __init__(self, v): self.v = v
    def __init_subclass__(cls, **kw): cls.kw = kw
class Sub(K, flag=1): pass
print(isinstance(5, K), Sub(2).v, Sub.kw)
class Prop:
    @property
    def p(self): return self.q
    @p.setter
    def p(self, v): self.q = v
    @staticmethod
    def s(): return 's'
    @classmethod
    def c(cls): return cls.__name__
x = Prop(); x.p = 4
print(x.p, Prop.s(), x.c(), getattr(x, 'missing', None))
try:
    Prop().p
except AttributeError as e:
    print('AttributeError', e)
class Slots:
    __slots__ = ('a',)
s = Slots(); s.a = 1
print(s.a)
