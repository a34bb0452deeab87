"""What a partnership game played in rubbers shares (Bridge, and the guide's Short whist):
two partnerships sitting opposite, a rubber's score pad, a change of partnerships that sits
among the deals and takes effect with the next rubber, the rubbers won before (a chain every
later state shares), who deals, who plays and sits out, the state as the cache keeps it, the
transfers that follow the rubber's reckoning, and what `stats` counts.

A game of this kind subclasses `PartnershipGame` and says only what a deal is: its inputs
read and written (`deal_from_data`, `deal_to_data`), the players it names (`named`), what it
writes on the pad (`score`), and the points of a game and a rubber (`game_points`,
`rubber_bonus`). The reckoning is rubber by rubber: each side's total, the
difference, each player of the side with more +difference, each of the other -difference;
the balances follow it as it stands after every deal, so an unfinished rubber is already
reckoned when the sitting ends.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from ..errors import RuleError
from ..i18n import _
from ..ledger import Transfer
from ..text import quoted
from ..values import replace, value
from .base import Dealing, Entry, Game, Partnerships, Seats
from .data import Fields
from .players import Players


@value
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


@value
class Rubber:
    """One rubber's score pad. Sides are 0 and 1, in the order of `teams`."""

    number: int
    teams: Teams
    below: tuple[tuple[tuple[int, int], ...], ...] = ((),)
    """Per game, in order, the (side, points) written below the line; the last game is the
    one being played unless the rubber is finished."""
    game_winners: tuple[int, ...] = ()
    above: tuple[tuple[int, int, str], ...] = ()
    """(side, points, what) above the line, in order (Bridge: honours, chicane, slams;
    every game: the rubber). `what` is English, the key of the words the View shows."""
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

    def scored(self, side: int, below: int, above: Iterable[tuple[int, int, str]],
               game_points: int, rubber_bonus: int) -> tuple[Rubber, bool]:
        """The pad after a deal that wrote `below` points below the line for `side` and
        `above` above it; a side with `game_points` below in the game wins it, two games
        the rubber and `rubber_bonus`. With whether the deal won a game."""
        games = list(self.below)
        if below:
            games[-1] = (*games[-1], (side, below))
        game_won = bool(below) and sum(p for s, p in games[-1] if s == side) >= game_points
        winners, winner, above = self.game_winners, None, tuple(above)
        if game_won:
            winners = (*winners, side)
            if winners.count(side) == 2:
                winner = side
                above += ((side, rubber_bonus, "rubber"),)
            else:
                games.append(())
        return replace(self, below=tuple(games), game_winners=winners,
                             above=self.above + above, winner=winner), game_won


@value
class RubberSummary:
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


@value
class NewPartnerships:
    """Not a deal: the partnerships (and so who sits out) for the next rubber."""

    teams: Teams

    @property
    def dealer(self) -> None:
        return None


@value
class PartnershipsResult:
    """What a change of partnerships did: nothing yet, but set the next rubber's."""

    rubber: int
    """The number of the rubber they will play."""
    teams: Teams
    waiting: bool
    """A rubber is being played: the new partnerships start when it is won."""
    transfers: tuple[Transfer, ...] = ()


@value
class Earlier:
    """The rubbers won before the last one, newest first: a chain every later state
    shares, so a deal never copies what came before it."""

    rubber: RubberSummary
    before: Earlier | None


@value
class RubberState:
    last: Rubber | None = None
    """The rubber being played, or the last one won; None before the first deal."""
    earlier: Earlier | None = None
    """The rubbers before `last`, in brief."""
    next_teams: Teams | None = None
    """The partnerships for the next rubber, when changed."""
    turn: str | None = None
    """Between rubbers: who deals if those of the rubber just played play on (round the
    table); set by the deal that wins a rubber, or the first change before any deal."""
    first: Teams | None = None
    """Rubber 1's partnerships unless changed: seats 1 & 3 v 2 & 4 as the sitting began."""

    @property
    def playing(self) -> Rubber | None:
        """The rubber being played, if one is under way."""
        if self.last is not None and self.last.winner is None:
            return self.last
        return None

    @property
    def rubbers(self) -> tuple[RubberSummary, ...]:
        """Every rubber begun, in order, in brief."""
        found = [] if self.last is None else [self.last.summary()]
        link = self.earlier
        while link is not None:
            found.append(link.rubber)
            link = link.before
        return tuple(reversed(found))


