"""One read of a session file: `open(path) -> Snapshot`.

A snapshot is the file as one command read it, once: its bytes and identity, its layout,
the session's header (players, settings, dates), where the sitting stands, and -- when they
are asked for -- its entries and every entry replayed. The standing comes from the cached
standing when that was made from exactly these bytes, else from reading the file in full
(and the cache is written for next time). Every change is computed from a snapshot and saved
only onto the file it was read from, if the file still holds its bytes (files.change).
"""

from __future__ import annotations

import datetime
import functools
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..errors import SessionError, SessionFileError
from ..i18n import _
from ..seating import is_seating_data
from ..session import (
    AnySession,
    DealError,
    Played,
    Standing,
    Tally,
    nets,
    play_next,
    start,
    table_now,
    tally,
)
from ..values import value
from . import atomic, cache, tomlread
from .append import AppendPoint, canonical_point
from .paths import session_name

if TYPE_CHECKING:
    from ..history import Revision
    from ..tablenow import TableNow
    from . import marks

BOM = "\ufeff"


class Layout(StrEnum):
    """How a file is laid out, and so how a change is written to it."""

    CANONICAL = "canonical"
    """As this tool writes a session: a change rewrites it so."""
    HAND_LAID = "hand-laid"
    """Laid out by a person or another TOML writer: changed as text, where it changes."""
    OLDER = "older"
    """An older version of the file form: rewritten in this one, the old file kept."""


class Snapshot:
    """A session file as read once (see the module's text)."""

    def __init__(self, path: str, real: str, raw: bytes, identity: atomic.Identity,
                 layout: Layout, header: AnySession, standing: Standing[Any],
                 append: AppendPoint | None, counts: Tally, changes: int,
                 full: Full | None = None, last: cache.Last | None = None) -> None:
        self.path = path
        """The file as it was named (a link's own name for a session reached by a link)."""
        self.real = real
        """The file itself, through any symbolic link: what a save replaces."""
        self.raw = raw
        self.identity = identity
        self.layout = layout
        self.header = header
        """The session's players, settings and dates (its entries only if `full`)."""
        self.standing = standing
        self.append = append
        """Where the next deal's text goes in `raw`; None: a change reads the file."""
        self.counts = counts
        """What `stats` counts of each player's play."""
        self.changes = changes
        """How many changes after the fact its history holds."""
        self.last = last
        """Where the last entry's line is and the sitting stood before it (a file of the
        canonical layout); None: an undo reads the file."""
        self.marks: list[marks.Mark] | None = None
        """Where the sitting stood every thousand entries (files.marks): read when first
        asked for (`find_marks`), or worked out when the file was read in full."""
        self._full = full
        self._nets: dict[str, int] | None = None

    # --- what the book reads of a sitting (book.SessionSummary) -------------------------------

    @property
    def name(self) -> str:
        return self.header.name

    @property
    def game(self) -> str:
        return self.header.game.name

    @property
    def paid(self) -> datetime.date | None:
        return self.header.paid

    @property
    def deals(self) -> int:
        return self.standing.deals

    @property
    def value(self) -> str:
        return self.header.value

    @property
    def currency(self) -> str:
        return self.header.currency

    @property
    def players(self) -> tuple[str, ...]:
        """Every player who has sat at the table (one who joined, after those who began)."""
        accounts = self.header.game.accounts
        return tuple(a for a in self.standing.balances if a not in accounts)

    @property
    def session(self) -> AnySession:
        """The session with its entries (read from the bytes when first asked for)."""
        return self._read_in_full().session

    @property
    def played(self) -> list[Played[Any, Any, Any]]:
        """Every entry as replayed."""
        return self._read_in_full().played

    @property
    def history(self) -> tuple[Revision, ...]:
        """Its changes after the fact, in the order made."""
        return self._read_in_full().history

    # --- what is replayed ------------------------------------------------------------------

    @property
    def nets(self) -> dict[str, int]:
        """Each player's net if the sitting ended now."""
        if self._nets is None:
            self._nets = nets(self.header, self.standing)
        return self._nets

    @functools.cached_property
    def table_now(self) -> TableNow:
        """Who sits, deals and sits out next, and the partnerships to come: worked out once
        for this reading, and read by every command that needs any of it."""
        return table_now(self.header, self.standing)

    def table_at(self, number: int) -> TableNow | None:
        """The table as deal `number` was dealt (who sat, who dealt, who sat out): what
        `amend N` names its players from. None if there is no such deal."""
        played = self.played
        numbered = [i for i, p in enumerate(played) if p.number is not None]
        if not 1 <= number <= len(numbered):
            return None
        at = numbered[number - 1]
        deal, before = played[at], played[at - 1] if at else None
        begun = start(self.session)
        balances, state = (begun.balances, begun.state) if before is None else (
            before.balances, before.state)
        return table_now(self.header, Standing(balances, state, deal.dealer or "",
                                               number - 1, at, deal.seated))

    @property
    def date(self) -> datetime.date:
        """The day of the sitting; for a file without one, the day of its first change
        after the fact (its history), else the day it was last written, but never a day
        to come (a clock or a copy may set a file's time ahead): then today."""
        if self.header.date is not None:
            return self.header.date
        return undated_day(self._first_change(),
                           datetime.date.fromtimestamp(self.identity.modified_ns / 1e9),
                           datetime.date.today())

    def _first_change(self) -> datetime.date | None:
        """The day of the first change in the history, if it reads."""
        from ..errors import ScorekeeperError

        try:
            return min((r.when.date() for r in self.history), default=None)
        except ScorekeeperError:
            return None

    def find_last(self) -> cache.Last | None:
        """`last`, found by reading the file in full if the cache did not keep it (a file
        of the canonical layout whose last entry is not the one its cache last saw added:
        the next undo after one)."""
        if self.last is None and self.layout == Layout.CANONICAL and self.standing.entries > 1:
            found = read_in_full(self.path, self.real, self.raw, self.identity)
            self._full, self.last = found._full, found.last
        return self.last

    def find_marks(self) -> list[marks.Mark]:
        """The sound marks of the file (files.marks), read once."""
        if self.marks is None:
            from . import marks

            self.marks = (marks.read(self.real, self.raw, self.header)
                          if self.layout == Layout.CANONICAL else [])
        return self.marks

    def _read_in_full(self) -> Full:
        if self._full is None:
            text, _data, session, history = _decode(self.raw, self.path)
            self._full = Full(session, _replay(session, text, self.path)[0], history)
        return self._full


