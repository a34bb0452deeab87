"""The changes after the fact made in place, without reading every deal: an undo of the
last entry as the inverse of an append (from the standing before it that the cache keeps,
files.cache.Last, or the last mark, files.marks), and an amend from the last mark before
the deal, written as its line replaced (files.change). Each checks that what it read plays
to where the file stands, and gives way (None) to the change with every entry replayed
(files.revise) when it cannot be sure: the answer is always that one's.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import RuleError
from ..i18n import _
from ..session import (
    AnySession,
    Consequences,
    Played,
    entry_to_data,
    everyone,
    in_full,
    nets,
    play_next,
    tally,
)
from ..values import replace
from .change import Change, InPlace, RemoveLast, Replace
from .record import check_open
from .snapshot import Layout, Snapshot

if TYPE_CHECKING:
    from .cache import Last


class Undone(NamedTuple):
    removed: Played[Any, Any, Any]
    session: AnySession
    """The session without it."""
    change: Change
    outcome: Consequences


class Amended(NamedTuple):
    before: Snapshot
    position: int
    """The entry replaced (0-based, among all entries)."""
    played: list[Played[Any, Any, Any]]
    change: Change
    outcome: Consequences
    rewritten: list[int]
    """Later entries written out in full, as they were played (`as_recorded`)."""


def undo_last(before: Snapshot, why: str = "") -> Undone | None:
    """The undo as the inverse of an append: the last entry's line read alone, played
    from the standing before it that the cache keeps (files.cache.Last), and the result
    checked to be where the file stands now; None (read the file) if the snapshot has no
    such standing, or the line does not play to it. Its outcome holds no entries: an undo
    of the last changes no other."""
    if before.last is None:  # the snapshot learns it: from a mark, else read in full
        before.last = _last_from_mark(before)
    last, header, point = before.find_last(), before.header, before.append
    if last is None or point is None or before.layout != Layout.CANONICAL or not header.date:
        return None
    check_open(header)
    game = header.game
    try:
        entry, data = _line_entry(header, last.standing, before.raw[last.start:point.start])
        removed, standing = play_next(header, last.standing, entry)
    except (RuleError, ValueError, TypeError, KeyError):
        return None
    if standing != before.standing or entry_to_data(game, entry) != data:
        return None
    from ..history import Revision, changed_nets, check_why

    after_nets = nets(header, last.standing)
    index = before.standing.entries - 1
    revision = Revision(datetime.datetime.now().replace(microsecond=0), "undo", index + 1,
                        removed.number or 0, (data,), (), {}, {},
                        changed_nets(before.nets, after_nets), check_why(why, allow_empty=True))
    change = Change(RemoveLast(index), None, last.standing, last.tally, revision)
    return Undone(removed, header, change, Consequences([], [], [], (before.nets, after_nets)))


def _last_from_mark(before: Snapshot) -> Last | None:
    """Where the last entry's line begins and the sitting stood before it, from the last
    mark (files.marks): the entries after it replayed, not the whole file (the next undo
    after one). None if there is no mark before the last entry."""
    entries = before.standing.entries
    tail = tail_from_mark(before, entries - 1) if entries > 1 else None
    if tail is None:
        return None
    from .cache import Last

    header = before.header
    _, standing, _ = _played_from(header, tail.mark.standing, tail.entries[:-1])
    counts = tally(header, (p.result for p in tail.played[1:-1]), tail.mark.tally)
    return Last(tail.starts[-2], standing, counts)


def _line_entry(header: AnySession, standing: Any, line: bytes) -> tuple[Any, dict[str, Any]]:
    """The entry of a line `    { ... },` of the canonical layout, and its data."""
    import tomllib

    from ..seating import is_seating_data, seating_from_data
    from .codec import players_of

    try:
        data = tomllib.loads(f"entry = {line.decode().strip().removesuffix(',')}\n")["entry"]
    except tomllib.TOMLDecodeError as error:
        raise ValueError(str(error)) from None
    known = players_of(tuple(everyone(header, standing)))
    if is_seating_data(data):
        return seating_from_data(data, known), data
    return header.game.entry_from_data(data, known), data


class Tail(NamedTuple):
    """The entries of a file of the canonical layout from a mark on (files.marks), read
    from their lines alone and replayed from the mark."""

    mark: Any
    """files.marks.Mark"""
    entries: list[Any]
    data: list[dict[str, Any]]
    starts: list[int]
    """Where each line begins in the file's bytes, and where the last ends."""
    played: list[Played[Any, Any, Any]]
    """A lead (where the mark stood: only its state and table), then each entry played."""


