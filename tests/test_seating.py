"""People coming and going between deals, in every game: who deals after, the limits that
hold at every moment, Bridge's rubbers, and every player who sat counted in the reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import play_lines, run


def show(tmp_path: Path) -> dict[str, object]:
    found: dict[str, object] = json.loads(run(tmp_path, "show --format json").stdout)
    return found


def test_a_newcomer_deals_when_his_seat_comes_round(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new e --players Ann,Bob,Cid --date 2026-11-27",
                          "deal a=1 b=2 c=0"])          # Ann deals; Bob next
    out = run(tmp_path, "join Eve --after Bob").stdout
    assert out == ("Eve joins the table, after Bob: Ann, Bob, Eve, Cid sit at the table.\n"
                   "Next dealer: Bob.\n")
    run(tmp_path, "deal a=1 b=2 e=0")                   # Bob deals
    assert show(tmp_path)["next_dealer"] == "Eve"       # his seat comes round
    run(tmp_path, "join Dan")                           # the last seat
    data = show(tmp_path)
    assert data["players"] == ["Ann", "Bob", "Cid", "Eve", "Dan"]
    assert data["deals"][1]["seated"] == ["Ann", "Bob", "Eve", "Cid"]  # type: ignore[index]


def test_who_leaves_keeps_his_balance_and_the_next_seated_deals_for_him(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new e --players Ann,Bob,Cid,Dan --date 2026-11-27",
                          "deal a=1 b=2 c=0"])          # Ann dealt; Bob deals next
    assert run(tmp_path, "leave Bob").stdout == (
        "Bob leaves the table: Ann, Cid, Dan sit at the table.\nNext dealer: Cid.\n")
    assert "Bob is not at the table" in run(tmp_path, "deal a=1 b=2", code=1).stderr
    run(tmp_path, "deal a=3 c=0")
    settle = json.loads(run(tmp_path, "settle --format json").stdout)
    assert [p["name"] for p in settle["players"]] == ["Ann", "Bob", "Cid", "Dan"]
    assert sum(p["net"] for p in settle["players"]) == 0
    assert {p["name"]: p["net"] for p in settle["players"]}["Bob"] == 2  # his 2 stay his


def test_the_games_player_limits_hold_at_every_moment(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid --date 2026-11-27"])
    before = (tmp_path / "p.toml").read_bytes()
    assert run(tmp_path, "leave Ann", code=1).stderr == (
        "Error: Ann cannot leave: Auction Pinochle takes at least 3 players, and 3 are at the "
        "table\n")
    run(tmp_path, "join Dan")
    run(tmp_path, "join Eve")
    assert run(tmp_path, "join Fay", code=1).stderr == (
        "Error: Fay cannot join: Auction Pinochle takes at most 5 players, and 5 are at the "
        "table\n")
    assert "Dan sits at the table already" in run(tmp_path, "join dan", code=1).stderr
    run(tmp_path, "undo")
    run(tmp_path, "undo")
    assert (tmp_path / "p.toml").read_bytes().startswith(before.split(b"[settings]")[0][:40])


def test_pinochle_with_four_after_a_newcomer_sits_the_dealer_out(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid --date 2026-11-27",
                          "deal a 300 300", "join Dan"])  # Bob deals, and now sits out
    assert "Bob sits out this deal" in run(tmp_path, "deal b 300 300", code=1).stderr
    out = run(tmp_path, "deal d 300 300").stdout
    assert out.startswith("Deal 2, dealt by Bob (Bob out of the play): Dan bid 300")


def test_bridge_a_newcomer_plays_from_the_rubber_that_names_him(tmp_path: Path) -> None:
    play_lines(tmp_path, ["bridge new club --players Ann,Bob,Cid,Dan --date 2026-11-27",
                          "deal nt a9 -", "join Eve"])
    assert "Eve is not in rubber 1" in run(tmp_path, "deal nt e9 -", code=1).stderr
    assert "Ann plays in rubber 1, which is being played by Ann & Cid v Bob & Dan" in run(
        tmp_path, "leave Ann", code=1).stderr
    run(tmp_path, "deal nt a9 -")                        # rubber 1 won by Ann & Cid
    assert "Ann plays in rubber 2, which is to be played next by Ann & Cid v Bob & Dan" in run(
        tmp_path, "leave Ann", code=1).stderr
    run(tmp_path, "bridge rubber --teams Eve,Cid/Bob,Dan")
    run(tmp_path, "leave Ann")
    out = run(tmp_path, "deal h e8 e3").stdout
    assert out.startswith("Deal 3 (rubber 2), dealt by Eve: hearts, Eve & Cid 8 tricks")
    settle = json.loads(run(tmp_path, "settle --format json").stdout)
    assert [p["name"] for p in settle["players"]] == ["Ann", "Bob", "Cid", "Dan", "Eve"]


def test_the_deal_goes_to_the_partnerships_that_play(tmp_path: Path) -> None:
    """The audit's case: a change of partnerships that a second change undoes before any
    deal leaves the deal going round the table."""
    play_lines(tmp_path, ["bridge new r --players A,B,C,D --date 2026-11-27",
                          "deal --trump nt --tricks A=10 --honours none",
                          "deal --trump nt --tricks A=10 --honours none",  # rubber 1 won
                          "bridge rubber --teams B,A/C,D",
                          "bridge rubber --teams A,C/B,D"])
    assert show(tmp_path)["next_dealer"] == "C"
    play_lines(tmp_path, ["bridge new s --players A,B,C,D --date 2026-11-27",
                          "bridge rubber --teams B,A/C,D", "bridge rubber --teams A,C/B,D"])
    assert show(tmp_path)["next_dealer"] == "A"  # no deal yet: the first dealer


@pytest.mark.parametrize("line", ["join", "join 'Ann,Bob'", "join '+x'", "leave Zed"])
def test_a_seating_slip_changes_nothing(tmp_path: Path, line: str) -> None:
    play_lines(tmp_path, ["loo new e --players Ann,Bob,Cid --date 2026-11-27"])
    before = (tmp_path / "e.toml").read_bytes()
    result = run(tmp_path, line, code=2 if line == "join" else 1)
    assert "Error" in result.stderr or "Missing argument" in result.stderr
    assert (tmp_path / "e.toml").read_bytes() == before


def test_the_book_and_stats_count_every_player_who_sat(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new e --players Ann,Bob,Cid --date 2026-11-27",
                          "deal a=1 b=2 c=0", "join Eve", "deal e=3 a=0", "leave Ann",
                          "deal e=1 b=1 c=1"])
    book = json.loads(run(tmp_path, "book --format json").stdout)
    assert [p["name"] for p in book["sittings"][0]["players"]] == ["Ann", "Bob", "Cid", "Eve"]
    stats = json.loads(run(tmp_path, "stats --format json").stdout)
    assert {r["name"] for r in stats["players"]} == {"Ann", "Bob", "Cid", "Eve"}
    sessions = json.loads(run(tmp_path, "sessions --format json").stdout)["sessions"]
    assert sessions[0]["players"] == ["Ann", "Bob", "Cid", "Eve"] and sessions[0]["deals"] == 3
    (tmp_path / ".e.toml.cache").unlink()  # the same from the file itself
    sessions = json.loads(run(tmp_path, "sessions --format json").stdout)["sessions"]
    assert sessions[0]["players"] == ["Ann", "Bob", "Cid", "Eve"] and sessions[0]["deals"] == 3
    assert run(tmp_path, f"check {tmp_path / 'e.toml'}").stdout.endswith("3 deals)\n")


def test_seating_at_the_prompt(tmp_path: Path) -> None:
    from .test_races import playing

    play_lines(tmp_path, ["loo new e --players Ann,Bob,Cid --date 2026-11-27"])
    with playing(tmp_path) as screen:
        screen.expect(b"hand 1")
        screen.type(b"join Dan --after Ann\r")
        screen.expect(b"Dan joins the table, after Ann: Ann, Dan, Bob, Cid sit at the table.")
        screen.type(b"a=1 d=2 b=0\r")
        screen.expect(b"Hand 1, dealt by Ann")
        screen.expect(b"hand 2 \xc2\xb7 Dan deals")


@pytest.mark.parametrize(("new", "deal", "key"), [
    ("loo new y --players Ann,Bob,Cid", "deal pass", "looed"),
    ("pinochle new y --players Ann,Bob,Cid", "deal pass", "bids"),
    ("bridge new y --players Ann,Bob,Cid,Dan", "deal nt a7 -", "rubbers"),
])
def test_stats_count_a_newcomer_with_everyone(tmp_path: Path, new: str, deal: str, key: str
                                              ) -> None:
    """A player who joined has every count of his game (0 where there is none), in text and
    JSON alike (the hunt's traceback)."""
    run(tmp_path, new)
    run(tmp_path, "join Eve")
    run(tmp_path, deal)
    rows = json.loads(run(tmp_path, "stats --format json").stdout)["players"]
    assert {r["name"] for r in rows} >= {"Ann", "Eve"}
    assert all(key in r for r in rows) and len({tuple(r) for r in rows}) == 1
    assert "Eve" in run(tmp_path, "stats").stdout


@pytest.mark.parametrize(("new", "deal", "left"), [
    ("loo new x --players Ann,Bob,Cid,Dan", "deal {p}=2 a1", "Bob"),
    ("pinochle new x --players Ann,Bob,Cid,Dan", "deal {p} 300 310", "Bob"),
])
@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_player_who_left_or_joined_later_is_named_as_not_at_the_table(
        tmp_path: Path, new: str, deal: str, left: str, lang: str) -> None:
    """Not 'unknown player': he sat in the sitting, only not at this deal's table, in a deal
    and in an amend of a deal before he joined; a name no one has is still unknown."""
    play_lines(tmp_path, [new, "deal pass" if "pinochle" in new else "deal a1 b2 c0",
                          "join Eve", f"leave {left}"])
    said = {"en": "is not at the table for this deal", "da": "sidder ikke ved bordet"}[lang]
    for typed in (left, left[0].lower()):
        refused = run(tmp_path, f"--lang {lang} " + deal.format(p=typed), code=1).output
        assert f"{left} {said}" in refused and "Eve" in refused
    amended = run(tmp_path, f"--lang {lang} amend 1 " + deal.format(p="Eve")[5:],
                  code=1).output
    assert f"Eve {said}" in amended
    assert "'Zed'" in run(tmp_path, deal.format(p="Zed"), code=1).output
