# dataclasses beyond the corpus: all flags, field options, helpers, exact errors.
import dataclasses
from dataclasses import (dataclass, field, fields, asdict, astuple, replace, is_dataclass,
                         FrozenInstanceError, InitVar, KW_ONLY, make_dataclass, MISSING)
from typing import ClassVar, List, Optional
from collections import namedtuple


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


@dataclass
class Tile:
    name: str
    size: int = 4
    tags: list = field(default_factory=list)


print('-- binding errors')
attempt(Tile)
attempt(Tile, 'a', 1, [], 'x')
attempt(Tile, 'a', z=1)
attempt(Tile, 'a', name='b')
attempt(Tile, size=3)


@dataclass
class Two:
    a: int
    b: int
    c: int
    d: int = 0


attempt(Two)
attempt(Two, 1)
attempt(Two, 1, 2)
attempt(Two, 1, 2, 3, 4, 5, 6)


@dataclass
class One:
    a: int


attempt(One, 1, 2)
attempt(One)


@dataclass
class Empty:
    pass


attempt(Empty, 1)
print(Empty(), Empty() == Empty(), fields(Empty))

print('-- field options')


@dataclass
class Opts:
    a: int
    b: int = field(default=2, repr=False)
    c: int = field(default=3, compare=False)
    d: list = field(default_factory=lambda: [1], init=False)
    e: int = field(default=5, init=False)
    f: int = field(default=6, hash=False)
    k: ClassVar[int] = 99


o = Opts(1)
print(o, o.d, o.e, Opts.k, Opts.e)
print(Opts(1, c=100) == Opts(1, c=200), Opts(1, b=7) == Opts(1))
print([f.name for f in fields(o)], list(Opts.__dataclass_fields__))
f0 = fields(Opts)[1]
print(f0.name, f0.type, f0.default, f0.repr, f0.compare, f0.init, f0.hash, f0.kw_only)
print(fields(Opts)[3].default is MISSING, fields(Opts)[3].default_factory())
print(repr(fields(One)[0]).replace(repr(MISSING), 'MISSING'))
attempt(field, default=1, default_factory=list)
attempt(Opts, 1, 2, 3, 4)

print('-- eq, order, hash, frozen')


@dataclass(order=True)
class V:
    major: int
    minor: int = 0


print(V(1) < V(1, 1), V(2) > V(1, 9), V(1, 2) <= V(1, 2), V(0) >= V(1), sorted([V(3), V(1, 5), V(1)]))
attempt(lambda: V(1) < 3)
print(V(1) == (1, 0), V(1) != V(1))
attempt(hash, V(1))
print(V.__hash__)


@dataclass(frozen=True)
class P:
    x: int
    y: int = 0


p = P(1, 2)
print(p, hash(p) == hash((1, 2)), {p: 1}[P(1, 2)])
attempt(setattr, p, 'x', 5)
attempt(setattr, p, 'zz', 5)
attempt(delattr, p, 'x')
print(isinstance(FrozenInstanceError(), AttributeError))


@dataclass(unsafe_hash=True)
class U:
    a: int
    b: list = field(default_factory=list, hash=False, compare=False)


print(hash(U(3)) == hash((3,)), U(3) == U(3, [1]))


@dataclass(eq=False)
class NoEq:
    a: int


n1 = NoEq(1)
print(n1 == NoEq(1), n1 == n1, hash(n1) == hash(n1))


@dataclass
class WithHash:
    a: int

    def __hash__(self):
        return 42


print(hash(WithHash(1)))


@dataclass(repr=False)
class NoRepr:
    a: int


print(type(repr(NoRepr(1))).__name__, repr(NoRepr(1)).startswith('<'))


@dataclass
class OwnRepr:
    a: int

    def __repr__(self):
        return 'OwnRepr!'


print(OwnRepr(1), [OwnRepr(2)])


@dataclass(init=False)
class NoInit:
    a: int = 1


ni = NoInit()
print(ni, ni.a)
attempt(NoInit, 5)

print('-- post_init and InitVar')


@dataclass
class C:
    a: int
    scale: InitVar[int] = 10
    total: int = field(init=False)

    def __post_init__(self, scale):
        self.total = self.a * scale


c = C(2)
print(c, C(3, 5), [f.name for f in fields(c)], 'scale' in C.__dataclass_fields__)
print(replace(c, a=5), replace(c, a=5, scale=2))
attempt(replace, c, total=1)

print('-- inheritance')


@dataclass
class Base:
    x: int
    y: int = 1


@dataclass
class Derived(Base):
    z: int = 2
    y: int = 10


