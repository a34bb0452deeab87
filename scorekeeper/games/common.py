"""Checks every game's settings and deals share: players, numbers, keys."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..errors import RuleError


@lru_cache(maxsize=8)
def player_lookup(players: tuple[str, ...]) -> dict[str, str]:
    """Each player's name, as spelt and in lower case -> the name as the session spells it."""
    return {p.casefold(): p for p in players} | {p: p for p in players}


def resolve_player(lookup: Mapping[str, str], name: object) -> str:
    """The player called `name`, case ignored."""
    if isinstance(name, str):
        found = lookup.get(name) or lookup.get(name.strip().casefold())
        if found:
            return found
    players = ", ".join(dict.fromkeys(lookup.values()))
    raise RuleError(f"unknown player {name!r}: the players are {players}")


def next_in_seat(state: Any, players: Sequence[str], dealer: str, deal: Any) -> str:
    """The deal passes to the next seat."""
    return players[(players.index(dealer) + 1) % len(players)]


def check_player_names(players: Sequence[str], least: int, most: int) -> None:
    """Names are unique (case ignored), not empty, and hold no ',', '=' or '/'."""
    if not least <= len(players) <= most:
        raise RuleError(f"{len(players)} players: this game takes {least} to {most}")
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str):
            raise RuleError(f"player name {name!r} must be text")
        if not name.strip():
            raise RuleError(f"player name {name!r} is empty")
        if name != name.strip():
            raise RuleError(f"player name {name!r} starts or ends with a space")
        bad = set(name) & set(",=/")
        if bad:
            raise RuleError(f"player name {name!r} holds {''.join(sorted(bad))!r}: not allowed")
        if name.casefold() in seen:
            raise RuleError(f"player {name!r} is named twice (case is ignored)")
        seen.add(name.casefold())


def check_keys(data: Mapping[str, Any], known: Iterable[str], what: str) -> None:
    """Refuse keys a hand-edited file may have misspelt."""
    for key in data:
        if key not in known:
            raise RuleError(
                f"unknown key {key!r} in {what}: expected one of {', '.join(sorted(known))}", key
            )


def expect_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} {value!r} must be a whole number", what)
    return value


def expect_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"{what} {value!r} must be true or false", what)
    return value
