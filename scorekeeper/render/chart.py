"""Charts drawn in the terminal with plotext (imported only when a chart is asked for): one
line per player, each with a marker of its own and a legend, so that players are told apart
without colour too. Plain characters when colour is off.

plotext 5 is pure Python (6 ships a compiled core with wheels for few platforms); uniplot
would need numpy, which does not install on phone terminals such as Termux.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..book import Sitting, money_of, players_in
from ..session import AnySession, Played

#: Markers that tell the lines apart without colour.
MARKERS = "*+ox#@%&$=~^"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Canvas(NamedTuple):
    """Where a chart is drawn: its size in characters, and whether in colour."""

    width: int = 80
    height: int = 20
    color: bool = False


def session_chart(session: AnySession, played: Sequence[Played[Any, Any, Any]],
                  canvas: Canvas) -> str:
    """Each player's running balance, deal by deal (a change of partnerships is not one)."""
    accounts = session.game.accounts
    names = [a for a in (played[-1].balances if played else session.players) if a not in accounts]
    running = {p: [0] for p in names}  # every player who sat, from 0 before he did
    for each in played:
        if each.number is not None:
            for p in names:
                running[p].append(each.balances.get(p, 0))
    unit = session.game.unit
    return chart(f"{session.game.title} '{session.name}': {unit}s won, deal by deal", "deals",
                 running, canvas)


def book_charts(sittings: Sequence[Sitting], canvas: Canvas) -> str:
    """Each player's money won, sitting by sitting: a chart a currency, players by name."""
    drawn = []
    for currency in sorted({s.currency for s in sittings}):
        of = [s for s in sittings if s.currency == currency]
        names = sorted(players_in(of), key=str.casefold)
        running = {n: [0.0] for n in names}
        for sitting in of:
            money = {p.casefold(): m for p, m in money_of(sitting).items()}
            for n in names:
                running[n].append(running[n][-1] + float(money.get(n.casefold(), 0)))
        days = ["", *(s.date.strftime("%m-%d") for s in of)]
        drawn.append(chart(f"Money won, sitting by sitting ({currency or 'no currency'})",
                           "sittings", running, canvas, days))
    return "\n\n".join(drawn) or "No sittings to draw."


def chart(title: str, xlabel: str, series: Mapping[str, Sequence[float]], canvas: Canvas,
          labels: Sequence[str] | None = None) -> str:
    """Each series (a player's running total, from the start) as a line, x from 0; the x
    ticks named by `labels` when given; whole-number ticks on y for whole-number series."""
    import plotext as plt  # type: ignore[import-untyped]

    plt.clear_figure()
    plt.plotsize(max(canvas.width, 40), max(canvas.height, 12))
    if not canvas.color:
        plt.theme("clear")
    length = max((len(ys) for ys in series.values()), default=1)
    xs = list(range(length))
    for marker, (name, ys) in zip(MARKERS * 4, series.items(), strict=False):
        plt.plot(xs, list(ys), label=name, marker=marker)
    shown = xs[::max(1, (length - 1) // 8 or 1)]
    plt.xticks(shown, [labels[x] for x in shown] if labels else None)
    values = [y for ys in series.values() for y in ys]
    if values and all(float(y).is_integer() for y in values):
        low, high = math.floor(min(values)), math.ceil(max(values))
        step = max(1, math.ceil((high - low) / 6))
        plt.yticks(list(range(low, high + 1, step)))
    plt.title(title)
    plt.xlabel(xlabel)
    drawn = str(plt.build())
    return drawn if canvas.color else _ANSI.sub("", drawn).rstrip()
