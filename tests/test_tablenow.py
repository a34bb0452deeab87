"""The table now (scorekeeper.tablenow), one value for who sits, deals and sits out next and
for the partnerships to come, checked against simple models of the rules written here from
SPEC 1 and 4 and nothing else: random orders of deals, changes of partnerships, undos, joins
and leaves, in every game. Also what the deal's completion offers, read from that value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.bridge import BridgeDeal, BridgeSettings
from scorekeeper.games.loo import LooDeal, LooSettings
from scorekeeper.games.partnership import NewPartnerships, Teams
from scorekeeper.games.pinochle import PinochleDeal, PinochleSettings
from scorekeeper.games.rubber import Strain
from scorekeeper.seating import Seating
from scorekeeper.session import replay, table_now
from scorekeeper.tablenow import TableNow

from .helpers import sitting

NAMES = tuple("ABCDEFGHIJKLMNOP")
SETTINGS = {"loo": LooSettings(), "pinochle": PinochleSettings(), "bridge": BridgeSettings()}


def now_of(game: str, players: tuple[str, ...], entries: list[Any]) -> TableNow:
    session = sitting(game, players, SETTINGS[game], *entries)
    return table_now(session, replay(session)[1])


# --- named cases ---------------------------------------------------------------------------


def test_who_left_is_not_seated_and_a_newcomer_is() -> None:
    now = now_of("loo", ("Ann", "Bo", "Cid", "Dan"), [Seating("Bo", False), Seating("Nina")])
    assert now.seated.names == ("Ann", "Cid", "Dan", "Nina")
    assert now.left == ("Bo",) and now.everyone == ("Ann", "Bo", "Cid", "Dan", "Nina")
    assert now.in_play == ("Ann", "Cid", "Dan", "Nina") and now.playing is None
    with pytest.raises(RuleError, match="Bo has left the table already"):
        now.seated_player("bo")
    with pytest.raises(RuleError, match="entry 2: Bo has left the table already"):
        now_of("loo", ("Ann", "Bo", "Cid", "Dan"), [Seating("Bo", False)] * 2)


def test_pinochles_dealer_sits_out_the_play_but_deals() -> None:
    now = now_of("pinochle", ("Ann", "Bob", "Cid"), [Seating("Dan")])
    assert now.out == ("Ann",) and now.in_play == ("Bob", "Cid", "Dan")
    assert now.may_deal == ("Ann", "Bob", "Cid", "Dan")


def test_a_player_named_in_a_pending_change_cannot_leave_until_it_is_changed() -> None:
    """SPEC 4; the issue's case: Eve put into the next rubber while rubber 1 is played."""
    five = ("Ann", "Bob", "Cid", "Dan", "Eve")
    nt = BridgeDeal(Strain.NO_TRUMPS, "Ann", 9)
    eve = NewPartnerships(Teams(("Eve", "Cid"), ("Bob", "Dan")))
    now = now_of("bridge", five, [nt, eve])
    assert now.playing is not None and now.playing.teams == Teams(("Ann", "Cid"), ("Bob", "Dan"))
    assert now.upcoming is not None and now.upcoming.number == 2
    assert now.upcoming.teams == eve.teams and now.pending == eve.teams
    assert now.out == ("Eve",) and now.may_deal == ("Ann", "Bob", "Cid", "Dan")
    with pytest.raises(RuleError, match="change the teams first"):
        now.check_leave("Eve")
    with pytest.raises(RuleError, match="entry 3: Eve is named in the partnerships set for "
                                        "rubber 2"):
        now_of("bridge", five, [nt, eve, Seating("Eve", False)])
    back = NewPartnerships(Teams(("Ann", "Cid"), ("Bob", "Dan")))
    assert now_of("bridge", five, [nt, eve, back, Seating("Eve", False)]).left == ("Eve",)


def test_a_change_that_never_took_effect_decides_nothing_even_made_mid_rubber() -> None:
    """The issue's case: a change made while rubber 1 is played, the rubber won, the
    change overridden by the partnerships just played: the deal goes on round the table."""
    four = ("A", "B", "C", "D")
    game = BridgeDeal(Strain.NO_TRUMPS, "A", 9)
    entries = [game, NewPartnerships(Teams(("B", "A"), ("C", "D"))), game]  # A, B dealt
    assert now_of("bridge", four, entries).next_dealer == "B"  # X1 of the change
    entries.append(NewPartnerships(Teams(("A", "C"), ("B", "D"))))
    assert now_of("bridge", four, entries).next_dealer == "C"  # round the table


# --- the model of seating (SPEC 1) and of Bridge's partnerships (SPEC 4) -------------------


def after(seating: tuple[str, ...] | list[str], player: str) -> str:
    return seating[(list(seating).index(player) + 1) % len(seating)]


def order(teams: Teams) -> tuple[str, str, str, str]:
    """Partners sit opposite: X1, Y1, X2, Y2."""
    (x1, x2), (y1, y2) = teams.first, teams.second
    return x1, y1, x2, y2


