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

    def standing_data(self, session: Session[S, E, St, R], standing: Standing[St]
                      ) -> dict[str, Any]:
        return {}

    def undone_lines(self, session: Session[S, E, St, R], removed: Played[E, St, R],
                     standing: Standing[St]) -> list[str]:
        """What `undo` adds after removing `removed`."""
        return []

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

    def tally(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
              standing: Standing[St]) -> dict[str, dict[str, int]]:
        """What the game counts of each player's play, for `stats` (Loo: times looed)."""
        return {}

    def drawing(self, session: Session[S, E, St, R], played: list[Played[E, St, R]],
                standing: Standing[St]) -> str | None:
        """A drawing `show` prints instead of its table when no format is asked for."""
        return None
