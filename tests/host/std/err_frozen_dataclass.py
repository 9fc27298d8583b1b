from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    a: int
    b: str = 'x'


k = Key(1)
print(k)
k.a = 2
