"""The cached standing of a session: where it stood after its last save, kept beside it in
a hidden `.NAME.toml.cache`, so that a deal, `settle` or the book need not replay every
deal.

The cache is never needed for correctness: it is used only while the session file holds
exactly the bytes it was made from, by this version of scorekeeper, for the game's state in
this form (its `state_version`). Anything else -- a hand edit, another version, a damaged
cache -- is ignored and the file is replayed in full.
"""


import marshal
import os
import stat
from collections.abc import Callable
from typing import Any, NamedTuple

from . import __version__
from .atomic import write_atomic

MAGIC = "scorekeeper cache 3"


class Cached(NamedTuple):
    """A session's standing as plain data."""

    header: dict[str, Any]
    """The session without its entries (codec.header)."""
    entries: list[dict[str, object]]
    """The entries as plain data (codec.entries_data)."""
    state: object
    """The game's state after the last entry (Game.state_to_data)."""
    balances: dict[str, int]
    next_dealer: str
    deals: int
    deals_end: int | None
    """In a canonical file, where the next deal's line goes (codec.deals_end); None in a
    file laid out by hand or with no deals."""
    nets: dict[str, int]
    """Each player's net if the sitting ended now (the book reads only this)."""


def path_of(session_path: str) -> str:
    folder, name = os.path.split(session_path)
    return os.path.join(folder, f".{name}.cache")


def read(session_path: str, raw: bytes, state_version: Callable[[str], int | None]
         ) -> Cached | None:
    """The cached standing, if it was made from exactly `raw` by this version, with the
    game's state in the form `state_version(game)` gives."""
    try:
        kept = marshal.loads(_read(path_of(session_path), 4 * len(raw) + 4096))
        magic, version, game, version_of_state, made_from, fields = kept
        cached = Cached(*fields)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if (magic, version) != (MAGIC, __version__) or made_from != raw:
        return None
    if state_version(game) != version_of_state:
        return None
    return cached


def _read(path: str, most: int) -> bytes:
    """The bytes of the regular file `path`, if it holds at most `most` (a cache holds the
    file's bytes and its entries, so a few times the file); a link, a FIFO or a device is
    not read (nor waited on)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            raise ValueError("not a cache")
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(most + 1)
    finally:
        os.close(fd)


def write(session_path: str, raw: bytes, game: str, state_version: int, cached: Cached) -> None:
    """Keep `cached` as the standing of the file holding `raw`. A cache that cannot be
    written only makes the next command slower."""
    try:
        kept: Any = (MAGIC, __version__, game, state_version, raw, tuple(cached))
        data = marshal.dumps(kept)
        write_atomic(path_of(session_path), data, durable=False)
    except Exception:
        pass
