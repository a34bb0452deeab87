"""Writing plain values as TOML the way a person would: one inline table a line, keys bare
where they can be, strings with every control character escaped.

Why not tomli-w: first the layout -- tomli-w writes a table of tables as [[deals]] blocks
as soon as one line is long, so it cannot keep one layout, and the canonical layout's one
deal a line is what lets a deal be added at a known byte (files.append), an undo cut one
line, and files.fastread read a long file; then the time: tomli-w writes a 10,000-deal
session in 121 ms, codec.render with this in 87 ms, 1.4x faster (`benchmarks/bench.py
--only readers`, the line "write 10,000 deals: tomli-w / tomltext"). A deal added writes
only its own line with `inline_table`, and imports neither."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for c in text:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif c < " " or c == "\x7f":
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def is_bare(name: str) -> bool:
    """Whether `name` may be written as a bare key: ASCII letters, digits, '-' and '_'."""
    core = name.replace("-", "").replace("_", "")
    return bool(name) and name.isascii() and (core.isalnum() or not core)


def key(name: str) -> str:
    return name if is_bare(name) else string(name)


def value(item: object) -> str:
    """A plain value (text, whole number, true/false, date, list, table) as TOML, on one
    line: lists as [a, b], tables as inline tables { k = v }."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, datetime.datetime) and item.tzinfo is None:
        return item.isoformat(timespec="seconds")
    if isinstance(item, datetime.date) and not isinstance(item, datetime.datetime):
        return item.isoformat()
    if isinstance(item, (list, tuple)):
        return "[" + ", ".join(value(v) for v in item) + "]"
    if isinstance(item, Mapping):
        return inline_table(item)
    raise TypeError(f"cannot write {item!r} as TOML")


def inline_table(table: Mapping[str, object]) -> str:
    if not table:
        return "{}"
    return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in table.items()) + " }"
