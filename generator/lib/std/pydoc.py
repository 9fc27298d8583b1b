"""help(): plain-text documentation of functions, methods, classes and modules, laid
out as CPython 3.11's pydoc prints it when its output is not a terminal (no pager, no
bold). The builtin `help` calls `help` here.

Functions, methods and Python classes print as pydoc prints them; modules print their
NAME, DESCRIPTION, CLASSES (names), FUNCTIONS, DATA and FILE sections without pydoc's
class tree; builtins print a signature of `(...)` (they carry no signature text).
"""
import builtins
import inspect
import sys

__all__ = ['help', 'render_doc', 'getdoc']

_HIDDEN_NAMES = {'__author__', '__builtins__', '__cached__', '__credits__', '__date__',
                 '__doc__', '__file__', '__spec__', '__loader__', '__module__', '__name__',
                 '__package__', '__path__', '__qualname__', '__slots__', '__version__'}
_RULE = '-' * 70


# The docstrings of object's methods in CPython 3.11, which a method that overrides one
# without a docstring of its own inherits in help().
_OBJECT_METHOD_DOCS = {
    '__init__': 'Initialize self.  See help(type(self)) for accurate signature.',
    '__new__': 'Create and return a new object.  See help(type) for accurate signature.',
    '__repr__': 'Return repr(self).', '__str__': 'Return str(self).', '__hash__': 'Return hash(self).',
    '__eq__': 'Return self==value.', '__ne__': 'Return self!=value.', '__lt__': 'Return self<value.',
    '__le__': 'Return self<=value.', '__gt__': 'Return self>value.', '__ge__': 'Return self>=value.',
    '__getattribute__': 'Return getattr(self, name).',
    '__setattr__': 'Implement setattr(self, name, value).', '__delattr__': 'Implement delattr(self, name).',
}


def _inherited_doc(obj):
    """The docstring of the method that a method without one overrides (pydoc's _finddoc)."""
    func = getattr(obj, '__func__', obj)
    qualname = getattr(func, '__qualname__', '')
    if not inspect.isfunction(func) or '.' not in qualname or '<locals>' in qualname:
        return None
    owner_name, name = qualname.rsplit('.', 1)
    owner = sys.modules.get(func.__module__)
    for part in owner_name.split('.'):
        owner = getattr(owner, part, None)
    if not isinstance(owner, type):
        return None
    for base in inspect.getmro(owner)[1:]:
        if base is builtins.object:
            return _OBJECT_METHOD_DOCS.get(name)
        if name in vars(base):
            doc = getattr(vars(base)[name], '__doc__', None)
            if isinstance(doc, str):
                return doc
    return None


def getdoc(obj):
    """The object's own docstring, cleaned up (not the one its type gives all instances),
    else the one of the method it overrides."""
    try:
        doc = object.__getattribute__(obj, '__doc__')
    except AttributeError:
        doc = getattr(obj, '__doc__', None)
    if not isinstance(obj, type) and doc is not None and doc in (getattr(type(obj), '__doc__', None),
                                                                 builtins.object.__doc__):
        doc = None  # what every instance of its class (or of any class) says
    if doc is None:
        doc = _inherited_doc(obj)
    if not isinstance(doc, str):
        return ''
    doc = inspect.cleandoc(doc).rstrip()
    while doc.startswith('\n') or doc.startswith(' \n'):
        doc = doc[doc.index('\n') + 1:]
    return doc


def _indent(text, prefix='    '):
    if not text:
        return ''
    lines = [prefix + line for line in text.split('\n')]
    lines[-1] = lines[-1].rstrip()
    return '\n'.join(lines)


def _classname(cls, modname):
    name = cls.__name__
    if cls.__module__ != modname:
        name = cls.__module__ + '.' + name
    return name


def _visible(name, obj=None):
    if name in _HIDDEN_NAMES:
        return False
    if name.startswith('__') and name.endswith('__'):
        return True
    if name.startswith('_') and hasattr(obj, '_fields'):
        return True
    return not name.startswith('_')


def _is_bound_method(obj):
    return inspect.ismethod(obj)


def _signature_text(obj):
    try:
        return str(inspect.signature(obj))
    except (ValueError, TypeError):
        return None


def _doc_routine(obj, name=None, mod=None, cls=None):
    realname = getattr(obj, '__name__', name)
    name = name or realname
    note = ''
    if _is_bound_method(obj):
        owner = obj.__self__.__class__
        if cls:
            if owner is not cls:
                note = ' from ' + _classname(owner, mod)
        else:
            note = ' method of %s instance' % _classname(owner, mod)
    title = realname if name == realname else name + ' = ' + realname
    argspec = _signature_text(obj) if inspect.isroutine(obj) else None
    if argspec and realname == '<lambda>':
        title = name + ' lambda '
        argspec = argspec[1:-1]
    decl = title + (argspec or '(...)') + note
    doc = getdoc(obj)
    return decl + '\n' + (doc and _indent(doc).rstrip() + '\n')


