"""How Auction Pinochle reads: contracts, chips, and the meld and count helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import i18n
from ..games.cards import CARD_POINTS, LAST_TRICK, Card, Meld, Suit
from ..games.pinochle import Outcome, PinochleDeal, PinochleResult, PinochleSettings
from ..i18n import _, ngettext
from ..ledger import balances
from ..session import Played, Session, Standing
from .base import View
from .report import Column, Report, Table
from .status import Status, status

if TYPE_CHECKING:
    from ..tablenow import TableNow

PinochleSession = Session[PinochleSettings, PinochleDeal, tuple[()], PinochleResult]

def outcome_words() -> dict[Outcome, str]:
    """How a contract ended, as `show` and the line after a deal say it, in the language
    of the moment (JSON keeps the value; CSV is made in English)."""
    return {
        Outcome.WON_ON_MELD: _("won on meld"),
        Outcome.CONCEDED: _("conceded"),
        Outcome.DECLINED: _("declined"),
        Outcome.MADE: _("played, made"),
        Outcome.FAILED: _("played, failed"),
        Outcome.NO_BURY: _("no bury"),
        Outcome.NO_BID: _("no bid"),
    }


def suit_words() -> dict[Suit, str]:
    """The suits as a meld names them ("marriage in clubs")."""
    return {Suit.SPADES: _("spades"), Suit.HEARTS: _("hearts"),
            Suit.DIAMONDS: _("diamonds"), Suit.CLUBS: _("clubs")}


def melds_named() -> dict[str, str]:
    """The melds as the table of `pinochle meld` names them (JSON and CSV keep the
    English)."""
    return {
        "flush": _("flush"),
        "royal marriage": _("royal marriage"),
        "dix": _("dix"),
        "100 aces": _("100 aces"),
        "80 kings": _("80 kings"),
        "60 queens": _("60 queens"),
        "40 jacks": _("40 jacks"),
        "pinochle": _("pinochle"),
        "double pinochle": _("double pinochle"),
    }


def meld_words(meld: Meld) -> str:
    """A meld as a person reads it: 'marriage in clubs' for a marriage, the name for the
    rest."""
    if meld.name == "marriage":
        return _("marriage in {suit}").format(suit=suit_words()[meld.cards[0].suit])
    return melds_named().get(meld.name, meld.name)


class PinochleView(View[PinochleSettings, PinochleDeal, tuple[()], PinochleResult]):
    def units(self, unit: str, count: int) -> str:
        return ngettext("chip", "chips", count)

    def describe(self, result: PinochleResult) -> str:
        if result.bidder is None:
            return outcome_words()[Outcome.NO_BID]
        contract = _("{bidder} bid {bid}, meld {meld}, {ending}").format(
            bidder=result.bidder, bid=i18n.number(str(result.bid)),
            meld=i18n.number(str(result.meld)), ending=outcome_words()[result.outcome])
        chips = i18n.number(str(result.chips_each))
        if result.won:
            return _("{contract}: collects {chips} from each").format(contract=contract,
                                                                      chips=chips)
        return _("{contract}: pays {chips} to each").format(contract=contract, chips=chips)

    def result_data(self, result: PinochleResult) -> dict[str, Any]:
        return {"bidder": result.bidder, "bid": result.bid, "meld": result.meld,
                "outcome": result.outcome.value, "won": result.won,
                "chips_each": result.chips_each, "sitting_out": list(result.sitting_out)}

    def deal_recorded(self, session: PinochleSession,
                      played: Played[PinochleDeal, tuple[()], PinochleResult],
                      standing: Standing[tuple[()]]) -> list[str]:
        result = played.result
        if result.sitting_out:
            title = _("Deal {number}, dealt by {dealer} ({players} out of the play)").format(
                number=played.number, dealer=played.dealer,
                players=", ".join(result.sitting_out))
        else:
            title = _("Deal {number}, dealt by {dealer}").format(number=played.number,
                                                                 dealer=played.dealer)
        lines = [f"{title}: {self.describe(result)}."]
        nets = balances(played.seated, result.transfers)
        if result.transfers:
            lines.append("  " + ", ".join(f"{p} {i18n.number(f'{nets[p]:+d}')}"
                                          for p in played.seated if nets[p]))
        return [*lines, _("Next dealer: {dealer}.").format(dealer=standing.next_dealer)]

    def status(self, session: PinochleSession, standing: Standing[tuple[()]], now: TableNow
               ) -> Status:
        """"deal 8 · Dan deals · Dan out": the number gives way first, then who sits out
        says "the dealer" for the dealer's name, and goes last (completion still knows)."""
        parts = [(_("deal {number}").format(number=standing.deals + 1), ""),
                 (_("{dealer} deals").format(dealer=now.next_dealer),)]
        if not now.out:
            return status(parts)
        others = [p for p in now.out if p != now.next_dealer]
        short = (() if len(others) == len(now.out) else
                 (_("the dealer and {players} out").format(players=", ".join(others)),)
                 if others else (_("the dealer out"),))
        parts.append((_("{players} out").format(players=", ".join(now.out)), *short, ""))
        return status(parts, (0, *(2 for _form in parts[2][1:])))

    def held(self, session: PinochleSession, net: int) -> dict[str, int]:
        """Each player holds his starting chips and what he won."""
        return {"chips": session.settings.chips + net}

    def held_title(self, key: str) -> str:
        return _("chips held") if key == "chips" else super().held_title(key)


VIEW = PinochleView()


def meld_report(trump: Suit, found: list[Meld]) -> Report:
    """The melds found, with their cards and points, and the total. The table a person reads
    is in his language; CSV keeps the English titles and names."""
    total = sum(m.points for m in found)
    cards = [" ".join(map(str, m.cards)) for m in found]
    rows: list[list[object]] = [[meld_words(m), c, m.points] for m, c in zip(found, cards,
                                                                              strict=True)]
    data = {"trump": trump.value, "total": total,
            "melds": [{"name": m.name, "label": m.label, "points": m.points,
                       "cards": [str(c) for c in m.cards]} for m in found]}
    columns = (Column(_("meld")), Column(_("cards")), Column(_("points"), numeric=True))
    sheet = Table((Column("meld"), Column("cards"), Column("points", numeric=True)),
                  [[m.label, c, m.points] for m, c in zip(found, cards, strict=True)])
    return Report(data, (Table(columns, rows),),
                  footer=(_("Total meld: {total}.").format(total=i18n.number(str(total))),),
                  sheets=(sheet,))


def count_report(cards: tuple[Card, ...], last_trick: bool, points: int) -> Report:
    """The card points of each card (and the last trick), and their total; CSV in
    English."""
    rows: list[list[object]] = [[str(c), CARD_POINTS[c.rank]] for c in cards]
    sheet_rows = [*rows, *([["last trick", LAST_TRICK]] if last_trick else [])]
    if last_trick:
        rows.append([_("last trick"), LAST_TRICK])
    columns = (Column(_("card")), Column(i18n.pgettext("card points", "points"), numeric=True))
    sheet = Table((Column("card"), Column("points", numeric=True)), sheet_rows)
    return Report({"cards": len(cards), "last_trick": last_trick, "points": points},
                  (Table(columns, rows),),
                  footer=(_("Total: {points} card points.").format(
                      points=i18n.number(str(points))),), sheets=(sheet,))
