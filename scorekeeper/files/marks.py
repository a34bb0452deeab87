"""Where a long sitting stood every thousand entries, kept beside it in a hidden
`.NAME.toml.marks`, so that `amend` of a late deal replays only the entries from the last
mark before it (files.inplace.amend_from_mark), not the whole sitting.

A mark is the standing (and the counts of `stats`) after the first `entries` entries of a
file of the canonical layout, and where the line of the next entry begins. It is trusted
as the cached standing is (files.cache): only if this user's scorekeeper wrote it (signed
with the user's key), by this version, for the game's state in this form, while the file
still begins with exactly the bytes the mark was made after (their size and digest) and
has the header it was made with (the settings follow the deals in the file). So a deal
added, or an undo or amend after the mark, leaves it good; any change before it, or to
the header, makes it unused. The marks are only ever a shortcut: the file read in full is
the answer, and writes them anew. Only the last `KEPT` marks are kept, so their size does
not grow with the sitting.
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from .. import __version__
from ..errors import ScorekeeperError
from ..session import AnySession, Standing, Tally
from ..values import value
from . import cache, signing
from .atomic import hidden_beside, write_atomic

MAGIC = "scorekeeper marks 1"
#: A mark every this many entries ...
EVERY = 1000
#: ... and the last this many of them kept.
KEPT = 8


@value
class Mark:
    """Where the sitting stood after its first `entries` entries."""

    entries: int
    start: int
    """Where the line of entry `entries` (from 0) begins, counted in the file's bytes."""
    standing: Standing[Any]
    tally: Tally


def path_of(session_path: str) -> str:
    return hidden_beside(session_path, ".marks")


def read(session_path: str, raw: bytes, header: AnySession) -> list[Mark]:
    """The sound marks of the file holding `raw` whose header is `header`, in order (none
    if there are none, or the file beside is not sound: never an error)."""
    from . import codec

    try:
        opened = signing.opened(signing.read_kept(path_of(session_path)))
        if opened is None:
            return []
        magic, version, game, state_version, top, kept = marshal.loads(opened)
        if (magic, version, game, state_version) != (MAGIC, __version__, header.game.name,
                                                     header.game.state_version):
            return []
        if top != cache.plain_header(codec.top_data(header)):
            return []
        return [Mark(entries, start, cache.standing_from(header, standing), cache.tally_from(
            tally)) for entries, start, size, made_from, standing, tally in kept
            if size == start and len(raw) >= start and signing.digest(raw[:start]) == made_from]
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError, AttributeError,
            ScorekeeperError):
        return []


def write(session_path: str, raw: bytes, header: AnySession, marks: Sequence[Mark]) -> None:
    """Keep the last `KEPT` of `marks` for the file holding `raw`. The caller holds the
    session's lock, or took it without waiting."""
    from . import codec

    game = header.game
    kept = [(m.entries, m.start, m.start, signing.digest(raw[:m.start]),
             cache.standing_data(game, m.standing), m.tally) for m in marks[-KEPT:]]
    record = (MAGIC, __version__, game.name, game.state_version,
              cache.plain_header(codec.top_data(header)), kept)
    with suppress(ScorekeeperError, ValueError, OSError):
        signed = signing.sealed(marshal.dumps(record))
        if signed is not None:
            write_atomic(path_of(session_path), signed, durable=False, mode=signing.PRIVATE)


def line_starts(raw: bytes, end: int, count: int) -> list[int]:
    """Where each of the last `count` lines before byte `end` begins, in order."""
    starts = []
    at = end
    for _ in range(count):
        at = raw.rfind(b"\n", 0, at - 1) + 1
        starts.append(at)
    return starts[::-1]
