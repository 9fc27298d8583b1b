# Destroying a suspended generator runs its finally block, which may use the very
# dict or list that held it; and a key's __eq__ may mutate the dict being searched.
d = {}


def closer(tag):
    try:
        yield 1
    finally:
        for i in range(50):
            d[(tag, i)] = i


def started(tag):
    g = closer(tag)
    next(g)
    return g


d['a'] = started('del')
del d['a']
print(len(d))

d.clear()
d['b'] = started('clear')
d.clear()
print(len(d))

d = {'c': started('pop')}
d.pop('c')
print(len(d))

d = {'r': started('replace')}
d['r'] = 5
print(len(d))

d = {'p': started('popitem')}
d.popitem()
print(len(d))

s = set()


def set_closer():
    try:
        yield 1
    finally:
        for i in range(50):
            s.add(i)


class Holder:
    def __init__(self, g):
        self.g = g

    def __hash__(self):
        return 7

    def __eq__(self, other):
        return self is other


g = set_closer()
next(g)
h = Holder(g)
del g
s.add(h)
s.discard(h)
del h
print(len(s))


class Shrinker:
    """An __eq__ that empties the dict it is looked up in."""
    def __init__(self, target):
        self.target = target

    def __hash__(self):
        return 1

    def __eq__(self, other):
        self.target.clear()
        return False


t = {}
t[Shrinker(t)] = 'first'
t[Shrinker(t)] = 'second'
print(len(t), list(t.values()))
