from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field
from typing import ClassVar, Optional, List, get_type_hints


@dataclass
class Node:
    name: str
    kids: List[Node] = field(default_factory=list)
    parent: Optional[Node] = None
    count: ClassVar[int] = 0
    tags: 'list[str]' = field(default_factory=list)


n = Node('root')
print(n, Node.__annotations__, [f.type for f in dataclasses.fields(Node)])
print(Node.__doc__)
print(inspect.signature(Node))
print(get_type_hints(Node))


def fn(a: int, b: Optional[str] = None) -> List[int]:
    return [a]


print(fn.__annotations__, inspect.signature(fn), get_type_hints(fn))
import __future__
print(__future__.annotations, __future__.annotations.getMandatoryRelease(), __future__.all_feature_names[-1], __future__.CO_FUTURE_ANNOTATIONS)
print(annotations)