def _doc_data(obj, name):
    out = name + '\n' if name else ''
    doc = getdoc(obj)
    if doc:
        out += _indent(doc) + '\n'
    return out


def _doc_other(obj, name=None, maxlen=None, doc=None):
    text = repr(obj)
    if maxlen:
        line = (name + ' = ' if name else '') + text
        chop = maxlen - len(line)
        if chop < 0:
            text = text[:chop] + '...'
    line = (name + ' = ' if name else '') + text
    if not doc:
        doc = getdoc(obj) if not _is_plain_data(obj) else ''
    if doc:
        line += '\n' + _indent(str(doc)) + '\n'
    return line


def _is_plain_data(obj):
    return isinstance(obj, (int, float, str, bytes, tuple, list, dict, set, frozenset, type(None)))


def _instance_dict_owner(cls):
    """True if `cls` is where instances get their __dict__ (its bases have none)."""
    if cls.__module__ == 'builtins' or '__slots__' in vars(cls):
        return False
    return all(b.__module__ == 'builtins' for b in cls.__bases__)


def _classify(cls):
    """(name, kind, defining class, value) for every attribute, as inspect's
    classify_class_attrs with pydoc's split of properties."""
    result = []
    mro = inspect.getmro(cls)
    names = set()
    for c in mro:
        names.update(vars(c).keys() if c.__module__ != 'builtins' else dir(c))
    if any(_instance_dict_owner(c) for c in mro):
        names.update(('__dict__', '__weakref__'))
    for name in names:
        home, value = None, None
        for c in mro:
            if c.__module__ != 'builtins' and name in vars(c):
                home, value = c, vars(c)[name]
                break
            if name in ('__dict__', '__weakref__') and _instance_dict_owner(c):
                home, value = c, None
                break
        if home is None:
            home = builtins.object
            value = getattr(cls, name, None)
            kind = 'method'
        elif name == '__dict__' and value is None:
            kind = 'instance dict'
        elif name == '__weakref__' and value is None:
            kind = 'weakref'
        elif isinstance(value, staticmethod):
            kind = 'static method'
        elif isinstance(value, classmethod):
            kind = 'class method'
        elif isinstance(value, property):
            kind = 'readonly property' if value.fset is None else 'data descriptor'
        elif inspect.isroutine(value):
            kind = 'method'
        elif inspect.isdatadescriptor(value):
            kind = 'data descriptor'
        else:
            kind = 'data'
        result.append((name, kind, home, value))
    return result


def _doc_class(cls, name=None, mod=None):
    realname = cls.__name__
    name = name or realname
    modname = cls.__module__
    title = 'class ' + realname if name == realname else name + ' = class ' + realname
    if cls.__bases__:
        title += '(%s)' % ', '.join(_classname(b, modname) for b in cls.__bases__)
    contents = []
    push = contents.append
    signature = _signature_text(cls)
    if signature and signature != '()':
        push(name + signature + '\n')
    doc = getdoc(cls)
    if doc:
        push(doc + '\n')
    mro = list(inspect.getmro(cls))
    if len(mro) > 2:
        push('Method resolution order:')
        for base in mro:
            push('    ' + _classname(base, modname))
        push('')
    need_rule = [False]

    def section(msg, items, render):
        if not items:
            return
        if need_rule[0]:
            push(_RULE)
        need_rule[0] = True
        push(msg)
        for item in items:
            push(render(item))

    def routine(item):
        name, kind, home, value = item
        try:
            value = getattr(cls, name)
        except Exception:
            return _doc_data(value, name)
        if inspect.isroutine(value):
            return _doc_routine(value, name, modname, cls)
        return _doc_other(value, name)

    def descriptor(item):
        name, kind, home, value = item
        if kind == 'instance dict':
            return name + '\n    dictionary for instance variables\n'
        if kind == 'weakref':
            return name + '\n    list of weak references to the object\n'
        return _doc_data(value, name)

    def data(item):
        name, kind, home, value = item
        doc = getdoc(value) if not _is_plain_data(value) else ''
        try:
            obj = getattr(cls, name)
        except AttributeError:
            obj = value
        return _doc_other(obj, name, maxlen=70, doc=doc) + '\n'

    attrs = [a for a in _classify(cls) if _visible(a[0], cls)]
    fields = getattr(cls, '_fields', [])
    try:
        order = {f: i - len(fields) for i, f in enumerate(fields)}
    except TypeError:
        order = {}
    attrs.sort(key=lambda a: (order.get(a[0], 0), a[0]))
    for this in mro:
        if this is builtins.object and cls is not builtins.object:
            continue
        mine = [a for a in attrs if a[2] is this]
        if not mine:
            continue
        tag = 'defined here' if this is cls else 'inherited from ' + _classname(this, modname)
        for kinds, msg, render in (
                (('method',), 'Methods %s:\n', routine),
                (('class method',), 'Class methods %s:\n', routine),
                (('static method',), 'Static methods %s:\n', routine),
                (('readonly property',), 'Readonly properties %s:\n', descriptor),
                (('data descriptor', 'instance dict', 'weakref'), 'Data descriptors %s:\n', descriptor),
                (('data',), 'Data and other attributes %s:\n', data)):
            section(msg % tag, [a for a in mine if a[1] in kinds], render)
    text = '\n'.join(contents)
    if not text:
        return title + '\n'
    return title + '\n' + _indent(text.rstrip(), ' |  ') + '\n'


