"""Charts drawn in the terminal in plain characters: each player's running total as a line
of its own marker, players whose lines are the same (partners in Bridge) as one line named
for all of them, a zero line, ticks at round whole numbers, and the legend under the chart,
every line named. Colour, where the terminal has it, only adds to the markers.

Drawn here rather than by a plotting library: one that forced a background, put its legend
on the data and ran out of markers at 13 lines was the reason.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from ..book import SessionSummary, money_of, players_in
from ..i18n import _, name_order, number
from ..ledger import places_of
from ..session import AnySession, Played
from ..text import wrap_words
from . import view_of

#: A marker a line, told apart without colour: as many as a Loo table's most players.
#: None is a character the chart draws with itself (AXIS_CHARACTERS), so the legend is true.
MARKERS = "*ox#@%&$=~^?!<>v"
#: What the axes, their ticks and the zero line are drawn with.
AXIS_CHARACTERS = "+|-"
#: Foreground colours, cycled (never a background).
COLOURS = (31, 32, 34, 35, 36, 33, 91, 92, 94, 95, 96, 93)
#: The narrowest and lowest chart that can be read.
LEAST_WIDTH, LEAST_HEIGHT = 40, 8


class Canvas(NamedTuple):
    """Where a chart is drawn: its size in characters, and whether in colour."""

    width: int = 80
    height: int = 20
    color: bool = False


class Series(NamedTuple):
    """A line: who it is (one player, or partners whose totals are the same throughout),
    and its values, in whole numbers of the chart's smallest step."""

    names: tuple[str, ...]
    values: tuple[int, ...]


class TooSmall(ValueError):
    """The terminal is too small for a chart."""


class Running(NamedTuple):
    """What a chart draws, whatever draws it (the terminal here, a sheet's lines): each
    line's running total in whole numbers of 10**-`places`, from 0 at x = 0; the x ticks
    named by `labels` when given, else 0, 1, 2, ..."""

    title: str
    unit: str
    xlabel: str
    running: Mapping[str, Sequence[int]]
    labels: Sequence[str] | None = None
    places: int = 0


def session_chart(session: AnySession, played: Sequence[Played[Any, Any, Any]],
                  canvas: Canvas) -> str:
    """Each player's running balance, deal by deal (a change of partnerships is not one)."""
    return drawn(session_running(session, played), canvas)


def session_running(session: AnySession, played: Sequence[Played[Any, Any, Any]]) -> Running:
    """Each player's running balance in units, deal by deal, from 0 before he sat."""
    accounts = session.game.accounts
    names = [a for a in (played[-1].balances if played else session.players) if a not in accounts]
    running = {p: [0] for p in names}  # every player who sat, from 0 before he did
    for each in played:
        if each.number is not None:
            for p in names:
                running[p].append(each.balances.get(p, 0))
    units = view_of(session.game).units(session.game.unit, 2)
    return Running(_("{game} '{name}': {units} won, deal by deal").format(
                       game=_(session.game.title), name=session.name, units=units),
                   units, _("deals"), running)


def book_charts(sittings: Sequence[SessionSummary], canvas: Canvas) -> str:
    """Each player's money won, sitting by sitting: a chart a currency, players by name."""
    return "\n\n".join(drawn(each, canvas) for each in book_running(sittings))


def book_running(sittings: Sequence[SessionSummary]) -> list[Running]:
    """Each player's money won, sitting by sitting, a chart a currency (in order)."""
    made = []
    for currency in sorted({s.currency for s in sittings}):
        of = [s for s in sittings if s.currency == currency]
        places = max(places_of(Decimal(s.value)) for s in of)
        names = sorted(players_in(of), key=name_order)
        running = {n: [0] for n in names}
        for sitting in of:
            money = {p.casefold(): m for p, m in money_of(sitting).items()}
            for n in names:
                won = money.get(n.casefold(), Decimal(0)).scaleb(places)
                running[n].append(running[n][-1] + int(won))
        made.append(Running(_("Money won, sitting by sitting ({currency})").format(
                                currency=currency or _("no currency")),
                            currency or _("money"), _("sittings"), running, _days(of),
                            places))
    return made


