"""Logging as CPython 3.11's logging module does it, for the parts scripts use:
levels, `basicConfig`, `getLogger` and the logger hierarchy with propagation, `Logger`
methods (`debug` ... `critical`, `exception`, `log`), `Handler`, `StreamHandler`,
`FileHandler`, `Formatter` (styles '%', '{' and '$'), `Filter`, `disable`, and the
last-resort handler that prints bare WARNING+ messages to stderr when nothing is
configured.

Differences: the embedded interpreter cannot inspect its callers' frames, so records
carry CPython's own fallbacks (`%(filename)s` is "(unknown file)", `%(lineno)d` 0,
`%(funcName)s` "(unknown function)"); `%(asctime)s` is in UTC; there are no threads,
processes, config files or `logging.handlers`.
"""
import sys
import time as _time

__all__ = ['CRITICAL', 'FATAL', 'ERROR', 'WARNING', 'WARN', 'INFO', 'DEBUG', 'NOTSET',
           'BASIC_FORMAT', 'Filter', 'Formatter', 'Handler', 'LogRecord', 'Logger', 'StreamHandler',
           'FileHandler', 'NullHandler', 'basicConfig', 'getLogger', 'getLevelName', 'addLevelName',
           'debug', 'info', 'warning', 'warn', 'error', 'exception', 'critical', 'fatal', 'log',
           'disable', 'shutdown', 'root', 'lastResort']

CRITICAL = FATAL = 50
ERROR = 40
WARNING = WARN = 30
INFO = 20
DEBUG = 10
NOTSET = 0
BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'

_level_to_name = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING', INFO: 'INFO',
                  DEBUG: 'DEBUG', NOTSET: 'NOTSET'}
_name_to_level = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING,
                  'WARNING': WARNING, 'INFO': INFO, 'DEBUG': DEBUG, 'NOTSET': NOTSET}
_start_time = _time.time()


def getLevelName(level):
    """The name of a level number, the number of a level name, or 'Level %s'."""
    result = _level_to_name.get(level)
    if result is not None:
        return result
    result = _name_to_level.get(level)
    if result is not None:
        return result
    return 'Level %s' % level


def addLevelName(level, levelName):
    _level_to_name[level] = levelName
    _name_to_level[levelName] = level


