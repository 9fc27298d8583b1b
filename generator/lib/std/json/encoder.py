"""The JSON serializer, producing CPython 3.11's exact text."""

__all__ = ['JSONEncoder']

_ESCAPE_NAMED = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f'}
_INFINITY = float('inf')


def _escape(s, ascii_only):
    out = ['"']
    for ch in s:
        named = _ESCAPE_NAMED.get(ch)
        if named is not None:
            out.append(named)
            continue
        code = ord(ch)
        if code < 0x20 or (ascii_only and code > 0x7e):
            if code > 0xffff:
                code -= 0x10000
                out.append('\\u%04x\\u%04x' % (0xd800 | (code >> 10), 0xdc00 | (code & 0x3ff)))
            else:
                out.append('\\u%04x' % code)
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


class JSONEncoder:
    """Serializes dicts, lists, tuples, strs, ints, floats, bools and None; anything
    else goes through `default` (which raises TypeError unless overridden)."""

    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
                 sort_keys=False, indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} is not JSON serializable')

    def encode(self, o):
        if isinstance(o, str):
            return _escape(o, self.ensure_ascii)
        return ''.join(self.iterencode(o))

    def iterencode(self, o, _one_shot=False):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        out = []
        self._encode(o, out, indent, 0, {} if self.check_circular else None)
        return iter(out)

    def _float(self, o):
        if o != o:
            text = 'NaN'
        elif o == _INFINITY:
            text = 'Infinity'
        elif o == -_INFINITY:
            text = '-Infinity'
        else:
            return float.__repr__(o)
        if not self.allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return text

    def _scalar(self, o):
        """The text of a str, None, bool, int or float, or None for anything else."""
        if isinstance(o, str):
            return _escape(o, self.ensure_ascii)
        if o is None:
            return 'null'
        if o is True:
            return 'true'
        if o is False:
            return 'false'
        if isinstance(o, int):
            return int.__repr__(o)
        if isinstance(o, float):
            return self._float(o)
        return None

    def _encode(self, o, out, indent, level, markers):
        text = self._scalar(o)
        if text is not None:
            out.append(text)
            return
        if isinstance(o, (list, tuple)):
            self._container(o, out, indent, level, markers, '[', ']', self._list_items)
        elif isinstance(o, dict):
            self._container(o, out, indent, level, markers, '{', '}', self._dict_items)
        else:
            if markers is not None:
                if id(o) in markers:
                    raise ValueError("Circular reference detected")
                markers[id(o)] = o
            self._encode(self.default(o), out, indent, level, markers)
            if markers is not None:
                del markers[id(o)]

    def _container(self, o, out, indent, level, markers, opening, closing, items):
        if not o:
            out.append(opening + closing)
            return
        if markers is not None:
            if id(o) in markers:
                raise ValueError("Circular reference detected")
            markers[id(o)] = o
        out.append(opening)
        if indent is not None:
            level += 1
            newline = '\n' + indent * level
            separator = self.item_separator + newline
            out.append(newline)
        else:
            separator = self.item_separator
        items(o, out, indent, level, markers, separator)
        if indent is not None:
            out.append('\n' + indent * (level - 1))
        out.append(closing)
        if markers is not None:
            del markers[id(o)]

    def _list_items(self, o, out, indent, level, markers, separator):
        first = True
        for value in o:
            if not first:
                out.append(separator)
            first = False
            self._encode(value, out, indent, level, markers)

    def _dict_items(self, o, out, indent, level, markers, separator):
        first = True
        items = sorted(o.items()) if self.sort_keys else o.items()
        for key, value in items:
            if isinstance(key, str):
                pass
            elif isinstance(key, float):
                key = self._float(key)
            elif key is True:
                key = 'true'
            elif key is False:
                key = 'false'
            elif key is None:
                key = 'null'
            elif isinstance(key, int):
                key = int.__repr__(key)
            elif self.skipkeys:
                continue
            else:
                raise TypeError(f'keys must be str, int, float, bool or None, not {key.__class__.__name__}')
            if not first:
                out.append(separator)
            first = False
            out.append(_escape(key, self.ensure_ascii))
            out.append(self.key_separator)
            self._encode(value, out, indent, level, markers)
