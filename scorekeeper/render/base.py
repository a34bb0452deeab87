"""What a game shows of itself: a View, generic over the game's types as the Game is.

The generic reports (show, settle, the line printed after each deal) are drawn in
render/reports.py; a game's View supplies its own words and extras: how a deal reads, what
the standing is (Loo's pool, Bridge's rubber), what a player holds at the end (Pinochle's
chips), and, for Bridge, the score pad.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

from .. import i18n
from ..games.base import E, R, S, St
from ..i18n import _, ngettext
from ..seating import SeatingResult
from ..session import Consequences, Played, Session, Standing
from .status import Status, status

if TYPE_CHECKING:
    from decimal import Decimal

    from ..reckoning import Settlement
    from ..tablenow import TableNow


class View(ABC, Generic[S, E, St, R]):
    """Defaults suit a game with nothing but deals and balances."""

    def deal_title(self) -> str:
        """What one deal is called in titles, in the language chosen: "Deal" ("Hand" for
        Loo, whose View says so)."""
        return _("Deal")

    def deals(self, count: int) -> str:
        """What `count` deals are called in a sentence, in the language chosen: "deal",
        "deals" (Loo: "hands")."""
        return ngettext("deal", "deals", count)

    def units(self, unit: str, count: int) -> str:
        """What `count` of the game's units (Game.unit, in English: what JSON says) are
        called, in the language chosen: "point", "points" (Loo: "counters"). A unit with
        no words of its View's: its English word, "s" added for more than one."""
        if unit == "point":
            return ngettext("point", "points", count)
        return unit if count == 1 else unit + "s"

    @abstractmethod
    def describe(self, result: R) -> str:
        """What an entry did, in one line for the table of `show`."""

    def result_data(self, result: R) -> dict[str, Any]:
        """What an entry did, for JSON."""
        return {}

    def account_name(self, account: str) -> str:
        """The column title of an account that is not a player's (Loo: "pool")."""
        return account

    def what(self, result: Any) -> str:
        """What an entry did, in one line: a deal (`describe`), or a seating change."""
        if isinstance(result, SeatingResult):
            return result.seating.words
        return self.describe(result)

    def data_of(self, result: Any) -> dict[str, Any]:
        """What an entry did, for JSON: a deal's (`result_data`), or the table after a
        seating change."""
        if isinstance(result, SeatingResult):
            return {"seated": list(result.seated)}
        return self.result_data(result)

    def recorded(self, session: Session[S, E, St, R], played: Played[E, St, R],
                 standing: Standing[St]) -> list[str]:
        """The lines printed when an entry is recorded: what it did and what comes next."""
        result: Any = played.result
        if isinstance(result, SeatingResult):
            return [_("{change}: {players} sit at the table.").format(
                        change=result.seating.words, players=", ".join(result.seated)),
                    next_dealer(standing)]
        return self.deal_recorded(session, played, standing)

    def deal_recorded(self, session: Session[S, E, St, R], played: Played[E, St, R],
                      standing: Standing[St]) -> list[str]:
        """The lines printed when a deal is recorded: what it did and what comes next."""
        return [_("{deal} {number}, dealt by {dealer}: {what}.").format(
                    deal=self.deal_title(), number=played.number, dealer=played.dealer,
                    what=self.describe(played.result)),
                *self.standing_lines(session, standing),
                next_dealer(standing)]

    def standing_lines(self, session: Session[S, E, St, R], standing: Standing[St]) -> list[str]:
        """Where the sitting stands, after a deal and under `show`."""
        return []

    def show_data(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
                  standing: Standing[St]) -> dict[str, Any]:
        """What `show --format json` adds: where the sitting stands (Loo's pool), ..."""
        return {}

    def undone(self, session: Session[S, E, St, R], removed: Played[E, St, R],
               standing: Standing[St], outcome: Consequences | None = None) -> list[str]:
        """The lines printed when `undo` has removed `removed` (and the nets it moved)."""
        what = self.what(removed.result)
        if removed.number is None:
            lines = [_("Removed: {what}.").format(what=what)]
        else:
            lines = [_("Removed {deal} {number} (dealt by {dealer}): {what}.").format(
                deal=self.deals(1), number=removed.number, dealer=removed.dealer, what=what)]
        left = standing.deals
        lines.append(_("{count} {deals} left; next dealer: {dealer}.").format(
            count=left, deals=self.deals(left), dealer=standing.next_dealer))
        lines += self.undone_lines(session, removed, standing)
        return lines + (self.consequences(outcome, quiet=True) if outcome else [])

    def undone_lines(self, session: Session[S, E, St, R], removed: Played[E, St, R],
                     standing: Standing[St]) -> list[str]:
        """What `undo` adds after removing `removed`."""
        return []

    def amended(self, number: int, outcome: Consequences, position: int) -> list[str]:
        """The lines printed when deal `number` (entry `position`) was amended: its two
        readings, each later deal whose result it changed, and the nets that moved."""
        deal = self.deal_title()
        was, now = outcome.before[position], outcome.after[position]
        return [_("{deal} {number} was: {what}.").format(
                    deal=deal, number=number, what=self.describe(was.result)),
                _("{deal} {number} now: {what}.").format(
                    deal=deal, number=number, what=self.describe(now.result)),
                *self.consequences(outcome, skip=position)]

    def consequences(self, outcome: Consequences, skip: int | None = None, quiet: bool = False
                     ) -> list[str]:
        """Each deal whose result a change moved (deal N: before -> after, as `show` says
        it), then the nets before -> after that changed (`quiet`: nothing if none did)."""
        lines = []
        for i, j in outcome.changed:
            if i == skip:
                continue
            then = self.what(outcome.before[i].result)
            later = self.what(outcome.after[j].result)
            if then != later:
                number = outcome.after[j].number
                lines.append(_("{deal} {number}: {was} -> {now}.").format(
                    deal=self.deal_title(), number=number, was=then, now=later) if number
                    else _("Entry {number}: {was} -> {now}.").format(
                        number=j + 1, was=then, now=later))
        before, after = outcome.nets
        changed = [p for p in {**before, **after} if before.get(p, 0) != after.get(p, 0)]
        if not changed:
            return lines if quiet else [*lines, _("Nobody's net changed.")]
        return [*lines, _("Nets now: {nets}.").format(nets=", ".join(
            f"{p} {signed(before.get(p, 0))} -> {signed(after.get(p, 0))}"
            for p in changed))]

    def inputs(self, data: dict[str, Any]) -> str:
        """An entry's inputs as the file holds them, in the words of the command line:
        `--bidder Bob --bid 350` (`positional`, Loo's tricks, as `Bob=2 Cid=0`)."""
        words = []
        for key, value in data.items():
            if key == self.positional and isinstance(value, dict):
                words += [f"{p}={n}" for p, n in value.items()]
                continue
            flag = "--" + key.replace("_", "-")
            if value is True:
                words.append(flag)
            elif isinstance(value, dict):
                words += [flag, ",".join(f"{p}={n}" for p, n in value.items())]
            elif isinstance(value, list):
                words += [flag, _listed(value)]
            else:
                words += [flag, str(value)]
        return " ".join(words) or _("(nothing)")

    positional: str | None = None
    """The input given without an option name (Loo: the tricks, PLAYER=N)."""

    def prompt(self, session: Session[S, E, St, R], standing: Standing[St], now: TableNow
               ) -> str:
        """What comes next, for the prompt of `play`: "hand 7 · Dan deals" (`now`: the
        table as the sitting stands), whole; `status` has it in parts, to fit a width."""
        return self.status(session, standing, now).full

    def status(self, session: Session[S, E, St, R], standing: Standing[St], now: TableNow
               ) -> Status:
        """What comes next, in parts that give way to fit a width (render.status): the
        deal's number goes first, the dealer stays."""
        return status([(_("{deal} {number}").format(deal=self.deals(1),
                                                    number=standing.deals + 1), ""),
                       (_("{dealer} deals").format(dealer=now.next_dealer),)])

    def settle_lines(self, session: Session[S, E, St, R], settlement: Settlement[St]
                     ) -> list[str]:
        return []

    def settle_data(self, session: Session[S, E, St, R], settlement: Settlement[St]
                    ) -> dict[str, Any]:
        return {}

    def held(self, session: Session[S, E, St, R], net: int) -> dict[str, int]:
        """What a player holds at the end beside his net (Pinochle: "chips")."""
        return {}

    def held_title(self, key: str) -> str:
        """The column title of one thing `held` gives, in the language chosen."""
        return _("{what} held").format(what=key)

    def drawing(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
                standing: Standing[St]) -> Callable[[int | None], str] | None:
        """A drawing `show` prints instead of its table when no format is asked for, made
        for a width (None: into a pipe)."""
        return None


