"""The club's book: dates and paid sittings, the book of a folder (filters, currencies,
what is outstanding and the payments that clear it), statistics and charts; the bundled
month of sessions/club."""

from __future__ import annotations

import json
import os
import shutil
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from .helpers import ROOT, run

CLUB = ROOT / "sessions" / "club"


@pytest.fixture
def club(tmp_path: Path) -> Path:
    for path in CLUB.glob("*.toml"):
        if path.name != "payments.toml":  # the sittings alone (tests/test_pay.py has both)
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def book(folder: Path, args: str = "", code: int = 0) -> dict:  # type: ignore[type-arg]
    return json.loads(run(folder, f"book --format json {args}", code=code).stdout)


def test_new_records_the_day_and_paid_closes_the_sitting(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    assert "date = 2026-11-02" in (tmp_path / "x.toml").read_text()
    run(tmp_path, "deal a=3 b=0")
    assert run(tmp_path, "paid --date 2026-11-03").stdout == "'x' was paid on 2026-11-03.\n"
    path = tmp_path / "x.toml"
    before = path.read_bytes()
    for line in ("deal b=3 c=0", "undo", "amend 1 a=2 b=1"):
        assert run(tmp_path, line, code=1).stderr == (
            "Error: session 'x' was paid on 2026-11-03: reopen it with 'scorekeeper paid "
            "--undo' to change its deals\n")
    assert path.read_bytes() == before
    listed = json.loads(run(tmp_path, "sessions --format json").stdout)["sessions"]
    assert (listed[0]["date"], listed[0]["paid"]) == ("2026-11-02", "2026-11-03")
    assert run(tmp_path, "paid --undo").stdout == "'x' is open again: its deals can change.\n"
    run(tmp_path, "deal b=3 c=0")
    assert "\npaid = " not in path.read_text()  # reopened; the history says it was paid
    assert "Error:" in run(tmp_path, "paid --undo --date 2026-11-04", code=2).stderr


@pytest.mark.parametrize(("args", "message"), [
    ("--date 2026-11-01", "session 'x' was played on 2026-11-02: it cannot have been paid on "
                          "2026-11-01"),
    ("--date 2999-01-01", "2999-01-01 has not come yet: a sitting is marked paid once it is"),
    ("--undo", "session 'x' is not marked paid: nothing to reopen"),
])
def test_paid_refuses_a_day_that_cannot_be(tmp_path: Path, args: str, message: str) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    before = (tmp_path / "x.toml").read_bytes()
    assert run(tmp_path, f"paid {args}", code=1).stderr == f"Error: {message}\n"
    assert (tmp_path / "x.toml").read_bytes() == before


def test_paid_twice_keeps_the_first_day(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    run(tmp_path, "paid --date 2026-11-03")
    before = (tmp_path / "x.toml").read_bytes()
    assert "already marked paid on 2026-11-03" in run(tmp_path, "paid", code=1).stderr
    assert (tmp_path / "x.toml").read_bytes() == before


def test_edit_keeps_a_paid_sittings_deals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    run(tmp_path, "deal a=3 b=0")
    run(tmp_path, "paid --date 2026-11-03")
    path = tmp_path / "x.toml"
    before = path.read_bytes()
    editor = tmp_path / "ed.py"
    editor.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[1])\n"
                      "p.write_text(p.read_text().replace('Ann = 3', 'Ann = 2, Cid = 1'))\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor}")
    assert "was paid on 2026-11-03: remove its 'paid' line too" in run(tmp_path, "edit",
                                                                         code=1).stderr
    assert path.read_bytes() == before
    editor.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[1])\n"
                      "p.write_text(p.read_text().replace('Ann = 3', 'Ann = 2, Cid = 1')"
                      ".replace('paid = 2026-11-03\\n', ''))\n")
    assert run(tmp_path, "edit").stdout.startswith("Saved")
    assert "Cid = 1" in path.read_text() and "\npaid = " not in path.read_text()


