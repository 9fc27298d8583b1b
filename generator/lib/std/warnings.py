"""Warnings: `warn`, filters (`simplefilter`, `filterwarnings`) and `catch_warnings`.

A shown warning goes to stderr as `file:line: Category: message`, like CPython's
default format; with catch_warnings(record=True) it is recorded instead.
"""
import sys


class WarningMessage:
    def __init__(self, message, category, filename, lineno):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno

    def __str__(self):
        return (f"{{message : {self.message!r}, category : {self.category.__name__!r}, "
                f"filename : {self.filename!r}, lineno : {self.lineno}, line : None}}")


filters = []          # (action, message, category, module, lineno), newest first
_record_stack = []    # lists receiving warnings inside catch_warnings(record=True)
_shown = set()        # (text, category) pairs already shown under the "default" action


def simplefilter(action, category=Warning, lineno=0, append=False):
    entry = (action, None, category, None, lineno)
    if append:
        filters.append(entry)
    else:
        filters.insert(0, entry)


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    entry = (action, message or None, category, module or None, lineno)
    if append:
        filters.append(entry)
    else:
        filters.insert(0, entry)


def resetwarnings():
    filters.clear()


def _action_for(text, category):
    import re
    for action, message, cat, _module, _lineno in filters:
        if not issubclass(category, cat):
            continue
        if message is not None and not re.match(message, text, re.I):
            continue
        return action
    if issubclass(category, (DeprecationWarning,)):
        return "ignore"
    return "default"


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = type(message)
    if category is None:
        category = UserWarning
    text = str(message)
    if _record_stack:
        _record_stack[-1].append(WarningMessage(message if isinstance(message, Warning) else category(text),
                                                category, "<unknown>", 0))
        return
    action = _action_for(text, category)
    if action == "error":
        raise category(text)
    if action == "ignore":
        return
    if action in ("default", "once", "module") and (text, category) in _shown:
        return
    _shown.add((text, category))
    print(f"<unknown>:0: {category.__name__}: {text}", file=sys.stderr)


class catch_warnings:
    def __init__(self, *, record=False):
        self._record = record

    def __enter__(self):
        self._saved = list(filters)
        if self._record:
            log = []
            _record_stack.append(log)
            return log
        return None

    def __exit__(self, *exc):
        filters[:] = self._saved
        if self._record:
            _record_stack.pop()
        return False
