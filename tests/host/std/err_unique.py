from enum import Enum, unique


@unique
class Prec(Enum):
    F32 = 'f32'
    FLOAT = 'f32'
