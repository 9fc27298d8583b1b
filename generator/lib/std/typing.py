"""Support for type hints (exocc bundled module).

Type hints have no runtime effect: the objects here are placeholders that can
be subscripted, compared and printed like CPython's (`typing.Optional[int]`,
`typing.Dict[str, typing.List[int]]`, `~T`, ...).

Generic[T] and Protocol[T] return the plain Generic / Protocol class, so
`class Box(Generic[T])` works without __mro_entries__; Box[int] is an alias.
"""

import sys

__all__ = ['Annotated', 'Any', 'Callable', 'ClassVar', 'Concatenate', 'Final',
           'ForwardRef', 'Generic', 'Literal', 'Optional', 'ParamSpec', 'Protocol',
           'Tuple', 'Type', 'TypeVar', 'TypeVarTuple', 'Union', 'AbstractSet',
           'ByteString', 'Container', 'ContextManager', 'Hashable', 'ItemsView',
           'Iterable', 'Iterator', 'KeysView', 'Mapping', 'MappingView',
           'MutableMapping', 'MutableSequence', 'MutableSet', 'Sequence', 'Sized',
           'ValuesView', 'Awaitable', 'AsyncIterator', 'AsyncIterable', 'Coroutine',
           'Collection', 'AsyncGenerator', 'AsyncContextManager', 'Reversible',
           'SupportsAbs', 'SupportsBytes', 'SupportsComplex', 'SupportsFloat',
           'SupportsIndex', 'SupportsInt', 'SupportsRound', 'ChainMap', 'Counter',
           'Deque', 'Dict', 'DefaultDict', 'List', 'OrderedDict', 'Set', 'FrozenSet',
           'NamedTuple', 'TypedDict', 'Generator', 'BinaryIO', 'IO', 'Match',
           'Pattern', 'TextIO', 'AnyStr', 'assert_type', 'assert_never', 'cast',
           'clear_overloads', 'dataclass_transform', 'final', 'get_args',
           'get_origin', 'get_overloads', 'get_type_hints', 'is_typeddict',
           'LiteralString', 'Never', 'NewType', 'no_type_check',
           'no_type_check_decorator', 'NoReturn', 'NotRequired', 'overload',
           'ParamSpecArgs', 'ParamSpecKwargs', 'Required', 'reveal_type',
           'runtime_checkable', 'Self', 'Text', 'TYPE_CHECKING', 'TypeAlias',
           'TypeGuard', 'Unpack']

TYPE_CHECKING = False

_NoneType = type(None)


def _f():
    pass


_FunctionType = type(_f)
del _f


def _caller_module(depth):
    try:
        import _host
        name = _host.caller_module_name(depth + 1)
    except Exception:
        name = None
    return name or '__main__'


def _type_repr(obj):
    """repr() of a type argument, the way typing prints it."""
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return '%s.%s' % (obj.__module__, obj.__qualname__)
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return repr(obj)


def _type_convert(arg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg):
    arg = _type_convert(arg)
    if type(arg) is tuple:
        raise TypeError('%s Got %s.' % (msg, repr(arg)[:100]))
    if isinstance(arg, _SpecialForm) and arg not in _BARE_OK:
        raise TypeError('Plain %s is not valid as type argument' % (arg,))
    return arg


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, (TypeVar, ParamSpec, TypeVarTuple)):
            if a not in params:
                params.append(a)
        else:
            for p in getattr(a, '__parameters__', ()) or ():
                if p not in params:
                    params.append(p)
    return tuple(params)


class _Final:
    """Base of the typing placeholder objects."""

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __reduce__(self):
        return repr(self)


# -- special forms -------------------------------------------------------------------

class _SpecialForm(_Final):
    def __init__(self, name, getitem=None, doc=None):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError('%s is not subscriptable' % (self,))
        return self._getitem(self, parameters)

    def __call__(self, *args, **kwds):
        raise TypeError('Cannot instantiate %r' % (self,))

    def __instancecheck__(self, obj):
        raise TypeError('%s cannot be used with isinstance()' % (self,))

    def __subclasscheck__(self, cls):
        raise TypeError('%s cannot be used with issubclass()' % (self,))

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass %r' % (self,))


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        p = _type_check(p, 'Union[arg, ...]: each arg must be a type.')
        if isinstance(p, _UnionGenericAlias):
            flat.extend(p.__args__)
        elif _UnionType is not None and isinstance(p, _UnionType):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    params = []
    for p in flat:
        if p not in params:
            params.append(p)
    if len(params) == 1:
        return params[0]
    return _UnionGenericAlias(self, tuple(params))


