"""The cached standing of a session: where it stood after its last save, kept beside it in
a hidden `.NAME.toml.cache`, so that a deal, `settle`, `stats` and the book need not read
the deals.

The cache is never needed for correctness: it is used only if this user's scorekeeper wrote
it (it is signed with the user's own key, files.signing: a cache planted in a shared folder,
synced from another machine or crafted by hand is not), while the session file holds exactly
the bytes it was made from (their size and digest), by this version of scorekeeper, for the
game's state in this form (its `state_version`), and if its balances sum to zero. Anything
else -- a hand edit, another version, a damaged cache -- is ignored, here and nowhere else,
and the file is read in full. It is readable by the user alone (0600), whatever the
session's mode. Its size does not grow with the sitting: the header, the state, the
balances, the counts of `stats`, where the next deal's text goes, and -- for a file of the
canonical layout whose last entry is a line of its own -- where that line is and where the
sitting stood before it (`Last`), so that `undo` is the inverse of an append: the line cut
out and that standing restored, without reading the deals (files.inplace).
"""

from __future__ import annotations

import datetime
import marshal
from collections.abc import Mapping
from contextlib import suppress
from typing import Any

from .. import __version__
from ..errors import ScorekeeperError
from ..games import GAMES
from ..session import AnySession, Standing, Tally
from ..values import value
from .append import AppendPoint
from .atomic import hidden_beside, write_atomic
from .signing import PRIVATE, digest, read_kept

MAGIC = "scorekeeper cache 9"


@value
class Last:
    """The last entry of a file of the canonical layout: its line, and where the sitting
    stood before it."""

    start: int
    """Where its line begins, counted in the file's bytes; it ends where the next deal
    goes (the append point's start)."""
    standing: Standing[Any]
    tally: Tally


@value
class Kept:
    """Where a session stood after its last save, as the cache keeps it."""

    header: AnySession
    """The session without its entries."""
    standing: Standing[Any]
    layout: str
    """The file's layout (snapshot.Layout)."""
    append: AppendPoint | None
    """Where the next deal's text goes, counted in the file's bytes; None: read the file."""
    tally: Tally
    changes: int
    """How many changes after the fact its history holds."""
    last: Last | None = None


def path_of(session_path: str) -> str:
    return hidden_beside(session_path, ".cache")


def read(session_path: str, raw: bytes, name: str) -> Kept | None:
    """The cached standing of the file holding `raw` (the session `name`), if there is a
    sound one made from exactly those bytes; None otherwise (missing, stale or damaged:
    never an error)."""
    from . import codec, signing

    try:
        opened = signing.opened(read_kept(path_of(session_path)))
        if opened is None:
            return None
        kept = marshal.loads(opened)
        magic, version, game, state_version, size, made_from, fields = kept
        if (magic, version, size) != (MAGIC, __version__, len(raw)):
            return None
        if GAMES[game].state_version != state_version or made_from != digest(raw):
            return None
        (top, layout, state, balances, next_dealer, deals, entries, append, tally, changes,
         seated, last) = fields
        header = codec.header_from_data(_dates(top), name)
        standing = standing_from(header, (state, balances, next_dealer, deals, entries, seated))
        if not {*header.players, *header.game.accounts} <= set(standing.balances):
            return None  # those who began are all there; one who joined is there too
        point = None if append is None else _placed(AppendPoint.from_data(append[0]),
                                                    append[1], raw)
        return Kept(header, standing, str(layout), point, tally_from(tally), _number(changes),
                    _last(header, last, point, raw))
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError, AttributeError,
            ScorekeeperError):
        return None


def write(session_path: str, raw: bytes, kept: Kept) -> None:
    """Keep `kept` as the standing of the file holding `raw`. A cache that cannot be
    written only makes the next command slower. The caller holds the session's lock."""
    from . import codec, signing

    header, standing = kept.header, kept.standing
    game = header.game
    last = kept.last
    state, balances, next_dealer, deals, entries, seated = standing_data(game, standing)
    fields = (plain_header(codec.top_data(header)), kept.layout, state, balances, next_dealer,
              deals, entries,
              None if kept.append is None else (kept.append.as_data(), _around(kept.append, raw)),
              kept.tally, kept.changes, seated,
              None if last is None else (last.start, standing_data(game, last.standing),
                                         last.tally))
    record: Any = (MAGIC, __version__, game.name, game.state_version, len(raw), digest(raw), fields)
    with suppress(ScorekeeperError, ValueError):
        signed = signing.sealed(marshal.dumps(record))
        if signed is not None:
            write_atomic(path_of(session_path), signed, durable=False, mode=PRIVATE)


def standing_data(game: Any, standing: Standing[Any]) -> tuple[Any, ...]:
    return (game.state_to_data(standing.state), standing.balances, standing.next_dealer,
            standing.deals, standing.entries, list(standing.seated))


def standing_from(header: AnySession, data: Any) -> Standing[Any]:
    """A standing back from `standing_data`; ValueError (or another error `read` catches)
    if it is not a sound one: its balances sum to zero, everyone seated has one."""
    from . import codec

    state, balances, next_dealer, deals, entries, seated = data
    if sum(_counts(balances).values()) != 0:
        raise ValueError("balances that do not sum to zero")
    table = codec.players_of(tuple(seated))
    if not set(table) <= set(balances):
        raise ValueError("a player seated without a balance")
    return Standing(_counts(balances), header.game.state_from_data(state),
                    table.exact(next_dealer), _number(deals), _number(entries), table)


def tally_from(tally: Any) -> Tally:
    return {p: _counts(tally[p]) for p in tally}


def _last(header: AnySession, data: Any, point: AppendPoint | None, raw: bytes) -> Last | None:
    """The last entry's line and the standing before it; ValueError if the line is not
    one entry's, ending where the next deal goes."""
    if data is None:
        return None
    start, standing, tally = data
    if point is None or not 0 <= _number(start) < point.start:
        raise ValueError("the last entry is not before the place for the next one")
    line = raw[start:point.start]
    if not (line.startswith(b"    {") and line.endswith(b"},\n") and line.count(b"\n") == 1
            and raw[start - 1:start] == b"\n"):
        raise ValueError("not the line of one entry")
    return Last(start, standing_from(header, standing), tally_from(tally))


#: The bytes each side of the place the next deal goes that the cache keeps, to know the
#: place is still that one (a cache damaged, or made by another build, is not trusted).
AROUND = 32


def _around(point: AppendPoint, raw: bytes) -> bytes:
    return raw[max(point.start - AROUND, 0):point.end + AROUND]


def _placed(point: AppendPoint, around: object, raw: bytes) -> AppendPoint:
    """`point`, if the bytes around it are those the cache kept; else ValueError."""
    if point.end > len(raw) or around != _around(point, raw):
        raise ValueError("the place for the next deal is not where the cache says")
    return point


def plain_header(top: Mapping[str, Any]) -> dict[str, Any]:
    """A header as marshal keeps it: dates as text."""
    return {k: v.isoformat() if isinstance(v, datetime.date) else v for k, v in top.items()}


def _dates(top: Mapping[str, Any]) -> dict[str, Any]:
    return {k: datetime.date.fromisoformat(v) if k in ("date", "paid") else v
            for k, v in top.items()}


def _counts(counts: Mapping[str, Any]) -> dict[str, int]:
    if not all(type(k) is str and type(n) is int for k, n in counts.items()):
        raise ValueError("not counts")
    return dict(counts)


def _number(n: object) -> int:
    if type(n) is not int or n < 0:
        raise ValueError("not a count")
    return n
