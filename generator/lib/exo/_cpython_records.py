"""What a CPython kernel of `exocc build` read and looked for: the records the embedded
interpreter keeps natively (`_host.files_read()`, `_host.dirs_listed()`,
`_host.import_misses()`), kept here for
CPython, so that a kernel's cache entry and depfile depend on the same things in both
hosts (docs/build-cache.md).

- Files read: an audit hook sees every file the process opens (builtins.open, io,
  os.open, pathlib, numpy.load, importlib.resources ...). Those opened for reading are
  recorded, by real path, except the import system's own reads (a module's source or
  its __pycache__ bytecode: the module's file is a dependency through sys.modules).
- Directories listed: the same hook sees os.listdir and os.scandir (os.walk, glob,
  pathlib's iterdir), whose listings are then inputs as a file's bytes are.
- Imports looked for in vain: the path finder is replaced by a subclass that records,
  for each module it is asked for, every file that would have been imported instead had
  it existed: in each search directory before the one the module came from,
  `DIR/NAME/__init__<suffix>` and `DIR/NAME<suffix>` for every suffix CPython imports,
  and in its own directory the candidates CPython tries first. A module that is not
  found at all records them in every directory, so `try: import foo / except
  ImportError` is rebuilt when foo appears."""
import importlib.machinery
import os
import sys

files_read = []
dirs_listed = []
import_misses = []

# CPython's order within one directory (importlib._bootstrap_external's loaders):
# extension modules, then source, then bytecode.
_SUFFIXES = (importlib.machinery.EXTENSION_SUFFIXES + importlib.machinery.SOURCE_SUFFIXES
             + importlib.machinery.BYTECODE_SUFFIXES)
_IMPORT_SYSTEM = "<frozen importlib."


def _opens_for_reading(mode, flags):
    if isinstance(mode, str):
        return "r" in mode or "+" in mode
    return isinstance(flags, int) and flags & os.O_ACCMODE in (os.O_RDONLY, os.O_RDWR)


def _by_the_import_system():
    try:
        return sys._getframe(2).f_code.co_filename.startswith(_IMPORT_SYSTEM)
    except ValueError:  # no Python frame on the stack (called from C)
        return False


def _record(into, path):
    if isinstance(path, int):  # a descriptor: its file or directory was opened by path
        return
    try:
        into.append(os.path.realpath(os.fsdecode(path)))
    except (TypeError, ValueError):  # not a path: the call itself reports it
        pass


def _audit(event, args):
    if event == "open":
        path, mode, flags = args
        if path is not None and _opens_for_reading(mode, flags) and not _by_the_import_system():
            _record(files_read, path)
    elif event in ("os.listdir", "os.scandir"):  # os.walk, glob and pathlib list through them
        if not _by_the_import_system():
            _record(dirs_listed, "." if args[0] is None else args[0])


def _candidates(directory, base, upto=None):
    """The files FileFinder tries for module `base` in `directory` (a package first), in
    its order, up to (without) `upto`."""
    prefix = os.path.join(directory, base)
    names = [os.path.join(prefix, "__init__" + s) for s in _SUFFIXES] + [prefix + s for s in _SUFFIXES]
    return names if upto is None else names[:names.index(upto)]


class _RecordingPathFinder(importlib.machinery.PathFinder):
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        spec = super().find_spec(fullname, path, target)
        base = fullname.rpartition(".")[2]
        origin = spec.origin if spec is not None and spec.has_location else None
        for d in sys.path if path is None else path:
            if not isinstance(d, str):
                continue
            d = d or os.getcwd()  # FileFinder's spelling of '' (the current directory)
            if origin is not None and os.path.dirname(origin) in (os.path.join(d, base), d):
                if origin in _candidates(d, base):
                    import_misses.extend(_candidates(d, base, origin))
                break
            import_misses.extend(_candidates(d, base))
        return spec


def install():
    """Starts recording (once per process, before the kernel's own code runs)."""
    sys.addaudithook(_audit)
    sys.meta_path[:] = [_RecordingPathFinder if f is importlib.machinery.PathFinder else f for f in sys.meta_path]