def _check_level(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _name_to_level:
            raise ValueError('Unknown level: %r' % level)
        return _name_to_level[level]
    raise TypeError('Level not an integer or a valid string: %r' % (level,))


class LogRecord:
    """One logged event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None, sinfo=None):
        ct = _time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname
        self.module = 'Unknown module'
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _start_time) * 1000
        self.thread = None
        self.threadName = 'MainThread'
        self.processName = 'MainProcess'
        self.process = None

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname,
                                                      self.lineno, self.msg)


def _utc_struct(t):
    """(year, month, day, hour, minute, second, weekday) of POSIX time t, in UTC."""
    secs = int(t)
    days, rem = divmod(secs, 86400)
    hour, rem = divmod(rem, 3600)
    minute, second = divmod(rem, 60)
    # Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    year = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    if month <= 2:
        year += 1
    return year, month, day, hour, minute, second, (days + 3) % 7


_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']


def _strftime(fmt, t):
    year, month, day, hour, minute, second, wday = _utc_struct(t)
    fields = {'Y': '%04d' % year, 'y': '%02d' % (year % 100), 'm': '%02d' % month, 'd': '%02d' % day,
              'H': '%02d' % hour, 'I': '%02d' % ((hour - 1) % 12 + 1), 'M': '%02d' % minute,
              'S': '%02d' % second, 'p': 'AM' if hour < 12 else 'PM', 'a': _DAYS[wday],
              'b': _MONTHS[month - 1], 'Z': 'UTC', 'z': '+0000', '%': '%'}
    out = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c == '%' and i + 1 < len(fmt) and fmt[i + 1] in fields:
            out.append(fields[fmt[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


class _PercentStyle:
    default_format = '%(message)s'
    asctime_search = '%(asctime)'

    def __init__(self, fmt):
        self._fmt = fmt or self.default_format

    def usesTime(self):
        return self._fmt.find(self.asctime_search) >= 0

    def format(self, record):
        return self._fmt % vars(record)


class _StrFormatStyle(_PercentStyle):
    default_format = '{message}'
    asctime_search = '{asctime'

    def format(self, record):
        return self._fmt.format(**vars(record))


class _StringTemplateStyle(_PercentStyle):
    default_format = '${message}'
    asctime_search = '${asctime}'

    def format(self, record):
        import string
        return string.Template(self._fmt).substitute(**vars(record))


_STYLES = {'%': _PercentStyle, '{': _StrFormatStyle, '$': _StringTemplateStyle}


class Formatter:
    """Turns a record into text with a format string."""

    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        self._style = _STYLES[style](fmt)
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        if datefmt:
            return _strftime(datefmt, record.created)
        s = _strftime(self.default_time_format, record.created)
        return self.default_msec_format % (s, record.msecs)

    def formatException(self, ei):
        import traceback
        text = ''.join(traceback.format_exception(ei[0], ei[1], ei[2]))
        return text[:-1] if text.endswith('\n') else text

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != '\n':
                s = s + '\n'
            s = s + record.exc_text
        return s


_default_formatter = Formatter()


class Filter:
    """Passes records of logger `name` and its children (all records if name is '')."""

    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0 or self.name == record.name:
            return True
        return record.name.startswith(self.name) and record.name[self.nlen] == '.'


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            result = f.filter(record) if hasattr(f, 'filter') else f(record)
            if not result:
                return False
        return True


class Handler(Filterer):
    """Base of the handlers: a level, filters and a formatter; `emit` does the output."""

    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _check_level(level)
        self.formatter = None

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def setLevel(self, level):
        self.level = _check_level(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or _default_formatter).format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def handle(self, record):
        rv = self.filter(record)
        if rv:
            self.emit(record)
        return rv

    def flush(self):
        pass

    def close(self):
        pass

    def handleError(self, record):
        sys.stderr.write('--- Logging error ---\n')

    def __repr__(self):
        return '<%s (%s)>' % (self.__class__.__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes formatted records and a newline to a stream (default: sys.stderr)."""

    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        self.stream = sys.stderr if stream is None else stream

    def flush(self):
        if self.stream and hasattr(self.stream, 'flush'):
            self.stream.flush()

    def emit(self, record):
        self.stream.write(self.format(record) + self.terminator)
        self.flush()

    def setStream(self, stream):
        if stream is self.stream:
            return None
        result, self.stream = self.stream, stream
        self.flush()
        return result

    def __repr__(self):
        name = getattr(self.stream, 'name', '')
        return '<%s %s(%s)>' % (self.__class__.__name__, name + ' ' if name else '', getLevelName(self.level))


class FileHandler(StreamHandler):
    """Writes records to a file."""

    def __init__(self, filename, mode='a', encoding=None, delay=False, errors=None):
        import os
        self.baseFilename = os.path.abspath(filename)
        self.mode = mode
        StreamHandler.__init__(self, open(filename, mode))

    def close(self):
        if self.stream:
            self.stream.close()
            self.stream = None


class NullHandler(Handler):
    def handle(self, record):
        pass

    def emit(self, record):
        pass


class _StderrHandler(StreamHandler):
    """The last resort: writes to whatever sys.stderr is at the time."""

    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    @property
    def stream(self):
        return sys.stderr


lastResort = _StderrHandler(WARNING)
_disable_level = NOTSET


class Logger(Filterer):
    """A named channel of records, passed to its handlers and its ancestors'."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _check_level(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _check_level(level)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled or _disable_level >= level:
            return False
        return level >= self.getEffectiveLevel()

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    warn = warning

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            raise TypeError('level must be an integer')
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None):
        rv = LogRecord(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if key in ('message', 'asctime') or key in vars(rv):
                    raise KeyError('Attempt to overwrite %r in LogRecord' % key)
                setattr(rv, key, extra[key])
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, exc_info.__traceback__)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
        record = self.makeRecord(self.name, level, '(unknown file)', 0, msg, args, exc_info,
                                 '(unknown function)', extra)
        self.handle(record)

    def handle(self, record):
        if not self.disabled and self.filter(record):
            self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        logger = self
        while logger:
            if logger.handlers:
                return True
            if not logger.propagate:
                return False
            logger = logger.parent
        return False

    def callHandlers(self, record):
        logger = self
        found = 0
        while logger:
            for hdlr in logger.handlers:
                found += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            logger = logger.parent if logger.propagate else None
        if found == 0 and lastResort and record.levelno >= lastResort.level:
            lastResort.handle(record)

    def getChild(self, suffix):
        name = suffix if self.name == 'root' else self.name + '.' + suffix
        return getLogger(name)

    def __repr__(self):
        return '<%s %s (%s)>' % (self.__class__.__name__, self.name, getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)

    def __repr__(self):
        return '<RootLogger root (%s)>' % getLevelName(self.getEffectiveLevel())


root = RootLogger(WARNING)
_loggers = {}
_logger_class = Logger


def setLoggerClass(klass):
    global _logger_class
    _logger_class = klass


def getLoggerClass():
    return _logger_class


def getLogger(name=None):
    """The logger called `name` (the root logger for None or ''), created on first use."""
    if not name or (isinstance(name, str) and name == root.name):
        return root
    if not isinstance(name, str):
        raise TypeError('A logger name must be a string')
    logger = _loggers.get(name)
    if logger is not None:
        return logger
    logger = _logger_class(name)
    _loggers[name] = logger
    # Parent: the nearest existing ancestor; existing descendants now hang below it.
    parts = name.split('.')
    logger.parent = root
    for i in range(len(parts) - 1, 0, -1):
        ancestor = _loggers.get('.'.join(parts[:i]))
        if ancestor is not None:
            logger.parent = ancestor
            break
    prefix = name + '.'
    for other in _loggers.values():
        if other.name.startswith(prefix) and not other.parent.name.startswith(prefix):
            other.parent = logger
    return logger


def basicConfig(**kwargs):
    """Gives the root logger a handler (stderr, a stream or a file) and a format, unless it
    has one already (or force=True)."""
    force = kwargs.pop('force', False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if root.handlers:
        return
    handlers = kwargs.pop('handlers', None)
    if handlers is not None and ('stream' in kwargs or 'filename' in kwargs):
        raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
    if handlers is None:
        filename = kwargs.pop('filename', None)
        mode = kwargs.pop('filemode', 'a')
        if filename:
            if 'stream' in kwargs:
                raise ValueError("'stream' and 'filename' should not be specified together")
            handlers = [FileHandler(filename, mode)]
        else:
            handlers = [StreamHandler(kwargs.pop('stream', None))]
    kwargs.pop('encoding', None)
    kwargs.pop('errors', None)
    dfs = kwargs.pop('datefmt', None)
    style = kwargs.pop('style', '%')
    if style not in _STYLES:
        raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
    fs = kwargs.pop('format', _STYLES[style].default_format if style != '%' else BASIC_FORMAT)
    fmt = Formatter(fs, dfs, style)
    for h in handlers:
        if h.formatter is None:
            h.setFormatter(fmt)
        root.addHandler(h)
    level = kwargs.pop('level', None)
    if level is not None:
        root.setLevel(level)
    if kwargs:
        raise ValueError('Unrecognised argument(s): %s' % ', '.join(kwargs.keys()))


def _root_call(method):
    def call(msg, *args, **kwargs):
        if len(root.handlers) == 0:
            basicConfig()
        getattr(root, method)(msg, *args, **kwargs)
    call.__name__ = method
    return call


debug = _root_call('debug')
info = _root_call('info')
warning = _root_call('warning')
warn = warning
error = _root_call('error')
critical = _root_call('critical')
fatal = critical


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    global _disable_level
    _disable_level = level


def shutdown():
    for h in root.handlers:
        h.flush()
