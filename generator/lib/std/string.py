"""String constants and simple helpers (exocc bundled module)."""

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords",
           "digits", "hexdigits", "octdigits", "printable", "punctuation",
           "whitespace", "Template"]

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join([w.capitalize() for w in s.split(sep)])


_ID_START = ascii_letters + '_'
_ID_REST = _ID_START + digits


class Template:
    """$-substitution strings: $name, ${name} and $$ (an escaped dollar)."""

    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _scan(self):
        # Yields (literal_text, kind, name, position) pieces.
        # kind: None (end), 'named', 'escaped', 'invalid'.
        t = self.template
        d = self.delimiter
        i = 0
        n = len(t)
        start = 0
        while i < n:
            if not t.startswith(d, i):
                i += 1
                continue
            lit = t[start:i]
            j = i + len(d)
            if t.startswith(d, j):
                yield lit, 'escaped', None, i
                i = j + len(d)
            elif j < n and t[j] in _ID_START:
                k = j + 1
                while k < n and t[k] in _ID_REST:
                    k += 1
                yield lit, 'named', t[j:k], i
                i = k
            elif j < n and t[j] == '{':
                k = j + 1
                if k < n and t[k] in _ID_START:
                    m = k + 1
                    while m < n and t[m] in _ID_REST:
                        m += 1
                    if m < n and t[m] == '}':
                        yield lit, 'named', t[k:m], i
                        i = m + 1
                        start = i
                        continue
                yield lit, 'invalid', None, i
                i = j
            else:
                yield lit, 'invalid', None, i
                i = j
            start = i
        yield t[start:], None, None, n

    def _invalid(self, pos):
        # pos is just after the delimiter, as in CPython
        lines = self.template[:pos].splitlines(True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = pos - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            merged = dict(mapping)
            merged.update(kws)
            mapping = merged
        out = []
        for lit, kind, name, pos in self._scan():
            out.append(lit)
            if kind == 'named':
                out.append('%s' % (mapping[name],))
            elif kind == 'escaped':
                out.append(self.delimiter)
            elif kind == 'invalid':
                self._invalid(pos + len(self.delimiter))
        return ''.join(out)

    def safe_substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            merged = dict(mapping)
            merged.update(kws)
            mapping = merged
        out = []
        for lit, kind, name, pos in self._scan():
            out.append(lit)
            if kind == 'named':
                try:
                    out.append('%s' % (mapping[name],))
                except KeyError:
                    out.append(self.template[pos:self._end_of(pos)])
            elif kind == 'escaped':
                out.append(self.delimiter)
            elif kind == 'invalid':
                out.append(self.delimiter)
        return ''.join(out)

    def _end_of(self, pos):
        t = self.template
        j = pos + len(self.delimiter)
        if t[j] == '{':
            return t.index('}', j) + 1
        k = j + 1
        while k < len(t) and t[k] in _ID_REST:
            k += 1
        return k

    def get_identifiers(self):
        ids = []
        for lit, kind, name, pos in self._scan():
            if kind == 'named' and name not in ids:
                ids.append(name)
            elif kind == 'invalid':
                self._invalid(pos + len(self.delimiter))
        return ids

    def is_valid(self):
        for lit, kind, name, pos in self._scan():
            if kind == 'invalid':
                return False
        return True