def _optional_getitem(self, parameters):
    if isinstance(parameters, tuple):
        raise TypeError('%s requires a single type. Got %r.' % (self, parameters))
    arg = _type_check(parameters, 'Optional[t] requires a single type.')
    return Union[arg, _NoneType]


def _single_getitem(self, parameters):
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _LiteralGenericAlias(self, parameters)


def _concatenate_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Concatenate of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _GenericAlias(self, tuple([_type_convert(p) for p in parameters]))


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    """Special type indicating an unconstrained type."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return super().__new__(cls, *args, **kwargs)


NoReturn = _SpecialForm('NoReturn', doc='Special type indicating functions that never return.')
Never = _SpecialForm('Never', doc='The bottom type, a type that has no members.')
Self = _SpecialForm('Self', doc='Used to spell the type of "self" in classes.')
LiteralString = _SpecialForm('LiteralString', doc='Represents an arbitrary literal string.')
TypeAlias = _SpecialForm('TypeAlias', doc='Special marker indicating that an assignment '
                         'should be recognized as a proper type alias definition.')
ClassVar = _SpecialForm('ClassVar', _single_getitem, 'Special type construct to mark class variables.')
Final = _SpecialForm('Final', _single_getitem, 'Special typing construct to indicate final names.')
Union = _SpecialForm('Union', _union_getitem, 'Union type; Union[X, Y] means either X or Y.')
Optional = _SpecialForm('Optional', _optional_getitem, 'Optional type.')
Literal = _SpecialForm('Literal', _literal_getitem, 'Special typing form to define literal types.')
TypeGuard = _SpecialForm('TypeGuard', _single_getitem, 'Special typing form used to annotate '
                         'the return type of a user-defined type guard function.')
Required = _SpecialForm('Required', _single_getitem, 'A special typing construct to mark a '
                        'key of a total=False TypedDict as required.')
NotRequired = _SpecialForm('NotRequired', _single_getitem, 'A special typing construct to mark '
                           'a key of a TypedDict as potentially missing.')
Unpack = _SpecialForm('Unpack', _single_getitem, 'Type unpack operator.')
Concatenate = _SpecialForm('Concatenate', _concatenate_getitem, 'Used in conjunction with '
                           'ParamSpec and Callable to represent a higher order function.')

_BARE_OK = (NoReturn, Never, Self, LiteralString, TypeAlias)


class Annotated:
    """Add context-specific metadata to a type: Annotated[T, x]."""

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments '
                            '(a type and an annotation).')
        origin = _type_convert(params[0])
        return _AnnotatedAlias(origin, tuple(params[1:]))


class ForwardRef(_Final):
    """Internal wrapper to hold a forward reference."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got %r' % (arg,))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return (self.__forward_arg__ == other.__forward_arg__
                and self.__forward_module__ == other.__forward_module__)

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        if self.__forward_module__ is None:
            module_repr = ''
        else:
            module_repr = ', module=%r' % (self.__forward_module__,)
        return 'ForwardRef(%r%s)' % (self.__forward_arg__, module_repr)


# -- type variables -------------------------------------------------------------------

class TypeVar(_Final):
    """Type variable."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__constraints__ = tuple([_type_convert(t) for t in constraints])
        self.__bound__ = _type_convert(bound) if bound is not None else None
        self.__module__ = _caller_module(1)

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __reduce__(self):
        return self.__name__


class TypeVarTuple(_Final):
    """Type variable tuple."""

    def __init__(self, name):
        self.__name__ = name
        self.__module__ = _caller_module(1)

    def __iter__(self):
        yield Unpack[self]

    def __repr__(self):
        return self.__name__


class ParamSpecArgs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return '%s.args' % (self.__origin__.__name__,)


class ParamSpecKwargs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return '%s.kwargs' % (self.__origin__.__name__,)


class ParamSpec(_Final):
    """Parameter specification variable."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.__bound__ = _type_convert(bound) if bound is not None else None
        self.__module__ = _caller_module(1)

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__


