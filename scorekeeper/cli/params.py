"""Click parameter types: each turns what was typed into a typed value once, or fails with a
usage error (exit 2) that quotes it. Numbers are ASCII digits 0-9 only.

Player names stay as typed here (Ann, ann, a): they are found among the session's players
when the deal is built (Players.find), where an ambiguous start or a near miss is refused.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import click

from ..errors import RuleError
from ..i18n import _

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem



class Param(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.4 on
    """The base of this tool's parameter types: `read` turns what was typed into its value,
    once; a value already read (a default given as one) passes as it is."""

    done: type | tuple[type, ...] = ()
    """What a value already read is."""
    metavar: str | None = None
    """How an option of this type is shown in help, in the language chosen (`name`, which
    stays as it is, if None)."""

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return self.metavar if isinstance(param, click.Option) else None

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        if isinstance(value, self.done):
            return value
        return self.read(str(value), param, ctx)

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> Any:
        raise NotImplementedError


def number(text: str, low: int, high: int) -> int | None:
    """`text` as a whole number from `low` to `high` (ASCII digits), or None."""
    from ..ledger import is_digits

    if not is_digits(text.strip(), 12):
        return None
    value = int(text.strip())
    return value if low <= value <= high else None


class Count(Param):
    """A whole number in ASCII digits, within a range."""

    name = "N"

    def __init__(self, low: int = 0, high: int = 10**9) -> None:
        self.low, self.high = low, high

    done = int

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> int:
        found = number(str(value), self.low, self.high)
        if found is None and number(str(value), 0, 10**12) is not None:
            self.fail(_("{value} is not from {low} to {high}").format(
                value=value.strip(), low=self.low, high=self.high), param, ctx)
        if found is None:
            self.fail(_("{value!r} is not a whole number (digits 0-9, at most {digits})")
                      .format(value=value, digits=len(str(self.high))), param, ctx)
        return found


class PlayerCount(Param):
    """PLAYER=N: a player, as typed, and a count (whether the count can be is the rules'
    to say)."""

    name = "PLAYER=N"
    metavar = _("PLAYER=N")

    def __init__(self, high: int = 10**9) -> None:
        self.high = high

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[str, int]:
        name, sep, digits = str(value).rpartition("=")
        count = number(digits, 0, self.high)
        if "=" in name and "," in name:
            self.fail(_("{value!r}: give each PLAYER=N as a word of its own, with spaces "
                        "between them: {words}").format(
                            value=value, words=" ".join(str(value).split(","))), param, ctx)
        if not sep or not name.strip() or count is None:
            self.fail(_("{value!r} is not PLAYER=N, a name and a whole number (for example "
                        "Ann=2)").format(value=value), param, ctx)
        return name.strip(), count

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(f"{p}=") for p in session_players(ctx)
                if p.casefold().startswith(incomplete.casefold())]


class PlayerCounts(Param):
    """PLAYER=N,PLAYER=N,... or none."""

    name = "P=N,..."

    def __init__(self, high: int = 10**9) -> None:
        self.one = PlayerCount(high)

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[tuple[str, int], ...]:
        text = str(value).strip()
        if text.lower() == "none":
            return ()
        return tuple(self.one.convert(item, param, ctx) for item in text.split(","))

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        done, _sep, last = incomplete.rpartition(",")
        prefix = f"{done}," if done else ""
        return [CompletionItem(f"{prefix}{p}=") for p in session_players(ctx)
                if p.casefold().startswith(last.casefold())]


class Names(Param):
    """Names separated by commas: A,B,C."""

    name = "A,B,C"

    done = tuple

    def __init__(self, new: bool = False) -> None:
        self.new = new
        """Names of new players: each at most LONGEST characters."""

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[str, ...]:
        names = tuple(name.strip() for name in str(value).split(","))
        if names == ("",):
            self.fail(_("give names with one comma between them, e.g. Ann,Bob,Cid"), param,
                      ctx)
        if "" in names:
            self.fail(_("{value!r} has an empty name: give names with one comma between "
                        "them, e.g. Ann,Bob,Cid").format(value=value), param, ctx)
        if self.new:
            from ..games.players import check_length

            for name in names:
                check_length(name)
        return names

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        done, _sep, last = incomplete.rpartition(",")
        prefix = f"{done}," if done else ""
        return [CompletionItem(prefix + p) for p in session_players(ctx)
                if p.casefold().startswith(last.casefold())]


class Player(Param):
    """One player, as typed."""

    name = "PLAYER"
    metavar = _("PLAYER")

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        text = value.strip()
        if not text:
            self.fail(_("give a player's name"), param, ctx)
        return text

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(p) for p in session_players(ctx)
                if p.casefold().startswith(incomplete.casefold())]


class Teams(Param):
    """Two partnerships: A,C/B,D."""

    name = "A,C/B,D"

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[tuple[str, str], tuple[str, str]]:
        sides = [tuple(p.strip() for p in side.split(",")) for side in str(value).split("/")]
        if len(sides) != 2 or any(len(side) != 2 or not all(side) for side in sides):
            self.fail(_("{value!r} is not two partnerships, like Ann,Cid/Bob,Dan").format(
                value=value), param, ctx)
        (a, b), (c, d) = sides
        return (a, b), (c, d)


class Choice(Param):
    """One of a few words, matched case-insensitively, each standing for a value: suits in
    English and Danish, say. The start of a word will do when every word it starts means
    the same (hj: hjerter; sp: spades or spar, both spades)."""

    def __init__(self, name: str, words: dict[str, Any], shown: list[str]) -> None:
        self.name = name
        self.words = words
        self.shown = shown

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        if not isinstance(value, str):
            return value
        word = " ".join(value.lower().split())
        if word in self.words:
            return self.words[word]
        meant = {id(v): v for w, v in self.words.items() if word and w.startswith(word)}
        if len(meant) == 1:
            return next(iter(meant.values()))
        self.fail(_("{value!r} is not one of {choices}").format(
            value=value, choices=", ".join(self.shown)), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(w) for w in self.shown if w.startswith(incomplete.lower())]


class Value(Param):
    """Money per unit: 1, 0.05, 2.50."""

    name = "X"

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..ledger import check_value

        try:
            return check_value(value)
        except RuleError as error:
            self.fail(str(error), param, ctx)


class Label(Param):
    """A short label without control characters (a currency)."""

    name = "TEXT"
    metavar = _("TEXT")

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..text import has_control

        text = value
        if has_control(text) or len(text) > 20:
            self.fail(_("{text!r} must be a short label without control characters, like kr")
                      .format(text=text), param, ctx)
        return text


class Date(Param):
    """A date, YYYY-MM-DD."""

    name = "YYYY-MM-DD"
    metavar = _("YYYY-MM-DD")

    done = datetime.date

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> datetime.date:
        text = str(value).strip()
        try:
            if len(text) != 10 or not text.replace("-", "").isascii() or text[4::3] != "--":
                raise ValueError
            return datetime.date.fromisoformat(text)
        except ValueError:
            self.fail(_("{value!r} is not a date: write it YYYY-MM-DD, like 2026-11-29")
                      .format(value=value), param, ctx)


def session_players(ctx: click.Context) -> tuple[str, ...]:
    """The players of the session a command names, for completion; none if it cannot be
    read."""
    from .. import files
    from ..errors import ScorekeeperError
    from .options import session_path

    try:
        return files.open(session_path(ctx, ctx.params.get("session"))).players
    except (ScorekeeperError, click.ClickException):
        return ()


class Why(Param):
    """Why a change was made: a line of text for the history."""

    name = "TEXT"
    metavar = _("TEXT")

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..history import check_why

        try:
            return check_why(value)
        except RuleError as error:
            self.fail(str(error), param, ctx)
