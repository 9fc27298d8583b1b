"""JSON encoding and decoding with CPython 3.11's output and error messages.

`dumps`/`dump` format as CPython's json does (indent, separators, sort_keys,
ensure_ascii, allow_nan, default, skipkeys, check_circular, cls); `loads`/`load` parse
strict JSON plus NaN/Infinity and report errors as `JSONDecodeError` with CPython's
message, position, line and column.
"""
from .decoder import JSONDecodeError, JSONDecoder
from .encoder import JSONEncoder

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    """Serialize `obj` to a JSON formatted str."""
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
               allow_nan=allow_nan, indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
         cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    """Serialize `obj` as a JSON formatted stream to `fp` (an object with .write())."""
    if cls is None:
        cls = JSONEncoder
    encoder = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                  allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                  sort_keys=sort_keys, **kw)
    for chunk in encoder.iterencode(obj):
        fp.write(chunk)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize `s` (a str, bytes or bytearray holding a JSON document)."""
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = s.decode('utf-8')
    else:
        raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
    if cls is None:
        cls = JSONDecoder
    return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
               parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
         parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize the JSON document read from `fp` (an object with .read())."""
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float,
                 parse_int=parse_int, parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)
