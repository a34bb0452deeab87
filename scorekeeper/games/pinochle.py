"""Auction Pinochle, paid in chips: the contract, its outcomes and the chip table.

The rules are those of seeds/auction-pinochle.txt; where it is silent, the reading of
docs/rules.md. Each deal is settled at once: the contractor and every other player at the
table exchange chips(bid), so a deal always balances.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from itertools import pairwise
from typing import Any, NamedTuple

from .. import i18n
from ..errors import RuleError
from ..i18n import N_, NP_, _
from ..ledger import Transfer
from ..text import quoted
from ..values import value
from .base import Dealing, Game, Seats
from .cards import Card, Suit, check_pack, meld_total, parse_card, parse_suit
from .data import DealUpgrade, Fields
from .players import Players

#: "2 chips for any loss under 300, 3 ... between 300 and 340, 5 ... 350 to 390, 10 ... 400
#: to 440, 15 ... 450 to 490, 20 ... for a loss of 500" (auction-pinochle.txt): rows of
#: lowest bid and chips.
CHIP_TABLE = ((0, 2), (300, 3), (350, 5), (400, 10), (450, 15), (500, 20))
#: The most chips, bid or meld a sitting may name: far past any table's.
MOST = 10**9
#: The card points of a hand: 240 in the cards and 10 for the last trick.
ALL_POINTS = 250


class BuryFail(StrEnum):
    """What a contractor who played without laying out three cards pays."""

    DOUBLE = "double"
    SINGLE = "single"


class Ending(StrEnum):
    """How a contract short on meld ended without a count of card points."""

    CONCEDED = "conceded"
    DECLINED = "declined"
    NO_BURY = "no bury"


#: How an ending reads in a message (the words of the session file and the options are
#: its value).
ENDING_WORDS = {Ending.CONCEDED: _("conceded"), Ending.DECLINED: _("declined"),
                Ending.NO_BURY: _("no bury")}


def both(items: Sequence[str]) -> str:
    """Items named in turn: "a and b" (and "a and b and c")."""
    said = items[0]
    for item in items[1:]:
        said = _("{these} and {that}").format(these=said, that=item)
    return said


SETTINGS_KEYS = frozenset({"chips", "chip_table", "bury_fail", "bid_step"})
DEAL_KEYS = frozenset({"dealer", "no_bid", "bidder", "bid", "meld", "meld_cards", "trump",
                       "took", *(e.value.replace(" ", "_") for e in Ending)})


class Outcome(StrEnum):
    WON_ON_MELD = "won on meld"
    CONCEDED = "conceded"
    DECLINED = "declined"
    MADE = "made"
    FAILED = "failed"
    NO_BURY = "no bury"
    NO_BID = "no bid"


def check_chip_table(rows: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Rows of lowest bid and chips: starting at bid 0, bids and chips both rising."""
    rows = tuple((int(low), int(chips)) for low, chips in rows)
    text = ",".join(f"{low}:{chips}" for low, chips in rows)
    if not rows or rows[0][0] != 0:
        raise RuleError(_("chip table {text} must start at bid 0: '0:2,300:3,...'")
                        .format(text=quoted(text)), "chip_table")
    for (low, chips), (next_low, next_chips) in pairwise(rows):
        if next_low <= low or next_chips <= chips:
            raise RuleError(_("chip table {text}: bids and chips must both rise, row by row "
                              "({low}:{chips} then {next_low}:{next_chips})").format(
                                  text=quoted(text), low=low, chips=chips, next_low=next_low,
                                  next_chips=next_chips), "chip_table")
    if any(not 0 < chips <= MOST or low > MOST for low, chips in rows):
        raise RuleError(_("chip table {text}: chips must be from 1 to {most}").format(
            text=quoted(text), most=i18n.number(str(MOST))), "chip_table")
    return rows


@value
class PinochleSettings:
    """How a sitting of Auction Pinochle is paid."""

    chips: int = 25
    """Each player's chips at the start ("each player usually takes 25 poker chips")."""
    chip_table: tuple[tuple[int, int], ...] = CHIP_TABLE
    """(lowest bid, chips) rows: what a contract pays, by the bid."""
    bury_fail: BuryFail = BuryFail.DOUBLE
    bid_step: int = 10

    def __post_init__(self) -> None:
        if not 0 <= self.chips <= MOST:
            raise RuleError(_("chips {chips} must be from 0 to {most}").format(
                chips=self.chips, most=i18n.number(str(MOST))), "chips")
        object.__setattr__(self, "chip_table", check_chip_table(self.chip_table))
        object.__setattr__(self, "bury_fail", BuryFail(self.bury_fail))
        if not 0 < self.bid_step <= MOST or self.bid_step % 10:
            raise RuleError(_("bid step {step} must be a positive multiple of 10").format(
                step=self.bid_step), "bid_step")

    def chips_for(self, bid: int) -> int:
        """What a contract for `bid` pays each player: the row of the highest lowest-bid."""
        return next(chips for low, chips in reversed(self.chip_table) if bid >= low)


