"""The CPython host's own piece of the `exo` package (never imported by the embedded
interpreter): what the embedded host reads natively from a decorated function -- its
statement and the scope it was defined in -- read here through CPython's inspect.

Each decorator hands the core a module made of the decorated statement, placed at its
own line and column of its file (so that error locations are the file's), and a scope
holding the names the defining frame saw; the core's own decorator runs inside it."""
import ast
import importlib.util
import inspect
import linecache
import os
import sys
import textwrap

import _exo

_native = _exo._embedded  # the core's `_exo`, whose decorators read embedded functions


def _indent(text):
    return len(text) - len(text.lstrip())


def _is_code(text):
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def _function_block(obj):
    """(lines, start, node) as inspect.getsourcelines(obj) would give the lines, with the
    def's parsed node; None when this cheap way cannot tell. inspect tokenizes the file
    from the function's first line to find its end, a good part of a decorator's cost
    when a module defines many instructions (ExoBLAS's kernels import hundreds). Here the
    block ends before the first code line after the def indented no deeper than the def:
    a cut inside a string, a bracket or a continued line leaves text that does not parse,
    and then inspect decides."""
    if not inspect.isfunction(obj):
        return None
    filename = inspect.getsourcefile(obj)
    if not filename:
        return None
    linecache.checkcache(filename)
    lines = linecache.getlines(filename, obj.__globals__)
    start = obj.__code__.co_firstlineno
    if not 0 < start <= len(lines):
        return None
    outer = _indent(lines[start - 1])
    stop = start - 1  # from the def line: the decorators' arguments may come back to its column
    while stop < len(lines) and not (_indent(lines[stop]) == outer and lines[stop].lstrip().startswith(("def ", "async def "))):
        stop += 1
    stop += 1
    while stop < len(lines) and (not _is_code(lines[stop]) or _indent(lines[stop]) > outer):
        stop += 1
    block = lines[start - 1:stop]
    dedented = textwrap.dedent("".join(block))
    try:
        node = ast.parse(dedented).body[0]
    except (SyntaxError, ValueError, IndexError):
        return None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != obj.__code__.co_name:
        return None  # e.g. a lambda on the line of a def
    # inspect's block ends at the last statement, or at a later comment line indented at
    # least as far as the body when the body is an indented block (not after the colon);
    # the lines after the last statement are blank or comments
    last = node.end_lineno
    first_body = node.body[0]
    if first_body.col_offset == _indent(dedented.splitlines()[first_body.lineno - 1]):
        body_indent = _indent(block[first_body.lineno - 1])
        for n in range(node.end_lineno, len(block)):
            if block[n].strip() and _indent(block[n]) >= body_indent:
                last = n + 1
    return block[:last], start, node


def _statement_source(obj, call):
    """(filename, text, free): obj's def or class statement, decorators left out, at its
    line and column in its file, followed by the line `call`. A statement nested in a
    function sits in a function of the names it closes over (`free`, taken as
    parameters), so that the core sees the same closure."""
    found = _function_block(obj)
    if found:
        lines, start, node = found
    else:
        lines, start = inspect.getsourcelines(obj)
        node = ast.parse(textwrap.dedent("".join(lines))).body[0]
    filename = inspect.getsourcefile(obj) or inspect.getfile(obj)
    statement = lines[node.lineno - 1:]  # node.lineno: the def/class line, after decorators
    if not statement[-1].endswith("\n"):
        statement[-1] += "\n"
    first_line = start + node.lineno - 1
    indent = statement[0][: len(statement[0]) - len(statement[0].lstrip())]
    free = list(obj.__code__.co_freevars) if inspect.isfunction(obj) else []
    head = ["from __future__ import annotations\n"]
    if indent:
        opener = [f"def __exocc_enclosing__({', '.join(free)}):\n"]
        args = ", ".join(f"__exocc_free_{n}__" for n in free)
        closer = [f"{indent}return {node.name}\n", f"{node.name} = __exocc_enclosing__({args})\n"]
    else:
        opener, closer = [], []
    pad = max(0, first_line - 1 - len(head) - len(opener))
    text = "".join(head + ["\n"] * pad + opener + statement + closer)
    return filename, text + call + "\n", free


