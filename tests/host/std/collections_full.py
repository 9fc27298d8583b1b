# collections beyond the corpus.
import copy
from collections import namedtuple, defaultdict, OrderedDict, Counter, deque, ChainMap
import collections


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


print('-- namedtuple')
Point = namedtuple('Point', ['x', 'y'])
P3 = namedtuple('P3', 'x, y z', defaults=(0, 1))
p = Point(1, 2)
print(p, Point(x=3, y=4), Point(5, y=6), P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults)
print(Point, P3.__name__, Point.__module__, Point.__doc__, Point.__new__.__doc__, Point.x.__doc__)
print(p._asdict(), p._replace(x=9), Point._make((7, 8)), Point._fields, P3.__match_args__)
print(p + (3,), p * 2, p[::-1], p.index(2), p.count(1), hash(p) == hash((1, 2)), p == (1, 2), p < (1, 3))
print(isinstance(p, tuple), type(p).__mro__[1].__name__, len(P3(0)), max(p), list(reversed(p)))
x, y = p
print(x, y, getattr(p, 'y'), copy.copy(p), copy.deepcopy(P3(1, [2], {3: 4})))
attempt(Point)
attempt(Point, 1)
attempt(Point, 1, 2, 3)
attempt(Point, 1, 2, z=3)
attempt(Point, 1, x=2)
attempt(P3)
attempt(P3, 1, 2, 3, 4)
attempt(Point._make, [1])
attempt(Point._make, [1, 2, 3])
attempt(p._replace, z=1)
attempt(setattr, p, 'x', 1)
attempt(setattr, p, 'w', 1)
attempt(namedtuple, 'Bad', 'a a')
attempt(namedtuple, 'Bad', ['a', '_b'])
attempt(namedtuple, 'Bad', ['a', 'def'])
attempt(namedtuple, 'Bad', ['a', '1x'])
attempt(namedtuple, 'class', ['a'])
attempt(namedtuple, 'Bad', 'a b', defaults=(1, 2, 3))
R = namedtuple('R', ['a', 'a', '_c', 'def', '2'], rename=True)
print(R._fields, R(1, 2, 3, 4, 5))
E = namedtuple('E', '')
print(E(), E._fields, len(E()))


class Vec(namedtuple('Vec', 'x y')):
    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    @property
    def norm1(self):
        return abs(self.x) + abs(self.y)


v = Vec(1, -2) + Vec(3, 4)
print(v, v.norm1, type(v).__name__, Vec._fields)
M = namedtuple('M', 'a b', module='somewhere')
print(M.__module__, M)

print('-- defaultdict')
dd = defaultdict(list, {'a': [1]}, b=[2])
dd['c'].append(3)
print(dd, dd.default_factory, len(dd), dd.get('zz'), 'zz' in dd)
nd = defaultdict()
print(nd, nd.default_factory)
attempt(lambda: nd['missing'])
attempt(defaultdict, 5)
cp = dd.copy()
cp['a'].append('shared')
print(type(cp).__name__, cp is dd, dd['a'], copy.copy(dd) == dd, copy.deepcopy(dd)['a'] is dd['a'])
print(dd | {'z': 0}, {'q': 1} | dd, type(dd | {}).__name__)
d2 = defaultdict(int)
d2 |= {'a': 5}
d2['b'] += 1
print(d2, dict(d2), list(d2.items()), defaultdict(int, [('k', 1)]))
print(isinstance(dd, dict), issubclass(defaultdict, dict), defaultdict.__name__)
rec = defaultdict(list)
rec['self'] = rec
print(rec)

print('-- OrderedDict')
od = OrderedDict([('a', 1), ('b', 2), ('c', 3)])
print(od, OrderedDict(), repr(OrderedDict(x=1)), list(reversed(od)))
od.move_to_end('a')
od.move_to_end('c', last=False)
print(list(od), od.popitem(), od.popitem(last=False), od)
attempt(od.move_to_end, 'zz')
attempt(OrderedDict().popitem)
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) != OrderedDict(b=2, a=1))
print(OrderedDict(a=1, b=2) == {'b': 2, 'a': 1}, {'b': 2, 'a': 1} == OrderedDict(a=1, b=2))
print(OrderedDict.fromkeys('xyz', 0), od.copy(), type(od.copy()).__name__, od | {'n': 1})
o2 = OrderedDict(k=[1])
print(copy.deepcopy(o2), copy.deepcopy(o2)['k'] is o2['k'], o2.setdefault('j', 5), o2)

print('-- Counter')
c = Counter('abracadabra')
print(c, c.most_common(2), c.most_common(), c['z'], 'z' in c, c.total())
print(sorted(c.elements()), Counter(), Counter({'x': 2, 'y': -1}), Counter(a=3, b=1))
c.update('aaz')
c.update({'b': 10})
c.subtract(a=100)
print(c)
a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=-2)
print(a + b, a - b, a | b, a & b, +b, -b)
print(a == Counter(a=3, b=1), Counter(a=1) == Counter(a=1, b=0), a <= a + b, a < a, Counter(a=1) >= Counter())
a += Counter(z=1)
a -= Counter(a=10)
print(a)
del a['nope']
del a['b']
print(a, Counter('hello').most_common(1)[0], type(Counter('ab').copy()).__name__)
attempt(Counter.fromkeys, 'ab')
print(copy.deepcopy(Counter(q=[1]) if False else Counter(q=2)), dict(Counter('aab')))