@value
class PinochleDeal:
    """One deal's inputs; everything else is replayed. No bidder: everyone passed."""

    bidder: str | None = None
    """The contractor, the highest bidder."""
    bid: int = 0
    meld: int = 0
    """His meld (melds and dixes), as counted at the table or from his meld cards."""
    meld_cards: tuple[Card, ...] = ()
    trump: Suit | None = None
    """The trump suit, with meld cards."""
    ending: Ending | None = None
    """Conceded, declined or no bury; None: won on meld, or played when `took` is given."""
    took: int | None = None
    """The card points of his tricks, the laid-away cards and the last trick."""
    dealer: str | None = None

    def __post_init__(self) -> None:
        if self.bidder is None:
            if self.bid or self.meld or self.meld_cards or self.ending or self.took is not None:
                raise RuleError(_("nobody bid: there is no bid, meld or ending to give"))
            return
        if not 0 < self.bid <= MOST:
            raise RuleError(_("bid {bid} must be a positive number").format(bid=self.bid),
                            "bid")
        if not 0 <= self.meld <= MOST or self.meld % 10:
            raise RuleError(_("meld {meld} must be 0 or more and a multiple of 10").format(
                meld=self.meld), "meld")
        if self.took is not None and not 0 <= self.took <= ALL_POINTS:
            raise RuleError(_("took {took}: the card points of a hand are 0 to {all}").format(
                took=self.took, all=ALL_POINTS), "took")
        if self.ending is not None and self.took is not None:
            raise RuleError(_("give one way the deal ended, not {ending} and took").format(
                ending=self.ending))
        if self.meld_cards or self.trump:
            self._check_meld_cards()

    def _check_meld_cards(self) -> None:
        if self.trump is None:
            raise RuleError(_("meld cards go with their trump suit"), "trump")
        if not self.meld_cards:
            raise RuleError(_("a trump suit here goes with the meld cards: give the cards"),
                            "meld_cards")
        check_pack(self.meld_cards)
        total = meld_total(self.meld_cards, self.trump)
        if self.meld != total:
            raise RuleError(_("meld {meld} does not match the meld cards, which make {total}")
                            .format(meld=self.meld, total=total), "meld")


#: How `stats` counts the end of a contract.
ENDS = {Outcome.WON_ON_MELD: "made", Outcome.MADE: "made", Outcome.FAILED: "set",
        Outcome.NO_BURY: "set", Outcome.CONCEDED: "conceded", Outcome.DECLINED: "declined"}


class PinochleResult(NamedTuple):
    """What one deal did."""

    dealer: str
    bidder: str | None
    bid: int
    meld: int
    outcome: Outcome
    won: bool
    chips_each: int
    """What the contractor and each other player exchange."""
    sitting_out: tuple[str, ...]
    transfers: tuple[Transfer, ...]


def in_play(players: Players, dealer: str) -> tuple[str, ...]:
    """The three players after the dealer get cards. With four or five at the table the
    dealer (and with five the fourth after him) sits out of the play (Hoyle)."""
    return tuple(players.after(dealer, step) for step in (1, 2, 3))


