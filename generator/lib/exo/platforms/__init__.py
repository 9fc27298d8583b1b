"""Hardware libraries: `exo.platforms.<name>` resolves to `hw/<name>.py`.

The hardware libraries live outside the compiler (top-level hw/ in the source tree,
share/exocc/hw when installed), so adding a target never needs an exocc rebuild. This
package only points its search path there.
"""
import os.path as _path

_here = _path.dirname(__file__)
for _candidate in (_path.join(_here, '..', '..', '..', '..', 'hw'),   # source tree: generator/lib/exo/platforms
                   _path.join(_here, '..', '..', '..', 'hw')):        # installed: share/exocc/lib/exo/platforms
    _candidate = _path.normpath(_candidate)
    if _path.isdir(_candidate) and _candidate not in __path__:
        __path__.append(_candidate)