# -- generic aliases ------------------------------------------------------------------

def _substitute(arg, mapping):
    if isinstance(arg, (TypeVar, ParamSpec)) and arg in mapping:
        return mapping[arg]
    if isinstance(arg, _GenericAlias) and arg.__parameters__:
        return arg.copy_with(tuple([_substitute(a, mapping) for a in arg.__args__]))
    if isinstance(arg, list):
        return [_substitute(a, mapping) for a in arg]
    return arg


class _GenericAlias(_Final):
    """A subscripted generic: List[int], Dict[str, T], Box[int], ..."""

    def __init__(self, origin, args, *, inst=True, name=None):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = tuple([Ellipsis if a is Ellipsis else a for a in args])
        self.__parameters__ = _collect_parameters(args)
        self._inst = inst
        self._name = name

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, inst=self._inst, name=self._name)

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        params = self.__parameters__
        if not params:
            raise TypeError('%s is not a generic class' % (self,))
        args = tuple([_type_convert(a) for a in args])
        if len(args) != len(params):
            raise TypeError('Too %s arguments for %s; actual %d, expected %d'
                            % ('many' if len(args) > len(params) else 'few', self,
                               len(args), len(params)))
        mapping = dict(zip(params, args))
        return self.copy_with(tuple([_substitute(a, mapping) for a in self.__args__]))

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ', '.join([_type_repr(a) for a in self.__args__])
        else:
            args = '()'
        return '%s[%s]' % (name, args)

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type %s cannot be instantiated; use %s() instead'
                            % (self._name, self.__origin__.__name__.lower()))
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __getattr__(self, attr):
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        if attr in ('__origin__', '_name', '_inst'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return 'typing.Optional[%s]' % _type_repr(args[1])
            if args[1] is _NoneType:
                return 'typing.Optional[%s]' % _type_repr(args[0])
        return 'typing.Union[%s]' % ', '.join([_type_repr(a) for a in args])

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if isinstance(arg, type) and issubclass(cls, arg):
                return True
        return False


class _LiteralGenericAlias(_GenericAlias):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))


class _CallableGenericAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is Ellipsis:
            return 'typing.Callable[..., %s]' % _type_repr(args[1])
        params = ', '.join([_type_repr(a) for a in args[:-1]])
        return 'typing.Callable[[%s], %s]' % (params, _type_repr(args[-1]))

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params, name=self._name, inst=self._inst)


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        _GenericAlias.__init__(self, origin, (origin,), name=None)
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[%s, %s]' % (_type_repr(self.__origin__),
                                             ', '.join([repr(a) for a in self.__metadata__]))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


