# functools beyond the corpus.
import functools
from functools import (partial, reduce, wraps, update_wrapper, lru_cache, cache, total_ordering,
                       cmp_to_key, cached_property, singledispatch)


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


print('-- reduce')
print(reduce(lambda a, b: a - b, [10, 1, 2]), reduce(lambda a, b: a + b, [], 'init'), reduce(max, iter([4, 9, 1])))
attempt(reduce, lambda a, b: a, [])
attempt(reduce, max)
attempt(reduce)
attempt(reduce, max, [1], 0, 9)
attempt(reduce, max, 5)
attempt(reduce, max, [1], initial=0)

print('-- partial')
p = partial(max, 5)
print(p(3), p(9), p, partial(p, 7)(), partial(p, 7).args, p.func is max, p.keywords)
pk = partial(sorted, key=len)
print(pk(['ccc', 'a', 'bb']), pk(['ccc', 'a'], key=str), pk, repr(partial(int, base=2)), partial(int, base=2)('101'))
attempt(partial)
attempt(partial, 5)


def f(a, b, *, c=0):
    return (a, b, c)


pp = partial(partial(f, 1), c=3)
print(pp(2), pp.args, pp.keywords, pp.func is f)

print('-- wraps')


def deco(fn):
    @wraps(fn)
    def inner(*a, **k):
        return fn(*a, **k)
    return inner


@deco
def target(x: int) -> int:
    """Target doc."""
    return x + 1


target.extra = 'kept'
print(target(1), target.__name__, target.__qualname__, target.__doc__, target.__module__, target.__annotations__)
print(target.__wrapped__.__name__, target.__wrapped__(5), hasattr(target.__wrapped__, '__wrapped__'))


def src():
    'source doc'


src.attr = 42


def dst():
    pass


update_wrapper(dst, src)
print(dst.__name__, dst.__doc__, dst.attr, dst.__wrapped__ is src)


def dst2():
    pass


update_wrapper(dst2, src, assigned=('__doc__',), updated=())
print(dst2.__name__, dst2.__doc__, hasattr(dst2, 'attr'))


class CallableThing:
    def __call__(self):
        return 'called'


def dst3():
    pass


update_wrapper(dst3, CallableThing())
print(dst3.__name__, dst3.__wrapped__())
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)

print('-- lru_cache')
calls = []


@lru_cache(maxsize=2)
def sq(n):
    calls.append(n)
    return n * n


print([sq(i) for i in [1, 2, 1, 3, 2, 1]], calls, sq.cache_info())
sq.cache_clear()
print(sq.cache_info(), sq.cache_parameters(), sq.__name__, sq.__wrapped__(4))


@lru_cache
def bare(n):
    return n + 1


print(bare(1), bare(1), bare.cache_info())


@lru_cache(maxsize=0)
def nocache(n):
    return n


print(nocache(1), nocache(1), nocache.cache_info())


@lru_cache(maxsize=None, typed=True)
def typed(x):
    return type(x).__name__


print(typed(1), typed(1.0), typed(True), typed.cache_info())
attempt(lru_cache, 'x')


@lru_cache()
def kw(a, b=2, *, c=3):
    return a + b + c


print(kw(1), kw(1, b=2), kw(a=1), kw(1, 2, c=3), kw.cache_info())
attempt(kw, [1])


@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(60), fib.cache_info())


class Holder:
    def __init__(self):
        self.hits = 0

    @lru_cache(maxsize=None)
    def compute(self, n):
        self.hits += 1
        return n * 10


h = Holder()
print(h.compute(2), h.compute(2), h.hits, Holder.compute.cache_info())

print('-- total_ordering')


@total_ordering
class Ver:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        if not isinstance(other, Ver):
            return NotImplemented
        return self.n < other.n

    def __repr__(self):
        return 'Ver(%d)' % self.n


print(Ver(1) < Ver(2), Ver(1) > Ver(2), Ver(2) >= Ver(2), Ver(3) <= Ver(2), sorted([Ver(3), Ver(1)]), max(Ver(4), Ver(5)))
attempt(lambda: Ver(1) > 3)
print(Ver.__gt__.__name__, Ver.__le__.__name__)


@total_ordering
class Ge:
    def __init__(self, n):
        self.n = n

    def __ge__(self, other):
        return self.n >= other.n

    def __eq__(self, other):
        return self.n == other.n


print(Ge(1) < Ge(2), Ge(1) <= Ge(1), Ge(2) > Ge(1))


def no_order():
    @total_ordering
    class Nope:
        pass


attempt(no_order)

print('-- cmp_to_key')


def cmp(a, b):
    return (a > b) - (a < b)


print(sorted([3, 1, 2], key=cmp_to_key(cmp)), sorted('bca', key=cmp_to_key(lambda a, b: cmp(b, a))))
K = cmp_to_key(cmp)
print(K(1) < K(2), K(2) == K(2), K(3) >= K(4))

print('-- cached_property')


class Data:
    def __init__(self):
        self.count = 0

    @cached_property
    def expensive(self):
        """An expensive value."""
        self.count += 1
        return [self.count]


d = Data()
print(d.expensive, d.expensive, d.count, 'expensive' in vars(d), Data.expensive.__doc__)
del d.expensive
print(d.expensive, d.count)
d.expensive = 'set'
print(d.expensive, type(Data.expensive).__name__, Data.expensive.attrname)

print('-- singledispatch')


@singledispatch
def show(x):
    return 'object:' + repr(x)


@show.register
def _(x: int):
    return 'int:%d' % x


@show.register(list)
def _(x):
    return 'list:' + ','.join(map(show, x))


show.register(float, lambda x: 'float:%.1f' % x)
print(show(1), show(True), show(2.5), show([1, 'a']), show('s'), show.dispatch(bool).__name__, show.dispatch(str) is show.__wrapped__)
attempt(show)
print(sorted(t.__name__ for t in show.registry))
