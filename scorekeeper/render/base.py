"""What a game shows of itself: a View, generic over the game's types as the Game is.

The generic reports (show, settle, the line printed after each deal) are drawn in
render/reports.py; a game's View supplies its own words and extras: how a deal reads, what
the standing is (Loo's pool, Bridge's rubber), what a player holds at the end (Pinochle's
chips), and, for Bridge, the score pad.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Generic

from ..games.base import E, R, S, St
from ..session import Played, Session, Standing

if TYPE_CHECKING:
    from ..reckoning import Settlement


class View(ABC, Generic[S, E, St, R]):
    """Defaults suit a game with nothing but deals and balances."""

    deal_word: str = "Deal"
    """What one deal is called in titles: "Hand" for Loo."""

    @abstractmethod
    def describe(self, result: R) -> str:
        """What an entry did, in one line for the table of `show`."""

    def result_data(self, result: R) -> dict[str, Any]:
        """What an entry did, for JSON."""
        return {}

    def account_name(self, account: str) -> str:
        """The column title of an account that is not a player's (Loo: "pool")."""
        return account

    def recorded(self, session: Session[S, E, St, R], played: Played[E, St, R],
                 standing: Standing[St]) -> list[str]:
        """The lines printed when a deal is recorded: what it did and what comes next."""
        title = f"{self.deal_word} {played.number}, dealt by {played.dealer}"
        return [f"{title}: {self.describe(played.result)}.",
                *self.standing_lines(session, standing),
                f"Next dealer: {standing.next_dealer}."]

    def standing_lines(self, session: Session[S, E, St, R], standing: Standing[St]) -> list[str]:
        """Where the sitting stands, after a deal and under `show`."""
        return []

    def show_data(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
                  standing: Standing[St]) -> dict[str, Any]:
        """What `show --format json` adds: where the sitting stands (Loo's pool), ..."""
        return {}

    def undone(self, session: Session[S, E, St, R], removed: Played[E, St, R],
               standing: Standing[St]) -> list[str]:
        """The lines printed when `undo` has removed `removed`."""
        what = self.describe(removed.result)
        if removed.number is None:
            lines = [f"Removed the {what}."]
        else:
            lines = [f"Removed {self.deal_word.lower()} {removed.number} (dealt by "
                     f"{removed.dealer}): {what}."]
        left = standing.deals
        lines.append(f"{left} {self.deal_word.lower()}{'' if left == 1 else 's'} left; next "
                     f"dealer: {standing.next_dealer}.")
        return lines + self.undone_lines(session, removed, standing)

    def undone_lines(self, session: Session[S, E, St, R], removed: Played[E, St, R],
                     standing: Standing[St]) -> list[str]:
        """What `undo` adds after removing `removed`."""
        return []

    def amended(self, number: int, was: Played[E, St, R], now: Played[E, St, R],
                nets: tuple[dict[str, int], dict[str, int]]) -> list[str]:
        """The lines printed when deal `number` was `was` and is `now`: its two readings
        and the nets (if the sitting ended) before and after that changed."""
        word = f"{self.deal_word} {number}"
        lines = [f"{word} was: {self.describe(was.result)}.",
                 f"{word} now: {self.describe(now.result)}."]
        before, after = nets
        changed = [p for p in before if before[p] != after[p]]
        if not changed:
            return [*lines, "Nobody's net changed."]
        return [*lines, "Nets now: " + ", ".join(
            f"{p} {signed(before[p])} -> {signed(after[p])}" for p in changed) + "."]

    def prompt(self, session: Session[S, E, St, R], standing: Standing[St]) -> str:
        """What comes next, for the prompt of `play`: "hand 7 · Dan deals"."""
        return f"{self.deal_word.lower()} {standing.deals + 1} · {standing.next_dealer} deals"

    def settle_lines(self, session: Session[S, E, St, R], settlement: Settlement[St]
                     ) -> list[str]:
        return []

    def settle_data(self, session: Session[S, E, St, R], settlement: Settlement[St]
                    ) -> dict[str, Any]:
        return {}

    def held(self, session: Session[S, E, St, R], net: int) -> dict[str, int]:
        """What a player holds at the end beside his net (Pinochle: "chips")."""
        return {}

    def drawing(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
                standing: Standing[St]) -> str | None:
        """A drawing `show` prints instead of its table when no format is asked for."""
        return None


def rate(session: Session[Any, Any, Any, Any]) -> str:
    """What a unit is worth: "1 counter = 0.05 kr" ("1 chip = 1" without a currency)."""
    return f"1 {session.game.unit} = {session.value} {session.currency}".rstrip()


def signed(units: int) -> str:
    """+3, -2, or 0 (never +0)."""
    return f"{units:+d}" if units else "0"
