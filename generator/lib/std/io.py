"""In-memory streams: `StringIO` (text) and `BytesIO` (bytes), one implementation over
the two types, with CPython 3.11's behaviour and messages for the methods scripts use
(write, read, readline(s), iteration, seek, tell, truncate, getvalue, close and the
context-manager protocol). BytesIO takes and returns bytes only (exocc has no bytearray
or memoryview, so `getbuffer()` is refused). `open` is the builtin."""
import builtins

from _exocc_io import _LineIterable, _UnsupportedOperation as UnsupportedOperation

__all__ = ['StringIO', 'BytesIO', 'UnsupportedOperation', 'open', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END']

SEEK_SET, SEEK_CUR, SEEK_END = 0, 1, 2
open = builtins.open


class _MemoryStream(_LineIterable):
    """A buffer with a position; `_empty` is '' or b''."""

    _empty = None

    def __init__(self, initial):
        if initial is None:
            initial = self._empty
        self._check_type(initial, self._initial_message)
        self._buf = initial
        self._pos = 0
        self._closed = False

    def _check_type(self, value, message):
        if not isinstance(value, type(self._empty)):
            raise TypeError(message % type(value).__name__)

    def _check_open(self):
        if self._closed:
            raise ValueError(self._closed_message)

    @property
    def closed(self):
        return self._closed

    def close(self):
        self._closed = True

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()

    def readable(self):
        self._check_open()
        return True

    def writable(self):
        self._check_open()
        return True

    def seekable(self):
        self._check_open()
        return True

    def flush(self):
        self._check_open()

    def isatty(self):
        self._check_open()
        return False

    def getvalue(self):
        self._check_open()
        return self._buf

    def tell(self):
        self._check_open()
        return self._pos

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError(self._negative_seek_message % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError(self._whence_message % whence)
        return self._pos

    def write(self, s):
        self._check_open()
        self._check_type(s, self._write_message)
        if not s:
            return 0
        buf = self._buf
        if self._pos > len(buf):
            buf = buf + self._pad * (self._pos - len(buf))
        self._buf = buf[:self._pos] + s + buf[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, size=-1):
        self._check_open()
        if size is None or size < 0:
            size = len(self._buf)
        chunk = self._buf[self._pos:self._pos + size]
        self._pos += len(chunk)
        return chunk

    def readline(self, size=-1):
        self._check_open()
        buf = self._buf
        end = buf.find(self._newline, self._pos)
        end = len(buf) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        line = buf[self._pos:end]
        self._pos = max(self._pos, end)
        return line

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError(self._negative_size_message % size)
        self._buf = self._buf[:size]
        return size

    def __iter__(self):
        self._check_open()
        return self


class StringIO(_MemoryStream):
    """A text stream in memory."""

    _empty = ''
    _pad = '\0'
    _newline = '\n'
    _initial_message = 'initial_value must be str or None, not %s'
    _closed_message = 'I/O operation on closed file'
    _write_message = "string argument expected, got '%s'"
    _negative_seek_message = 'Negative seek position %d'
    _whence_message = 'Invalid whence (%d, should be 0, 1 or 2)'
    _negative_size_message = 'Negative size value %d'

    def __init__(self, initial_value='', newline='\n'):
        super().__init__(initial_value)

    def __repr__(self):
        return '<_io.StringIO object at 0x%x>' % id(self)


class BytesIO(_MemoryStream):
    """A bytes stream in memory."""

    _empty = b''
    _pad = b'\0'
    _newline = b'\n'
    _initial_message = _write_message = "a bytes-like object is required, not '%s'"
    _closed_message = 'I/O operation on closed file.'
    _negative_seek_message = 'negative seek value %d'
    _whence_message = 'invalid whence (%d, should be 0, 1 or 2)'
    _negative_size_message = 'negative size value %d'

    def __init__(self, initial_bytes=b''):
        super().__init__(initial_bytes)

    def getbuffer(self):
        raise NotImplementedError('io.BytesIO.getbuffer() is not supported by exocc (it has no memoryview)')

    def __repr__(self):
        return '<_io.BytesIO object at 0x%x>' % id(self)
