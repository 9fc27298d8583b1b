"""Data classes (exocc bundled module).

The generated methods (__init__, __repr__, __eq__, ordering, __hash__,
frozen __setattr__/__delattr__) are closures over the field lists instead of
exec-compiled source; __init__ binds its arguments itself and raises the same
TypeErrors as CPython's generated __init__.
"""

import sys
import copy
import keyword
from _argbind import bind as _bind

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass',
           'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class InitVar:
    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return 'dataclasses.InitVar[%s]' % type_name

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        if metadata is None:
            metadata = _EMPTY_METADATA
        self.metadata = metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                'name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,'
                'hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%s)'
                % (self.name, self.type, self.default, self.default_factory, self.init,
                   self.repr, self.hash, self.compare, self.metadata, self.kw_only,
                   self._field_type))

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


# A read-only mapping shown as mappingproxy(...), as CPython's.
from types import MappingProxyType as _MetadataProxy

_EMPTY_METADATA = _MetadataProxy({})


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)'
                % (self.init, self.repr, self.eq, self.order, self.unsafe_hash, self.frozen))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Return an object to identify dataclass fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    if metadata is not None and not isinstance(metadata, _MetadataProxy):
        metadata = _MetadataProxy(metadata)
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _fields_in_init_order(fields):
    std = []
    kw = []
    for f in fields:
        if f.init:
            if f.kw_only:
                kw.append(f)
            else:
                std.append(f)
    return std, kw


# -- recognising ClassVar / InitVar / KW_ONLY annotations ---------------------

def _string_names(annotation, names):
    """True if a string annotation names one of `names` ('ClassVar',
    'typing.ClassVar', ...), possibly subscripted."""
    s = annotation.strip()
    for name in names:
        if s == name or s.startswith(name + '[') or s.startswith(name + ' '):
            return True
    return False


def _is_classvar(a_type):
    if isinstance(a_type, str):
        return _string_names(a_type, ('ClassVar', 'typing.ClassVar', 't.ClassVar'))
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    return a_type is typing.ClassVar or getattr(a_type, '__origin__', None) is typing.ClassVar


def _is_initvar(a_type):
    if isinstance(a_type, str):
        return _string_names(a_type, ('InitVar', 'dataclasses.InitVar'))
    return a_type is InitVar or type(a_type) is InitVar


def _is_kw_only(a_type):
    if isinstance(a_type, str):
        return _string_names(a_type, ('KW_ONLY', 'dataclasses.KW_ONLY'))
    return a_type is KW_ONLY


def _get_field(cls, a_name, a_type, default_kw_only):
    default = _class_own_attr(cls, a_name)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    if _is_classvar(a_type):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(a_type):
        f._field_type = _FIELD_INITVAR

    if f._field_type is _FIELD_CLASSVAR or f._field_type is _FIELD_INITVAR:
        if f.default_factory is not MISSING:
            raise TypeError('field %s cannot have a default factory' % f.name)

    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError('field %s is a ClassVar but specifies kw_only' % f.name)

    # unhashable defaults are taken to be mutable
    if f._field_type is _FIELD and type(f.default).__hash__ is None:
        raise ValueError('mutable default %s for field %s is not allowed: use default_factory'
                         % (type(f.default), f.name))
    return f


def _class_own_attr(cls, name):
    d = cls.__dict__
    if name in d:
        return d[name]
    return MISSING


# -- generated methods ----------------------------------------------------------

_repr_running = set()


def _make_init(cls, all_init_fields, std_fields, kw_fields, frozen, has_post_init):
    qualname = cls.__qualname__ + '.__init__'
    params = tuple([f.name for f in std_fields])
    kwonly = tuple([f.name for f in kw_fields])
    defaults = {}
    for f in std_fields + kw_fields:
        if f.default_factory is not MISSING:
            defaults[f.name] = _HAS_DEFAULT_FACTORY
        elif f.default is not MISSING:
            defaults[f.name] = f.default

    # what to store, field by field: (name, from_argument, factory)
    plan = []
    initvars = []
    for f in all_init_fields:
        if f._field_type is _FIELD_INITVAR:
            initvars.append(f.name)
            continue
        if f.default_factory is not MISSING:
            plan.append((f.name, f.init, f.default_factory))
        elif f.init:
            plan.append((f.name, True, None))
        # init=False without a factory: the class attribute provides the value

    nparams = len(params)

    def __init__(self, /, *args, **kwargs):
        if not kwargs and not kwonly and len(args) == nparams:
            values = dict(zip(params, args))
        else:
            values = _bind(qualname, params, kwonly, defaults, args, kwargs)
        for name, from_argument, factory in plan:
            if from_argument:
                value = values[name]
                if factory is not None and value is _HAS_DEFAULT_FACTORY:
                    value = factory()
            else:
                value = factory()
            if frozen:
                object.__setattr__(self, name, value)
            else:
                setattr(self, name, value)
        if has_post_init:
            self.__post_init__(*[values[name] for name in initvars])

    annotations = {}
    for f in std_fields + kw_fields:
        annotations[f.name] = f.type
    annotations['return'] = None
    __init__.__annotations__ = annotations
    __init__.__signature__ = _init_signature(std_fields, kw_fields)
    return __init__


