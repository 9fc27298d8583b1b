# itertools beyond the corpus: every function, laziness, reprs, argument errors.
import itertools as it
from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile, filterfalse,
                       groupby, islice, pairwise, starmap, takewhile, tee, zip_longest, product,
                       permutations, combinations, combinations_with_replacement)
import operator


def attempt(fn, *args, **kwargs):
    try:
        r = fn(*args, **kwargs)
        return r
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


print(count(), count(5), count(1.5), count(0, 2), count(0, 1.0), count(3, -1), repeat('x'), repeat(1, 3), repeat(1, -4))
c = count(10, 5)
next(c)
print(c, list(islice(count(0.5, 0.25), 3)), type(c).__name__)
r = repeat('y', 2)
next(r)
print(r, list(r), r)
print(list(islice(cycle('abc'), 7)), list(cycle([])), list(islice(cycle(iter([1, 2])), 5)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], operator.mul)), list(accumulate([5, 3, 8], max)))
print(list(accumulate([1, 2], initial=100)), list(accumulate([], initial=0)), list(accumulate([])), list(accumulate('abc')))
print(list(accumulate([1, 2, 3], func=lambda a, b: a * 10 + b)))
print(list(chain()), list(chain('ab', [], (1,))), list(chain.from_iterable(['xy', 'z'])), type(chain.from_iterable([])).__name__)
print(list(compress('abcdef', [1, 0, 1, 0, 1])), list(compress('abc', [1, 1, 1, 1, 1])))
print(list(dropwhile(lambda x: x < 3, [1, 2, 3, 1, 5])), list(takewhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(filterfalse(None, [0, 1, '', 'a', None])), list(filterfalse(lambda x: x % 2, range(7))))
print([(k, ''.join(g)) for k, g in groupby('aaabbcaa')], [(k, list(g)) for k, g in groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)])
groups = list(groupby('aabbb'))
print([(k, list(g)) for k, g in groups])
gb = groupby('xxyz')
k1, g1 = next(gb)
print(k1, next(g1), next(gb)[0], list(g1))
print(list(groupby([])), [k for k, _ in groupby([1, 1.0, True, 2])])
print(list(islice('abcdefg', 2)), list(islice('abcdefg', 2, 4)), list(islice('abcdefg', 2, None)), list(islice('abcdefg', 0, None, 3)), list(islice('abc', None)))
src = iter(range(10))
print(list(islice(src, 3)), next(src), list(islice(src, 1, 3)), next(src))
print(list(pairwise('abcd')), list(pairwise([1])), list(starmap(pow, [(2, 5), (3, 2)])), list(starmap(max, ['ab', [3, 1]])))
a, b = tee(iter([1, 2, 3]))
print(next(a), list(b), list(a), len(tee('xy', 3)), tee([], 0))
t1, t2 = tee(range(3))
t3, = tee(t1, 1)
print(list(t3), list(t2), type(t1).__name__ == type(t2).__name__)
print(list(zip_longest('ab', [1, 2, 3])), list(zip_longest('a', fillvalue=0)), list(zip_longest()), list(zip_longest([1], [], [2, 3], fillvalue='-')))
print(list(product()), list(product('ab', repeat=0)), list(product('ab', [])), list(product([1, 2], [3], [4, 5])))
print(list(product('ab', 'c', repeat=2))[:3], len(list(product(range(3), repeat=3))))
print(list(permutations([1, 2, 3])), list(permutations('abcd', 0)), list(permutations('ab', 3)), list(permutations([], None)))
print(list(permutations(range(4), 3))[:8], len(list(permutations(range(5)))))
print(list(combinations('abcd', 0)), list(combinations('abcd', 4)), list(combinations([], 0)), list(combinations(range(5), 2))[-3:])
print(list(combinations_with_replacement('abc', 2)), list(combinations_with_replacement([], 2)), list(combinations_with_replacement('ab', 0)), len(list(combinations_with_replacement(range(4), 3))))
print('-- errors')
for fn in [lambda: islice([1]), lambda: islice([1], -1), lambda: islice([1], -5), lambda: islice([1], 1, 2, 0),
           lambda: islice([1], 'a'), lambda: islice([1], 1, 'a'), lambda: islice([1], 'a', 2), lambda: islice(5, 2),
           lambda: islice([1], 1, 2, 3, 4), lambda: islice([1], stop=2), lambda: islice([1], 1.5),
           lambda: product([1], foo=2), lambda: product([1], repeat=-1), lambda: product([1], repeat='a'),
           lambda: product(1), lambda: permutations([1], -1), lambda: permutations([1], 'a'), lambda: permutations(),
           lambda: combinations([1], -1), lambda: combinations([1]), lambda: combinations([1], 1.5),
           lambda: combinations_with_replacement('a'), lambda: count('a'), lambda: count(1, start=2),
           lambda: count(1, 2, 3), lambda: count(x=1), lambda: repeat(), lambda: repeat(1, 'a'),
           lambda: repeat(1, 2, 3), lambda: chain(1), lambda: list(chain(1)), lambda: chain(a=1),
           lambda: cycle(), lambda: cycle(1), lambda: cycle([1], [2]), lambda: accumulate(),
           lambda: accumulate(1), lambda: accumulate([1], None, None, None), lambda: compress('a'),
           lambda: dropwhile(None), lambda: takewhile(1, [1], 2), lambda: filterfalse(None, [1], k=1),
           lambda: groupby(), lambda: groupby(1), lambda: pairwise(), lambda: pairwise(1),
           lambda: starmap(pow), lambda: list(starmap(pow, [1])), lambda: tee(), lambda: tee([1], -1),
           lambda: tee([1], 2, 3), lambda: tee([1], n=2), lambda: zip_longest(1), lambda: zip_longest([1], x=1),
           lambda: list(accumulate([1, 'a'])), lambda: next(dropwhile(1, [1]))]:
    attempt(fn)
