"""platform: the host's operating system and processor names.

Only what Exo programs and tests use: `system()` ('Linux', 'Darwin', ...) and
`machine()` ('x86_64', 'aarch64', 'arm64', ...), with CPython's values. They come
from the kernel's /proc entries when there are any (Linux), else from `uname -s` /
`uname -m` run through `_host.run`; '' when neither works, as CPython does when it
cannot tell.
"""
import _host

_cache = {}


def _read_proc(path):
    try:
        return _host.read_text(path).strip()
    except OSError:
        return ""


def _uname(flag):
    try:
        status, output = _host.run(["uname", flag])
    except OSError:
        return ""
    return output.strip() if status == 0 else ""


def _lookup(key, proc_path, uname_flag):
    if key not in _cache:
        _cache[key] = _read_proc(proc_path) or _uname(uname_flag)
    return _cache[key]


def system():
    """The operating system's name, e.g. 'Linux' or 'Darwin'."""
    return _lookup("system", "/proc/sys/kernel/ostype", "-s")


def machine():
    """The processor architecture, e.g. 'x86_64' or 'aarch64'."""
    return _lookup("machine", "/proc/sys/kernel/arch", "-m")
