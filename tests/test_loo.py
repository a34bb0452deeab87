"""Three-card Loo rules, against the worked examples of docs/rules.md (SPEC.md section 2) (L-1 to L-6 and the
unlimited loo), each rule of seeds/three-card-loo.txt on its own, and properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.loo import (
    GAME,
    POOL,
    LooDeal,
    LooSettings,
    LooState,
    Outcome,
    Remainder,
    Single,
    shares,
)
from scorekeeper.games.players import Players
from scorekeeper.ledger import balances
from scorekeeper.reckoning import reckon
from scorekeeper.session import AnySession, replay

from .helpers import play_one, sitting

PLAYERS = ("A", "B", "C", "D", "E")


def deal(**tricks: int) -> LooDeal:
    return LooDeal(tricks=tricks)


def play_deal(state: LooState, d: LooDeal, dealer: str, players: tuple[str, ...] = PLAYERS,
              settings_: LooSettings | None = None) -> tuple[LooState, Any]:
    return play_one("loo", state, d, dealer, players, settings_ or LooSettings())


def nets(hand: Any) -> dict[str, int]:
    """Each account's change in one hand, zeros left out."""
    result = balances((*PLAYERS, POOL), hand.transfers)
    return {k: v for k, v in result.items() if v}


def loo_sitting(*deals: LooDeal, **options: Any) -> AnySession:
    value = options.pop("value", "1")
    return sitting("loo", PLAYERS, LooSettings(**options), *deals, value=value)


# The continuous sitting of SPEC 2: players A B C D E, ante 3, loo 3.
L1 = LooDeal(tricks={"A": 0, "B": 2, "C": 0, "D": 0, "E": 1}, miss="E")
L2 = LooDeal(tricks={"B": 2, "C": 1}, defend=True)
L3 = LooDeal(tricks={"D": 1, "E": 0, "A": 2}, order=("A", "D", "A"))
L4 = deal(E=1, A=1, B=1)
L5 = deal(A=2, C=1)  # a must: B, D and E, not named, took no trick
L6 = LooDeal(miss="B")
SPEC_SITTING = (L1, L2, L3, L4, L5, L6)


def test_spec_sitting_L1_to_L6_hand_by_hand() -> None:
    played, standing = replay(loo_sitting(*SPEC_SITTING))
    hands = [p.result for p in played]
    assert [p.dealer for p in played] == ["A", "B", "C", "D", "E", "A"]
    assert [h.pool for h in hands] == [3, 12, 11, 6, 3, 12]
    assert [h.pool_after for h in hands] == [9, 8, 3, 0, 9, 0]
    # L-1: B +2, E +1; A, C, D looed 3 each; A also put in the ante.
    assert nets(hands[0]) == {"A": -6, "B": 2, "C": -3, "D": -3, "E": 1, POOL: 9}
    # L-2: B defends; C takes 1 trick (+4); the dealer's 2 tricks leave 8 in the pool.
    assert hands[1].outcome == Outcome.DEFENDED
    assert nets(hands[1]) == {"B": -3, "C": 4, POOL: -1}
    assert hands[1].kept == 8
    # L-3: pool 11 -> shares 4, 4, 3 to the winners in order A, D, A; E looed.
    assert nets(hands[2]) == {"A": 7, "C": -3, "D": 4, "E": -3, POOL: -5}
    # L-4: three players, one trick each, nobody looed: the next hand is a single, a must.
    assert nets(hands[3]) == {"A": 2, "B": 2, "D": -3, "E": 2, POOL: -3}
    assert played[3].state.single
    # L-5: a must, all five play: A 2, C 1; B, D, E (not named) looed.
    assert hands[4].must
    assert nets(hands[4]) == {"A": 2, "B": -3, "C": 1, "D": -3, "E": -6, POOL: 9}
    # L-6: B takes miss, all others pass: B +12. The next hand is not a single.
    assert hands[5].outcome == Outcome.MISS_TAKES
    assert nets(hands[5]) == {"A": -3, "B": 12, POOL: -9}
    assert not standing.state.single
    assert standing.next_dealer == "B"


