"""Bridge in its old bridge-whist form, with the Danish scoring: odd tricks by suit, game at
30, rubber of two games, honours, chicane and slams (seeds/bridge-danish.txt; English in
bridge-english.txt; readings in SPEC.md section 4).

Points are reckoned rubber by rubber: each side's total, the difference, and each player of
the side with more +difference, each of the other -difference. The players' balances follow
the reckoning of the rubber as it stands after every deal, so a deal's transfers are the
change it makes to that reckoning, and an unfinished rubber is already reckoned (without the
100) when the sitting ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import RuleError
from ..ledger import Transfer, transfers_for
from .common import check_keys, expect_int, player_lookup, resolve_player

NAME = "bridge"
UNIT = "point"
MIN_PLAYERS, MAX_PLAYERS = 4, 12
ACCOUNTS: tuple[str, ...] = ()

SETTINGS_KEYS = frozenset({"max_doublings"})
DEAL_KEYS = frozenset({"dealer", "trump", "tricks", "doubled", "honours", "chicane", "teams"})

NO_TRUMPS = "NT"
#: "med spar trumf tæller hvert trik 2, er klør trumf 4, er ruder trumf 6, og er hjerter
#: trumf, tæller hvert trik 8 points. Spilles uden trumf, tæller hvert trik 12 points."
TRICK_VALUE = {"S": 2, "C": 4, "D": 6, "H": 8, NO_TRUMPS: 12}
SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", NO_TRUMPS: "no trumps"}
SUIT_WORDS = {
    "s": "S", "spades": "S", "spade": "S", "spar": "S", "♠": "S",
    "c": "C", "clubs": "C", "club": "C", "klør": "C", "klor": "C", "♣": "C",
    "d": "D", "diamonds": "D", "diamond": "D", "ruder": "D", "♦": "D",
    "h": "H", "hearts": "H", "heart": "H", "hjerter": "H", "♥": "H",
    "nt": NO_TRUMPS, "notrumps": NO_TRUMPS, "no trumps": NO_TRUMPS, "no-trumps": NO_TRUMPS,
    "sans": NO_TRUMPS, "uden trumf": NO_TRUMPS, "ut": NO_TRUMPS,
}
GAME = 30
RUBBER_BONUS = 100


def parse_trump(text: object) -> str:
    """A trump suit or no trumps, in English or Danish: spar, klør, ruder, hjerter, sans ..."""
    if isinstance(text, str) and " ".join(text.lower().split()) in SUIT_WORDS:
        return SUIT_WORDS[" ".join(text.lower().split())]
    raise RuleError(
        f"unknown trump {text!r}: spades, clubs, diamonds, hearts or notrumps (spar, klør, "
        "ruder, hjerter, sans; S, C, D, H, NT)"
    )


Teams = tuple[tuple[str, str], tuple[str, str]]


def parse_teams(text: object, players: Sequence[str]) -> Teams:
    """'Ann,Cid/Bob,Dan' -> (("Ann", "Cid"), ("Bob", "Dan")): two pairs of distinct players."""
    lookup = player_lookup(tuple(players))
    pairs = text.split("/") if isinstance(text, str) else []
    sides = [[p.strip() for p in pair.split(",")] for pair in pairs]
    if len(sides) != 2 or any(len(side) != 2 for side in sides):
        raise RuleError(f"teams {text!r} must be two pairs, like A,C/B,D")
    (a, b), (c, d) = ([resolve_player(lookup, p) for p in side] for side in sides)
    if len({a, b, c, d}) != 4:
        raise RuleError(f"teams {text!r} must be four different players")
    return (a, b), (c, d)


def teams_text(teams: Teams) -> str:
    return "/".join(",".join(side) for side in teams)


def side_name(side: tuple[str, str]) -> str:
    return " & ".join(side)


# --- settings and deals --------------------------------------------------------------------


class BridgeSettings(NamedTuple):
    """How a sitting of Bridge is scored."""

    max_doublings: int | None = None
    """The most times a trick value may be doubled (2: a double and a redouble); None: no
    limit."""

    def to_toml(self) -> dict[str, Any]:
        return {} if self.max_doublings is None else {"max_doublings": self.max_doublings}

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> BridgeSettings:
        check_keys(data, SETTINGS_KEYS, "settings")
        most = data.get("max_doublings")
        if most is not None and expect_int(most, "max_doublings") < 0:
            raise RuleError(f"max_doublings {most} must be 0 or more", "max_doublings")
        return cls(most)


class BridgeDeal(NamedTuple):
    """A deal's inputs, or (with teams) the partnerships for the next rubber."""

    trump: str = NO_TRUMPS
    side_of: str = ""
    """A player of the side whose tricks are given."""
    tricks: int = 0
    doubled: int = 0
    honours: tuple[tuple[str, int], ...] = ()
    """(player, honours held), for the players named; the rest hold none."""
    chicane: tuple[str, ...] = ()
    teams: Teams | None = None
    dealer: str | None = None

    def to_toml(self) -> dict[str, Any]:
        if self.teams:
            return {"teams": teams_text(self.teams)}
        data: dict[str, Any] = {"dealer": self.dealer} if self.dealer else {}
        data |= {
            "trump": SUIT_NAMES[self.trump].replace(" ", ""),
            "tricks": f"{self.side_of}={self.tricks}",
        }
        if self.doubled:
            data["doubled"] = self.doubled
        data["honours"] = ",".join(f"{p}={n}" for p, n in self.honours) or "none"
        if self.chicane:
            data["chicane"] = ",".join(self.chicane)
        return data

    @classmethod
    def from_toml(cls, data: Mapping[str, Any], players: Sequence[str]) -> BridgeDeal:
        check_keys(data, DEAL_KEYS, "a deal")
        lookup = player_lookup(tuple(players))
        if "teams" in data:
            extra = sorted(set(data) - {"teams"})
            if extra:
                raise RuleError(f"a change of partnerships has only teams, not {', '.join(extra)}")
            return cls(teams=parse_teams(data["teams"], players))
        dealer = data.get("dealer")
        if "trump" not in data:
            raise RuleError("give the trump suit or notrumps (--trump SUIT)")
        trump = parse_trump(data["trump"])
        raw_tricks = data.get("tricks")
        player, sep, count = raw_tricks.partition("=") if isinstance(raw_tricks, str) else ("", "", "")
        if not sep or not count.strip().lstrip("-").isdigit():
            raise RuleError(f"tricks {raw_tricks!r} must be PLAYER=TRICKS, like Ann=9")
        tricks = int(count)
        if not 0 <= tricks <= 13:
            raise RuleError(f"tricks {tricks}: a side takes 0 to 13 tricks")
        doubled = expect_int(data.get("doubled", 0), "doubled")
        if doubled < 0:
            raise RuleError(f"doubled {doubled} must be 0 or more")
        honours: list[tuple[str, int]] = []
        raw_honours = data.get("honours")
        if raw_honours is None:
            if trump != NO_TRUMPS:
                raise RuleError(
                    f"give the honours in {SUIT_NAMES[trump]} (--honours P=N,...): one side "
                    "always holds 3 or more"
                )
        elif not isinstance(raw_honours, str):
            raise RuleError(f"honours {raw_honours!r} must be P=N,... or none")
        elif raw_honours.strip().lower() != "none":
            for item in raw_honours.split(","):
                name, sep, n = item.partition("=")
                if not sep or not n.strip().isdigit():
                    raise RuleError(f"honours {item.strip()!r} must be PLAYER=N, like Ann=3")
                who = resolve_player(lookup, name)
                if any(who == p for p, _ in honours):
                    raise RuleError(f"{who}'s honours are named twice")
                honours.append((who, int(n)))
        elif trump != NO_TRUMPS:
            raise RuleError(
                f"honours none: in {SUIT_NAMES[trump]} one side always holds 3 or more of "
                "A K Q J 10; name them (--honours P=N,...)"
            )
        raw_chicane = data.get("chicane", "")
        if isinstance(raw_chicane, str):
            raw_chicane = [p for p in raw_chicane.split(",") if p.strip()]
        if not isinstance(raw_chicane, list):
            raise RuleError(f"chicane {raw_chicane!r} must name players, like Ann,Bob")
        chicane = tuple(resolve_player(lookup, p) for p in raw_chicane)
        if len(set(chicane)) != len(chicane):
            raise RuleError("a chicane player is named twice")
        return cls(
            trump, resolve_player(lookup, player), tricks, doubled, tuple(honours), chicane,
            None, None if dealer is None else resolve_player(lookup, dealer),
        )


