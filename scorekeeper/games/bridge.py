"""Bridge in its old bridge-whist form, with the Danish scoring: odd tricks by suit, game at
30, rubber of two games, honours, chicane and slams (seeds/bridge-danish.txt; English in
bridge-english.txt; readings in docs/rules.md).

Points are reckoned rubber by rubber: each side's total, the difference, and each player of
the side with more +difference, each of the other -difference. The players' balances follow
the reckoning of the rubber as it stands after every deal, so a deal's transfers are the
change it makes to that reckoning, and an unfinished rubber is already reckoned (without the
100) when the sitting ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ..errors import RuleError
from ..i18n import _
from ..ledger import Transfer
from .base import Game, Partnerships, Seats, Table
from .data import Fields
from .players import Players
from .rubber import (
    GAME_POINTS,
    RUBBER_BONUS,
    TRICK_VALUE,
    Rubber,
    RubberSummary,
    Strain,
    Teams,
    default_teams,
    honours_score,
    parse_trump,
    side_name,
)

DEAL_KEYS = frozenset({"dealer", "trump", "tricks", "doubled", "honours", "chicane"})
#: The seed sets no limit on doubling; past 30 a trick would be worth 2**30 times its value.
MOST_DOUBLINGS = 30


@dataclass(frozen=True, slots=True)
class BridgeSettings:
    max_doublings: int = 10
    """The most times a trick value may be doubled (2: a double and a redouble); 10 by
    default, so that a slip like 100 is caught."""

    def __post_init__(self) -> None:
        if not 0 <= self.max_doublings <= MOST_DOUBLINGS:
            raise RuleError(_("max_doublings {doublings} must be from 0 to {most}").format(
                doublings=self.max_doublings, most=MOST_DOUBLINGS), "max_doublings")


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """A deal's inputs; everything else is replayed."""

    trump: Strain
    side_of: str
    """A player of the side whose tricks are given."""
    tricks: int
    """The tricks that side took; the other took the rest of 13."""
    doubled: int = 0
    honours: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """The honours each player named held (in no trumps the aces); the rest hold none."""
    chicane: tuple[str, ...] = ()
    """The players who held no trump."""
    dealer: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump", Strain(self.trump))
        object.__setattr__(self, "honours", MappingProxyType(dict(self.honours)))
        object.__setattr__(self, "chicane", tuple(self.chicane))
        if not 0 <= self.tricks <= 13:
            raise RuleError(_("tricks {tricks}: a side takes 0 to 13 tricks")
                            .format(tricks=self.tricks), "tricks")
        if self.doubled < 0:
            raise RuleError(_("doubled {times} times: 0 or more").format(times=self.doubled),
                            "doubled")
        nt = self.trump == Strain.NO_TRUMPS
        most = 4 if nt else 5
        for player, held in self.honours.items():
            if not 0 <= held <= most:
                message = (_("{player}={held}: there are {most} aces") if nt else
                           _("{player}={held}: there are {most} honours in {trump}"))
                raise RuleError(message.format(player=player, held=held, most=most,
                                               trump=self.trump.label), "honours")
        if sum(self.honours.values()) > most:
            message = (_("honours total {total}: there are {most} aces in all") if nt else
                       _("honours total {total}: there are {most} honours in {trump} in all"))
            raise RuleError(message.format(total=sum(self.honours.values()), most=most,
                                           trump=self.trump.label), "honours")
        if not nt and not any(self.honours.values()):
            raise RuleError(_("give the honours in {trump}: one side always holds 3 or more of "
                              "A K Q J 10").format(trump=self.trump.label), "honours",
                            asks="honours")
        if len(set(self.chicane)) != len(self.chicane):
            raise RuleError(_("a chicane player is named twice"), "chicane")
        if self.chicane and nt:
            raise RuleError(_("chicane is a void in trumps: there is none in no trumps"),
                            "chicane")
        for player in self.chicane:
            if self.honours.get(player):
                raise RuleError(_("{player} is named with trump honours, so {player} is not "
                                  "void (chicane)").format(player=player), "chicane")


@dataclass(frozen=True, slots=True)
class NewPartnerships:
    """Not a deal: the partnerships (and so who sits out) for the next rubber."""

    teams: Teams

    @property
    def dealer(self) -> None:
        return None


BridgeEntry = BridgeDeal | NewPartnerships


