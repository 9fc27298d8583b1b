"""Extracting, formatting and printing tracebacks, as CPython 3.11's traceback module
does with what exocc's tracebacks hold: each frame's file, line and function (no
locals, no column ranges, so no carets under the failing expression). Frames cannot be
inspected while they run, so extract_stack and its kin are missing."""

import sys
import linecache
import _host

__all__ = ["extract_tb", "format_exc", "format_exception", "format_exception_only", "format_list",
           "format_tb", "print_exc", "print_exception", "print_list", "print_tb", "walk_tb",
           "FrameSummary", "StackSummary", "TracebackException"]

_RECURSIVE_CUTOFF = 3  # a frame repeated more often is folded into a count
_cause_message = "\nThe above exception was the direct cause of the following exception:\n\n"
_context_message = "\nDuring handling of the above exception, another exception occurred:\n\n"
_sentinel = object()


class FrameSummary:
    """One frame of a traceback: filename, lineno, name and the source line."""

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line
        self.locals = None if locals is None else {k: repr(v) for k, v in locals.items()}
        if lookup_line:
            self.line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = linecache.getline(self.filename, self.lineno)
        return self._line.strip()

    def _fields(self):
        return (self.filename, self.lineno, self.name, self.line)

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return self._fields() == other._fields() and self.locals == other.locals
        if isinstance(other, tuple):
            return self._fields() == other
        return NotImplemented

    def __getitem__(self, pos):
        return self._fields()[pos]

    def __iter__(self):
        return iter(self._fields())

    def __len__(self):
        return 4

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)


class StackSummary(list):
    """A list of FrameSummary, outermost frame first."""

    @classmethod
    def from_list(klass, a_list):
        result = klass()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        row = ['  File "{}", line {}, in {}\n'.format(frame_summary.filename, frame_summary.lineno,
                                                     frame_summary.name)]
        if frame_summary.line:
            row.append("    {}\n".format(frame_summary.line.strip()))
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append("    {name} = {value}\n".format(name=name, value=value))
        return "".join(row)

    def format(self):
        result = []
        last = None
        count = 0
        for frame_summary in self:
            key = (frame_summary.filename, frame_summary.lineno, frame_summary.name)
            if key != last:
                if count > _RECURSIVE_CUTOFF:
                    result.append(_repeated(count - _RECURSIVE_CUTOFF))
                last = key
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(self.format_frame_summary(frame_summary))
        if count > _RECURSIVE_CUTOFF:
            result.append(_repeated(count - _RECURSIVE_CUTOFF))
        return result


def _repeated(count):
    return "  [Previous line repeated {} more time{}]\n".format(count, "s" if count > 1 else "")


def walk_tb(tb):
    """(frame, line number) for each level of the traceback, outermost first."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _limited(frames, limit):
    if limit is None:
        limit = getattr(sys, "tracebacklimit", None)
        if limit is not None and limit < 0:
            limit = 0
    if limit is None:
        return frames
    if limit >= 0:
        return frames[:limit]
    return frames[limit:]


def extract_tb(tb, limit=None):
    frames = [FrameSummary(f.f_code.co_filename, lineno, f.f_code.co_name) for f, lineno in walk_tb(tb)]
    return StackSummary(_limited(frames, limit))


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def print_list(extracted_list, file=None):
    if file is None:
        file = sys.stderr
    for item in format_list(extracted_list):
        print(item, file=file, end="")


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f"Exception expected for value, {type(exc).__name__} found")
        return None, None
    return value, tb


class TracebackException:
    """An exception, its traceback and the exceptions chained to it, ready to format."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True,
                 capture_locals=False, compact=False, max_group_width=15, max_group_depth=10,
                 _seen=None):
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.exc_type = exc_type
        self._value = exc_value
        self._str = _safe_str(exc_value)
        self.stack = extract_tb(exc_traceback, limit=limit)
        self.__notes__ = getattr(exc_value, "__notes__", None)
        if exc_type is not None and issubclass(exc_type, SyntaxError):
            self.filename = getattr(exc_value, "filename", None)
            lno = getattr(exc_value, "lineno", None)
            self.lineno = str(lno) if lno is not None else None
            self.text = getattr(exc_value, "text", None)
            self.offset = getattr(exc_value, "offset", None)
            self.msg = getattr(exc_value, "msg", None)
        self.__cause__ = None
        self.__context__ = None
        self.__suppress_context__ = exc_value.__suppress_context__ if exc_value is not None else False
        if exc_value is not None:
            cause = exc_value.__cause__
            if cause is not None and id(cause) not in _seen:
                self.__cause__ = TracebackException(type(cause), cause, cause.__traceback__, limit=limit,
                                                    _seen=_seen)
            context = exc_value.__context__
            if context is not None and id(context) not in _seen:
                self.__context__ = TracebackException(type(context), context, context.__traceback__,
                                                      limit=limit, _seen=_seen)

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        if not isinstance(self._value, BaseException):  # format_exc() outside a handler: None
            yield "{}: {}\n".format(self.exc_type.__qualname__, self._str)
            return
        yield from _host.format_exception_only(self._value).splitlines(True)

    def format(self, *, chain=True):
        # (the message that introduces it, exception), from this one to the first cause
        output = []
        exc = self
        if chain:
            while exc is not None:
                if exc.__cause__ is not None:
                    output.append((_cause_message, exc))
                    exc = exc.__cause__
                elif exc.__context__ is not None and not exc.__suppress_context__:
                    output.append((_context_message, exc))
                    exc = exc.__context__
                else:
                    output.append((None, exc))
                    exc = None
        else:
            output.append((None, exc))
        for msg, exc in reversed(output):
            if msg is not None:
                yield msg
            if exc.stack:
                yield "Traceback (most recent call last):\n"
                yield from exc.stack.format()
            yield from exc.format_exception_only()


def _safe_str(value):
    try:
        return str(value)
    except Exception:
        return "<exception str() failed>"


def format_exception_only(exc, /, value=_sentinel):
    if value is _sentinel:
        value = exc
    return list(TracebackException(type(value), value, None).format_exception_only())


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit)
    return list(te.format(chain=chain))


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit=limit, chain=chain):
        print(line, file=file, end="")


def format_exc(limit=None, chain=True):
    return "".join(format_exception(*sys.exc_info(), limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    print_exception(*sys.exc_info(), limit=limit, file=file, chain=chain)
