from enum import Enum, auto


class Op(Enum):
    ADD = auto()
    SUB = auto()


print(Op['ADD'], Op(2))
print(Op['MUL'])
