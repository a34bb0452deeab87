"""The short form of a deal: its inputs as words, in the order a scorer says them (`b 350
190 172`, `h b8 b2d2`, `b=2 c=0 d=1 miss d`). Each game reads its own words into the values
its long options give (cli/<game>.py), so a deal is then built one way, whichever form was
typed. A word that cannot be read is a usage error that says what was expected."""

from __future__ import annotations

import re
from typing import NoReturn

import click

from ..text import quoted

#: A name as typed and a count, run together: b2, Bob12, æ3 (digits 0-9 only).
_RUN = re.compile(r"([^\W\d_]+)([0-9]{1,6})")
_RUNS = re.compile(r"(?:[^\W\d_]+[0-9]{1,6})+")


def fail(message: str) -> NoReturn:
    raise click.UsageError(message)


def counts(word: str) -> tuple[tuple[str, int], ...] | None:
    """`b2d2`, `b=2,d=2`, `Bob=2`: names as typed and their counts; None if it is none of
    these. (A name holding a digit is written with `=`.)"""
    if "=" in word:
        pairs = [item.rpartition("=") for item in word.split(",")]
        if not all(sep and name.strip() and digits.isascii() and digits.isdigit()
                   and len(digits) <= 6 for name, sep, digits in pairs):
            return None
        return tuple((name.strip(), int(digits)) for name, _sep, digits in pairs)
    if not _RUNS.fullmatch(word):
        return None
    return tuple((name, int(digits)) for name, digits in _RUN.findall(word))


def count(word: str) -> tuple[str, int] | None:
    """One name and count: `b8`, `b=8`."""
    found = counts(word)
    return found[0] if found is not None and len(found) == 1 else None


def number(word: str, wrong: str) -> int:
    """`word` as a whole number (ASCII digits), or the usage error `wrong`, a message that
    names the word as {word} ("{word} is not his bid, a whole number")."""
    if not (word.isascii() and word.isdigit() and len(word) <= 9):
        fail(wrong.format(word=quoted(word)))
    return int(word)


def taken(words: list[str], missing: str) -> str:
    """The next word, or the usage error `missing` ("give his bid") if there is none."""
    if not words:
        fail(missing)
    return words.pop(0)


Candidate = tuple[str, str]
"""What may come next at the cursor, and a word on what it is."""


def starting(candidates: list[Candidate], incomplete: str) -> list[Candidate]:
    """The candidates that begin as `incomplete` does (case ignored)."""
    folded = incomplete.casefold()
    return [c for c in candidates if c[0].casefold().startswith(folded)]


def named(words: list[str]) -> set[str]:
    """The names as typed already on the line: b in b=2 or b2d2, both in b=2,d=2."""
    found = set()
    for word in words:
        pairs = counts(word)
        found |= {name.casefold() for name, _count in pairs or ()}
    return found


def unnamed(players: list[str], words: list[str]) -> list[str]:
    """The players no word of the line names yet (by their name or its start)."""
    typed = named(words)
    return [p for p in players if not any(p.casefold().startswith(t) for t in typed)]
