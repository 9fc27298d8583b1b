"""Where a piece of Python source stands at its end (exocc private helper): the open
bracket depth, the string still open, a trailing backslash. For the test runner's
statement display and the interactive session's continuation lines."""


def bracket_state(text, depth=0):
    """(depth, quote, backslash) after `text`, starting at bracket depth `depth`:
    `quote` is the delimiter of a string left open (a triple quote spans lines) or None;
    comments are skipped."""
    i = 0
    quote = None
    while i < len(text):
        c = text[i]
        if quote:
            if c == '\\':
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
        elif c == '#':
            while i < len(text) and text[i] != '\n':
                i += 1
            continue
        elif c in '\'"':
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else c
            i += len(quote)
            continue
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        i += 1
    return depth, quote, text.rstrip().endswith('\\')
