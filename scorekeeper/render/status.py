"""The status line of `play` (what comes next: "deal 7 · Per deals · rubber 2 · ..."), made
to fit the terminal's width in any language: a status is parts, each with its forms from
the longest to the shortest ("" for a part that may go), and the fixed order in which the
parts give way, the least important first. Fitting takes one step of that order at a
time until the line fits; a part is shown in one of its forms or not at all, so a name or
a word is never cut. A line that cannot fit even so is broken between its parts (or at a
space within one), never inside a word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..text import width_of, wrap_words

#: Between the parts of a status line.
SEPARATOR = " · "


class Status(NamedTuple):
    """The parts of a status line, each as its forms (longest first; "" drops it), and the
    order they give way in: each step takes one part to its next form."""

    parts: tuple[tuple[str, ...], ...]
    steps: tuple[int, ...] = ()

    @property
    def full(self) -> str:
        """The whole line, every part in its longest form."""
        return SEPARATOR.join(forms[0] for forms in self.parts if forms[0])


def status(parts: Sequence[Sequence[str]], steps: Sequence[int] | None = None) -> Status:
    """A status of `parts`; without `steps`, each part gives way whole, from the last part
    to the first (the most important first)."""
    made = tuple(tuple(forms) for forms in parts)
    if steps is None:
        steps = [i for i in reversed(range(len(made))) for _form in made[i][1:]]
    return Status(made, tuple(steps))


def fitted(line: Status, width: int | None) -> list[str]:
    """`line` in at most `width` columns (None: whole): the first form of the steps that
    fits on one line, else the shortest, broken between its parts onto more lines."""
    if width is None:
        return [line.full]
    chosen = [0] * len(line.parts)
    for step in (*line.steps, None):
        shown = _shown(line, chosen)
        if width_of(SEPARATOR.join(shown)) <= width:
            return [SEPARATOR.join(shown)]
        if step is not None:
            chosen[step] += 1
    return broken(shown, width)


def _shown(line: Status, chosen: Sequence[int]) -> list[str]:
    """The forms `chosen` of the parts (an index past the last: the last), those not
    dropped."""
    forms = [f[min(i, len(f) - 1)] for f, i in zip(line.parts, chosen, strict=True)]
    return [form for form in forms if form]


def broken(parts: Sequence[str], width: int) -> list[str]:
    """Parts on lines of at most `width`, joined by the separator, a line broken between
    two parts (the next line begins "· "); only a part too long for a line of its own is
    broken, at its spaces, and a word longer than a line is left whole (the terminal
    folds it: it is never cut here)."""
    lines: list[str] = []
    for index, part in enumerate(parts):
        piece = part if not index else SEPARATOR.lstrip() + part
        if lines and width_of(lines[-1]) + 1 + width_of(piece) <= width:
            lines[-1] += " " + piece
        elif width_of(piece) <= width:
            lines.append(piece)
        else:
            lines += wrap_words(piece, width)
    return lines


def initials(side: Sequence[str], other: Sequence[str]) -> str:
    """A partnership in a few letters: its players' initials ("AC" for Anne & Carl), or,
    where the other side's initials are the same, as much of each name as tells them apart
    ("An&Ca" beside "Ad&Ch")."""
    mine = "".join(name[:1] for name in side)
    theirs = "".join(name[:1] for name in other)
    if mine.casefold() != theirs.casefold():
        return mine
    from .layout import abbreviations

    short = abbreviations([*side, *other], 1)
    return "&".join(short.get(name, name) for name in side)