# --- the score -----------------------------------------------------------------------------


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
        for side, points, _ in self.above:
            totals[side] += points
        return totals[0], totals[1]

    def games(self) -> tuple[int, int]:
        return self.game_winners.count(0), self.game_winners.count(1)

    def current_game(self) -> tuple[int, int]:
        """Each side's points below the line in the game being played."""
        below = [0, 0]
        if len(self.below) > len(self.game_winners):
            for side, points in self.below[-1]:
                below[side] += points
        return below[0], below[1]

    def reckoning(self) -> dict[str, int]:
        """Each player's points for this rubber as it stands: the side with the higher
        total wins the difference, each player of it +difference, each of the other -."""
        first, second = self.totals()
        difference = first - second
        return {
            **{p: difference for p in self.teams[0]},
            **{p: -difference for p in self.teams[1]},
        }


class BridgeState(NamedTuple):
    rubbers: tuple[Rubber, ...] = ()
    deals: int = 0
    """Deals played (a change of partnerships is not one)."""
    next_teams: Teams | None = None
    """The partnerships for the next rubber, when changed."""


class BridgeResult(NamedTuple):
    """What one deal (or change of partnerships) did."""

    rubber: Rubber
    """The rubber after the deal; for a change of partnerships, the next rubber's teams."""
    deal: BridgeDeal
    side: int
    """The side that took seven or more tricks."""
    below: int
    above: tuple[tuple[int, int, str], ...]
    game_won: bool
    transfers: tuple[Transfer, ...]