@dataclass
class Model:
    """A sitting as the rules say it goes on, folded from its entries every time: so an
    undo is taking the last entry off."""

    game: str
    players: tuple[str, ...]
    entries: list[tuple[Any, ...]] = field(default_factory=list)

    def fold(self) -> dict[str, Any]:
        p = self.players
        at: dict[str, Any] = {"seated": list(p), "next": p[0], "last": None, "rubber": None,
                              "pending": None, "dealt": None,
                              "first": Teams((p[0], p[2]), (p[1], p[3])) if len(p) > 3 else None}
        for entry in self.entries:
            getattr(self, "_" + entry[0])(at, *entry[1:])
        return at

    def _join(self, at: dict[str, Any], name: str, where: str | None) -> None:
        seated = at["seated"]
        seated.insert(seated.index(where) + 1 if where else len(seated), name)

    def _leave(self, at: dict[str, Any], name: str) -> None:
        if at["next"] == name:
            at["next"] = after(at["seated"], name)  # the next seated after him deals
        at["seated"].remove(name)

    def _change(self, at: dict[str, Any], teams: Teams) -> None:
        at["pending"] = teams

    def _deal(self, at: dict[str, Any], side: str, points: int, dealer: str | None) -> None:
        dealt = dealer or self.next_dealer(at)
        at["dealt"] = dealt
        if self.game != "bridge":
            at["next"] = after(at["seated"], dealt)
            return
        if at["rubber"] is None:
            at["rubber"] = {"teams": self.upcoming(at), "below": [0, 0], "games": [0, 0]}
            at["pending"] = None
        rubber = at["rubber"]
        won = 0 if side in rubber["teams"].first else 1
        rubber["below"][won] += points
        if rubber["below"][won] >= 30:
            rubber["games"][won] += 1
            rubber["below"] = [0, 0]
            if rubber["games"][won] == 2:
                at["last"], at["rubber"] = rubber["teams"], None

    def upcoming(self, at: dict[str, Any]) -> Teams:
        """The partnerships of the next rubber to start."""
        played = at["rubber"]["teams"] if at["rubber"] else at["last"] or at["first"]
        return at["pending"] or played

    def next_dealer(self, at: dict[str, Any]) -> str:
        if self.game != "bridge":
            return str(at["next"])
        if at["rubber"] is not None:
            return after(order(at["rubber"]["teams"]), at["dealt"])
        played = at["last"] or at["first"]
        if self.upcoming(at) != played:
            return str(self.upcoming(at).first[0])  # new partnerships: X1 deals
        return after(order(played), at["dealt"]) if at["dealt"] else self.players[0]

    def four(self, at: dict[str, Any]) -> tuple[str, ...]:
        """Who plays the next deal (Bridge: the four of its rubber; Pinochle: three)."""
        if self.game == "bridge":
            return order(at["rubber"]["teams"] if at["rubber"] else self.upcoming(at))
        seated, dealer = at["seated"], self.next_dealer(at)
        if self.game == "pinochle":
            return tuple(p for p in seated if p in (after(seated, dealer),
                                                    after(seated, after(seated, dealer)),
                                                    seated[(seated.index(dealer) + 3)
                                                           % len(seated)]))
        return tuple(seated)

    def everyone(self) -> list[str]:
        """Who has sat at the table: who began, then who joined."""
        joined = [e[1] for e in self.entries if e[0] == "join"]
        return list(dict.fromkeys([*self.players, *joined]))

    def may_leave(self, at: dict[str, Any], name: str, counted: bool = True) -> bool:
        """Whether `name` may leave; not `counted`: were the table not at its fewest."""
        least = {"loo": 3, "pinochle": 3, "bridge": 4}[self.game]
        if counted and len(at["seated"]) <= least:
            return False
        if self.game != "bridge":
            return True
        named = set(self.four(at)) | set(order(self.upcoming(at)))
        return name not in named


# --- random orders of entries, played by the rules and by the model -----------------------


steps = st.lists(st.tuples(st.sampled_from(["deal", "deal", "deal", "change", "back", "join",
                                            "leave", "gone", "rejoin", "undo"]),
                           st.integers(0, 11), st.integers(0, 11), st.booleans()),
                 min_size=8, max_size=30)


