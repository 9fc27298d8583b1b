from abc import ABC, abstractmethod
class M(ABC):
    @classmethod
    def name(cls): return cls.__name__
    @classmethod
    @abstractmethod
    def alloc(cls): raise NotImplementedError()
class D(M):
    @classmethod
    def alloc(cls): return 'x'
print(D.name(), D.alloc(), D().alloc())
try:
    M()
except TypeError as e:
    print(e)
