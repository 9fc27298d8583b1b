# logging against CPython: levels, hierarchy, propagation, formats (stdout handlers).
import logging
import sys

logging.warning("module-level calls configure the root logger first (to stderr)")
logging.basicConfig(level=logging.DEBUG, stream=sys.stdout, format="%(levelname)s:%(name)s:%(message)s", force=True)
log = logging.getLogger("sched")
log.debug("tile %d", 16)
log.info("hello %s %s", "a", "b")
log.info("mapping %(a)s", {"a": 1})
child = logging.getLogger("sched.inner")
child.setLevel(logging.WARNING)
child.info("hidden")
child.warning("warn %r", [1])
print(child.getEffectiveLevel(), log.getEffectiveLevel(), child.parent.name, logging.getLevelName(15),
      logging.getLevelName("INFO"), logging.getLevelName(logging.ERROR))
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("{levelname} {name}: {message}", style="{"))
child.addHandler(handler)
child.error("both")
child.propagate = False
child.critical("once")
handler.setFormatter(logging.Formatter("$levelname $message", style="$"))
child.error("dollar")
print(repr(log), repr(logging.getLogger()), logging.root is logging.getLogger(), child.hasHandlers())
logging.disable(logging.INFO)
log.info("disabled")
log.warning("still")
logging.disable(logging.NOTSET)
print(log.isEnabledFor(logging.DEBUG))
record = log.makeRecord("x", 20, "f", 1, "m %s", ("a",), None)
print(record.getMessage(), record.levelname, record.levelno)
deep = logging.getLogger("a.b.c")
mid = logging.getLogger("a.b")
print(deep.parent.name, mid.parent.name, logging.getLogger("a.b") is mid)


class OnlyEven(logging.Filter):
    def filter(self, record):
        return record.args[0] % 2 == 0


log.addFilter(OnlyEven())
for i in range(4):
    log.info("n=%d", i)
logging.addLevelName(25, "NOTICE")
logging.getLogger("other").log(25, "custom level")
try:
    log.setLevel("LOUD")
except ValueError as e:
    print(e)