def entry_for(model: Model, at: dict[str, Any], step: tuple[str, int, int, bool]
              ) -> tuple[tuple[Any, ...], Any] | None:
    """The model's entry and the program's for a drawn step (None: not one to try)."""
    kind, i, j, flag = step
    seated = at["seated"]
    if kind in ("join", "rejoin"):  # rejoin: one who left comes back
        gone = [p for p in model.everyone() if p not in seated]
        if kind == "rejoin" and not gone:
            return None
        name = gone[i % len(gone)] if kind == "rejoin" else next(
            n for n in NAMES if n not in model.everyone())
        where = seated[i % len(seated)] if flag else None
        return ("join", name, where), Seating(name, True, where)
    if kind in ("leave", "gone"):  # gone: one who has left already
        names = seated if kind == "leave" else [p for p in model.everyone() if p not in seated]
        if not names:
            return None
        name = names[i % len(names)]
        return (kind, name), Seating(name, False)
    if kind == "back":  # a change back to the partnerships of the rubber just played
        if model.game != "bridge":
            return None
        played = at["rubber"]["teams"] if at["rubber"] else at["last"] or at["first"]
        if not set(played.seating) <= set(seated):
            return None
        return ("change", played), NewPartnerships(played)
    if kind == "change":
        if model.game != "bridge" or len(seated) < 4:
            return None
        picked = [seated[(i + k * (j + 1)) % len(seated)] for k in range(len(seated))]
        four = list(dict.fromkeys(picked))[:4]
        if len(four) < 4:
            return None
        teams = Teams((four[0], four[1]), (four[2], four[3]))
        return ("change", teams), NewPartnerships(teams)
    four = model.four(at)
    dealer = four[j % len(four)] if flag and model.game == "bridge" else None
    side, points = four[i % len(four)], 36 if j % 4 else 12  # a game, or a part-score
    deals = {"loo": LooDeal(all_pass=True, dealer=dealer), "pinochle": PinochleDeal(dealer=dealer),
             "bridge": BridgeDeal(Strain.NO_TRUMPS, side, 9 if points == 36 else 7,
                                  dealer=dealer)}
    return ("deal", side, points, dealer), deals[model.game]


def expected_refusal(model: Model, at: dict[str, Any], entry: tuple[Any, ...]) -> bool:
    if entry[0] == "gone":
        return True
    if entry[0] == "leave":
        return not model.may_leave(at, entry[1])
    if entry[0] == "join":
        return len(at["seated"]) >= {"loo": 16, "pinochle": 5, "bridge": 12}[model.game]
    return False  # a change naming the partnerships to come again is a file's to hold


def agree(model: Model, now: TableNow) -> None:
    at = model.fold()
    assert now.seated.names == tuple(at["seated"])
    assert now.next_dealer == model.next_dealer(at)
    assert set(now.in_play) == set(model.four(at))
    assert list(now.everyone) == model.everyone()
    assert set(now.left) == set(model.everyone()) - set(at["seated"])
    if model.game == "bridge":
        assert now.upcoming is not None and now.upcoming.teams == model.upcoming(at)
        playing = at["rubber"]["teams"] if at["rubber"] else None
        assert (now.playing.teams if now.playing else None) == playing
        assert now.pending == at["pending"]
        assert now.may_deal == order(playing or model.upcoming(at))
    else:
        assert now.playing is None and now.upcoming is None and now.pending is None


def play_out(game: str, size: int, drawn: list[tuple[str, int, int, bool]]) -> None:
    """Each step tried on the program and on the model: refused by both or by neither;
    after each, the table now is the model's."""
    model = Model(game, NAMES[:size])
    entries: list[Any] = []
    for step in drawn:
        at = model.fold()
        if step[0] == "undo":
            if entries:
                entries.pop()
                model.entries.pop()
        elif (made := entry_for(model, at, step)) is not None:
            mine, theirs = made
            try:
                now_of(game, model.players, [*entries, theirs])
            except RuleError as error:
                assert expected_refusal(model, at, mine), (mine, model.entries)
                assert (mine[0] == "gone") == ("has left the table already" in str(error))
                continue
            assert not expected_refusal(model, at, mine), (mine, model.entries)
            entries.append(theirs)
            model.entries.append(mine)
        agree(model, now_of(game, model.players, entries))


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 6), steps)
def test_bridge_the_table_now_and_who_deals_follow_the_rules(size: int,
                                                             drawn: list[Any]) -> None:
    play_out("bridge", size, drawn)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["loo", "pinochle"]), st.integers(3, 5), steps)
def test_loo_and_pinochle_the_table_now_follows_the_seating(game: str, size: int,
                                                            drawn: list[Any]) -> None:
    play_out(game, size, drawn)


# --- the deal's completion reads it -------------------------------------------------------


@dataclass
class Read:
    """What a form's completion is given: a snapshot, of which it reads the table now."""

    table_now: TableNow


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["loo", "pinochle", "bridge"]), st.integers(4, 5), steps)
def test_the_deals_completion_offers_exactly_who_plays_it(game: str, size: int,
                                                          drawn: list[Any]) -> None:
    from scorekeeper.cli.main import game_cli

    model = Model(game, NAMES[:size])
    entries: list[Any] = []
    for step in drawn:
        made = None if step[0] == "undo" else entry_for(model, model.fold(), step)
        if made is not None:
            try:
                now_of(game, model.players, [*entries, made[1]])
            except RuleError:
                continue
            entries.append(made[1])
            model.entries.append(made[0])
    now, form = now_of(game, model.players, entries), game_cli(game).form
    words = {"loo": [], "pinochle": [], "bridge": ["nt"]}[game]
    offered = [name.rstrip("=") for name, _about in form.complete(Read(now), words, "")]
    players = [name for name in offered if name in now.everyone]
    assert players == list(now.in_play)
    assert set(players) == set(model.four(model.fold()))