def test_L6_with_single_empty_pool_a_pool_taken_without_play_makes_a_single() -> None:
    _, standing = replay(loo_sitting(*SPEC_SITTING, single=Single.EMPTY_POOL))
    assert standing.state.single


def test_one_each_is_three_players_one_trick_each_not_any_empty_pool() -> None:
    # All passed to the dealer: the pool is empty but nobody played.
    state, _ = play_deal(LooState(pool=6), LooDeal(all_pass=True), "C")
    assert state.pool == 0 and not state.single
    # Four players, three tricks: someone is looed, never a single.
    state, _ = play_deal(LooState(), deal(A=1, B=1, C=1, D=0), "E")
    assert not state.single
    # With the remainder carried, three tricks each still make a single.
    state, hand = play_deal(LooState(pool=7), deal(A=1, B=1, C=1), "E",
                            settings_=LooSettings(remainder=Remainder.CARRY))
    assert hand.kept == 1 and state.single


def test_L2_had_C_taken_no_trick_he_is_looed_and_the_pool_keeps_everything() -> None:
    played, _ = replay(loo_sitting(L1, LooDeal(tricks={"B": 3, "C": 0}, defend=True)))
    hand = played[1].result
    assert hand.looed == {"C": 3}
    assert hand.pool_after == 15


def test_unlimited_loo_is_the_pool_of_the_hand() -> None:
    state = LooState(pool=9)
    four = ("A", "B", "C", "D")
    hand_deal = LooDeal(tricks={"A": 2, "B": 1, "C": 0, "D": 0})
    _, hand = play_deal(state, hand_deal, "D", four, LooSettings(unlimited=True))
    assert hand.pool == 12
    assert hand.won == {"A": 8, "B": 4}
    assert hand.looed == {"C": 12, "D": 12}
    _, capped = play_deal(state, hand_deal, "D", four, LooSettings(unlimited=True, limit=10))
    assert capped.looed == {"C": 10, "D": 10}


def test_fixed_loo() -> None:
    _, hand = play_deal(LooState(), deal(A=3, B=0), "A", settings_=LooSettings(loo=5))
    assert hand.looed == {"B": 5}


@pytest.mark.parametrize(
    ("pool", "early", "carry"),
    [(11, (4, 4, 3), (3, 3, 3)), (10, (4, 3, 3), (3, 3, 3)), (12, (4, 4, 4), (4, 4, 4)),
     (3, (1, 1, 1), (1, 1, 1)), (4, (2, 1, 1), (1, 1, 1))],
)
def test_shares_of_an_uneven_pool(pool: int, early: tuple[int, ...], carry: tuple[int, ...]) -> None:
    assert shares(pool, Remainder.EARLY) == early
    assert shares(pool, Remainder.CARRY) == carry


def test_uneven_pool_needs_the_order_of_the_trick_winners() -> None:
    state = LooState(pool=8)
    with pytest.raises(RuleError, match=r"the pool of 11 does not divide by 3: give the winners "
                                        r"of tricks 1, 2 and 3 in order, e.g. A,A,D") as caught:
        play_deal(state, deal(D=1, E=0, A=2), "C")
    assert caught.value.asks == "order"


def test_uneven_pool_won_by_one_player_needs_no_order() -> None:
    _, hand = play_deal(LooState(pool=8), deal(D=3, E=0), "C")
    assert hand.won == {"D": 11}


def test_carry_leaves_the_odd_counters_in_the_pool() -> None:
    state = LooState(pool=8)
    _, hand = play_deal(state, deal(D=1, E=0, A=2), "C",
                        settings_=LooSettings(remainder=Remainder.CARRY))
    assert hand.won == {"A": 6, "D": 3}
    assert hand.kept == 2
    assert hand.pool_after == 2 + 3  # the rest and E's loo


def test_order_must_agree_with_the_tricks() -> None:
    bad = LooDeal(tricks={"D": 1, "E": 0, "A": 2}, order=("A", "D", "D"))
    with pytest.raises(RuleError, match="the trick winners name A 1 times but A took 2"):
        play_deal(LooState(pool=8), bad, "C")


