"""Three-card Loo rules, against the worked examples of SPEC.md section 2 (L-1 to L-6 and the
unlimited loo), each rule of seeds/three-card-loo.txt on its own, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.loo import (
    DEALER_TAKES,
    DEFENDED,
    MISS_TAKES,
    POOL,
    LooDeal,
    LooSettings,
    LooState,
    end_of_sitting,
    next_is_must,
    play_deal,
    shares,
)
from scorekeeper.ledger import balances
from scorekeeper.session import Session, replay, settle

PLAYERS = ("A", "B", "C", "D", "E")


def deal(**tricks: int) -> LooDeal:
    return LooDeal(tricks=tricks)


def nets(hand: object) -> dict[str, int]:
    """Each account's change in one hand, zeros left out."""
    result = balances((*PLAYERS, POOL), hand.transfers)  # type: ignore[attr-defined]
    return {k: v for k, v in result.items() if v}


def sitting(*deals: LooDeal, **options: object) -> Session:
    return Session("loo", PLAYERS, LooSettings(**options), list(deals))  # type: ignore[arg-type]


# The continuous sitting of SPEC 2: players A B C D E, ante 3, loo 3.
L1 = LooDeal(tricks={"A": 0, "B": 2, "C": 0, "D": 0, "E": 1}, miss="E")
L2 = LooDeal(tricks={"B": 2, "C": 1}, defend=True)
L3 = LooDeal(tricks={"D": 1, "E": 0, "A": 2}, order=("A", "D", "A"))
L4 = deal(E=1, A=1, B=1)
L5 = deal(A=2, B=0, C=1, D=0, E=0)
L6 = LooDeal(miss="B")
SPEC_SITTING = (L1, L2, L3, L4, L5, L6)


def test_spec_sitting_L1_to_L6_hand_by_hand() -> None:
    standing = replay(sitting(*SPEC_SITTING))
    hands = [p.result for p in standing.played]
    assert [p.dealer for p in standing.played] == ["A", "B", "C", "D", "E", "A"]
    assert [h.pool for h in hands] == [3, 12, 11, 6, 3, 12]
    assert [h.pool_after for h in hands] == [9, 8, 3, 0, 9, 0]
    # L-1: B +2, E +1; A, C, D looed 3 each; A also put in the ante.
    assert nets(hands[0]) == {"A": -6, "B": 2, "C": -3, "D": -3, "E": 1, POOL: 9}
    # L-2: B defends; C takes 1 trick (+4); the dealer's 2 tricks leave 8 in the pool.
    assert hands[1].outcome == DEFENDED
    assert nets(hands[1]) == {"B": -3, "C": 4, POOL: -1}
    assert hands[1].kept == 8
    # L-3: pool 11 -> shares 4, 4, 3 to the winners in order A, D, A; E looed.
    assert nets(hands[2]) == {"A": 7, "C": -3, "D": 4, "E": -3, POOL: -5}
    # L-4: one trick each, nobody looed, pool empty: the next hand is a must.
    assert nets(hands[3]) == {"A": 2, "B": 2, "D": -3, "E": 2, POOL: -3}
    # L-5: a must, all five play.
    assert hands[4].must
    assert nets(hands[4]) == {"A": 2, "B": -3, "C": 1, "D": -3, "E": -6, POOL: 9}
    # L-6: B takes miss, all others pass: B +12; the next hand is a single again.
    assert hands[5].outcome == MISS_TAKES
    assert nets(hands[5]) == {"A": -3, "B": 12, POOL: -9}
    assert next_is_must(standing.state, LooSettings())
    assert standing.next_dealer == "B"


def test_L2_had_C_taken_no_trick_he_is_looed_and_the_pool_keeps_everything() -> None:
    standing = replay(sitting(L1, LooDeal(tricks={"B": 3, "C": 0}, defend=True)))
    hand = standing.played[1].result
    assert hand.looed == {"C": 3}
    assert hand.pool_after == 15