class _SpecialGenericAlias(_Final):
    """An unsubscripted typing alias of a class: List, Dict, Iterable, ..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        self._origin = origin
        self._nparams = nparams
        self._inst = inst
        self._name = name

    @property
    def __origin__(self):
        origin = self._origin
        if isinstance(origin, str):
            # 'collections.abc.Iterable' etc., imported on first use
            origin = _resolve_origin(origin)
            self._origin = origin
        return origin

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = 'Parameters to generic types must be types.'
        params = tuple([_type_check(p, msg) for p in params])
        if len(params) != self._nparams:
            raise TypeError('Too %s arguments for %s; actual %d, expected %d'
                            % ('many' if len(params) > self._nparams else 'few', self,
                               len(params), self._nparams))
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type %s cannot be instantiated; use %s() instead'
                            % (self._name, self.__origin__.__name__.lower()))
        return self.__origin__(*args, **kwargs)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__origin__)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self._name == other._name

    def __hash__(self):
        return hash(self._name)


def _resolve_origin(dotted):
    module_name, attr = dotted.rsplit('.', 1)
    if module_name == 'collections.abc':
        import collections.abc
        module = collections.abc
    elif module_name == 'collections':
        import collections
        module = collections
    elif module_name == 'contextlib':
        import contextlib
        module = contextlib
    else:
        import re
        module = re
    return getattr(module, attr)


class _TupleForm(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is Ellipsis:
            msg = 'Tuple[t, ...]: t must be a type.'
            params = tuple([_type_check(p, msg) for p in params[:-1]])
            return _GenericAlias(tuple, params + (Ellipsis,), name='Tuple', inst=False)
        msg = 'Tuple[t0, t1, ...]: each t must be a type.'
        params = tuple([_type_check(p, msg) for p in params])
        return _GenericAlias(tuple, params, name='Tuple', inst=False)


class _CallableForm(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        if isinstance(args, list):
            args = tuple([_type_convert(a) for a in args])
        else:
            args = (_type_convert(args),)
        return _CallableGenericAlias(self.__origin__, args + (_type_convert(result),),
                                     name=self._name, inst=self._inst)


def _alias(origin, nparams, name, inst=True):
    return _SpecialGenericAlias(origin, nparams, inst=inst, name=name)


List = _alias(list, 1, 'List', inst=False)
Dict = _alias(dict, 2, 'Dict', inst=False)
Set = _alias(set, 1, 'Set', inst=False)
FrozenSet = _alias(frozenset, 1, 'FrozenSet', inst=False)
Tuple = _TupleForm(tuple, -1, inst=False, name='Tuple')
Callable = _CallableForm('collections.abc.Callable', 2, name='Callable')
Type = _alias(type, 1, 'Type')
Deque = _alias('collections.deque', 1, 'Deque')
DefaultDict = _alias('collections.defaultdict', 2, 'DefaultDict')
OrderedDict = _alias('collections.OrderedDict', 2, 'OrderedDict')
Counter = _alias('collections.Counter', 1, 'Counter')
ChainMap = _alias('collections.ChainMap', 2, 'ChainMap')
Hashable = _alias('collections.abc.Hashable', 0, 'Hashable')
Awaitable = _alias('collections.abc.Awaitable', 1, 'Awaitable')
Coroutine = _alias('collections.abc.Coroutine', 3, 'Coroutine')
AsyncIterable = _alias('collections.abc.AsyncIterable', 1, 'AsyncIterable')
AsyncIterator = _alias('collections.abc.AsyncIterator', 1, 'AsyncIterator')
Iterable = _alias('collections.abc.Iterable', 1, 'Iterable')
Iterator = _alias('collections.abc.Iterator', 1, 'Iterator')
Reversible = _alias('collections.abc.Reversible', 1, 'Reversible')
Sized = _alias('collections.abc.Sized', 0, 'Sized')
Container = _alias('collections.abc.Container', 1, 'Container')
Collection = _alias('collections.abc.Collection', 1, 'Collection')
AbstractSet = _alias('collections.abc.Set', 1, 'AbstractSet')
MutableSet = _alias('collections.abc.MutableSet', 1, 'MutableSet')
Mapping = _alias('collections.abc.Mapping', 2, 'Mapping')
MutableMapping = _alias('collections.abc.MutableMapping', 2, 'MutableMapping')
Sequence = _alias('collections.abc.Sequence', 1, 'Sequence')
MutableSequence = _alias('collections.abc.MutableSequence', 1, 'MutableSequence')
ByteString = _alias('collections.abc.ByteString', 0, 'ByteString')
MappingView = _alias('collections.abc.MappingView', 1, 'MappingView')
KeysView = _alias('collections.abc.KeysView', 1, 'KeysView')
ItemsView = _alias('collections.abc.ItemsView', 2, 'ItemsView')
ValuesView = _alias('collections.abc.ValuesView', 1, 'ValuesView')
Generator = _alias('collections.abc.Generator', 3, 'Generator')
AsyncGenerator = _alias('collections.abc.AsyncGenerator', 2, 'AsyncGenerator')
ContextManager = _alias('contextlib.AbstractContextManager', 1, 'AbstractContextManager')
AsyncContextManager = _alias('contextlib.AbstractContextManager', 1, 'AbstractAsyncContextManager')
Pattern = _alias('re.Pattern', 1, 'Pattern')
Match = _alias('re.Match', 1, 'Match')

Text = str
AnyStr = TypeVar('AnyStr', bytes, str)
AnyStr.__module__ = 'typing'


# -- Generic and Protocol ---------------------------------------------------------------

def _check_generic_params(cls, params):
    if not isinstance(params, tuple):
        params = (params,)
    if not params:
        raise TypeError('Parameter list to %s[...] cannot be empty' % (cls.__qualname__,))
    for p in params:
        if not isinstance(p, (TypeVar, ParamSpec, TypeVarTuple)) and not (
                isinstance(p, _GenericAlias) and p.__origin__ is Unpack):
            raise TypeError('Parameters to %s[...] must all be type variables or '
                            'parameter specification variables.' % (cls.__name__,))
    seen = []
    for p in params:
        if p in seen:
            raise TypeError('Parameters to %s[...] must all be unique' % (cls.__name__,))
        seen.append(p)
    return params


class Generic:
    """Abstract base class for generic types."""

    def __class_getitem__(cls, params):
        if cls is Generic or cls is Protocol:
            params = _check_generic_params(cls, params)
            base = cls
            # remember the parameters for the class statement that follows
            return base
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple([_type_convert(p) for p in params])
        return _GenericAlias(cls, params)


class Protocol(Generic):
    """Base class for protocol classes."""


def runtime_checkable(cls):
    """Mark a protocol class as a runtime protocol."""
    cls._is_runtime_protocol = True
    return cls


# -- NamedTuple and TypedDict -------------------------------------------------------------

_prohibited_nt = ('__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                  '_field_defaults', '_make', '_replace', '_asdict', '_source')
_special_nt = ('__module__', '__name__', '__annotations__', '__qualname__', '_root')


def _make_nmtuple(name, types, module, defaults=()):
    from collections import namedtuple
    fields = [n for n, t in types]
    annotations = {}
    for n, t in types:
        annotations[n] = _type_check(t, 'field %s annotation must be a type' % n)
    nm_tpl = namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = annotations
    try:
        nm_tpl.__new__.__annotations__ = annotations
    except (AttributeError, TypeError):
        pass
    return nm_tpl


class NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        if ns.get('_root', False):
            return super().__new__(cls, typename, bases, ns)
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError('Non-default namedtuple field %s cannot follow default field%s %s'
                                % (field_name, 's' if len(default_names) > 1 else '',
                                   ', '.join(default_names)))
        nm_tpl = _make_nmtuple(typename, list(types.items()),
                               module=ns.get('__module__', '__main__'),
                               defaults=[ns[n] for n in default_names])
        for key in ns:
            if key in _prohibited_nt:
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            if key not in _special_nt and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl

    def __call__(cls, typename, fields=None, /, **kwargs):
        if fields is None:
            fields = list(kwargs.items())
        elif kwargs:
            raise TypeError('Either list of fields or keywords can be provided to '
                            'NamedTuple, not both')
        return _make_nmtuple(typename, list(fields), module=_caller_module(1))


class NamedTuple(metaclass=NamedTupleMeta):
    """Typed version of namedtuple."""
    _root = True


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        if ns.get('_root', False):
            return super().__new__(cls, name, (dict,), ns)
        annotations = {}
        own = ns.get('__annotations__', {})
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
        for k, v in own.items():
            annotations[k] = _type_convert(v)
        required = set()
        optional = set()
        for base in bases:
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        for k in own:
            if total:
                required.add(k)
            else:
                optional.add(k)
        body = dict(ns)
        body['__annotations__'] = annotations
        body['__required_keys__'] = frozenset(required)
        body['__optional_keys__'] = frozenset(optional)
        body['__total__'] = total
        return super().__new__(cls, name, (dict,), body)

    def __init__(cls, name, bases, ns, total=True):
        pass

    def __call__(cls, *args, **kwargs):
        if cls.__dict__.get('_root', False):
            return _typeddict_functional(*args, **kwargs)
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    def __instancecheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')


def _typeddict_functional(typename, fields=None, /, *, total=True, **kwargs):
    if fields is None:
        fields = kwargs
    ns = {'__annotations__': dict(fields), '__module__': _caller_module(2)}
    return _TypedDictMeta(typename, (), ns, total=total)


class TypedDict(metaclass=_TypedDictMeta):
    """A simple typed namespace. At runtime it is equivalent to a plain dict."""
    _root = True


def is_typeddict(tp):
    return isinstance(tp, _TypedDictMeta) and not tp.__dict__.get('_root', False)


# -- functions -----------------------------------------------------------------------------

def cast(typ, val):
    """Cast a value to a type (returns the value unchanged)."""
    return val


def assert_type(val, typ, /):
    return val


def reveal_type(obj, /):
    sys.stderr.write('Runtime type is %r\n' % (type(obj).__name__,))
    return obj


def assert_never(arg, /):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: %s' % (value,))


_overload_registry = {}


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. '
        'A series of @typing.overload-decorated functions '
        'outside a stub module should always be followed '
        'by an implementation that is not @overload-ed.')


def overload(func):
    """Decorator for overloaded functions/methods."""
    key = (getattr(func, '__module__', None), getattr(func, '__qualname__', None))
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    key = (getattr(func, '__module__', None), getattr(func, '__qualname__', None))
    return list(_overload_registry.get(key, []))


def clear_overloads():
    _overload_registry.clear()


def final(f):
    """Decorator to indicate final methods and final classes."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    return decorator


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        field_specifiers=(), **kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default,
            'order_default': order_default,
            'kw_only_default': kw_only_default,
            'field_specifiers': field_specifiers,
            'kwargs': kwargs,
        }
        return cls_or_fn
    return decorator


