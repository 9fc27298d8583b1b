def specialize(p, N, **params):
    """Fixes the size of the proc to the manifest's N."""
    return p.partial_eval(N)
