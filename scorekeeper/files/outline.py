"""The outline of a TOML document's layout: where each key, table and entry (a session's
deals, the book's payments) stands, so that an error can name its line and a file a person
wrote can be changed where it needs to be and nowhere else.

tomllib parses but gives no positions; the outline is read only from text tomllib has
already accepted, so it need not report errors of its own. (tomlkit gives positions too, but
costs a deal twice the floor: files.textedit says the numbers.)
"""

from __future__ import annotations

import re
from typing import NamedTuple

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: A value that is neither a string, an array nor a table: a number, true/false, a date.
SCALAR = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ Tt][0-9:.+\-Zz]+|[^\s,\]}#]+")


class Span(NamedTuple):
    """Characters [start, end) of the text, beginning on `line` (1-based)."""

    start: int
    end: int
    line: int


class Outline(NamedTuple):
    keys: dict[tuple[str, ...], Span]
    """Each key's whole statement (key = value), by its path: ("settings", "ante")."""
    tables: dict[tuple[str, ...], int]
    """The line of each [table] header (the first, for an array of tables)."""
    headers: dict[tuple[str, ...], list[int]]
    """The line of every [[table]] header of each array of tables."""
    entries: list[Span]
    """Each entry (of `deals`, or the key asked for): an inline table in the array, or a
    [[deals]] table's statements (from its header to its last key)."""
    array: Span | None
    """The `deals = [...]` value, when the entries are written that way."""
    comments: list[Span]
    """Every comment, in order, from its # to the end of its line."""


class _Scanner:
    """Walks a TOML document once, noting where things stand."""

    def __init__(self, text: str, key: str) -> None:
        self.text = text
        self.key = (key,)
        self.pos = 0
        self.keys: dict[tuple[str, ...], Span] = {}
        self.tables: dict[tuple[str, ...], int] = {}
        self.headers: dict[tuple[str, ...], list[int]] = {}
        self.entries: list[Span] = []
        self.array: Span | None = None
        self._counted = (0, 1)  # a position, and its line
        self.comments: list[Span] = []

    def line_at(self, pos: int) -> int:
        """The line of `pos`, counted on from the last position asked about (the scan asks
        in order, so a long file is counted once, not once a deal)."""
        last, line = self._counted
        if pos < last:
            last, line = 0, 1
        line += self.text.count("\n", last, pos)
        self._counted = (pos, line)
        return line

    def skip_blank(self, newlines: bool) -> None:
        """Skip spaces (and with `newlines`, line ends and comments)."""
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c in " \t" or (newlines and c in "\r\n"):
                self.pos += 1
            elif c == "#" and newlines:
                end = text.find("\n", self.pos)
                end = len(text) if end < 0 else end
                self.comments.append(Span(self.pos, end, 0))
                self.pos = end
            else:
                return

    def scan(self) -> Outline:
        table: tuple[str, ...] = ()
        deal_table: list[int] | None = None  # [start, end] of the [[entry]] being read
        while True:
            self.skip_blank(newlines=True)
            if self.pos >= len(self.text):
                break
            start = self.pos
            if self.text[start] == "[":
                array = self.text.startswith("[[", start)
                self.pos += 2 if array else 1
                table = self.key_path()
                self.pos = self.text.index("]]" if array else "]", self.pos) + (2 if array else 1)
                self.tables.setdefault(table, self.line_at(start))
                if array:
                    self.headers.setdefault(table, []).append(self.line_at(start))
                if array and table == self.key:
                    deal_table = [start, self.pos]
                    self.entries.append(Span(start, self.pos, self.line_at(start)))
                elif table[:1] != self.key:  # [deals.tricks] goes on with the deal
                    deal_table = None
                continue
            path = self.key_path()
            self.pos += 1  # '='
            self.skip_blank(newlines=False)
            value_start = self.pos
            self.value(entries=not table and path == self.key)
            if not table and path == self.key:
                self.array = Span(value_start, self.pos, self.line_at(value_start))
            self.keys[table + path] = Span(start, self.pos, self.line_at(start))
            if deal_table is not None:
                deal_table[1] = self.pos
                self.entries[-1] = Span(deal_table[0], self.pos, self.entries[-1].line)
        return Outline(self.keys, self.tables, self.headers, self.entries, self.array,
                       self.comments)

    def key_path(self) -> tuple[str, ...]:
        parts = []
        while True:
            self.skip_blank(newlines=False)
            c = self.text[self.pos]
            if c in "\"'":
                start = self.pos
                self.string()
                parts.append(_unquote(self.text[start:self.pos]))
            else:
                match = BARE_KEY.match(self.text, self.pos)
                assert match, "the outline reads only documents tomllib has parsed"
                parts.append(match.group())
                self.pos = match.end()
            self.skip_blank(newlines=False)
            if self.pos < len(self.text) and self.text[self.pos] == ".":
                self.pos += 1
                continue
            return tuple(parts)

    def string(self) -> None:
        text, quote = self.text, self.text[self.pos]
        step = 2 if quote == '"' else 1  # past an escape: a basic string's backslash
        if text.startswith(quote * 3, self.pos):
            self.pos += 3
            while not text.startswith(quote * 3, self.pos):
                self.pos += step if text[self.pos] == "\\" else 1
            self.pos += 3
            while self.pos < len(text) and text[self.pos] == quote:  # """a""""" ends late
                self.pos += 1
            return
        self.pos += 1
        while text[self.pos] != quote:
            self.pos += step if text[self.pos] == "\\" else 1
        self.pos += 1

    def value(self, entries: bool = False) -> None:
        text = self.text
        c = text[self.pos]
        if c in "\"'":
            self.string()
        elif c in "[{":
            self.pos += 1
            close = "]" if c == "[" else "}"
            while True:
                self.skip_blank(newlines=True)
                if text[self.pos] == close:
                    self.pos += 1
                    return
                if text[self.pos] == ",":
                    self.pos += 1
                    continue
                if c == "{":  # key = value
                    self.key_path()
                    self.pos += 1
                    self.skip_blank(newlines=False)
                start = self.pos
                self.value()
                if entries:
                    self.entries.append(Span(start, self.pos, self.line_at(start)))
        else:
            match = SCALAR.match(text, self.pos)
            self.pos = match.end() if match else self.pos + 1


def _unquote(quoted: str) -> str:
    import tomllib

    unquoted: str = tomllib.loads(f"k = {quoted}")["k"]
    return unquoted


def outline(text: str, entries: str = "deals") -> Outline:
    """Where each key, table and entry (of the array `entries`) of `text` (a document
    tomllib accepts) stands."""
    return _Scanner(text, entries).scan()
