"""Lines of source files by name and number, read once and kept, as CPython's linecache
(for the traceback module)."""

__all__ = ["getline", "getlines", "clearcache", "checkcache"]

cache = {}


def getlines(filename, module_globals=None):
    """The file's lines, each ending in a newline; [] when it cannot be read."""
    if filename in cache:
        return cache[filename]
    try:
        with open(filename, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return []
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    cache[filename] = lines
    return lines


def getline(filename, lineno, module_globals=None):
    lines = getlines(filename, module_globals)
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ""


def clearcache():
    cache.clear()


def checkcache(filename=None):
    """Forget files that changed; exocc keeps nothing it could not reread, so this only
    drops the entries asked for."""
    if filename is None:
        cache.clear()
    else:
        cache.pop(filename, None)