D = TypeVar("D", bound=Entry)


@value
class Scoring:
    """What a deal writes on the pad (PartnershipGame.score): points below the line for
    `side`, and what is written above it for either side."""

    side: int
    below: int
    above: tuple[tuple[int, int, str], ...] = ()


@value
class DealResult(Generic[D]):
    """What one deal of a partnership game did."""

    rubber: Rubber
    """The rubber after the deal."""
    started: bool
    """The deal began its rubber."""
    deal: D
    side: int
    """The side it scored for below the line."""
    below: int
    above: tuple[tuple[int, int, str], ...]
    """What it wrote above the line, for either side: with the rubber's bonus if it won
    the rubber."""
    game_won: bool
    transfers: tuple[Transfer, ...]


def odd_tricks(teams: Teams, player: str, tricks: int) -> tuple[int, int]:
    """The side that took seven or more of the thirteen tricks, and how many, from the
    tricks of `player`'s side: odd tricks go to that side, the defenders too."""
    named = teams.side_of(player)
    return (named, tricks) if tricks >= 7 else (1 - named, 13 - tricks)


def next_rubber(state: RubberState, players: Players) -> Rubber:
    """The rubber being played, or the next one to start."""
    if state.playing:
        return state.playing
    teams = state.next_teams or (state.last.teams if state.last else None)
    return Rubber(state.last.number + 1 if state.last else 1, teams or state.first
                  or default_teams(players))


def check_dealer(rubber: Rubber, dealer: str) -> None:
    """The dealer plays in the rubber."""
    if dealer not in rubber.teams.seating:
        raise RuleError(_("{dealer} sits out rubber {number} ({teams}): the dealer is one of "
                          "{players}").format(dealer=dealer, number=rubber.number,
                                              teams=rubber.teams,
                                              players=", ".join(rubber.teams.seating)))


def check_named(rubber: Rubber, named: Iterable[str], players: Players) -> None:
    """Every player a deal names plays in its rubber."""
    four = rubber.teams.seating
    for who in named:
        if who not in four:
            players.exact(who)
            raise RuleError(_("{player} is not in rubber {number} ({teams}): the players are "
                              "{players}").format(player=who, number=rubber.number,
                                                  teams=rubber.teams, players=", ".join(four)))


def moved(before: Rubber | None, after: Rubber) -> tuple[Transfer, ...]:
    """The transfers that move the players' balances by the change of the rubber's
    reckoning (from nothing, for a rubber the deal began)."""
    change = after.difference() - (before.difference() if before else 0)
    return tuple(Transfer(y, x, change) if change > 0 else Transfer(x, y, -change)
                 for x, y in zip(*after.teams.sides, strict=True) if change)


S = TypeVar("S")


