"""Auction Pinochle, against the worked examples of docs/rules.md (SPEC.md section 3) (P-1 to P-6 and the
meld), every outcome and bad input on its own, the card helpers, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.cards import (
    Card,
    Suit,
    card_points,
    meld_total,
    melds,
    parse_card,
    parse_cards,
    parse_suit,
)
from scorekeeper.games.pinochle import (
    GAME,
    BuryFail,
    Ending,
    Outcome,
    PinochleDeal,
    PinochleResult,
    PinochleSettings,
    check_chip_table,
    in_play,
)
from scorekeeper.games.players import Players
from scorekeeper.ledger import balances
from scorekeeper.reckoning import reckon
from scorekeeper.session import replay

from .helpers import play_one, sitting

THREE = ("A", "B", "C")
FOUR = ("A", "B", "C", "D")
CONCEDED, DECLINED, NO_BURY = Ending.CONCEDED, Ending.DECLINED, Ending.NO_BURY
MADE, FAILED, WON_ON_MELD, NO_BID = Outcome.MADE, Outcome.FAILED, Outcome.WON_ON_MELD, Outcome.NO_BID
H, S = Suit.HEARTS, Suit.SPADES


def play_deal(state: tuple[()], deal: PinochleDeal, dealer: str, players: tuple[str, ...],
              settings_: PinochleSettings) -> tuple[tuple[()], PinochleResult]:
    return play_one("pinochle", state, deal, dealer, players, settings_)


def nets(players: tuple[str, ...], deal: PinochleDeal, dealer: str,
         settings_: PinochleSettings | None = None) -> dict[str, int]:
    _, result = play_deal((), deal, dealer, players, settings_ or PinochleSettings())
    return balances(players, result.transfers)


def test_P1_played_and_made() -> None:
    # A bids 350, meld 190, plays and takes 172: 362 >= 350, won: A +10, B -5, C -5.
    deal = PinochleDeal("A", 350, 190, took=172)
    assert nets(THREE, deal, "C") == {"A": 10, "B": -5, "C": -5}
    assert play_deal((), deal, "C", THREE, PinochleSettings())[1].outcome == MADE


def test_P2_four_at_the_table_the_dealer_sits_out_but_pays() -> None:
    # D deals and sits out. B bids 420, meld 260, declines: B -30, A +10, C +10, D +10.
    deal = PinochleDeal("B", 420, 260, ending=DECLINED)
    assert nets(FOUR, deal, "D") == {"A": 10, "B": -30, "C": 10, "D": 10}
    _, result = play_deal((), deal, "D", FOUR, PinochleSettings())
    assert result.sitting_out == ("D",)


def test_P3_played_and_failed_pays_double() -> None:
    # C bids 300, meld 150, takes 140: 290, lost double: C -12, A +6, B +6.
    deal = PinochleDeal("C", 300, 150, took=140)
    assert nets(THREE, deal, "B") == {"A": 6, "B": 6, "C": -12}
    assert play_deal((), deal, "B", THREE, PinochleSettings())[1].outcome == FAILED


def test_P4_won_on_meld() -> None:
    # A bids 280, meld 300: won on meld: A +4, B -2, C -2.
    deal = PinochleDeal("A", 280, 300)
    assert nets(THREE, deal, "C") == {"A": 4, "B": -2, "C": -2}
    assert play_deal((), deal, "C", THREE, PinochleSettings())[1].outcome == WON_ON_MELD


def test_P5_no_bury_loses_double() -> None:
    # A bids 400 and plays without laying out three cards: A -40, B +20, C +20.
    deal = PinochleDeal("A", 400, 0, ending=NO_BURY)
    assert nets(THREE, deal, "C") == {"A": -40, "B": 20, "C": 20}
    assert nets(THREE, deal, "C", PinochleSettings(bury_fail=BuryFail.SINGLE)) == {
        "A": -20, "B": 10, "C": 10
    }


def test_P6_end_of_sitting_chips_held_and_money() -> None:
    # 25 chips each at 0.10: A holds 31, B 19, C 25 -> A +0.60, B -0.60, C 0. A sitting that
    # ends there: A wins two contracts under 300 (2 chips from each), then C wins one.
    deals = (PinochleDeal("A", 280, 280), PinochleDeal("A", 250, 250), PinochleDeal("C", 200, 200))
    session = sitting("pinochle", THREE, PinochleSettings(), *deals, value="0.10")
    result = reckon(session, replay(session)[1])
    held = {p.name: 25 + p.net for p in result.players}
    assert held == {"A": 31, "B": 19, "C": 25}
    assert [str(p.money) for p in result.players] == ["0.60", "-0.60", "0.00"]
    assert [(t.payer, t.payee, t.units) for t in result.payments] == [("B", "A", 6)]


def test_conceded_wins() -> None:
    deal = PinochleDeal("B", 300, 250, ending=CONCEDED)
    assert nets(THREE, deal, "A") == {"A": -3, "B": 6, "C": -3}


def test_no_bid_pays_nothing() -> None:
    _, result = play_deal((), PinochleDeal(), "A", THREE, PinochleSettings())
    assert result.outcome == NO_BID and result.transfers == ()


def test_a_won_contract_collects_by_the_bid_not_the_points() -> None:
    # "If the bid is 300, and he makes 500 points, he can only collect for 300."
    deal = PinochleDeal("A", 300, 250, took=250)
    assert nets(THREE, deal, "C")["A"] == 2 * 3


@pytest.mark.parametrize(
    ("bid", "chips"),
    [(10, 2), (290, 2), (300, 3), (340, 3), (350, 5), (390, 5), (400, 10), (440, 10),
     (450, 15), (490, 15), (500, 20), (650, 20)],
)
def test_the_chip_table(bid: int, chips: int) -> None:
    assert PinochleSettings().chips_for(bid) == chips


def test_a_session_chip_table() -> None:
    table = ((0, 1), (300, 2), (400, 5))
    assert PinochleSettings(chip_table=table).chips_for(390) == 2
    for bad in ([(300, 2)], [(0, 2), (300, 3), (300, 4)], [(0, 0)], [(0, 5), (300, 2)],
                [(0, 2), (300, 2)], []):
        with pytest.raises(RuleError, match="chip table"):
            check_chip_table(bad)


def test_who_plays() -> None:
    assert in_play(Players(THREE), "A") == ("B", "C", "A")
    assert in_play(Players(FOUR), "D") == ("A", "B", "C")
    five = Players(("A", "B", "C", "D", "E"))
    assert in_play(five, "B") == ("C", "D", "E")  # B deals, A (the fourth after him) sits out


@pytest.mark.parametrize(
    ("deal", "dealer", "message"),
    [
        (PinochleDeal("A", 355, 0, took=0), "C", "bid 355 is not a multiple of 10"),
        (PinochleDeal("A", 350, 190), "C", "meld 190 is short of the bid 350: say how the deal "
                                           "ended: conceded, declined, the card points he took, "
                                           "or no bury"),
        (PinochleDeal("D", 350, 190, took=200), "D", r"D sits out this deal \(D dealt\): the "
                                                     "contractor is one of A, B, C"),
        (PinochleDeal("A", 300, 300, ending=DECLINED), "C", "meld 300 makes the bid of 300: the "
                                                            "contract is won on meld without "
                                                            "play, so there is no ending"),
        (PinochleDeal("A", 280, 300, took=5), "C", "won on meld without play, so there are no "
                                                   "card points to give"),
        (PinochleDeal("Zed", 280, 300), "C", "unknown player 'Zed'"),
        (PinochleDeal("A", 280, 300, ending=CONCEDED), "C", "there is no ending \\(conceded\\)"),
    ],
)
def test_deals_that_break_a_rule(deal: PinochleDeal, dealer: str, message: str) -> None:
    players = FOUR if deal.bidder == "D" else THREE
    with pytest.raises(RuleError, match=message):
        play_deal((), deal, dealer, players, PinochleSettings())


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"bid": 0}, "bid 0 must be a positive number"),
        ({"meld": 195}, "meld 195 must be 0 or more and a multiple of 10"),
        ({"meld": -10}, "meld -10 must be 0 or more"),
        ({"took": 251}, "took 251: the card points of a hand are 0 to 250"),
        ({"took": 10, "ending": Ending.DECLINED}, "give one way the deal ended"),
        ({"meld_cards": (Card("K", H),)}, "meld cards go with their trump suit"),
        ({"meld_cards": (Card("K", H), Card("Q", H)), "trump": H, "meld": 20},
         "meld 20 does not match the meld cards, which make 40"),
    ],
)
def test_a_deal_is_checked_when_made(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        PinochleDeal(**{"bidder": "A", "bid": 300, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"bidder": "A", "bid": 300, "took": 251}, "took 251: the card points of a hand are 0 to 250"),
        ({"bidder": "A", "bid": 300, "took": -1}, "took -1: the card points"),
        ({"bidder": "A", "bid": 300, "declined": True, "took": 100},
         "give one way the deal ended, not declined and took"),
        ({"bidder": "A", "bid": 300, "conceded": True, "no_bury": True},
         "not conceded and no bury"),
        ({"bidder": "Zed", "bid": 300}, "bidder: unknown player 'Zed'"),
        ({"bid": 300}, "name the contractor"),
        ({"bidder": "A"}, "give the contractor's bid"),
        ({"no_bid": True, "bid": 300}, "nobody bid, so there is no bid"),
        ({"bidder": "A", "bid": 300, "meld_cards": ["AH", "KX"], "trump": "hearts"},
         "'KX' is not a card"),
        ({"bidder": "A", "bid": 300, "meld_cards": ["AH", "AH", "AH"], "trump": "hearts"},
         "3 copies of AH: a pinochle pack has two of each card"),
        ({"bidder": "A", "bid": 300, "meld_cards": ["KH", "QH"], "trump": "H", "meld": 20},
         "meld 20 does not match the meld cards, which make 40"),
        ({"bidder": "A", "bid": 300, "trump": "hearts"}, "the trump suit goes with meld cards"),
        ({"bidder": "A", "bid": 300, "meld_cards": ["KH"], "trump": "purple"},
         "unknown suit 'purple'"),
        ({"bidder": "A", "bid": 300, "meld_cards": "KH QH", "trump": "H"},
         "must be a list of cards"),
    ],
)
def test_deal_inputs_are_checked(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        GAME.entry_from_data(raw, Players(THREE))


def test_meld_cards_are_recorded_with_their_total() -> None:
    raw = {"bidder": "a", "bid": 300, "meld_cards": ["ah", "10h", "kh", "qh", "jh", "9h", "qs", "jd", "kc", "qc"],
           "trump": "Hearts", "conceded": True}
    deal = GAME.entry_from_data(raw, Players(THREE))
    assert deal.meld == 220 and deal.trump == H and len(deal.meld_cards) == 10
    assert GAME.entry_to_data(deal) == {
        "bidder": "A", "bid": 300, "meld": 220, "meld_cards": ["AH", "10H", "KH", "QH", "JH", "9H", "QS", "JD", "KC", "QC"],
        "trump": "hearts", "conceded": True}
    assert GAME.entry_from_data(GAME.entry_to_data(deal), Players(THREE)) == deal


# --- cards ---------------------------------------------------------------------------------


def test_spec_meld_example() -> None:
    # Hearts trumps, A♥ 10♥ K♥ Q♥ J♥ 9♥ Q♠ J♦ K♣ Q♣: flush 150 + dix 10 + pinochle 40
    # + marriage 20 = 220.
    cards = parse_cards(["A♥", "10♥", "K♥", "Q♥", "J♥", "9♥", "Q♠", "J♦", "K♣", "Q♣"])
    found = {m.name: m.points for m in melds(cards, H)}
    assert found == {"flush": 150, "dix": 10, "pinochle": 40, "marriage": 20}
    assert meld_total(cards, H) == 220


@pytest.mark.parametrize(
    ("cards", "trump", "total"),
    [
        ("KH QH", "H", 40),                       # royal marriage
        ("KH QH KH QH", "H", 80),                 # two royal marriages
        ("AH 10H KH QH JH KH QH", "H", 190),      # a flush and a royal marriage beside it
        ("AH 10H KH QH JH AH 10H KH QH JH", "H", 300),  # two flushes
        ("KS QS", "H", 20),
        ("9H 9H", "H", 20),
        ("9S", "H", 0),
        ("AS AH AD AC", "C", 100),
        ("AS AH AD AC AS AH AD AC", "C", 200),    # a second set scores again
        ("KS KH KD KC QS QH QD QC JS JH JD JC", "C", 80 + 60 + 40 + 40 + 20 * 3 + 40),
        ("QS JD", "H", 40),
        ("QS JD QS JD", "H", 80),
        ("KS QS JD", "H", 20 + 40),               # QS in a marriage and a pinochle
        ("10S 10H 10D 10C", "S", 0),
    ],
)
def test_melds(cards: str, trump: str, total: int) -> None:
    assert meld_total(parse_cards([cards]), parse_suit(trump)) == total


def test_card_notation() -> None:
    assert parse_card("as") == Card("A", S)
    assert parse_card("TH") == parse_card("10h") == parse_card("10♥") == Card("10", H)
    assert parse_card("Qs") == Card("Q", S)
    assert str(parse_card("q♠")) == "QS"
    for bad in ("1H", "AX", "", "10", "KING", "A²"):
        with pytest.raises(RuleError, match="is not a card"):
            parse_card(bad)
    assert parse_suit("Spades") == parse_suit("s") == parse_suit("♠") == S


def test_card_points() -> None:
    assert card_points(parse_cards(["AS 10S KH QD JC 9C"])) == 30
    assert card_points(parse_cards(["AS 10S KH QD JC 9C"]), last_trick=True) == 40
    pack = [Card(r, s) for r in ("A", "10", "K", "Q", "J", "9") for s in Suit] * 2
    assert card_points(pack, last_trick=True) == 250


# --- properties ----------------------------------------------------------------------------


@st.composite
def pinochle_deals(draw: st.DrawFn) -> tuple[tuple[str, ...], str, PinochleDeal]:
    players = ("A", "B", "C", "D", "E")[: draw(st.integers(3, 5))]
    dealer = draw(st.sampled_from(players))
    bidder = draw(st.sampled_from(in_play(Players(players), dealer)))
    bid = draw(st.integers(1, 65)) * 10
    meld = draw(st.integers(0, 60)) * 10
    how = draw(st.sampled_from(["took", CONCEDED, DECLINED, NO_BURY]))
    if meld >= bid:
        deal = PinochleDeal(bidder, bid, meld)
    elif how == "took":
        deal = PinochleDeal(bidder, bid, meld, took=draw(st.integers(0, 250)))
    else:
        deal = PinochleDeal(bidder, bid, meld, ending=how)
    return players, dealer, deal


@settings(max_examples=300, deadline=None)
@given(pinochle_deals(), st.sampled_from(list(BuryFail)))
def test_chips_are_conserved_and_a_won_contract_collects_at_most_chips_of_the_bid(
    case: tuple[tuple[str, ...], str, PinochleDeal], bury_fail: BuryFail
) -> None:
    players, dealer, deal = case
    settings_ = PinochleSettings(bury_fail=bury_fail)
    _, result = play_deal((), deal, dealer, players, settings_)
    change = balances(players, result.transfers)
    assert sum(change.values()) == 0
    for player in players:
        if player != deal.bidder:
            if result.won:
                assert -change[player] <= settings_.chips_for(deal.bid)
            else:
                assert change[player] in (settings_.chips_for(deal.bid),
                                          2 * settings_.chips_for(deal.bid))
    assert result.won == (deal.meld >= deal.bid or deal.ending == CONCEDED or (
        deal.took is not None and deal.meld + deal.took >= deal.bid))
