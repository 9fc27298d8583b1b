"""Which schedule steps of one ExoBLAS kernel file fail, and why: ExoBLAS wraps many
steps in `attempt(...)` (src/common/higher_order.py), which swallows the error and goes
on with the proc unchanged, so two compilers that decide one step differently take
different paths with no message. This runs the file the way `exocc --host python3` or
upstream's `python3 -m exo.main` would, with `attempt` replaced by one that counts each
step's outcome, then prints the counts (steps that failed, with the error's first line,
and steps that succeeded). Run it under both compilers and compare the two lists.

    PYTHONPATH=EXOBLAS/src/common:CONFIG_DIR python3 exoblas_attempts.py exocc HOST_LIB -o DIR --stem S FILE
    PYTHONPATH=UPSTREAM:EXOBLAS/src/common:CONFIG_DIR python3 exoblas_attempts.py upstream -o DIR --stem S FILE

HOST_LIB is an exocc install's share/exocc/lib; CONFIG_DIR holds the exo_blas_config.py
that ExoBLAS's CMake configures for a preset. ExoBLAS itself is not changed."""
import collections
import contextlib
import io
import sys

compiler = sys.argv.pop(1)
if compiler == "exocc":
    sys.path.insert(0, sys.argv.pop(1))
import higher_order  # noqa: E402
import codegen_helpers  # noqa: E402,F401  (imports ExoBLAS's common modules in their own order)

outcomes = collections.Counter()
swallowing_attempt = higher_order.attempt


def counting_attempt(op, errs=higher_order.exo_exceptions):
    errs = tuple(errs)
    name = getattr(op, "__name__", repr(op))

    def rewrite(p, *args, rs=False, **kwargs):
        try:
            res = op(p, *args, **kwargs), True
            outcomes[(name, "ok")] += 1
        except errs as e:
            first = (str(e).splitlines() or [""])[0][:160]
            outcomes[(name, f"{type(e).__name__}: {first}")] += 1
            res = p, False
        return res if rs else res[0]

    return rewrite


for module in list(sys.modules.values()):
    if getattr(module, "attempt", None) is swallowing_attempt:
        module.attempt = counting_attempt

with contextlib.redirect_stdout(io.StringIO()):  # ExoBLAS prints its procs
    if compiler == "exocc":
        from exo._cpython_build import cli

        status = cli(sys.argv[1:])
    else:
        import runpy

        status = 0
        try:
            runpy.run_module("exo.main", run_name="__main__")
        except SystemExit as e:
            status = e.code
for (name, outcome), n in sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{n:6d}  {name}: {outcome}")
sys.exit(status or 0)
