from dataclasses import dataclass, field


@dataclass
class Tile:
    name: str
    size: int = 4
    tags: list = field(default_factory=list)


print(Tile('i'))
Tile('i', 1, [], extra=3)