def test_dealer_takes_the_pool_when_all_others_pass() -> None:
    _state, hand = play_deal(LooState(pool=6), LooDeal(all_pass=True), "C")
    assert hand.outcome == Outcome.DEALER_TAKES
    assert hand.won == {"C": 9}
    assert nets(hand) == {"C": 6, POOL: -6}


def test_defender_looed_setting() -> None:
    defended = LooDeal(tricks={"B": 0, "C": 3}, defend=True)
    _, hand = play_deal(LooState(pool=9), defended, "B")
    assert hand.looed == {}
    _, hand = play_deal(LooState(pool=9), defended, "B",
                        settings_=LooSettings(defender_looed=True))
    assert hand.looed == {"B": 3}


def test_first_hand_is_not_a_single() -> None:
    assert not LooState().single


def test_no_must_plays_a_single_as_an_ordinary_hand() -> None:
    state = LooState(pool=0, single=True)
    _, hand = play_deal(state, LooDeal(miss="B"), "E", settings_=LooSettings(must=False))
    assert not hand.must
    assert hand.won == {"B": 3}


def test_in_a_must_everyone_plays_so_players_not_named_took_no_trick() -> None:
    state = LooState(pool=0, single=True)
    _, hand = play_deal(state, deal(A=2, B=0, E=1), "E")
    assert hand.must and hand.looed == {"B": 3, "C": 3, "D": 3}
    with pytest.raises(RuleError, match="this hand is a must: there is no miss"):
        play_deal(state, LooDeal(miss="B"), "E")
    with pytest.raises(RuleError, match="must: everyone plays, so nobody can pass"):
        play_deal(state, LooDeal(all_pass=True), "E")
    everyone = LooDeal(tricks={"A": 2, "B": 0, "C": 1, "D": 0, "E": 0}, miss="A")
    with pytest.raises(RuleError, match="there is no miss"):
        play_deal(state, everyone, "E")


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (deal(A=2, B=2), "tricks total 4, not 3: A=2 B=2"),
        (deal(A=1, B=1), "tricks total 2, not 3"),
        (LooDeal(), "say what happened"),
        (LooDeal(miss="A"), "A dealt: when all the others pass the dealer takes the pool"),
        (LooDeal(tricks={"B": 3}, miss="B"), "B took miss and everyone else passed"),
        (deal(B=3), "only B declared: the dealer A must play or defend the pool"),
        (deal(A=3), "A dealt and cannot play alone"),
        (LooDeal(tricks={"B": 2, "C": 1}, miss="D"), "D took miss and so had to play"),
        (LooDeal(tricks={"B": 2, "C": 1}, defend=True), "the dealer A defended the pool: name him"),
        (LooDeal(tricks={"A": 1, "B": 1, "C": 1}, defend=True), "not 2"),
        (LooDeal(tricks={"A": 1, "B": 2}, defend=True, miss="B"), "B took miss: the dealer"),
        (deal(Zed=3), "unknown player 'Zed'"),
    ],
)
def test_deals_that_break_a_rule_are_refused(bad: LooDeal, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        play_deal(LooState(pool=9), bad, "A")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: LooDeal(all_pass=True, tricks={"B": 3}), "all passed: nobody but the dealer"),
        (lambda: deal(A=4), "A=4: a player takes 0 to 3 tricks"),
        (lambda: LooDeal(order=("A", "B")), "name 2 tricks: give the winners of all 3"),
    ],
)
def test_a_deal_is_checked_when_made(make: Any, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        make()


def test_a_copy_of_a_deal_is_checked_too() -> None:
    from scorekeeper.values import replace

    with pytest.raises(RuleError, match="a player takes 0 to 3 tricks"):
        replace(deal(A=3), tricks={"A": 9})


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"tricks": {"Zed": 3}}, "tricks: unknown player 'Zed': the players are A, B, C, D, E"),
        ({"tricks": {"A": 4}}, "A=4: a player takes 0 to 3 tricks"),
        ({"tricks": {"A": 1, "a": 2}}, "tricks: A is named twice"),
        ({"tricks": {"A": "x"}}, "tricks: A's 'x' must be a whole number"),
        ({"tricks": "A=2 B=1"}, "tricks 'A=2 B=1' must be a table of players and numbers"),
        ({"trick": {"A": 3}}, "unknown key 'trick' in a deal"),
        ({"miss": "b", "all_pass": "yes"}, "all_pass 'yes' must be true or false"),
    ],
)
def test_deal_inputs_are_checked(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        GAME.entry_from_data(raw, Players(PLAYERS))


def test_names_in_a_file_are_matched_ignoring_case() -> None:
    parsed = GAME.entry_from_data({"tricks": {"b": 2, "c": 1}, "miss": "c",
                                   "order": ["c", "b", "B"]}, Players(PLAYERS))
    assert parsed == LooDeal(tricks={"B": 2, "C": 1}, miss="C", order=("C", "B", "B"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ante": 4}, "ante 4 is not a positive multiple of 3"),
        ({"ante": 0}, "ante 0 is not a positive multiple of 3"),
        ({"loo": 0}, "loo 0 must be a positive number"),
        ({"limit": 10}, "limit 10 caps an unlimited loo"),
        ({"remainder": "late"}, "'late' is not a valid Remainder"),
    ],
)
def test_settings_are_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises((RuleError, ValueError), match=message):
        LooSettings(**options)  # type: ignore[arg-type]


def test_dealer_can_be_named_and_rotation_goes_on_from_him() -> None:
    named = LooDeal(tricks={"A": 2, "B": 1, "C": 0}, dealer="D")
    played, _ = replay(loo_sitting(named, LooDeal(all_pass=True), deal(A=3, B=0, C=0, D=0, E=0)))
    assert [p.dealer for p in played] == ["D", "E", "A"]


def test_end_of_sitting_shares_the_pool_from_the_player_after_the_last_dealer() -> None:
    transfers = GAME.end_of_sitting(LooState(pool=12), Players(PLAYERS), "D")
    got = {t.payee: t.units for t in transfers}
    assert got == {"D": 3, "E": 3, "A": 2, "B": 2, "C": 2}


def test_spec_sitting_settles_to_nets_money_and_payments() -> None:
    session = loo_sitting(*SPEC_SITTING, value="0.05")
    result = reckon(session, replay(session)[1])
    assert [(p.name, p.net) for p in result.players] == [
        ("A", 2), ("B", 10), ("C", -1), ("D", -5), ("E", -6)
    ]
    assert [str(p.money) for p in result.players] == ["0.10", "0.50", "-0.05", "-0.25", "-0.30"]
    assert [(t.payer, t.payee, t.units) for t in result.payments] == [
        ("C", "A", 1), ("D", "A", 1), ("D", "B", 4), ("E", "B", 6)
    ]


def test_settle_shares_out_what_is_left_in_the_pool() -> None:
    session = loo_sitting(L1)  # the pool holds 9 after L-1; next dealer B
    result = reckon(session, replay(session)[1])
    assert [(p.name, p.net) for p in result.players] == [
        ("A", -6 + 1), ("B", 2 + 2), ("C", -3 + 2), ("D", -3 + 2), ("E", 1 + 2)
    ]
    assert sum(p.net for p in result.players) == 0


# --- properties -----------------------------------------------------------------------------


@st.composite
def sittings(draw: st.DrawFn, names: tuple[str, ...] = tuple("ABCDEFG")
             ) -> tuple[AnySession, list[LooDeal]]:
    """A random sitting whose every hand is legal, built hand by hand."""
    n = draw(st.integers(3, min(7, len(names))))
    players = names[:n]
    options: dict[str, Any] = draw(st.fixed_dictionaries({
        "ante": st.sampled_from([3, 6]),
        "remainder": st.sampled_from(list(Remainder)),
        "defender_looed": st.booleans(),
        "must": st.booleans(),
        "single": st.sampled_from(list(Single)),
    }))
    kind = draw(st.sampled_from(["ante", "fixed", "unlimited", "limit"]))
    if kind == "fixed":
        options["loo"] = draw(st.integers(1, 7))
    elif kind != "ante":
        options["unlimited"] = True
        if kind == "limit":
            options["limit"] = draw(st.integers(1, 20))
    settings_ = LooSettings(**options)
    state, dealer = LooState(), players[0]
    deals = []
    for _ in range(draw(st.integers(0, 12))):
        must = settings_.must and state.single
        choice = draw(st.sampled_from(["play", "play", "miss", "pass", "defend"]))
        if must or choice == "play":
            playing = list(players) if must else draw(
                st.lists(st.sampled_from(players), min_size=2, max_size=n, unique=True))
            if not must and all(p == dealer for p in playing):
                playing.append(next(p for p in players if p != dealer))
            winners = [draw(st.sampled_from(playing)) for _ in range(3)]
            tricks = {p: winners.count(p) for p in playing}
            if must and draw(st.booleans()):  # in a must, players with no trick may go unnamed
                tricks = {p: t for p, t in tricks.items() if t}
            d = LooDeal(tricks={p: tricks[p] for p in players if p in tricks},
                        order=tuple(winners))
        elif choice == "miss":
            d = LooDeal(miss=draw(st.sampled_from([p for p in players if p != dealer])))
        elif choice == "pass":
            d = LooDeal(all_pass=True)
        else:
            lone = draw(st.sampled_from([p for p in players if p != dealer]))
            winners = [draw(st.sampled_from([lone, dealer])) for _ in range(3)]
            pair = {lone: winners.count(lone), dealer: winners.count(dealer)}
            d = LooDeal(tricks={p: pair[p] for p in players if p in pair},
                        order=tuple(winners), defend=True)
        state, _ = play_one("loo", state, d, dealer, players, settings_)
        dealer = players[(players.index(dealer) + 1) % n]
        deals.append(d)
    return sitting("loo", players, settings_, *deals), deals


@settings(max_examples=200, deadline=None)
@given(sittings())
def test_every_hand_balances_and_players_plus_pool_sum_to_zero(
    case: tuple[AnySession, list[LooDeal]],
) -> None:
    session, _ = case
    played, standing = replay(session)
    for each in played:
        hand = each.result
        change = balances((*session.players, POOL), hand.transfers)
        assert sum(change.values()) == 0
        assert sum(hand.won.values()) + hand.kept <= hand.pool
        assert each.balances[POOL] == hand.pool_after >= 0
        assert sum(each.balances[p] for p in session.players) == -hand.pool_after
    result = reckon(session, standing)
    assert sum(p.net for p in result.players) == 0


@settings(max_examples=100, deadline=None)
@given(sittings())
def test_undo_gives_the_standings_of_never_recording_the_deal(
        case: tuple[AnySession, list[LooDeal]]) -> None:
    session, deals = case
    if not deals:
        return
    played, _ = replay(session)
    _, without_last = replay(session, deals[:-1])
    if len(deals) > 1:
        assert without_last.balances == played[-2].balances
    else:
        assert not any(without_last.balances.values())
    assert without_last.next_dealer == played[-1].dealer


def test_a_pool_taken_without_play_has_no_trick_winners() -> None:
    with pytest.raises(RuleError, match="taken without play: there are no trick winners"):
        play_deal(LooState(pool=6), LooDeal(all_pass=True, order=("A", "A", "A")), "C")
    with pytest.raises(RuleError, match="taken without play"):
        play_deal(LooState(pool=6), LooDeal(miss="B", order=("B", "B", "B")), "C")


def test_an_unlimited_loo_without_a_limit_stops_before_numbers_run_away() -> None:
    settings_ = LooSettings(unlimited=True)
    _, hand = play_deal(LooState(pool=10**15 - 3), deal(A=3, B=0), "C",
                        settings_=settings_)
    assert hand.looed == {"B": 10**15}
    with pytest.raises(RuleError, match="an unlimited loo needs a limit"):
        play_deal(LooState(pool=10**15), deal(A=3, B=0), "C", settings_=settings_)
    _, hand = play_deal(LooState(pool=10**15 - 1), deal(A=1, B=1, C=1), "C",
                        settings_=settings_)  # nobody looed: nothing to refuse
    assert hand.looed == {}
