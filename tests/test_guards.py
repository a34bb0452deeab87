"""Two guards the rest of the suite passed without (mutation: each was removed, and every
other test still passed): a CSV cell a spreadsheet would read as a formula is quoted as text
(render/report.py), and players' names are cut short to fit a table to the terminal, with a
line saying who is who (render/layout.py)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from scorekeeper.render.layout import Shape, abbreviations, fit

from .helpers import play_lines, run

LONG = "Annemarie,Bartholomew,Christophera,Dorotheaaa"


def is_number(cell: str) -> bool:
    from decimal import Decimal, InvalidOperation

    try:
        Decimal(cell)
    except InvalidOperation:
        return False
    return True


def cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


@pytest.mark.parametrize("formula", ["=1+1", "+1", "-1+1", "@SUM(A1)"])
def test_a_csv_cell_a_spreadsheet_would_compute_is_text(tmp_path: Path, formula: str) -> None:
    """A currency and a payment's note are text a user typed; a CSV holds them quoted."""
    play_lines(tmp_path, [f"loo new s --players Ann,Bob,Cid --currency={formula} --value 0.5",
                          "deal Ann=2 Bob=1 Cid=0"])
    run(tmp_path, f"pay Cid Ann 1 --currency={formula} --note={formula}")
    for line in ("book --format csv", "book --format csv --table sittings",
                 "book --format csv --table payments", "settle --format csv"):
        for cell in cells(run(tmp_path, line).stdout):
            assert not cell.startswith(("=", "+", "-", "@")) or is_number(cell), (line, cell)
    book = cells(run(tmp_path, "book --format csv").stdout)
    assert f"'{formula}" in book


def test_numbers_in_a_csv_stay_numbers(tmp_path: Path) -> None:
    """The guard quotes text only: a net of -2 is a number a spreadsheet adds up."""
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid", "deal Ann=2 Bob=1 Cid=0"])
    settle = cells(run(tmp_path, "settle --format csv").stdout)
    assert "-2" in settle and "'-2" not in settle


def test_names_are_cut_short_where_the_full_names_do_not_fit(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"loo new s --players {LONG}", "deal An=2 Ba=1 Ch=0",
                          "deal Ba=3 Ch=0"])
    lines = run(tmp_path, "show", COLUMNS="60").stdout.splitlines()
    assert all(len(line) <= 60 for line in lines)
    head = lines[0].split()
    assert head == ["#", "dealer", "Ann", "Bar", "Chr", "Dor", "pool"], lines
    assert lines[2].split()[:2] == ["1", "Ann"]  # the dealer's name too
    legend = " ".join(lines)
    for short, name in zip(["Ann", "Bar", "Chr", "Dor"], LONG.split(","), strict=True):
        assert f"{short} = {name}" in legend
    # wide enough, in full and no legend
    wide = run(tmp_path, "show", COLUMNS="100").stdout
    assert "Annemarie  " in wide and "Ann = Annemarie" not in wide


def test_a_short_name_is_as_long_as_it_must_be_to_tell_the_players_apart() -> None:
    assert abbreviations(["Annemarie", "Anneliese", "Bob", "Christopher"]) == {
        "Annemarie": "Annem", "Anneliese": "Annel", "Christopher": "Chr"}
    assert abbreviations(["Ann", "Bob"]) == {}


def test_a_table_too_wide_for_full_names_is_drawn_with_short_ones() -> None:
    names = ["Annemarie", "Bartholomew", "Christopher"]
    shape = Shape(titles=["player", *names], rows=[["Annemarie", "1", "-2", "+1"]],
                  numeric=[False, True, True, True], wrap=[False] * 4,
                  names=[True, False, False, False])
    lines = fit(shape, 26, names)
    assert all(len(line) <= 26 for line in lines)
    assert lines[0].split() == ["player", "Ann", "Bar", "Chr"], lines
    assert any("Ann = Annemarie" in line for line in lines)
