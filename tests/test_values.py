"""scorekeeper.values: `@value` behaves as `@dataclass(frozen=True, slots=True)` does, for
every use the package makes of it (made by position or by name, defaults and factories,
checked in __post_init__, equal and hashed by its fields, frozen, copied by `replace`)."""

from __future__ import annotations

import dataclasses
from typing import Generic, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.values import FrozenInstanceError, field, replace, value

T = TypeVar("T")


@value
class Mine(Generic[T]):
    """A value of the package's kind."""

    a: int
    b: T
    c: tuple[int, ...] = ()
    d: dict[str, int] = field(default_factory=dict)
    e: int = field(init=False)

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")
        object.__setattr__(self, "e", self.a * 2)

    @property
    def twice(self) -> int:
        return self.e


@dataclasses.dataclass(frozen=True, slots=True)
class Theirs(Generic[T]):
    a: int
    b: T
    c: tuple[int, ...] = ()
    d: dict[str, int] = dataclasses.field(default_factory=dict)
    e: int = dataclasses.field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")
        object.__setattr__(self, "e", self.a * 2)


simple = st.one_of(st.integers(), st.text(max_size=3), st.tuples(st.integers()))


@given(st.integers(0, 9), simple, st.tuples(st.integers(0, 3)), st.integers(0, 9), simple)
def test_a_value_is_as_a_frozen_dataclass(a: int, b: object, c: tuple[int, ...], a2: int,
                                          b2: object) -> None:
    mine, theirs = Mine(a, b, c), Theirs(a, b, c)
    other, others = Mine(a2, b=b2, c=c), Theirs(a2, b=b2, c=c)
    assert (mine == other) == (theirs == others)
    for made in (mine, theirs):  # a dict among the fields: unhashable, as a dataclass is
        with pytest.raises(TypeError):
            hash(made)
    assert hash(Mine(a, b, c, None)) == hash(Mine(a, b, c, None))  # type: ignore[arg-type]
    assert repr(mine).replace("Mine", "X") == repr(theirs).replace("Theirs", "X")
    assert mine.twice == theirs.e == a * 2
    assert mine.d == {} and mine.d is not Mine(a, b).d
    assert replace(mine, a=a2) == Mine(a2, b, c)
    assert replace(theirs, a=a2) == Theirs(a2, b, c)  # replace takes a dataclass too
    assert Mine.__match_args__ == Theirs.__match_args__


def test_a_value_checks_itself_and_cannot_be_changed() -> None:
    with pytest.raises(ValueError, match="negative"):
        Mine(-1, "x")
    with pytest.raises(ValueError, match="negative"):
        replace(Mine(1, "x"), a=-1)  # a copy is checked too
    mine = Mine(1, "x")
    with pytest.raises(FrozenInstanceError):
        mine.a = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del mine.a  # type: ignore[misc]
    with pytest.raises(AttributeError):
        mine.z = 1  # type: ignore[attr-defined]  # slotted: no other attribute
    for wrong in (Mine, lambda: Mine(1, "x", (), {}, 5),  # type: ignore[call-arg]
                  lambda: Mine(1, "x", f=2), lambda: replace(mine, f=2)):  # type: ignore
        with pytest.raises(TypeError):
            wrong()
    assert Mine(1, "x") != Theirs(1, "x")
    assert Mine[int].__name__ == "Mine" or Mine[int] is not None  # still generic


@given(st.integers(0, 9), simple, st.tuples(st.integers(0, 3)),
       st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))
def test_every_field_by_position_is_the_value_made_by_name(a: int, b: object,
                                                           c: tuple[int, ...],
                                                           d: dict[str, int]) -> None:
    """Every field given by position (the quick way `__init__` takes) makes the value
    made by name, checked and completed by `__post_init__` as the other ways are."""
    by_position, by_name = Mine(a, b, c, d), Mine(a=a, b=b, c=c, d=d)
    assert by_position == by_name
    assert repr(by_position) == repr(Theirs(a, b, c, d)).replace("Theirs", "Mine")
    assert (by_position.a, by_position.b, by_position.c, by_position.d, by_position.twice) == (
        a, b, c, d, a * 2)
    with pytest.raises(ValueError, match="negative"):
        Mine(-1 - a, b, c, d)
    with pytest.raises(TypeError):
        Mine(a, b, c, d, a)  # type: ignore[call-arg]
