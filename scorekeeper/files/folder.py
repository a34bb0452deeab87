"""The sittings of a session folder as the book reads them: a summary of each -- its day,
players, nets, what stats counts -- kept in the folder's own cache (.book.cache) under the
identity of the file it was made from (device, inode, size, modified and changed times), so
that the book of 500 sittings stats 500 files and reads one, instead of reading 1,000.

A file whose identity is not the cached one is read (its own cached standing, or in full)
and its summary made again; the cache is written back when anything changed, without
waiting on anyone, and a cache that cannot be read or written only makes the book slower.

Why identity and not the file's bytes (issue 25 asked for content): the cache is signed
with the user's own key (files.signing), so a cache planted, synced from another machine
or left by another user is never read; and the summaries it holds were made from files
read under the rules (a session's own cache is signed too), so what could once put wrong
figures in it (a crafted session cache) cannot now. What is left is a file changed with
its identity kept: its changed time (st_ctime_ns) moves on every write and no user can set
it back. Keying by content would read and hash every sitting on every `book` and `pay`
(500 files for the bundled benchmark's folder), the cost this cache exists to save.
"""

from __future__ import annotations

import datetime
import marshal
import os
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import __version__
from ..errors import ScorekeeperError
from ..values import astuple
from . import atomic, paths, signing

if TYPE_CHECKING:
    from ..session import Tally

CACHE = ".book.cache"
MAGIC = "scorekeeper book 2"
#: The cache's mode: the user's alone, whatever the sittings' modes (it is signed with the
#: user's key, files.signing, and no one else's scorekeeper would use it).
PRIVATE = 0o600


class Summary(NamedTuple):
    """A sitting as the book reads it (book.SessionSummary), and the file it was read from."""

    path: str
    real: str
    identity: tuple[int, ...]
    """The identity of the file it was read from, as atomic.Identity's fields (fields_of):
    only ever compared, and 500 identities made as objects cost a folder's `pay` 1 ms."""
    name: str
    game: str
    date: datetime.date
    paid: datetime.date | None
    deals: int
    value: str
    currency: str
    players: tuple[str, ...]
    nets: dict[str, int]
    changes: int
    counts: Tally

    @classmethod
    def of(cls, path: str, read: Any) -> Summary:
        """The summary of a snapshot read from `path`."""
        return cls(path, read.real, astuple(read.identity), read.name, read.game, read.date,
                   read.paid, read.deals, read.value, read.currency, read.players,
                   dict(read.nets), read.changes, read.counts)


def sittings(folder: str) -> tuple[list[Summary], list[str]]:
    """Every sitting of `folder` in brief (a file reached by two names, once), and the
    problems of those that cannot be read (FILE:LINE: message)."""
    version = _version()
    kept = _read(folder, version)
    found, problems, fresh = [], [], {}
    seen: set[tuple[int, int]] = set()
    changed = False  # a summary made again: the cache is to be written back
    real = os.path.join(atomic.real_folder(folder), "")  # where it is now, moved or not
    for path in paths.list_sessions(folder):
        identity, link = atomic.entry_fields(path)
        if identity is not None:
            if identity[:2] in seen:  # its device and inode
                continue
            seen.add(identity[:2])
        name = os.path.basename(path)
        summary = None if link else _known(kept.get(name), path, real + name, identity)
        if summary is None:
            from .snapshot import open as open_file

            try:
                summary = Summary.of(path, open_file(path))
            except ScorekeeperError as error:
                problems.append(str(error))
                continue
            changed |= kept.get(name) != _fields(summary)
        found.append(summary)
        fresh[name] = summary
    if changed or set(fresh) != set(kept):
        _write(folder, fresh, version)
    return found, problems


def _known(fields: Any, path: str, real: str, identity: tuple[int, ...] | None
           ) -> Summary | None:
    """The cached summary of the file at `path` (not a link; `real`, the same through its
    folder's links: atomic.real_path), if it was made from the file as it is."""
    if fields is None or identity is None:
        return None
    try:
        cached, rest = fields
        if tuple(cached) != identity:
            return None
        (name, game, date, paid, deals, value, currency, players, nets, changes,
         counts) = rest
        return Summary(path, real, identity, name, game, datetime.date.fromordinal(date),
                       None if paid is None else datetime.date.fromordinal(paid), deals, value,
                       currency, tuple(players), nets, changes, counts)
    except (TypeError, ValueError, OverflowError):
        return None


def _fields(s: Summary) -> tuple[Any, ...]:
    paid = None if s.paid is None else s.paid.toordinal()
    return (s.identity, (s.name, s.game, s.date.toordinal(), paid, s.deals, s.value,
                                s.currency, list(s.players), s.nets, s.changes, s.counts))


def _version() -> tuple[Any, ...]:
    """What a summary depends on beside its file: the program, the rules of the games (their
    modules as they are on disk: a summary is the games' reckoning, and reading their
    state versions would import every game), and the time zone (a sitting without its day
    is of its file's day, here)."""
    import time

    from .. import games

    folder = os.path.dirname(games.__file__)
    try:
        rules = tuple(sorted((entry.name, entry.stat().st_mtime_ns, entry.stat().st_size)
                             for entry in os.scandir(folder) if entry.name.endswith(".py")))
    except OSError:
        rules = ()
    return (__version__, rules, time.timezone, time.altzone, time.daylight)


def _read(folder: str, version: tuple[Any, ...]) -> dict[str, Any]:
    try:
        opened = signing.opened(atomic.read_file(os.path.join(folder, CACHE)))
        if opened is None:
            return {}
        magic, kept_for, entries = marshal.loads(opened)
        if (magic, kept_for) == (MAGIC, version) and isinstance(entries, dict):
            return entries
    except (ScorekeeperError, EOFError, ValueError, TypeError):
        pass
    return {}


def _write(folder: str, fresh: dict[str, Summary], version: tuple[Any, ...]) -> None:
    """Keep the summaries (a folder this user cannot write: no cache, only slower)."""
    entries = {name: _fields(s) for name, s in fresh.items()
               if not os.path.islink(s.path)}
    with suppress(ScorekeeperError, ValueError, OSError):
        signed = signing.sealed(marshal.dumps((MAGIC, version, entries)))
        if signed is not None:
            atomic.write_atomic(os.path.join(folder, CACHE), signed, durable=False,
                                mode=PRIVATE)
