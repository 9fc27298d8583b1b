# Code that runs while the interpreter walks a dict (a descriptor's __set_name__, a
# later argument, a key's __eq__) may change that dict.
class Desc:
    def __set_name__(self, owner, name):
        for i in range(20):
            setattr(owner, '_%s_%d' % (name, i), i)


class C:
    a = Desc()
    b = Desc()
    c = Desc()


print(C._a_3, C._c_19, sorted(k for k in vars(C) if k.startswith('_b_'))[:3])


def f(**k):
    return sorted(k)


d = {'x%d' % i: i for i in range(10)}
print(f(**d, **(d.clear() or {'y': 1})))

d = {'x%d' % i: i for i in range(10)}


def mutate():
    d.clear()
    for i in range(100):
        d['z%d' % i] = i
    return 1


print(f(**d, q=mutate()))

e = {'k%d' % i: i for i in range(10)}


class K:
    def __hash__(self):
        return hash('k1')

    def __eq__(self, o):
        e.clear()
        return False


merged = {**e, K(): 1, **{'k1': 5}}
print(len(merged), merged['k1'], len(e))