class Pinochle(Game[PinochleSettings, PinochleDeal, tuple[()], PinochleResult]):
    name = "pinochle"
    title = N_("Auction Pinochle")
    sentence_name = NP_("in a sentence", "Auction Pinochle")
    table_name = NP_("in a table", "pinochle")
    unit = "chip"
    min_players, max_players = 3, 5
    entry_keys = DEAL_KEYS
    counts = ("bids", "made", "set", "conceded", "declined")

    def count(self, result: PinochleResult) -> Iterable[tuple[str, str, int]]:
        """A contract counts for its contractor, and how it ended."""
        if result.bidder is None:
            return ()
        return ((result.bidder, "bids", 1), (result.bidder, ENDS[result.outcome], 1))

    def count_title(self, count: str) -> str:
        # TRANSLATORS: Pinochle: contracts bid, and how they ended.
        return {"bids": _("bids"), "made": _("made"), "set": _("set"),
                "conceded": _("conceded"), "declined": _("declined")}[count]

    def from_version_1(self, settings: dict[str, Any], deals: list[object]) -> DealUpgrade:
        table = settings.get("chip_table")  # "0:1,300:2" as [[0, 1], [300, 2]]
        if isinstance(table, str):
            rows = [row.split(":") for row in table.replace(" ", "").split(",")]
            if all(len(r) == 2 and all(n.isascii() and n.isdigit() and len(n) <= 9 for n in r)
                   for r in rows):
                settings["chip_table"] = [[int(low), int(chips)] for low, chips in rows]

        def deal(d: dict[str, Any]) -> dict[str, Any]:
            if isinstance(d.get("meld_cards"), str):
                d["meld_cards"] = d["meld_cards"].replace(",", " ").split()
            return d

        return deal

    def settings_from_data(self, data: Mapping[str, object]) -> PinochleSettings:
        # TRANSLATORS: the [settings] table of a session file, in "unknown key 'x' in ..."
        fields = Fields(data, SETTINGS_KEYS, _("settings"))
        chips = fields.number("chips", 25, 0, MOST)
        dealing = _chip_table_from_data(fields)
        bury_fail = BuryFail(fields.text("bury_fail", BuryFail.DOUBLE, tuple(BuryFail)))
        bid_step = fields.number("bid_step", 10, 10, MOST)
        return fields.build(PinochleSettings, chips, dealing, bury_fail, bid_step)

    def settings_to_data(self, settings: PinochleSettings) -> dict[str, object]:
        return {
            "chips": settings.chips,
            "chip_table": [list(row) for row in settings.chip_table],
            "bury_fail": settings.bury_fail.value,
            "bid_step": settings.bid_step,
        }

    def entry_from_data(self, data: Mapping[str, object], players: Players) -> PinochleDeal:
        fields = Fields(data, DEAL_KEYS, _("a deal"))
        dealer = fields.player("dealer", players)
        if fields.flag("no_bid"):
            extra = sorted(set(data) - {"no_bid", "dealer"})
            if extra:
                fields.fail(_("nobody bid, so there is no {keys}").format(keys=", ".join(extra)))
            return fields.build(PinochleDeal, None, 0, 0, (), None, None, None, dealer)
        if not fields.has("bidder"):
            fields.fail(_("name the contractor (bidder), or say nobody bid (no_bid = true)"),
                        "bidder")
        bidder = fields.player("bidder", players)
        bid = fields.number("bid", 0, 1, MOST)
        if not fields.has("bid"):
            fields.fail(_("give the contractor's bid"), "bid")
        meld = fields.number("meld", 0, -MOST, MOST)
        cards, trump = _meld_cards_from_data(fields)
        if cards and not fields.has("meld"):
            meld = meld_total(cards, trump or Suit.SPADES)
        endings = [e for e in Ending if fields.flag(e.value.replace(" ", "_"))]
        took = fields.number("took", 0, -MOST, MOST) if fields.has("took") else None
        if len(endings) + (took is not None) > 1:
            named = [*endings, *(["took"] if took is not None else [])]
            fields.fail(_("give one way the deal ended, not {endings}").format(
                endings=both(named)))
        ending = endings[0] if endings else None
        return fields.build(PinochleDeal, bidder, bid, meld, cards, trump, ending, took, dealer)

    def entry_to_data(self, entry: PinochleDeal) -> dict[str, object]:
        data: dict[str, object] = {"dealer": entry.dealer} if entry.dealer else {}
        if entry.bidder is None:
            return data | {"no_bid": True}
        data |= {"bidder": entry.bidder, "bid": entry.bid, "meld": entry.meld}
        if entry.meld_cards and entry.trump:
            data |= {"meld_cards": [str(c) for c in entry.meld_cards],
                     "trump": entry.trump.value}
        if entry.ending:
            data[entry.ending.value.replace(" ", "_")] = True
        if entry.took is not None:
            data["took"] = entry.took
        return data

    def initial_state(self, settings: PinochleSettings, players: Players) -> tuple[()]:
        """Each deal is settled at once: nothing carries from one deal to the next."""
        return ()

    def seats(self, state: tuple[()], seated: Players, next_dealer: str) -> Seats:
        """The dealer (with five, the fourth after him too) sits out the play; he deals."""
        playing = in_play(seated, next_dealer)
        return Seats(tuple(p for p in seated if p not in playing))

    def play(self, state: tuple[()], entry: PinochleDeal, dealing: Dealing[PinochleSettings]
             ) -> tuple[tuple[()], PinochleResult]:
        """Check one deal and settle it in chips."""
        players, dealer, settings = dealing.players, dealing.dealer, dealing.settings
        playing = in_play(players, dealer)
        out = tuple(p for p in players if p not in playing)
        bidder = entry.bidder
        if bidder is None:
            return state, PinochleResult(dealer, None, 0, 0, Outcome.NO_BID, False, 0, out, ())
        players.require(bidder)
        if entry.bid % settings.bid_step:
            raise RuleError(_("bid {bid} is not a multiple of {step}").format(
                bid=entry.bid, step=settings.bid_step))
        if bidder not in playing:
            raise RuleError(_("{bidder} sits out this deal ({dealer} dealt): the contractor is "
                              "one of {players}").format(bidder=bidder, dealer=dealer,
                                                         players=", ".join(playing)))
        outcome, won, times = _outcome(entry, settings)
        each = settings.chips_for(entry.bid) * times
        others = [p for p in players if p != bidder]
        if won:
            transfers = tuple(Transfer(p, bidder, each) for p in others)
        else:
            transfers = tuple(Transfer(bidder, p, each) for p in others)
        return state, PinochleResult(dealer, bidder, entry.bid, entry.meld, outcome, won, each,
                                     out, transfers)

    def state_to_data(self, state: tuple[()]) -> object:
        return ()

    def state_from_data(self, data: object) -> tuple[()]:
        if data != ():
            raise ValueError(f"not a Pinochle state: {data!r}")
        return ()


