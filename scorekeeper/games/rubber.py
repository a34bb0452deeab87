"""A rubber of bridge-whist and its score pad, apart from the deals that make it: the
trump suits and their values (in English and Danish), two partnerships sitting opposite,
the pad below and above the line, and the reckoning (seeds/bridge-danish.txt; English in
bridge-english.txt; readings in docs/rules.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from ..errors import RuleError
from ..i18n import _
from .players import Players


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
    raise RuleError(_("unknown trump {text!r}: spades, clubs, diamonds, hearts or notrumps "
                      "(spar, klør, ruder, hjerter, sans; S, C, D, H, NT)").format(text=text),
                    "trump")


@dataclass(frozen=True, slots=True)
class Teams:
    """Two partnerships: X1 & X2 against Y1 & Y2. Partners sit opposite, so the four sit
    X1, Y1, X2, Y2 and the deal passes round in that order."""

    first: tuple[str, str]
    second: tuple[str, str]

    def __post_init__(self) -> None:
        if len({*self.first, *self.second}) != 4:
            raise RuleError(_("partnerships {teams} must be four different players")
                            .format(teams=self), "teams")

    def __str__(self) -> str:
        """The two partnerships as a person reads them: Ann & Cid v Bob & Dan."""
        return _("{first} v {second}").format(first=side_name(self.first),
                                              second=side_name(self.second))

    @property
    def sides(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return self.first, self.second

    @property
    def seating(self) -> tuple[str, str, str, str]:
        (x1, x2), (y1, y2) = self.first, self.second
        return x1, y1, x2, y2

    def side_of(self, player: str) -> int:
        """0 for the first partnership, 1 for the second."""
        return 0 if player in self.first else 1

    def after(self, dealer: str) -> str:
        seating = self.seating
        return seating[(seating.index(dealer) + 1) % 4]


def default_teams(players: Players) -> Teams:
    """Seats 1 and 3 against 2 and 4."""
    return Teams((players[0], players[2]), (players[1], players[3]))


def side_name(side: tuple[str, str]) -> str:
    return " & ".join(side)


class Rubber(NamedTuple):
    """One rubber's score pad. Sides are 0 and 1, in the order of `teams`."""

    number: int
    teams: Teams
    below: tuple[tuple[tuple[int, int], ...], ...] = ((),)
    """Per game, in order, the (side, points) written below the line; the last game is the
    one being played unless the rubber is finished."""
    game_winners: tuple[int, ...] = ()
    above: tuple[tuple[int, int, str], ...] = ()
    """(side, points, what) above the line, in order: honours, chicane, slams, rubber."""
    winner: int | None = None
    """The side that won the rubber; None while it is played."""

    def totals(self) -> tuple[int, int]:
        """Each side's points: all below the line and all above."""
        totals = [0, 0]
        for game in self.below:
            for side, points in game:
                totals[side] += points
        for side, points, _what in self.above:
            totals[side] += points
        return totals[0], totals[1]

    def games(self) -> tuple[int, int]:
        return self.game_winners.count(0), self.game_winners.count(1)

    def current_game(self) -> tuple[int, int]:
        """Each side's points below the line in the game being played."""
        below = [0, 0]
        if self.winner is None:
            for side, points in self.below[-1]:
                below[side] += points
        return below[0], below[1]

    def summary(self) -> RubberSummary:
        return RubberSummary(self.number, self.teams, self.totals(), self.games(), self.winner)

    def difference(self) -> int:
        """The first partnership's total less the second's."""
        first, second = self.totals()
        return first - second

    def reckoning(self) -> dict[str, int]:
        """Each player's points for this rubber as it stands: the side with the higher
        total wins the difference, each player of it +difference, each of the other -."""
        difference = self.difference()
        return (dict.fromkeys(self.teams.first, difference)
                | dict.fromkeys(self.teams.second, -difference))


class RubberSummary(NamedTuple):
    """A rubber in brief, as the end of a sitting reckons it."""

    number: int
    teams: Teams
    points: tuple[int, int]
    """Each side's total."""
    games_won: tuple[int, int]
    winner: int | None

    def totals(self) -> tuple[int, int]:
        return self.points

    def games(self) -> tuple[int, int]:
        return self.games_won


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
