# textwrap beyond the corpus.
import textwrap
from textwrap import TextWrapper, wrap, fill, shorten, dedent, indent

text = ("The quick brown fox jumps over the lazy dog.  Hello there -- you goof-ball, "
        "use the -b option!  Extraordinarily-long-hyphenated-compound-word here.\tTabbed\ttext.")
for width in (10, 20, 33, 70):
    print(width, wrap(text, width))
print(fill(text, 30))
print(fill(text, 25, initial_indent='* ', subsequent_indent='  '))
print(wrap(text, 15, break_on_hyphens=False))
print(wrap(text, 12, break_long_words=False))
print(wrap('  leading and trailing  ', 8, drop_whitespace=False))
print(wrap('a. b? c! d', 4, fix_sentence_endings=True), wrap('end. Next', 40, fix_sentence_endings=True))
print(wrap(text, 20, max_lines=3), wrap(text, 20, max_lines=2, placeholder='...'))
print(wrap('x\ty', expand_tabs=False), wrap('x\ty', tabsize=4), wrap('a\nb', replace_whitespace=False))
print(wrap(''), wrap('   '), fill(''), wrap('word', 1))
print(shorten('Hello  world!   This is  a test', 12), shorten('short', 10), shorten(text, 40, placeholder=' ...'))
try:
    wrap('x', 0)
except ValueError as e:
    print('ValueError:', e)
try:
    shorten('some words here', 3)
except ValueError as e:
    print('ValueError:', e)
w = TextWrapper(width=18, initial_indent='> ', subsequent_indent='>> ')
print(w.wrap(text[:80]), w.width, w.fill('one two'))
print(repr(dedent('    a\n      b\n\n    c\n')), repr(dedent('\t x\n\t y')), repr(dedent('  x\n \ty')), repr(dedent('   \n  a\n  ')))
print(repr(dedent('')), repr(dedent('no\n  indent')), repr(dedent('  only')), repr(dedent('\n\n  a\n  b\n\n')))
print(repr(indent('a\n\nb\n  \nc', '+ ')), repr(indent('a\nb', '> ', lambda line: True)), repr(indent('x\r\ny\n', '# ')))
print(repr(indent('one\ntwo', '-', predicate=lambda l: 'o' in l[1:])))