def test_a_file_without_a_date_counts_as_of_its_files_day(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid")
    path = tmp_path / "x.toml"
    path.write_text(path.read_text().replace(f"date = {path.read_text().split('date = ')[1][:10]}\n",
                                             ""))
    os.utime(path, (1_790_000_000, 1_790_000_000))  # 2026-09-21
    assert book(tmp_path)["sittings"][0]["date"] == "2026-09-21"


@pytest.mark.parametrize("layout", ["version 1", "hand-laid", "canonical"])
@pytest.mark.parametrize("change", ["paid --date 2026-09-22", "deal a=3 b=0"])
def test_an_undated_sitting_keeps_its_day_through_a_save(tmp_path: Path, layout: str,
                                                         change: str) -> None:
    """Its day, the day its file was last written, is written with its next change: the
    save does not move it to today (nor make it paid before its own day)."""
    path = tmp_path / "x.toml"
    if layout == "version 1":
        shutil.copy(ROOT / "tests" / "v1" / "loo-evening.toml", path)
    else:
        run(tmp_path, "loo new x --players Ann,Bob,Cid")
        text = path.read_text()
        text = text.replace(f"date = {text.split('date = ')[1][:10]}\n", "")
        if layout == "hand-laid":
            text = "# the Friday game\n" + text.replace("deals = []", "deals = [  # none yet\n]")
        path.write_text(text)
    os.utime(path, (1_790_000_000, 1_790_000_000))  # 2026-09-21
    assert book(tmp_path)["sittings"][0]["date"] == "2026-09-21"
    run(tmp_path, f"{change} -s x")
    assert "\ndate = 2026-09-21\n" in path.read_text()
    assert book(tmp_path)["sittings"][0]["date"] == "2026-09-21"
    if layout == "hand-laid":
        assert "# the Friday game" in path.read_text() and "# none yet" in path.read_text()


def test_paid_refuses_a_day_before_an_undated_sitting_was_played(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    shutil.copy(ROOT / "tests" / "v1" / "loo-evening.toml", path)
    os.utime(path, (1_790_000_000, 1_790_000_000))  # 2026-09-21
    before = path.read_bytes()
    assert "was played on 2026-09-21: it cannot have been paid on 2026-09-20" in run(
        tmp_path, "paid -s x --date 2026-09-20", code=1).stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(("paid", "said"), [
    ("2999-01-01", "2999-01-01 has not come yet"),
    ("2026-11-01", "was played on 2026-11-02: it cannot have been paid on 2026-11-01")])
def test_edit_holds_the_day_of_payment_to_the_rules_of_paid(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paid: str, said: str) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    path = tmp_path / "x.toml"
    before = path.read_bytes()
    editor = tmp_path / "ed.py"
    editor.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[1])\n"
                      f"p.write_text(p.read_text().replace('date = 2026-11-02\\n', "
                      f"'date = 2026-11-02\\npaid = {paid}\\n'))\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor}")
    assert said in run(tmp_path, "edit", code=1).stderr
    assert path.read_bytes() == before


def test_the_book_of_the_club(club: Path) -> None:
    data = book(club)
    assert len(data["sittings"]) == 12
    assert [c["currency"] for c in data["currencies"]] == ["DKK", "SEK"]
    dkk, sek = data["currencies"]
    assert {p["name"]: p["money"] for p in dkk["players"]} == {
        "Ann": "38.75", "Bo": "-0.65", "Carl": "-1.60", "Dorte": "-30.20", "Erik": "-13.80",
        "Frida": "7.50"}
    assert {p["name"]: p["outstanding"] for p in sek["players"]} == {
        "Ann": "-14.80", "Bo": "-165.20", "Carl": "49.00", "Dorte": "-14.80", "Erik": "71.00",
        "Frida": "74.80"}
    for currency in data["currencies"]:
        owed = {p["name"]: Decimal(p["outstanding"]) for p in currency["players"]}
        assert sum(owed.values()) == 0
        assert sum(Decimal(p["money"]) for p in currency["players"]) == 0
        for t in currency["transfers"]:
            owed[t["from"]] += Decimal(t["money"])
            owed[t["to"]] -= Decimal(t["money"])
        assert not any(owed.values())
    assert len(sek["transfers"]) == 5 and len(dkk["transfers"]) == 5


