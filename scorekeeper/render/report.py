"""One output path. A command builds a Report -- title lines, tables whose numeric columns are
marked, footer lines, and the data a script reads -- and `emit(report, fmt)` alone knows
JSON, CSV and table formats.

Text a user typed or a file holds reaches neither the terminal nor a CSV cell as a control
character or a spreadsheet formula.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..errors import UsageError
from ..ledger import money_text
from ..text import visible

DEFAULT_FORMAT = "simple"
#: Formats drawn here; the rest of tabulate's are drawn by tabulate (40 ms to import).
NATIVE = ("simple",)


class Column(NamedTuple):
    title: str
    numeric: bool = False
    """Numbers: aligned right, and never escaped as a formula in CSV ("-3" stays -3)."""
    wrap: bool = False
    """Text that may be wrapped onto more lines to fit a narrow terminal."""


class Table(NamedTuple):
    columns: tuple[Column, ...]
    rows: Sequence[Sequence[object]]
    caption: str | None = None
    """A line above the table (not in CSV); a table with no rows prints only it."""


class Report(NamedTuple):
    data: dict[str, Any] | Callable[[], dict[str, Any]]
    """What --format json prints (a function making it, when it costs to make)."""
    tables: tuple[Table, ...] = ()
    title: tuple[str, ...] = ()
    """Lines before the tables (not in CSV)."""
    footer: tuple[str, ...] = ()
    """Lines after the tables (not in CSV)."""
    drawing: str | None = None
    """A drawing that stands for the tables when no format is asked for (a score pad)."""


def check_format(fmt: str) -> str:
    fmt = fmt.lower()
    if fmt in ("json", "csv", *NATIVE):
        return fmt
    from tabulate import tabulate_formats  # type: ignore[import-untyped]

    if fmt not in tabulate_formats:
        raise UsageError(f"unknown format {fmt!r}: use json, csv or a table format "
                         f"({', '.join(sorted(tabulate_formats))})")
    return fmt


def emit(report: Report, fmt: str | None, width: int | None = None) -> str:
    """The report as `fmt`: json, csv, or a table format (None: the default, or the
    report's drawing if it has one). Tables are fitted to `width` where they can be, by
    wrapping the columns that may wrap."""
    if fmt == "json":
        return to_json(report.data() if callable(report.data) else report.data)
    if fmt == "csv":
        return "\n\n".join(_csv(table) for table in report.tables)
    if fmt is None and report.drawing is not None:
        body = [report.drawing]
    else:
        body = [_draw(table, fmt or DEFAULT_FORMAT, width) for table in report.tables]
    return visible("\n".join([*report.title, *_spaced(body), *report.footer]))


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
        return table.caption or ""
    drawn = _grid(table, fmt, width)
    return f"{table.caption}\n{drawn}" if table.caption else drawn


def _grid(table: Table, fmt: str, width: int | None) -> str:
    headers = [c.title for c in table.columns]
    rows = [[v if type(v) is str else _cell(v) for v in row] for row in table.rows]
    align = ["right" if c.numeric else "left" for c in table.columns]
    if width:
        _fit(headers, rows, [c.wrap for c in table.columns], width)
    if fmt == "simple":
        return _simple(headers, rows, align, [c.wrap for c in table.columns])
    from tabulate import tabulate

    return str(tabulate(rows, headers, tablefmt=fmt, disable_numparse=True, colalign=align))


def _fit(headers: list[str], rows: list[list[str]], wrap: list[bool], width: int) -> None:
    """Wrap the cells of the columns that may wrap so the table fits in `width`, as far as
    it can: a wrapped column keeps at least 16 characters."""
    widths = [max([len(h) + 2, *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    over = sum(widths) + 2 * (len(widths) - 1) - width
    wrapping = [i for i, w in enumerate(wrap) if w]
    if over <= 0 or not wrapping:
        return
    for i in wrapping:
        room = max(widths[i] - over, 16, len(headers[i]) + 2)
        over -= widths[i] - room
        for row in rows:
            row[i] = "\n".join(_wrap(row[i], room)) or row[i]


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width`, broken after its commas where it can be."""
    import textwrap

    lines: list[str] = []
    for part in text.split(", "):
        if lines and len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += ", " + part
        else:
            if lines:
                lines[-1] += ","
            lines += [part] if len(part) <= width else textwrap.wrap(part, width) or [""]
    return lines


def _simple(headers: list[str], rows: list[list[str]], align: list[str], wrap: list[bool]
            ) -> str:
    """tabulate's "simple" format, drawn here: 10,000 rows in milliseconds, not a second.
    A cell of a column that may wrap may hold several lines."""
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in headers]
    tall = [may and any("\n" in cell for cell in column) for may, column in zip(
        wrap, columns, strict=True)]
    widths = [max(len(h) + 2, max(map(len, "\n".join(column).split("\n") if is_tall
                                       else column), default=0))
              for h, column, is_tall in zip(headers, columns, tall, strict=True)]
    pattern = "  ".join(f"{{:{'>' if a == 'right' else '<'}{w}}}"
                        for a, w in zip(align, widths, strict=True))

    def line(cells: Sequence[str]) -> str:
        return pattern.format(*cells).rstrip()

    out = [line(headers), line(["-" * w for w in widths])]
    for row in rows:
        if any(tall) and any("\n" in cell for cell in row):
            parts = [cell.split("\n") for cell in row]
            height = max(map(len, parts))
            out += [line([p[i] if i < len(p) else "" for p in parts]) for i in range(height)]
        else:
            out.append(line(row))
    return "\n".join(out)
