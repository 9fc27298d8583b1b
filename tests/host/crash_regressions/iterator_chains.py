# Iterators wrapping iterators (map(f, map(f, ...)), filter, zip, enumerate) pull
# through every level natively: inside a generator, whose stack is smaller than the
# main one, a deep chain must end in RecursionError, not a stack overflow.
def chains():
    for make in (lambda it: map(abs, it), lambda it: filter(None, it), zip, enumerate):
        it = [1, 2]
        for i in range(300000):
            it = make(it)
        try:
            yield len(list(it))
        except RecursionError:
            yield 'RecursionError'


for r in chains():
    print(r)
print('ok')
