"""The builtin open(), for text files.

A file opened for reading is read whole when it is opened; one opened for writing
collects what is written in a native buffer (_host.FileBuffer) and replaces the file
atomically at flush() and close() (the way pathlib's write_text does here), so a failed
build never leaves half a file. As in CPython, a file that is never closed is still
written: when it is collected and, if still open, when the program exits. Binary
modes and '+' (read and write at once) are outside exocc's subset.

Files opened for reading are read with `_host.read_text`, which remembers them
(`_host.files_read()`): `exocc build` lists them as dependencies of the kernel, so that
editing one rebuilds it.
"""
import _host


def _parse_mode(mode):
    if not isinstance(mode, str):
        raise TypeError(f"open() argument 'mode' must be str, not {type(mode).__name__}")
    if len(set(mode)) != len(mode) or any(c not in "rwaxtb+" for c in mode) or ("t" in mode and "b" in mode):
        raise ValueError(f"invalid mode: '{mode}'")
    kinds = [c for c in mode if c in "rwax"]
    if len(kinds) != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if "b" in mode:
        raise NotImplementedError("open() in binary mode is not supported by exocc")
    if "+" in mode:
        raise NotImplementedError("open() for reading and writing at once is not supported by exocc")
    return kinds[0]


class _LineIterable:
    """The line protocol of a text stream over its readline(): iteration and
    readlines (shared with io.StringIO)."""

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                return lines

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class TextIOWrapper(_LineIterable):
    def __init__(self, path, mode):
        self.name = path
        self.mode = mode
        self._kind = _parse_mode(mode)
        self._closed = False
        self._pos = 0
        if self._kind == "r":
            self._text = _host.read_text(path)
            return
        kind_of = _host.stat(path)
        if self._kind == "x" and kind_of is not None:
            raise FileExistsError(17, "File exists", path)
        base = ""
        if self._kind == "a" and kind_of == "file":
            base = _host.read_text(path)
        else:
            _host.write_text(path, "")  # created (or truncated) now, as Python does
        self._buffer = _host.FileBuffer(path, base)

    @property
    def closed(self):
        return self._closed

    def readable(self):
        return self._kind == "r"

    def writable(self):
        return self._kind != "r"

    def _check(self, reading):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        if reading and self._kind != "r":
            raise _UnsupportedOperation("not readable")
        if not reading and self._kind == "r":
            raise _UnsupportedOperation("not writable")

    def read(self, size=-1):
        self._check(True)
        end = len(self._text) if size is None or size < 0 else min(len(self._text), self._pos + size)
        out = self._text[self._pos:end]
        self._pos = end
        return out

    def readline(self, size=-1):
        self._check(True)
        nl = self._text.find("\n", self._pos)
        end = len(self._text) if nl < 0 else nl + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = self._text[self._pos:end]
        self._pos = end
        return out

    def write(self, s):
        self._check(False)
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self._buffer.write(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        if self._kind != "r":
            self._buffer.flush()

    def close(self):
        if not self._closed:
            self._closed = True
            if self._kind != "r":
                self._buffer.close()

    def __enter__(self):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        return f"<_io.TextIOWrapper name='{self.name}' mode='{self.mode}' encoding='UTF-8'>"


class _UnsupportedOperation(OSError):  # CPython's derives from ValueError too
    pass


_UnsupportedOperation.__name__ = "UnsupportedOperation"


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if not isinstance(file, str):
        if hasattr(file, "__fspath__"):
            file = file.__fspath__()
        else:
            raise TypeError(f"expected str, bytes or os.PathLike object, not {type(file).__name__}")
    if encoding is not None and encoding.lower().replace("-", "").replace("_", "") not in ("utf8", "ascii"):
        raise NotImplementedError(f"open() with encoding '{encoding}' is not supported by exocc")
    return TextIOWrapper(file, mode)
