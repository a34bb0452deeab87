"""The players of a sitting, in seat order, and finding one by the name as typed.

Names are unique (case ignored), not empty, hold no ',' '=' '/' (they separate names and
counts wherever players are typed) and no control characters, do not begin with '+' '-' '@'
(a spreadsheet reads those as formulas), and may hold inner spaces: "Mary Ann".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import RuleError
from ..i18n import _
from ..text import has_bad_byte, has_control, quoted
from ..values import field, value

#: What separates names and counts wherever players are typed: Ann=2, A,C/B,D.
SEPARATORS = ",=/"
#: A name beginning with one of these is a formula to a spreadsheet.
FORMULA_START = "+-@"
#: The longest name a new player may be given (a file may hold longer ones, which a table
#: cuts short to fit).
LONGEST = 20


def either(items: Iterable[str]) -> str:
    """`items` as alternatives: "Ann or Anna", "'a' or 'b' or 'c'"."""
    found = list(items)
    text = found[0] if found else ""
    for item in found[1:]:
        text = _("{one} or {other}").format(one=text, other=item)
    return text


def check_name(name: object) -> str:
    """`name` if it may name a player, else RuleError saying why."""
    if not isinstance(name, str):
        raise RuleError(_("player name {name} must be text").format(name=quoted(name)), "players")
    if not name.strip():
        raise RuleError(_("player name {name} is empty").format(name=quoted(name)), "players")
    if name != name.strip():
        raise RuleError(_("player name {name} starts or ends with a space").format(
            name=quoted(name)), "players")
    if has_bad_byte(name):
        raise RuleError(_("player name {name} holds a byte that is not UTF-8 text").format(
            name=quoted(name)), "players")
    if has_control(name):
        raise RuleError(_("player name {name} holds a control character").format(name=quoted(name)),
                        "players")
    bad = "".join(c for c in SEPARATORS if c in name)
    if bad:
        raise RuleError(_("player name {name} holds {bad}: not allowed").format(
            name=quoted(name), bad=quoted(bad)), "players")
    if not name[0].isascii() and not name[0].isalnum():  # (unicodedata only then)
        import unicodedata

        if unicodedata.category(name[0]).startswith("M"):  # an accent on nothing
            raise RuleError(_("player name {name} begins with a mark that belongs on a "
                              "letter").format(name=quoted(name)), "players")
    if name[0] in FORMULA_START:
        raise RuleError(
            _("player name {name} begins with {first}: a spreadsheet would read it as a "
              "formula").format(name=quoted(name), first=quoted(name[0])),
            "players",
        )
    return name


def check_new_name(name: object) -> str:
    """`name` if a new player may be given it: a name, and at most LONGEST characters."""
    return check_length(check_name(name))


def check_length(name: str) -> str:
    if len(name) > LONGEST:
        raise RuleError(_("player name {name} is longer than {longest} characters: give a "
                          "shorter one").format(name=quoted(name), longest=LONGEST), "players")
    return name


class Ambiguous(RuleError):
    """A start of a name that more than one player's name begins with: `typed`, and those
    `players` (in seat order), so that a prompt may ask which is meant."""

    def __init__(self, typed: str, players: list[str]) -> None:
        self.typed = typed
        self.players = players
        super().__init__(_("{typed} could be {players}: type more of the name").format(
            typed=quoted(typed), players=either(players)))


class Unknown(RuleError):
    """A name that is no player's at the table: `typed`, as it was given."""

    def __init__(self, message: str, typed: object) -> None:
        self.typed = typed
        super().__init__(message)


@value
class Players:
    """The players in seat order: the deal passes to the next seat."""

    names: tuple[str, ...]
    _folded: dict[str, str] = field(init=False)
    _seats: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        folded: dict[str, str] = {}
        for name in self.names:
            check_name(name)
            if name.casefold() in folded:
                raise RuleError(_("player {name} is named twice (case is ignored)").format(
                    name=quoted(name)), "players")
            folded[name.casefold()] = name
        object.__setattr__(self, "_folded", folded)
        object.__setattr__(self, "_seats", {name: i for i, name in enumerate(self.names)})

    def __len__(self) -> int:
        return len(self.names)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self._seats

    def __getitem__(self, index: int) -> str:
        return self.names[index]

    def seat(self, name: str) -> int:
        return self._seats[name]

    def after(self, name: str, step: int = 1) -> str:
        """The player `step` seats after `name`."""
        return self.names[(self._seats[name] + step) % len(self.names)]

    def require_all(self, *groups: Iterable[str | None]) -> None:
        """Refuse any name in `groups` (None: not given) that is not a player's."""
        known = self._seats.keys()
        for group in groups:
            if not known >= set(group) - {None}:
                self.require(*group)

    def require(self, *names: str | None) -> None:
        """Refuse any of `names` (None for a name not given) that is not a player's, as the
        session spells it."""
        for name in names:
            if name is not None and name not in self._seats:
                self.exact(name)  # names what is wrong, or finds it under another case

    def exact(self, name: object) -> str:
        """The player called `name`, case ignored (as a file names him)."""
        if isinstance(name, str):
            if name in self._seats:
                return name
            found = self._folded.get(name.casefold())
            if found:
                return found
        raise Unknown(_("unknown player {name}: the players are {players}").format(
            name=quoted(name), players=", ".join(self.names)), name)

    def find(self, typed: str) -> str:
        """The player `typed` names at the table: his name, case ignored, or the start of it
        when no other player's name starts so. An ambiguous start is refused naming the
        candidates, an unknown name naming the closest player."""
        key = typed.strip().casefold()
        if key in self._folded:
            return self._folded[key]
        starting = [name for folded, name in self._folded.items() if key and folded.startswith(key)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            raise Ambiguous(typed, starting)
        return self._unknown(typed)

    def _unknown(self, typed: str) -> str:
        import difflib

        close = difflib.get_close_matches(typed.casefold(), list(self._folded), n=1, cutoff=0.5)
        if close:
            raise Unknown(_("unknown player {name}: did you mean {player}?").format(
                name=quoted(typed), player=self._folded[close[0]]), typed)
        raise Unknown(_("unknown player {name}: the players are {players}").format(
            name=quoted(typed), players=", ".join(self.names)), typed)