def default_teams(players: Sequence[str]) -> Teams:
    """Seats 1 and 3 against 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def initial_state(settings: BridgeSettings) -> BridgeState:
    return BridgeState()


def current_rubber(state: BridgeState, players: Sequence[str]) -> Rubber:
    """The rubber being played, or the next one to start."""
    if state.rubbers and state.rubbers[-1].winner is None:
        return state.rubbers[-1]
    teams = state.next_teams or (state.rubbers[-1].teams if state.rubbers else None)
    return Rubber(len(state.rubbers) + 1, teams or default_teams(players))


def honours_score(trump: str, held: Sequence[int]) -> int:
    """The honours of one side, from what each of its two players held."""
    total, most = sum(held), max(held)
    if trump == NO_TRUMPS:
        # "3 esser hos et makkerpar tæller 30 points, 4 esser tæller 40, og 4 esser på én
        # hånd tæller 100 points."
        return {3: 30, 4: 100 if most == 4 else 40}.get(total, 0)
    t = TRICK_VALUE[trump]
    if total == 5:
        return {5: 10, 4: 9}.get(most, 5) * t
    if total == 4:
        return (8 if most == 4 else 4) * t
    return 2 * t if total == 3 else 0


def play_deal(
    state: BridgeState, deal: BridgeDeal, dealer: str, players: Sequence[str],
    settings: BridgeSettings,
) -> tuple[BridgeState, BridgeResult]:
    """Score one deal on the current rubber's pad."""
    rubber = current_rubber(state, players)
    started = bool(state.rubbers) and state.rubbers[-1] is rubber
    if deal.teams:
        # For the next rubber to start: the next deal's, unless a rubber is being played.
        number = rubber.number + 1 if started else rubber.number
        result = BridgeResult(Rubber(number, deal.teams), deal, 0, 0, (), False, ())
        return state._replace(next_teams=deal.teams), result
    sides = rubber.teams
    side_of = {p: i for i, side in enumerate(sides) for p in side}
    playing = ", ".join(p for side in sides for p in side)
    for who in (deal.side_of, *(p for p, _ in deal.honours), *deal.chicane):
        if who not in side_of:
            raise RuleError(
                f"{who} is not in rubber {rubber.number} ({side_name(sides[0])} v "
                f"{side_name(sides[1])}): the players are {playing}"
            )
    if settings.max_doublings is not None and deal.doubled > settings.max_doublings:
        raise RuleError(
            f"doubled {deal.doubled} times: this session allows at most "
            f"{settings.max_doublings}"
        )
    trump, t = deal.trump, TRICK_VALUE[deal.trump]
    _check_honours(deal, side_of)
    # Odd tricks go to whichever side took seven or more, the defenders too.
    named = side_of[deal.side_of]
    side, tricks = (named, deal.tricks) if deal.tricks >= 7 else (1 - named, 13 - deal.tricks)
    below = max(tricks - 6, 0) * t * 2**deal.doubled
    above: list[tuple[int, int, str]] = []
    for s in (0, 1):
        held = [n for p, n in deal.honours if side_of[p] == s] or [0]
        points = honours_score(trump, held)
        if points:
            above.append((s, points, "honours"))
    for s in (0, 1):
        # "Chikane godtgøres med 2 gange værdien af 1 trik i trumffarven": per void player.
        voids = sum(1 for p in deal.chicane if side_of[p] == s)
        if voids:
            above.append((s, 2 * t * voids, "chicane"))
    if tricks == 13:
        above.append((side, 40, "grand slam"))
    elif tricks == 12:
        above.append((side, 20, "little slam"))
    games = list(rubber.below)
    if below:
        games[-1] = (*games[-1], (side, below))
    game_below = sum(p for s, p in games[-1] if s == side)
    game_won = bool(below) and game_below >= GAME
    winners, winner = rubber.game_winners, None
    if game_won:
        winners = (*winners, side)
        if winners.count(side) == 2:
            winner = side
            above.append((side, RUBBER_BONUS, "rubber"))
        else:
            games.append(())
    after = rubber._replace(
        below=tuple(games), game_winners=winners, above=rubber.above + tuple(above),
        winner=winner,
    )
    # The balances follow the rubber's reckoning as it stands: move them by its change.
    before = rubber.reckoning() if started else {}
    change = {p: points - before.get(p, 0) for p, points in after.reckoning().items()}
    if started:
        new_state = BridgeState((*state.rubbers[:-1], after), state.deals + 1, state.next_teams)
    else:  # a new rubber: it takes the partnerships set for it
        new_state = BridgeState((*state.rubbers, after), state.deals + 1, None)
    result = BridgeResult(after, deal, side, below, tuple(above), game_won, transfers_for(change))
    return new_state, result


