"""Bridge-whist scoring: the worked rubber of docs/rules.md (SPEC.md section 4) (after Hoffmann) and every
rule of seeds/bridge-danish.txt on its own, with properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.bridge import GAME, BridgeDeal, BridgeSettings, BridgeState
from scorekeeper.games.partnership import NewPartnerships, Rubber, Teams, next_rubber
from scorekeeper.games.players import Players
from scorekeeper.games.rubber import Strain, honours_score, parse_trump
from scorekeeper.ledger import balances
from scorekeeper.reckoning import reckon
from scorekeeper.render.partnership import pads
from scorekeeper.session import replay
from scorekeeper.values import replace

from .helpers import play_one, sitting

SEATS = ("N", "E", "S", "W")  # seats 1 & 3 (N S) against 2 & 4 (E W)
FIVE = ("A", "B", "C", "D", "E")
NT = Strain.NO_TRUMPS


def counts(text: str | None) -> dict[str, int]:
    """'N=2,S=1' as {"N": 2, "S": 1}."""
    pairs = [item.split("=") for item in (text or "").split(",") if item]
    return {p: int(n) for p, n in pairs}


def deal(trump: str, side_of: str, tricks: int, honours: str | None = None, doubled: int = 0,
         chicane: str = "", dealer: str | None = None) -> BridgeDeal:
    return BridgeDeal(parse_trump(trump), side_of, tricks, doubled, counts(honours),
                      tuple(p for p in chicane.split(",") if p), dealer)


def play_deal(state: BridgeState, d: Any, dealer: str, players: tuple[str, ...] = SEATS,
              settings_: BridgeSettings | None = None) -> tuple[BridgeState, Any]:
    return play_one("bridge", state, d, dealer, players, settings_ or BridgeSettings())


SPEC_RUBBER = (
    deal("nt", "N", 9, "N=2,S=1"),                 # N-S 36: game; N-S 30 (3 aces)
    deal("diamonds", "E", 8, "E=2,W=2", doubled=1),  # E-W 24; E-W 24 (4 honours)
    deal("clubs", "N", 8, "E=2,W=1"),              # N-S 8; E-W 8 (3 honours)
    deal("hearts", "E", 12, "E=4,W=1", chicane="N"),  # E-W 48: 72, game; 20 slam, 72; N-S 16
    deal("sans", "S", 10, "S=4"),                  # N-S 48: game, rubber; N-S 100 (S all aces)
)


def test_spec_worked_rubber() -> None:
    played, standing = replay(sitting("bridge", SEATS, BridgeSettings(), *SPEC_RUBBER))
    rubber = pads(played)[0]
    assert standing.state.rubbers == (rubber.summary(),)
    assert rubber.teams == Teams(("N", "S"), ("E", "W"))
    assert [p.result.below for p in played] == [36, 24, 8, 48, 48]
    assert [list(p.result.above) for p in played] == [
        [(0, 30, "honours")],
        [(1, 24, "honours")],
        [(1, 8, "honours")],
        [(1, 72, "honours"), (0, 16, "chicane"), (1, 20, "little slam")],
        [(0, 100, "honours"), (0, 100, "rubber")],
    ]
    assert rubber.game_winners == (0, 1, 0) and rubber.winner == 0
    assert rubber.totals() == (338, 196)
    assert standing.balances == {"N": 142, "S": 142, "E": -142, "W": -142}


def test_the_worked_rubber_settles() -> None:
    session = sitting("bridge", SEATS, BridgeSettings(), *SPEC_RUBBER, value="0.01")
    result = reckon(session, replay(session)[1])
    assert [(p.name, p.net, str(p.money)) for p in result.players] == [
        ("N", 142, "1.42"), ("E", -142, "-1.42"), ("S", 142, "1.42"), ("W", -142, "-1.42")
    ]
    assert len(result.payments) == 2


@pytest.mark.parametrize(("trump", "value"), [("spades", 2), ("klør", 4), ("ruder", 6),
                                              ("H", 8), ("uden trumf", 12)])
def test_odd_tricks_by_suit(trump: str, value: int) -> None:
    honours = None if parse_trump(trump) == NT else "N=3"
    _, result = play_deal(BridgeState(), deal(trump, "N", 8, honours), "N")
    assert result.below == 2 * value


def test_the_defenders_score_their_odd_tricks() -> None:
    # N-S took 4 tricks: E-W took 9, three odd tricks, to E-W.
    _, result = play_deal(BridgeState(), deal("hearts", "N", 4, "E=3"), "N")
    assert (result.side, result.below) == (1, 24)


def test_six_tricks_leave_the_other_side_one_odd_trick() -> None:
    _, result = play_deal(BridgeState(), deal("nt", "N", 6), "N")
    assert (result.side, result.below, result.above) == (1, 12, ())


def test_doubling_doubles_the_tricks_only() -> None:
    plain = play_deal(BridgeState(), deal("hearts", "E", 13, "E=5", chicane="N"), "N")[1]
    redoubled = play_deal(BridgeState(), deal("hearts", "E", 13, "E=5", doubled=2, chicane="N"),
                          "N")[1]
    assert redoubled.below == 4 * plain.below == 4 * 7 * 8
    assert redoubled.above == plain.above == (
        (1, 80, "honours"), (0, 16, "chicane"), (1, 40, "grand slam")
    )


def test_game_is_30_and_the_deal_counts_in_full() -> None:
    state, first = play_deal(BridgeState(), deal("spades", "N", 12, "N=3"), "N")
    assert first.below == 12 and not first.game_won
    state, second = play_deal(state, deal("hearts", "N", 9, "S=3"), "E")
    assert second.below == 24 and second.game_won
    rubber = state.last
    assert rubber is not None and rubber.below == (((0, 12), (0, 24)), ())
    assert rubber.current_game() == (0, 0)  # both sides start the next game from 0


def test_a_rubber_of_two_straight_games_ends_and_the_next_starts_by_itself() -> None:
    state = BridgeState()
    result: Any = None
    for d in (deal("nt", "N", 10), deal("nt", "S", 10)):
        state, result = play_deal(state, d, "N")
    assert state.rubbers[0].winner == 0 and state.rubbers[0].totals() == (96 + 100, 0)
    assert result.above == ((0, 100, "rubber"),)
    assert next_rubber(state, Players(SEATS)) == Rubber(2, Teams(("N", "S"), ("E", "W")))
    state, _ = play_deal(state, deal("nt", "E", 7), "N")
    assert len(state.rubbers) == 2 and state.rubbers[1].totals() == (0, 12)


@pytest.mark.parametrize(
    ("trump", "held", "points"),
    [("S", (3, 0), 4), ("S", (2, 1), 4), ("S", (2, 2), 8), ("S", (4, 0), 16), ("S", (3, 2), 10),
     ("S", (4, 1), 18), ("S", (5, 0), 20), ("H", (2, 0), 0), ("H", (1, 1), 0),
     ("NT", (2, 1), 30), ("NT", (2, 2), 40), ("NT", (4, 0), 100),
     ("NT", (2, 0), 0), ("NT", (1, 1), 0)],
)
def test_honours(trump: str, held: tuple[int, int], points: int) -> None:
    assert honours_score(parse_trump(trump), list(held)) == points


def test_honours_go_to_the_side_that_holds_them_even_the_losers() -> None:
    _, result = play_deal(BridgeState(), deal("hearts", "N", 9, "E=4"), "N")
    assert result.side == 0 and result.above == ((1, 64, "honours"),)


def test_chicane_per_void_player() -> None:
    # E and W held no clubs, so N and S held all five honours.
    _, result = play_deal(BridgeState(), deal("clubs", "N", 7, "N=3,S=2", chicane="E,W"), "N")
    assert result.above == ((0, 20, "honours"), (1, 16, "chicane"))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"trump": "hearts", "tricks": {"N": 14}, "honours": {"N": 3}},
         "tricks: N=14: must be from 0 to 13"),
        ({"trump": "purple", "tricks": {"N": 7}, "honours": {"N": 3}}, "unknown trump 'purple'"),
        ({"trump": "hearts", "tricks": {"Q": 7}, "honours": {"N": 3}}, "unknown player 'Q'"),
        ({"trump": "hearts", "tricks": {"N": 7}}, "give the honours in hearts"),
        ({"trump": "hearts", "tricks": {"N": 7, "S": 6}}, "must name one player"),
        ({"trump": "hearts", "tricks": {"N": 7}, "honours": {"N": 3, "n": 1}},
         "honours: N is named twice"),
        ({"trump": "hearts", "tricks": {"N": 7}, "honours": {"N": "x"}}, "must be a whole number"),
        ({"tricks": {"N": 7}}, "give the trump suit"),
        ({"teams": [["N", "S"], ["E", "W"]], "trump": "nt"}, "unknown key 'trump'"),
        ({"teams": "N,S/E,W"}, "must be two pairs"),
        ({"teams": [["N", "S"], ["N", "W"]]}, "must be four different players"),
    ],
)
def test_deal_inputs_are_checked(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        GAME.entry_from_data(raw, Players(SEATS))


@pytest.mark.parametrize(
    ("d", "message"),
    [
        (lambda: deal("hearts", "N", 7, "N=4,S=2"),
         "honours total 6: there are 5 honours in hearts"),
        (lambda: deal("hearts", "N", 7, "N=6"), "N=6: there are 5 honours in hearts"),
        (lambda: deal("nt", "N", 7, "N=3,E=2"), "honours total 5: there are 4 aces in all"),
        (lambda: deal("hearts", "N", 7), "give the honours in hearts"),
        (lambda: deal("nt", "N", 7, chicane="E"),
         "chicane is a void in trumps: there is none in no trumps"),
        (lambda: deal("hearts", "N", 7, "N=3", chicane="N"),
         "N is named with trump honours, so N is not void"),
        (lambda: deal("nt", "N", 14), "tricks 14: a side takes 0 to 13 tricks"),
        (lambda: deal("nt", "N", 7, doubled=-1), "doubled -1 times: 0 or more"),
    ],
)
def test_a_deal_is_checked_when_made(d: Any, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        d()


@pytest.mark.parametrize(
    ("d", "message"),
    [
        (deal("hearts", "N", 7, "N=2,E=2"), "one side always holds 3 or more"),
        (deal("hearts", "N", 7, "N=1"), "one side always holds 3 or more"),
        (deal("nt", "N", 7, "E=1"), "the aces count only for a side that holds 3 or 4"),
        (deal("nt", "N", 7, "N=1,E=1"), "name that side.s aces, or none"),
        (deal("nt", "N", 7, "N=1,S=0,E=0,W=0"), "the aces count only for a side that holds 3"),
        (deal("nt", "N", 7, "N=1,S=1,E=1,W=1"), "the aces split 2-2, which counts for neither "
                                                "side: give none"),
        (deal("hearts", "N", 7, "N=2,S=1,E=1,W=0"),
         "all four players are accounted for but only 4 of the 5 honours in hearts"),
        (deal("nt", "N", 7, "N=2,S=1,E=0,W=0"), "all four players are accounted for but only 3"),
        (deal("hearts", "N", 7, "S=4,E=0,W=0", chicane="N"), "accounted for but only 4 of the 5"),
        (deal("hearts", "N", 7, "N=2,S=1", chicane="E,W"),
         "E and W held no trumps, so N & S held all five honours"),
        (deal("hearts", "N", 7, "N=3", doubled=3), "doubled 3 times: this session allows at most 2"),
    ],
)
def test_deals_that_cannot_be(d: BridgeDeal, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        play_deal(BridgeState(), d, "N", settings_=BridgeSettings(max_doublings=2))


def test_doublings_are_limited_to_10_by_default_and_to_30_at_most() -> None:
    with pytest.raises(RuleError, match="at most 10"):
        play_deal(BridgeState(), deal("nt", "N", 7, doubled=11), "N")
    _, result = play_deal(BridgeState(), deal("nt", "N", 7, doubled=30), "N",
                          settings_=BridgeSettings(30))
    assert result.below == 12 * 2**30
    with pytest.raises(RuleError, match="max_doublings 31 must be from 0 to 30"):
        BridgeSettings(31)


def test_new_partnerships_start_with_the_next_rubber_and_who_sits_out_changes() -> None:
    teams = NewPartnerships(Teams(("A", "E"), ("B", "C")))
    deals = (
        deal("nt", "A", 10),           # rubber 1: A & C v B & D; E sits out
        teams,                         # for rubber 2
        deal("nt", "C", 10),           # A & C win rubber 1
        deal("nt", "E", 7),            # rubber 2: A & E v B & C; D sits out
    )
    played, standing = replay(sitting("bridge", FIVE, BridgeSettings(), *deals))
    first, second = standing.state.rubbers
    assert first.teams == Teams(("A", "C"), ("B", "D")) and first.winner == 0
    assert second.teams == Teams(("A", "E"), ("B", "C"))
    assert second.totals() == (12, 0)
    assert standing.balances == {"A": 196 + 12, "B": -196 - 12, "C": 196 - 12, "D": -196,
                                 "E": 12}
    assert [p.number for p in played] == [1, None, 2, 3]
    # E sat out rubber 1 and cannot be named in it.
    with pytest.raises(RuleError, match="E is not in rubber 1"):
        replay(sitting("bridge", FIVE, BridgeSettings(), deal("nt", "E", 7)))


def test_the_deal_passes_among_the_four_of_the_rubber() -> None:
    deals = [deal("nt", "A", 6) for _ in range(5)]
    played, _ = replay(sitting("bridge", FIVE, BridgeSettings(), *deals))
    assert [p.dealer for p in played] == ["A", "B", "C", "D", "A"]


def test_partners_sit_opposite_and_the_first_named_deals_first() -> None:
    # With Ann,Eve/Bob,Cid the four sit Ann, Bob, Eve, Cid: partners never deal in a row.
    teams = NewPartnerships(Teams(("A", "E"), ("B", "C")))
    deals = [teams, *(deal("nt", "A", 6) for _ in range(5))]
    played, _ = replay(sitting("bridge", FIVE, BridgeSettings(), *deals))
    assert [p.dealer for p in played[1:]] == ["A", "B", "E", "C", "A"]


def test_unchanged_partnerships_go_on_round_the_table() -> None:
    deals = [deal("nt", "N", 10), deal("nt", "N", 10), deal("nt", "E", 7)]
    played, _ = replay(sitting("bridge", SEATS, BridgeSettings(), *deals))
    assert [p.dealer for p in played] == ["N", "E", "S"]


def test_a_player_sitting_out_can_neither_deal_nor_be_first_dealer() -> None:
    with pytest.raises(RuleError, match="E sits out rubber 1"):
        replay(sitting("bridge", FIVE, BridgeSettings(), deal("nt", "A", 7, dealer="E")))
    with pytest.raises(RuleError, match="E sits out rubber 1"):
        sitting("bridge", FIVE, BridgeSettings(), first_dealer="E")


def test_a_deal_naming_an_unknown_dealer_is_refused() -> None:
    with pytest.raises(RuleError, match="deal 1: unknown player 'Q'"):
        replay(sitting("bridge", SEATS, BridgeSettings(), deal("nt", "N", 7, dealer="Q")))


def test_an_unfinished_rubber_is_reckoned_as_it_stands_without_the_100() -> None:
    session = sitting("bridge", SEATS, BridgeSettings(), deal("nt", "N", 10),
                      deal("hearts", "E", 8, "E=3"))
    result = reckon(session, replay(session)[1])
    assert {p.name: p.net for p in result.players} == {"N": 48 - 32, "S": 16, "E": -16, "W": -16}
    assert result.standing.state.rubbers[0].winner is None


# --- properties ----------------------------------------------------------------------------

trumps = st.sampled_from(list(Strain))


@st.composite
def bridge_deals(draw: st.DrawFn, doubled: int | None = None) -> BridgeDeal:
    trump = draw(trumps)
    side_of = draw(st.sampled_from(SEATS))
    tricks = draw(st.integers(0, 13))
    k = draw(st.integers(0, 3)) if doubled is None else doubled
    if trump == NT:
        side = draw(st.sampled_from([("N", "S"), ("E", "W")]))
        held = draw(st.sampled_from([(0, 0), (3, 0), (2, 1), (1, 2), (4, 0), (2, 2), (3, 1)]))
        honours = {p: n for p, n in zip(side, held, strict=True) if n}
        return BridgeDeal(trump, side_of, tricks, k, honours)
    side = draw(st.sampled_from([("N", "S"), ("E", "W")]))
    first = draw(st.integers(0, 5))
    second = draw(st.integers(max(0, 3 - first), 5 - first))
    honours = {p: n for p, n in zip(side, (first, second), strict=True) if n}
    voids = tuple(p for p in draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=2))
                  if not honours.get(p))
    if first + second < 5 and {v for v in voids if v not in side} == set(SEATS) - set(side):
        voids = voids[:1]  # both of a side void: the other side held all five honours
    return BridgeDeal(trump, side_of, tricks, k, honours, voids)


@settings(max_examples=200, deadline=None)
@given(st.lists(bridge_deals(), max_size=14))
def test_rubber_nets_sum_to_zero_and_a_rubber_ends_exactly_at_two_games(
    deals: list[BridgeDeal],
) -> None:
    played, standing = replay(sitting("bridge", SEATS, BridgeSettings(), *deals))
    assert sum(standing.balances.values()) == 0
    for each in played:
        assert sum(balances(SEATS, each.result.transfers).values()) == 0
    assert standing.state.rubbers == tuple(r.summary() for r in pads(played))
    for rubber in pads(played):
        assert sum(rubber.reckoning().values()) == 0
        games = rubber.games()
        assert (rubber.winner is not None) == (max(games) == 2)
        if rubber.winner is not None:
            assert games[rubber.winner] == 2 and games[1 - rubber.winner] <= 1
            assert rubber.game_winners[-1] == rubber.winner


def test_a_deal_copies_nothing_of_the_rubbers_before_it() -> None:
    """The state after each deal shares the rubbers won before with the state before it, so
    a long sitting costs the same per deal as a short one."""
    state, _ = play_deal(BridgeState(), deal("nt", "N", 10), "N")
    state, _ = play_deal(state, deal("nt", "N", 10), "E")  # rubber 1 won
    states = []
    for _ in range(3):
        state, _ = play_deal(state, deal("nt", "E", 10), "N")
        state, _ = play_deal(state, deal("nt", "E", 10), "E")
        states.append(state)
    assert [len(s.rubbers) for s in states] == [2, 3, 4]
    assert states[2].earlier is not None and states[2].earlier.before is states[1].earlier
    assert states[2].rubbers[:3] == states[1].rubbers


@settings(max_examples=200, deadline=None)
@given(bridge_deals(doubled=0), st.integers(1, 4))
def test_doubling_never_changes_honours_chicane_or_slams(d: BridgeDeal, k: int) -> None:
    _, plain = play_deal(BridgeState(), d, "N")
    _, doubled = play_deal(BridgeState(), replace(d, doubled=k), "N")
    assert doubled.above == plain.above
    assert doubled.below == plain.below * 2**k