def test_the_books_text_reads_currency_by_currency(club: Path) -> None:
    out = run(club, "book --since 2026-11-10", COLUMNS="200").stdout
    assert out.splitlines()[0] == "8 sittings from 2026-11-11 to 2026-11-27."
    assert "In DKK:" in out and "In SEK:" in out
    assert ["Bo", "4", "-165.20", "-165.20"] in [line.split() for line in out.splitlines()]


def test_filters(club: Path) -> None:
    assert [s["session"] for s in book(club, "--game bridge")["sittings"]] == [
        "bridge-2026-11-06", "bridge-2026-11-15", "bridge-2026-11-22"]
    assert len(book(club, "--since 2026-11-09 --until 2026-11-15")["sittings"]) == 4
    assert all(s["paid"] is None for s in book(club, "--unpaid")["sittings"])
    frida = book(club, "--player FRIDA")["sittings"]
    assert frida and all("Frida" in [p["name"] for p in s["players"]] for s in frida)


@pytest.mark.parametrize(("args", "message"), [
    ("--since 2026-11-31", "is not a date"),
    ("--since 2026-11-20 --until 2026-11-10", "the first day, 2026-11-20, is after the last, "
                                              "2026-11-10"),
    ("--game lo", "unknown game 'lo': did you mean loo?"),
    ("--player Fridaa", "no sitting here has a player 'Fridaa': did you mean Frida?"),
    ("--player Zoe", "no sitting here has a player 'Zoe'"),
])
def test_bad_filters_are_usage_errors_and_change_nothing(club: Path, args: str, message: str
                                                         ) -> None:
    before = {p.name: p.read_bytes() for p in club.glob("*.toml")}
    for command in ("book", "stats"):
        result = run(club, f"{command} {args} --mark-paid" if command == "book" else
                     f"{command} {args}", code=2)
        assert message in result.stderr
    assert {p.name: p.read_bytes() for p in club.glob("*.toml")} == before


def test_mark_paid_marks_what_was_printed(club: Path) -> None:
    result = run(club, "book --unpaid --since 2026-11-20 --mark-paid")
    assert "Marked 4 sittings paid on " in result.stderr
    unpaid = [s["session"] for s in book(club, "--unpaid")["sittings"]]
    assert unpaid == ["pinochle-2026-11-11", "loo-2026-11-13", "bridge-2026-11-15",
                      "pinochle-2026-11-18"]


def test_a_damaged_sitting_is_reported_and_left_out(club: Path) -> None:
    bad = club / "loo-2026-11-02.toml"
    bad.write_text(bad.read_text().replace("ante = 3", "ante = 4"))
    data = book(club, code=1)
    assert len(data["sittings"]) == 11
    result = run(club, "book", code=1)
    assert f"{bad}:" in result.stderr and "ante 4 is not a positive multiple of 3" in result.stderr
    assert "1 session left out" in result.stderr
    before = bad.read_bytes()
    assert run(club, f"paid -s {bad}", code=1).stderr.startswith(f"Error: {bad}:")
    assert bad.read_bytes() == before


def test_stats_count_the_deals(club: Path) -> None:
    rows = json.loads(run(club, "stats --format json").stdout)["players"]
    by = {(r["game"], r["name"]): r for r in rows}
    loo = ROOT / "sessions" / "loo-evening.toml"
    evening = json.loads(run(club, "stats --format json --game loo --player bob --since "
                                   "2026-11-27", SCOREKEEPER_DIR=str(loo.parent)).stdout)
    assert evening["players"] == [{"name": "Bob", "game": "loo", "sittings": 1, "deals": 9,
                                   "looed": 2, "pools": 21}]
    assert by[("bridge", "Dorte")]["rubbers"] >= 1 and "slams" in by[("bridge", "Dorte")]
    pinochle = [r for r in rows if r["game"] == "pinochle"]
    assert all(r["bids"] == r["made"] + r["set"] + r["conceded"] + r["declined"]
               for r in pinochle)
    assert sum(r["bids"] for r in pinochle) == 7 + 6 + 6 + 5  # every contract, counted once


