"""Text a user typed or a file holds, made safe to show: control characters never reach the
terminal."""

from __future__ import annotations

import re

#: Control and format characters, bidirectional overrides and zero-width marks; a line end
#: stays, since reports are made of lines.
HIDDEN = r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]"


def has_control(text: str) -> bool:
    """Whether `text` holds a control or format character (escape, newline, tab, bidi) or
    a line or paragraph separator."""
    if text.isprintable():  # the common case, without loading the Unicode tables
        return False
    import unicodedata

    return any(unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")
               for c in text)


def visible(text: str) -> str:
    """`text` with control characters shown as escapes, never sent to the terminal."""
    if text.replace("\n", "").isprintable():
        return text
    return re.sub(HIDDEN, lambda m: repr(m.group())[1:-1], text)


def width_of(text: str) -> int:
    """The columns `text` takes on a terminal: a wide (East Asian) character two, a
    combining mark none."""
    if text.isascii() or max(text) < "\u0300":  # Latin, as nearly every name: one column
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF"
               else 1 for c in text)


def wrap_words(text: str, width: int, indent: int = 0) -> list[str]:
    """`text` broken at its spaces into lines of at most `width` columns, the lines after
    the first indented by `indent` more than it; a word is never cut: one longer than a
    line is a line of its own, whole (the terminal folds it, as it must). Spaces that
    begin the text (its own indent) are kept on every line."""
    body = text.lstrip(" ")
    lead = " " * (len(text) - len(body))
    lines: list[str] = []
    for word in body.split(" "):
        if lines and width_of(lines[-1]) + 1 + width_of(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append((lead if not lines else lead + " " * indent) + word)
    return lines or [text]


def normal(text: str) -> str:
    """`text` in its composed Unicode form (NFC), as every name is compared and kept: `é`
    typed as one character or as `e` and a combining accent is one name. Names are made
    normal where they come in, once: from the command line (cli.options) and from a file
    (files.tomlread)."""
    if text.isascii():  # nearly every name, without loading the Unicode tables
        return text
    import unicodedata

    return unicodedata.normalize("NFC", text)


def folded(text: str) -> str:
    """`text` with case and Unicode form set aside (a canonical caseless match): `Lørdag`,
    `LØRDAG` and `lørdag` typed decomposed are one."""
    if text.isascii():
        return text.casefold()
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())