def drawn(running: Running, canvas: Canvas) -> str:
    """`running` drawn in characters on `canvas`."""
    return chart(running.title, running.unit, running.xlabel, running.running, canvas,
                 running.labels, running.places)


def _days(sittings: Sequence[SessionSummary]) -> list[str]:
    """Each sitting's day (MM-DD; in Danish DD.MM) under its point, sittings of the same day
    told apart by a letter: 12-01, 12-01b."""
    labels: list[str] = [""]
    seen: dict[str, int] = {}
    # TRANSLATORS: a day without its year under a chart, as strftime writes it: 12-01.
    short = _("%m-%d")
    for s in sittings:
        day = s.date.strftime(short)
        seen[day] = seen.get(day, 0) + 1
        labels.append(day if seen[day] == 1 else f"{day}{chr(ord('a') + min(seen[day], 26) - 1)}")
    return labels


def lines_of(running: Mapping[str, Sequence[int]]) -> list[Series]:
    """One line a player, those whose totals are the same throughout drawn as one."""
    found: dict[tuple[int, ...], list[str]] = {}
    for name, values in running.items():
        found.setdefault(tuple(values), []).append(name)
    return [Series(tuple(names), values) for values, names in found.items()]


def chart(title: str, unit: str, xlabel: str, running: Mapping[str, Sequence[int]],
          canvas: Canvas, labels: Sequence[str] | None = None, places: int = 0) -> str:
    """Each running total (whole numbers of 10**-`places`) as a line over x from 0; the x
    ticks named by `labels` when given. TooSmall if the canvas is."""
    if canvas.width < LEAST_WIDTH or canvas.height < LEAST_HEIGHT:
        raise TooSmall(_("the terminal is {width} by {height}: a chart needs {columns} "
                         "columns and {lines} lines").format(
                           width=canvas.width, height=canvas.height, columns=LEAST_WIDTH,
                           lines=LEAST_HEIGHT))
    series = lines_of(running)
    values = [v for s in series for v in s.values] or [0]
    heading = wrap_words(title, canvas.width)
    room = canvas.height - 4 - len(heading) - _legend_height(series, canvas.width)
    axis = Axis.for_range(min(values), max(values), room, places)
    margin = max(len(axis.label(t)) for t in axis.ticks()) + 1
    plot = Plot(canvas.width - margin - 1, axis)
    for i, line in enumerate(series):
        plot.draw(line.values, i)
    length = max(len(s.values) for s in series) if series else 1
    out = [*heading, f"({unit})".rjust(margin - 1)]
    out += plot.rows(margin, canvas.color)
    out += _x_axis(margin, plot.width, length, labels, xlabel)
    out += _legend(series, canvas.width, canvas.color)
    return "\n".join(out)


