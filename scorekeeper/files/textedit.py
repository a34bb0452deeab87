"""Changing a file a person laid out by hand -- a session or the book of payments --
where it needs to change and nowhere else: an entry added, removed or replaced in its array
(`deals`, `payments`), a top-level key set or removed. Comments, blank lines and the order
of things stay as the person wrote them. This is the one layout-keeping edit model of both
kinds of file (files.edits names each edit; files.store reads the result back).

Each function takes the text and returns the changed text; the store checks that the result
reads back as what it meant to save, and kept every comment, before writing it.

Why not tomlkit, which keeps a layout too (measured 2026-12-02, tomlkit 0.15.2, on this
machine, where the floor `python -c "import click, tomllib, tomli_w"` is 50-72 ms): importing
it costs 27-34 ms and parsing a 300-deal session (16 kB) 39-53 ms, so a deal that went
through it would take about 2x the floor, against the bar of 1.3x (a deal measures 1.3-1.4x
here, at its known place, with neither); a payment into a book of 1,000 payments would pay
190 ms to parse it (tomllib and the outline: 19 and 17 ms). Here, a deal at its known place
(files.append) reads nothing of the text, and an edit costs one outline of the text (17 ms
for 1,000 payments, 0.1 ms for the bundled month) and the read-back the store does anyway.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import tomltext
from .append import AppendPoint
from .outline import Span, outline


def append_entry(text: str, entry: Mapping[str, object], key: str = "deals") -> str:
    """`text` with one more entry at the end of its deals (or of the array `key`), laid
    out as the entry before it (its indent, the file's line ends)."""
    return append_point(text, key).apply(text, entry)[0]


def append_point(text: str, key: str = "deals") -> AppendPoint:
    """Where the next entry goes in `text`: before the `]` of its array `key`, laid out as
    the entry before it (its indent, the file's line ends), or as a [[deals]] table at the
    end when the file has no array."""
    layout = outline(text, key)
    newline = "\r\n" if "\r\n" in text else "\n"
    if layout.array is None:  # [[deals]] tables, or no deals yet: a table at the end
        lead = ("" if text.endswith("\n") else newline) + newline
        return AppendPoint(len(text), len(text), lead, newline, True, newline,
                           (0, newline, newline), key)
    close = layout.array.end - 1  # the array's ]
    indent, start, comma = "    ", close, ""
    if layout.entries:
        last = layout.entries[-1]
        before = text[text.rfind("\n", 0, last.start) + 1:last.start]
        indent = before if before.isspace() else indent
        if not _comma_after(text, last.end, close):
            start, comma = last.end, ","
    line_start = text.rfind("\n", 0, close) + 1
    if text[line_start:close].strip():  # the ] shares a line: deals = [{ ... }]
        kept = comma + text[start:close]
        gap = "" if (kept[-1:] or text[close - 1]) in "[ " else " "
        return AppendPoint(start, close, kept + gap, ",", False, newline, (0, " ", ","))
    start = start if comma else line_start
    return AppendPoint(start, line_start, comma + text[start:line_start] + indent,
                       "," + newline, False, newline, (0, indent, "," + newline))


def remove_entry(text: str, index: int, key: str = "deals") -> str:
    """`text` without its entry `index` (0-based) of `key`: with its line, when it has one
    of its own, and any comment on that line."""
    layout = outline(text, key)
    span = layout.entries[index]
    end = span.end
    if layout.array is not None:
        rest = text[end:].lstrip(" \t")
        if rest.startswith(","):
            end = len(text) - len(rest) + 1
    line_start = text.rfind("\n", 0, span.start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end + 1
    after = text[end:line_end].strip()
    if not text[line_start:span.start].strip() and (not after or after.startswith("#")):
        start, end = line_start, line_end
        if layout.array is None:  # the blank line before a [[deals]] table goes with it
            for blank in ("\n\r\n", "\n\n"):
                if text[max(0, start - len(blank)):start] == blank:
                    start -= len(blank) - 1
                    break
        return text[:start] + text[end:]
    return text[:span.start] + text[end:].lstrip(" \t")


def replace_entry(text: str, index: int, entry: Mapping[str, object], key: str = "deals"
                  ) -> str:
    """`text` with deal `index` (0-based) holding `entry` instead. In a [[deals]] table the
    comments stay: comment lines, and a comment at the end of a line stays with its key."""
    layout = outline(text, key)
    span = layout.entries[index]
    if layout.array is not None:
        new = tomltext.inline_table(entry)
    else:
        newline = "\r\n" if "\r\n" in text else "\n"
        line_end = text.find("\n", span.end)
        tail = text[span.end:len(text) if line_end < 0 else line_end].rstrip("\r")
        if tail.strip().startswith("#"):  # the last key's comment is the deal's too
            span = Span(span.start, span.end + len(tail), span.line)
        header, *body = text[span.start:span.end].split("\n")
        lines = [header.rstrip("\r"), *(line.rstrip("\r") for line in body
                                         if line.strip().startswith("#"))]
        after_key = _end_of_line_comments(body)
        lines += [f"{tomltext.key(k)} = {tomltext.value(v)}" + after_key.pop(k, "")
                  for k, v in entry.items()]
        lines += [comment.strip() for comment in after_key.values()]  # a key now gone
        new = newline.join(lines)
    return text[:span.start] + new + text[span.end:]


def _end_of_line_comments(lines: list[str]) -> dict[str, str]:
    """The comment at the end of each key's line (with the spaces before it), by key."""
    import tomllib

    found: dict[str, str] = {}
    for line in lines:
        try:
            tomllib.loads(line)
        except tomllib.TOMLDecodeError:
            continue  # part of a value written over several lines
        keys = outline(line).keys
        for path, span in keys.items():
            rest = line[span.end:].rstrip("\r")
            if rest.strip().startswith("#"):
                found[path[0]] = found.get(path[0], "") + rest
    return found


def set_top_key(text: str, key: str, value: object | None) -> str:
    """`text` with the top-level `key` set to `value` (None: removed). A new key goes on the
    line after `game`."""
    layout = outline(text)
    span = layout.keys.get((key,))
    if span is not None and value is None:
        return _remove_line(text, span)
    if span is not None:
        return text[:span.start] + f"{key} = {tomltext.value(value)}" + text[span.end:]
    if value is None:
        return text
    newline = "\r\n" if "\r\n" in text else "\n"
    game = layout.keys.get(("game",))
    at = text.find("\n", game.end) + 1 if game else 0
    if game and at == 0:  # game is on the last line, with no line end
        text, at = text + newline, len(text) + len(newline)
    return text[:at] + f"{key} = {tomltext.value(value)}{newline}" + text[at:]


def _comma_after(text: str, start: int, end: int) -> bool:
    """Whether a comma stands between `start` and `end`, past spaces and comments."""
    position = start
    while position < end:
        c = text[position]
        if c == ",":
            return True
        if c == "#":
            position = text.find("\n", position)
            position = end if position < 0 else position
        elif not c.isspace():
            return False
        position += 1
    return False


def _remove_line(text: str, span: Span) -> str:
    """`text` without the statement `span`: its line goes, but a comment on it stays."""
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    rest = text[span.end:len(text) if end < 0 else end]
    if rest.strip().startswith("#"):
        kept = rest.strip() + ("\r" if rest.endswith("\r") else "")
        return text[:start] + kept + text[len(text) if end < 0 else end:]
    return text[:start] + text[len(text) if end < 0 else end + 1:]
