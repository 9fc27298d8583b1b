# Comparing, printing or hashing self-referencing and deeply nested containers:
# CPython's answers, and RecursionError (quickly) where CPython gives up.
a = [1, 2]
a.append(a)
d = {'k': 1}
d['self'] = d
print(repr(a), str(d), repr((a, d)))
print(a == a, d == d, a != a)

b = [1, 2]
b.append(b)
for op in ('==', '<', '!='):
    try:
        print(op, a == b if op == '==' else a < b if op == '<' else a != b)
    except RecursionError as e:
        print(op, 'RecursionError:', e)

deep = []
for i in range(5000):
    deep = [deep]
try:
    print(len(repr(deep)))
except RecursionError as e:
    print('RecursionError:', e)
deep2 = []
for i in range(5000):
    deep2 = [deep2]
try:
    print(deep == deep2)
except RecursionError as e:
    print('RecursionError:', e)

shallow = []
for i in range(100):
    shallow = [shallow]
print(len(repr(shallow)), shallow == [shallow[0]])

nested = int
for i in range(5000):
    nested = (nested,)
try:
    print(isinstance(1, nested))
except RecursionError as e:
    print('RecursionError:', e)
try:
    print(issubclass(bool, nested))
except RecursionError as e:
    print('RecursionError:', e)


class Node:
    def __init__(self, other=None):
        self.other = other

    def __eq__(self, o):
        return self.other == o.other

    def __repr__(self):
        return 'Node(%r)' % (self.other,)


x = Node()
x.other = x
try:
    print(x == Node(x))
except RecursionError as e:
    print('RecursionError:', e)
try:
    print(repr(x))
except RecursionError:
    print('RecursionError')  # CPython's message depends on which check fires first
print('done')