def undated_day(first_change: datetime.date | None, written: datetime.date,
                today: datetime.date) -> datetime.date:
    """The day of a sitting whose file gives none: of its first change, else the day it
    was written; a day to come is no day of it, and today is taken instead."""
    for day in (first_change, written):
        if day is not None and day <= today:
            return day
    return today


def open(path: str, holding_lock: bool = False) -> Snapshot:
    """Read the session file at `path` once. SessionFileError says what is wrong and where.
    `holding_lock`: the caller holds the session's lock (and so may write its cache)."""
    real = atomic.real_path(path)
    raw, identity = atomic.read_with_identity(real)
    return from_bytes(path, real, raw, identity, holding_lock)


def from_bytes(path: str, real: str, raw: bytes, identity: atomic.Identity,
               holding_lock: bool = False, keep: bool = True) -> Snapshot:
    """The snapshot of `raw`, read from `real`: from its cached standing if there is a good
    one, else in full (and, with `keep`, the cache written for next time)."""
    kept = cache.read(real, raw, session_name(path))
    if kept is not None and kept.layout in Layout.__members__.values():
        return Snapshot(path, real, raw, identity, Layout(kept.layout), kept.header,
                        kept.standing, kept.append, kept.tally, kept.changes, last=kept.last)
    snapshot = read_in_full(path, real, raw, identity)
    if keep:
        keep_standing(snapshot, holding_lock)
    return snapshot


def read_in_full(path: str, real: str, raw: bytes, identity: atomic.Identity) -> Snapshot:
    """The snapshot of `raw`, every entry read and replayed."""
    from . import codec

    text, data, session, history = _decode(raw, path)
    played, standing, before_last, marked = _replay(session, text, path)
    if data.get("version") != codec.VERSION:
        layout, point = Layout.OLDER, None
    elif codec.dumps(session, history) == text:
        layout, point = Layout.CANONICAL, canonical_point(text)
    else:
        layout, point = Layout.HAND_LAID, _hand_laid_point(text, data)
    offset = len(BOM.encode()) if raw.startswith(BOM.encode()) else 0
    at = None if point is None else point.in_bytes(text, offset)
    counts = tally(session, (p.result for p in played))
    last = None
    if layout == Layout.CANONICAL and at is not None and len(played) > 1:
        begins = raw.rfind(b"\n    {", 0, at.start) + 1
        last = cache.Last(begins, before_last, untally(session, counts, played[-1].result))
    read = Snapshot(path, real, raw, identity, layout, session, standing, at, counts,
                    len(history), Full(session, played, history), last)
    if last is not None and at is not None:
        read.marks = _marks(session, raw, at.start, played, counts, marked)
    return read


def _marks(session: AnySession, raw: bytes, end: int, played: list[Played[Any, Any, Any]],
           counts: Tally, marked: list[Standing[Any]]) -> list[marks.Mark]:
    """The marks of a file of the canonical layout read in full: where its line of entry
    N begins, for each standing `marked` after N entries, and the counts then."""
    from . import marks

    if not marked:
        return []
    starts = marks.line_starts(raw, end, len(played) - marked[0].entries)
    found = []
    for index in range(len(played) - 1, marked[0].entries - 1, -1):
        counts = untally(session, counts, played[index].result)
        if marked and marked[-1].entries == index:
            found.append(marks.Mark(index, starts[index - marked[0].entries],
                                    marked.pop(), counts))
    return found[::-1]

