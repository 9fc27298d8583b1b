"""Placeholder numpy for `exocc test`: importing works, using it fails the test."""


def __getattr__(name):
    if name.startswith('_'):
        # Probes by tools (pytest's collector, copy, ...) get the usual answer.
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.{name}: numpy is not available in exocc")