def tail_from_mark(before: Snapshot, index: int) -> Tail | None:
    """The entries from the last mark at or before entry `index` (every entry a deal),
    played from it; None if there is none, or they do not play to where the file stands."""
    header, point = before.header, before.append
    standing = before.standing
    if (before.layout != Layout.CANONICAL or point is None or not header.date
            or standing.deals != standing.entries or not 0 <= index < standing.entries):
        return None
    marks = [m for m in before.find_marks() if m.entries <= index]
    if not marks:
        return None
    mark = marks[-1]
    from . import fastread, tomltext
    from .codec import players_of

    text = before.raw[mark.start:point.start].decode()
    names = everyone(header, standing)
    data = fastread.entry_lines(text, [*header.game.entry_keys,
                                       *(p for p in names if tomltext.is_bare(p))])
    if data is None or len(data) != standing.entries - mark.entries:
        return None
    known = players_of(tuple(names))
    try:
        entries = [header.game.entry_from_data(d, known) for d in data]
        played, now, _ = _played_from(header, mark.standing, entries)
    except (RuleError, ValueError, TypeError, KeyError):
        return None
    if now != standing:
        return None
    lengths = [len(line.encode()) + 1 for line in text.split("\n")[:-1]]
    starts = [mark.start]
    for length in lengths:
        starts.append(starts[-1] + length)
    return Tail(mark, entries, data, starts, played)


def _played_from(header: AnySession, standing: Any, entries: Sequence[Any]
                 ) -> tuple[list[Played[Any, Any, Any]], Any, Any]:
    """`entries` played from `standing`, after a lead holding its state and table (so that
    `in_full` of the first of them reads the state before it); where the sitting then
    stands, and where it stood before the last of them."""
    played: list[Played[Any, Any, Any]] = [Played(None, None, None, None, standing.balances,
                                                  standing.state, standing.seated)]
    before = standing
    for entry in entries:
        before = standing
        last, standing = play_next(header, standing, entry)
        played.append(last)
    return played, standing, before


def amend_from_mark(before: Snapshot, number: int, entry: Any, why: str = ""
                    ) -> Amended | None:
    """`amend` replaying only the entries from the last mark before deal `number`
    (files.marks), written as the deal's line replaced; None (`amend_replayed`) if there
    is no such mark, or a later deal would read otherwise (which the full amend says, or
    keeps as recorded)."""
    tail = tail_from_mark(before, number - 1)
    if tail is None:
        return None
    header, game, was = before.header, before.header.game, tail.played
    check_open(header)
    at = number - tail.mark.entries  # in `was`, after its lead
    context = replace(was[at], entry=entry, dealer=entry.dealer or was[at].dealer)
    entry = in_full(header, [*was[:at], context], at)
    if entry_to_data(game, entry) == entry_to_data(game, in_full(header, was, at)):
        raise RuleError(_("deal {number} already is that: nothing to change").format(
            number=number))
    entries = [*tail.entries[:at - 1], entry, *tail.entries[at:]]
    now, standing, before_last = _played_from(header, tail.mark.standing, entries)
    if any(in_full(header, was, i) != in_full(header, now, i) for i in range(at + 1, len(now))):
        return None
    outcome = Consequences(was[1:], now[1:], [(at - 1, at - 1)] + [
        (i - 1, i - 1) for i in range(at + 1, len(was)) if was[i].result != now[i].result],
        (before.nets, nets(header, standing)))
    from ..history import Revision, changed_nets, check_why
    from .snapshot import untally

    data = entry_to_data(game, entry)
    revision = Revision(datetime.datetime.now().replace(microsecond=0), "amend", number,
                        number, (tail.data[at - 1],), (data,), {}, {},
                        changed_nets(*outcome.nets), check_why(why, allow_empty=True))
    counts = tally(header, (p.result for p in now[1:]), tail.mark.tally)
    line = InPlace(tail.starts[at - 1], tail.starts[at], before_last,
                   untally(header, counts, now[-1].result))
    change = Change(Replace(((number - 1, data),)), None, standing, counts, revision, line)
    return Amended(before, at - 1, now[1:], change, outcome, [])