class Earlier(NamedTuple):
    """The rubbers won before the last one, newest first: a chain every later state
    shares, so a deal never copies what came before it."""

    rubber: RubberSummary
    before: Earlier | None


class BridgeState(NamedTuple):
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


class BridgeResult(NamedTuple):
    """What one deal did."""

    rubber: Rubber
    """The rubber after the deal."""
    started: bool
    """The deal began its rubber."""
    deal: BridgeDeal
    side: int
    """The side that took seven or more tricks."""
    below: int
    above: tuple[tuple[int, int, str], ...]
    game_won: bool
    transfers: tuple[Transfer, ...]


class PartnershipsResult(NamedTuple):
    """What a change of partnerships did: nothing yet, but set the next rubber's."""

    rubber: int
    """The number of the rubber they will play."""
    teams: Teams
    waiting: bool
    """A rubber is being played: the new partnerships start when it is won."""
    transfers: tuple[Transfer, ...] = ()


BridgeOutcome = BridgeResult | PartnershipsResult


def next_rubber(state: BridgeState, players: Players) -> Rubber:
    """The rubber being played, or the next one to start."""
    if state.playing:
        return state.playing
    teams = state.next_teams or (state.last.teams if state.last else None)
    return Rubber(state.last.number + 1 if state.last else 1, teams or state.first
                  or default_teams(players))


