"""Output that fits the screen: every report of every game at 60 and 80 columns, for 3 to
6 players (Bridge 4 to 6) with the longest names a new player may have; help at 80; a
table fitted to any width never splits a number; CSV a spreadsheet reads."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import cli
from scorekeeper.cli.main import COMMANDS, game_cli
from scorekeeper.games import GAMES
from scorekeeper.games.players import LONGEST
from scorekeeper.render.layout import Shape, abbreviations, fit

from . import games

#: Names as long as a new player's may be, each its own first letter.
LONG = ["Annemarie Kristensen", "Bartholomew Jakobsen", "Christoffer Lindqvis",
        "Dorthea Marie Winter", "Evangeline Rasmussen", "Frederikke Sorensens"]
#: The same length, four of them sharing their first ten letters.
ALIKE = ["Anne Marie Kristense", "Anne Mette Kristense", "Anne Maria Kristense",
         "Anne Marit Kristense", "Evangeline Rasmussen", "Frederikke Sorensens"]
REPORTS = ["show", "show --format simple", "show --format github", "settle", "history",
           "sessions", "book", "stats", "settle --format grid", "book --format simple"]


def sk(folder: Path, line: list[str] | str, columns: int | None = None, code: int = 0
       ) -> Result:
    env = {"SCOREKEEPER_DIR": str(folder), "SCOREKEEPER_SESSION": None,
           "COLUMNS": None if columns is None else str(columns)}
    result = CliRunner().invoke(cli, line.split() if isinstance(line, str) else line, env=env)
    assert result.exit_code == code, (line, result.output, result.exception)
    return result


def _sitting(folder: Path, game: str, names: list[str]) -> None:
    sk(folder, [game, "new", game, "--players", ",".join(names), "--value", "0.5",
                "--currency", "kr"])
    for deal in games.of(game).DEALS:
        sk(folder, ["deal", *_words(deal, names)])
    sk(folder, ["amend", "1", *_words(games.of(game).AMEND, names), "--as-recorded", "--why",
                "a slip of the pencil, put right the next morning"])


def _words(deal: str, names: list[str]) -> list[str]:
    """A deal's words, {0} {1} ... the players in seat order."""
    return [word.format(*names) for word in deal.split()]


def _too_wide(text: str, width: int) -> list[str]:
    return [line for line in text.split("\n") if len(line) > width]


@pytest.mark.parametrize("names", [LONG, ALIKE], ids=["long", "alike"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_report_fits_60_and_80_columns(tmp_path: Path, game: str,
                                             names: list[str]) -> None:
    assert all(len(n) == LONGEST for n in names)
    for size in games.of(game).SIZES:
        folder = tmp_path / f"{size}"
        folder.mkdir()
        if names is ALIKE and not getattr(games.of(game), "IN_FULL", False):
            names = LONG  # the game's short forms name the players by first letters
        _sitting(folder, game, names[:size])
        nets = json.loads(sk(folder, "settle --format json").output)["players"]
        for width in (60, 80):
            for report in REPORTS:
                out = sk(folder, report, width).output
                assert not _too_wide(out, width), (size, width, report, _too_wide(out, width))
            shown = sk(folder, "show --format simple", width).output
            last = json.loads(sk(folder, "show --format json").output)["balances"]
            words = set(shown.split())
            for name, balance in last.items():
                assert (f"{balance:+d}" if balance else "0") in words, (name, balance, shown)
            settle = sk(folder, "settle", width).output
            for player in nets:
                assert player["money"].lstrip("-") in settle.replace("+", "")


@pytest.mark.parametrize("game", list(GAMES))
def test_what_a_deal_prints_fits_too(tmp_path: Path, game: str) -> None:
    size = games.of(game).SIZES[-1]
    _sitting(tmp_path, game, LONG[:size])
    for width in (60, 80):
        deal = _words(games.of(game).DEALS[1], LONG)
        for line in (["deal", "--dry-run", *deal],
                     ["amend", "1", *_words(games.of(game).DEALS[0], LONG), "--dry-run",
                      "--as-recorded"]):
            out = sk(tmp_path, line, width).output
            assert not _too_wide(out, width), (line, _too_wide(out, width))
    for line in (["deal", "--help"], ["amend", "--help"], ["play", "--help"]):
        out = sk(tmp_path, line, 80).output  # click's test runner draws help 80 wide
        assert not _too_wide(out, 80), (line, _too_wide(out, 80))


def _commands() -> list[list[str]]:
    found = [[], *([c] for c in COMMANDS), *([g] for g in GAMES)]
    for game in GAMES:
        found += [[game, c] for c in game_cli(game).group.commands]
    return found


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_help_fits_80_columns(tmp_path: Path, command: list[str]) -> None:
    out = sk(tmp_path, [*command, "--help"], 80).output
    assert out.startswith(("Usage:", "Session")) and not _too_wide(out, 80), _too_wide(out, 80)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(-10**6, 10**6), min_size=4, max_size=4), min_size=1,
                max_size=6),
       st.lists(st.text("abcdefghij ,&", min_size=0, max_size=60), min_size=6, max_size=6),
       st.integers(20, 120))
