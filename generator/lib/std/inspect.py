"""Get useful information from live Python objects (exocc bundled module).

Signatures of Python functions come from the interpreter's `_host` hook
module (see README.md); there is no source or frame introspection.
"""

import sys
import _host
from keyword import iskeyword as _iskeyword
from collections import namedtuple as _namedtuple

__all__ = ['BoundArguments', 'FullArgSpec', 'Parameter', 'Signature', 'cleandoc',
           'formatannotation', 'get_annotations', 'getdoc', 'getfullargspec',
           'getmembers', 'getmro', 'isabstract', 'isbuiltin', 'isclass',
           'iscoroutinefunction', 'isfunction', 'isgenerator',
           'isgeneratorfunction', 'ismethod', 'ismodule', 'isroutine',
           'signature', 'unwrap']


def _f():
    pass


class _C:
    def _m(self):
        pass


def _g():
    yield None


_object = object
_FunctionType = type(_f)
_MethodType = type(_C()._m)
_BuiltinFunctionType = type(len)
_BuiltinMethodType = type([].append)
_ModuleType = type(sys)
_GeneratorType = type(_g())
try:
    _GenericAlias = type(list[int])
except Exception:
    _GenericAlias = None
if _GenericAlias is type:       # list[int] may just give list back
    _GenericAlias = None
del _f, _C, _g


# -- predicates -------------------------------------------------------------

def ismodule(object):
    """Return true if the object is a module."""
    return isinstance(object, _ModuleType)


def isclass(object):
    """Return true if the object is a class."""
    return isinstance(object, type)


def ismethod(object):
    """Return true if the object is an instance method."""
    return isinstance(object, _MethodType)


def isfunction(object):
    """Return true if the object is a user-defined function."""
    return isinstance(object, _FunctionType)


def isbuiltin(object):
    """Return true if the object is a built-in function or method."""
    return isinstance(object, (_BuiltinFunctionType, _BuiltinMethodType))


def isroutine(object):
    """Return true if the object is any kind of function or method."""
    return isbuiltin(object) or isfunction(object) or ismethod(object)


def _unwrap_partial(func):
    functools = sys.modules.get('functools')
    while functools is not None and isinstance(func, functools.partial):
        func = func.func
    return func


def isgeneratorfunction(obj):
    """Return true if the object is a user-defined generator function."""
    while ismethod(obj):
        obj = obj.__func__
    obj = _unwrap_partial(obj)
    if not isfunction(obj):
        return False
    return bool(_host.is_generator_function(obj))


def isgenerator(object):
    """Return true if the object is a generator."""
    return isinstance(object, _GeneratorType)


def iscoroutinefunction(obj):
    return False


def iscoroutine(object):
    return False


def isasyncgenfunction(obj):
    return False


def isawaitable(object):
    return False


def isabstract(object):
    return bool(isinstance(object, type) and getattr(object, '__abstractmethods__', False))


def isdatadescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__set__') or hasattr(tp, '__delete__')


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__get__') and not hasattr(tp, '__set__')


# -- misc helpers ------------------------------------------------------------------

def getmro(cls):
    """Return tuple of base classes (including cls) in method resolution order."""
    return cls.__mro__


def getmembers(object, predicate=None):
    """Return all members of an object as (name, value) pairs sorted by name."""
    results = []
    for key in dir(object):
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def unwrap(func, *, stop=None):
    """Get the object wrapped by *func* (following the __wrapped__ chain)."""
    f = func
    memo = {id(f): f}
    while not isinstance(func, type) and hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
        if id(func) in memo or len(memo) >= 1000:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(f))
        memo[id(func)] = func
    return func


def cleandoc(doc):
    """Clean up indentation from docstrings."""
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            if margin is None or indent < margin:
                margin = indent
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    """Get the documentation string for an object, cleaned up."""
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None and isinstance(object, type):
        for base in object.__mro__:
            if base is _object:
                continue
            doc = base.__doc__
            if doc is not None:
                break
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    """Compute the annotations dict for an object (no evaluation of strings)."""
    if isinstance(obj, type):
        ann = obj.__dict__.get('__annotations__', None)
    elif isfunction(obj):
        ann = _host.annotations(obj)
    else:
        ann = getattr(obj, '__annotations__', None)
    if ann is None:
        return {}
    return dict(ann)


def getsource(object):
    raise OSError('could not get source code')


def getsourcelines(object):
    raise OSError('could not get source code')


def getfile(object):
    if ismodule(object) and getattr(object, '__file__', None):
        return object.__file__
    raise TypeError('source code not available')


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    name = getattr(object, '__module__', None)
    if name is None:
        return None
    return sys.modules.get(name)