class Bridge(Game[BridgeSettings, BridgeEntry, BridgeState, BridgeOutcome]):
    name = "bridge"
    title = "Bridge"
    unit = "point"
    min_players, max_players = 4, 12
    entry_keys = DEAL_KEYS | {"teams"}
    state_version = 5
    counts = ("deals", "rubbers", "rubbers_won", "games_won", "slams")

    def count(self, result: BridgeOutcome) -> Iterable[tuple[str, str, int]]:
        """The deals and rubbers each player played (not those he sat out), the rubbers
        and games his side won, and its slams."""
        if isinstance(result, PartnershipsResult):
            return ()
        teams = result.rubber.teams
        counted = [(p, "deals", 1) for p in teams.seating]
        if result.started:
            counted += [(p, "rubbers", 1) for p in teams.seating]
        winners = teams.sides[result.side]
        if result.game_won:
            counted += [(p, "games_won", 1) for p in winners]
            if result.rubber.winner is not None:
                counted += [(p, "rubbers_won", 1) for p in winners]
        if any("slam" in what for _side, _points, what in result.above):
            counted += [(p, "slams", 1) for p in winners]
        return counted

    def settings_from_data(self, data: Mapping[str, object]) -> BridgeSettings:
        fields = Fields(data, frozenset({"max_doublings"}), _("settings"))
        most = fields.number("max_doublings", 10, 0, MOST_DOUBLINGS)
        return fields.build(BridgeSettings, most)

    def settings_to_data(self, settings: BridgeSettings) -> dict[str, object]:
        return {"max_doublings": settings.max_doublings}

    def entry_from_data(self, data: Mapping[str, object], players: Players) -> BridgeEntry:
        if "teams" in data:
            return _partnerships_from_data(data, players)
        fields = Fields(data, DEAL_KEYS, _("a deal"))
        trump = Strain.NO_TRUMPS
        if "trump" not in data:
            fields.fail(_("give the trump suit or notrumps"), "trump")
        else:
            try:
                trump = parse_trump(data["trump"])
            except RuleError as error:
                fields.fail(str(error), "trump")
        tricks = fields.counts("tricks", players, 13)
        if len(tricks) != 1 and not fields.errors:
            fields.fail(_("tricks {tricks!r} must name one player and the tricks his side took, "
                          "like {{ Ann = 9 }}").format(tricks=data.get("tricks")), "tricks")
        honours = fields.counts("honours", players, 5)
        chicane = fields.player_list("chicane", players)
        doubled = fields.number("doubled", 0)
        dealer = fields.player("dealer", players)
        fields.done()
        ((side_of, taken),) = tricks.items()
        in_seat_order = {p: honours[p] for p in players if p in honours}
        return fields.build(BridgeDeal, trump, side_of, taken, doubled, in_seat_order, chicane,
                            dealer)

    def entry_to_data(self, entry: BridgeEntry) -> dict[str, object]:
        if isinstance(entry, NewPartnerships):
            return {"teams": [list(side) for side in entry.teams.sides]}
        data: dict[str, object] = {"dealer": entry.dealer} if entry.dealer else {}
        data |= {"trump": entry.trump.value, "tricks": {entry.side_of: entry.tricks}}
        if entry.doubled:
            data["doubled"] = entry.doubled
        if entry.honours:
            data["honours"] = dict(entry.honours)
        if entry.chicane:
            data["chicane"] = list(entry.chicane)
        return data

    def seats(self, state: BridgeState, seated: Players, next_dealer: str) -> Seats:
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

    def check_seating(self, players: Players, settings: BridgeSettings, first_dealer: str
                      ) -> None:
        _check_dealer(Rubber(1, default_teams(players)), first_dealer)

    def is_deal(self, entry: BridgeEntry) -> bool:
        """A change of partnerships sits among the deals but is not one."""
        return isinstance(entry, BridgeDeal)

    def is_deal_data(self, data: Mapping[str, object]) -> bool:
        return "teams" not in data

    def initial_state(self, settings: BridgeSettings, players: Players) -> BridgeState:
        return BridgeState(first=default_teams(players))

    def play(self, state: BridgeState, entry: BridgeEntry, table: Table[BridgeSettings]
             ) -> tuple[BridgeState, BridgeOutcome]:
        """Score one deal on the current rubber's pad, or set the next partnerships."""
        rubber = next_rubber(state, table.players)
        if isinstance(entry, NewPartnerships):
            table.players.require(*entry.teams.seating)
            waiting = state.playing is not None
            number = rubber.number + 1 if waiting else rubber.number
            result = PartnershipsResult(number, entry.teams, waiting)
            turn = state.turn if waiting else state.turn or table.dealer
            return state._replace(next_teams=entry.teams, turn=turn), result
        _check_deal(entry, rubber, table)
        after, scored = _score(rubber, entry)
        # The balances follow the rubber's reckoning as it stands: move them by its change.
        moved = after.difference() - (rubber.difference() if state.playing else 0)
        transfers = tuple(Transfer(y, x, moved) if moved > 0 else Transfer(x, y, -moved)
                          for x, y in zip(*after.teams.sides, strict=True) if moved)
        if state.playing:
            scored = scored._replace(transfers=transfers)
            # won: the deal goes on round the table if these partnerships play again
            turn = None if after.winner is None else after.teams.after(table.dealer)
            return BridgeState(after, state.earlier, state.next_teams, turn), scored
        # a new rubber: it takes the partnerships set for it
        scored = scored._replace(transfers=transfers, started=True)
        earlier = state.earlier if state.last is None else Earlier(state.last.summary(),
                                                                   state.earlier)
        return BridgeState(after, earlier, None), scored

    def next_dealer(self, state: BridgeState, players: Players, dealer: str,
                    entry: BridgeEntry) -> str:
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

    def state_to_data(self, state: BridgeState) -> object:
        last = state.last
        pad = None if last is None else (last.number, _teams_data(last.teams), last.below,
                                         last.game_winners, last.above, last.winner)
        earlier = [(r.number, _teams_data(r.teams), r.points, r.games_won, r.winner)
                   for r in state.rubbers[:-1]]
        teams = [None if t is None else _teams_data(t) for t in (state.next_teams, state.first)]
        return (pad, earlier, teams[0], state.turn, teams[1])

    def state_from_data(self, data: object) -> BridgeState:
        if not isinstance(data, tuple) or len(data) != 5:
            raise ValueError(f"not a Bridge state: {data!r}")
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
        return BridgeState(last, chain, None if next_teams is None else _teams(next_teams), turn,
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
        fields.fail(_("teams {teams!r} must be two pairs, like [[\"Ann\", \"Cid\"], [\"Bob\", "
                      "\"Dan\"]]").format(teams=raw), "teams")
    fields.done()
    (a, b), (c, d) = ([players.exact(p) for p in side] for side in pairs)
    return NewPartnerships(Teams((a, b), (c, d)))


def _check_dealer(rubber: Rubber, dealer: str) -> None:
    if dealer not in rubber.teams.seating:
        raise RuleError(_("{dealer} sits out rubber {number} ({teams}): the dealer is one of "
                          "{players}").format(dealer=dealer, number=rubber.number,
                                              teams=rubber.teams,
                                              players=", ".join(rubber.teams.seating)))


def _check_deal(deal: BridgeDeal, rubber: Rubber, table: Table[BridgeSettings]) -> None:
    """What a deal must agree with: the four of the rubber, the session's doublings, and
    honours that can be."""
    four = rubber.teams.seating
    for who in (deal.side_of, *deal.honours, *deal.chicane):
        if who not in four:
            table.players.exact(who)
            raise RuleError(_("{player} is not in rubber {number} ({teams}): the players are "
                              "{players}").format(player=who, number=rubber.number,
                                                  teams=rubber.teams, players=", ".join(four)))
    _check_dealer(rubber, table.dealer)
    most = table.settings.max_doublings
    if deal.doubled > most:
        raise RuleError(_("doubled {times} times: this session allows at most {most}")
                        .format(times=deal.doubled, most=most))
    _check_honours(deal, rubber.teams)


def _check_honours(deal: BridgeDeal, teams: Teams) -> None:
    """Honours that cannot be are refused: one side always holds 3 or more of the five
    trump honours; in no trumps 3 or 4 of the aces, or they split 2-2 (none)."""
    if not deal.honours:
        return  # in no trumps: a 2-2 split
    nt = deal.trump == Strain.NO_TRUMPS
    most = 4 if nt else 5
    held = [0, 0]
    for player, n in deal.honours.items():
        held[teams.side_of(player)] += n
    given = ",".join(f"{p}={n}" for p, n in deal.honours.items())
    if not nt:
        _check_voids(deal, teams, held)
    if max(held) < 3:
        message = (_("honours {given}: one side always holds 3 or more aces: name that side's "
                     "honours; a 2-2 split of the aces is none") if nt else
                   _("honours {given}: one side always holds 3 or more honours in {trump}: "
                     "name that side's honours"))
        raise RuleError(message.format(given=given, trump=deal.trump.label), asks="honours")
    if len({*deal.honours, *deal.chicane}) == 4 and sum(held) < most:
        message = (_("honours {given}: all four players are accounted for but only {count} of "
                     "the {most} aces") if nt else
                   _("honours {given}: all four players are accounted for but only {count} of "
                     "the {most} honours in {trump}"))
        raise RuleError(message.format(given=given, count=sum(held), most=most,
                                       trump=deal.trump.label))


def _check_voids(deal: BridgeDeal, teams: Teams, held: list[int]) -> None:
    """A side both of whose players held no trump leaves all five honours to the other."""
    for side in (0, 1):
        pair = teams.sides[side]
        if all(p in deal.chicane for p in pair) and held[1 - side] != 5:
            others = side_name(teams.sides[1 - side])
            raise RuleError(_("{first} and {second} held no trumps, so {others} held all five "
                              "honours: name them").format(first=pair[0], second=pair[1],
                                                           others=others), asks="honours")


def _score(rubber: Rubber, deal: BridgeDeal) -> tuple[Rubber, BridgeResult]:
    """The rubber after `deal`, and what the deal wrote on its pad."""
    sides = rubber.teams
    trump, t = deal.trump, TRICK_VALUE[deal.trump]
    # Odd tricks go to whichever side took seven or more, the defenders too.
    named = sides.side_of(deal.side_of)
    side, tricks = (named, deal.tricks) if deal.tricks >= 7 else (1 - named, 13 - deal.tricks)
    below = max(tricks - 6, 0) * t * 2**deal.doubled
    above: list[tuple[int, int, str]] = []
    for s in (0, 1):
        points = honours_score(trump, [n for p, n in deal.honours.items()
                                       if sides.side_of(p) == s])
        if points:
            above.append((s, points, "honours"))
    for s in (0, 1):
        # "Chikane godtgøres med 2 gange værdien af 1 trik i trumffarven": per void player.
        voids = sum(1 for p in deal.chicane if sides.side_of(p) == s)
        if voids:
            above.append((s, 2 * t * voids, "chicane"))
    if tricks == 13:
        above.append((side, 40, "grand slam"))
    elif tricks == 12:
        above.append((side, 20, "little slam"))
    games = list(rubber.below)
    if below:
        games[-1] = (*games[-1], (side, below))
    game_won = bool(below) and sum(p for s, p in games[-1] if s == side) >= GAME_POINTS
    winners, winner = rubber.game_winners, None
    if game_won:
        winners = (*winners, side)
        if winners.count(side) == 2:
            winner = side
            above.append((side, RUBBER_BONUS, "rubber"))
        else:
            games.append(())
    after = rubber._replace(below=tuple(games), game_winners=winners,
                    above=rubber.above + tuple(above), winner=winner)
    return after, BridgeResult(after, False, deal, side, below, tuple(above), game_won, ())


GAME = Bridge()
