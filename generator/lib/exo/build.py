"""Values a build manifest passes to kernel scripts.

`exocc build` fills `params` with the manifest's `[params]`, overlaid by the kernel's own
`params`, before any of the kernel's modules is imported; object code and schedules read
them (`from exo.build import params`). Outside a manifest build it is empty.
"""

params = {}