def currentframe():
    return None


# -- annotations ---------------------------------------------------------------------

def _strip_typing_prefix(text):
    # like re.sub(r'[\w\.]+', <drop a leading 'typing.'>, text)
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isalnum() or c == '_' or c == '.':
            j = i
            while j < n and (text[j].isalnum() or text[j] == '_' or text[j] == '.'):
                j += 1
            word = text[i:j]
            if word.startswith('typing.'):
                word = word[7:]
            out.append(word)
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return _strip_typing_prefix(repr(annotation))
    if _GenericAlias is not None and isinstance(annotation, _GenericAlias):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


# -- Signature, Parameter, BoundArguments -------------------------------------

class _void:
    """A private marker - used in Parameter & Signature."""


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _ParameterKind:
    """Kinds of parameters; compare like the ints 0..4 (an IntEnum in CPython)."""

    def __init__(self, value, name, description):
        self.value = value
        self.name = name
        self._name_ = name
        self._value_ = value
        self.description = description

    def __repr__(self):
        return '<_ParameterKind.%s: %d>' % (self.name, self.value)

    def __str__(self):
        return self.name

    def __format__(self, spec):
        return format(self.value, spec)

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if isinstance(other, _ParameterKind):
            return self.value == other.value
        if isinstance(other, int):
            return self.value == other
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    def __lt__(self, other):
        return self.value < int(other)

    def __le__(self, other):
        return self.value <= int(other)

    def __gt__(self, other):
        return self.value > int(other)

    def __ge__(self, other):
        return self.value >= int(other)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_POSITIONAL_ONLY = _ParameterKind(0, 'POSITIONAL_ONLY', 'positional-only')
_POSITIONAL_OR_KEYWORD = _ParameterKind(1, 'POSITIONAL_OR_KEYWORD', 'positional or keyword')
_VAR_POSITIONAL = _ParameterKind(2, 'VAR_POSITIONAL', 'variadic positional')
_KEYWORD_ONLY = _ParameterKind(3, 'KEYWORD_ONLY', 'keyword-only')
_VAR_KEYWORD = _ParameterKind(4, 'VAR_KEYWORD', 'variadic keyword')
_KINDS = [_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD, _VAR_POSITIONAL, _KEYWORD_ONLY, _VAR_KEYWORD]
_KIND_BY_NAME = {}
for _k in _KINDS:
    _KIND_BY_NAME[_k.name] = _k
del _k