def _outcome(deal: PinochleDeal, settings: PinochleSettings) -> tuple[Outcome, bool, int]:
    """How the contract ended: the outcome, whether he won, and how many times chips(bid)
    he pays or collects."""
    bid, meld = deal.bid, deal.meld
    if meld >= bid:
        if deal.took is not None:
            raise RuleError(_("meld {meld} makes the bid of {bid}: the contract is won on meld "
                              "without play, so there are no card points to give").format(
                                  meld=meld, bid=bid))
        if deal.ending is not None:
            raise RuleError(_("meld {meld} makes the bid of {bid}: the contract is won on meld "
                              "without play, so there is no ending ({ending}) to give").format(
                                  meld=meld, bid=bid, ending=ENDING_WORDS[deal.ending]))
        return Outcome.WON_ON_MELD, True, 1
    if deal.ending == Ending.CONCEDED:
        return Outcome.CONCEDED, True, 1
    if deal.ending == Ending.DECLINED:
        # "If he feels he cannot make his bid, he does not play, but pays."
        return Outcome.DECLINED, False, 1
    if deal.ending == Ending.NO_BURY:
        # "If he fails to lay these cards out, he loses."
        return Outcome.NO_BURY, False, 2 if settings.bury_fail == BuryFail.DOUBLE else 1
    if deal.took is not None:
        # "If the contractor plays the hand and fails to make his contract, he must pay
        # double"; he collects "for the number of points bid", however many he made.
        won = meld + deal.took >= bid
        return (Outcome.MADE, True, 1) if won else (Outcome.FAILED, False, 2)
    raise RuleError(_("meld {meld} is short of the bid {bid}: say how the deal ended: "
                      "conceded, declined, the card points he took, or no bury").format(
                          meld=meld, bid=bid), asks="conceded|declined|took|no_bury")


def _chip_table_from_data(fields: Fields) -> tuple[tuple[int, int], ...]:
    raw = fields.data.get("chip_table", [list(row) for row in CHIP_TABLE])
    rows = raw if isinstance(raw, list) else []
    if not rows or not all(
        isinstance(row, list) and len(row) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MOST for n in row)
        for row in rows
    ):
        fields.fail(_("chip_table {raw} must be rows [lowest bid, chips], like "
                      "[[0, 2], [300, 3]]").format(raw=quoted(raw)), "chip_table")
        return CHIP_TABLE
    try:
        return check_chip_table([(row[0], row[1]) for row in rows])
    except RuleError as error:
        fields.fail(str(error), "chip_table")
        return CHIP_TABLE


def _meld_cards_from_data(fields: Fields) -> tuple[tuple[Card, ...], Suit | None]:
    if not fields.has("meld_cards"):
        if fields.has("trump"):
            fields.fail(_("the trump suit goes with meld cards"), "trump")
        return (), None
    raw = fields.data["meld_cards"]
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        fields.fail(_("meld_cards {raw} must be a list of cards, like [\"AH\", \"10H\"]")
                    .format(raw=quoted(raw)), "meld_cards")
        return (), None
    try:
        cards = check_pack(parse_card(c) for c in raw)
        trump = parse_suit(fields.data.get("trump"))
    except RuleError as error:
        fields.fail(str(error), error.field)
        return (), None
    return cards, trump


GAME = Pinochle()