class NewType:
    """NewType creates simple unique types with almost zero runtime overhead."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        self.__module__ = _caller_module(1)

    def __call__(self, x):
        return x

    def __repr__(self):
        return '%s.%s' % (self.__module__, self.__qualname__)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of NewType. Perhaps you were looking '
                        'for: `%s = NewType(%r, %s)`' % (self.__name__, self.__name__, self.__name__))


try:
    _UnionType = type(int | str)
except Exception:
    _UnionType = None


def get_origin(tp):
    """Get the unsubscripted version of a type."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, _UnionGenericAlias):
        return Union
    if isinstance(tp, (_GenericAlias, ParamSpecArgs, ParamSpecKwargs)):
        return tp.__origin__
    if isinstance(tp, _SpecialGenericAlias):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if _UnionType is not None and isinstance(tp, _UnionType):
        return _UnionType
    origin = getattr(tp, '__origin__', None)
    if origin is not None and type(tp).__name__ == 'GenericAlias':
        return origin
    return None


def get_args(tp):
    """Get type arguments with all substitutions performed."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias):
        res = tp.__args__
        if len(res) == 2 and res[0] is Ellipsis:
            return res
        if len(res) == 2 and isinstance(res[0], (ParamSpec, _GenericAlias)):
            return res
        return (list(res[:-1]), res[-1])
    if isinstance(tp, _GenericAlias):
        return tp.__args__
    if _UnionType is not None and isinstance(tp, _UnionType):
        return tp.__args__
    if type(tp).__name__ == 'GenericAlias':
        return getattr(tp, '__args__', ())
    return ()


# -- get_type_hints: evaluates string annotations with a small parser ----------------------

class _TypeExprParser:
    """Evaluates annotation strings such as 'Optional[List[int]]' or
    'dict[str, "Node"] | None' by name lookup (there is no eval)."""

    def __init__(self, text, lookup):
        self.text = text
        self.pos = 0
        self.lookup = lookup

    def error(self):
        raise SyntaxError('cannot evaluate annotation %r' % (self.text,))

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos] in ' \t\n':
            self.pos += 1

    def peek(self):
        self.skip()
        return self.text[self.pos:self.pos + 1]

    def expect(self, ch):
        if self.peek() != ch:
            self.error()
        self.pos += 1

    def parse(self):
        value = self.union()
        if self.peek() != '':
            self.error()
        return value

    def union(self):
        value = self.primary()
        while self.peek() == '|':
            self.pos += 1
            right = self.primary()
            value = Union[value, right]
        return value

    def primary(self):
        c = self.peek()
        if c == '':
            self.error()
        if c in '\'"':
            quote = c
            end = self.text.find(quote, self.pos + 1)
            if end < 0:
                self.error()
            inner = self.text[self.pos + 1:end]
            self.pos = end + 1
            value = ForwardRef(inner)
        elif c == '[':
            self.pos += 1
            items = []
            while self.peek() != ']':
                items.append(self.union())
                if self.peek() == ',':
                    self.pos += 1
            self.pos += 1
            value = items
        elif c == '(' and self.text[self.pos:self.pos + 2] == '()':
            self.pos += 2
            value = ()
        elif self.text.startswith('...', self.pos):
            self.pos += 3
            value = Ellipsis
        elif c.isalpha() or c == '_':
            start = self.pos
            while self.pos < len(self.text) and (self.text[self.pos].isalnum()
                                                 or self.text[self.pos] == '_'):
                self.pos += 1
            value = self.lookup(self.text[start:self.pos])
            while self.peek() == '.':
                self.pos += 1
                self.skip()
                start = self.pos
                while self.pos < len(self.text) and (self.text[self.pos].isalnum()
                                                     or self.text[self.pos] == '_'):
                    self.pos += 1
                value = getattr(value, self.text[start:self.pos])
        elif c.isdigit() or c == '-':
            start = self.pos
            self.pos += 1
            while self.pos < len(self.text) and self.text[self.pos].isdigit():
                self.pos += 1
            value = int(self.text[start:self.pos])
        else:
            self.error()
        while self.peek() == '[':
            self.pos += 1
            items = []
            while self.peek() != ']':
                items.append(self.union())
                if self.peek() == ',':
                    self.pos += 1
            self.pos += 1
            value = value[items[0] if len(items) == 1 else tuple(items)]
        return value


_BUILTIN_NAMES = {'int': int, 'float': float, 'str': str, 'bool': bool, 'bytes': bytes,
                  'list': list, 'dict': dict, 'set': set, 'frozenset': frozenset,
                  'tuple': tuple, 'object': object, 'type': type, 'complex': complex,
                  'None': None, 'range': range, 'slice': slice, 'bytearray': bytearray}


def _make_lookup(module_name, localns):
    module = sys.modules.get(module_name) if module_name else None

    def lookup(name):
        if localns is not None and name in localns:
            return localns[name]
        if module is not None and hasattr(module, name):
            return getattr(module, name)
        if name in _BUILTIN_NAMES:
            return _BUILTIN_NAMES[name]
        raise NameError("name '%s' is not defined" % (name,))
    return lookup


def _eval_hint(value, module_name, localns):
    if value is None:
        return _NoneType
    if isinstance(value, ForwardRef):
        value = value.__forward_arg__
    if isinstance(value, str):
        value = _TypeExprParser(value, _make_lookup(module_name, localns)).parse()
        if value is None:
            return _NoneType
    # forward references nested in generic aliases: List['Node'] -> List[Node]
    if isinstance(value, ForwardRef):
        return _eval_hint(value, module_name, localns)
    if isinstance(value, _LiteralGenericAlias):
        return value
    if isinstance(value, _AnnotatedAlias):
        return _AnnotatedAlias(_eval_hint(value.__origin__, module_name, localns),
                               value.__metadata__)
    if isinstance(value, _GenericAlias):
        args = tuple([_eval_hint(a, module_name, localns) if a is not Ellipsis else a
                      for a in value.__args__])
        if args != value.__args__:
            if isinstance(value, _UnionGenericAlias):
                return Union[args]
            return value.copy_with(args)
    return value


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return t.__origin__
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """Return type hints for an object (string annotations are evaluated)."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            module_name = getattr(base, '__module__', None)
            ns = dict(vars(base)) if localns is None else localns
            for name, value in ann.items():
                hints[name] = _eval_hint(value, module_name, ns)
    else:
        try:
            import _host
            ann = _host.annotations(obj)
        except Exception:
            ann = getattr(obj, '__annotations__', None)
        if ann is None:
            raise TypeError('%r is not a module, class, method, or function.' % (obj,))
        module_name = getattr(obj, '__module__', None)
        if module_name is None and isinstance(obj, type(sys)):
            module_name = obj.__name__
        for name, value in ann.items():
            hints[name] = _eval_hint(value, module_name, localns)
    if not include_extras:
        for k in list(hints):
            hints[k] = _strip_annotations(hints[k])
    return hints


# minimal IO placeholders
class IO(Generic):
    """Generic base class for TextIO and BinaryIO."""


class TextIO(IO):
    """Typed version of the return of open() in text mode."""


class BinaryIO(IO):
    """Typed version of the return of open() in binary mode."""


class SupportsInt(Protocol):
    pass


class SupportsFloat(Protocol):
    pass


class SupportsComplex(Protocol):
    pass


class SupportsBytes(Protocol):
    pass


class SupportsIndex(Protocol):
    pass


class SupportsAbs(Protocol):
    pass


class SupportsRound(Protocol):
    pass