def _check_honours(deal: BridgeDeal, side_of: Mapping[str, int]) -> None:
    nt = deal.trump == NO_TRUMPS
    what, most = ("aces", 4) if nt else (f"honours in {SUIT_NAMES[deal.trump]}", 5)
    held = [0, 0]
    for player, n in deal.honours:
        if n > most:
            raise RuleError(f"{player}={n}: there are {most} {what}")
        held[side_of[player]] += n
    if sum(held) > most:
        raise RuleError(f"honours total {sum(held)}: there are {most} {what} in all")
    if held[0] >= 3 and held[1] >= 3:
        raise RuleError(f"both sides cannot hold 3 or more {what}")
    if not nt and max(held) < 3:
        raise RuleError(
            f"honours {','.join(f'{p}={n}' for p, n in deal.honours)}: in "
            f"{SUIT_NAMES[deal.trump]} one side always holds 3 or more of A K Q J 10; name "
            "that side's"
        )
    if deal.chicane:
        if nt:
            raise RuleError("chicane is a void in trumps: there is none in no trumps")
        holding = [p for p in deal.chicane if dict(deal.honours).get(p)]
        if holding:
            raise RuleError(
                f"{holding[0]} is named with trump honours, so {holding[0]} is not void "
                "(chicane)"
            )


def next_dealer(state: BridgeState, players: Sequence[str], dealer: str, deal: BridgeDeal) -> str:
    """The deal passes to the next seat among the four of the rubber to be played. A change
    of partnerships is not a deal: the same player deals, if he plays in that rubber."""
    four = {p for side in current_rubber(state, players).teams for p in side}
    if deal.teams and dealer in four:
        return dealer
    start = players.index(dealer)
    for step in range(1, len(players) + 1):
        player = players[(start + step) % len(players)]
        if player in four:
            return player
    return dealer


def end_of_sitting(state: BridgeState, players: Sequence[str], next_dealer: str) -> list[Transfer]:
    """Nothing: every rubber, an unfinished one too, is already reckoned in the balances."""
    return []


def state_to_data(state: BridgeState) -> tuple[Any, ...]:
    return (tuple(tuple(r) for r in state.rubbers), state.deals, state.next_teams)


def state_from_data(data: tuple[Any, ...]) -> BridgeState:
    rubbers, deals, next_teams = data
    return BridgeState(tuple(Rubber(*r) for r in rubbers), deals, next_teams)


