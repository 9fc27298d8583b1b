import inspect


def kernel(n, m, *, tile=8):
    pass


sig = inspect.signature(kernel)
print(sig, sig.bind(1, 2).arguments)
sig.bind(1, tile=4)
