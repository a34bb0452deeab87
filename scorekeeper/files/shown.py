"""The table `show` prints of a sitting, kept beside it in a hidden `.NAME.toml.shown`, so
that showing a long sitting again formats what it printed rather than reading and replaying
every deal: `show` of 10,000 Loo deals in 0.36 s is 0.09 s so (benchmarks/bench.py).

What is kept is each row's cells as the table of `show` has them (render.reports.show_rows),
in one language, and which entries were changed after they were played; of a game whose
`show` is a drawing (Bridge's score pad), what it printed, for the width it was fitted to.
It is trusted as the cached standing is (files.cache): only if this user's scorekeeper
wrote it (signed with the user's key), by this version, in the language spoken now, from
exactly the bytes the file holds now (their size and digest). Any change to the file makes
it unused; the file read in full is always the answer, and `show` writes it anew. One
language is kept at a time: the last one shown in.
"""

from __future__ import annotations

import marshal
from contextlib import suppress

from .. import __version__
from ..errors import ScorekeeperError
from ..values import value
from . import signing
from .atomic import hidden_beside, write_atomic

MAGIC = "scorekeeper shown 1"


@value
class Shown:
    """What `show` printed of a file: its rows and its entries changed after the fact."""

    rows: list[list[str]]
    changed: frozenset[int]
    """The entries (from 0) changed after they were played."""
    drawing: str | None = None
    """What it printed whole, of a game that prints a drawing (Bridge's score pad) ..."""
    width: int | None = None
    """... fitted to this width (None: into a pipe)."""


def path_of(session_path: str) -> str:
    return hidden_beside(session_path, ".shown")


def read(session_path: str, raw: bytes, language: str) -> Shown | None:
    """What `show` printed, in `language`, of the file holding `raw`, if a sound record of
    it is kept; None otherwise (missing, stale or damaged: never an error)."""
    try:
        opened = signing.opened(signing.read_kept(path_of(session_path)))
        if opened is None:
            return None
        (magic, version, spoken, size, made_from, rows, changed, drawing,
         width) = marshal.loads(opened)
        if (magic, version, spoken, size) != (MAGIC, __version__, language, len(raw)):
            return None
        if made_from != signing.digest(raw) or not _table(rows):
            return None
        if not (drawing is None or type(drawing) is str) or not (
                width is None or type(width) is int):
            return None
        return Shown(rows, frozenset(int(i) for i in changed), drawing, width)
    except (OSError, EOFError, ValueError, TypeError):
        return None


def _table(rows: object) -> bool:
    """Whether `rows` is a table of text, every row as long (a cell that is not text a
    TypeError)."""
    if not isinstance(rows, list) or not all(type(row) is list for row in rows):
        return False
    "".join(map("".join, rows))
    return len(set(map(len, rows))) <= 1


def write(session_path: str, raw: bytes, language: str, shown: Shown) -> None:
    """Keep `shown` as what `show` printed, in `language`, of the file holding `raw`. One
    that cannot be written only makes the next show slower. The caller holds the session's
    lock."""
    record = (MAGIC, __version__, language, len(raw), signing.digest(raw), shown.rows,
              sorted(shown.changed), shown.drawing, shown.width)
    with suppress(ScorekeeperError, ValueError, OSError):
        signed = signing.sealed(marshal.dumps(record))
        if signed is not None:
            write_atomic(path_of(session_path), signed, durable=False, mode=signing.PRIVATE)
