"""How Auction Pinochle reads: contracts, chips, and the meld and count helpers."""

from __future__ import annotations

from typing import Any

from ..games.cards import CARD_POINTS, LAST_TRICK, Card, Meld, Suit
from ..games.pinochle import Outcome, PinochleDeal, PinochleResult, PinochleSettings
from ..ledger import balances
from ..session import Played, Session, Standing
from .base import View
from .report import Column, Report, Table

PinochleSession = Session[PinochleSettings, PinochleDeal, tuple[()], PinochleResult]


class PinochleView(View[PinochleSettings, PinochleDeal, tuple[()], PinochleResult]):
    def describe(self, result: PinochleResult) -> str:
        if result.bidder is None:
            return "no bid"
        ending = (f"played, {result.outcome}" if result.outcome in (Outcome.MADE, Outcome.FAILED)
                  else str(result.outcome))
        contract = f"{result.bidder} bid {result.bid}, meld {result.meld}, {ending}"
        verb = "collects" if result.won else "pays"
        return f"{contract}: {verb} {result.chips_each} {'from' if result.won else 'to'} each"

    def result_data(self, result: PinochleResult) -> dict[str, Any]:
        return {"bidder": result.bidder, "bid": result.bid, "meld": result.meld,
                "outcome": result.outcome.value, "won": result.won,
                "chips_each": result.chips_each, "sitting_out": list(result.sitting_out)}

    def deal_recorded(self, session: PinochleSession,
                      played: Played[PinochleDeal, tuple[()], PinochleResult],
                      standing: Standing[tuple[()]]) -> list[str]:
        result = played.result
        title = f"Deal {played.number}, dealt by {played.dealer}"
        if result.sitting_out:
            title += f" ({', '.join(result.sitting_out)} out of the play)"
        lines = [f"{title}: {self.describe(result)}."]
        nets = balances(played.seated, result.transfers)
        if result.transfers:
            lines.append("  " + ", ".join(f"{p} {nets[p]:+d}" for p in played.seated
                                          if nets[p]))
        return [*lines, f"Next dealer: {standing.next_dealer}."]

    def prompt(self, session: PinochleSession, standing: Standing[tuple[()]]) -> str:
        from ..games.pinochle import in_play

        dealer, seated = standing.next_dealer, standing.seated
        out = [p for p in seated if p not in in_play(seated, dealer)]
        parts = [f"deal {standing.deals + 1}", f"{dealer} deals"]
        if out:
            parts.append(f"{', '.join(out)} out")
        return " · ".join(parts)

    def held(self, session: PinochleSession, net: int) -> dict[str, int]:
        """Each player holds his starting chips and what he won."""
        return {"chips": session.settings.chips + net}


VIEW = PinochleView()


def meld_report(trump: Suit, found: list[Meld]) -> Report:
    total = sum(m.points for m in found)
    rows: list[list[object]] = [[m.label, " ".join(map(str, m.cards)), m.points] for m in found]
    data = {"trump": trump.value, "total": total,
            "melds": [{"name": m.name, "label": m.label, "points": m.points,
                       "cards": [str(c) for c in m.cards]} for m in found]}
    columns = (Column("meld"), Column("cards"), Column("points", numeric=True))
    return Report(data, (Table(columns, rows),), footer=(f"Total meld: {total}.",))


def count_report(cards: tuple[Card, ...], last_trick: bool, points: int) -> Report:
    rows: list[list[object]] = [[str(c), CARD_POINTS[c.rank]] for c in cards]
    if last_trick:
        rows.append(["last trick", LAST_TRICK])
    columns = (Column("card"), Column("points", numeric=True))
    return Report({"cards": len(cards), "last_trick": last_trick, "points": points},
                  (Table(columns, rows),), footer=(f"Total: {points} card points.",))