def _listed(items: list[Any]) -> str:
    """Names as the command line takes them: A,B,C; two partnerships A,C/B,D."""
    if any(isinstance(item, list) for item in items):
        return "/".join(_listed(item) if isinstance(item, list) else str(item) for item in items)
    return ",".join(map(str, items))


def rate(session: Session[Any, Any, Any, Any]) -> str:
    """What a unit is worth: "1 counter = 0.05 kr" ("1 chip = 1" without a currency), with
    the places money is shown with (0.5 a unit: 0.50)."""
    from . import view_of

    return _("1 {unit} = {value} {currency}").format(
        unit=view_of(session.game).units(session.game.unit, 1),
        value=worth(session.unit_value), currency=session.currency).rstrip()


def worth(value: Decimal) -> str:
    """A unit's value as the language writes it, with the places its money is shown with
    (0.5 a unit: 0.50; in Danish 0,50)."""
    from ..ledger import places_of, shown

    return i18n.number(shown(value, places_of(value)))


def next_dealer(standing: Standing[Any]) -> str:
    """"Next dealer: Bob."."""
    return _("Next dealer: {dealer}.").format(dealer=standing.next_dealer)


def signed(units: int) -> str:
    """+3, -2, or 0 (never +0)."""
    return f"{units:+d}" if units else "0"