def is_deal(deal: BridgeDeal) -> bool:
    """A change of partnerships sits among the deals but is not one."""
    return deal.teams is None


# --- what the tables and JSON show --------------------------------------------------------


def account_name(account: str) -> str:
    return account


def describe(result: BridgeResult) -> str:
    deal, rubber = result.deal, result.rubber
    if deal.teams:
        return (f"partnerships for rubber {rubber.number}: {side_name(deal.teams[0])} v "
                f"{side_name(deal.teams[1])}")
    sides = rubber.teams
    doubled = {0: "", 1: " doubled", 2: " redoubled"}.get(deal.doubled,
                                                          f" doubled {deal.doubled} times")
    parts = [f"{SUIT_NAMES[deal.trump]}{doubled}, {side_name(sides[result.side])} "
             f"{deal.tricks if deal.side_of in sides[result.side] else 13 - deal.tricks} tricks"]
    if result.below:
        parts.append(f"{result.below} below")
    parts += [f"{side_name(sides[s])} {p} {what}" for s, p, what in result.above]
    if result.game_won:
        parts.append("game" if rubber.winner is None else "game and rubber")
    return ", ".join(parts)


def rubber_json(rubber: Rubber) -> dict[str, Any]:
    return {
        "number": rubber.number,
        "teams": [list(side) for side in rubber.teams],
        "below": [[[p for s, p in game if s == side] for side in (0, 1)]
                  for game in rubber.below if game or rubber.winner is None],
        "above": [[{"points": p, "what": w} for s, p, w in rubber.above if s == side]
                  for side in (0, 1)],
        "totals": list(rubber.totals()),
        "games": list(rubber.games()),
        "finished": rubber.winner is not None,
    }


def result_json(result: BridgeResult) -> dict[str, Any]:
    if result.deal.teams:
        return {"rubber": result.rubber.number,
                "teams": [list(side) for side in result.deal.teams]}
    return {
        "rubber": result.rubber.number,
        "side": list(result.rubber.teams[result.side]),
        "below": result.below,
        "above": [{"side": list(result.rubber.teams[s]), "points": p, "what": w}
                  for s, p, w in result.above],
        "game": result.game_won,
        "rubber_won": result.rubber.winner is not None and result.game_won,
    }


def standing_json(state: BridgeState, settings: BridgeSettings) -> dict[str, Any]:
    return {"rubbers": [rubber_json(r) for r in state.rubbers]}


def standing_lines(state: BridgeState, settings: BridgeSettings) -> list[str]:
    if not state.rubbers:
        return []
    rubber = state.rubbers[-1]
    (a, b), (ga, gb) = rubber.current_game(), rubber.games()
    first, second = (side_name(s) for s in rubber.teams)
    if rubber.winner is not None:
        teams = state.next_teams or rubber.teams
        return [
            f"{side_name(rubber.teams[rubber.winner])} win rubber {rubber.number}: {first} "
            f"{rubber.totals()[0]}, {second} {rubber.totals()[1]}.",
            f"Rubber {rubber.number + 1} next: {side_name(teams[0])} v {side_name(teams[1])}.",
        ]
    return [f"Rubber {rubber.number}, game {len(rubber.game_winners) + 1}: {first} {a}, "
            f"{second} {b} below; games {ga}-{gb}; totals {rubber.totals()[0]} to "
            f"{rubber.totals()[1]}."]


def settle_json(state: BridgeState) -> dict[str, Any]:
    return {"rubbers": [{k: v for k, v in rubber_json(r).items() if k not in ("below", "above")}
                        for r in state.rubbers]}


def settle_lines(state: BridgeState, players: Sequence[str], next_dealer: str) -> list[str]:
    lines = []
    for r in state.rubbers:
        (ta, tb), (ga, gb) = r.totals(), r.games()
        status = "" if r.winner is not None else " (unfinished, without the 100)"
        lead = 0 if ta >= tb else 1
        lines.append(
            f"Rubber {r.number}{status}: {side_name(r.teams[0])} {ta}, {side_name(r.teams[1])} "
            f"{tb}; games {ga}-{gb}; {side_name(r.teams[lead])} +{abs(ta - tb)} each."
        )
    return lines


def settle_player(net: int, settings: BridgeSettings) -> dict[str, int]:
    return {}


Settings = BridgeSettings
Deal = BridgeDeal