def test_unlimited_loo_is_the_pool_of_the_hand() -> None:
    state = LooState(pool=9, hands=1)
    four = ("A", "B", "C", "D")
    hand_deal = LooDeal(tricks={"A": 2, "B": 1, "C": 0, "D": 0})
    _, hand = play_deal(state, hand_deal, "D", four, LooSettings(unlimited=True))
    assert hand.pool == 12
    assert hand.won == {"A": 8, "B": 4}
    assert hand.looed == {"C": 12, "D": 12}
    _, capped = play_deal(state, hand_deal, "D", four, LooSettings(unlimited=True, limit=10))
    assert capped.looed == {"C": 10, "D": 10}


def test_fixed_loo() -> None:
    _, hand = play_deal(LooState(), deal(A=3, B=0), "A", PLAYERS, LooSettings(loo=5))
    assert hand.looed == {"B": 5}


@pytest.mark.parametrize(
    ("pool", "early", "carry"),
    [(11, (4, 4, 3), (3, 3, 3)), (10, (4, 3, 3), (3, 3, 3)), (12, (4, 4, 4), (4, 4, 4)),
     (3, (1, 1, 1), (1, 1, 1)), (4, (2, 1, 1), (1, 1, 1))],
)
def test_shares_of_an_uneven_pool(pool: int, early: tuple[int, ...], carry: tuple[int, ...]) -> None:
    assert shares(pool, "early") == early
    assert shares(pool, "carry") == carry


def test_uneven_pool_needs_the_order_of_the_trick_winners() -> None:
    state = LooState(pool=8, hands=2)
    with pytest.raises(RuleError, match=r"the pool of 11 does not divide by 3: give the trick "
                                        r"winners in order with --order"):
        play_deal(state, deal(D=1, E=0, A=2), "C", PLAYERS, LooSettings())


def test_uneven_pool_won_by_one_player_needs_no_order() -> None:
    _, hand = play_deal(LooState(pool=8, hands=2), deal(D=3, E=0), "C", PLAYERS, LooSettings())
    assert hand.won == {"D": 11}


def test_carry_leaves_the_odd_counters_in_the_pool() -> None:
    state = LooState(pool=8, hands=2)
    _, hand = play_deal(state, deal(D=1, E=0, A=2), "C", PLAYERS, LooSettings(remainder="carry"))
    assert hand.won == {"A": 6, "D": 3}
    assert hand.kept == 2
    assert hand.pool_after == 2 + 3  # the rest and E's loo


def test_order_must_agree_with_the_tricks() -> None:
    bad = LooDeal(tricks={"D": 1, "E": 0, "A": 2}, order=("A", "D", "D"))
    with pytest.raises(RuleError, match="--order names A 1 times but A took 2"):
        play_deal(LooState(pool=8, hands=2), bad, "C", PLAYERS, LooSettings())


def test_dealer_takes_the_pool_when_all_others_pass() -> None:
    state, hand = play_deal(LooState(pool=6, hands=1), LooDeal(all_pass=True), "C", PLAYERS,
                            LooSettings())
    assert hand.outcome == DEALER_TAKES
    assert hand.won == {"C": 9}
    assert nets(hand) == {"C": 6, POOL: -6}
    assert next_is_must(state, LooSettings())


def test_defender_looed_setting() -> None:
    defended = LooDeal(tricks={"B": 0, "C": 3}, defend=True)
    _, hand = play_deal(LooState(pool=9, hands=1), defended, "B", PLAYERS, LooSettings())
    assert hand.looed == {}
    _, hand = play_deal(LooState(pool=9, hands=1), defended, "B", PLAYERS,
                        LooSettings(defender_looed=True))
    assert hand.looed == {"B": 3}


def test_first_hand_is_not_a_single() -> None:
    assert not next_is_must(LooState(), LooSettings())


def test_no_must_plays_a_single_as_an_ordinary_hand() -> None:
    state = LooState(pool=0, hands=4)
    _, hand = play_deal(state, LooDeal(miss="B"), "E", PLAYERS, LooSettings(must=False))
    assert not hand.must
    assert hand.won == {"B": 3}