def _scope(globals_, frame, fn=None):
    """The names visible where the decorator ran: the frame's locals over the module's
    globals, and a function's closure."""
    scope = dict(globals_)
    if frame is not None and frame.f_locals is not frame.f_globals:
        scope.update(frame.f_locals)
    if fn is not None and fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                scope[name] = cell.cell_contents
            except ValueError:  # an empty cell: not bound yet
                pass
    return scope


def _decorated(obj, frame, decorate, *args):
    if not (inspect.isfunction(obj) or inspect.isclass(obj)):
        return decorate(obj, *args)  # the core raises the error upstream raises
    placeholders = "".join(f", __exocc_arg{i}__" for i in range(len(args)))
    call = f"__exocc_result__ = __exocc_decorate__({obj.__name__}{placeholders})"
    filename, text, free = _statement_source(obj, call)
    scope = _scope(obj.__globals__ if inspect.isfunction(obj) else frame.f_globals, frame,
                   obj if inspect.isfunction(obj) else None)
    extras = {"__exocc_decorate__": decorate}
    extras.update({f"__exocc_free_{n}__": scope.get(n) for n in free})
    extras.update({f"__exocc_arg{i}__": a for i, a in enumerate(args)})
    return _exo._cpython_run(filename, text, scope, extras)


def proc(f):
    return _decorated(f, sys._getframe(1), _native.proc)


def instr(c_instr, c_global="", *, target_features=()):
    # The core checks target_features (docs/target-features.md), as in the embedded host.
    decorate = _native.instr(c_instr, c_global, target_features=target_features)

    def instr_decorator(f):
        return _decorated(f, sys._getframe(1), decorate)

    return instr_decorator


def config(_cls=None, *, readwrite=True):
    decorate = _native.config(readwrite=readwrite)

    def config_decorator(cls):
        return _decorated(cls, sys._getframe(1), decorate)

    if _cls is None:
        return config_decorator
    return _decorated(_cls, sys._getframe(1), decorate)


def _capture_scope(depth):
    frame = sys._getframe(depth + 1)
    return _exo._cpython_run("<scope>", "__exocc_result__ = __exocc_decorate__(0)\n",
                             _scope(frame.f_globals, frame), {"__exocc_decorate__": _native._capture_scope})


def _uast_str(fn, scope, instr):
    return _decorated(fn, None, _native._uast_str, scope, instr)


def _add_procedure_method(name, fn):
    setattr(_exo.Procedure, name, fn)


# ------------------------------------------------------------------ _host

# The embedded interpreter's `_host` module gives the bundled modules files and imports;
# in CPython, `_host.<name>` is host_<name> below if there is one, else the embedded one.

def _host_getattr(name):
    fn = globals().get("host_" + name)
    if fn is not None:
        return fn
    return getattr(sys.modules["_host"]._embedded, name)


def host_stat(path):
    if os.path.isfile(path):
        return "file"
    if os.path.isdir(path):
        return "dir"
    return "other" if os.path.exists(path) else None


def host_load_source(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def host_read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def host_write_text(path, text):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def host_traceback(e):
    import traceback
    return traceback.extract_tb(e.__traceback__)


def host_call_stack():
    # CPython's own frames (the embedded `_host`'s would be the embedded interpreter's):
    # the schedule trace of `exocc build --trace` names the user's line from them.
    import traceback
    return [(f.filename, f.lineno, f.name) for f in traceback.extract_stack()[:-1]]


def host_import_misses():
    from exo import _cpython_records  # recording only where `exocc build` installed it
    return list(_cpython_records.import_misses)


def host_files_read():
    from exo import _cpython_records
    return list(_cpython_records.files_read)


def host_dirs_listed():
    from exo import _cpython_records
    return list(_cpython_records.dirs_listed)


host_mkdir = os.mkdir
host_realpath = os.path.realpath
host_getcwd = os.getcwd
host_chdir = os.chdir


def std_module(name):
    """One of exocc's own modules of generator/lib/std (its command lines), which the
    CPython host does not put on sys.path: the rest of that directory stands in for
    CPython's standard library in the embedded host."""
    if name not in sys.modules:
        std = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "std")
        host_load_source(name, os.path.join(std, name + ".py"))
    return sys.modules[name]
