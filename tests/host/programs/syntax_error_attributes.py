# An uncaught SyntaxError made by the program with an offset far past its text: the
# caret stops just after the text (exocc tried to print 10**18 spaces).
e = SyntaxError('m', ('f.py', 1, 10**18, 'text'))
try:
    raise e
except SyntaxError as x:
    print(x.offset > 100, x.text, x.lineno)
raise e
