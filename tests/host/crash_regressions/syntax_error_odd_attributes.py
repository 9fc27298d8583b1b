# A SyntaxError subclass that never sets filename/lineno/text/offset, and one whose
# filename's str() raises: tracebacks print what they can (exocc used to dereference
# the missing attributes, or abort on the exception raised while printing).
class Bare(SyntaxError):
    def __init__(self):
        self.extra = 1


try:
    raise Bare()
except SyntaxError as e:
    print('caught', type(e).__name__)


class Unprintable:
    def __str__(self):
        raise ValueError('no str')


e = SyntaxError('message', ('file.py', 1, 2, 'text'))
e.filename = Unprintable()
raise e