class Axis(NamedTuple):
    """The y axis: from `high` down to `low` (multiples of `step`), `rows` rows to a step;
    values in whole numbers of 10**-`places`."""

    low: int
    high: int
    step: int
    rows: int
    places: int

    @classmethod
    def for_range(cls, low: int, high: int, height: int, places: int) -> Axis:
        """An axis from `low` to `high` (and 0) in at most `height` rows, its ticks at the
        smallest round step that leaves a row or more between them."""
        low, high = min(low, 0), max(high, 0, low + 1)
        height = max(height, 3)
        for step in _steps():
            bottom, top = low // step * step, -(-high // step) * step
            steps = (top - bottom) // step
            if steps <= max((height - 1) // 2, 2):
                return cls(bottom, top, step, (height - 1) // steps, places)
        raise AssertionError("unreachable: the steps grow without end")

    def ticks(self) -> list[int]:
        return list(range(self.high, self.low - 1, -self.step))

    def height(self) -> int:
        return (self.high - self.low) // self.step * self.rows + 1

    def row(self, value: float) -> int:
        """The row (0 at the top) of `value`."""
        return round((self.high - value) * self.rows / self.step)

    def label(self, value: int) -> str:
        text = str(Decimal(value).scaleb(-self.places))
        return number(f"+{text}" if value > 0 else text)


def _steps() -> Iterator[int]:
    """Round steps, smallest first: 1, 2, 5, 10, 20, 50, ..."""
    scale = 1
    while True:
        for s in (1, 2, 5):
            yield s * scale
        scale *= 10


class Plot:
    """The grid the lines are drawn on."""

    def __init__(self, width: int, axis: Axis) -> None:
        self.width, self.axis = width, axis
        self.cells = [[" "] * width for _row in range(axis.height())]
        self.owner = [[-1] * width for _row in range(axis.height())]
        zero = axis.row(0)
        self.cells[zero] = ["-"] * width

    def draw(self, values: Sequence[int], index: int) -> None:
        """A line through `values`, spread over the width, each column joined to the last."""
        last = None
        for column in range(self.width):
            at = column * (len(values) - 1) / max(self.width - 1, 1)
            before = int(at)
            after = min(before + 1, len(values) - 1)
            value = values[before] + (values[after] - values[before]) * (at - before)
            row = self.axis.row(value)
            span = [row] if last is None else range(min(last, row), max(last, row) + 1)
            for r in span:
                self.cells[r][column] = MARKERS[index % len(MARKERS)]
                self.owner[r][column] = index
            last = row

    def rows(self, margin: int, color: bool) -> list[str]:
        ticks = {self.axis.row(t): self.axis.label(t) for t in self.axis.ticks()}
        out = []
        for r, cells in enumerate(self.cells):
            text = "".join(_paint(c, o, color) for c, o in zip(cells, self.owner[r], strict=True))
            edge = "+" if r in ticks else "|"
            out.append(f"{ticks.get(r, ''):>{margin - 1}} {edge}{text}".rstrip())
        return out


def _paint(cell: str, owner: int, color: bool) -> str:
    if not color or owner < 0:
        return cell
    return f"\x1b[{COLOURS[owner % len(COLOURS)]}m{cell}\x1b[0m"


def _x_axis(margin: int, width: int, length: int, labels: Sequence[str] | None,
            xlabel: str) -> list[str]:
    """The x axis under the plot: a tick every round number of points, each named, the
    names never overlapping."""
    names = labels or [str(point) for point in range(length)]
    room = max(map(len, names)) + 2
    every = next(s for s in _steps() if (length - 1) // s + 1 <= max(width // room, 1))
    rule, text = ["-"] * width, [" "] * width
    end = -1
    for point in range(0, length, every):
        column = round(point * (width - 1) / max(length - 1, 1))
        start = min(column, width - len(names[point]))
        if start <= end:
            continue
        rule[column] = "+"
        text[start:start + len(names[point])] = names[point]
        end = start + len(names[point])
    pad = " " * margin
    return [f"{pad}+{''.join(rule)}", f"{pad} {''.join(text).rstrip()}",
            f"{pad} {xlabel}".rstrip()]


def _legend(series: Sequence[Series], width: int, color: bool) -> list[str]:
    """Every line named, under the chart, wrapped to the width."""
    from .layout import wrapped

    lines, length = [""], 0
    for i, line in enumerate(series):
        marker = MARKERS[i % len(MARKERS)]
        parts = wrapped(f"{marker} {' & '.join(line.names)}", width, "&")
        parts[0] = _paint(marker, i, color) + parts[0][1:]
        if length and length + 3 + len(_plain(parts[0])) > width:
            lines.append("")
            length = 0
        lines[-1] += ("   " if length else "") + parts[0]
        length += (3 if length else 0) + len(_plain(parts[0]))
        if len(parts) > 1:
            lines += parts[1:]
            length = len(parts[-1])
    return lines


def _legend_height(series: Sequence[Series], width: int) -> int:
    return len(_legend(series, width, False))


def _plain(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)
