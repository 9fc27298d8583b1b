"""Objects that stand for upstream's IR nodes where exocc only has their printed text."""


class Printed:
    """Prints as the text it was made from (a UAST proc, a type, an index expression)."""

    def __init__(self, text):
        self._text = text

    def __str__(self):
        return self._text

    __repr__ = __str__
