"""Text a user typed or a file holds, made safe to show: control characters never reach the
terminal, and a value in a message reads as a person writes it, never as Python's repr."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime

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


#: Control characters by the names a terminal's manual gives them.
NAMES = ("NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
         "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
         "SUB", "ESC", "FS", "GS", "RS", "US")


#: The longest text a message quotes whole.
LONGEST = 160


def visible(text: str) -> str:
    """`text` with each control character shown by its name (<ESC>, <TAB>, <U+202E>), and
    a byte that is not UTF-8 (read with surrogateescape) as that byte (<byte FF>): never
    sent to the terminal, and no Python escape to read."""
    if text.replace("\n", "").isprintable():
        return text
    return re.sub(HIDDEN + "|[\ud800-\udfff]", lambda m: _named(m.group()), text)


def _named(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"<byte {code - 0xDC00:02X}>"
    if code < len(NAMES):
        return f"<{NAMES[code]}>"
    return "<DEL>" if code == 0x7F else f"<U+{code:04X}>"


def has_bad_byte(text: str) -> bool:
    """Whether `text` holds a byte that is not UTF-8 (as surrogateescape reads one)."""
    return not text.isprintable() and re.search("[\udc80-\udcff]", text) is not None


def quoted(value: object) -> str:
    """`value` as it stands in a message, in the user's words: text in quotes (double ones
    if it holds a single one), its control characters named (visible), cut in the middle
    if longer than LONGEST; a list in parentheses, a table in braces (or an empty list, an
    empty table); anything else as `plain` writes it. Never Python's repr."""
    if isinstance(value, (list, tuple, dict)):  # one value in a sentence: kept together
        return _inner(value) if value else _empty(value)
    if not isinstance(value, str):
        return plain(value)
    mark = '"' if "'" in value and '"' not in value else "'"
    if len(value) > LONGEST:  # a line of the message, not a screenful: its ends will do
        value = value[:100] + "…" + value[-40:]
    return mark + visible(value).replace("\n", "<LF>") + mark  # a message is one line


def plain(value: object) -> str:
    """`value` as a person writes it, without quotes: a day 2026-11-02, a time 18:00, a
    zone UTC+05:00, a list or a table as its items (Ann, Bob; an empty one: none), a whole
    number of any length, true and false."""
    import datetime

    from .i18n import _

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _digits(value)
    if isinstance(value, (datetime.date, datetime.time, datetime.tzinfo)):
        return _moment(value)
    if isinstance(value, dict):
        return ", ".join(f"{plain(k)} = {_inner(v)}" for k, v in value.items()) or _("none")
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_inner(v) for v in value) or _("none")
    if value is None:
        return _("(not set)")
    return visible(str(value))


def _empty(value: object) -> str:
    from .i18n import _

    return _("an empty table") if isinstance(value, dict) else _("an empty list")


def _inner(value: object) -> str:
    """A value inside a list or a table: a table in braces, a list in parentheses."""
    if isinstance(value, dict):
        return "{ " + plain(value) + " }" if value else "{ }"
    if isinstance(value, (list, tuple)):
        return "(" + plain(value) + ")" if value else "()"
    return plain(value)


def _moment(value: datetime.date | datetime.time | datetime.tzinfo) -> str:
    """A day, a time of day or a moment as a person writes it, its zone as UTC+05:00."""
    import datetime

    if isinstance(value, datetime.tzinfo):
        minutes = (value.utcoffset(None) or datetime.timedelta()) // datetime.timedelta(minutes=1)
        sign = "-" if minutes < 0 else "+"
        return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}" if minutes else "UTC"
    seconds = ":%S" if getattr(value, "second", 0) else ""
    if isinstance(value, datetime.datetime):
        zone = "" if value.tzinfo is None else " " + _moment(value.tzinfo)
        return value.strftime("%Y-%m-%d %H:%M" + seconds) + zone
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M" + seconds)
    return value.isoformat()


def _digits(number: int) -> str:
    """A whole number in digits; one too long to read (or for Python to print) by how many
    digits it has."""
    from .i18n import _

    if number.bit_length() < 100:  # up to 30 digits: as written
        return str(number)
    count = int(number.bit_length() * 0.30103) + 1  # log10(2): the digits, or one more
    if 10 ** (count - 1) > abs(number):
        count -= 1
    return _("a number of {count} digits").format(count=count)


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
