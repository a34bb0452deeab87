"""One output path. A command builds a Report -- title lines, tables whose numeric columns are
marked, footer lines, and the data a script reads -- and `emit(report, fmt)` alone knows
JSON, CSV and table formats.

Text a user typed or a file holds reaches neither the terminal nor a CSV cell as a control
character or a spreadsheet formula.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import i18n
from ..errors import UsageError
from ..i18n import _
from ..ledger import money_text
from ..text import quoted, visible
from ..values import replace, value
from . import layout

DEFAULT_FORMAT = "simple"
#: Formats drawn here; the rest of tabulate's are drawn by tabulate (40 ms to import).
NATIVE = ("simple",)


@value
class Column:
    title: str
    numeric: bool = False
    """Numbers: aligned right, and never escaped as a formula in CSV ("-3" stays -3)."""
    wrap: bool = False
    """Text that may be wrapped onto more lines, or put under its row, to fit a narrow
    terminal."""
    name: bool = False
    """Its cells are players' names, which may be cut short to fit."""


@value
class Table:
    columns: tuple[Column, ...]
    rows: Sequence[Sequence[object]]
    caption: str | None = None
    """A line above the table (not in CSV); a table with no rows prints only it."""
    players: tuple[str, ...] = ()
    """The names that may be cut short to fit: in the columns' titles, and in the cells of
    the columns of names."""
    record: str | None = None
    """What a row is ("deal"), named with the first column's value when a narrow terminal
    shows each row as a record."""
    name: str = ""
    """How --table names it ("payments"), where a report has more than one."""


@value
class Report:
    data: dict[str, Any] | Callable[[], dict[str, Any]]
    """What --format json prints (a function making it, when it costs to make)."""
    tables: tuple[Table, ...] = ()
    title: tuple[str, ...] = ()
    """Lines before the tables (not in CSV)."""
    footer: tuple[str, ...] = ()
    """Lines after the tables (not in CSV)."""
    drawing: Callable[[int | None], str] | None = None
    """A drawing that stands for the tables when no format is asked for (a score pad),
    made for a width (None: into a pipe)."""
    sheets: tuple[Table, ...] | Callable[[], tuple[Table, ...]] = ()
    """The tables as CSV writes them, where they are not `tables` (the book's money, a
    column a player; in Danish, the tables in English with plain numbers: `for_both`), or
    a function making them; one a CSV."""


def for_both(make: Callable[[], tuple[Table, ...]]
             ) -> tuple[tuple[Table, ...], Callable[[], tuple[Table, ...]] | tuple[()]]:
    """The tables `make` makes for people, in the language chosen, and the same tables as
    CSV writes them (`sheets`): made again in English when CSV is written, unless English
    was chosen (then none: CSV writes the tables themselves)."""
    if i18n.speaking().code == "en":
        return make(), ()

    def sheets() -> tuple[Table, ...]:
        with i18n.english():
            return make()

    return make(), sheets


def _sheets(report: Report) -> tuple[Table, ...]:
    """The tables CSV writes."""
    sheets = report.sheets() if callable(report.sheets) else report.sheets
    return sheets or tuple(report.tables)


def table_names(report: Report, fmt: str | None) -> list[str]:
    """The names of the tables --table may choose in `fmt`."""
    tables = _sheets(report) if fmt == "csv" else report.tables
    return list(dict.fromkeys(t.name for t in tables if t.name))


def check_format(fmt: str) -> str:
    fmt = fmt.lower()
    if fmt in ("json", "csv", *NATIVE):
        return fmt
    from tabulate import tabulate_formats  # type: ignore[import-untyped]

    if fmt not in tabulate_formats:
        raise UsageError(_("unknown format {format}: use json, csv or a table format "
                           "({formats})").format(format=quoted(fmt),
                                                 formats=", ".join(sorted(tabulate_formats))))
    return fmt


def emit(report: Report, fmt: str | None, width: int | None = None, table: str | None = None
         ) -> str:
    """The report as `fmt`: json, csv, or a table format (None: the default, or the
    report's drawing if it has one). Lines are fitted to `width` when it is given (a
    terminal): tables by the layouts of `layout`, other lines wrapped at their spaces.
    CSV is one table: the one named `table`, else the first; in a table format `table`
    chooses the tables printed."""
    if fmt == "json":
        return to_json(report.data() if callable(report.data) else report.data)
    if fmt == "csv":
        sheets = _chosen(_sheets(report), table, report, fmt)
        return _csv(sheets[0]) if sheets else ""
    if table is not None:
        report = replace(report, tables=tuple(_chosen(report.tables, table, report, fmt)),
                                 drawing=None)
    if fmt is None and report.drawing is not None:
        body = ["\n".join(_prose([report.drawing(width)], width))]
    else:
        body = [_draw(table, fmt or DEFAULT_FORMAT, width) for table in report.tables]
    return "\n".join([*_prose(report.title, width), *_spaced(body),
                      *_prose(report.footer, width)])


