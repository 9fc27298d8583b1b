"""upstream's exo.rewrite.LoopIR_unification module path: unification itself is native
(generator/rewrite/unification.cpp); this module holds its error type."""


class UnificationError(Exception):
    def __init__(self, msg):
        self._err_msg = str(msg)

    def __str__(self):
        return self._err_msg
