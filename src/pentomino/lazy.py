"""Attributes computed on first use: :class:`lazy`, for the package's caches of derived values.

Like :func:`functools.cached_property`, but without a lock. Before Python 3.12 that decorator
holds one lock per attribute, shared by every instance of the class, while it computes a value.
When one thread forked a process pool while another thread held it (two counts at once in the
web server, each computing a puzzle's fingerprint), the forked worker inherited the lock held
and hung on its first use of the attribute. Here two threads that ask at once may both compute
the value and one result is kept: the values cached this way are the same either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class lazy(Generic[T]):  # noqa: N801 - used as a decorator, like property
    """A method run once per instance, on first access; its value is kept in the instance's
    ``__dict__`` (so assigning there replaces it).

    >>> class Square:
    ...     def __init__(self, side):
    ...         self.side = side
    ...     @lazy
    ...     def area(self):
    ...         print("computing")
    ...         return self.side ** 2
    >>> s = Square(3)
    >>> s.area
    computing
    9
    >>> s.area
    9
    """

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | lazy[T]:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value
        return value
