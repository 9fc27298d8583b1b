"""Utilities for with-statement contexts (exocc bundled module)."""

import sys
from functools import wraps

__all__ = ["contextmanager", "closing", "nullcontext", "AbstractContextManager",
           "ContextDecorator", "ExitStack", "redirect_stdout", "redirect_stderr",
           "suppress", "chdir"]


class AbstractContextManager:
    """An abstract base class for context managers."""

    def __enter__(self):
        """Return `self` upon entering the runtime context."""
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        """Raise any exception triggered within the runtime context."""
        return None


class ContextDecorator:
    """A base class or mixin that enables context managers to work as decorators."""

    def _recreate_cm(self):
        """Return a recreated instance of self."""
        return self

    def __call__(self, func):
        @wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    """Helper for @contextmanager decorator."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func = func
        self.args = args
        self.kwds = kwds
        doc = getattr(func, '__doc__', None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        # _GCMs are one-shot; a decorated function gets a fresh one per call
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        # args and kwds are not needed once the generator runs
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            # instantiate so we can tell whether the same exception comes back
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # suppress StopIteration unless it is the one passed to throw()
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            # a StopIteration thrown in, turned into RuntimeError by the generator
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            # re-raise only exceptions other than the one passed to throw()
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager decorator: turns a one-yield generator function into a
    context manager factory."""
    @wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


class closing(AbstractContextManager):
    """Context to automatically close something at the end of a block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """Context manager for temporarily redirecting stdout to another file."""
    _stream = 'stdout'


class redirect_stderr(_RedirectStream):
    """Context manager for temporarily redirecting stderr to another file."""
    _stream = 'stderr'


class suppress(AbstractContextManager):
    """Context manager to suppress specified exceptions."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class ExitStack(AbstractContextManager):
    """Context manager for dynamic management of a stack of exit callbacks."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        """Preserve the context stack by transferring it to a new instance."""
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        """Registers a callback with the standard __exit__ method signature."""
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            # not a context manager: assume it is a callable
            self._exit_callbacks.append(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        """Enters the supplied context manager and pushes its __exit__."""
        cls = type(cm)
        enter = getattr(cls, '__enter__', None)
        exit_method = getattr(cls, '__exit__', None)
        if enter is None or exit_method is None:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (cls.__module__, cls.__qualname__)) from None
        result = enter(cm)
        self._push_cm_exit(cm, exit_method)
        return result

    def _push_cm_exit(self, cm, cm_exit):
        def exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)
        exit_wrapper.__self__ = cm
        self._exit_callbacks.append(exit_wrapper)

    def callback(self, callback, /, *args, **kwds):
        """Registers an arbitrary callback and arguments.  Cannot suppress exceptions."""
        def exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(exit_wrapper)
        return callback

    def close(self):
        """Immediately unwind the context stack."""
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        frame_exc = _current_exception()
        suppressed_exc = False
        pending_raise = False
        pending = None
        # callbacks run in LIFO order, like nested with statements
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as new_exc:
                _fix_context(new_exc, exc_details[1], frame_exc)
                pending_raise = True
                pending = new_exc
                exc_details = (type(new_exc), new_exc, getattr(new_exc, '__traceback__', None))
        if pending_raise:
            fixed_ctx = pending.__context__
            try:
                raise pending
            except BaseException:
                pending.__context__ = fixed_ctx
                raise
        return received_exc and suppressed_exc


def _current_exception():
    try:
        return sys.exc_info()[1]
    except Exception:
        return None


def _fix_context(new_exc, old_exc, frame_exc):
    # Make old_exc the context of new_exc's chain, as nested with statements
    # would: the chain may end in frame_exc (the exception being handled when
    # ExitStack.__exit__ was called), which is replaced by old_exc.
    exc = new_exc
    while True:
        ctx = exc.__context__
        if ctx is None or ctx is old_exc:
            return
        if ctx is frame_exc:
            break
        exc = ctx
    exc.__context__ = old_exc


class nullcontext(AbstractContextManager):
    """Context manager that does no additional processing."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class chdir(AbstractContextManager):
    """Non thread-safe context manager to change the current working directory
    (not supported by exocc: raises OSError on entry)."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        raise OSError('chdir is not supported')

    def __exit__(self, *excinfo):
        pass
