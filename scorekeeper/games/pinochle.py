"""Auction Pinochle, paid in chips: the contract, its outcomes, the chip table, and the
card helpers (card points and melds).

The rules are those of seeds/auction-pinochle.txt; where it is silent, the reading of SPEC.md
section 3. Each deal is settled at once: the contractor and every other player at the table
exchange chips(bid), so a deal always balances.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import RuleError
from ..ledger import Transfer
from .common import (
    check_keys,
    expect_bool,
    expect_int,
    next_in_seat,
    player_lookup,
    resolve_player,
)

NAME = "pinochle"
UNIT = "chip"
MIN_PLAYERS, MAX_PLAYERS = 3, 5
ACCOUNTS: tuple[str, ...] = ()

#: "2 chips for any loss under 300, 3 ... between 300 and 340, 5 ... 350 to 390, 10 ... 400
#: to 440, 15 ... 450 to 490, 20 ... for a loss of 500" (auction-pinochle.txt): lowest bid,
#: chips.
CHIP_TABLE = ((0, 2), (300, 3), (350, 5), (400, 10), (450, 15), (500, 20))

SETTINGS_KEYS = frozenset({"chips", "chip_table", "bury_fail", "bid_step"})
DEAL_KEYS = frozenset(
    {"dealer", "no_bid", "bidder", "bid", "meld", "meld_cards", "trump", "conceded",
     "declined", "took", "no_bury"}
)

# How a deal ended.
WON_ON_MELD = "won on meld"
CONCEDED = "conceded"
DECLINED = "declined"
MADE = "made"
FAILED = "failed"
NO_BURY = "no bury"
NO_BID = "no bid"


# --- cards ---------------------------------------------------------------------------------

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {name: letter for letter, name in SUITS.items()}
RANKS = ("A", "10", "K", "Q", "J", "9")
#: The traditional count: A 11, 10 10, K 4, Q 3, J 2, 9 0; the last trick 10; 250 in all.
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
LAST_TRICK = 10


class Card(NamedTuple):
    rank: str
    suit: str  # S, H, D or C

    def __str__(self) -> str:
        return self.rank + self.suit


def parse_card(text: str) -> Card:
    """A card from 'AS', '10H', 'TH', 'qs', 'J♦' ..."""
    word = text.strip().upper()
    suit = SUIT_SYMBOLS.get(word[-1:], word[-1:])
    rank = "10" if word[:-1] == "T" else word[:-1]
    if suit not in SUITS or rank not in RANKS:
        raise RuleError(
            f"{text!r} is not a card: a rank A, 10 (or T), K, Q, J, 9 and a suit S, H, D, C "
            "(or ♠ ♥ ♦ ♣), e.g. AS, 10H, QS, JD"
        )
    return Card(rank, suit)


def parse_cards(words: Iterable[str]) -> list[Card]:
    """Cards from words (each may hold several, separated by spaces or commas); a pinochle
    pack has two of each card, so a third copy is an error."""
    cards = [parse_card(w) for word in words for w in word.replace(",", " ").split()]
    for card, count in Counter(cards).items():
        if count > 2:
            raise RuleError(f"{count} copies of {card}: a pinochle pack has two of each card")
    return cards


def parse_suit(text: object) -> str:
    """A trump suit: hearts, H, ♥ ... (case ignored) -> its letter."""
    if isinstance(text, str):
        word = text.strip()
        letter = SUIT_SYMBOLS.get(word) or SUIT_NAMES.get(word.lower()) or word.upper()
        if letter in SUITS:
            return letter
    raise RuleError(f"unknown suit {text!r}: spades, hearts, diamonds or clubs (or S, H, D, C)")


def card_points(cards: Sequence[Card], last_trick: bool = False) -> int:
    return sum(CARD_POINTS[c.rank] for c in cards) + (LAST_TRICK if last_trick else 0)


class Meld(NamedTuple):
    name: str
    points: int
    cards: tuple[Card, ...]


def melds(cards: Sequence[Card], trump: str) -> list[Meld]:
    """Every meld in `cards` with `trump` trumps (SPEC 3, "Melds").

    A card may serve in melds of different kinds (a marriage and a pinochle) but not twice
    in the same kind; a second full set of a kind scores again.
    """
    have = Counter(cards)
    found: list[Meld] = []
    flush = [Card(r, trump) for r in ("A", "10", "K", "Q", "J")]
    flushes = min(have[c] for c in flush)
    found += [Meld("flush", 150, tuple(flush))] * flushes
    # The trump K Q inside a flush is not counted again as a royal marriage.
    royal = (Card("K", trump), Card("Q", trump))
    found += [Meld("royal marriage", 40, royal)] * (min(have[c] for c in royal) - flushes)
    for suit in SUITS:
        if suit != trump:
            pair = (Card("K", suit), Card("Q", suit))
            found += [Meld("marriage", 20, pair)] * min(have[c] for c in pair)
    found += [Meld("dix", 10, (Card("9", trump),))] * have[Card("9", trump)]
    for rank, name, points in (("A", "aces", 100), ("K", "kings", 80), ("Q", "queens", 60),
                               ("J", "jacks", 40)):
        round_house = tuple(Card(rank, s) for s in SUITS)
        found += [Meld(f"{points} {name}", points, round_house)] * min(have[c] for c in round_house)
    pinochle = (Card("Q", "S"), Card("J", "D"))
    pinochles = min(have[c] for c in pinochle)
    if pinochles == 2:
        found.append(Meld("double pinochle", 80, pinochle * 2))
    elif pinochles == 1:
        found.append(Meld("pinochle", 40, pinochle))
    return found


def meld_label(meld: Meld) -> str:
    """'marriage in clubs' for a marriage, the name for the rest."""
    if meld.name == "marriage":
        return f"marriage in {SUITS[meld.cards[0].suit]}"
    return meld.name


def meld_total(cards: Sequence[Card], trump: str) -> int:
    return sum(m.points for m in melds(cards, trump))


# --- settings and deals --------------------------------------------------------------------


def parse_chip_table(text: object) -> tuple[tuple[int, int], ...]:
    """'0:2,300:3,...' -> ((0, 2), (300, 3), ...): rows of lowest bid and chips."""
    if not isinstance(text, str):
        raise RuleError(f"chip table {text!r} must be rows LOWEST_BID:CHIPS, like '0:2,300:3'",
                        "chip_table")
    rows = []
    for row in text.replace(" ", "").split(","):
        low, _, chips = row.partition(":")
        if not low.isdigit() or not chips.isdigit() or int(chips) <= 0:
            raise RuleError(
                f"chip table row {row!r} must be LOWEST_BID:CHIPS, like 300:3", "chip_table"
            )
        rows.append((int(low), int(chips)))
    if rows[0][0] != 0 or any(a[0] >= b[0] for a, b in zip(rows, rows[1:])):
        raise RuleError(
            f"chip table {text!r} must start at 0 and rise: '0:2,300:3,350:5,...'", "chip_table"
        )
    return tuple(rows)


def chip_table_text(rows: Sequence[tuple[int, int]]) -> str:
    return ",".join(f"{low}:{chips}" for low, chips in rows)


class _PinochleSettingsFields(NamedTuple):
    chips: int = 25
    """Each player's chips at the start ("each player usually takes 25 poker chips")."""
    chip_table: tuple[tuple[int, int], ...] = CHIP_TABLE
    """(lowest bid, chips) rows: what a contract pays, by the bid."""
    bury_fail: str = "double"
    """What a contractor who played without laying out three cards pays: double or single."""
    bid_step: int = 10


