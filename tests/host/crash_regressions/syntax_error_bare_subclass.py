# An uncaught SyntaxError subclass without filename/lineno/text/offset attributes.
class Bare(SyntaxError):
    def __init__(self):
        self.extra = 1


raise Bare()
