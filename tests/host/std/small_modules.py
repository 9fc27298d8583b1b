# string, operator, keyword, types, __future__.
import string
import operator
import keyword
import types
import __future__
from operator import itemgetter, attrgetter, methodcaller


class Hint:
    def __length_hint__(self):
        return 3


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


print(string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase, string.digits)
print(string.hexdigits, string.octdigits, repr(string.punctuation), repr(string.whitespace), repr(string.printable))
print(string.capwords(' hello   wORLD  again '), string.capwords('a-b c-d', '-'))
t = string.Template('$who likes ${what}; $$5 $who')
print(t.substitute(who='tim', what='kung pao'), t.substitute({'who': 'a', 'what': 'b'}, what='c'))
print(t.safe_substitute(who='x'), string.Template('$a $b').safe_substitute(a=1), t.get_identifiers(), t.is_valid())
attempt(t.substitute, who='x')
attempt(string.Template('bad $ here').substitute)
attempt(string.Template('line1\nbad ${ here').substitute, here=1)
print(string.Template('$x$').safe_substitute(x=1), string.Template('${x}y').substitute(x=2))

print(keyword.kwlist, keyword.softkwlist, keyword.iskeyword('for'), keyword.iskeyword('match'), keyword.issoftkeyword('match'), keyword.iskeyword('x'))

print(operator.add(1, 2), operator.sub(5, 3), operator.mul('a', 3), operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3),
      operator.pow(2, 10), operator.neg(4), operator.pos(-4), operator.abs(-3), operator.inv(5), operator.invert(0))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 4), operator.rshift(16, 2),
      operator.not_(0), operator.truth([]), operator.is_(None, None), operator.is_not(1, None))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2), operator.ge(1, 2), operator.gt(3, 2))
print(operator.concat([1], [2]), operator.contains('abc', 'b'), operator.countOf([1, 2, 1], 1), operator.indexOf('abc', 'c'),
      operator.getitem({'a': 1}, 'a'), operator.index(7), operator.index(True), operator.length_hint([1, 2]), operator.length_hint(Hint(), 5), operator.length_hint(object(), 5))
lst = [1, 2, 3]
operator.setitem(lst, 0, 'x')
operator.delitem(lst, 1)
print(lst, operator.iadd([1], [2]), operator.imul(2, 3), operator.__add__(1, 1), operator.call(max, 1, 2))
attempt(operator.concat, 1, 2)
attempt(operator.index, 1.5)
attempt(operator.indexOf, [1], 5)
ig = itemgetter(1)
ig2 = itemgetter(0, 2)
print(ig('abc'), ig2('abc'), ig, ig2, itemgetter('k')({'k': 'v'}), sorted([(1, 'b'), (2, 'a')], key=itemgetter(1)))
attempt(itemgetter)


class O:
    def __init__(self):
        self.a = 1
        self.child = self

    def name(self, suffix='', *, upper=False):
        return ('o' + suffix).upper() if upper else 'o' + suffix


ag = attrgetter('a')
print(ag(O()), attrgetter('a', 'child.child.a')(O()), ag, attrgetter('x.y'))
attempt(attrgetter, 1)
attempt(attrgetter('zz'), O())
mc = methodcaller('name', '!', upper=True)
print(mc(O()), methodcaller('name')(O()), mc, methodcaller('name'))
attempt(methodcaller)
attempt(methodcaller, 5)

ns = types.SimpleNamespace(a=1, b='x')
ns.c = [1]
print(ns, ns == types.SimpleNamespace(a=1, b='x', c=[1]), ns != types.SimpleNamespace(), types.SimpleNamespace(), vars(ns))
attempt(types.SimpleNamespace, 1)
print(types.FunctionType.__name__, types.LambdaType is types.FunctionType, types.BuiltinFunctionType.__name__, types.GeneratorType.__name__,
      types.MethodType.__name__, types.ModuleType.__name__, types.NoneType.__name__, isinstance(len, types.BuiltinFunctionType))
mp = types.MappingProxyType({'k': 1})
print(mp['k'], len(mp), list(mp), repr(mp), 'k' in mp, mp.get('z', 0))
attempt(mp.__setitem__ if hasattr(mp, '__setitem__') else (lambda *a: (_ for _ in ()).throw(TypeError("'mappingproxy' object does not support item assignment"))), 'k', 2)
print(__future__.all_feature_names, __future__.division, __future__.generator_stop.getOptionalRelease(), __future__.nested_scopes.compiler_flag)
