"""A file's bytes as TOML data: its text (UTF-8, a byte-order mark dropped) read by the
fast reader of the layout this tool writes (fastread) or else by tomllib; every way it can
fail a SessionFileError that says where (FILE:LINE)."""

from __future__ import annotations

import datetime
import re
from typing import Any

from ..errors import SessionFileError
from ..i18n import _
from ..text import normal, quoted


def has_come(day: datetime.date) -> bool:
    """Whether a day a file holds (a sitting's, its payment's) has come: at most one day
    after this machine's today, for a folder shared between time zones, where it may be
    tomorrow already. A day typed is held to today itself (typed.not_after)."""
    return day <= datetime.date.today() + datetime.timedelta(days=1)


def parse(raw: bytes, label: str) -> tuple[str, dict[str, Any]]:
    """The text of a file (a UTF-8 byte-order mark dropped) and its TOML data."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SessionFileError(label, line, _("not UTF-8 text")) from None
    text = text.removeprefix("\ufeff")
    from .fastread import read_fast

    fast = read_fast(text)
    if fast is not None:
        return text, normal_names(text, fast, label)
    import tomllib  # here: a deal added from the cached standing parses nothing (3 ms)

    try:
        return text, normal_names(text, tomllib.loads(text), label)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", message)
        line = int(match.group(1)) if match and match.group(1) else text.count("\n") + 1
        message = message[: match.start()].strip() if match else message
        raise SessionFileError(label, line, _("not valid TOML: {reason}").format(
            reason=toml_reason(message))) from None
    except RecursionError:
        raise SessionFileError(label, 1, _("not a session this tool can read: nested too "
                                           "deep")) from None
    except (ValueError, MemoryError):  # tomllib's for an integer past Python's digit limit
        import sys

        limit = sys.get_int_max_str_digits()
        long = re.search(rf"\d{{{limit + 1},}}", text)
        line = text.count("\n", 0, long.start()) + 1 if long else 1
        raise SessionFileError(label, line, _("not a session this tool can read: a number of "
                                              "more than {count} digits").format(
                                                  count=limit)) from None


def normal_names(text: str, data: dict[str, Any], label: str) -> dict[str, Any]:
    """`data` with every key and text in NFC (text.normal), as names are compared: a file
    that spells a player `e` and a combining accent names the player `é` is. Nothing to do
    (nearly always) when the file's text is NFC and escapes no character."""
    if text.isascii():
        return data
    import unicodedata

    if "\\u" not in text and "\\U" not in text and unicodedata.is_normalized("NFC", text):
        return data
    try:
        return _normal(data)  # type: ignore[no-any-return]
    except _TwoSpellings as twice:
        at = text.find(twice.key)
        raise SessionFileError(label, text.count("\n", 0, at) + 1 if at >= 0 else 1, _(
            "{key} is given twice, spelt in two Unicode forms").format(key=quoted(normal(
                twice.key)))) from None


class _TwoSpellings(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _normal(item: Any) -> Any:
    if isinstance(item, str):
        return normal(item)
    if isinstance(item, dict):
        found = {normal(k): _normal(v) for k, v in item.items()}
        if len(found) < len(item):
            raise _TwoSpellings(next(k for k in item if k != normal(k)))
        return found
    if isinstance(item, list):
        return [_normal(v) for v in item]
    return item


def toml_reason(message: str) -> str:
    """tomllib's reason (its words are English) in the language chosen; a reason it is not
    known to give is kept as it is."""
    reasons = {
        "Cannot overwrite a value": _("Cannot overwrite a value"),
        "Escaped character is not a Unicode scalar value": _(
            "Escaped character is not a Unicode scalar value"),
        "Expected '=' after a key in a key/value pair": _(
            "Expected '=' after a key in a key/value pair"),
        "Expected ']' at the end of a table declaration": _(
            "Expected ']' at the end of a table declaration"),
        "Expected ']]' at the end of an array declaration": _(
            "Expected ']]' at the end of an array declaration"),
        "Expected newline or end of document after a statement": _(
            "Expected newline or end of document after a statement"),
        "Invalid date or datetime": _("Invalid date or datetime"),
        "Invalid hex value": _("Invalid hex value"),
        "Invalid initial character for a key part": _(
            "Invalid initial character for a key part"),
        "Invalid statement": _("Invalid statement"),
        "Invalid value": _("Invalid value"),
        "Unclosed array": _("Unclosed array"),
        "Unclosed inline table": _("Unclosed inline table"),
        "Unescaped '\\' in a string": _("Unescaped '\\' in a string"),
        "Unterminated string": _("Unterminated string"),
    }
    if message in reasons:
        return reasons[message]
    found = re.fullmatch(r"Cannot declare (.+) twice", message)
    if found:
        return _("Cannot declare {key} twice").format(key=found.group(1))
    found = re.fullmatch(r"Duplicate inline table key (.+)", message)
    if found:
        return _("Duplicate inline table key {key}").format(key=found.group(1))
    found = re.fullmatch(r"(?:Illegal|Found invalid) character (.+)", message)
    if found:
        return _("Illegal character {char}").format(char=found.group(1))
    return message
