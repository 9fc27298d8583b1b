# Freeing very deeply nested structures must not recurse once per level (that
# overflowed the machine stack, first on a generator's smaller stack).
def build_and_drop():
    x = []
    for i in range(20000):
        x = [x]
    x = None
    yield 'nested lists freed in a generator'
    d = {}
    for i in range(20000):
        d = {'k': d, 't': (d,)}
    d = None
    yield 'nested dicts and tuples freed'


for message in build_and_drop():
    print(message)

e = None
for i in range(20000):
    try:
        raise KeyError(i)
    except KeyError as k:
        k.__context__ = e
        e = k
print(type(e.__context__.__context__).__name__)
e = None
print('exception chain freed')


class Link:
    def __init__(self, nxt):
        self.nxt = nxt


head = None
for i in range(20000):
    head = Link(head)
head = None
print('linked objects freed')