def test_a_must_by_default_names_everyone() -> None:
    state = LooState(pool=0, hands=4)
    with pytest.raises(RuleError, match="this hand is a must: everyone plays; name C, D too"):
        play_deal(state, deal(A=2, B=0, E=1), "E", PLAYERS, LooSettings())
    with pytest.raises(RuleError, match="this hand is a must: there is no miss"):
        play_deal(state, LooDeal(miss="B"), "E", PLAYERS, LooSettings())
    with pytest.raises(RuleError, match="must: everyone plays, so nobody can pass"):
        play_deal(state, LooDeal(all_pass=True), "E", PLAYERS, LooSettings())
    everyone = LooDeal(tricks={"A": 2, "B": 0, "C": 1, "D": 0, "E": 0}, miss="A")
    with pytest.raises(RuleError, match="there is no miss"):
        play_deal(state, everyone, "E", PLAYERS, LooSettings())


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
        (LooDeal(tricks={"B": 2, "C": 1}, defend=True), "--defend: name the dealer A"),
        (LooDeal(tricks={"A": 1, "B": 1, "C": 1}, defend=True), "not 2"),
        (LooDeal(tricks={"A": 1, "B": 2}, defend=True, miss="B"), "B took miss: the dealer"),
        (LooDeal(all_pass=True, tricks={"B": 3}), "all-pass means nobody"),
    ],
)
def test_deals_that_break_a_rule_are_refused(bad: LooDeal, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        play_deal(LooState(pool=9, hands=1), bad, "A", PLAYERS, LooSettings())


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"tricks": {"Zed": 3}}, "unknown player 'Zed': the players are A, B, C, D, E"),
        ({"tricks": {"A": 4}}, "A=4: a player takes 0 to 3 tricks"),
        ({"tricks": {"A": 1, "a": 2}}, "A is named twice"),
        ({"tricks": {"A": "x"}}, "A's tricks 'x' must be a whole number"),
        ({"trick": {"A": 3}}, "unknown key 'trick' in a deal"),
        ({"miss": "b", "all_pass": "yes"}, "all_pass 'yes' must be true or false"),
    ],
)
def test_deal_inputs_are_checked(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        LooDeal.from_toml(raw, PLAYERS)


def test_names_are_matched_ignoring_case() -> None:
    parsed = LooDeal.from_toml({"tricks": {"b": 2, "c": 1}, "miss": "c", "order": "c,b,B"},
                               PLAYERS)
    assert parsed == LooDeal(tricks={"B": 2, "C": 1}, miss="C", order=("C", "B", "B"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ante": 4}, "ante 4 is not a positive multiple of 3"),
        ({"ante": 0}, "ante 0 is not a positive multiple of 3"),
        ({"loo": 0}, "loo 0 must be a positive number"),
        ({"limit": 10}, "limit 10 caps an unlimited loo"),
        ({"remainder": "late"}, "remainder 'late' must be 'early' or 'carry'"),
    ],
)
def test_settings_are_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        LooSettings(**options)  # type: ignore[arg-type]


def test_dealer_can_be_named_and_rotation_goes_on_from_him() -> None:
    named = LooDeal(tricks={"A": 2, "B": 1, "C": 0}, dealer="D")
    standing = replay(sitting(named, LooDeal(all_pass=True), deal(A=3, B=0, C=0, D=0, E=0)))
    assert [p.dealer for p in standing.played] == ["D", "E", "A"]


def test_end_of_sitting_shares_the_pool_from_the_player_after_the_last_dealer() -> None:
    transfers = end_of_sitting(LooState(pool=12, hands=3), PLAYERS, "D")
    got = {t.payee: t.units for t in transfers}
    assert got == {"D": 3, "E": 3, "A": 2, "B": 2, "C": 2}


def test_spec_sitting_settles_to_nets_money_and_payments() -> None:
    session = sitting(*SPEC_SITTING)._replace(value="0.05")
    result = settle(session)
    assert [(p.name, p.net) for p in result.players] == [
        ("A", 2), ("B", 10), ("C", -1), ("D", -5), ("E", -6)
    ]
    assert [str(p.money) for p in result.players] == ["0.10", "0.50", "-0.05", "-0.25", "-0.30"]
    assert [(t.payer, t.payee, t.units) for t in result.payments] == [
        ("C", "A", 1), ("D", "A", 1), ("D", "B", 4), ("E", "B", 6)
    ]


def test_settle_shares_out_what_is_left_in_the_pool() -> None:
    result = settle(sitting(L1))  # the pool holds 9 after L-1; next dealer B
    assert [(p.name, p.net) for p in result.players] == [
        ("A", -6 + 1), ("B", 2 + 2), ("C", -3 + 2), ("D", -3 + 2), ("E", 1 + 2)
    ]
    assert sum(p.net for p in result.players) == 0


# --- properties -----------------------------------------------------------------------------


@st.composite
def sittings(draw: st.DrawFn) -> tuple[Session, list[LooDeal]]:
    """A random sitting whose every hand is legal, built hand by hand."""
    n = draw(st.integers(3, 7))
    players = tuple("ABCDEFG"[:n])
    options = draw(st.fixed_dictionaries({
        "ante": st.sampled_from([3, 6]),
        "remainder": st.sampled_from(["early", "carry"]),
        "defender_looed": st.booleans(),
        "must": st.booleans(),
    }))
    kind = draw(st.sampled_from(["ante", "fixed", "unlimited", "limit"]))
    if kind == "fixed":
        options["loo"] = draw(st.integers(1, 7))
    elif kind != "ante":
        options["unlimited"] = True
        if kind == "limit":
            options["limit"] = draw(st.integers(1, 20))
    settings_ = LooSettings(**options)
    session = Session("loo", players, settings_, [])
    state, dealer = LooState(), players[0]
    deals = []
    for _ in range(draw(st.integers(0, 12))):
        must = next_is_must(state, settings_)
        choice = draw(st.sampled_from(["play", "play", "miss", "pass", "defend"]))
        if must or choice == "play":
            playing = list(players) if must else draw(
                st.lists(st.sampled_from(players), min_size=2, max_size=n, unique=True))
            if not must and all(p == dealer for p in playing):
                playing.append(next(p for p in players if p != dealer))
            winners = [draw(st.sampled_from(playing)) for _ in range(3)]
            tricks = {p: winners.count(p) for p in playing}
            d = LooDeal(tricks=tricks, order=tuple(winners))
        elif choice == "miss":
            d = LooDeal(miss=draw(st.sampled_from([p for p in players if p != dealer])))
        elif choice == "pass":
            d = LooDeal(all_pass=True)
        else:
            lone = draw(st.sampled_from([p for p in players if p != dealer]))
            winners = [draw(st.sampled_from([lone, dealer])) for _ in range(3)]
            d = LooDeal(tricks={lone: winners.count(lone), dealer: winners.count(dealer)},
                        order=tuple(winners), defend=True)
        state, _ = play_deal(state, d, dealer, players, settings_)
        dealer = players[(players.index(dealer) + 1) % n]
        deals.append(d)
    return session._replace(deals=tuple(deals)), deals


@settings(max_examples=200, deadline=None)
@given(sittings())
def test_every_hand_balances_and_players_plus_pool_sum_to_zero(
    case: tuple[Session, list[LooDeal]],
) -> None:
    session, _ = case
    standing = replay(session)
    for played in standing.played:
        hand = played.result
        change = balances((*session.players, POOL), hand.transfers)
        assert sum(change.values()) == 0
        assert sum(hand.won.values()) + hand.kept <= hand.pool
        assert played.balances[POOL] == hand.pool_after >= 0
        assert sum(played.balances[p] for p in session.players) == -hand.pool_after
    result = settle(session)
    assert sum(p.net for p in result.players) == 0


@settings(max_examples=100, deadline=None)
@given(sittings())
def test_undo_gives_the_standings_of_never_recording_the_deal(case: tuple[Session, list[LooDeal]]) -> None:
    session, deals = case
    if not deals:
        return
    full = replay(session)
    without_last = replay(session, deals[:-1])
    assert without_last.balances == full.played[-2].balances if len(deals) > 1 else all(
        v == 0 for v in without_last.balances.values()
    )
    assert without_last.next_dealer == full.played[-1].dealer
