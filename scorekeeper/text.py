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