def _chosen(tables: Sequence[Table], name: str | None, report: Report, fmt: str | None
            ) -> list[Table]:
    if name is None or not tables:
        return list(tables[:1])
    chosen = [t for t in tables if t.name == name]
    if not chosen:
        names = table_names(report, fmt)
        raise UsageError(_("no table {name} here: {names}").format(
            name=quoted(name), names=", ".join(names) or _("it has one table")))
    return chosen


def _prose(lines: Sequence[str], width: int | None) -> list[str]:
    """Lines of text made visible, each wrapped to `width` (None: as they are)."""
    shown = "\n".join(visible(line) for line in lines).split("\n") if lines else []
    if width is None:
        return shown
    from .layout import prose

    return [part for line in shown for part in prose(line, width)]


def _spaced(blocks: list[str]) -> list[str]:
    """Tables with a blank line between them."""
    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        out.append(block)
    return out


def to_json(data: Any) -> str:
    import json

    return json.dumps(data, indent=2, ensure_ascii=False, default=_json_value)


def _json_value(value: object) -> object:
    from decimal import Decimal

    if isinstance(value, Decimal):
        return money_text(value)
    raise TypeError(f"cannot write {value!r} as JSON")


def _cell(value: object) -> str:
    if type(value) is str:
        return value
    from decimal import Decimal

    return money_text(value) if isinstance(value, Decimal) else str(value)


def _csv(table: Table) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_csv_text(c.title) for c in table.columns])
    for row in table.rows:
        writer.writerow([_cell(v) if c.numeric else _csv_text(_cell(v))
                         for c, v in zip(table.columns, row, strict=True)])
    return visible(out.getvalue().rstrip("\n"))


def _csv_text(text: str) -> str:
    """Text a spreadsheet would take for a formula, quoted so it stays text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _draw(table: Table, fmt: str, width: int | None) -> str:
    if not table.rows:
        return _caption(table, width)
    shape = _shape(table)
    if fmt == "simple":
        drawn = "\n".join(layout.fit(shape, width, table.players))
    else:
        drawn = _tabulated(shape, fmt, width, table.players)
    return f"{_caption(table, width)}\n{drawn}" if table.caption else drawn


def _caption(table: Table, width: int | None) -> str:
    return "\n".join(_prose([table.caption], width)) if table.caption else ""


def _shape(table: Table) -> layout.Shape:
    columns = table.columns
    rows = [[v if type(v) is str else _cell(v) for v in row] for row in table.rows]
    text = "".join(map("".join, rows))
    if not text.isprintable():
        rows = [[visible(cell) for cell in row] for row in rows]
        text = "".join(map("".join, rows))
    return layout.Shape(
        [visible(c.title) for c in columns], rows,
        [c.numeric for c in columns], [c.wrap for c in columns], [c.name for c in columns],
        table.record, plain="\n" not in text and max(text, default=" ") < "\u0300")


def _tabulated(shape: layout.Shape, fmt: str, width: int | None, players: Sequence[str]
               ) -> str:
    """A table in one of tabulate's formats. On a terminal its cells are wrapped and its
    names cut short to fit (its rules and borders measured, then the cells narrowed by as
    much again); a table that will not fit so is drawn as `layout` draws it."""
    from tabulate import tabulate

    align = ["right" if n else "left" for n in shape.numeric]

    def draw(titles: list[str], rows: list[list[str]]) -> str:
        return str(tabulate(rows, titles, tablefmt=fmt, disable_numparse=True, colalign=align))

    drawn = draw(shape.titles, shape.rows)
    if width is None or _widest(drawn) <= width:
        return drawn
    room = width
    for _attempt in range(4):
        found = layout.fitted(shape, room, players)
        if found is None:
            break
        named, widths, cut = found
        drawn = draw(named.titles, layout.broken(named, widths))
        if _widest(drawn) <= width:
            return "\n".join([drawn, *layout.legend(cut, named, width)])
        room -= _widest(drawn) - width
    return "\n".join(layout.fit(shape, width, players))


def _widest(text: str) -> int:
    return max(map(len, text.split("\n")))
