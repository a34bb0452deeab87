"""Charts a player can read: a line and a marker of its own for each player (partners whose
totals are the same throughout share one, named for both), the legend complete and under
the data, a zero line and whole-number ticks, colour only where it is wanted."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from scorekeeper.render.chart import MARKERS, Axis, Canvas, TooSmall, chart

from .helpers import run

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _plot_rows(drawn: str) -> list[str]:
    """The rows of the plot: those with the axis ('|' or '+') after the tick labels."""
    return [line for line in drawn.split("\n") if re.match(r"^ *[-+]?[0-9.]* [|+]", line)]


@pytest.mark.parametrize("count", range(2, 17))
def test_every_line_has_a_marker_of_its_own_and_a_name_in_the_legend(count: int) -> None:
    names = [f"Player {i:02d}" for i in range(count)]
    running = {n: [0, *(((i + 1) * (d + 1) * (-1) ** i) for d in range(12))]
               for i, n in enumerate(names)}
    drawn = chart("t", "counters", "deals", running, Canvas(80, 30))
    plot = "\n".join(_plot_rows(drawn)[:-1])
    legend = drawn.split("\n\n")[-1] if "\n\n" in drawn else drawn
    for i, name in enumerate(names):
        assert f"{MARKERS[i]} {name}" in drawn  # in the legend, with its own marker
        assert MARKERS[i] in plot
    assert len(set(MARKERS[:count])) == count
    legend_rows = [line for line in drawn.split("\n") if "Player" in line]
    assert all(not re.match(r"^ *[-+]?[0-9]* [|+]", line) for line in legend_rows)
    assert max(map(len, drawn.split("\n"))) <= 80
    assert "\x1b" not in drawn and legend


def test_partners_share_a_line_named_for_both() -> None:
    together = [0, 30, -12, 88]
    drawn = chart("t", "points", "deals", {"Ann": together, "Bob": [-v for v in together],
                                           "Cid": together, "Dan": [-v for v in together]},
                  Canvas(60, 20))
    assert f"{MARKERS[0]} Ann & Cid" in drawn and f"{MARKERS[1]} Bob & Dan" in drawn
    assert f"{MARKERS[2]} " not in drawn.split("\n")[-1]  # two lines, not four


def test_ticks_are_round_whole_numbers_with_a_zero_line() -> None:
    drawn = chart("t", "counters", "deals", {"Ann": [0, 3, 7, 10], "Bob": [0, -3, -7, -10]},
                  Canvas(60, 20))
    ticks = [m.group(1) for line in drawn.split("\n")
             if (m := re.match(r"^ *([-+]?\d+) \+", line))]
    values = [int(t) for t in ticks]
    assert 0 in values and values == sorted(values, reverse=True)
    steps = {a - b for a, b in pairwise(values)}
    assert len(steps) == 1 and steps.pop() in (1, 2, 5, 10, 20, 50)
    zero = next(line for line in drawn.split("\n") if re.match(r"^ *0 \+", line))
    assert "-" in zero  # the zero line, where no player's line lies on it


@pytest.mark.parametrize(("low", "high", "height"), [(0, 1, 10), (-18, 0, 12), (-3, 87, 9),
                                                     (0, 12345, 20), (-1, 1, 3)])
def test_the_axis_ticks_land_on_rows(low: int, high: int, height: int) -> None:
    axis = Axis.for_range(low, high, height, 0)
    assert axis.low <= low and axis.high >= high and axis.height() <= max(height, 3)
    for tick in axis.ticks():
        assert tick % axis.step == 0
        assert (axis.high - tick) * axis.rows % axis.step == 0  # a tick is a row of its own


def test_colour_is_a_foreground_only() -> None:
    drawn = chart("t", "counters", "deals", {"Ann": [0, 2], "Bob": [0, -2]},
                  Canvas(60, 20, color=True))
    codes = set(re.findall(r"\x1b\[([0-9;]*)m", drawn))
    assert codes and all(not c.startswith("4") and ";" not in c for c in codes)
    assert ANSI.sub("", drawn) == chart("t", "counters", "deals",
                                         {"Ann": [0, 2], "Bob": [0, -2]}, Canvas(60, 20))


def test_too_small_a_terminal_is_said_plainly() -> None:
    with pytest.raises(TooSmall, match="needs 40 columns"):
        chart("t", "counters", "deals", {"Ann": [0, 1]}, Canvas(20, 20))


@pytest.mark.parametrize(("env", "colour"), [({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True),
                                             ({"TERM": "dumb"}, False), ({}, True)])
def test_colour_on_a_terminal_unless_no_color_or_dumb(monkeypatch: pytest.MonkeyPatch,
                                                      env: dict[str, str], colour: bool) -> None:
    import sys

    from scorekeeper.cli import options

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert options.colour() is colour
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert options.colour() is False


def test_same_day_sittings_are_told_apart_and_a_narrow_terminal_said(tmp_path: Path) -> None:
    for name in ("early", "late"):
        run(tmp_path, f"loo new {name} --players Ann,Bob,Cid --date 2026-12-01")
        run(tmp_path, "deal a=3 b=0")
    drawn = run(tmp_path, "book --chart", COLUMNS="80").stdout
    assert "12-01" in drawn and "12-01b" in drawn
    narrow = run(tmp_path, "book --chart", code=1, COLUMNS="1")
    assert narrow.stdout == ""
    assert "Error: the terminal is 1 by" in narrow.stderr and "No sittings" not in narrow.stderr
