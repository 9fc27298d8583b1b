"""exocc's interactive session and `-c`, run as __main__ by the CLI:

    exocc                      an interactive session
    exocc -i FILE.py [ARGS]    run FILE.py as __main__, then a session in its globals
    exocc -c CODE [ARGS]       run CODE as __main__ (sys.argv = ['-c', ARGS...])

In a session, a line that opens a block (ends with ':', or is a decorator) or leaves a
bracket, string or backslash continuation open reads more lines after '... ' until a
blank line (for blocks) or until everything is closed. An expression's value is
printed with repr() and kept in `_`, as in Python. Ctrl-C abandons the input or the
running statement; Ctrl-D (or exit()) ends the session. Line editing and history come
from the terminal line editor (_host.read_line) when stdin and stdout are terminals.
"""
import sys

import _host
from _exocc_brackets import bracket_state

_BANNER = ("exocc interactive session (the embedded Python subset; `exo` is importable)\n"
           "Type help(object) for documentation, Ctrl-D to exit.")


def _print_exception(exc):
    """Prints `exc` as an uncaught exception, without this module's own frames."""
    entries = [e for e in _host.traceback(exc) if not e[0].endswith("_exocc_repl.py")]
    lines = []
    if entries:
        lines.append("Traceback (most recent call last):\n")
        for filename, lineno, function, source in entries:
            lines.append(f'  File "{filename}", line {lineno}, in {function}\n')
            if source and source.strip() and filename not in ("<stdin>", "<string>"):
                lines.append(f"    {source.strip()}\n")
    summary = _host.format_exception_only(exc)
    suffix = _host.did_you_mean(exc)
    if suffix:
        summary = summary.rstrip("\n") + suffix + "\n"
    sys.stderr.write("".join(lines) + summary)


def _opens_block(line):
    code = line.split("#", 1)[0].rstrip()
    return code.endswith(":") or code.lstrip().startswith("@")


def _read_statement(history):
    """The next statement's text (several lines for a block), or None at the end of input."""
    line = _host.read_line(">>> ", history)
    if line is None:
        return None
    lines = [line]
    block = _opens_block(line)
    while True:
        depth, quote, backslash = bracket_state("\n".join(lines))
        in_string = quote is not None
        if not (depth > 0 or in_string or backslash or block):
            break
        more = _host.read_line("... ", history)
        if more is None:
            break
        if block and not more.strip() and depth <= 0 and not in_string:
            break
        lines.append(more)
    return "\n".join(lines) + "\n"


def _run_interactive(source, module):
    value = _host.run_source(source, "<stdin>", module, True)
    if value is not None:
        module.__dict__["_"] = value
        print(repr(value))


def interact(module):
    history = []
    module.__dict__.setdefault("__builtins__", __builtins__)
    while True:
        try:
            source = _read_statement(history)
        except KeyboardInterrupt:
            sys.stdout.write("KeyboardInterrupt\n")
            continue
        if source is None:
            sys.stderr.write("\n")
            return 0
        if not source.strip():
            continue
        try:
            _run_interactive(source, module)
        except SystemExit as e:
            return _exit_status(e)
        except BaseException as e:
            _print_exception(e)


def _exit_status(e):
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xff
    sys.stderr.write(f"{code}\n")
    return 1


def main(argv):
    import os
    if argv[:1] == ["-c"]:
        if len(argv) < 2:
            sys.stderr.write("Argument expected for the -c option\n")
            return 2
        sys.argv[:] = ["-c"] + argv[2:]
        sys.path.insert(0, os.getcwd())
        main_module = _host.new_module("__main__")
        try:
            _host.run_source(argv[1] + "\n", "<string>", main_module, False)
        except SystemExit as e:
            return _exit_status(e)
        except BaseException as e:
            _print_exception(e)
            return 1
        return 0
    main_module = _host.new_module("__main__")
    if argv[:1] == ["-i"]:
        if len(argv) < 2:
            sys.stderr.write("exocc -i: a file to run is expected\n")
            return 2
        path = argv[1]
        sys.argv[:] = argv[1:]
        main_module.__dict__["__file__"] = path
        try:
            text = _host.read_text(path)
        except OSError as e:
            sys.stderr.write(f"exocc: can't open file '{path}': {e.strerror}\n")
            return 2
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        try:
            _host.run_source(text, path, main_module, False)
        except SystemExit as e:
            return _exit_status(e)
        except BaseException as e:
            _print_exception(e)
    else:
        sys.argv[:] = [""]
        sys.path.insert(0, os.getcwd())
        sys.stderr.write(_BANNER + "\n")
    return interact(main_module)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
