# inspect: signatures, parameters, binding, predicates.
import functools
import inspect
from inspect import Parameter, Signature, signature


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


def f(a, b: int = 1, *args, c, d=2, **kw) -> str:
    """Docstring
       indented."""


def g(x, y, /, z=3, *, w):
    pass


def h(*, only):
    pass


def gen():
    yield 1


lam = lambda p, q=[1]: None
s = signature(f)
print(s, repr(s))
print(repr(s.parameters))
print(list(s.parameters), len(s.parameters), 'b' in s.parameters, s.return_annotation)
for name, p in s.parameters.items():
    print(' ', name, p.kind, repr(p.kind), int(p.kind) if False else p.kind.value, p.kind.description,
          p.default is Parameter.empty, p.annotation, repr(p), str(p))
print(signature(g), signature(h), signature(gen), signature(lam), signature(lambda: 0))
print(Parameter.empty, Signature.empty, Parameter.POSITIONAL_ONLY < Parameter.KEYWORD_ONLY, Parameter.VAR_KEYWORD == 4)
print(s.parameters['a'].kind == Parameter.POSITIONAL_OR_KEYWORD, s.parameters['a'].kind is Parameter.POSITIONAL_OR_KEYWORD)


class A:
    def __init__(self, x, y=2):
        pass

    def meth(self, p, *, q=1):
        pass

    @classmethod
    def cm(cls, k):
        pass

    @staticmethod
    def sm(j, k=0):
        pass

    def __call__(self, val):
        pass


class B:
    pass


class N:
    def __new__(cls, n):
        return super().__new__(cls)


class Sub(A):
    pass


print(signature(A), signature(A(1).meth), signature(A.meth), signature(A.cm), signature(A.sm), signature(A(1)))
print(signature(B), signature(N), signature(Sub))
print(signature(functools.partial(f, 1, c=3)), signature(functools.partial(f, b=3)), signature(functools.partial(g, 1, 2)))


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@deco
def wrapped(alpha, beta=5):
    pass


print(signature(wrapped), signature(wrapped, follow_wrapped=False), inspect.unwrap(wrapped).__name__)
attempt(signature, 5)
attempt(signature, int)

print('-- bind')
ba = s.bind(1, 2, 3, c=4, z=5)
print(ba, ba.args, ba.kwargs, ba.arguments)
ba.apply_defaults()
print(ba)
print(s.bind_partial(c=1), signature(g).bind(1, 2, w=0), signature(g).bind(1, 2, 3, w=0).args)
for call in [lambda: s.bind(), lambda: s.bind(1, a=2), lambda: s.bind(1), lambda: signature(g).bind(1, 2, 3, 4, w=1),
             lambda: signature(g).bind(1, y=2, w=1), lambda: signature(h).bind(1), lambda: signature(h).bind(only=1, other=2),
             lambda: signature(lam).bind(1, 2, 3), lambda: signature(g).bind(1, 2, w=1, z=1, q=0)]:
    attempt(call)
print(signature(lam).bind(1).args, signature(g).bind(1, 2, w=3).kwargs)

print('-- construction')
params = [Parameter('a', Parameter.POSITIONAL_ONLY), Parameter('b', Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=str),
          Parameter('rest', Parameter.VAR_POSITIONAL), Parameter('k', Parameter.KEYWORD_ONLY, default=1)]
sig = Signature(params, return_annotation=int)
print(sig, sig.replace(return_annotation=Signature.empty), sig.parameters['b'].replace(name='bb', default=3))
print(sig == Signature(params, return_annotation=int), sig == s, Parameter('x', 1) == Parameter('x', 1))
attempt(Parameter, 'x', 9)
attempt(Parameter, '1x', Parameter.POSITIONAL_ONLY)
attempt(Parameter, 'for', Parameter.KEYWORD_ONLY)
attempt(Parameter, 'v', Parameter.VAR_POSITIONAL, default=1)
attempt(Signature, [Parameter('k', Parameter.KEYWORD_ONLY), Parameter('a', Parameter.POSITIONAL_OR_KEYWORD)])
attempt(Signature, [Parameter('a', 1, default=1), Parameter('b', 1)])
attempt(Signature, [Parameter('a', 1), Parameter('a', 3)])

print('-- predicates and helpers')
print(inspect.isfunction(f), inspect.isfunction(len), inspect.isfunction(A), inspect.ismethod(A(1).meth), inspect.ismethod(A.meth))
print(inspect.isclass(A), inspect.isclass(A(1)), inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(f), inspect.isgenerator(gen()))
print(inspect.isbuiltin(len), inspect.isroutine(f), inspect.ismodule(inspect), inspect.iscoroutinefunction(f))
print(repr(inspect.getdoc(f)), repr(inspect.cleandoc('  first\n    second\n      third\n')), inspect.getdoc(B))
print(inspect.getmro(Sub)[1].__name__, inspect.getfullargspec(f))
print(inspect.getfullargspec(g), inspect.getfullargspec(A.meth))
print([n for n, v in inspect.getmembers(A) if not n.startswith('_')], [n for n, v in inspect.getmembers(A, inspect.isfunction)])
print(inspect.get_annotations(f), inspect.formatannotation(int), inspect.formatannotation(inspect.Signature), inspect.formatannotation('x'))
