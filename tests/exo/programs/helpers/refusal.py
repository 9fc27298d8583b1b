"""Shared by the programs that show a primitive refusing a rewrite."""
from exo.stdlib.scheduling import SchedulingError


def refused(make):
    """Runs `make` (a primitive applied), which must raise SchedulingError; prints it."""
    try:
        make()
        print("accepted (wrong)")
    except SchedulingError as e:
        print("SchedulingError:", e)
