"""Click parameter types: each turns what was typed into a typed value once, or fails with a
usage error (exit 2) that quotes it. Numbers are ASCII digits 0-9 only.

Player names stay as typed here (Ann, ann, a): they are found among the session's players
when the deal is built (Players.find), where an ambiguous start or a near miss is refused.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from ..errors import RuleError
from ..i18n import _
from ..text import quoted

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..tablenow import TableNow

Among = Callable[["TableNow"], Sequence[str]]
"""Whom a player option may name, from the table now (what its completion offers)."""


def in_play(now: TableNow) -> Sequence[str]:
    """The players of the next deal."""
    return now.in_play


def seated(now: TableNow) -> Sequence[str]:
    """Everyone at the table."""
    return now.seated.names


def leaving(now: TableNow) -> Sequence[str]:
    """Who may leave the table now."""
    return now.may_leave


def dealers(now: TableNow) -> Sequence[str]:
    """Who may deal the next deal."""
    return now.may_deal


def listed(incomplete: str, names: Sequence[str], suffix: str = "", about: str = "",
           once: bool = False) -> list[tuple[str, str]]:
    """Completions of the last of names typed with commas (or a slash) between them, each
    perhaps with its count (a=2,b): what is typed before the last kept before each of
    `names` that starts as the last does, `suffix` after it; `once`: a name already typed
    is not offered again."""
    cut = max(incomplete.rfind(","), incomplete.rfind("/"))
    done, last = incomplete[:cut + 1], incomplete[cut + 1:]
    pieces = (w.partition("=")[0].strip() for w in done.replace("/", ",").split(","))
    typed = {w.casefold() for w in pieces if w}
    return [(f"{done}{name}{suffix}", about) for name in names
            if name.casefold().startswith(last.casefold())
            and not (once and _is_typed(name, typed, names))]


def _is_typed(name: str, typed: set[str], names: Sequence[str]) -> bool:
    """Whether one of `typed` names `name`: his name, or a start of it no other shares."""
    folded = name.casefold()
    return any(folded == t or (folded.startswith(t) and sum(
        n.casefold().startswith(t) for n in names) == 1) for t in typed)


class Completes:
    """A player type's completion: whom it may name, from the table now of the session a
    command names (shell completion) or of the sitting (the prompt of play)."""

    among: Among
    suffix = ""
    once = False

    def about(self) -> str:
        """A word on what a candidate is."""
        return _("player") if not self.suffix else _("and a number")

    def candidates(self, now: TableNow, incomplete: str) -> list[tuple[str, str]]:
        """What may be typed at the cursor, each with a word on what it is."""
        return listed(incomplete, self.among(now), self.suffix, self.about(), self.once)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        now = session_table(ctx)
        return [] if now is None else [CompletionItem(value, help=about) for value, about in
                                       self.candidates(now, incomplete)]


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
            from ..i18n import number as written

            self.fail(_("{value} is not from {low} to {high}").format(
                value=value.strip(), low=written(str(self.low)), high=written(str(self.high))),
                param, ctx)
        if found is None:
            self.fail(_("{value} is not a whole number (digits 0-9, at most {digits} of them)")
                      .format(value=quoted(value), digits=len(str(self.high))), param, ctx)
        return found


class PlayerCount(Completes, Param):
    """PLAYER=N: a player, as typed, and a count (whether the count can be is the rules'
    to say)."""

    name = "PLAYER=N"
    metavar = _("PLAYER=N")
    suffix = "="

    def __init__(self, high: int = 10**9, among: Among = in_play) -> None:
        self.high = high
        self.among = among

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[str, int]:
        name, sep, digits = str(value).rpartition("=")
        count = number(digits, 0, self.high)
        if "=" in name and "," in name:
            self.fail(_("{value}: give each PLAYER=N as a word of its own, with spaces "
                        "between them: {words}").format(
                            value=quoted(value), words=" ".join(str(value).split(","))), param, ctx)
        if not sep or not name.strip() or count is None:
            self.fail(_("{value} is not PLAYER=N, a name and a whole number (for example "
                        "Ann=2)").format(value=quoted(value)), param, ctx)
        return name.strip(), count


class PlayerCounts(Completes, Param):
    """PLAYER=N,PLAYER=N,... or none."""

    name = "P=N,..."
    suffix = "="
    once = True

    def __init__(self, high: int = 10**9, among: Among = in_play,
                 none: tuple[str, ...] = ("none",)) -> None:
        self.one = PlayerCount(high)
        self.among = among
        self.none = none
        """The words for no counts at all (Bridge's none, ingen, -)."""

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[tuple[str, int], ...]:
        text = str(value).strip()
        if text.lower() in self.none:
            return ()
        return tuple(self.one.convert(item, param, ctx) for item in text.split(","))


class Names(Completes, Param):
    """Names separated by commas: A,B,C."""

    name = "A,B,C"

    done = tuple

    def __init__(self, new: bool = False, among: Among = in_play) -> None:
        self.new = new
        """Names of new players: each at most LONGEST characters."""
        self.among = among

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[str, ...]:
        names = tuple(name.strip() for name in str(value).split(","))
        if names == ("",):
            self.fail(_("give names with one comma between them, e.g. Ann,Bob,Cid"), param,
                      ctx)
        if "" in names:
            self.fail(_("{value} has an empty name: give names with one comma between "
                        "them, e.g. Ann,Bob,Cid").format(value=quoted(value)), param, ctx)
        if self.new:
            from ..games.players import check_length

            for name in names:
                check_length(name)
        return names


class Player(Completes, Param):
    """One player, as typed."""

    name = "PLAYER"
    metavar = _("PLAYER")

    def __init__(self, among: Among = in_play) -> None:
        self.among = among

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        text = value.strip()
        if not text:
            self.fail(_("give a player's name"), param, ctx)
        return text


class KnownPlayer(Player):
    """A player the book knows, as typed: completed from every sitting of the folder."""

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from .pay import complete_players

        found: list[CompletionItem] = complete_players(ctx, incomplete)
        return found


class Teams(Completes, Param):
    """Two partnerships: A,C/B,D."""

    name = "A,C/B,D"
    once = True

    def __init__(self, among: Among = seated) -> None:
        self.among = among

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[tuple[str, str], tuple[str, str]]:
        sides = [tuple(p.strip() for p in side.split(",")) for side in str(value).split("/")]
        if len(sides) != 2 or any(len(side) != 2 or not all(side) for side in sides):
            self.fail(_("{value} is not two partnerships, like Ann,Cid/Bob,Dan").format(
                value=quoted(value)), param, ctx)
        (a, b), (c, d) = sides
        return (a, b), (c, d)


class Choice(Param):
    """One of a few words, matched case-insensitively, each standing for a value: suits in
    English and Danish, say. The start of a word will do when every word it starts means
    the same (hj: hjerter; sp: spades or spar, both spades)."""

    def __init__(self, name: str, words: dict[str, Any], shown: list[str],
                 said: str = "") -> None:
        self.name = name
        self.words = words
        self.shown = shown
        self.said = said or ", ".join(shown)
        """The words as a refusal lists them, in the language spoken (the shown ones)."""

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
        self.fail(_("{value} is not one of {choices}").format(
            value=quoted(value), choices=self.said), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(w) for w in self.shown if w.startswith(incomplete.lower())]


class Value(Param):
    """Money per unit, typed as the language writes amounts (typed.amount): 1, 0.05, 2,50
    in Danish; kept in the files' neutral form ("2.50")."""

    name = "X"

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..ledger import check_value

        try:
            return check_value(typed_amount(value))
        except RuleError as error:
            self.fail(str(error), param, ctx)


def typed_amount(text: str) -> str:
    """An amount typed in the language spoken, in the files' neutral form; RuleError if it
    reads two ways or none (typed.amount)."""
    from ..i18n import speaking
    from ..typed import amount

    return amount(text, speaking().code)


class Label(Param):
    """A short label without control characters (a currency)."""

    name = "TEXT"
    metavar = _("TEXT")

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..text import has_control

        text = value
        if has_control(text) or len(text) > 20:
            self.fail(_("{text} must be a short label without control characters, like kr")
                      .format(text=quoted(text)), param, ctx)
        return text


class Note(Param):
    """A note kept with a payment: what the payments file may hold (files.payfile)."""

    name = "TEXT"
    metavar = _("TEXT")

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> str:
        from ..files.payfile import check_note

        try:
            return check_note(value)
        except RuleError as error:
            self.fail(str(error), param, ctx)


class Date(Param):
    """A day, typed as the language writes days (typed.day): 2026-11-29, in Danish also
    29.11.2026 or 29/11."""

    name = "YYYY-MM-DD"
    metavar = _("YYYY-MM-DD")

    done = datetime.date

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> datetime.date:
        from ..i18n import speaking
        from ..typed import day

        try:
            return day(str(value), speaking().code, datetime.date.today())
        except RuleError as error:
            self.fail(str(error), param, ctx)


def session_table(ctx: click.Context) -> TableNow | None:
    """The table now of the session a command names, for completion; None if it cannot be
    read."""
    from ..errors import ScorekeeperError
    from .options import session_path
    from .saving import known_or_open

    try:
        return known_or_open(ctx, session_path(ctx, ctx.params.get("session"))).table_now
    except (ScorekeeperError, click.ClickException):
        return None


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