class PinochleSettings(_PinochleSettingsFields):
    """How a sitting of Auction Pinochle is paid, checked when made."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> PinochleSettings:
        self = super().__new__(cls, *args, **kwargs)
        if self.chips < 0:
            raise RuleError(f"chips {self.chips} must be 0 or more", "chips")
        if self.bury_fail not in ("double", "single"):
            raise RuleError(f"bury_fail {self.bury_fail!r} must be 'double' or 'single'",
                            "bury_fail")
        if self.bid_step <= 0 or self.bid_step % 10:
            raise RuleError(f"bid step {self.bid_step} must be a positive multiple of 10",
                            "bid_step")
        return self

    def chips_for(self, bid: int) -> int:
        """What a contract for `bid` pays each player: the row of the highest lowest-bid."""
        return next(chips for low, chips in reversed(self.chip_table) if bid >= low)

    def to_toml(self) -> dict[str, Any]:
        return {
            "chips": self.chips,
            "chip_table": chip_table_text(self.chip_table),
            "bury_fail": self.bury_fail,
            "bid_step": self.bid_step,
        }

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> PinochleSettings:
        check_keys(data, SETTINGS_KEYS, "settings")
        bury_fail = data.get("bury_fail", "double")
        return cls(
            chips=expect_int(data.get("chips", 25), "chips"),
            chip_table=parse_chip_table(data.get("chip_table", chip_table_text(CHIP_TABLE))),
            bury_fail=bury_fail if isinstance(bury_fail, str) else repr(bury_fail),
            bid_step=expect_int(data.get("bid_step", 10), "bid_step"),
        )


class PinochleDeal(NamedTuple):
    """One deal's inputs; everything else is replayed."""

    bidder: str | None = None
    """The contractor, the highest bidder; None when nobody bid."""
    bid: int = 0
    meld: int = 0
    """His meld (melds and dixes), as counted at the table or from meld_cards."""
    meld_cards: tuple[Card, ...] = ()
    trump: str | None = None
    """The trump suit's letter, with meld_cards."""
    ending: str | None = None
    """conceded, declined, no bury, or None (won on meld, or played when took is set)."""
    took: int | None = None
    """The card points of his tricks, the laid-away cards and the last trick."""
    dealer: str | None = None

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.dealer:
            data["dealer"] = self.dealer
        if self.bidder is None:
            data["no_bid"] = True
            return data
        data |= {"bidder": self.bidder, "bid": self.bid, "meld": self.meld}
        if self.meld_cards:
            data["meld_cards"] = " ".join(map(str, self.meld_cards))
            data["trump"] = SUITS[self.trump or ""]
        if self.ending:
            data[self.ending.replace(" ", "_")] = True
        if self.took is not None:
            data["took"] = self.took
        return data

    @classmethod
    def from_toml(cls, data: Mapping[str, Any], players: Sequence[str]) -> PinochleDeal:
        check_keys(data, DEAL_KEYS, "a deal")
        lookup = player_lookup(tuple(players))
        dealer = data.get("dealer")
        dealer = None if dealer is None else resolve_player(lookup, dealer)
        if expect_bool(data.get("no_bid", False), "no_bid"):
            extra = sorted(set(data) - {"no_bid", "dealer"})
            if extra:
                raise RuleError(f"no bid: nobody bid, so there is no {', '.join(extra)}")
            return cls(dealer=dealer)
        if "bidder" not in data:
            raise RuleError("name the contractor (--bidder P), or say --no-bid")
        bidder = resolve_player(lookup, data["bidder"])
        if "bid" not in data:
            raise RuleError(f"give {bidder}'s bid (--bid N)")
        bid = expect_int(data["bid"], "bid")
        endings = [e for e in (CONCEDED, DECLINED, NO_BURY)
                   if expect_bool(data.get(e.replace(" ", "_"), False), e)]
        took = data.get("took")
        if took is not None:
            took = expect_int(took, "took")
            if not 0 <= took <= 250:
                raise RuleError(f"took {took}: the card points of a hand are 0 to 250")
        if len(endings) + (took is not None) > 1:
            named = [*endings, *(["took"] if took is not None else [])]
            raise RuleError(f"give one way the deal ended, not {' and '.join(named)}")
        cards: tuple[Card, ...] = ()
        trump = None
        meld = data.get("meld")
        if "meld_cards" in data:
            if "trump" not in data:
                raise RuleError("meld cards need the trump suit (--trump SUIT)")
            raw_cards = data["meld_cards"]
            if not isinstance(raw_cards, str):
                raise RuleError(f"meld cards {raw_cards!r} must be cards like 'AH 10H KH'")
            trump = parse_suit(data["trump"])
            cards = tuple(parse_cards([raw_cards]))
            total = meld_total(cards, trump)
            if meld is not None and expect_int(meld, "meld") != total:
                raise RuleError(f"meld {meld} does not match the meld cards, which make {total}")
            meld = total
        elif "trump" in data:
            raise RuleError("the trump suit goes with meld cards (--meld-cards)")
        meld = expect_int(0 if meld is None else meld, "meld")
        return cls(bidder, bid, meld, cards, trump, endings[0] if endings else None, took,
                   dealer)


