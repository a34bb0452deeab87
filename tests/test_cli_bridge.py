"""Bridge at the command line: two rubbers of five players, the score pad, the mistakes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import ROOT, run
from .helpers import play_lines as play

EVENING = [
    "bridge new club --players Ann,Bob,Cid,Dan,Eve --value 0.01 --date 2026-11-28",
    # Rubber 1: Ann & Cid v Bob & Dan, Eve out: the rubber of SPEC 4 (N Ann, S Cid, E Bob,
    # W Dan): Ann & Cid 338, Bob & Dan 196.
    "bridge deal --trump nt --tricks Ann=9 --honours Ann=2,Cid=1",
    "bridge deal --trump ruder --tricks Bob=8 --doubled 1 --honours Bob=2,Dan=2",
    "bridge deal --trump klør --tricks Ann=8 --honours Bob=2,Dan=1",
    "bridge deal --trump hjerter --tricks Bob=12 --honours Bob=4,Dan=1 --chicane Ann",
    "bridge deal --trump sans --tricks Cid=10 --honours Cid=4",
    # Rubber 2: Ann & Eve v Bob & Cid, Dan out.
    "bridge rubber --teams Ann,Eve/Bob,Cid",
    # Ann & Eve 32 below (game), 16 honours.
    "bridge deal --trump hearts --tricks Ann=10 --honours Eve=3",
    # Bob & Cid redoubled: 3 x 4 x 4 = 48 (game); Ann & Eve 8 honours; Bob & Cid 8 chicane.
    "bridge deal --trump clubs --tricks Bob=9 --doubled 2 --honours Ann=2,Eve=1 --chicane Cid",
    # Bob & Cid all 13 in no trumps: 84 (game, rubber), 40 grand slam, 100 aces in one hand.
    "bridge deal --trump nt --tricks Cid=13 --honours Bob=4",
]
# Rubber 2: Ann & Eve 32 + 24 = 56; Bob & Cid 132 + 248 = 380: Bob, Cid +324; Ann, Eve -324.
EVENING_NETS = {"Ann": 142 - 324, "Bob": -142 + 324, "Cid": 142 + 324, "Dan": -142, "Eve": -324}


def test_two_rubbers_with_a_change_of_partnerships_settle(tmp_path: Path) -> None:
    play(tmp_path, EVENING)
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert data["game"] == "bridge" and data["unit"] == "point" and data["deals"] == 8
    assert {p["name"]: p["net"] for p in data["players"]} == EVENING_NETS
    assert [p["money"] for p in data["players"]] == ["-1.82", "1.82", "4.66", "-1.42", "-3.24"]
    assert data["rubbers"] == [
        {"number": 1, "teams": [["Ann", "Cid"], ["Bob", "Dan"]], "totals": [338, 196],
         "games": [2, 1], "finished": True},
        {"number": 2, "teams": [["Ann", "Eve"], ["Bob", "Cid"]], "totals": [56, 380],
         "games": [1, 2], "finished": True},
    ]
    assert sum(t["units"] for t in data["transfers"]) == 182 + 142 + 324


def test_the_bundled_example_is_that_evening(tmp_path: Path) -> None:
    play(tmp_path, EVENING)
    assert (ROOT / "sessions" / "bridge-club.toml").read_text() == (
        tmp_path / "club.toml").read_text()


def test_the_score_sheet_reads_like_a_pad(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:6])
    sheet = run(tmp_path, "show").stdout
    assert sheet.startswith(
        "Rubber 1: Ann & Cid v Bob & Dan (Ann & Cid won the rubber, 2 games to 1)\n"
    )
    lines = sheet.splitlines()
    line = lines.index("  " + "=" * 18 + "+" + "=" * 18)
    assert [s.split("|")[0].split() for s in lines[line - 4:line]] == [
        ["100", "rubber"], ["100", "honours"], ["16", "chicane"], ["30", "honours"]
    ]
    assert [s.split("|")[1].split() for s in lines[line - 4:line]] == [
        ["20", "little", "slam"], ["72", "honours"], ["8", "honours"], ["24", "honours"]
    ]
    assert lines[line + 2].endswith("game 1: Ann & Cid")
    assert lines[line + 5].endswith("game 2: Bob & Dan")
    assert [s.split() for s in lines[line + 3:line + 5]] == [["8", "|", "24"], ["|", "48"]]
    assert "338 total" in sheet and "196 total" in sheet
    assert "Ann & Cid win by 142: Ann +142, Cid +142, Bob -142, Dan -142" in sheet
    data = json.loads(run(tmp_path, "show --format json").stdout)
    rubber = data["rubbers"][0]
    assert rubber["below"] == [[[36], []], [[8], [24, 48]], [[48], []]]
    assert rubber["above"][1] == [{"points": 24, "what": "honours"}, {"points": 8, "what": "honours"},
                                  {"points": 72, "what": "honours"},
                                  {"points": 20, "what": "little slam"}]
    assert rubber["totals"] == [338, 196] and rubber["finished"] is True
    assert run(tmp_path, "show --format csv").stdout.startswith("#,dealer,what happened,Ann,")


def test_after_a_deal_it_gives_the_points_and_the_standing(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:3])
    assert run(tmp_path, EVENING[3]).stdout == (
        "Deal 3 (rubber 1), dealt by Cid: clubs, Ann & Cid 8 tricks, 8 below, Bob & Dan 8 "
        "honours.\n"
        "Rubber 1, game 2: Ann & Cid 8, Bob & Dan 24 below; games 1-0; totals 74 to 56.\n"
        "Next dealer: Dan.\n"
    )
    play(tmp_path, EVENING[4:6])
    assert run(tmp_path, EVENING[6]).stdout == "Rubber 2: Ann & Eve v Bob & Cid (Dan out).\n"
    # Partners sit opposite: Ann, Bob, Eve, Cid; Ann, named first, deals first.
    play(tmp_path, EVENING[7:9])
    dealers = [d["dealer"] for d in json.loads(run(tmp_path, "show --format json").stdout)["deals"]]
    assert dealers == ["Ann", "Bob", "Cid", "Dan", "Ann", None, "Ann", "Bob"]


def test_an_unfinished_rubber_is_marked(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:3])
    out = run(tmp_path, "settle").stdout
    assert "Rubber 1 (unfinished, without the 100): Ann & Cid 66, Bob & Dan 48" in out
    assert "(unfinished: games 1-0)" in run(tmp_path, "show").stdout


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("bridge deal --trump nt --tricks Ann=14", "tricks 14: a side takes 0 to 13 tricks"),
        ("bridge deal --trump nt --tricks Zed=7", "unknown player 'Zed'"),
        ("bridge deal --trump nt --tricks Eve=7", "Eve is not in rubber 1 (Ann & Cid v Bob & Dan)"),
        ("bridge deal --trump hearts --tricks Ann=7", "give the honours in hearts"),
        ("bridge deal --trump hearts --tricks Ann=7 --honours none", "give the honours in hearts"),
        ("bridge deal --trump hearts --tricks Ann=7 --honours Ann=4,Cid=2", "honours total 6"),
        ("bridge deal --trump nt --tricks Ann=7 --honours Ann=3,Bob=3", "honours total 6"),
        ("bridge deal --trump spar --tricks Ann=7 --honours Ann=2,Bob=2",
         "one side always holds 3 or more"),
        ("bridge deal --trump spar --tricks Nils=8 --honours Nils=2", "unknown player 'Nils'"),
        ("bridge deal --trump spar --tricks Ann=8 --honours Ann=2",
         "honours Ann=2: one side always holds 3 or more honours in spades: name that side's "
         "honours (--honours)"),
        ("bridge deal --trump nt --tricks Ann=7 --honours Bob=1", "or none (-) for a 2-2 "
                                                                  "split"),
        ("bridge deal --trump nt --tricks Ann=7 --honours Ann=1,Bob=0,Cid=0,Dan=0",
         "the aces count only for a side that holds 3 or 4"),
        ("bridge deal sans a7 a1b1c1d1", "honours Ann=1,Bob=1,Cid=1,Dan=1: the aces split 2-2, "
                                         "which counts for neither side"),
        ("bridge deal --trump hearts --tricks Ann=7 --honours Ann=2,Cid=1,Bob=1,Dan=0",
         "all four players are accounted for but only 4 of the 5 honours in hearts"),
        ("bridge deal --trump nt --tricks Ann=7 --dealer Eve", "Eve sits out rubber 1"),
        ("bridge deal --trump nt --tricks Ann=7 --doubled 1000000000000", None),
        ("bridge deal --trump nt --tricks Ann=7 --chicane Bob", "chicane is a void in trumps"),
        ("bridge deal --trump hearts --tricks Ann=7 --honours Bob=3 --chicane Bob",
         "Bob is named with trump honours"),
        ("bridge deal --trump nt --tricks Ann=7 --doubled 3",
         "doubled 3 times: this session allows at most 2"),
        ("bridge rubber --teams Ann,Cid/Ann,Bob", "must be four different players"),
        ("bridge rubber --teams Ann,Cid/Bob,Zed", "unknown player 'Zed'"),
    ],
)
def test_a_refused_deal_changes_nothing(tmp_path: Path, line: str, message: str | None
                                       ) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan,Eve --max-doublings 2")
    path = tmp_path / "club.toml"
    before = path.read_bytes()
    result = run(tmp_path, line, code=2 if message is None else 1)
    assert result.stderr.count("Error: ") == 1 and "Traceback" not in result.stderr
    assert message is None or (message in result.stderr and result.stderr.count("\n") == 1)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "line",
    ["bridge deal --tricks Ann=7", "bridge deal --trump nt", "bridge deal --trump nt --tricks "
     "Ann=7 --doubled x", "bridge rubber", "bridge new x --players A,B,C,D --max-doublings -1",
     "bridge deal --trump purple --tricks Ann=7", "bridge deal --trump nt --tricks Ann=²",
     "bridge deal --trump hearts --tricks Ann=7 --honours Ann=①",
     "bridge rubber --teams Ann,Cid", "bridge rubber --teams Ann,Cid/Bob"],
)
def test_wrong_usage_exits_2(tmp_path: Path, line: str) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan")
    assert "Error:" in run(tmp_path, line, code=2).stderr


def test_three_players_are_too_few(tmp_path: Path) -> None:
    assert "3 players: Bridge takes 4 to 12" in run(
        tmp_path, "bridge new x --players A,B,C", code=1).stderr


def test_new_partnerships_wait_for_the_rubber_being_played(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:2])
    assert run(tmp_path, "bridge rubber --teams Ann,Eve/Bob,Cid").stdout == (
        "Rubber 2, when rubber 1 is won: Ann & Eve v Bob & Cid (Dan out).\n"
    )
    assert "Eve is not in rubber 1" in run(
        tmp_path, "bridge deal --trump nt --tricks Eve=7", code=1).stderr
    assert run(tmp_path, "undo").stdout == (
        "Removed: partnerships for rubber 2: Ann & Eve v Bob & Cid.\n"
        "1 deal left; next dealer: Bob.\n"
        "Rubber 2 will be played by Ann & Cid v Bob & Dan.\n"
    )


def test_undo_of_a_second_change_of_partnerships_says_which_are_in_effect(tmp_path: Path
                                                                         ) -> None:
    play(tmp_path, EVENING[:6])
    run(tmp_path, "bridge rubber --teams Ann,Eve/Bob,Cid")
    run(tmp_path, "bridge rubber --teams Ann,Dan/Bob,Eve")
    assert run(tmp_path, "undo").stdout.splitlines()[-1] == (
        "Rubber 2 will be played by Ann & Eve v Bob & Cid.")
    assert run(tmp_path, "undo").stdout.splitlines()[-1] == (
        "Rubber 2 will be played by Ann & Cid v Bob & Dan.")


@pytest.mark.parametrize(("typed", "said"), [("hj", "hearts"), ("sp", "spades"),
                                             ("SA", "no trumps"), ("Ru", "diamonds")])
def test_the_start_of_a_suit_will_do_when_it_means_one_suit(tmp_path: Path, typed: str,
                                                            said: str) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan")
    assert f"dealt by Ann: {said}," in run(tmp_path, f"deal --trump {typed} --tricks a=7 --honours a=3").stdout


def test_a_start_of_a_suit_that_could_mean_two_is_refused(tmp_path: Path) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan")
    assert "'x' is not one of spades" in run(tmp_path, "deal --trump x --tricks a=7",
                                               code=2).stderr
    assert "'he' is not one of" not in run(tmp_path, "deal --trump he --tricks a=7 --honours a=3").stderr


def test_the_same_partnerships_twice_is_refused(tmp_path: Path) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan,Eve")
    assert "rubber 1 is already to be played Ann & Cid v Bob & Dan" in run(
        tmp_path, "bridge rubber --teams Ann,Cid/Bob,Dan", code=1).stderr
    run(tmp_path, "bridge rubber --teams Ann,Eve/Bob,Cid")
    before = (tmp_path / "club.toml").read_bytes()
    assert "these partnerships change nothing" in run(
        tmp_path, "bridge rubber --teams ann,eve/bob,cid", code=1).stderr
    assert (tmp_path / "club.toml").read_bytes() == before


def test_a_file_holding_the_same_partnerships_again_is_still_read(tmp_path: Path) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan,Eve")
    path = tmp_path / "club.toml"
    path.write_text(path.read_text().replace(
        "deals = []", 'deals = [\n    { teams = [["Ann", "Cid"], ["Bob", "Dan"]] },\n]'))
    assert "teams" in path.read_text()
    assert run(tmp_path, f"check {path}").stdout.endswith("ok (bridge, 5 players, 0 deals)\n")
    run(tmp_path, "deal --trump nt --tricks a=9 --honours a=3")
