# help() on a scheduling primitive shows its signature and whole docstring (through
# sched_op's functools.wraps), and every primitive exported has a docstring.
import exo.API_scheduling as S
from exo.API_scheduling import divide_loop, stage_mem

help(divide_loop)
help(stage_mem)
names = [n for n in dir(S) if getattr(getattr(S, n), "is_atomic_scheduling_op", False)]
print(len(names) > 50, [n for n in names if not (getattr(S, n).__doc__ or "").strip()])
