"""Auction Pinochle at the command line: a sitting, the helpers, the mistakes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import ROOT, run
from .helpers import play_lines as play

# Four players: the dealer sits out of each deal but pays and collects like the rest.
SUNDAY = [
    "pinochle new sunday --players Ann,Bob,Cid,Dan --value 0.10 --date 2026-11-22",
    # 1 Ann deals: Bob bids 350, meld 190, takes 172 = 362: made, 5 from each.
    "pinochle deal --bidder Bob --bid 350 --meld 190 --took 172",
    # 2 Bob deals: Cid bids 300, meld 150, takes 140 = 290: failed, pays 2 x 3 to each.
    "pinochle deal --bidder Cid --bid 300 --meld 150 --took 140",
    # 3 Cid deals: Ann bids 280, meld 300: won on meld, 2 from each.
    "pinochle deal --bidder Ann --bid 280 --meld 300",
    # 4 Dan deals: Bob bids 420, meld 260, declines: pays 10 to each.
    "pinochle deal --bidder Bob --bid 420 --meld 260 --declined",
    # 5 Ann deals: Dan bids 350 and lays out no cards: pays 2 x 5 to each.
    "pinochle deal --bidder Dan --bid 350 --meld 100 --no-bury",
    # 6 Bob deals: everyone passes.
    "pinochle deal --no-bid",
    # 7 Cid deals: Ann bids 320 with her meld in cards (220), short; conceded: 3 from each.
    'pinochle deal --bidder Ann --bid 320 --meld-cards "AH 10H KH QH JH 9H QS JD KC QC" '
    "--trump hearts --conceded",
]
SUNDAY_NETS = {"Ann": 36, "Bob": -4, "Cid": -8, "Dan": -24}


def test_a_pinochle_sitting_settles_to_the_right_chips_money_and_payments(tmp_path: Path) -> None:
    play(tmp_path, SUNDAY)
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert data["game"] == "pinochle" and data["unit"] == "chip" and data["deals"] == 7
    assert {p["name"]: p["net"] for p in data["players"]} == SUNDAY_NETS
    assert [p["chips"] for p in data["players"]] == [61, 21, 17, 1]
    assert [p["money"] for p in data["players"]] == ["3.60", "-0.40", "-0.80", "-2.40"]
    assert [(t["from"], t["to"], t["units"], t["money"]) for t in data["transfers"]] == [
        ("Bob", "Ann", 4, "0.40"), ("Cid", "Ann", 8, "0.80"), ("Dan", "Ann", 24, "2.40")
    ]
    table = run(tmp_path, "settle").stdout
    assert table.splitlines()[0] == "Auction Pinochle 'sunday': 7 deals, 1 chip = 0.10."
    assert ["Ann", "+36", "61", "+3.60"] in [line.split() for line in table.splitlines()]


def test_the_bundled_example_is_that_sitting(tmp_path: Path) -> None:
    play(tmp_path, SUNDAY)
    assert (ROOT / "sessions" / "pinochle-sunday.toml").read_text() == (
        tmp_path / "sunday.toml"
    ).read_text()


def test_after_a_deal_it_says_who_pays_whom(tmp_path: Path) -> None:
    play(tmp_path, SUNDAY[:4])
    result = run(tmp_path, SUNDAY[4])
    assert result.stdout == (
        "Deal 4, dealt by Dan (Dan out of the play): Bob bid 420, meld 260, declined: pays 10 "
        "to each.\n"
        "  Ann +10, Bob -30, Cid +10, Dan +10\n"
        "Next dealer: Ann.\n"
    )
    assert run(tmp_path, "pinochle deal --no-bid --dry-run").stdout == (
        "Dry run: nothing saved.\nDeal 5, dealt by Ann (Ann out of the play): no bid.\n"
        "Next dealer: Bob.\n"
    )


def test_show_and_its_json(tmp_path: Path) -> None:
    play(tmp_path, SUNDAY)
    data = json.loads(run(tmp_path, "show --format json").stdout)
    assert [d["outcome"] for d in data["deals"]] == [
        "made", "failed", "won on meld", "declined", "no bury", "no bid", "conceded"
    ]
    assert data["deals"][6]["inputs"]["meld_cards"] == ["AH", "10H", "KH", "QH", "JH", "9H", "QS", "JD", "KC", "QC"]
    assert data["deals"][6]["meld"] == 220
    lines = run(tmp_path, "show").stdout.splitlines()
    assert lines[-1] == "Next dealer: Dan."
    assert lines[2].split()[-4:] == ["-5", "+15", "-5", "-5"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("pinochle deal --bidder Bob --bid 355 --meld 100 --took 10",
         "bid 355 is not a multiple of 10"),
        ("pinochle deal --bidder Bob --bid 350 --meld 105 --took 10",
         "meld 105 must be 0 or more and a multiple of 10"),
        ("pinochle deal --bidder Bob --bid 350 --meld 100 --took 300",
         "took 300: the card points of a hand are 0 to 250"),
        ("pinochle deal --bidder Bob --bid 350 --meld 100",
         "meld 100 is short of the bid 350: say how the deal ended: conceded, declined, the "
         "card points he took, or no bury (--conceded, --declined, --took or --no-bury)"),
        ("pinochle deal --bidder Bob --bid 280 --meld 300 --took 10",
         "meld 300 makes the bid of 280: the contract is won on meld without play, so there "
         "are no card points to give"),
        ("pinochle deal --bidder Ann --bid 350 --meld 100 --took 100",
         "Ann sits out this deal (Ann dealt): the contractor is one of Bob, Cid, Dan"),
        ("pinochle deal --bidder Eve --bid 350 --meld 100 --took 100", "unknown player 'Eve'"),
        ("loo deal Ann=3 Bob=0", "session 'sunday' is a pinochle session, not loo"),
        ("bridge rubber --teams Ann,Bob/Cid,Dan", "session 'sunday' is a pinochle session"),
    ],
)
def test_a_refused_deal_changes_nothing(tmp_path: Path, line: str, message: str) -> None:
    play(tmp_path, SUNDAY[:1])
    run(tmp_path, "bridge new other --players A,B,C,D")
    run(tmp_path, "use sunday")
    path = tmp_path / "sunday.toml"
    before = path.read_bytes()
    result = run(tmp_path, line, code=1)
    assert result.stderr.startswith(f"Error: {message}") and result.stderr.count("\n") == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "line",
    [
        "pinochle deal --bid 300",
        "pinochle deal --bidder Bob",
        "pinochle deal --no-bid --bidder Bob",
        "pinochle deal --no-bid --took 10",
        "pinochle deal --bidder Bob --bid 300 --meld 20 --meld-cards KH --trump H",
        "pinochle deal --bidder Bob --bid 300 --meld-cards KH",
        "pinochle deal --bidder Bob --bid 300 --trump H",
        "pinochle deal --bidder Bob --bid 350 --meld 100 --declined --took 100",
        "pinochle deal --bidder Bob --bid 350 --meld 100 --conceded --no-bury",
        "pinochle deal --bidder Bob --bid 350 --meld -10 --took 10",
        "pinochle deal --bidder Bob --bid 35² --meld 10 --took 10",
        'pinochle deal --bidder Bob --bid 350 --meld-cards "AH ZZ" --trump H --took 100',
        "pinochle deal --bidder Bob --bid 350 --meld-cards AH --trump purple --took 100",
        "pinochle new x --players A,B,C --chip-table 0:2,300:x",
        "pinochle new x --players A,B,C --chip-table 0:①",
        "pinochle deal --bidder Bob --bid x",
        "pinochle new x --players A,B,C --bury-fail never",
        "pinochle meld AH",
        "pinochle count",
    ],
)
def test_wrong_usage_exits_2(tmp_path: Path, line: str) -> None:
    play(tmp_path, SUNDAY[:1])
    assert "Error:" in run(tmp_path, line, code=2).stderr


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("pinochle new x --players A,B", "2 players: Auction Pinochle takes 3 to 5"),
        ("pinochle new x --players A,B,C,D,E,F", "6 players: Auction Pinochle takes 3 to 5"),
        ("pinochle new x --players A,B,C --chip-table 100:2", "chip table '100:2' must start at "
                                                              "bid 0"),
        ("pinochle new x --players A,B,C --chip-table 0:5,300:2", "bids and chips must both "
                                                                  "rise"),
        ("pinochle new x --players A,B,C --bid-step 15", "bid step 15 must be a positive multiple"),
    ],
)
def test_refused_sessions(tmp_path: Path, line: str, message: str) -> None:
    assert message in run(tmp_path, line, code=1).stderr


def test_meld_helper_matches_the_spec_example(tmp_path: Path) -> None:
    cards = "AH 10H KH QH JH 9H QS JD KC QC"
    data = json.loads(run(tmp_path, f"pinochle meld --trump hearts {cards} --format json").stdout)
    assert data["trump"] == "hearts" and data["total"] == 220
    assert [(m["name"], m["points"]) for m in data["melds"]] == [
        ("flush", 150), ("marriage", 20), ("dix", 10), ("pinochle", 40)
    ]
    table = run(tmp_path, f"pinochle meld --trump ♥ {cards.lower()}").stdout.splitlines()
    assert table[2].split() == ["flush", "AH", "10H", "KH", "QH", "JH", "150"]
    assert table[-1] == "Total meld: 220."
    assert run(tmp_path, "pinochle meld --trump H AH AH AH", code=1).stderr == (
        "Error: 3 copies of AH: a pinochle pack has two of each card\n"
    )
    assert "'x' is not one of spades" in run(tmp_path, "pinochle meld --trump x AH",
                                             code=2).stderr


def test_count_helper(tmp_path: Path) -> None:
    out = run(tmp_path, "pinochle count AS 10S KH QD JC 9C --last-trick --format json").stdout
    assert json.loads(out) == {"cards": 6, "last_trick": True, "points": 40}
    table = run(tmp_path, 'pinochle count "AS TS"').stdout.splitlines()
    assert table[-1] == "Total: 21 card points."
    assert "'1S' is not a card" in run(tmp_path, "pinochle count 1S", code=2).stderr
