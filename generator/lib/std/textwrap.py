"""Text wrapping and filling (exocc bundled module).

Same algorithm and results as CPython's textwrap, with the chunking regular
expressions replaced by a hand-written scanner.
"""

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


def _is_word(c):
    # regex \w for str patterns
    return c.isalnum() or c == '_'


def _is_letter(c):
    # regex [^\d\W]: a word character that is not a decimal digit
    return _is_word(c) and not c.isdecimal()


def _is_word_punct(c):
    # regex [\w!"'&.,?]
    return _is_word(c) or c in '!"\'&.,?'


def _split_words(text):
    """Split text into chunks like CPython's TextWrapper.wordsep_re.

    e.g. "Hello there -- you goof-ball, use the -b option!" gives
    Hello/ /there/ /--/ /you/ /goof-/ball,/ /use/ /the/ /-b/ /option!
    """
    n = len(text)

    def letter_at(k):
        return 0 <= k < n and _is_letter(text[k])

    def dashes_then_word(k):
        # text[k:] matches -{2,}\w
        m = k
        while m < n and text[m] == '-':
            m += 1
        return m - k >= 2 and m < n and _is_word(text[m])

    chunks = []
    i = 0
    while i < n:
        c = text[i]
        if c in _whitespace:
            j = i + 1
            while j < n and text[j] in _whitespace:
                j += 1
            chunks.append(text[i:j])
            i = j
            continue
        if c == '-' and i > 0 and _is_word_punct(text[i - 1]) and dashes_then_word(i):
            # em-dash between words
            j = i
            while j < n and text[j] == '-':
                j += 1
            chunks.append(text[i:j])
            i = j
            continue
        # a word, possibly hyphenated: grow it one character at a time
        j = i + 1
        while True:
            if j < n and text[j] == '-' and (
                    (letter_at(j - 2) and letter_at(j - 1))
                    or (letter_at(j - 3) and j - 2 >= 0 and text[j - 2] == '-' and letter_at(j - 1))):
                if letter_at(j + 1) and (letter_at(j + 2) or (
                        j + 2 < n and text[j + 2] == '-' and letter_at(j + 3))):
                    j += 1
                    break
            if j >= n or text[j] in _whitespace:
                break
            if _is_word_punct(text[j - 1]) and dashes_then_word(j):
                break
            j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _split_simple(text):
    """Split on runs of whitespace, keeping them (wordsep_simple_re)."""
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        j = i
        is_space = text[i] in _whitespace
        while j < n and (text[j] in _whitespace) == is_space:
            j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _sentence_end(chunk):
    # regex [a-z][\.\!\?][\"\']?\Z
    if chunk[-1:] in ('"', "'") and len(chunk) >= 3:
        return chunk[-2] in '.!?' and 'a' <= chunk[-3] <= 'z'
    if len(chunk) >= 2:
        return chunk[-1] in '.!?' and 'a' <= chunk[-2] <= 'z'
    return False


class TextWrapper:
    """Object for wrapping/filling text."""

    def __init__(self, width=70, initial_indent="", subsequent_indent="",
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8,
                 *, max_lines=None, placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            for ch in '\t\n\x0b\x0c\r':
                text = text.replace(ch, ' ')
        return text

    def _split(self, text):
        if self.break_on_hyphens is True:
            chunks = _split_words(text)
        else:
            chunks = _split_simple(text)
        return [c for c in chunks if c]

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == ' ' and _sentence_end(chunks[i]):
                chunks[i + 1] = '  '
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        # a chunk longer than a whole line
        if width < 1:
            space_left = 1
        else:
            space_left = width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                # break after the last hyphen that fits, unless only hyphens precede it
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        if self.max_lines is not None:
            if self.max_lines > 1:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')

        # chunks are consumed from the end of the reversed list
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)

            # no leading whitespace on a line, except on the first one
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]

            while chunks:
                length = len(chunks[-1])
                if cur_len + length <= width:
                    cur_line.append(chunks.pop())
                    cur_len += length
                else:
                    break

            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum([len(c) for c in cur_line])

            # no trailing whitespace
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]

            if not cur_line:
                continue
            if (self.max_lines is None
                    or len(lines) + 1 < self.max_lines
                    or ((not chunks
                         or (self.drop_whitespace and len(chunks) == 1 and not chunks[0].strip()))
                        and cur_len <= width)):
                lines.append(indent + ''.join(cur_line))
                continue
            # out of lines: finish with the placeholder
            placed = False
            while cur_line:
                if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                    cur_line.append(self.placeholder)
                    lines.append(indent + ''.join(cur_line))
                    placed = True
                    break
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if not placed:
                if lines:
                    prev_line = lines[-1].rstrip()
                    if len(prev_line) + len(self.placeholder) <= self.width:
                        lines[-1] = prev_line + self.placeholder
                        break
                lines.append(indent + self.placeholder.lstrip())
            break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        """Split text into a list of lines of at most self.width characters."""
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """Wrap text and return a single string."""
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    """Wrap a single paragraph of text, returning a list of wrapped lines."""
    w = TextWrapper(width=width, **kwargs)
    return w.wrap(text)


def fill(text, width=70, **kwargs):
    """Fill a single paragraph of text, returning a new string."""
    w = TextWrapper(width=width, **kwargs)
    return w.fill(text)


def shorten(text, width, **kwargs):
    """Collapse and truncate the given text to fit in the given width."""
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    """Remove any common leading whitespace from every line in `text`.

    Lines made only of spaces and tabs are normalized to empty lines.
    """
    lines = text.split('\n')
    margin = None
    for k in range(len(lines)):
        line = lines[k]
        stripped = line.lstrip(' \t')
        if not stripped:
            lines[k] = ''
            continue
        indent = line[:len(line) - len(stripped)]
        if margin is None:
            margin = indent
        elif indent.startswith(margin):
            pass
        elif margin.startswith(indent):
            margin = indent
        else:
            for i in range(min(len(margin), len(indent))):
                if margin[i] != indent[i]:
                    margin = margin[:i]
                    break
    if margin:
        n = len(margin)
        for k in range(len(lines)):
            if lines[k].startswith(margin):
                lines[k] = lines[k][n:]
    return '\n'.join(lines)


def indent(text, prefix, predicate=None):
    """Adds 'prefix' to the beginning of selected lines in 'text'
    (by default the lines that are not empty or whitespace-only)."""
    out = []
    for line in text.splitlines(True):
        if predicate is None:
            selected = line.strip()
        else:
            selected = predicate(line)
        out.append(prefix + line if selected else line)
    return ''.join(out)
