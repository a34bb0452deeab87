"""Reading a game's settings and deals from plain data (what a session file holds once
parsed: tables of text, whole numbers, true/false, lists), checking each value's type and
range. Every problem is collected, so `check` can list them all."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ..errors import RuleError, RuleErrors
from ..i18n import _
from ..text import quoted
from .players import Players, either

T = TypeVar("T")
#: No count a game keeps comes near this; it keeps numbers printable and exact.
LARGEST = 10**12


class Fields:
    """One table of inputs (`what`: "settings", "a deal"), read key by key.

    Each getter returns the value, or its default after noting the problem; `done()` raises
    them all at once. Keys the table does not know are problems too: a hand-edited file may
    misspell one.
    """

    def __init__(self, data: Mapping[str, object], known: frozenset[str], what: str) -> None:
        self.data = data
        self.errors: list[RuleError] = []
        if not known.issuperset(data):
            for key in data:
                if key not in known:
                    self.fail(_unknown(what, key, ", ".join(sorted(known))), key)

    def fail(self, message: str, key: str | None = None) -> None:
        self.errors.append(RuleError(message, key))

    def done(self) -> None:
        if self.errors:
            raise RuleErrors(self.errors)

    def build(self, kind: Callable[..., T], *args: object) -> T:
        """`kind(*args)`, the values read (defaults where they were wrong): every problem,
        the reading's and the construction's, is raised together."""
        try:
            made = kind(*args)
        except RuleError as error:
            self.errors += getattr(error, "errors", [error])
        self.done()
        return made

    def has(self, key: str) -> bool:
        return key in self.data

    def number(self, key: str, default: int, low: int = 0, high: int = LARGEST) -> int:
        if key not in self.data:
            return default
        value = self.data[key]
        if type(value) is not int:  # not bool, which is an int too
            self.fail(_("{key} {value} must be a whole number").format(
                key=key, value=quoted(value)), key)
            return default
        if not low <= value <= high:
            self.fail(_("{key} {value} must be from {low} to {high}").format(
                key=key, value=value, low=low, high=high), key)
            return default
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            self.fail(_("{key} {value} must be true or false").format(key=key, value=quoted(value)),
                      key)
            return default
        return value

    def text(self, key: str, default: str, choices: Iterable[str] | None = None) -> str:
        value = self.data.get(key, default)
        options = None if choices is None else tuple(choices)
        if not isinstance(value, str) or (options is not None and value not in options):
            if options:
                self.fail(_("{key} {value} must be {choices}").format(
                    key=key, value=quoted(value), choices=either(quoted(c) for c in options)), key)
            else:
                self.fail(_("{key} {value} must be text").format(key=key, value=quoted(value)), key)
            return default
        return value

    def player(self, key: str, players: Players) -> str | None:
        """A player named by `key`, or None when the key is absent."""
        if key not in self.data:
            return None
        try:
            return players.exact(self.data[key])
        except RuleError as error:
            self.fail(f"{key}: {error}", key)
            return None

    def player_list(self, key: str, players: Players, repeats: bool = False) -> tuple[str, ...]:
        """Players named by `key` as a list ["Ann", "Bob"]; each at most once unless
        `repeats`."""
        value = self.data.get(key, [])
        if not isinstance(value, list):
            self.fail(_("{key} {value} must be a list of players, like [\"Ann\", \"Bob\"]")
                      .format(key=key, value=quoted(value)), key)
            return ()
        found: list[str] = []
        for name in value:
            try:
                player = players.exact(name)
            except RuleError as error:
                self.fail(f"{key}: {error}", key)
                continue
            if player in found and not repeats:
                self.fail(_("{key}: {player} is named twice").format(key=key, player=player),
                          key)
            found.append(player)
        return tuple(found)

    def counts(self, key: str, players: Players, high: int = LARGEST) -> dict[str, int]:
        """A table of players and counts, like { Ann = 2, Bob = 1 }: each player at most
        once (case ignored), each count from 0 to `high`."""
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            self.fail(_("{key} {value} must be a table of players and numbers, like "
                        "{{ Ann = 2, Bob = 1 }}").format(key=key, value=quoted(value)), key)
            return {}
        found: dict[str, int] = {}
        for name, count in value.items():
            try:
                player = players.exact(name)
            except RuleError as error:
                self.fail(f"{key}: {error}", key)
                continue
            if player in found:
                self.fail(_("{key}: {player} is named twice").format(key=key, player=player),
                          key)
            elif type(count) is not int:
                self.fail(_("{key}: {player}'s {count} must be a whole number").format(
                    key=key, player=player, count=quoted(count)), key)
            elif not 0 <= count <= high:
                self.fail(_("{key}: {player}={count}: must be from 0 to {high}").format(
                    key=key, player=player, count=count, high=high), key)
            else:
                found[player] = count
        return found


def _unknown(what: str, key: str, keys: str) -> str:
    """The message for a key that a table of inputs (as the games name it: "settings", "a
    deal", ...) does not know, in the language chosen."""
    if what == "settings":
        message = _("unknown key {key} in settings: expected one of {keys}")
    elif what == "a deal":
        message = _("unknown key {key} in a deal: expected one of {keys}")
    elif what == "a change of partnerships":
        message = _("unknown key {key} in a change of partnerships: expected one of {keys}")
    else:  # a table no message names: its name as the game gives it
        return _("unknown key {key} in {what}: expected one of {keys}").format(
            key=quoted(key), what=what, keys=keys)
    return message.format(key=quoted(key), keys=keys)


# --- version 1 of the file, which wrote a deal's players and counts as strings -------------

#: How version 1 upgrades a deal (Game.from_version_1): the deal's table, put right.
DealUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
COUNT = re.compile(r"\s*(.+?)\s*=\s*(-?[0-9]{1,6})\s*")


def counts_from_text(text: object, separator: str | None) -> object:
    """'Bob=2 Cid=0' (or 'Ann=2,Cid=1') as {"Bob": 2, "Cid": 0}; anything else as it was."""
    if not isinstance(text, str):
        return text
    pairs = [COUNT.fullmatch(item) for item in text.split(separator) if item.strip()]
    if not all(pairs):
        return text
    return {m.group(1): int(m.group(2)) for m in pairs if m}


def names_from_text(text: object) -> object:
    """'A,D,A' as ["A", "D", "A"]; anything else as it was."""
    return [n.strip() for n in text.split(",") if n.strip()] if isinstance(text, str) else text


def strings_upgraded(deal: dict[str, Any], counts: Iterable[str] = (),
                     names: Iterable[str] = ()) -> dict[str, Any]:
    """A deal of version 1 with the `counts` it wrote as 'Bob=2 Cid=0' and the lists of
    `names` it wrote as 'A,D,A' as tables and lists (the keys it has of them)."""
    for key in counts:
        if key in deal:
            deal[key] = counts_from_text(deal[key], None)
    for key in names:
        if key in deal:
            deal[key] = names_from_text(deal[key])
    return deal
