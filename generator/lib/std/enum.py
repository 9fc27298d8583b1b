"""Enumerations (exocc bundled module): Enum, IntEnum, StrEnum, Flag, IntFlag,
auto, unique.

Written without __prepare__: the class body is an ordinary dict, so members
are taken in definition order from it (a name bound twice in the body keeps
its last value instead of raising).
"""

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag',
           'ReprEnum', 'auto', 'unique', 'member', 'nonmember', 'property']

_builtin_property = property


def _f():
    pass


_FunctionType = type(_f)
del _f

# built-in classes usable as the data type of an enum
_DATA_TYPES = (int, str, float, bytes, tuple, complex, frozenset, list, dict, set)


def _is_descriptor(obj):
    if isinstance(obj, (_FunctionType, _builtin_property, classmethod, staticmethod)):
        return True
    t = type(obj)
    return hasattr(t, '__get__') or hasattr(t, '__set__') or hasattr(t, '__delete__')


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__'
            and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_'
            and name[1:2] != '_' and name[-2:-1] != '_')


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name.lstrip('_'),)
    return (len(name) > len(pattern) and name.startswith(pattern)
            and name[len(pattern):len(pattern) + 1] != '_'
            and (name[-1] != '_' or name[-2] != '_'))


class _AutoNull:
    def __repr__(self):
        return '_auto_null'


