"""How Three-card Loo reads: hands, the pool, singles and musts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..games.loo import POOL, LooDeal, LooHand, LooSettings, LooState, Outcome, pool_shares
from ..session import Played, Session, Standing
from .base import View

if TYPE_CHECKING:
    from ..reckoning import Settlement

LooSession = Session[LooSettings, LooDeal, LooState, LooHand]


class LooView(View[LooSettings, LooDeal, LooState, LooHand]):
    positional = "tricks"
    deal_word = "Hand"

    def describe(self, result: LooHand) -> str:
        """Who took what, who was looed."""
        if result.outcome in (Outcome.DEALER_TAKES, Outcome.MISS_TAKES):
            ((player, units),) = result.won.items()
            who = "dealer" if result.outcome == Outcome.DEALER_TAKES else "miss"
            return f"{player} ({who}) takes the pool of {units}"
        parts = [f"{player} +{units}" for player, units in result.won.items()]
        if result.outcome == Outcome.DEFENDED and result.kept:
            parts.append(f"{result.kept} stay in the pool")
        elif result.kept:
            parts.append(f"{result.kept} carried")
        parts += [f"{player} looed {units}" for player, units in result.looed.items()]
        prefix = "must: " if result.must else (
            "defended: " if result.outcome == Outcome.DEFENDED else "")
        return prefix + ", ".join(parts)

    def result_data(self, result: LooHand) -> dict[str, Any]:
        return {"pool": result.pool, "must": result.must, "outcome": result.outcome.value,
                "won": result.won, "looed": result.looed, "kept": result.kept,
                "pool_after": result.pool_after}

    def account_name(self, account: str) -> str:
        return "pool" if account == POOL else account

    def deal_recorded(self, session: LooSession, played: Played[LooDeal, LooState, LooHand],
                      standing: Standing[LooState]) -> list[str]:
        hand = played.result
        title = f"Hand {played.number}, dealt by {played.dealer}"
        if hand.must:
            title += " (a must)"
        return [f"{title}: pool {hand.pool}.", f"  {self.describe(hand)}",
                *self.standing_lines(session, standing),
                f"Next dealer: {standing.next_dealer}."]

    def standing_lines(self, session: LooSession, standing: Standing[LooState]) -> list[str]:
        lines = [f"Pool now {standing.state.pool}."]
        if standing.state.single:
            lines.append("The next hand is a single: a must, everyone plays."
                         if session.settings.must else "The next hand is a single.")
        return lines

    def show_data(self, session: LooSession, played: list[Played[LooDeal, LooState, LooHand]],
                  standing: Standing[LooState]) -> dict[str, Any]:
        return {"pool": standing.state.pool,
                "next_must": session.settings.must and standing.state.single}

    def prompt(self, session: LooSession, standing: Standing[LooState]) -> str:
        state = standing.state
        parts = [f"hand {standing.deals + 1}", f"{standing.next_dealer} deals",
                 f"pool {state.pool + session.settings.ante}"]
        if state.single:
            parts.append("must" if session.settings.must else "single")
        return " · ".join(parts)

    def settle_lines(self, session: LooSession, settlement: Settlement[LooState]) -> list[str]:
        pool = settlement.standing.state.pool
        if not pool:
            return ["The pool is empty."]
        seated = settlement.standing.seated  # shared among those at the table at the end
        shares = pool_shares(pool, seated, settlement.standing.next_dealer)
        each = min(units for _, units in shares) if len(shares) == len(seated) else 0
        extra = [p for p, units in shares if units > each]
        parts = [f"{each} each"] if each else []
        if extra:
            parts.append(f"{'1 more' if each else 'one'} to {', '.join(extra)}")
        counters = f"{pool} counter{'' if pool == 1 else 's'}"
        return [f"The pool held {counters}, shared out: {', '.join(parts)} (in the nets)."]

    def settle_data(self, session: LooSession, settlement: Settlement[LooState]
                    ) -> dict[str, Any]:
        return {"pool": settlement.standing.state.pool}


VIEW = LooView()
