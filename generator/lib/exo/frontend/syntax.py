"""Names that appear inside object code (types, loop ranges, stride).

Importing them keeps Python-aware editors quiet; exocc never calls them, because
object code is parsed, not run.
"""


def _not_callable(*_args, **_kwargs):
    raise SyntaxError("Exo Python dummy functions should never be called directly.")


class _ExoType:
    def __init__(self, *_):
        raise SyntaxError("Exo Python dummy objects should never be instantiated")


class size(_ExoType): pass
class index(_ExoType): pass
class stride(_ExoType): pass
class R(_ExoType): pass
class f16(_ExoType): pass
class f32(_ExoType): pass
class f64(_ExoType): pass
class i8(_ExoType): pass
class ui8(_ExoType): pass
class ui16(_ExoType): pass
class i32(_ExoType): pass


seq = _not_callable
par = _not_callable