class PartnershipGame(Game[S, D | NewPartnerships, RubberState,
                           DealResult[D] | PartnershipsResult], Generic[S, D]):
    """A game of two partnerships playing rubbers, four of the players at a time. Its
    entries are its deals (D, each scored as a DealResult) and changes of partnerships."""

    min_players = 4
    rubber_bonus: ClassVar[int]
    """What the side that wins a rubber scores for it, above the line (Bridge: 100)."""
    counts: ClassVar[tuple[str, ...]] = ("deals", "rubbers", "rubbers_won", "games_won")

    @abstractmethod
    def deal_from_data(self, data: Mapping[str, object], players: Players) -> D:
        """A deal from a file's table (Game.entry_from_data, for a deal)."""

    @abstractmethod
    def deal_to_data(self, deal: D) -> dict[str, object]:
        """A deal as plain data (Game.entry_to_data, for a deal)."""

    @abstractmethod
    def named(self, deal: D) -> Iterable[str]:
        """The players `deal` names, who must play in its rubber."""

    @abstractmethod
    def score(self, rubber: Rubber, deal: D, dealing: Dealing[S]) -> Scoring:
        """Check what else `deal` must agree with (RuleError), and what it writes on the
        pad of `rubber`."""

    @abstractmethod
    def game_points(self, settings: S) -> int:
        """The points below the line that win a game (Bridge: 30)."""

    def count_more(self, result: DealResult[D]) -> Iterable[tuple[str, str, int]]:
        """What a deal adds to the game's own counts beside those every partnership game
        counts (Bridge: slams)."""
        return ()

    def count(self, result: DealResult[D] | PartnershipsResult
              ) -> Iterable[tuple[str, str, int]]:
        """The deals and rubbers each player played (not those he sat out), the rubbers
        and games his side won, and what the game counts of its own."""
        if isinstance(result, PartnershipsResult):
            return ()
        teams = result.rubber.teams
        counted = [(p, "deals", 1) for p in teams.seating]
        if result.started:
            counted += [(p, "rubbers", 1) for p in teams.seating]
        if result.game_won:
            counted += [(p, "games_won", 1) for p in teams.sides[result.side]]
            if result.rubber.winner is not None:
                counted += [(p, "rubbers_won", 1) for p in teams.sides[result.side]]
        return [*counted, *self.count_more(result)]

    def count_title(self, count: str) -> str:
        return {"rubbers": _("rubbers"), "rubbers_won": _("rubbers won"),
                "games_won": _("games won")}[count]

    def entry_from_data(self, data: Mapping[str, object], players: Players
                        ) -> D | NewPartnerships:
        if "teams" in data:
            return _partnerships_from_data(data, players)
        return self.deal_from_data(data, players)

    def entry_to_data(self, entry: D | NewPartnerships) -> dict[str, object]:
        if isinstance(entry, NewPartnerships):
            return {"teams": [list(side) for side in entry.teams.sides]}
        return self.deal_to_data(entry)

    def is_deal(self, entry: D | NewPartnerships) -> bool:
        """A change of partnerships sits among the deals but is not one."""
        return not isinstance(entry, NewPartnerships)

    def is_deal_data(self, data: Mapping[str, object]) -> bool:
        return "teams" not in data

    def seats(self, state: RubberState, seated: Players, next_dealer: str) -> Seats:
        """The four of the rubber being played (or next) play and deal, the rest sit out;
        the rubber after it is played by the partnerships set for it, else the same."""
        rubber = next_rubber(state, seated)
        four = rubber.teams.seating
        out = tuple(p for p in seated if p not in four)
        if state.playing is None:
            return Seats(out, four, None, Partnerships(rubber.number, rubber.teams),
                         state.next_teams)
        return Seats(out, four, Partnerships(rubber.number, rubber.teams),
                     Partnerships(rubber.number + 1, state.next_teams or rubber.teams),
                     state.next_teams)

    def check_seating(self, players: Players, settings: S, first_dealer: str) -> None:
        check_dealer(Rubber(1, default_teams(players)), first_dealer)

    def initial_state(self, settings: S, players: Players) -> RubberState:
        return RubberState(first=default_teams(players))

    def play(self, state: RubberState, entry: D | NewPartnerships, dealing: Dealing[S]
             ) -> tuple[RubberState, DealResult[D] | PartnershipsResult]:
        """Score one deal on the current rubber's pad, or set the next partnerships."""
        rubber = next_rubber(state, dealing.players)
        if isinstance(entry, NewPartnerships):
            dealing.players.require(*entry.teams.seating)
            waiting = state.playing is not None
            number = rubber.number + 1 if waiting else rubber.number
            result = PartnershipsResult(number, entry.teams, waiting)
            turn = state.turn if waiting else state.turn or dealing.dealer
            return replace(state, next_teams=entry.teams, turn=turn), result
        check_named(rubber, self.named(entry), dealing.players)
        check_dealer(rubber, dealing.dealer)
        scoring = self.score(rubber, entry, dealing)
        after, game_won = rubber.scored(scoring.side, scoring.below, scoring.above,
                                        self.game_points(dealing.settings), self.rubber_bonus)
        # The balances follow the rubber's reckoning as it stands: move them by its change.
        scored = DealResult(after, state.playing is None, entry, scoring.side, scoring.below,
                            after.above[len(rubber.above):], game_won,
                            moved(state.playing, after))
        if state.playing:
            # won: the deal goes on round the table if these partnerships play again
            turn = None if after.winner is None else after.teams.after(dealing.dealer)
            return RubberState(after, state.earlier, state.next_teams, turn), scored
        # a new rubber: it takes the partnerships set for it
        earlier = state.earlier if state.last is None else Earlier(state.last.summary(),
                                                                   state.earlier)
        return RubberState(after, earlier, None), scored

    def next_dealer(self, state: RubberState, players: Players, dealer: str,
                    entry: D | NewPartnerships) -> str:
        """Round the four of the rubber, partners opposite. The first deal under new
        partnerships (not those of the rubber just played) is X1's; a change another
        replaces before a deal is played under it decides nothing (SPEC 4)."""
        last = state.last.teams if state.last else state.first or default_teams(players)
        if state.playing:
            return dealer if isinstance(entry, NewPartnerships) else last.after(dealer)
        upcoming = state.next_teams or last
        if upcoming != last:
            return upcoming.first[0]
        if isinstance(entry, NewPartnerships):
            return state.turn or dealer  # back to the last partnerships: round the table
        return last.after(dealer)

    def state_to_data(self, state: RubberState) -> object:
        last = state.last
        pad = None if last is None else (last.number, _teams_data(last.teams), last.below,
                                         last.game_winners, last.above, last.winner)
        earlier = [(r.number, _teams_data(r.teams), r.points, r.games_won, r.winner)
                   for r in state.rubbers[:-1]]
        teams = [None if t is None else _teams_data(t) for t in (state.next_teams, state.first)]
        return (pad, earlier, teams[0], state.turn, teams[1])

    def state_from_data(self, data: object) -> RubberState:
        if not isinstance(data, tuple) or len(data) != 5:
            raise ValueError(f"not a {self.title} state: {data!r}")
        pad, earlier, next_teams, turn, first = data
        if not (turn is None or isinstance(turn, str)):
            raise ValueError(f"not a dealer: {turn!r}")
        chain = None
        for n, t, points, games, winner in earlier:
            chain = Earlier(RubberSummary(n, _teams(t), tuple(points), tuple(games), winner),
                            chain)
        last = None if pad is None else Rubber(
            pad[0], _teams(pad[1]), tuple(tuple(map(tuple, g)) for g in pad[2]), tuple(pad[3]),
            tuple(map(tuple, pad[4])), pad[5])
        return RubberState(last, chain, None if next_teams is None else _teams(next_teams), turn,
                           None if first is None else _teams(first))


def _teams_data(teams: Teams) -> object:
    return (teams.first, teams.second)


def _teams(data: Any) -> Teams:
    (a, b), (c, d) = data
    return Teams((a, b), (c, d))


def _partnerships_from_data(data: Mapping[str, object], players: Players) -> NewPartnerships:
    fields = Fields(data, frozenset({"teams"}), _("a change of partnerships"))
    raw = data["teams"]
    sides = raw if isinstance(raw, list) and len(raw) == 2 else []
    pairs = [side for side in sides if isinstance(side, list) and len(side) == 2]
    if len(pairs) != 2:
        fields.fail(_("teams {teams} must be two pairs, like [[\"Ann\", \"Cid\"], [\"Bob\", "
                      "\"Dan\"]]").format(teams=quoted(raw)), "teams")
    fields.done()
    (a, b), (c, d) = ([players.exact(p) for p in side] for side in pairs)
    return NewPartnerships(Teams((a, b), (c, d)))
