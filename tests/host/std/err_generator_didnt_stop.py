from contextlib import contextmanager


@contextmanager
def twice():
    yield 1
    yield 2


with twice() as v:
    print('got', v)
print('not reached')