_auto_null = _AutoNull()


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class member:
    """Forces item to become an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Protects item from becoming an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


class property(_builtin_property):
    """enum.property: a property that also works on enum members named like it."""


class _MemberRedirect:
    """Class attribute for a member whose name is also a property of the
    enum (e.g. a member called `name`): the class gets the member,
    instances get the property."""

    def __init__(self, member, descriptor):
        self.member = member
        self.descriptor = descriptor

    def __get__(self, instance, owner=None):
        if instance is None:
            return self.member
        return self.descriptor.__get__(instance, owner)


def _find_data_type(cls_name, bases):
    data_types = []
    for chain in bases:
        candidate = None
        for base in chain.__mro__:
            if base is object:
                continue
            if isinstance(base, EnumType):
                if base._member_type_ is not object:
                    if base._member_type_ not in data_types:
                        data_types.append(base._member_type_)
                    break
            elif base in _DATA_TYPES or '__new__' in _own_dict(base):
                found = candidate or base
                if found not in data_types:
                    data_types.append(found)
                break
            else:
                candidate = candidate or base
    if len(data_types) > 1:
        raise TypeError('too many data types for %r: %r' % (cls_name, set(data_types)))
    if data_types:
        return data_types[0]
    return object


def _own_dict(cls):
    try:
        return vars(cls)
    except TypeError:
        return {}


class EnumType(type):
    """Metaclass for Enum"""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        is_root = True
        for b in bases:
            if isinstance(b, EnumType):
                is_root = False
        if is_root:
            enum_class = super().__new__(metacls, cls, bases, dict(classdict), **kwds)
            _init_maps(enum_class, object)
            return enum_class

        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError('<enum %r> cannot extend %r' % (cls, base))
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError('new enumerations should be created as '
                            '`EnumName([mixin_type, ...] [data_type,] enum_type)`')
        member_type = _find_data_type(cls, bases)

        ignore = classdict.get('_ignore_', [])
        if isinstance(ignore, str):
            ignore = ignore.replace(',', ' ').split()
        ignore = list(ignore) + ['_ignore_']

        body = {}
        members = []          # (name, value) in definition order
        for key, value in classdict.items():
            if key in ignore:
                continue
            if isinstance(value, nonmember):
                body[key] = value.value
            elif isinstance(value, member):
                members.append((key, value.value))
            elif (_is_dunder(key) or _is_sunder(key) or _is_private(cls, key)
                    or _is_descriptor(value)):
                body[key] = value
            else:
                members.append((key, value))
        invalid = [repr(n) for n, v in members if n in ('mro', '')]
        if invalid:
            raise ValueError('invalid enum member name(s) %s' % (','.join(invalid),))
        body.pop('_order_', None)

        # how members are created
        new_member = classdict.get('__new__', None)
        if new_member is not None:
            if isinstance(new_member, staticmethod):
                new_member = new_member.__func__
            body['__new_member__'] = staticmethod(new_member)
        else:
            for chain in (first_enum, member_type):
                new_member = getattr(chain, '__new_member__', None)
                if new_member is not None:
                    break
            if new_member is None:
                new_member = member_type.__new__ if member_type is not object else None
        use_args = new_member is not None

        gnv = classdict.get('_generate_next_value_', None)
        if gnv is None:
            gnv = getattr(first_enum, '_generate_next_value_', None)
        if isinstance(gnv, staticmethod):
            gnv = gnv.__func__

        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        _init_maps(enum_class, member_type)
        type.__setattr__(enum_class, '_new_member_',
                         staticmethod(new_member) if new_member is not None else None)
        type.__setattr__(enum_class, '_use_args_', use_args)

        # repr/str/format of the data type must not hide Enum's
        if member_type is not object:
            mro = enum_class.__mro__
            for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
                if name in body:
                    continue
                overridden = False
                for base in mro:
                    if base is member_type or base is object:
                        break
                    if name in _own_dict(base):
                        overridden = True
                        break
                if not overridden:
                    type.__setattr__(enum_class, name, getattr(first_enum, name))

        last_values = []
        count = 0
        for name, value in members:
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gnv(name, 1, count, last_values[:])
                value = value.value
            last_values.append(value)
            count += 1
            _add_member(enum_class, name, value)
        return enum_class

    def __bool__(cls):
        return True

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        """Either returns an existing member, or creates a new enum class."""
        if names is None:
            return _lookup(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'"
                            % (type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError('%r cannot delete member %r.' % (cls.__name__, attr))
        super().__delattr__(attr)

    def __getitem__(cls, name):
        """Return the member matching `name`."""
        return cls._member_map_[name]

    def __iter__(cls):
        """Return members in definition order."""
        return iter([cls._member_map_[name] for name in cls._member_names_])

    def __reversed__(cls):
        """Return members in reverse definition order."""
        return iter([cls._member_map_[name] for name in reversed(cls._member_names_)])

    def __len__(cls):
        """Return the number of members (no aliases)"""
        return len(cls._member_names_)

    @_builtin_property
    def __members__(cls):
        """Returns a mapping of member name->value, including aliases."""
        return _MembersProxy(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return '<flag %r>' % (cls.__name__,)
        return '<enum %r>' % (cls.__name__,)

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member %r' % (name,))
        super().__setattr__(name, value)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        """Convenience method to create a new Enum class (the functional API)."""
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        first_enum = bases[-1]
        classdict = {}
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names = names
            names = []
            last_values = []
            gnv = first_enum._generate_next_value_
            for count in range(len(original_names)):
                name = original_names[count]
                value = gnv(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is None:
            module = _caller_module(2)
        classdict['__module__'] = module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)


EnumMeta = EnumType


def _caller_module(depth):
    try:
        import _host
        name = _host.caller_module_name(depth + 1)
    except Exception:
        name = None
    return name or '__main__'


# A read-only mapping shown as mappingproxy(...), as CPython's.
from types import MappingProxyType as _MembersProxy

def _init_maps(enum_class, member_type):
    type.__setattr__(enum_class, '_member_names_', [])
    type.__setattr__(enum_class, '_member_map_', {})
    type.__setattr__(enum_class, '_value2member_map_', {})
    type.__setattr__(enum_class, '_unhashable_values_', [])
    type.__setattr__(enum_class, '_member_type_', member_type)


def _add_member(enum_class, name, value):
    member_type = enum_class._member_type_
    if isinstance(value, tuple) and member_type is not tuple:
        args = value
    else:
        args = (value,)
    if member_type is tuple:
        args = (args,)
    if enum_class._new_member_ is None:
        enum_member = object.__new__(enum_class)
    else:
        enum_member = enum_class._new_member_(enum_class, *args)
    if not hasattr(enum_member, '_value_'):
        if member_type is object:
            enum_member._value_ = value
        else:
            try:
                enum_member._value_ = member_type(*args)
            except Exception as exc:
                raise TypeError('_value_ not set in __new__, unable to create it') from exc
    value = enum_member._value_
    enum_member._name_ = name
    enum_member.__objclass__ = enum_class
    _call_init(enum_member, args)
    enum_member._sort_order_ = len(enum_class._member_names_)

    # a member whose value equals an earlier member's becomes an alias of it
    for canonical in enum_class._member_map_.values():
        if canonical._value_ == value:
            enum_member = canonical
            break
    else:
        enum_class._member_names_.append(name)

    # a property of the same name (e.g. `name`) must keep working on members
    redirect = None
    for base in enum_class.__mro__[1:]:
        descriptor = _own_dict(base).get(name)
        if descriptor is not None:
            if isinstance(descriptor, _builtin_property):
                redirect = _MemberRedirect(enum_member, descriptor)
            break
    type.__setattr__(enum_class, name, enum_member if redirect is None else redirect)

    enum_class._member_map_[name] = enum_member
    try:
        enum_class._value2member_map_.setdefault(value, enum_member)
    except TypeError:
        enum_class._unhashable_values_.append(value)


def _call_init(enum_member, args):
    # the first __init__ along the MRO, not counting built-in data types
    # (Enum.__init__ accepts and ignores any arguments)
    for base in type(enum_member).__mro__:
        if base is object or base in _DATA_TYPES:
            continue
        init = _own_dict(base).get('__init__')
        if init is not None:
            init(enum_member, *args)
            return


def _lookup(cls, value):
    """cls(value): the member with that value."""
    if type(value) is cls:
        return value
    try:
        return cls._value2member_map_[value]
    except KeyError:
        pass
    except TypeError:
        for member in cls._member_map_.values():
            if member._value_ == value:
                return member
    exc = None
    try:
        result = cls._missing_(value)
    except Exception as e:
        exc = e
        result = None
    if isinstance(result, cls):
        return result
    ve_exc = ValueError('%r is not a valid %s' % (value, cls.__qualname__))
    if result is None and exc is None:
        raise ve_exc
    if exc is None:
        exc = TypeError('error in %s._missing_: returned %r instead of None or a valid member'
                        % (cls.__name__, result))
    if not isinstance(exc, ValueError):
        exc.__context__ = ve_exc
    raise exc


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        return _lookup(cls, value)

    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        """Generate the next value when not given (auto())."""
        if not last_values:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return '<%s.%s: %r>' % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return '%s.%s' % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @_builtin_property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @_builtin_property
    def value(self):
        """The value of the Enum member."""
        return self._value_


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints"""

    def __repr__(self):
        return '<%s.%s: %r>' % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings"""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1:
            if not isinstance(values[0], str):
                raise TypeError('%r is not a string' % (values[0],))
        if len(values) >= 2:
            if not isinstance(values[1], str):
                raise TypeError('encoding must be a string, not %r' % (values[1],))
        if len(values) == 3:
            if not isinstance(values[2], str):
                raise TypeError('errors must be a string, not %r' % (values[2]))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def __repr__(self):
        return '<%s.%s: %r>' % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return self._value_

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    def _generate_next_value_(name, start, count, last_values):
        """Return the lower-cased version of the member name."""
        return name.lower()


Flag = None


class Flag(Enum):
    """Support for bit flags: members combine with |, &, ^ and ~."""

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            if not isinstance(v, int):
                raise TypeError('invalid flag value %r' % (v,))
            if v > high:
                high = v
        bit = 1
        while bit <= high:
            bit <<= 1
        return bit

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        all_bits = 0
        for m in cls._member_map_.values():
            all_bits |= m._value_
        if value < 0:
            value = value & all_bits
        if value & ~all_bits:
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        # a pseudo-member for a combination of flags
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        names = [m._name_ for m in _decompose(cls, value)]
        pseudo._name_ = '|'.join(names) if names else None
        cls._value2member_map_[value] = pseudo
        return pseudo

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter(_decompose(self.__class__, self._value_))

    def __len__(self):
        return len(_decompose(self.__class__, self._value_))

    def __repr__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '<%s: %r>' % (cls_name, self._value_)
        return '<%s.%s: %r>' % (cls_name, self._name_, self._value_)

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return '%s.%s' % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ | other._value_)

    def __and__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ & other._value_)

    def __xor__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ ^ other._value_)

    def __invert__(self):
        all_bits = 0
        for m in self.__class__._member_map_.values():
            all_bits |= m._value_
        return self.__class__(all_bits & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


def _decompose(flag_cls, value):
    """Canonical single-bit members contained in value, in definition order."""
    result = []
    for name in flag_cls._member_names_:
        m = flag_cls._member_map_[name]
        v = m._value_
        if v and v & (v - 1) == 0 and v & value == v:
            result.append(m)
    return result


class IntFlag(int, ReprEnum, Flag):
    """Support for integer-based Flags"""

    def __repr__(self):
        return Flag.__repr__(self)

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    def __or__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in %r: %s' % (enumeration, alias_details))
    return enumeration
