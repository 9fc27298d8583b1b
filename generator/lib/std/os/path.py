"""POSIX pathname functions (exocc bundled module; posixpath semantics).

Filesystem queries go through the interpreter's `_host` hook module.
"""

import _host

__all__ = ["normcase", "isabs", "join", "splitdrive", "split", "splitext",
           "basename", "dirname", "commonprefix", "getsize", "exists",
           "lexists", "isdir", "isfile", "islink", "ismount", "expanduser",
           "normpath", "abspath", "realpath", "relpath", "commonpath",
           "samefile", "curdir", "pardir", "sep", "pathsep", "defpath",
           "altsep", "extsep", "devnull", "supports_unicode_filenames"]

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False


def _fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    meth = getattr(type(p), '__fspath__', None)
    if meth is None:
        raise TypeError('expected str, bytes or os.PathLike object, not %s' % type(p).__name__)
    res = meth(p)
    if not isinstance(res, (str, bytes)):
        raise TypeError('expected %s.__fspath__() to return str or bytes, not %s'
                        % (type(p).__name__, type(res).__name__))
    return res


def _check_args(funcname, args):
    for a in args:
        if not isinstance(a, (str, bytes)):
            raise TypeError('%s() argument must be str, bytes, or os.PathLike object, not %r'
                            % (funcname, type(a).__name__)) from None
    if any(isinstance(a, str) for a in args) and any(isinstance(a, bytes) for a in args):
        raise TypeError("Can't mix strings and bytes in path components") from None


def normcase(s):
    return _fspath(s)


def isabs(s):
    s = _fspath(s)
    return s.startswith('/')


def join(a, *p):
    a = _fspath(a)
    parts = []
    for b in p:
        try:
            parts.append(_fspath(b))
        except TypeError:
            _check_args('join', (a,) + p)
            raise
    path = a
    for b in parts:
        if not isinstance(b, type(a)):
            _check_args('join', (a,) + tuple(parts))
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path


def split(p):
    p = _fspath(p)
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail


def splitext(p):
    p = _fspath(p)
    sep_index = p.rfind('/')
    dot_index = p.rfind('.')
    if dot_index > sep_index:
        # leading dots of the file name do not start an extension
        i = sep_index + 1
        while i < dot_index:
            if p[i] != '.':
                return p[:dot_index], p[dot_index:]
            i += 1
    return p, p[:0]


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def basename(p):
    p = _fspath(p)
    return p[p.rfind('/') + 1:]


def dirname(p):
    p = _fspath(p)
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple([_fspath(x) for x in m])
    s1 = min(m)
    s2 = max(m)
    for i in range(len(s1)):
        if s1[i] != s2[i]:
            return s1[:i]
    return s1


def normpath(path):
    path = _fspath(path)
    if path == '':
        return '.'
    initial = 0
    if path.startswith('/'):
        initial = 1
        # POSIX keeps exactly two leading slashes, but three or more become one
        if path.startswith('//') and not path.startswith('///'):
            initial = 2
    comps = []
    for comp in path.split('/'):
        if comp == '' or comp == '.':
            continue
        if comp != '..' or (not initial and not comps) or (comps and comps[-1] == '..'):
            comps.append(comp)
        elif comps:
            comps.pop()
    path = '/'.join(comps)
    if initial:
        path = '/' * initial + path
    return path or '.'


def abspath(path):
    path = _fspath(path)
    if not path.startswith('/'):
        path = join(_host.getcwd(), path)
    return normpath(path)


def realpath(filename, *, strict=False):
    return abspath(filename)


def relpath(path, start=None):
    if not path:
        raise ValueError('no path specified')
    path = _fspath(path)
    if start is None:
        start = curdir
    else:
        start = _fspath(start)
    start_list = [x for x in abspath(start).split('/') if x]
    path_list = [x for x in abspath(path).split('/') if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir
    return join(*rel_list)


def commonpath(paths):
    paths = tuple([_fspath(p) for p in paths])
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    split_paths = [p.split('/') for p in paths]
    absolutes = set([p[:1] == '/' for p in paths])
    if len(absolutes) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    is_abs = paths[0][:1] == '/'
    split_paths = [[c for c in s if c and c != '.'] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i in range(len(s1)):
        if s1[i] != s2[i]:
            common = s1[:i]
            break
    prefix = '/' if is_abs else ''
    return prefix + '/'.join(common)


def exists(path):
    try:
        path = _fspath(path)
    except TypeError:
        return False
    return _host.stat(path) is not None


lexists = exists


def isfile(path):
    try:
        path = _fspath(path)
    except TypeError:
        return False
    return _host.stat(path) == 'file'


def isdir(s):
    try:
        s = _fspath(s)
    except TypeError:
        return False
    return _host.stat(s) == 'dir'


def islink(path):
    return False


def ismount(path):
    return normpath(abspath(path)) == '/'


def expanduser(path):
    return _fspath(path)


def expandvars(path):
    return _fspath(path)


def samefile(f1, f2):
    return abspath(f1) == abspath(f2)
