"""The JSON parser: a recursive descent over the text that fails where CPython's
scanner fails, with its messages and positions."""

__all__ = ['JSONDecoder', 'JSONDecodeError']

_WHITESPACE = ' \t\n\r'
_ESCAPES = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
_CONSTANTS = {'NaN': float('nan'), 'Infinity': float('inf'), '-Infinity': float('-inf')}
_DIGITS = '0123456789'
_HEX = '0123456789abcdefABCDEF'


class JSONDecodeError(ValueError):
    """ValueError with the failing document, position, line and column."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


class _NoValue(Exception):
    """No JSON value starts at `pos` (reported as "Expecting value" there)."""

    def __init__(self, pos):
        self.pos = pos


def _skip(s, i):
    n = len(s)
    while i < n and s[i] in _WHITESPACE:
        i += 1
    return i


class JSONDecoder:
    """Decodes JSON text into dicts, lists, strs, ints, floats, bools and None."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        obj, end = self.raw_decode(s, _skip(s, 0))
        end = _skip(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        try:
            return self._value(s, idx)
        except _NoValue as e:
            raise JSONDecodeError("Expecting value", s, e.pos) from None

    def _value(self, s, i):
        if i >= len(s):
            raise _NoValue(i)
        c = s[i]
        if c == '"':
            return self._string(s, i + 1)
        if c == '{':
            return self._object(s, i + 1)
        if c == '[':
            return self._array(s, i + 1)
        if c == 'n' and s[i:i + 4] == 'null':
            return None, i + 4
        if c == 't' and s[i:i + 4] == 'true':
            return True, i + 4
        if c == 'f' and s[i:i + 5] == 'false':
            return False, i + 5
        if c == 'N' and s[i:i + 3] == 'NaN':
            return self.parse_constant('NaN'), i + 3
        if c == 'I' and s[i:i + 8] == 'Infinity':
            return self.parse_constant('Infinity'), i + 8
        if c == '-' and s[i:i + 9] == '-Infinity':
            return self.parse_constant('-Infinity'), i + 9
        return self._number(s, i)

    def _number(self, s, i):
        n = len(s)
        j = i
        if j < n and s[j] == '-':
            j += 1
        if j < n and s[j] == '0':
            j += 1
        elif j < n and s[j] in '123456789':
            while j < n and s[j] in _DIGITS:
                j += 1
        else:
            raise _NoValue(i)
        is_float = False
        if j + 1 < n and s[j] == '.' and s[j + 1] in _DIGITS:
            j += 2
            while j < n and s[j] in _DIGITS:
                j += 1
            is_float = True
        if j < n and s[j] in 'eE':
            k = j + 1
            if k < n and s[k] in '+-':
                k += 1
            if k < n and s[k] in _DIGITS:
                while k < n and s[k] in _DIGITS:
                    k += 1
                j = k
                is_float = True
        text = s[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def _string(self, s, i):
        begin = i - 1
        n = len(s)
        chunks = []
        while True:
            j = i
            while j < n and s[j] != '"' and s[j] != '\\' and (s[j] >= ' ' or not self.strict):
                j += 1
            if j >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            chunks.append(s[i:j])
            c = s[j]
            if c == '"':
                return ''.join(chunks), j + 1
            if c != '\\':
                raise JSONDecodeError("Invalid control character at", s, j)
            if j + 1 >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            esc = s[j + 1]
            if esc != 'u':
                if esc not in _ESCAPES:
                    raise JSONDecodeError("Invalid \\escape", s, j)
                chunks.append(_ESCAPES[esc])
                i = j + 2
                continue
            code = self._hex4(s, j + 1)
            i = j + 6
            if 0xd800 <= code <= 0xdbff and s[i:i + 2] == '\\u':
                low = self._hex4(s, i + 1)
                if 0xdc00 <= low <= 0xdfff:
                    code = 0x10000 + (((code - 0xd800) << 10) | (low - 0xdc00))
                    i += 6
            chunks.append(chr(code))

    @staticmethod
    def _hex4(s, u_pos):
        digits = s[u_pos + 1:u_pos + 5]
        if len(digits) != 4 or any(d not in _HEX for d in digits):
            raise JSONDecodeError("Invalid \\uXXXX escape", s, u_pos)
        return int(digits, 16)

    def _object(self, s, i):
        pairs = []
        i = _skip(s, i)
        if s[i:i + 1] == '}':
            return self._finish_object(pairs), i + 1
        if s[i:i + 1] != '"':
            raise JSONDecodeError("Expecting property name enclosed in double quotes", s, i)
        while True:
            key, i = self._string(s, i + 1)
            i = _skip(s, i)
            if s[i:i + 1] != ':':
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = _skip(s, i + 1)
            try:
                value, i = self._value(s, i)
            except _NoValue as e:
                raise JSONDecodeError("Expecting value", s, e.pos) from None
            pairs.append((key, value))
            i = _skip(s, i)
            c = s[i:i + 1]
            if c == '}':
                return self._finish_object(pairs), i + 1
            if c != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)
            if s[i:i + 1] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", s, i)

    def _finish_object(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        obj = dict(pairs)
        if self.object_hook is not None:
            return self.object_hook(obj)
        return obj

    def _array(self, s, i):
        values = []
        i = _skip(s, i)
        if s[i:i + 1] == ']':
            return values, i + 1
        while True:
            try:
                value, i = self._value(s, i)
            except _NoValue as e:
                raise JSONDecodeError("Expecting value", s, e.pos) from None
            values.append(value)
            i = _skip(s, i)
            c = s[i:i + 1]
            if c == ']':
                return values, i + 1
            if c != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)
