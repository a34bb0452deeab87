"""Charts drawn in the terminal with plotext (imported only when a chart is asked for): one
line per player, each with a marker of its own and a legend, so that players are told apart
without colour too. Plain characters when `color` is off.

plotext 5 is pure Python (6 ships a compiled core with wheels for few platforms); uniplot
would need numpy, which does not install on phone terminals such as Termux.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

#: Markers that tell the lines apart without colour.
MARKERS = "*+ox#@%&$=~^"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def chart(title: str, xlabel: str, series: Mapping[str, Sequence[float]],
          width: int = 80, height: int = 20, color: bool = False) -> str:
    """Each series (a player's running total, from the start) as a line, x from 0."""
    import plotext as plt  # type: ignore[import-untyped]

    plt.clear_figure()
    plt.plotsize(max(width, 40), max(height, 12))
    if not color:
        plt.theme("clear")
    length = max((len(ys) for ys in series.values()), default=1)
    xs = list(range(length))
    for marker, (name, ys) in zip(MARKERS * 4, series.items(), strict=False):
        plt.plot(xs, list(ys), label=name, marker=marker)
    step = max(1, (length - 1) // 8 or 1)
    plt.xticks(xs[::step])
    plt.title(title)
    plt.xlabel(xlabel)
    drawn = str(plt.build())
    return drawn if color else _ANSI.sub("", drawn).rstrip()
