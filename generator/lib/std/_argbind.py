"""Argument binding with CPython's exact TypeError messages (exocc private helper).

Used by generated methods that cannot be compiled with exec: dataclass
__init__, namedtuple __new__, and inspect.Signature.bind.
"""


def _name_list(names):
    names = [repr(n) for n in names]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return '%s and %s' % (names[0], names[1])
    return ', '.join(names[:-2]) + ', %s, and %s' % (names[-2], names[-1])


def _missing(qualname, kind, names):
    return TypeError('%s() missing %d required %s argument%s: %s'
                     % (qualname, len(names), kind, '' if len(names) == 1 else 's',
                        _name_list(names)))


def bind(qualname, params, kwonly, defaults, args, kwargs, implicit=1):
    """Bind a call the way CPython binds `def f(self, *params, *, *kwonly)`.

    qualname  name used in messages, e.g. 'Point.__init__'
    params    names of the positional-or-keyword parameters (after self)
    kwonly    names of the keyword-only parameters
    defaults  dict name -> default, for the parameters that have one
              (positional ones with defaults must come last)
    args      positional arguments, not counting self
    kwargs    keyword arguments (dict)
    implicit  number of implicit leading parameters (self) counted in messages
    Returns a dict name -> value covering params and kwonly.
    """
    nparams = len(params)
    values = {}
    nargs = len(args)
    i = 0
    while i < nargs and i < nparams:
        values[params[i]] = args[i]
        i += 1
    for key in kwargs:
        if key in values:
            raise TypeError("%s() got multiple values for argument '%s'" % (qualname, key))
        if key not in params and key not in kwonly:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (qualname, key))
        values[key] = kwargs[key]
    ndefaults = 0
    for name in params:
        if name in defaults:
            ndefaults += 1
    if nargs > nparams:
        given = nargs + implicit
        total = nparams + implicit
        kwonly_given = 0
        for name in kwonly:
            if name in values:
                kwonly_given += 1
        if ndefaults:
            sig = 'from %d to %d' % (total - ndefaults, total)
            plural = True
        else:
            sig = '%d' % total
            plural = total != 1
        if kwonly_given:
            kwsig = ' positional argument%s (and %d keyword-only argument%s)' % (
                's' if given != 1 else '', kwonly_given, 's' if kwonly_given != 1 else '')
        else:
            kwsig = ''
        raise TypeError('%s() takes %s positional argument%s but %d%s %s given'
                        % (qualname, sig, 's' if plural else '', given, kwsig,
                           'was' if given == 1 and not kwonly_given else 'were'))
    missing = []
    for name in params[:nparams - ndefaults]:
        if name not in values:
            missing.append(name)
    if missing:
        raise _missing(qualname, 'positional', missing)
    for name in params[nparams - ndefaults:]:
        if name not in values:
            values[name] = defaults[name]
    missing = []
    for name in kwonly:
        if name not in values:
            if name in defaults:
                values[name] = defaults[name]
            else:
                missing.append(name)
    if missing:
        raise _missing(qualname, 'keyword-only', missing)
    return values