def test_charts_draw_every_player_in_plain_characters(club: Path) -> None:
    chart = run(club, "book --chart", NO_COLOR="1").stdout
    assert "\x1b" not in chart
    assert "(DKK)" in chart and "(SEK)" in chart
    for name in ("Ann", "Bo", "Carl", "Dorte", "Erik", "Frida"):
        assert name in chart
    shown = run(club, "show -s loo-2026-11-02 --chart").stdout
    assert "\x1b" not in shown and "counters won, deal by deal" in shown
    assert sum(marker in shown for marker in ("* Ann", "o Bo", "x Carl", "# Dorte",
                                              "@ Erik")) == 5


def test_a_sitting_reached_by_two_names_is_counted_once(tmp_path: Path) -> None:
    run(tmp_path, "loo new friday --players Ann,Bob,Cid")
    run(tmp_path, "deal a=3 b=0")
    alone = book(tmp_path)
    (tmp_path / "tonight.toml").symlink_to("friday.toml")
    assert book(tmp_path) == alone
    os.link(tmp_path / "friday.toml", tmp_path / "hard.toml")
    assert book(tmp_path) == alone
    assert [s["session"] for s in alone["sittings"]] == ["friday"]
    assert "Marked 1 sitting paid" in run(tmp_path, "book --mark-paid").stderr


def test_every_session_file_counts_whatever_its_name(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid")
    run(tmp_path, "deal a=3 b=0")
    shutil.copy(tmp_path / "x.toml", tmp_path / "friday night.toml")
    shutil.copy(tmp_path / "x.toml", tmp_path / "år.toml")
    names = [s["session"] for s in book(tmp_path)["sittings"]]
    assert sorted(names) == ["friday night", "x", "år"]
    listed = json.loads(run(tmp_path, "sessions --format json").stdout)["sessions"]
    assert sorted(s["name"] for s in listed) == ["friday night", "x", "år"]
    stats = json.loads(run(tmp_path, "stats --format json").stdout)["players"]
    assert {r["name"]: r["sittings"] for r in stats} == {"Ann": 3, "Bob": 3, "Cid": 3}


def test_a_current_file_that_is_a_fifo_hangs_nothing(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid")
    (tmp_path / ".current").unlink()
    os.mkfifo(tmp_path / ".current")
    assert "is not a file naming the current session" in run(tmp_path, "show",
                                                              code=1).stderr
    listed = run(tmp_path, "sessions --format json")
    assert json.loads(listed.stdout)["sessions"][0]["name"] == "x"
    assert "Warning:" in listed.stderr
    assert run(tmp_path, "book --format json").exit_code == 0


def test_the_folder_cache_follows_every_file_and_survives_damage(club: Path) -> None:
    first = book(club)
    assert (club / ".book.cache").is_file()
    assert book(club) == first  # from the cache: the same book
    sitting = club / "loo-2026-11-25.toml"
    run(club, f"deal -s {sitting} a=3 b=0")  # a deal more changes the file's identity
    after = book(club)
    assert after != first
    (club / ".book.cache").unlink()
    assert book(club) == after  # read afresh, the same figures
    for damaged in (b"", b"\x00\xff garbage", b"\xe3" * 40):
        (club / ".book.cache").write_bytes(damaged)
        assert book(club) == after
    (club / "loo-2026-11-02.toml").unlink()  # a sitting gone is gone from the book
    assert len(book(club)["sittings"]) == len(after["sittings"]) - 1
