"""Frozen value classes, made cheaply: `@value` is `@dataclass(frozen=True, slots=True)` for
this package's own types, without the cost of making them.

dataclasses writes each class's methods as source text and compiles it when the class is
made (six `exec` calls a class): about 4.2M instructions a class. typing.NamedTuple costs
1.1M a class (collections.namedtuple evaluates its `__new__`, and each annotation is
checked, a string one compiled); a plain class 0.1M, and `value` 0.19M (valgrind, Python
3.11, compiled modules, 30 classes of three fields). Thirty NamedTuples on the deal path
made value classes took a Loo deal from 261.8M to 241.7M instructions, against a floor of
200.9M for starting Python (`benchmarks/bench.py`): 1.30x to 1.20x. `value` makes the same
methods from closures over the class's fields instead, and it is still a frozen, slotted,
typed class that checks itself in `__post_init__` (mypy reads it as a dataclass through
`dataclass_transform`).

What it gives, as dataclass(frozen=True, slots=True) does: `__init__` by position or by
name with the class's defaults (`field(default_factory=...)` for a mutable one), then
`__post_init__`; `__eq__` and `__hash__` over the fields, in order; `__repr__`;
`__match_args__`; attributes that cannot be set or deleted (`object.__setattr__` in
`__post_init__` still can, as with dataclasses). `replace(obj, **changes)` is
`dataclasses.replace`: a copy with some fields changed, checked again; `astuple(obj)` its
fields in order.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import call
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_MISSING: Any = object()


class FrozenInstanceError(AttributeError):
    """A field of a value was set or deleted."""


class _Field:
    __slots__ = ("default", "factory", "init")

    def __init__(self, default: Any, factory: Callable[[], Any] | None, init: bool) -> None:
        self.default, self.factory, self.init = default, factory, init


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None,
          init: bool = True) -> Any:
    """A field's default given otherwise than by its value (a mutable one by a factory);
    `init=False`: a field the value works out itself in `__post_init__` (a lookup table),
    not given, compared, hashed or shown."""
    return _Field(default, default_factory, init)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(cls: type[T]) -> type[T]:
    """`cls` made a frozen, slotted value class of its annotated fields, in order."""
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - as written
    slots = tuple(name for name, kind in annotations.items() if not _is_class_var(kind))
    defaults = {name: _default_of(cls.__dict__[name]) for name in slots if name in cls.__dict__}
    names = tuple(name for name in slots if name not in defaults or defaults[name].init)
    space = {k: v for k, v in cls.__dict__.items()
             if k not in slots and k not in ("__dict__", "__weakref__")}
    space.update(__slots__=slots, __match_args__=names, __fields__=names,
                 __init__=_init(names, defaults, getattr(cls, "__post_init__", None)),
                 __setattr__=_frozen, __delattr__=_frozen, __eq__=_eq, __hash__=_hash,
                 __repr__=_repr)
    made: type[T] = type.__new__(type(cls), cls.__name__, cls.__bases__, space)
    made.__qualname__ = cls.__qualname__
    return made


def replace(obj: T, **changes: Any) -> T:
    """A copy of the value `obj` with `changes`, made (and checked) anew; of a dataclass (a
    game added by docs/adding-a-game.md may use them), as dataclasses.replace makes it."""
    names: tuple[str, ...] | None = getattr(type(obj), "__fields__", None)
    if names is None:
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return type(obj)(**{name: changes.get(name, getattr(obj, name)) for name in names})


def astuple(obj: Any) -> tuple[Any, ...]:
    """The fields of the value `obj`, in order (what a NamedTuple is as a tuple): for data
    written where a list is wanted (a cache)."""
    return _astuple(obj)


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _default_of(given: Any) -> _Field:
    return given if isinstance(given, _Field) else _Field(given, None, True)


def _init(names: tuple[str, ...], defaults: dict[str, _Field],
          post_init: Callable[[Any], None] | None) -> Callable[..., None]:
    """The class's `__init__`. Every field given by position, the common case (each deal
    replayed makes some ten values), sets the slots through their own descriptors, in one
    loop in C: 0.76 us against 1.3 us by name for seven fields (Python 3.11)."""
    count = len(names)
    setter = object.__setattr__
    setters: list[Callable[[Any, Any], None]] = []  # each field's slot, found when first used

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) == count and not kwargs:
            if not setters:  # not when the class is made: a deal imports some fifty of them
                setters.extend(getattr(type(self), name).__set__ for name in names)
            any(map(call, setters, repeat(self), args))  # each slot set; a set returns None
            if post_init is not None:
                post_init(self)
            return
        if len(args) > count:
            raise TypeError(f"{type(self).__name__}() takes {count} arguments, "
                            f"{len(args)} given")
        for name, given in zip(names, args, strict=False):
            setter(self, name, given)
        for name in names[len(args):]:
            if name in kwargs:
                setter(self, name, kwargs.pop(name))
                continue
            default = defaults.get(name)
            if default is None:
                raise TypeError(f"{type(self).__name__}() needs {name!r}")
            setter(self, name, default.factory() if default.factory else default.default)
        if kwargs:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(kwargs))!r}")
        if post_init is not None:
            post_init(self)

    return __init__


def _frozen(self: Any, name: str, *rest: Any) -> None:
    raise FrozenInstanceError(f"cannot change field {name!r} of a {type(self).__name__}")


def _astuple(self: Any) -> tuple[Any, ...]:
    return tuple(getattr(self, name) for name in type(self).__fields__)


def _eq(self: Any, other: object) -> Any:  # a bool, or NotImplemented
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _astuple(self) == _astuple(other)


def _hash(self: Any) -> int:
    return hash(_astuple(self))


def _repr(self: Any) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__fields__)
    return f"{type(self).__qualname__}({inner})"
