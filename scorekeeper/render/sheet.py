"""A sheet to share: one page, HTML or PDF, of a sitting or of the club's book.

A sheet is a `Page`: a title, a line of particulars, monospaced text (the pad as `show`
prints it and the settlement as `settle` does; or the book as `book` does) and the
running totals the chart commands draw in characters (`chart.Running`), drawn here in
lines. Both formats are laid out by the same measures -- `fit` for the text, `drawing` for
a chart -- so the HTML prints as the PDF looks.

Always one page: the text is set from 9 pt down to 5 pt to fit; a pad too long for 5 pt
loses lines from its middle, and the page says in their place how many and which command
prints them all (the settlement is never cut). fpdf2 is imported only here, and only when
a PDF is made.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

from ..i18n import _
from .chart import Axis, Running, Series, _steps, lines_of

if TYPE_CHECKING:
    from fpdf import FPDF

#: Paper: fpdf2's name for it, its width and height in mm.
PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}
#: A point in mm.
PT = 25.4 / 72
MARGIN = 12.0
#: The monospaced text's largest and least size in points, and its line height in ems.
MOST, LEAST, LEADING = 9.0, 5.0, 1.2
#: DejaVu Sans Mono's advance, and (generously) DejaVu Sans' mean advance, in ems.
MONO, SANS = 0.6, 0.56
#: The title's and the particulars' sizes in points; the space under them in mm.
TITLE, ABOUT, GAP = 14.0, 9.0, 2.0
#: A chart's height, and the space between charts side by side, in mm.
CHART_HEIGHT, CHART_GAP = 62.0, 5.0
#: A chart's heading, and its ticks and legend, in points.
HEADING, SMALL = 8.0, 6.5
#: Told apart in colour (Okabe and Ito's, for every eye) and, printed in grey, by dashes.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES: tuple[tuple[float, float] | None, ...] = (None, (1.8, 0.9), (0.5, 0.7))
GRID, AXIS = "#C8C8C8", "#000000"


class Page(NamedTuple):
    """What a sheet shows, in the language it was made in."""

    lang: str
    title: str
    about: str
    pad: str
    """The text that may lose lines to fit (the pad; the book's sittings)."""
    blocks: tuple[str, ...]
    """The text shown whole, under the pad (the settlement; the book's accounts)."""
    charts: tuple[Running, ...]
    whole: str
    """The command that prints the pad whole, named where lines of it are left out."""


class Fitted(NamedTuple):
    """The monospaced text as set: its size in points and its lines."""

    size: float
    lines: list[str]


class Stroke(NamedTuple):
    """A line through `points` (mm from the chart's top left)."""

    points: tuple[tuple[float, float], ...]
    colour: str
    width: float
    dash: tuple[float, float] | None = None
    names: str = ""
    """Whose running total it is (none for the axes and the grid)."""


class Label(NamedTuple):
    """Text at `x`, its baseline at `y` (mm), `anchor` saying which end `x` is."""

    x: float
    y: float
    text: str
    size: float
    anchor: str = "start"  # start, middle or end


class Drawing(NamedTuple):
    width: float
    height: float
    strokes: tuple[Stroke, ...]
    labels: tuple[Label, ...]


def line_height(size: float) -> float:
    """A line's height in mm, text of `size` points."""
    return size * PT * LEADING


def text_width(text: str, size: float, advance: float = SANS) -> float:
    """How wide `text` is in mm, at `size` points, `advance` ems a character."""
    return len(text) * advance * size * PT


def fit(page: Page, width: float, height: float) -> Fitted:
    """The text set in a `width` by `height` mm room: at the largest size from MOST down to
    LEAST at which every line fits; a pad too long even at LEAST loses lines from its
    middle, one line in their place saying so."""
    pad = page.pad.splitlines()
    rest = [line for block in page.blocks for line in ["", *block.splitlines()]]
    size = min(_by_width([*pad, *rest], width),
               max(LEAST, _by_height(len(pad) + len(rest), height)))
    room = math.floor(height / line_height(size) + 1e-9)
    if len(pad) + len(rest) > room:
        pad = _cut(pad, len(pad) + len(rest) - room + 1, page.whole)
        size = min(size, _by_width([*pad, *rest], width),
                   _by_height(len(pad) + len(rest), height))
    return Fitted(size, [*pad, *rest])


def _by_width(lines: Sequence[str], width: float) -> float:
    widest = max((len(line) for line in lines), default=1) or 1
    return min(MOST, width / (widest * MONO * PT))


def _by_height(count: int, height: float) -> float:
    return height / (max(count, 1) * PT * LEADING)


def _cut(lines: list[str], count: int, whole: str) -> list[str]:
    """`lines` less `count` of them from the middle (its first two, the headings, and its
    last kept however many go), a line saying so in their place."""
    count = min(count, max(len(lines) - 3, 0))
    if count <= 0:
        return lines
    head = max(2, (len(lines) - count) // 2)
    note = _("... {count} lines left out to fit one page ('{command}' prints them all) ..."
             ).format(count=count, command=whole)
    return [*lines[:head], note, *lines[head + count:]]


def columns(paper: str) -> int:
    """How many characters of monospaced text fit across the page at LEAST: the width the
    text is made for (a table wider is fitted by render.layout as for a terminal)."""
    _name, width, _height = PAPERS[paper]
    return math.floor((width - 2 * MARGIN) / (MONO * LEAST * PT))


def text_room(page: Page, paper: str) -> tuple[float, float]:
    """The room in mm the monospaced text has on the page (as the HTML lays it out; the PDF
    measures what its particulars took)."""
    _name, width, height = PAPERS[paper]
    width -= 2 * MARGIN
    about = math.ceil(text_width(page.about, ABOUT) / width) or 1
    return width, (height - 2 * MARGIN - line_height(TITLE) - about * line_height(ABOUT)
                   - GAP - _charts_height(page))


def _charts_height(page: Page) -> float:
    return CHART_HEIGHT + GAP if page.charts else 0.0


def _chart_width(page: Page, width: float) -> float:
    count = max(len(page.charts), 1)
    return (width - CHART_GAP * (count - 1)) / count


def drawing(run: Running, width: float, height: float) -> Drawing:
    """`run` drawn in a `width` by `height` mm box: its heading, the y axis at round
    steps (chart.Axis, as the terminal's chart has them) with a grid and the zero line,
    the x axis named every round number of points, a line a player (partners as one, as
    chart.lines_of has them) and under it a legend naming every line."""
    series = lines_of(run.running)
    values = [v for s in series for v in s.values] or [0]
    axis = Axis.for_range(min(values), max(values), 11, run.places)
    legend = _legend(series, width)
    small = line_height(SMALL)
    left = max(text_width(axis.label(t), SMALL) for t in axis.ticks()) + 1.5
    top = line_height(HEADING) + 1.6 * small
    rows = round(legend[-1].y / small) + 1 if legend else 0
    bottom = height - (2 + rows) * small - 1.0 - small * 0.5
    right = width - 1.0
    count = max((len(s.values) for s in series), default=1)

    def x(point: float) -> float:
        return left + point * (right - left) / max(count - 1, 1)

    def y(value: float) -> float:
        return top + (axis.high - value) * (bottom - top) / (axis.high - axis.low)

    strokes = [Stroke(((left, y(t)), (right, y(t))), GRID, 0.15) for t in axis.ticks()]
    strokes += [Stroke(((left, y(0)), (right, y(0))), AXIS, 0.3),
                Stroke(((left, top), (left, bottom)), AXIS, 0.2)]
    labels = [Label(0, line_height(HEADING) * 0.8, run.title, HEADING),
              Label(0, line_height(HEADING) + small * 0.8, f"({run.unit})", SMALL)]
    labels += [Label(left - 1.2, y(t) + SMALL * PT * 0.35, axis.label(t), SMALL, "end")
               for t in axis.ticks()]
    names = list(run.labels or [str(point) for point in range(count)])
    every = _every(names, count, right - left)
    for point in range(0, count, every):
        strokes.append(Stroke(((x(point), bottom), (x(point), bottom + 1.0)), AXIS, 0.2))
        labels.append(Label(x(point), bottom + small + 0.5, names[point], SMALL, "middle"))
    labels.append(Label((left + right) / 2, bottom + 2 * small + 0.5, run.xlabel, SMALL,
                        "middle"))
    for i, line in enumerate(series):
        strokes.append(Stroke(tuple((x(p), y(v)) for p, v in enumerate(line.values)),
                              *_style(i), names=" & ".join(line.names)))
    below = bottom + 3 * small + 0.5
    for i, label in enumerate(legend):
        labels.append(label._replace(y=label.y + below))
        at = label.y + below - SMALL * PT * 0.35
        strokes.append(Stroke(((label.x - 7.0, at), (label.x - 1.0, at)), *_style(i)))
    return Drawing(width, height, tuple(strokes), tuple(labels))


def _style(index: int) -> tuple[str, float, tuple[float, float] | None]:
    """The colour, width and dash of the `index`th line: no two of the first 21 alike."""
    return COLOURS[index % len(COLOURS)], 0.6, DASHES[index % len(DASHES)]


def _every(names: Sequence[str], count: int, width: float) -> int:
    """Name every how manyth point on the x axis so that the names never overlap."""
    room = max(text_width(n, SMALL) for n in names) + 2.0
    return next(s for s in _steps() if ((count - 1) // s + 1) * room <= width or s >= count)


def _legend(series: Sequence[Series], width: float) -> list[Label]:
    """The legend's names, in rows that fit `width`, the first row's baseline at y 0;
    each leaves 7 mm before it for a swatch of its line. (No totals: the chart's last is
    before a pool is shared out, and would differ from the settlement's nets.)"""
    labels, x, row = [], 0.0, 0
    for line in series:
        text = " & ".join(line.names)
        wide = 7.0 + text_width(text, SMALL) + 4.0
        if x and x + wide > width:
            x, row = 0.0, row + 1
        labels.append(Label(x + 7.0, row * line_height(SMALL), text, SMALL))
        x += wide
    return labels


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def to_svg(made: Drawing) -> str:
    """A drawing as inline SVG: no script, no link, every text escaped."""
    parts = [f'<svg viewBox="0 0 {_number(made.width)} {_number(made.height)}" '
             f'width="{_number(made.width)}mm" height="{_number(made.height)}mm" '
             f'role="img" aria-label="{html.escape(made.labels[0].text)}">']
    for s in made.strokes:
        points = " ".join(f"{_number(x)},{_number(y)}" for x, y in s.points)
        dash = f' stroke-dasharray="{_number(s.dash[0])} {_number(s.dash[1])}"' if s.dash else ""
        names = f' data-names="{html.escape(s.names)}"' if s.names else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="{s.colour}" '
                     f'stroke-width="{_number(s.width)}"{dash}{names}/>')
    for label in made.labels:
        parts.append(f'<text x="{_number(label.x)}" y="{_number(label.y)}" '
                     f'font-size="{_number(label.size * PT)}" text-anchor="{label.anchor}">'
                     f"{html.escape(label.text)}</text>")
    parts.append("</svg>")
    return "\n".join(parts)


_CSS = """\
body { font-family: 'DejaVu Sans', sans-serif; margin: 1.5em; }
h1 { font-size: TITLEpt; line-height: LEADING; margin: 0; }
p { font-size: ABOUTpt; line-height: LEADING; margin: 0 0 GAPmm 0; }
pre { font-family: 'DejaVu Sans Mono', monospace; font-size: MOSTpt; line-height: LEADING;
      margin: 0; }
.charts { display: flex; gap: CHART_GAPmm; margin-top: GAPmm; }
.charts svg { max-width: 100%; height: auto; }
svg text { font-family: 'DejaVu Sans', sans-serif; }
@page { size: PAPER; margin: MARGINmm; }
@media print {
  body { margin: 0; }
  pre { font-size: FITTEDpt; }
  .charts svg { width: CHART_WIDTHmm; height: CHART_HEIGHTmm; }
}
"""


def _css(page: Page, paper: str, fitted: Fitted) -> str:
    width, _height = text_room(page, paper)
    marks = {"TITLE": TITLE, "ABOUT": ABOUT, "LEADING": LEADING, "GAP": GAP, "MOST": MOST,
             "CHART_GAP": CHART_GAP, "MARGIN": MARGIN, "FITTED": fitted.size,
             "CHART_WIDTH": _chart_width(page, width), "CHART_HEIGHT": CHART_HEIGHT}
    css = _CSS.replace("PAPER", "A4" if paper == "a4" else "letter")
    for mark, value in sorted(marks.items(), key=lambda m: -len(m[0])):
        css = css.replace(mark, _number(value))
    return css


def to_html(page: Page, paper: str) -> bytes:
    """The sheet as one self-contained HTML file: no network, no script, every text
    escaped; its print CSS lays it out on one page as the PDF is."""
    width, height = text_room(page, paper)
    fitted = fit(page, width, height)
    charts = [to_svg(drawing(run, _chart_width(page, width), CHART_HEIGHT))
              for run in page.charts]
    parts = [f'<!DOCTYPE html>\n<html lang="{html.escape(page.lang)}">\n<head>\n'
             f'<meta charset="utf-8">\n<title>{html.escape(page.title)}</title>\n'
             f"<style>\n{_css(page, paper, fitted)}</style>\n</head>\n<body>\n",
             f"<h1>{html.escape(page.title)}</h1>\n<p>{html.escape(page.about)}</p>\n",
             f"<pre>{html.escape(chr(10).join(fitted.lines))}</pre>\n"]
    if charts:
        parts.append('<div class="charts">\n' + "\n".join(charts) + "\n</div>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts).encode("utf-8")


def _font(name: str) -> str:
    return str(resources.files("scorekeeper") / "fonts" / name)


def to_pdf(page: Page, paper: str) -> bytes:
    """The sheet as a one-page PDF, DejaVu fonts embedded (subset), the charts in lines."""
    from fpdf import FPDF

    name, _width, _height = PAPERS[paper]
    pdf = FPDF(format=name)
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.add_font("DejaVu", "", _font("DejaVuSans.ttf"))
    pdf.add_font("DejaVuMono", "", _font("DejaVuSansMono.ttf"))
    pdf.add_page()
    pdf.set_font("DejaVu", size=TITLE)
    pdf.cell(text=page.title, h=line_height(TITLE), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=ABOUT)
    pdf.multi_cell(0, line_height(ABOUT), page.about, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(GAP)
    width = pdf.w - 2 * MARGIN
    fitted = fit(page, width, pdf.h - MARGIN - pdf.get_y() - _charts_height(page))
    pdf.set_font("DejaVuMono", size=fitted.size)
    for line in fitted.lines:
        if line.strip():
            pdf.cell(text=line, h=line_height(fitted.size), new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.ln(line_height(fitted.size))
    top, wide = pdf.get_y() + GAP, _chart_width(page, width)
    for i, run in enumerate(page.charts):
        _draw(pdf, drawing(run, wide, CHART_HEIGHT), MARGIN + i * (wide + CHART_GAP), top)
    return bytes(pdf.output())


def _draw(pdf: FPDF, made: Drawing, left: float, top: float) -> None:
    """A drawing on the PDF's page, its top left at (`left`, `top`) mm."""
    for s in made.strokes:
        pdf.set_draw_color(s.colour)
        pdf.set_line_width(s.width)
        pdf.set_dash_pattern(*(s.dash or (0, 0)))
        pdf.polyline([(left + x, top + y) for x, y in s.points])
    pdf.set_dash_pattern()
    for label in made.labels:
        pdf.set_font("DejaVu", size=label.size)
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[label.anchor]
        pdf.text(left + label.x - shift * pdf.get_string_width(label.text), top + label.y,
                 label.text)