d = Derived(0)
print(d, [f.name for f in fields(d)], isinstance(d, Base), Derived.__mro__[1].__name__)


@dataclass
class Plain(Base):
    pass


print(Plain(5), Plain(5) == Base(5), Base(5) == Base(5))


class NotDC(Base):
    w = 3


print(NotDC(1), is_dataclass(NotDC), is_dataclass(NotDC(1)))

print('-- kw_only')


@dataclass
class K:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int


print(K(1, c=3), K(a=1, b=0, c=0))
attempt(K, 1, 2, 3)
attempt(K, 1)


@dataclass(kw_only=True)
class K2:
    a: int
    b: int = 0


print(K2(a=1))
attempt(K2, 1)


@dataclass
class K3:
    a: int = field(kw_only=True, default=0)
    b: int = 1


print(K3(5), K3(5, a=3))

print('-- helpers')
Pt = namedtuple('Pt', 'x y')


@dataclass
class Inner:
    v: int
    items: list = field(default_factory=list)


@dataclass
class Outer:
    name: str
    inner: Inner
    many: List[Inner]
    table: dict
    pt: Pt
    tup: tuple


out = Outer('o', Inner(1, [1, 2]), [Inner(2), Inner(3)], {'k': Inner(4)}, Pt(1, 2), (Inner(5), 6))
dd = asdict(out)
print(dd)
print(astuple(out))
print(type(dd['pt']).__name__, dd['inner']['items'] is out.inner.items)
print(asdict(out, dict_factory=lambda kv: dict((k.upper(), v) for k, v in kv)))
attempt(asdict, 5)
attempt(asdict, Outer)
attempt(astuple, [1])
attempt(replace, 5)
attempt(replace, out, nope=1)
attempt(fields, 5)
print(is_dataclass(Outer), is_dataclass(out), is_dataclass(5), is_dataclass(Inner(1)))
print(dataclasses.is_dataclass(dataclass))

print('-- definition errors')


def define_mutable():
    @dataclass
    class Bad:
        x: list = []


def define_order():
    @dataclass
    class Bad:
        x: int = 1
        y: int


def define_nofield():
    @dataclass
    class Bad:
        x = field(default=1)


def define_order_noeq():
    @dataclass(order=True, eq=False)
    class Bad:
        x: int


def define_overwrite():
    @dataclass(order=True)
    class Bad:
        x: int

        def __lt__(self, other):
            return True


def define_frozen_mix():
    @dataclass(frozen=True)
    class Bad(Base):
        q: int = 0


def define_unfrozen_mix():
    @dataclass
    class Bad(P):
        q: int = 0


def define_explicit_hash():
    @dataclass(unsafe_hash=True)
    class Bad:
        x: int

        def __hash__(self):
            return 0


for fn in [define_mutable, define_order, define_nofield, define_order_noeq, define_overwrite,
           define_frozen_mix, define_unfrozen_mix, define_explicit_hash]:
    attempt(fn)

print('-- make_dataclass, docs, match_args, recursion')
MD = make_dataclass('MD', ['a', ('b', int), ('c', int, field(default=3))], namespace={'twice': lambda self: self.b * 2})
m = MD(1, 2)
print(m, m.twice(), MD.__name__, [f.type for f in fields(MD)])
print(Tile.__doc__)
print(C.__doc__)
print(K.__doc__)
print(Tile.__match_args__, K.__match_args__, C.__match_args__)


@dataclass
class Node:
    val: int
    nxt: Optional['Node'] = None


n = Node(1)
n.nxt = n
print(n)
print(Node(1, Node(2)))
print(Tile.__init__.__qualname__, Tile.__repr__.__qualname__, Tile.__eq__.__qualname__)
print(Tile.__eq__(Tile('a'), 5))
print(Tile('a', tags=None), Tile(name='b', size=1, tags=[1]))
print(dataclasses.fields(Tile)[2].default_factory is list)
print(repr(dataclasses.MISSING.__class__.__name__), type(dataclasses.KW_ONLY).__name__)
print(InitVar[int], InitVar[List[int]])


@dataclass
class Prop:
    _x: int = 0

    @property
    def x(self):
        return self._x


print(Prop(3).x, Prop())


@dataclass
class Defaults:
    a: int = 1
    b: str = 'b'
    c: tuple = (1, 2)
    d: frozenset = frozenset()
    e: None = None


print(Defaults(), Defaults.a, Defaults.c)


@dataclass(frozen=True)
class FrozenPost:
    a: int
    b: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, 'b', self.a * 2)


print(FrozenPost(4), replace(FrozenPost(1), a=7))
