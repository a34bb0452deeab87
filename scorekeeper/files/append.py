"""Where one more entry goes in a session file: found once, from the file's layout, and
then moved on by each entry added, so that adding a deal to a file of any layout reads
nothing of it but its bytes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..values import astuple, replace, value
from . import tomltext


@value
class AppendPoint:
    """Where one more entry goes in a file, and how, known without reading the file again:
    characters [start, end) of its text become `before`, the entry, `after`. A point is
    found once (`append_point`) and moved on by each entry added (`apply`), so a deal added
    to a long file costs no more than one added to a short one."""

    start: int
    end: int
    before: str
    after: str
    table: bool
    """The entry is written as a [[deals]] table; else as an inline table in the array."""
    newline: str
    then: tuple[int, str, str]
    """For the entry after this one: how many characters of `after` it goes before, and
    its `before` and `after`."""
    key: str = "deals"
    """The array of tables the entries are: `deals`, or the book's `payments`."""

    def apply(self, text: str, entry: Mapping[str, object]) -> tuple[str, AppendPoint]:
        """`text` with `entry` added; the point for the entry after it."""
        added = self.before + self._body(entry) + self.after
        return text[:self.start] + added + text[self.end:], self._moved(len(added), len)

    def add(self, raw: bytes, entry: Mapping[str, object]) -> tuple[bytes, AppendPoint]:
        """The same for a point counted in the bytes of the file in UTF-8 (`in_bytes`)."""
        if self.end > len(raw):
            raise ValueError("the point is past the end of the file")
        added = (self.before + self._body(entry) + self.after).encode()
        moved = self._moved(len(added), lambda tail: len(tail.encode()))
        return raw[:self.start] + added + raw[self.end:], moved

    def _body(self, entry: Mapping[str, object]) -> str:
        if not self.table:
            return tomltext.inline_table(entry)
        return self.newline.join([f"[[{self.key}]]", *(
            f"{tomltext.key(k)} = {tomltext.value(v)}" for k, v in entry.items())])

    def _moved(self, added: int, size: Callable[[str], int]) -> AppendPoint:
        back, before, after = self.then
        at = self.start + added - size(self.after[len(self.after) - back:])
        return replace(self, start=at, end=at, before=before, after=after,
                       then=(0, before, after))

    def in_bytes(self, text: str, offset: int) -> AppendPoint:
        """The point counted in the bytes of `text` in UTF-8, after `offset` bytes (a
        byte-order mark)."""
        start = offset + len(text[:self.start].encode())
        return replace(self, start=start, end=start + len(text[self.start:self.end].encode()))

    def as_data(self) -> tuple[object, ...]:
        return astuple(self)

    @classmethod
    def from_data(cls, data: object) -> AppendPoint:
        """A point back from `as_data`; ValueError or TypeError if it is not one."""
        fields: Any = data
        start, end, before, after, table, newline, (back, again, then_after), key = fields
        if not (type(start) is int and type(end) is int and 0 <= start <= end and all(
                type(t) is str for t in (before, after, newline, again, then_after, key))
                and type(back) is int and 0 <= back <= len(after) and type(table) is bool):
            raise ValueError(f"not a place to add a deal: {data!r}")
        return cls(start, end, before, after, table, newline, (back, again, then_after), key)


def canonical_point(text: str) -> AppendPoint | None:
    """Where the next deal goes in a text of the canonical layout (codec.render)."""
    end = text.find("\n]\n\n[settings]\n")
    if end >= 0:
        return AppendPoint(end + 1, end + 1, "    ", ",\n", False, "\n", (0, "    ", ",\n"))
    empty = text.find("\ndeals = []\n")
    if empty < 0:
        return None
    start = empty + len("\ndeals = ")
    return AppendPoint(start, start + 2, "[\n    ", ",\n]", False, "\n", (1, "    ", ",\n"))