class Parameter:
    """Represents a parameter in a function signature."""

    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD

    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        the_kind = _as_kind(kind)
        if the_kind is None:
            raise ValueError('value %r is not a valid Parameter.kind' % (kind,))
        kind = the_kind
        self._kind = kind
        if default is not _empty:
            if kind is _VAR_POSITIONAL or kind is _VAR_KEYWORD:
                raise ValueError('%s parameters cannot have default values' % kind.description)
        self._default = default
        self._annotation = annotation
        if name is _empty:
            raise ValueError('name is a required attribute for Parameter')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a %s' % type(name).__name__)
        if not name.isidentifier():
            raise ValueError('%r is not a valid parameter name' % (name,))
        if kind is not _POSITIONAL_ONLY and _iskeyword(name):
            raise ValueError('%r is not a valid parameter name' % (name,))
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        """Creates a customized copy of the Parameter."""
        if name is _void:
            name = self._name
        if kind is _void:
            kind = self._kind
        if annotation is _void:
            annotation = self._annotation
        if default is _void:
            default = self._default
        return type(self)(name, kind, default=default, annotation=annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = '%s: %s' % (formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = '%s = %s' % (formatted, repr(self._default))
            else:
                formatted = '%s=%s' % (formatted, repr(self._default))
        if kind is _VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind is _VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return '<%s "%s">' % (self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind
                and self._default == other._default
                and self._annotation == other._annotation)


def _as_kind(kind):
    if isinstance(kind, _ParameterKind):
        return kind
    if isinstance(kind, int) and 0 <= kind < 5:
        return _KINDS[kind]
    return None


class _ParametersView:
    """Read-only ordered mapping name -> Parameter (Signature.parameters)."""

    def __init__(self, params):
        self._params = params

    def __getitem__(self, key):
        return self._params[key]

    def __iter__(self):
        return iter(self._params)

    def __len__(self):
        return len(self._params)

    def __contains__(self, key):
        return key in self._params

    def __reversed__(self):
        return reversed(list(self._params))

    def get(self, key, default=None):
        return self._params.get(key, default)

    def keys(self):
        return self._params.keys()

    def values(self):
        return self._params.values()

    def items(self):
        return self._params.items()

    def copy(self):
        return dict(self._params)

    def __eq__(self, other):
        if isinstance(other, _ParametersView):
            other = other._params
        return self._params == other

    def __repr__(self):
        items = ', '.join(['(%r, %r)' % (k, v) for k, v in self._params.items()])
        return 'mappingproxy(OrderedDict([%s]))' % items if items else 'mappingproxy(OrderedDict())'


class BoundArguments:
    """Result of Signature.bind call: maps parameter names to arguments."""

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for param_name, param in self._signature.parameters.items():
            if param.kind is _VAR_KEYWORD or param.kind is _KEYWORD_ONLY:
                break
            if param_name not in self.arguments:
                break
            arg = self.arguments[param_name]
            if param.kind is _VAR_POSITIONAL:
                args.extend(arg)
            else:
                args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for param_name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind is _VAR_KEYWORD or param.kind is _KEYWORD_ONLY:
                    kwargs_started = True
                elif param_name not in self.arguments:
                    kwargs_started = True
                    continue
            if not kwargs_started:
                continue
            if param_name in self.arguments:
                arg = self.arguments[param_name]
                if param.kind is _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[param_name] = arg
        return kwargs

    def apply_defaults(self):
        """Set default values for missing arguments."""
        arguments = self.arguments
        new_arguments = {}
        for name, param in self._signature.parameters.items():
            if name in arguments:
                new_arguments[name] = arguments[name]
            elif param.default is not _empty:
                new_arguments[name] = param.default
            elif param.kind is _VAR_POSITIONAL:
                new_arguments[name] = ()
            elif param.kind is _VAR_KEYWORD:
                new_arguments[name] = {}
        self.arguments = new_arguments

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        args = ['%s=%r' % (arg, value) for arg, value in self.arguments.items()]
        return '<%s (%s)>' % (self.__class__.__name__, ', '.join(args))


class Signature:
    """A Signature object represents the overall signature of a function."""

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty,
                 __validate_parameters__=True):
        params = {}
        if parameters is not None:
            if __validate_parameters__:
                top_kind = _POSITIONAL_ONLY
                seen_default = False
                for param in parameters:
                    kind = param.kind
                    name = param.name
                    if kind < top_kind:
                        raise ValueError('wrong parameter order: %s parameter before %s parameter'
                                         % (top_kind.description, kind.description))
                    elif kind > top_kind:
                        top_kind = kind
                    if kind is _POSITIONAL_ONLY or kind is _POSITIONAL_OR_KEYWORD:
                        if param.default is _empty:
                            if seen_default:
                                raise ValueError('non-default argument follows default argument')
                        else:
                            seen_default = True
                    if name in params:
                        raise ValueError('duplicate parameter name: %r' % (name,))
                    params[name] = param
            else:
                for param in parameters:
                    params[param.name] = param
        self._parameters = params
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None,
                      eval_str=False):
        """Constructs Signature for the given callable object."""
        return _signature_from_callable(obj, follow_wrapped, True)

    @property
    def parameters(self):
        return _ParametersView(self._parameters)

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        """Creates a customized copy of the Signature."""
        if parameters is _void:
            parameters = self._parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def __hash__(self):
        params = tuple([p for p in self._parameters.values() if p.kind is not _KEYWORD_ONLY])
        kwo = frozenset([p for p in self._parameters.values() if p.kind is _KEYWORD_ONLY])
        return hash((params, kwo, self._return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        if self._return_annotation != other._return_annotation:
            return False
        mine = list(self._parameters.values())
        theirs = list(other._parameters.values())
        if len(mine) != len(theirs):
            return False
        mine_kwo = {}
        theirs_kwo = {}
        for a, b in zip(mine, theirs):
            if a.kind is _KEYWORD_ONLY and b.kind is _KEYWORD_ONLY:
                mine_kwo[a.name] = a
                theirs_kwo[b.name] = b
            elif a != b:
                return False
        return mine_kwo == theirs_kwo

    def _bind(self, args, kwargs, partial=False):
        arguments = {}
        params = list(self._parameters.values())
        kwargs = dict(kwargs)
        nparams = len(params)
        i = 0              # next parameter
        rest_from = None   # parameters from here on take keyword arguments
        nargs = len(args)
        a = 0
        while True:
            if a >= nargs:
                # no more positional arguments: look at the next parameter
                if i >= nparams:
                    rest_from = i
                    break
                param = params[i]
                i += 1
                if param.kind is _VAR_POSITIONAL:
                    rest_from = i
                    break
                if param.name in kwargs:
                    if param.kind is _POSITIONAL_ONLY:
                        raise TypeError('%r parameter is positional only, but was passed as '
                                        'a keyword' % (param.name,))
                    rest_from = i - 1
                    break
                if param.kind is _VAR_KEYWORD or param.default is not _empty or partial:
                    rest_from = i - 1
                    break
                raise TypeError('missing a required argument: %r' % (param.name,))
            arg_val = args[a]
            a += 1
            if i >= nparams:
                raise TypeError('too many positional arguments')
            param = params[i]
            i += 1
            if param.kind is _VAR_KEYWORD or param.kind is _KEYWORD_ONLY:
                raise TypeError('too many positional arguments')
            if param.kind is _VAR_POSITIONAL:
                arguments[param.name] = tuple(args[a - 1:])
                rest_from = i
                break
            if param.name in kwargs and param.kind is not _POSITIONAL_ONLY:
                raise TypeError('multiple values for argument %r' % (param.name,))
            arguments[param.name] = arg_val

        kwargs_param = None
        for param in params[rest_from:]:
            if param.kind is _VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind is _VAR_POSITIONAL:
                continue
            name = param.name
            if name in kwargs:
                arg_val = kwargs.pop(name)
                if param.kind is _POSITIONAL_ONLY:
                    raise TypeError('%r parameter is positional only, but was passed as '
                                    'a keyword' % (param.name,))
                arguments[name] = arg_val
            elif not partial and param.default is _empty:
                raise TypeError('missing a required argument: %r' % (name,))
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError('got an unexpected keyword argument %r' % (next(iter(kwargs)),))
        return BoundArguments(self, arguments)

    def bind(self, /, *args, **kwargs):
        """Get a BoundArguments object mapping the arguments to parameters."""
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        """Like bind, but allows some required arguments to be missing."""
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return '<%s %s>' % (self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self._parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind is _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append('/')
                render_pos_only_separator = False
            if kind is _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind is _KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append('/')
        rendered = '(%s)' % ', '.join(result)
        if self._return_annotation is not _empty:
            rendered += ' -> %s' % formatannotation(self._return_annotation)
        return rendered


# -- signature() ---------------------------------------------------------------------

def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    """Get a signature object for the passed callable."""
    return _signature_from_callable(obj, follow_wrapped, True)


def _signature_from_function(func):
    try:
        raw = _host.signature(func)
    except ValueError:
        raise ValueError('no signature found for %r' % (func,)) from None
    try:
        annotations = _host.annotations(func)
    except Exception:
        annotations = getattr(func, '__annotations__', None) or {}
    params = []
    for name, kind, default in raw:
        if default is _host.MISSING:
            default = _empty
        params.append(Parameter(name, _KIND_BY_NAME[kind], default=default,
                                annotation=annotations.get(name, _empty)))
    return Signature(params, return_annotation=annotations.get('return', _empty),
                     __validate_parameters__=False)


def _signature_bound_method(sig):
    """Drop the first parameter ('self'), as binding a method does."""
    params = list(sig.parameters.values())
    if not params or params[0].kind is _VAR_KEYWORD or params[0].kind is _KEYWORD_ONLY:
        raise ValueError('invalid method signature')
    kind = params[0].kind
    if kind is _POSITIONAL_OR_KEYWORD or kind is _POSITIONAL_ONLY:
        params = params[1:]
    elif kind is not _VAR_POSITIONAL:
        raise ValueError('invalid argument type')
    return sig.replace(parameters=params)


def _signature_get_partial(wrapped_sig, partial_obj):
    old_params = list(wrapped_sig.parameters.values())
    partial_args = partial_obj.args or ()
    partial_keywords = partial_obj.keywords or {}
    try:
        ba = wrapped_sig.bind_partial(*partial_args, **partial_keywords)
    except TypeError as ex:
        raise ValueError('partial object %r has incorrect arguments' % (partial_obj,)) from ex
    front = []      # parameters that keep their place
    back = []       # parameters moved to the end (keyword-only from now on)
    transform_to_kwonly = False
    for param in old_params:
        name = param.name
        new = param
        if name in ba.arguments:
            arg_value = ba.arguments[name]
            if param.kind is _POSITIONAL_ONLY:
                continue
            if param.kind is _POSITIONAL_OR_KEYWORD:
                if name in partial_keywords:
                    transform_to_kwonly = True
                    new = param.replace(default=arg_value)
                else:
                    continue
            if param.kind is _KEYWORD_ONLY:
                new = param.replace(default=arg_value)
        if transform_to_kwonly:
            if param.kind is _POSITIONAL_OR_KEYWORD:
                back.append(new.replace(kind=_KEYWORD_ONLY))
            elif param.kind is _KEYWORD_ONLY or param.kind is _VAR_KEYWORD:
                back.append(new)
            elif param.kind is _VAR_POSITIONAL:
                pass
            else:
                front.append(new)
        else:
            front.append(new)
    return wrapped_sig.replace(parameters=front + back)


_BUILTIN_MODULES = ('builtins',)


def _user_defined_method(cls, name):
    """The attribute `name` of cls if some non-builtin class in its MRO defines
    it (as a Python function or other callable), else None."""
    for base in cls.__mro__:
        try:
            d = vars(base)
        except TypeError:
            continue
        if name in d:
            if getattr(base, '__module__', None) in _BUILTIN_MODULES:
                return None
            value = getattr(cls, name, None)
            if value is None or isbuiltin(value):
                return None
            return value
    return None


def _signature_from_callable(obj, follow_wrapped, skip_bound_arg):
    if not callable(obj):
        raise TypeError('%r is not a callable object' % (obj,))

    if isinstance(obj, _MethodType):
        sig = _signature_from_callable(obj.__func__, follow_wrapped, skip_bound_arg)
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig

    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if isinstance(obj, _MethodType):
            return _signature_from_callable(obj, follow_wrapped, skip_bound_arg)

    sig = getattr(obj, '__signature__', None)
    if sig is not None and not isinstance(obj, type):
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object %r in __signature__ attribute' % (sig,))
        return sig

    if isfunction(obj):
        return _signature_from_function(obj)

    functools = sys.modules.get('functools')
    if functools is not None and isinstance(obj, functools.partial):
        wrapped_sig = _signature_from_callable(obj.func, follow_wrapped, skip_bound_arg)
        return _signature_get_partial(wrapped_sig, obj)

    if isbuiltin(obj):
        raise ValueError('no signature found for builtin %r' % (obj,))

    sig = None
    if isinstance(obj, type):
        if sig is None:
            own = obj.__dict__.get('__signature__', None)
            if isinstance(own, Signature):
                return own
        call = _user_defined_method(type(obj), '__call__')
        if call is not None:
            sig = _signature_from_callable(call, follow_wrapped, skip_bound_arg)
        else:
            new = _user_defined_method(obj, '__new__')
            init = _user_defined_method(obj, '__init__')
            factory = None
            if '__new__' in obj.__dict__:
                factory = new
            elif '__init__' in obj.__dict__:
                factory = init
            elif new is not None:
                factory = new
            elif init is not None:
                factory = init
            if factory is not None:
                sig = _signature_from_callable(factory, follow_wrapped, skip_bound_arg)
        if sig is None:
            if type not in obj.__mro__:
                if _user_defined_method(obj, '__init__') is None and \
                        _user_defined_method(obj, '__new__') is None and \
                        all([getattr(b, '__module__', None) in _BUILTIN_MODULES
                             for b in obj.__mro__ if b is not obj]) and \
                        getattr(obj, '__module__', None) not in _BUILTIN_MODULES:
                    return Signature()
                raise ValueError('no signature found for builtin type %r' % (obj,))
    else:
        call = _user_defined_method(type(obj), '__call__')
        if call is not None:
            try:
                sig = _signature_from_callable(call, follow_wrapped, skip_bound_arg)
            except ValueError as ex:
                raise ValueError('no signature found for %r' % (obj,)) from ex

    if sig is not None:
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    raise ValueError('callable %r is not supported by signature' % (obj,))


# -- getfullargspec ------------------------------------------------------------------

FullArgSpec = _namedtuple('FullArgSpec',
                          'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations',
                          module='inspect')


def getfullargspec(func):
    """Get the names and default values of a callable object's parameters."""
    try:
        sig = _signature_from_callable(func, False, False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args = []
    varargs = None
    varkw = None
    posonlyargs = []
    kwonlyargs = []
    annotations = {}
    defaults = ()
    kwdefaults = {}
    if sig.return_annotation is not sig.empty:
        annotations['return'] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind is _POSITIONAL_ONLY:
            posonlyargs.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _POSITIONAL_OR_KEYWORD:
            args.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _VAR_POSITIONAL:
            varargs = name
        elif kind is _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not param.empty:
                kwdefaults[name] = param.default
        elif kind is _VAR_KEYWORD:
            varkw = name
        if param.annotation is not param.empty:
            annotations[name] = param.annotation
    if not kwdefaults:
        kwdefaults = None
    if not defaults:
        defaults = None
    return FullArgSpec(posonlyargs + args, varargs, varkw, defaults,
                       kwonlyargs, kwdefaults, annotations)