def _section(title, contents):
    return title + '\n' + _indent(contents).rstrip() + '\n\n'


def _doc_module(module):
    name = module.__name__
    synopsis, rest = _split_doc(getdoc(module))
    out = _section('NAME', name + (synopsis and ' - ' + synopsis))
    if rest:
        out += _section('DESCRIPTION', rest)
    public = getattr(module, '__all__', None)

    def exported(key, value):
        if public is not None:
            return key in public
        return _visible(key) and getattr(value, '__module__', name) == name

    items = sorted(vars(module).items())
    classes = [(k, v) for k, v in items if isinstance(v, type) and exported(k, v)]
    funcs = [(k, v) for k, v in items if inspect.isroutine(v) and exported(k, v)]
    data = [(k, v) for k, v in items if not isinstance(v, type) and not inspect.isroutine(v)
            and not inspect.ismodule(v) and _visible(k) and (public is None or k in public)]
    if classes:
        out += _section('CLASSES', '\n\n'.join(_doc_class(v, k, name) for k, v in classes))
    if funcs:
        out += _section('FUNCTIONS', '\n'.join(_doc_routine(v, k, name) for k, v in funcs))
    if data:
        out += _section('DATA', '\n'.join(_doc_other(v, k, maxlen=70) for k, v in data))
    if getattr(module, '__file__', None):
        out += _section('FILE', module.__file__)
    return out


def _split_doc(doc):
    lines = doc.strip().split('\n')
    if len(lines) == 1:
        return lines[0], ''
    if len(lines) >= 2 and not lines[1].rstrip():
        return lines[0], '\n'.join(lines[2:])
    return '', '\n'.join(lines)


def _describe(obj):
    if inspect.ismodule(obj):
        return ('package ' if hasattr(obj, '__path__') else 'module ') + obj.__name__
    if inspect.isbuiltin(obj):
        return 'built-in function ' + obj.__name__
    if isinstance(obj, type):
        return 'class ' + obj.__name__
    if inspect.isfunction(obj):
        return 'function ' + obj.__name__
    if inspect.ismethod(obj):
        return 'method ' + obj.__name__
    return type(obj).__name__


def _module_of(obj):
    if inspect.ismodule(obj):
        return obj
    name = getattr(obj, '__module__', None)
    return sys.modules.get(name) if isinstance(name, str) else None


def _resolve(path):
    """The object a dotted name names: a module, or an attribute of one."""
    parts = path.split('.')
    obj = None
    for n in range(len(parts), 0, -1):
        try:
            obj = __import__('.'.join(parts[:n]))
        except ImportError:
            continue
        obj = sys.modules['.'.join(parts[:n])]
        for attr in parts[n:]:
            obj = getattr(obj, attr, None)
            if obj is None:
                return None
        return obj
    return getattr(builtins, path, None) if '.' not in path else None


def render_doc(thing, title='Python Library Documentation: %s'):
    """The text help() prints for `thing` (an object, or a dotted name)."""
    name = None
    if isinstance(thing, str):
        name = thing
        thing = _resolve(name)
        if thing is None:
            raise ImportError('No Python documentation found for %r.' % name)
    desc = _describe(thing)
    module = _module_of(thing)
    if name and '.' in name:
        desc += ' in ' + name[:name.rfind('.')]
    elif module is not None and module is not thing:
        desc += ' in module ' + module.__name__
    if not (inspect.ismodule(thing) or isinstance(thing, type) or inspect.isroutine(thing)
            or inspect.isdatadescriptor(thing) or getdoc(thing)):
        thing = type(thing)  # an instance: document its class
        desc += ' object'
    if inspect.ismodule(thing):
        body = _doc_module(thing)
    elif isinstance(thing, type):
        body = _doc_class(thing)
    elif inspect.isroutine(thing):
        body = _doc_routine(thing)
    else:
        body = _doc_data(thing, None)
    return (title % desc) + '\n\n' + body


def help(*args):
    """Print the documentation of an object, a module or a dotted name."""
    if not args:
        sys.stdout.write('Type help(object) for help about an object, e.g. help(divide_loop)\n'
                         'after `from exo.API_scheduling import *`.\n')
        return
    if len(args) > 1:
        raise TypeError('help() takes at most 1 argument (%d given)' % len(args))
    try:
        text = render_doc(args[0], 'Help on %s:')
    except ImportError as e:
        sys.stdout.write(str(e) + '\nUse help() to get the interactive help utility.\n'
                         'Use help(str) for help on the str class.\n\n')
        return
    sys.stdout.write(text + '\n')