def _init_signature(std_fields, kw_fields):
    import inspect
    P = inspect.Parameter
    parameters = [P('self', P.POSITIONAL_OR_KEYWORD)]
    for kind, flds in ((P.POSITIONAL_OR_KEYWORD, std_fields), (P.KEYWORD_ONLY, kw_fields)):
        for f in flds:
            if f.default_factory is not MISSING:
                default = _HAS_DEFAULT_FACTORY
            elif f.default is not MISSING:
                default = f.default
            else:
                default = P.empty
            parameters.append(P(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(parameters, return_annotation=None)


def _make_repr(cls, flds):
    names = [f.name for f in flds]

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            parts = []
            for name in names:
                parts.append(name + '=' + repr(getattr(self, name)))
        finally:
            _repr_running.discard(key)
        return self.__class__.__qualname__ + '(' + ', '.join(parts) + ')'
    return __repr__


def _values(obj, names):
    return tuple([getattr(obj, name) for name in names])


def _make_eq(flds):
    names = [f.name for f in flds]

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _values(self, names) == _values(other, names)
        return NotImplemented
    return __eq__


def _make_order(flds):
    names = [f.name for f in flds]

    def __lt__(self, other):
        if other.__class__ is self.__class__:
            return _values(self, names) < _values(other, names)
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is self.__class__:
            return _values(self, names) <= _values(other, names)
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is self.__class__:
            return _values(self, names) > _values(other, names)
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is self.__class__:
            return _values(self, names) >= _values(other, names)
        return NotImplemented
    return [('__lt__', __lt__), ('__le__', __le__), ('__gt__', __gt__), ('__ge__', __ge__)]


def _make_hash(flds):
    names = [f.name for f in flds if (f.compare if f.hash is None else f.hash)]

    def __hash__(self):
        return hash(_values(self, names))
    return __hash__


def _make_frozen(cls, flds):
    names = tuple([f.name for f in flds])

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot assign to field %r' % (name,))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot delete field %r' % (name,))
        super(cls, self).__delattr__(name)
    return [('__setattr__', __setattr__), ('__delattr__', __delattr__)]


def _set_new_attribute(cls, name, value):
    # never overwrites an attribute defined in the class itself
    if name in cls.__dict__:
        return True
    if callable(value) and hasattr(value, '__qualname__'):
        try:
            value.__qualname__ = cls.__qualname__ + '.' + value.__name__
        except (AttributeError, TypeError):
            pass
    setattr(cls, name, value)
    return False


# __hash__ decision table, keyed by (unsafe_hash, eq, frozen, has_explicit_hash):
# None = leave alone, 'none' = set __hash__ to None, 'add' = generate, 'error' = raise
_hash_action = {
    (False, False, False, False): None,
    (False, False, False, True): None,
    (False, False, True, False): None,
    (False, False, True, True): None,
    (False, True, False, False): 'none',
    (False, True, False, True): None,
    (False, True, True, False): 'add',
    (False, True, True, True): None,
    (True, False, False, False): 'add',
    (True, False, False, True): 'error',
    (True, False, True, False): 'add',
    (True, False, True, True): 'error',
    (True, True, False, False): 'add',
    (True, True, False, True): 'error',
    (True, True, True, False): 'add',
    (True, True, True, True): 'error',
}


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                   kw_only, slots, weakref_slot):
    fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))

    # fields of dataclass bases, most basic first so derived classes override
    any_frozen_base = False
    has_dataclass_bases = False
    mro = cls.__mro__
    for i in range(len(mro) - 1, 0, -1):
        b = mro[i]
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True

    cls_dict = cls.__dict__
    cls_annotations = cls_dict.get('__annotations__', {})

    cls_fields = []
    kw_only_seen = False
    for name, a_type in cls_annotations.items():
        if _is_kw_only(a_type):
            if kw_only_seen:
                raise TypeError('%r is KW_ONLY, but KW_ONLY has already been specified' % name)
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, a_type, kw_only))

    for f in cls_fields:
        fields[f.name] = f
        # replace a Field class attribute by the real default (or remove it)
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls_dict.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError('%r is a field but has no type annotation' % name)

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, _FIELDS, fields)

    # an explicit __hash__ (a __hash__ = None implied by defining __eq__ does not count)
    class_hash = cls_dict.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING
                             or (class_hash is None and '__eq__' in cls_dict))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values()
                       if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)

    if init:
        seen_default = False
        for f in std_init_fields:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError('non-default argument %r follows default argument' % f.name)
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        _set_new_attribute(cls, '__init__',
                           _make_init(cls, all_init_fields, std_init_fields,
                                      kw_only_init_fields, frozen, has_post_init))

    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if repr:
        _set_new_attribute(cls, '__repr__', _make_repr(cls, [f for f in field_list if f.repr]))

    if eq:
        _set_new_attribute(cls, '__eq__', _make_eq([f for f in field_list if f.compare]))

    if order:
        for name, fn in _make_order([f for f in field_list if f.compare]):
            if _set_new_attribute(cls, name, fn):
                raise TypeError('Cannot overwrite attribute %s in class %s. Consider using '
                                'functools.total_ordering' % (name, cls.__name__))

    if frozen:
        for name, fn in _make_frozen(cls, field_list):
            if _set_new_attribute(cls, name, fn):
                raise TypeError('Cannot overwrite attribute %s in class %s' % (name, cls.__name__))

    action = _hash_action[(bool(unsafe_hash), bool(eq), bool(frozen), has_explicit_hash)]
    if action == 'none':
        setattr(cls, '__hash__', None)
    elif action == 'add':
        fn = _make_hash(field_list)
        fn.__qualname__ = cls.__qualname__ + '.__hash__'
        setattr(cls, '__hash__', fn)
    elif action == 'error':
        raise TypeError('Cannot overwrite attribute __hash__ in class %s' % cls.__name__)

    if not getattr(cls, '__doc__', None):
        try:
            import inspect
            text = str(inspect.signature(cls)).replace(' -> None', '')
        except (TypeError, ValueError):
            text = ''
        cls.__doc__ = cls.__name__ + text

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple([f.name for f in std_init_fields]))

    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    """Add dunder methods based on the fields defined in the class."""
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen,
                              match_args, kw_only, slots, weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """Return a tuple describing the fields of this dataclass."""
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple([f for f in fields.values() if f._field_type is _FIELD])


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """Returns True if obj is a dataclass or an instance of a dataclass."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """Return the fields of a dataclass instance as a new dictionary mapping
    field names to field values (recursively)."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            result.append((f.name, _asdict_inner(getattr(obj, f.name), dict_factory)))
        return dict_factory(result)
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                          for k, v in obj.items()])
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """Return the fields of a dataclass instance as a new tuple of field values."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            result.append(_astuple_inner(getattr(obj, f.name), tuple_factory))
        return tuple_factory(result)
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                          for k, v in obj.items()])
    return copy.deepcopy(obj)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True,
                   repr=True, eq=True, order=False, unsafe_hash=False,
                   frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False):
    """Return a new dynamically created dataclass."""
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name = item
            tp = 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError('Invalid field: %r' % (item,))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError('Field names must be valid identifiers: %r' % (name,))
        if keyword.iskeyword(name):
            raise TypeError('Field names must not be keywords: %r' % (name,))
        if name in seen:
            raise TypeError('Field name duplicated: %r' % (name,))
        seen.add(name)
        annotations[name] = tp
    ns = dict(namespace)
    ns.update(defaults)
    ns['__annotations__'] = annotations
    if '__module__' not in ns:
        ns['__module__'] = _caller_module()
    meta = type
    for b in bases:
        if isinstance(b, type) and issubclass(type(b), meta):
            meta = type(b)
    cls = meta(cls_name, tuple(bases), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order,
                     unsafe_hash=unsafe_hash, frozen=frozen, match_args=match_args,
                     kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)


def _caller_module():
    try:
        import _host
        name = _host.caller_module_name(2)
    except Exception:
        name = None
    return name or '__main__'


def replace(obj, /, **changes):
    """Return a new object replacing specified fields with new values."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field %s is declared with init=False, it cannot be '
                                 'specified with replace()' % f.name)
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar %r must be specified with replace()' % (f.name,))
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
