# Attribute dicts filled with non-str keys: exocc raises TypeError where it needs a
# name (it used to dereference a null pointer), never crashes.
class O:
    pass


o = O()
o.__dict__[1] = 2
o.__dict__['a'] = 3
for name, f in [('dir', lambda: dir(o)), ('vars', lambda: vars(o)), ('getattr', lambda: o.a)]:
    try:
        print(name, f())
    except TypeError as e:
        print(name, 'TypeError')


def g():
    pass


for d in ({1: 2}, {'ok': 1, 2: 3}):
    try:
        g.__dict__ = d
        print(sorted(map(str, vars(g))))
    except TypeError:
        print('function __dict__: TypeError')
try:
    print(type('X', (), {1: 2, 'a': 3}).a)
except TypeError:
    print('type(): TypeError')
print('ok')