class PinochleResult(NamedTuple):
    """What one deal did."""

    dealer: str
    bidder: str | None
    bid: int
    meld: int
    outcome: str
    won: bool
    chips_each: int
    """What the contractor and each other player exchange."""
    sitting_out: tuple[str, ...]
    transfers: tuple[Transfer, ...]


def initial_state(settings: PinochleSettings) -> tuple[()]:
    """Each deal is settled at once: nothing carries from one deal to the next."""
    return ()


def state_to_data(state: tuple[()]) -> tuple[()]:
    return state


def state_from_data(data: tuple[()]) -> tuple[()]:
    return ()


def in_play(players: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The three players after the dealer get cards. With four or five at the table the
    dealer (and with five the fourth after him) sits out of the play (Hoyle)."""
    start = players.index(dealer)
    return tuple(players[(start + i) % len(players)] for i in (1, 2, 3))


def play_deal(
    state: tuple[()], deal: PinochleDeal, dealer: str, players: Sequence[str],
    settings: PinochleSettings,
) -> tuple[tuple[()], PinochleResult]:
    """Check one deal and settle it in chips."""
    playing = in_play(players, dealer)
    out = tuple(p for p in players if p not in playing)
    if deal.bidder is None:
        return state, PinochleResult(dealer, None, 0, 0, NO_BID, False, 0, out, ())
    bidder, bid, meld = deal.bidder, deal.bid, deal.meld
    if bid <= 0 or bid % settings.bid_step:
        raise RuleError(f"bid {bid} is not a positive multiple of {settings.bid_step}")
    if meld < 0 or meld % 10:
        raise RuleError(f"meld {meld} must be 0 or more and a multiple of 10")
    if bidder not in playing:
        raise RuleError(
            f"{bidder} sits out this deal ({dealer} dealt): the contractor is one of "
            f"{', '.join(playing)}"
        )
    if meld >= bid:
        if deal.ending in (DECLINED, NO_BURY):
            raise RuleError(
                f"meld {meld} makes the bid of {bid}: the contract is won on meld, so it "
                f"cannot end {deal.ending!r}"
            )
        outcome, won, times = WON_ON_MELD, True, 1
    elif deal.ending == CONCEDED:
        outcome, won, times = CONCEDED, True, 1
    elif deal.ending == DECLINED:
        # "If he feels he cannot make his bid, he does not play, but pays."
        outcome, won, times = DECLINED, False, 1
    elif deal.ending == NO_BURY:
        # "If he fails to lay these cards out, he loses."
        outcome, won, times = NO_BURY, False, 2 if settings.bury_fail == "double" else 1
    elif deal.took is not None:
        # "If the contractor plays the hand and fails to make his contract, he must pay
        # double"; he collects "for the number of points bid", however many he made.
        won = meld + deal.took >= bid
        outcome, times = (MADE, 1) if won else (FAILED, 2)
    else:
        raise RuleError(
            f"meld {meld} is short of the bid {bid}: say how the deal ended: --conceded, "
            "--declined, --took N or --no-bury"
        )
    each = settings.chips_for(bid) * times
    others = [p for p in players if p != bidder]
    if won:
        transfers = tuple(Transfer(p, bidder, each) for p in others)
    else:
        transfers = tuple(Transfer(bidder, p, each) for p in others)
    return state, PinochleResult(dealer, bidder, bid, meld, outcome, won, each, out, transfers)


def end_of_sitting(state: tuple[()], players: Sequence[str], next_dealer: str) -> list[Transfer]:
    """Nothing is left over: the chips changed hands deal by deal."""
    return []


# --- what the tables and JSON show --------------------------------------------------------


def account_name(account: str) -> str:
    return account


def describe(result: PinochleResult) -> str:
    if result.bidder is None:
        return "no bid"
    ending = f"played, {result.outcome}" if result.outcome in (MADE, FAILED) else result.outcome
    contract = f"{result.bidder} bid {result.bid}, meld {result.meld}, {ending}"
    if result.won:
        return f"{contract}: collects {result.chips_each} from each"
    return f"{contract}: pays {result.chips_each} to each"


def result_json(result: PinochleResult) -> dict[str, Any]:
    return {
        "bidder": result.bidder,
        "bid": result.bid,
        "meld": result.meld,
        "outcome": result.outcome,
        "won": result.won,
        "chips_each": result.chips_each,
        "sitting_out": list(result.sitting_out),
    }


def standing_json(state: tuple[()], settings: PinochleSettings) -> dict[str, Any]:
    return {}


def standing_lines(state: tuple[()], settings: PinochleSettings) -> list[str]:
    return []


def settle_json(state: tuple[()]) -> dict[str, Any]:
    return {}


def settle_lines(state: tuple[()], players: Sequence[str], next_dealer: str) -> list[str]:
    return []


def settle_player(net: int, settings: PinochleSettings) -> dict[str, int]:
    """Each player holds his starting chips and what he won."""
    return {"chips": settings.chips + net}


next_dealer = next_in_seat


def is_deal(deal: Any) -> bool:
    return True

Settings = PinochleSettings
Deal = PinochleDeal
