from __future__ import annotations

from exo import config


@config
class Scale:
    factor: f32