print('-- deque')
dq = deque([1, 2, 3])
dq.append(4)
dq.appendleft(0)
dq.extend([5, 6])
dq.extendleft([-1, -2])
print(dq, len(dq), dq[0], dq[-1], dq.pop(), dq.popleft(), dq)
dq.rotate(2)
print(dq)
dq.rotate(-3)
print(dq, dq.count(2), dq.index(3), 3 in dq, list(reversed(dq)))
dq.remove(3)
dq.insert(1, 'ins')
dq[0] = 'first'
del dq[2]
print(dq, dq == deque(dq), dq != deque(), bool(deque()), dq.maxlen)
bounded = deque(range(5), maxlen=3)
print(bounded, bounded.maxlen)
bounded.append(9)
bounded.appendleft(-9)
print(bounded, deque(maxlen=2), deque('ab', 0))
attempt(bounded.insert, 0, 1)
attempt(deque().pop)
attempt(deque().popleft)
attempt(lambda: deque([1])[5])
attempt(deque([1]).remove, 7)
attempt(deque, [], -1)
attempt(deque([1]).index, 9)
print(deque([1, 2]) + deque([3]), deque([1]) * 3, deque([1, 2]) < deque([1, 3]), copy.copy(bounded), copy.deepcopy(deque([[1]])))
cl = deque([1, 2])
cl.clear()
cl += [7, 8]
cl.reverse()
print(cl, cl.copy(), list(cl))

print('-- ChainMap')
base = {'a': 1, 'b': 2}
over = {'b': 20, 'c': 30}
cm = ChainMap(over, base)
print(cm, cm['a'], cm['b'], len(cm), sorted(cm), list(cm), cm.get('zz', 'd'), 'c' in cm)
cm['d'] = 4
print(over, list(cm.items()), cm.maps[0] is over, cm.parents, cm.new_child({'e': 5}))
attempt(lambda: cm['nope'])
del cm['d']
attempt(cm.__delitem__, 'a')
print(dict(cm), ChainMap(), ChainMap({}).maps)
print(collections.abc.Mapping.__name__ if hasattr(collections, 'abc') else 'no-abc')

print('-- views and User* classes')
from collections import UserDict, UserList, UserString
import collections.abc as cabc
od = OrderedDict(a=1, b=2)
print(od.keys(), od.values(), od.items(), list(reversed(od.keys())), list(reversed(od.items())), list(reversed(od.values())))
print(od.keys() == {'a', 'b'}, sorted(od.keys() & {'a', 'z'}), od.items() == {('a', 1), ('b', 2)}, 'a' in od.keys(), ('a', 1) in od.items(), 2 in od.values())
print(len(od.keys()), sorted(od.keys() | {'q'}), sorted(od.keys() - {'a'}), od.keys() == OrderedDict(b=0, a=0).keys())
cm = ChainMap({'a': 1}, {'b': 2, 'a': 0})
print(cm.keys(), cm.items(), cm.values(), list(cm.items()), cm == {'a': 1, 'b': 2}, cm != {'a': 1}, cm.pop('a'), cm)
print(cm.setdefault('n', 5), cm, ChainMap({'x': 1}) | {'y': 2}, {'y': 2} | ChainMap({'x': 1}))
cm.update({'u': 1}, v=2)
print(cm.maps[0], isinstance(cm, cabc.MutableMapping), isinstance(cm, cabc.Mapping))
u = UserDict({'x': 1}, y=2)
u['z'] = 3
print(u, len(u), u['x'], u.get('q', 'd'), 'y' in u, u.keys(), list(u.items()), u == {'x': 1, 'y': 2, 'z': 3}, u.pop('z'), u.setdefault('w', 0), u)
print(type(u.copy()).__name__, u | {'k': 1}, isinstance(u, cabc.MutableMapping), sorted(u))
ul = UserList([3, 1, 2])
ul.append(0)
ul.sort()
print(ul, ul[1:3], type(ul[1:3]).__name__, len(ul), ul + [9], [9] + list(ul), ul * 2, ul == [0, 1, 2, 3], 2 in ul, ul.index(2), list(reversed(ul)))
ul.extend(UserList([7]))
ul.insert(0, -1)
print(ul, ul.pop(), ul.pop(0), ul.count(1), isinstance(ul, cabc.MutableSequence), isinstance(ul, cabc.Sequence))
us = UserString('hello')
print(us, repr(us), us.upper(), type(us.upper()).__name__, us[1:3], len(us), 'ell' in us, us + '!', us == 'hello', us.split('l'), us.startswith('he'))
print(isinstance(deque(), cabc.MutableSequence), isinstance(od, cabc.MutableMapping), isinstance(Counter(), cabc.Mapping), isinstance(us, cabc.Sequence))
