# contextlib beyond the corpus.
from contextlib import contextmanager, suppress, nullcontext, ExitStack, closing, AbstractContextManager, ContextDecorator


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


@contextmanager
def no_yield():
    if False:
        yield


@contextmanager
def two_yields():
    yield 1
    yield 2


@contextmanager
def swallow():
    try:
        yield 'v'
    except ValueError as e:
        print('  swallowed', e)


@contextmanager
def keeps_going():
    try:
        yield
    except KeyError:
        pass
    yield 'again'


def use(cm, exc=None):
    with cm as v:
        print('  body got', v)
        if exc is not None:
            raise exc
    print('  after with')


attempt(use, no_yield())
attempt(use, two_yields())
attempt(use, swallow(), ValueError('bad'))
attempt(use, swallow(), KeyError('k'))
attempt(use, keeps_going(), KeyError('k'))


@contextmanager
def stop_inside():
    yield


def raise_stop():
    with stop_inside():
        raise StopIteration('stop!')


attempt(raise_stop)


@contextmanager
def reraise_as_runtime():
    try:
        yield
    except Exception as e:
        raise RuntimeError('wrapped') from e


def chained():
    try:
        with reraise_as_runtime():
            raise IndexError('inner')
    except RuntimeError as e:
        print('  caught', e, '| cause:', type(e.__cause__).__name__, e.__cause__)


chained()


@contextmanager
def traced(name):
    print('  enter', name)
    yield name
    print('  exit', name)


@traced('deco')
def decorated(x):
    print('  inside decorated', x)
    return x * 2


print(decorated(1), decorated(2), decorated.__name__)
cm = traced('doc')
print(type(cm).__name__, traced.__name__, traced.__wrapped__.__name__)

print('-- suppress, nullcontext, closing')
with suppress(KeyError, IndexError):
    [][1]
with suppress():
    pass
attempt(lambda: [x for x in [1] if suppress(ValueError).__exit__(ValueError, ValueError(), None)])
with suppress(Exception) as s:
    raise ValueError('x')
print('  suppress gave', s)
with nullcontext(42) as n:
    print('  null', n)
with nullcontext() as n:
    print('  null', n)


class Res:
    def __init__(self, name):
        self.name = name

    def close(self):
        print('  closed', self.name)


with closing(Res('r1')) as r:
    print('  using', r.name)
attempt(lambda: [1 for _ in [0] if closing(Res('r2')).__exit__(None, None, None)])

print('-- ExitStack')


class CM:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow

    def __enter__(self):
        print('  enter', self.name)
        return self.name.upper()

    def __exit__(self, et, ev, tb):
        print('  exit', self.name, et.__name__ if et else None)
        return self.swallow


with ExitStack() as stack:
    vals = [stack.enter_context(CM(n)) for n in 'abc']
    stack.callback(print, '  callback', 1, sep='|')
    stack.push(lambda et, ev, tb: print('  pushed exit', et))
    print('  vals', vals)

with ExitStack() as stack:
    stack.enter_context(CM('outer', swallow=True))
    stack.enter_context(CM('inner'))
    raise KeyError('boom')
print('  survived')


def failing_exit():
    with ExitStack() as stack:
        stack.callback(lambda: 1 / 0)
        stack.enter_context(CM('x'))
        raise ValueError('first')


try:
    failing_exit()
except ZeroDivisionError as e:
    print('  outer error', e, '| context:', type(e.__context__).__name__, e.__context__)

stack = ExitStack()
stack.enter_context(CM('kept'))
moved = stack.pop_all()
stack.close()
print('  after close of emptied stack')
moved.close()
attempt(ExitStack().enter_context, 5)
attempt(ExitStack().enter_context, Res('no-cm'))


@ExitStack().callback
def cb():
    pass


print(cb.__name__)


class Managed(AbstractContextManager):
    def __exit__(self, *exc):
        print('  managed exit')


with Managed() as m:
    print('  managed is self', type(m).__name__)


class Deco(ContextDecorator):
    def __enter__(self):
        print('  deco enter')
        return self

    def __exit__(self, *exc):
        print('  deco exit')
        return False


@Deco()
def wrapped():
    print('  wrapped body')
    return 'w'


print(wrapped())
