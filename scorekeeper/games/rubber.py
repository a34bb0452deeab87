"""The cards of bridge-whist, apart from the deals that make a rubber: the trump suits and
their values (in English and Danish), the points of a game and a rubber, and the honours
(seeds/bridge-danish.txt; English in bridge-english.txt; readings in docs/rules.md). The
partnerships and the score pad every partnership game shares are in games/partnership.py."""

from __future__ import annotations

from enum import StrEnum

from ..errors import RuleError
from ..i18n import _
from ..text import quoted


class Strain(StrEnum):
    """The trump suit, or no trumps."""

    SPADES = "spades"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    NO_TRUMPS = "notrumps"

    @property
    def label(self) -> str:
        """The strain as a person reads it (in the file it stays `value`)."""
        return {Strain.SPADES: _("spades"), Strain.CLUBS: _("clubs"),
                Strain.DIAMONDS: _("diamonds"), Strain.HEARTS: _("hearts"),
                Strain.NO_TRUMPS: _("no trumps")}[self]


#: "med spar trumf tæller hvert trik 2, er klør trumf 4, er ruder trumf 6, og er hjerter
#: trumf, tæller hvert trik 8 points. Spilles uden trumf, tæller hvert trik 12 points."
TRICK_VALUE = {Strain.SPADES: 2, Strain.CLUBS: 4, Strain.DIAMONDS: 6, Strain.HEARTS: 8,
               Strain.NO_TRUMPS: 12}
#: Every way a suit may be named, in English or Danish.
STRAIN_WORDS = {
    "s": Strain.SPADES, "spades": Strain.SPADES, "spade": Strain.SPADES,
    "spar": Strain.SPADES, "♠": Strain.SPADES,
    "c": Strain.CLUBS, "clubs": Strain.CLUBS, "club": Strain.CLUBS, "klør": Strain.CLUBS,
    "klor": Strain.CLUBS, "♣": Strain.CLUBS,
    "d": Strain.DIAMONDS, "diamonds": Strain.DIAMONDS, "diamond": Strain.DIAMONDS,
    "ruder": Strain.DIAMONDS, "♦": Strain.DIAMONDS,
    "h": Strain.HEARTS, "hearts": Strain.HEARTS, "heart": Strain.HEARTS,
    "hjerter": Strain.HEARTS, "♥": Strain.HEARTS,
    "nt": Strain.NO_TRUMPS, "notrumps": Strain.NO_TRUMPS, "no trumps": Strain.NO_TRUMPS,
    "no-trumps": Strain.NO_TRUMPS, "sans": Strain.NO_TRUMPS, "uden trumf": Strain.NO_TRUMPS,
    "ut": Strain.NO_TRUMPS,
}
GAME_POINTS = 30
RUBBER_BONUS = 100

def parse_trump(text: object) -> Strain:
    """A trump suit or no trumps, in English or Danish: spar, klør, ruder, hjerter, sans ..."""
    word = " ".join(text.lower().split()) if isinstance(text, str) else ""
    if word in STRAIN_WORDS:
        return STRAIN_WORDS[word]
    raise RuleError(_("unknown trump {text}: spades, clubs, diamonds, hearts or notrumps "
                      "(spar, klør, ruder, hjerter, sans; S, C, D, H, NT)").format(
                          text=quoted(text)),
                    "trump")


def honours_score(trump: Strain, held: list[int]) -> int:
    """The honours of one side, from what each of its two players held."""
    total, most = sum(held), max(held, default=0)
    if trump == Strain.NO_TRUMPS:
        # "3 esser hos et makkerpar tæller 30 points, 4 esser tæller 40, og 4 esser på én
        # hånd tæller 100 points."
        return {3: 30, 4: 100 if most == 4 else 40}.get(total, 0)
    t = TRICK_VALUE[trump]
    if total == 5:
        return {5: 10, 4: 9}.get(most, 5) * t
    if total == 4:
        return (8 if most == 4 else 4) * t
    return 2 * t if total == 3 else 0
