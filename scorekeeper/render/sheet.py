"""A sheet to share: one page, HTML or PDF, of a sitting's pad and settlement.

The sheet is made of a title, a line of particulars and blocks of monospaced text (the
pad as `show` prints it, the settlement as `settle` prints it). fpdf2 is imported only
here, and only when a PDF is made."""

from __future__ import annotations

import html
from collections.abc import Sequence
from importlib import resources

#: Paper sizes fpdf2 knows, by the names `sheet --paper` takes.
PAPERS = {"a4": "A4", "letter": "Letter"}

_CSS = """\
body { font-family: 'DejaVu Sans', sans-serif; margin: 1.5em; }
h1 { font-size: 1.3em; margin: 0 0 .3em 0; }
p { margin: 0 0 .6em 0; }
pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; margin: 0 0 .8em 0; }
@page { size: PAPER; margin: 12mm; }
@media print { body { margin: 0; } pre { font-size: 7pt; } }
"""


def to_html(lang: str, title: str, about: str, blocks: Sequence[str], paper: str) -> bytes:
    """The sheet as one self-contained HTML file: no network, every text escaped."""
    css = _CSS.replace("PAPER", "A4" if paper == "a4" else "letter")
    parts = [f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n'
             f'<meta charset="utf-8">\n<title>{html.escape(title)}</title>\n'
             f"<style>\n{css}</style>\n</head>\n<body>\n",
             f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(about)}</p>\n"]
    parts += [f"<pre>{html.escape(block)}</pre>\n" for block in blocks]
    parts.append("</body>\n</html>\n")
    return "".join(parts).encode("utf-8")


def _font(name: str) -> str:
    return str(resources.files("scorekeeper") / "fonts" / name)


def to_pdf(title: str, about: str, blocks: Sequence[str], paper: str) -> bytes:
    """The sheet as a one-page PDF, DejaVu fonts embedded; the text shrinks to fit."""
    from fpdf import FPDF

    pdf = FPDF(format=PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.set_margins(12, 12, 12)
    pdf.add_font("DejaVu", "", _font("DejaVuSans.ttf"))
    pdf.add_font("DejaVuMono", "", _font("DejaVuSansMono.ttf"))
    pdf.add_page()
    pdf.set_font("DejaVu", size=14)
    pdf.cell(text=title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=9)
    pdf.multi_cell(0, 5, about, new_x="LMARGIN", new_y="NEXT")
    lines = [line for block in blocks for line in [*block.splitlines(), ""]]
    size = _fitted(pdf, lines)
    pdf.set_font("DejaVuMono", size=size)
    for line in lines:
        if line.strip():
            pdf.cell(text=line, h=size * 0.42, new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.ln(size * 0.42)
    return bytes(pdf.output())


def _fitted(pdf: object, lines: Sequence[str]) -> float:
    """The largest font size (at most 9 points) at which every line fits the page."""
    from fpdf import FPDF

    assert isinstance(pdf, FPDF)
    room_w = pdf.w - pdf.l_margin - pdf.r_margin
    room_h = pdf.h - pdf.b_margin - pdf.get_y()
    widest = max((len(line) for line in lines), default=1) or 1
    by_width = room_w / (widest * 0.6 * 0.3528)   # a DejaVu Mono glyph: 0.6 em
    by_height = room_h / (max(len(lines), 1) * 0.42)
    return max(3.0, min(9.0, by_width, by_height))
