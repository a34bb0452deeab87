"""The pinochle pack: cards, their points, and the melds a hand holds (docs/rules.md,
Auction Pinochle, "Helpers")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from ..errors import RuleError
from ..i18n import _
from ..text import quoted


class Suit(StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def letter(self) -> str:
        return self.value[0].upper()


SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
#: Danish beside English, as Bridge takes them.
DANISH = {"spar": Suit.SPADES, "hjerter": Suit.HEARTS, "ruder": Suit.DIAMONDS,
          "klør": Suit.CLUBS, "klor": Suit.CLUBS}
SUIT_WORDS = ({s.value: s for s in Suit} | {s.letter.lower(): s for s in Suit} | SYMBOLS
              | DANISH)
CARD_SUITS = {s.letter: s for s in Suit} | SYMBOLS
RANKS = ("A", "10", "K", "Q", "J", "9")
#: The traditional count: A 11, 10 10, K 4, Q 3, J 2, 9 0; the last trick 10; 250 in all.
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
LAST_TRICK = 10


def parse_suit(text: object) -> Suit:
    """A suit: hearts, H, ♥ ... (case ignored)."""
    if isinstance(text, str) and text.strip().lower() in SUIT_WORDS:
        return SUIT_WORDS[text.strip().lower()]
    raise RuleError(_("unknown suit {text}: spades, hearts, diamonds or clubs (or S, H, D, "
                      "C)").format(text=quoted(text)), "trump")


class Card(NamedTuple):
    rank: str
    suit: Suit

    def __str__(self) -> str:
        return self.rank + self.suit.letter


def parse_card(text: str) -> Card:
    """A card from 'AS', '10H', 'TH', 'qs', 'J♦' ..."""
    word = text.strip().upper()
    rank = "10" if word[:-1] == "T" else word[:-1]
    suit = CARD_SUITS.get(word[-1:])
    if suit is None or rank not in RANKS:
        raise RuleError(_("{text} is not a card: a rank A, 10 (or T), K, Q, J, 9 and a suit "
                          "S, H, D, C (or ♠ ♥ ♦ ♣), e.g. AS, 10H, QS, JD").format(
                              text=quoted(text)),
                        "meld_cards")
    return Card(rank, suit)


def parse_cards(words: Iterable[str]) -> tuple[Card, ...]:
    """Cards from words, each of which may hold several separated by spaces or commas."""
    return check_pack(parse_card(w) for word in words for w in word.replace(",", " ").split())


def check_pack(cards: Iterable[Card]) -> tuple[Card, ...]:
    """`cards`, if a pinochle pack can hold them: two of each card, no more."""
    cards = tuple(cards)
    for card, count in Counter(cards).items():
        if count > 2:
            raise RuleError(_("{count} copies of {card}: a pinochle pack has two of each "
                              "card").format(count=count, card=card), "meld_cards")
    return cards


def card_points(cards: Sequence[Card], last_trick: bool = False) -> int:
    return sum(CARD_POINTS[c.rank] for c in cards) + (LAST_TRICK if last_trick else 0)


class Meld(NamedTuple):
    name: str
    points: int
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        """'marriage in clubs' for a marriage, the name for the rest."""
        return f"marriage in {self.cards[0].suit}" if self.name == "marriage" else self.name


#: The four of a kind: 100 aces, 80 kings, 60 queens, 40 jacks.
ROUND_HOUSES = (("A", "aces", 100), ("K", "kings", 80), ("Q", "queens", 60), ("J", "jacks", 40))


def melds(cards: Sequence[Card], trump: Suit) -> list[Meld]:
    """Every meld in `cards` with `trump` trumps.

    A card may serve in melds of different kinds (a marriage and a pinochle) but not twice
    in the same kind; a second full set of a kind scores again.
    """
    have = Counter(cards)
    flush = tuple(Card(r, trump) for r in ("A", "10", "K", "Q", "J"))
    flushes = min(have[c] for c in flush)
    found = [Meld("flush", 150, flush)] * flushes
    # The trump K Q inside a flush is not counted again as a royal marriage.
    royal = (Card("K", trump), Card("Q", trump))
    found += [Meld("royal marriage", 40, royal)] * (min(have[c] for c in royal) - flushes)
    for suit in Suit:
        if suit != trump:
            pair = (Card("K", suit), Card("Q", suit))
            found += [Meld("marriage", 20, pair)] * min(have[c] for c in pair)
    found += [Meld("dix", 10, (Card("9", trump),))] * have[Card("9", trump)]
    for rank, name, points in ROUND_HOUSES:
        house = tuple(Card(rank, s) for s in Suit)
        found += [Meld(f"{points} {name}", points, house)] * min(have[c] for c in house)
    pinochle = (Card("Q", Suit.SPADES), Card("J", Suit.DIAMONDS))
    pinochles = min(have[c] for c in pinochle)
    if pinochles == 2:
        found.append(Meld("double pinochle", 80, pinochle * 2))
    elif pinochles == 1:
        found.append(Meld("pinochle", 40, pinochle))
    return found


def meld_total(cards: Sequence[Card], trump: Suit) -> int:
    return sum(m.points for m in melds(cards, trump))
