# copy beyond the corpus.
import copy
from collections import namedtuple, OrderedDict, defaultdict, Counter, deque
from dataclasses import dataclass, field


class WithHooks:
    def __init__(self, v):
        self.v = v

    def __copy__(self):
        print('  __copy__ called')
        return WithHooks(self.v)

    def __deepcopy__(self, memo):
        print('  __deepcopy__ called', type(memo).__name__)
        return WithHooks(copy.deepcopy(self.v, memo))


h = WithHooks([1])
h2 = copy.copy(h)
h3 = copy.deepcopy(h)
print(h2.v is h.v, h3.v is h.v, h3.v)

cyc = [1]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc[1] is cc, cc is not cyc, cc[0])
d = {'k': None}
d['k'] = d
dc = copy.deepcopy(d)
print(dc['k'] is dc)
t = ([1], [2])
tc = copy.deepcopy(t)
print(tc == t, tc is t, tc[0] is t[0], copy.deepcopy((1, 'a')) is not None)
imm = (1, 2, 'x', None, 3.5, frozenset([1]))
print(copy.deepcopy(imm) is imm, copy.copy(imm) is imm)
s = {1, 2}
print(copy.copy(s) == s, copy.copy(s) is s, copy.deepcopy([s])[0] == s)


def fn():
    pass


class K:
    pass


print(copy.copy(fn) is fn, copy.deepcopy(fn) is fn, copy.copy(K) is K, copy.deepcopy(K) is K, copy.deepcopy(len) is len)


class Obj:
    def __init__(self):
        self.items = [1, 2]
        self.name = 'o'


o = Obj()
o.self_ref = o
oc = copy.deepcopy(o)
print(oc.self_ref is oc, oc.items is o.items, oc.items, type(oc).__name__, vars(copy.copy(o)).keys())

memo = {}
shared = [9]
a = copy.deepcopy([shared, shared], memo)
print(a[0] is a[1], id(shared) in memo)


class State:
    def __init__(self, x):
        self.x = x
        self.cache = 'cached'

    def __getstate__(self):
        return {'x': self.x}

    def __setstate__(self, st):
        self.x = st['x']
        self.cache = 'rebuilt'


sc = copy.deepcopy(State(5))
print(sc.x, sc.cache, copy.copy(State(6)).cache)


class Reducer:
    def __init__(self, a, b=0):
        self.a = a
        self.b = b

    def __reduce__(self):
        return (Reducer, (self.a, 100))


rc = copy.copy(Reducer(1, 2))
print(rc.a, rc.b)

P = namedtuple('P', 'x y')
pc = copy.deepcopy(P([1], 2))
print(pc, type(pc).__name__, copy.copy(P(1, 2)))


@dataclass(frozen=True)
class F:
    a: list = field(default_factory=list)


fc = copy.deepcopy(F([1]))
print(fc, fc.a is not F([1]).a, copy.copy(F([2])))


class MyList(list):
    pass


class MyDict(dict):
    pass


ml = MyList([[1], 2])
ml.tag = 't'
mlc = copy.deepcopy(ml)
print(mlc, type(mlc).__name__, mlc.tag, mlc[0] is ml[0], copy.copy(ml)[0] is ml[0])
md = MyDict(a=[1])
print(copy.deepcopy(md), type(copy.copy(md)).__name__)
print(copy.deepcopy(OrderedDict(b=[1], a=2)), copy.deepcopy(defaultdict(list, x=[1])), copy.deepcopy(Counter('aab')), copy.deepcopy(deque([1, [2]], maxlen=5)))
od = OrderedDict(z=1)
print(copy.copy(od), type(copy.copy(od)).__name__)


class Base:
    def __init__(self):
        self.v = 1


class Child(Base):
    pass


cc2 = copy.deepcopy(Child())
print(type(cc2).__name__, cc2.v)
print(copy.Error.__name__, issubclass(copy.Error, Exception))