def test_a_fitted_table_is_no_wider_than_asked_and_splits_no_number(
        numbers: list[list[int]], texts: list[str], width: int) -> None:
    names = ["Anne Marie", "Anne Mette", "Bo", "Christoffer Lindqvist"]
    rows = [[str(i + 1), texts[i % 6].strip() or "x", names[i % 4], *(f"{n:+d}" for n in row)]
            for i, row in enumerate(numbers)]
    shape = Shape(["#", "what happened", "dealer", *names], rows,
                  [True, False, False, *[True] * 4], [False, True, False, *[False] * 4],
                  [False, False, True, *[False] * 4], "deal")
    lines = fit(shape, width, names)
    assert all(len(line) <= width for line in lines), lines
    words = set(" ".join(lines).split())
    assert all(f"{n:+d}" in words for row in numbers for n in row)


def test_names_are_cut_to_what_tells_them_apart() -> None:
    assert abbreviations(["Anne Marie", "Anne Mette", "Bo", "Christoffer"]) == {
        "Anne Marie": "Anne Ma", "Anne Mette": "Anne Me", "Christoffer": "Chr"}


def test_into_a_pipe_a_table_is_drawn_as_it_is(tmp_path: Path) -> None:
    _sitting(tmp_path, "loo", LONG)
    piped = sk(tmp_path, "show").output
    assert any(len(line) > 80 for line in piped.split("\n"))
    assert "Ann = Annemarie" not in piped and sk(tmp_path, "show").output == piped


def _csv(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    assert rows and all(len(r) == len(rows[0]) for r in rows), rows  # one table, a header
    return rows


@pytest.mark.parametrize(("command", "header"), [
    ("book --format csv", ["date", "session", "game", "deals", "paid", "changes", "currency",
                           "Ann", "Bo", "Carl", "Dorte", "Erik", "Frida"]),
    ("book --format csv --table sittings", None),
    ("book --format csv --table accounts", ["currency", "player", "sittings", "money",
                                            "paid", "received", "outstanding"]),
    ("book --format csv --table plan", ["currency", "pays", "to", "money"]),
    ("book --format csv --table payments", ["number", "date", "from", "to", "money",
                                            "currency", "note"]),
    ("stats --format csv", ["player", "sittings", "deals", "looed", "pools"]),
    ("stats --format csv --table bridge", ["player", "sittings", "deals", "rubbers",
                                           "rubbers won", "games won", "slams"]),
])
def test_csv_is_one_table_a_spreadsheet_reads(command: str, header: list[str] | None) -> None:
    club = Path(__file__).resolve().parent.parent / "sessions" / "club"
    rows = _csv(sk(club, command).output)
    if header is not None:
        assert rows[0] == header
    if "sittings" in command or command == "book --format csv":
        assert len(rows) == 13  # a header and the twelve sittings
        for row in rows[1:]:
            money = [m for m in row[7:] if m]
            assert all(re.fullmatch(r"-?\d+\.\d\d", m) for m in money), row
            assert sum(float(m) for m in money) == pytest.approx(0)


def test_settle_as_csv_is_one_table_and_a_choice_of_the_other(tmp_path: Path) -> None:
    sessions = Path(__file__).resolve().parent.parent / "sessions"
    players = _csv(sk(sessions, "settle -s loo-evening --format csv").output)
    assert players[0] == ["player", "net (counters)", "money (kr)"] and len(players) == 5
    payments = _csv(sk(sessions, "settle -s loo-evening --format csv --table payments").output)
    assert payments[0] == ["pays", "to", "counters", "money (kr)"]
    assert "Error" in sk(sessions, "settle -s loo-evening --format json --table payments",
                         code=2).output