def untally(session: AnySession, counts: Tally, result: Any) -> Tally:
    """The counts of `stats` before the entry whose result is `result`."""
    from ..seating import SeatingResult

    before = {p: dict(c) for p, c in counts.items()}
    if not isinstance(result, SeatingResult):
        for player, key, n in session.game.count(result):
            before[player][key] -= n
    return before


def keep_standing(snapshot: Snapshot, holding_lock: bool) -> None:
    """Write the cached standing of `snapshot`, if the session's lock is free (or held by
    the caller); a reader never waits to write it, and never fails for it."""
    kept = cache.Kept(snapshot.header, snapshot.standing, snapshot.layout.value,
                      snapshot.append, snapshot.counts, snapshot.changes, snapshot.last)
    if holding_lock:
        _keep(snapshot, kept)
        return
    try:
        with atomic.locked(snapshot.real, wait=False) as mine:
            if mine:
                _keep(snapshot, kept)
    except SessionError:
        pass  # a folder this user cannot write: no cache, only slower


def _keep(snapshot: Snapshot, kept: cache.Kept) -> None:
    cache.write(snapshot.real, snapshot.raw, kept)
    if snapshot.marks:  # worked out by a read in full
        from . import marks

        marks.write(snapshot.real, snapshot.raw, snapshot.header, snapshot.marks)


@value
class Full:
    """A file read in full: the session with its entries, each replayed, its history."""

    session: AnySession
    played: list[Played[Any, Any, Any]]
    history: tuple[Revision, ...]


def _decode(raw: bytes, label: str) -> tuple[str, dict[str, Any], AnySession,
                                              tuple[Revision, ...]]:
    """The text of a file, its data, its session and its history; the first problem as
    FILE:LINE: message."""
    from . import codec

    text, data = tomlread.parse(raw, label)
    decoded = codec.decode(data, session_name(label))
    if decoded.problems or decoded.session is None:
        raise codec.located(text, label, decoded.problems)[0]
    return text, data, decoded.session, decoded.history


def _replay(session: AnySession, text: str, label: str
            ) -> tuple[list[Played[Any, Any, Any]], Standing[Any], Standing[Any],
                       list[Standing[Any]]]:
    """Every entry replayed, the standing after them, the standing before the last, and
    the last `marks.KEPT` standings after a multiple of `marks.EVERY` entries."""
    from . import codec, marks

    try:
        standing = before = start(session)
        played = []
        marked: list[Standing[Any]] = []
        for entry in session.entries:
            before = standing
            last, standing = play_next(session, standing, entry)
            played.append(last)
            if standing.entries % marks.EVERY == 0 and standing.entries < len(session.entries):
                marked = [*marked[1 - marks.KEPT:], standing]
        return played, standing, before, marked
    except DealError as error:
        raise codec.located(text, label, [codec.deal_problem(error)])[0] from None


def _hand_laid_point(text: str, before: dict[str, Any]) -> AppendPoint | None:
    """Where the next deal goes in a file laid out by hand (whose data is `before`), if
    adding one there is sure to add just that deal: tried once with a probe, read back."""
    from . import textedit

    try:
        point = textedit.append_point(text)
        probe = {"probe": 1}
        after = tomlread.parse(point.apply(text, probe)[0].encode(), "")[1]
    except (SessionFileError, ValueError, IndexError, AssertionError):  # a layout misread
        return None
    expected = before | {"deals": [*before.get("deals", []), probe]}
    return point if after == expected else None


@value
class Glance:
    """A session in brief, as the list of sessions shows it."""

    header: AnySession
    deals: int
    players: tuple[str, ...]
    """Every player who has sat at the table."""


def glance(path: str) -> Glance:
    """The session's header and its number of deals: from its cached standing if that is
    good, else from the file's header and its entries counted, not replayed."""
    from . import codec

    real = atomic.real_path(path)
    raw = atomic.read_file(real)
    kept = cache.read(real, raw, session_name(path))
    if kept is not None:
        accounts = kept.header.game.accounts
        return Glance(kept.header, kept.standing.deals,
                      tuple(a for a in kept.standing.balances if a not in accounts))
    text, data = tomlread.parse(raw, path)
    entries = data.get("deals", [])
    decoded = codec.decode({**data, "deals": []}, session_name(path))
    if decoded.problems or decoded.session is None or not isinstance(entries, list):
        problems = decoded.problems or [codec.Problem(("deals",), _("deals must be a list"))]
        raise codec.located(text, path, problems)[0]
    game = decoded.session.game
    deals = sum(1 for e in entries if not isinstance(e, dict) or (
        game.is_deal_data(e) and not is_seating_data(e)))
    joined = [e["join"] for e in entries if is_seating_data(e) and isinstance(e.get("join"), str)]
    players = tuple(dict.fromkeys([*decoded.session.players, *joined]))
    return Glance(decoded.session, deals, players)
