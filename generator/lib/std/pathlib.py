"""A subset of pathlib for POSIX paths (exocc bundled module).

`PurePath`/`PurePosixPath` do path arithmetic; `Path`/`PosixPath` add the
filesystem operations tests use (exists, is_file, is_dir, read_text,
write_text, mkdir, iterdir, glob, rglob, resolve, touch). Filesystem access
goes through the interpreter's `_host` hooks; there is no open() and no
binary I/O, and write_text replaces the file atomically.
"""

import _host
import os
import re

__all__ = ['PurePath', 'PurePosixPath', 'Path', 'PosixPath']


def _split(path):
    """Normalises a POSIX path string the way pathlib does: no '.' parts, no
    repeated or trailing slashes; '..' is kept."""
    if path == '':
        return '', []
    root = ''
    if path.startswith('/'):
        # POSIX keeps exactly two leading slashes; pathlib does the same.
        root = '//' if path.startswith('//') and not path.startswith('///') else '/'
    parts = [p for p in path.split('/') if p and p != '.']
    return root, parts


class PurePath:
    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    @classmethod
    def _from_parts(cls, args):
        root = ''
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                s = str(a)
            elif isinstance(a, str):
                s = a
            else:
                s = os.fspath(a)
                if not isinstance(s, str):
                    raise TypeError('argument should be a str or an os.PathLike object '
                                    'where __fspath__ returns a str, not %r' % type(a).__name__)
            r, p = _split(s)
            if r:
                root, parts = r, p
            else:
                parts = parts + p
        return cls._make(root, parts)

    @classmethod
    def _make(cls, root, parts):
        self = object.__new__(cls)
        self._root = root
        self._parts = list(parts)
        return self

    def _derive(self, root, parts):
        return type(self)._make(root, parts)

    # ---------------------------------------------------------------- strings

    def __str__(self):
        s = self._root + '/'.join(self._parts)
        return s or '.'

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self.as_posix())

    def __hash__(self):
        return hash(str(self))

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) == str(other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts < other.parts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts <= other.parts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts > other.parts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts >= other.parts

    # ------------------------------------------------------------- components

    @property
    def parts(self):
        return tuple(([self._root] if self._root else []) + self._parts)

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def name(self):
        return self._parts[-1] if self._parts else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._derive(self._root, self._parts[:-1])

    @property
    def parents(self):
        out = []
        p = self
        while p._parts:
            p = p.parent
            out.append(p)
        return tuple(out)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def joinpath(self, *args):
        return type(self)._from_parts((self,) + args)

    def __truediv__(self, key):
        try:
            return self.joinpath(key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)._from_parts((key, self))
        except TypeError:
            return NotImplemented

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return self._derive(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix:
            raise ValueError('Invalid suffix %r' % (suffix,))
        if suffix and not suffix.startswith('.') or suffix == '.':
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old = self.suffix
        if not old:
            name = name + suffix
        else:
            name = name[:len(name) - len(old)] + suffix
        return self._derive(self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        if not other:
            raise TypeError('need at least one argument')
        base = type(self)._from_parts(other)
        n = len(base._parts)
        if base._root != self._root or self._parts[:n] != base._parts:
            formatted = str(base)
            raise ValueError('{!r} is not in the subpath of {!r}'
                             ' OR one path is relative and the other is absolute.'
                             .format(str(self), formatted))
        return self._derive('', self._parts[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def match(self, path_pattern):
        pat = PurePosixPath(path_pattern)
        pparts = pat.parts
        if not pparts:
            raise ValueError('empty pattern')
        parts = self.parts
        if pat._root:
            if len(parts) != len(pparts):
                return False
        elif len(pparts) > len(parts):
            return False
        for part, pp in zip(reversed(parts), reversed(pparts)):
            if not _fnmatch(part, pp):
                return False
        return True


class PurePosixPath(PurePath):
    pass


_pattern_cache = {}


def _translate(pat):
    """fnmatch-style pattern (*, ?, [seq], [!seq]) to a regex."""
    i, n = 0, len(pat)
    res = []
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            res.append('.*')
        elif c == '?':
            res.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                res.append('\\[')
            else:
                stuff = pat[i:j].replace('\\', '\\\\')
                i = j + 1
                if stuff.startswith('!'):
                    stuff = '^' + stuff[1:]
                elif stuff.startswith('^'):
                    stuff = '\\' + stuff
                res.append('[' + stuff + ']')
        else:
            res.append(re.escape(c))
    return '(?s:' + ''.join(res) + ')\\Z'


def _fnmatch(name, pat):
    rx = _pattern_cache.get(pat)
    if rx is None:
        rx = re.compile(_translate(pat))
        _pattern_cache[pat] = rx
    return rx.match(name) is not None


class Path(PurePath):
    """A concrete POSIX path."""
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    @classmethod
    def cwd(cls):
        return cls(_host.getcwd())

    @classmethod
    def home(cls):
        home = os.environ.get('HOME')
        if not home:
            raise RuntimeError('Could not determine home directory.')
        return cls(home)

    def absolute(self):
        if self._root:
            return self
        return type(self)._from_parts((_host.getcwd(), self))

    def resolve(self, strict=False):
        p = str(self.absolute())
        real = _host.realpath(p)
        if real is not None:
            return type(self)(real)
        if strict:
            raise FileNotFoundError("[Errno 2] No such file or directory: %r" % p)
        # Resolve the longest existing prefix, then normalise the rest lexically.
        head, tail = p, []
        while True:
            head, sep, last = head.rpartition('/')
            tail.insert(0, last)
            if not head:
                head = '/'
            real = _host.realpath(head)
            if real is not None:
                break
            if head == '/':
                real = '/'
                break
        return type(self)(os.path.normpath(real + '/' + '/'.join(tail)))

    def stat_kind(self):
        return _host.stat(str(self))

    def exists(self):
        return _host.stat(str(self)) is not None

    def is_file(self):
        return _host.stat(str(self)) == 'file'

    def is_dir(self):
        return _host.stat(str(self)) == 'dir'

    def is_symlink(self):
        return False

    def read_text(self, encoding=None, errors=None):
        text = _host.read_text(str(self))
        if '\r' in text:
            text = text.replace('\r\n', '\n').replace('\r', '\n')
        return text

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        _host.write_text(str(self), data)
        return len(data)

    def touch(self, mode=0o666, exist_ok=True):
        kind = _host.stat(str(self))
        if kind is not None:
            if not exist_ok:
                raise OSError("[Errno 17] File exists: %r" % str(self))
            return
        _host.write_text(str(self), '')

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        s = str(self)
        kind = _host.stat(s)
        if kind is not None:
            if exist_ok and kind == 'dir':
                return
            raise OSError("[Errno 17] File exists: %r" % s)
        if parents:
            parent = self.absolute().parent
            if parent != self.absolute() and _host.stat(str(parent)) is None:
                parent.mkdir(parents=True, exist_ok=True)
        try:
            _host.mkdir(s)
        except OSError:
            if exist_ok and _host.stat(s) == 'dir':
                return
            raise

    def iterdir(self):
        for name in _host.listdir(str(self)):
            yield self._derive(self._root, self._parts + [name])

    def glob(self, pattern):
        if not pattern:
            raise ValueError('Unacceptable pattern: %r' % (pattern,))
        if pattern.startswith('/'):
            raise NotImplementedError('Non-relative patterns are unsupported')
        pparts = [p for p in pattern.split('/') if p and p != '.']
        for p in self._glob(pparts):
            yield p

    def rglob(self, pattern):
        for p in self.glob('**/' + pattern):
            yield p

    def _glob(self, pparts):
        if not pparts:
            yield self
            return
        first, rest = pparts[0], pparts[1:]
        if first == '**':
            seen = set()
            for d in self._walk_dirs():
                for p in d._glob(rest):
                    key = str(p)
                    if key not in seen:
                        seen.add(key)
                        yield p
            return
        if _host.stat(str(self)) != 'dir':
            return
        if not any(c in first for c in '*?['):
            child = self / first
            if rest:
                if _host.stat(str(child)) == 'dir':
                    for p in child._glob(rest):
                        yield p
            elif _host.stat(str(child)) is not None:
                yield child
            return
        for name in _host.listdir(str(self)):
            if not _fnmatch(name, first):
                continue
            child = self._derive(self._root, self._parts + [name])
            if rest:
                if _host.stat(str(child)) == 'dir':
                    for p in child._glob(rest):
                        yield p
            else:
                yield child

    def _walk_dirs(self):
        if _host.stat(str(self)) != 'dir':
            return
        yield self
        for name in _host.listdir(str(self)):
            child = self._derive(self._root, self._parts + [name])
            if _host.stat(str(child)) == 'dir':
                for d in child._walk_dirs():
                    yield d

    def samefile(self, other_path):
        a = _host.realpath(str(self))
        b = _host.realpath(str(Path(other_path)))
        if a is None or b is None:
            raise FileNotFoundError("[Errno 2] No such file or directory: %r"
                                    % str(self if a is None else other_path))
        return a == b

    def expanduser(self):
        return self


class PosixPath(Path, PurePosixPath):
    pass
