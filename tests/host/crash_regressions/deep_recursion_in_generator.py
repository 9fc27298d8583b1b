# Generators run on their own (smaller) machine stacks: runaway recursion inside one,
# Python-level or native (repr/== of deeply nested lists), is a RecursionError there too.
import sys
sys.setrecursionlimit(10**6)


def down(n):
    return down(n + 1)


def gen():
    try:
        yield down(0)
    except RecursionError as e:
        yield 'RecursionError in generator'
    nested = []
    for i in range(200000):
        nested = [nested]
    try:
        yield len(repr(nested))
    except RecursionError:
        yield 'repr: RecursionError'
    other = []
    for i in range(200000):
        other = [other]
    try:
        yield nested == other
    except RecursionError:
        yield 'eq: RecursionError'


for x in gen():
    print(x)
# Generators nested in generators, each recursing.
def chain(n):
    if n == 0:
        yield down(0)
    else:
        yield from chain(n - 1)


try:
    print(next(chain(50)))
except RecursionError:
    print('chain: RecursionError')
print('ok')
