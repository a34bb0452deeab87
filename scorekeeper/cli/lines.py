"""The lines piped into `play`, read safely whatever comes: as bytes (so no locale or
PYTHONIOENCODING can make a stray byte a traceback), one bounded line at a time (a line
that never ends is never held whole), each then decoded as UTF-8 on its own; and a
line's `> FILE`, which play turns into --output FILE."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, NamedTuple

import click

from ..i18n import _

#: The longest line `play` reads: a deal is a few dozen characters.
LONGEST = 4096


class Line(NamedTuple):
    number: int
    text: str | None
    """The line without its line end; None if it could not be read."""
    problem: str = ""
    """Why it could not be read."""


def lines_of(stream: IO[str]) -> Iterator[Line]:
    """Each line of `stream` (standard input), numbered from 1."""
    binary: IO[bytes] | None = getattr(stream, "buffer", None)
    if binary is None:  # a stream of text only (a test's): read it as it is
        for number, text in enumerate(stream, 1):
            yield _checked(number, text.encode("utf-8", "surrogateescape"))
        return
    number = 0
    while True:
        chunk = binary.readline(LONGEST + 1)
        if not chunk:
            return
        number += 1
        if len(chunk) > LONGEST and not chunk.endswith(b"\n"):
            while (rest := binary.readline(LONGEST)) and not rest.endswith(b"\n"):
                pass  # the rest of a line too long to read: passed over, never held
            yield _too_long(number)
            continue
        yield _checked(number, chunk)


def _checked(number: int, raw: bytes) -> Line:
    if len(raw.rstrip(b"\r\n")) > LONGEST:
        return _too_long(number)
    try:
        return Line(number, raw.decode("utf-8").rstrip("\r\n"))
    except UnicodeDecodeError as error:
        return Line(number, None, _("line {number} is not UTF-8 text (byte {byte})").format(
            number=number, byte=error.start + 1))


def _too_long(number: int) -> Line:
    return Line(number, None, _("line {number} is longer than {longest} bytes: not read")
                .format(number=number, longest=LONGEST))


def count_rest(stream: IO[str]) -> int:
    """How many lines are left to read (read and passed over)."""
    return sum(1 for _line in lines_of(stream))


def redirected(command: click.Command, args: list[str]) -> list[str] | None:
    """`> FILE` at the end of a line, as --output FILE (there is no shell here to do it);
    None, said why, for a command that writes no file."""
    at = next((i for i, word in enumerate(args) if word.startswith(">")), None)
    if at is None:
        return args
    target = args[at][1:] or (args[at + 1] if at + 1 < len(args) else "")
    rest = args[at + (1 if args[at][1:] else 2):]
    if not any(p.name == "output" for p in command.params) or not target or rest:
        click.echo(_("Error: {message}").format(message=_(
            "play writes no '>': give --output FILE to a report (show, settle, history, "
            "book, stats)")), err=True)
        return None
    return [*args[:at], "--output", target]
