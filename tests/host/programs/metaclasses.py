class Registry(type):
    classes = []
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        Registry.classes.append(name)
        return cls
    def __iter__(cls):
        return iter(sorted(k for k in vars(cls) if not k.startswith('_')))
    def __len__(cls):
        return len(list(iter(cls)))

class Base(metaclass=Registry):
    pass

class Ops(Base):
    add = '+'
    mul = '*'

print(Registry.classes, list(Ops), len(Ops), type(Ops).__name__)
print(isinstance(Ops, Registry), issubclass(Ops, Base))

class Plugin:
    registry = {}
    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.registry[key or cls.__name__] = cls

class A(Plugin, key='a'):
    pass

class B(Plugin):
    pass

print(sorted(Plugin.registry))
T = type('T', (object,), {'x': 3, 'double': lambda self: self.x * 2})
print(T().double(), T.__name__)
