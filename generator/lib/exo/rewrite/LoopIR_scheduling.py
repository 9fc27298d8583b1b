"""Scheduling errors. The primitives themselves are implemented in exocc's C++ core."""


class SchedulingError(Exception):
    pass
