"""A file's bytes as TOML data: its text (UTF-8, a byte-order mark dropped) read by the
fast reader of the layout this tool writes (fastread) or else by tomllib; every way it can
fail a SessionFileError that says where (FILE:LINE)."""

from __future__ import annotations

import re
from typing import Any

from ..errors import SessionFileError
from ..i18n import _


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
        return text, fast
    import tomllib  # here: a deal added from the cached standing parses nothing (3 ms)

    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", message)
        line = int(match.group(1)) if match and match.group(1) else text.count("\n") + 1
        message = message[: match.start()].strip() if match else message
        raise SessionFileError(label, line, _("not valid TOML: {reason}").format(
            reason=message)) from None
    except (ValueError, RecursionError, MemoryError) as error:
        # tomllib raises these for integers past Python's digit limit and deep nesting
        what = (_("not a session this tool can read: nested too deep")
                if isinstance(error, RecursionError) else
                _("not a session this tool can read: {reason}").format(reason=error))
        raise SessionFileError(label, 1, what) from None
