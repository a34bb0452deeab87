"""Changing a session file a person laid out by hand, where it needs to change and nowhere
else: a deal added, removed or replaced, a top-level key set or removed. Comments, blank
lines and the order of things stay as the person wrote them.

Each function takes the text and returns the changed text; the store checks that the result
reads back as the session it meant to save before writing it.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import tomltext
from .outline import Span, outline


def append_entry(text: str, entry: Mapping[str, object]) -> str:
    """`text` with one more deal at the end of its deals."""
    layout = outline(text)
    if layout.array is None:  # [[deals]] tables, or no deals yet: a table at the end
        block = "[[deals]]\n" + "".join(
            f"{tomltext.key(k)} = {tomltext.value(v)}\n" for k, v in entry.items())
        return text + ("" if text.endswith("\n") else "\n") + "\n" + block
    close = layout.array.end - 1  # the array's ]
    line = f"    {tomltext.inline_table(entry)},\n"
    if layout.deals:
        last = layout.deals[-1]
        if not _comma_after(text, last.end, close):
            text = text[:last.end] + "," + text[last.end:]
            close += 1
    line_start = text.rfind("\n", 0, close) + 1
    if text[line_start:close].strip():  # the ] shares a line: deals = [{ ... }]
        return text[:close] + ("" if text[close - 1] in "[ " else " ") + line.strip() + text[close:]
    return text[:line_start] + line + text[line_start:]


def remove_entry(text: str, index: int) -> str:
    """`text` without its deal `index` (0-based): with its line, when it has one of its
    own, and any comment on that line."""
    layout = outline(text)
    span = layout.deals[index]
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
        if layout.array is None and text[max(0, start - 2):start] == "\n\n":
            start -= 1  # the blank line before a [[deals]] table goes with it
        return text[:start] + text[end:]
    return text[:span.start] + text[end:].lstrip(" \t")


def replace_entry(text: str, index: int, entry: Mapping[str, object]) -> str:
    """`text` with deal `index` (0-based) holding `entry` instead; comment lines inside a
    [[deals]] table are kept."""
    layout = outline(text)
    span = layout.deals[index]
    if layout.array is not None:
        new = tomltext.inline_table(entry)
    else:
        comments = [line for line in text[span.start:span.end].splitlines()
                    if line.strip().startswith("#")]
        keys = [f"{tomltext.key(k)} = {tomltext.value(v)}" for k, v in entry.items()]
        new = "\n".join(["[[deals]]", *comments, *keys])
    return text[:span.start] + new + text[span.end:]


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
    game = layout.keys.get(("game",))
    at = text.find("\n", game.end) + 1 if game else 0
    if game and at == 0:  # game is on the last line, with no line end
        text, at = text + "\n", len(text) + 1
    return text[:at] + f"{key} = {tomltext.value(value)}\n" + text[at:]


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
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    return text[:start] + text[len(text) if end < 0 else end + 1:]
