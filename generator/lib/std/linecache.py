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
    """Forgets the lines kept for `filename` (for every file when None), so that they
    are read again; CPython only forgets files that changed on disk."""
    if filename is None:
        cache.clear()
    else:
        cache.pop(filename, None)
