"""What a command changes in a session, computed from a snapshot as a Change (files.change)
that is saved only onto that snapshot: a deal recorded, the last entry undone, a deal
amended, the sitting marked paid or reopened, a text a person edited. Each refuses, changing
nothing, what breaks a rule.

A deal is kept as what happened at the table, readable on its own (Game.in_full: a Loo
must's players who took no trick are named with 0). Every change after the fact -- not a
deal recorded in turn -- adds a revision to the session's history: when, what it changed,
whose nets it moved, and why. A change that would make a later deal read otherwise than it
was recorded (a file's older must shorthand becoming a hand where those players passed) is
refused, naming that deal, unless asked to keep the later deal as it was played.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import i18n
from ..errors import RuleError, SessionError, SessionFileError
from ..i18n import _, ngettext
from ..session import (
    AnySession,
    Consequences,
    Played,
    entry_to_data,
    everyone,
    in_full,
    nets,
    play_next,
    replay,
    tally,
)
from ..values import replace
from .change import Change, InPlace, NewText, RemoveLast, Replace, SetKey
from .checking import examine, history_problems
from .record import check_open
from .snapshot import Layout, Snapshot
from .tomlread import parse

if TYPE_CHECKING:
    from ..history import Revision
    from .cache import Last


def _consequences(before: Snapshot, after: AnySession, played: list[Played[Any, Any, Any]],
                  standing: Any, first: int, last_before: int, last_after: int
                  ) -> Consequences:
    """The entries from `first` a change replaced, and every later one whose result moved."""
    was = before.played
    changed = [(i, i) for i in range(first, max(last_before, last_after))
               if i < len(was) and i < len(played)]
    shift = last_after - last_before
    changed += [(i, i + shift) for i in range(last_before, len(was))
                if was[i].result != played[i + shift].result]
    return Consequences(was, played, changed, (before.nets, nets(after, standing)))


def _revision(kind: str, before: Snapshot, outcome: Consequences, why: str, first: int = 0,
              old: Sequence[Any] = (), new: Sequence[Any] = (),
              was: dict[str, Any] | None = None, now: dict[str, Any] | None = None
              ) -> Revision:
    from ..history import Revision, changed_nets, check_why

    game = before.header.game
    changed = old or new
    at = outcome.before if first < len(outcome.before) else outcome.after
    number = (at[first].number or 0) if changed and first < len(at) else 0
    return Revision(datetime.datetime.now().replace(microsecond=0), kind,
                    first + 1 if changed else 0, number,
                    tuple(entry_to_data(game, e) for e in old),
                    tuple(entry_to_data(game, e) for e in new), was or {}, now or {},
                    changed_nets(*outcome.nets), check_why(why, allow_empty=True))


class Undone(NamedTuple):
    removed: Played[Any, Any, Any]
    session: AnySession
    """The session without it."""
    change: Change
    outcome: Consequences


def undo(before: Snapshot, why: str = "") -> Undone:
    """The session without its last entry: from the cached standing before it, if the
    snapshot has one (`undo_last`), else every entry replayed."""
    cut = undo_last(before, why)
    return cut if cut is not None else undo_replayed(before, why)


def undo_replayed(before: Snapshot, why: str = "") -> Undone:
    """The undo with every entry but the last replayed."""
    session = before.session
    check_open(session)
    if not session.entries:
        raise RuleError(_("session {name!r} has no deals to undo").format(name=session.name))
    index = len(session.entries) - 1
    after = replace(session, entries=session.entries[:-1])
    played, standing = replay(after)
    outcome = _consequences(before, after, played, standing, index, index + 1, index)
    revision = _revision("undo", before, outcome, why, index, (session.entries[-1],))
    change = Change(RemoveLast(index), after, standing,
                    tally(after, (p.result for p in played)), revision)
    return Undone(before.played[-1], after, change, outcome)


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


class Amended(NamedTuple):
    before: Snapshot
    position: int
    """The entry replaced (0-based, among all entries)."""
    played: list[Played[Any, Any, Any]]
    change: Change
    outcome: Consequences
    rewritten: list[int]
    """Later entries written out in full, as they were played (`as_recorded`)."""


def amend(before: Snapshot, number: int, entry: Any, why: str = "",
          as_recorded: bool = False) -> Amended:
    """Deal `number` (as `show` numbers it) holding `entry`; every later deal replayed.
    Refused if it or a later deal then breaks a rule (a DealError names the first), if it
    changes nothing, or if a later deal would read otherwise than it was recorded (unless
    `as_recorded`: that deal is then written out in full as it was played). From the last
    mark before the deal if there is one (`amend_from_mark`), else every entry replayed."""
    fast = amend_from_mark(before, number, entry, why)
    return fast if fast is not None else amend_replayed(before, number, entry, why,
                                                        as_recorded)


def amend_replayed(before: Snapshot, number: int, entry: Any, why: str = "",
                   as_recorded: bool = False) -> Amended:
    """`amend` with every entry read and replayed."""
    session, was = before.session, before.played
    check_open(session)
    index = _position(session, was, number)
    context = replace(was[index], entry=entry, dealer=entry.dealer or was[index].dealer)
    entry = in_full(session, [*was[:index], context], index)
    if entry_to_data(session.game, entry) == entry_to_data(session.game,
            in_full(session, was, index)):
        raise RuleError(_("deal {number} already is that: nothing to change").format(
            number=number))
    entries = [*session.entries[:index], entry, *session.entries[index + 1:]]
    rewritten: list[int] = []
    while True:
        after = replace(session, entries=tuple(entries))
        played, standing = replay(after)
        misread = _misread(session, was, after, played, index + 1, 0)
        if misread is None:
            break
        kept = in_full(session, was, misread)
        if kept == entries[misread]:  # written out in full already: the change contradicts it
            raise RuleError(_misread_message(session, was, played, misread, keepable=False))
        if not as_recorded:
            raise RuleError(_misread_message(session, was, played, misread))
        entries[misread] = kept
        rewritten.append(misread)
    last = max([index, *rewritten]) + 1
    outcome = _consequences(before, after, played, standing, index, last, last)
    revision = _revision("amend", before, outcome, why, index, session.entries[index:last],
                         entries[index:last])
    replaced = tuple((i, entry_to_data(session.game, entries[i])) for i in (index, *rewritten))
    change = Change(Replace(replaced), after, standing, tally(after, (p.result for p in played)),
                    revision)
    return Amended(before, index, played, change, outcome, rewritten)


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


def played_deal(before: Snapshot, number: int) -> Played[Any, Any, Any]:
    """Deal `number` (as `show` numbers it) as it was played: from the last mark before
    it if there is one, else every entry replayed."""
    tail = tail_from_mark(before, number - 1)
    played: Played[Any, Any, Any] = (before.played[position(before, number)] if tail is None
                                     else tail.played[number - tail.mark.entries])
    return played


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


def position(before: Snapshot, number: int) -> int:
    """Where deal `number` (as `show` numbers it) stands among the entries."""
    return _position(before.session, before.played, number)


def _position(session: AnySession, played: list[Played[Any, Any, Any]], number: int) -> int:
    numbered = [i for i, p in enumerate(played) if p.number is not None]
    if not 1 <= number <= len(numbered):
        raise RuleError(ngettext("there is no deal {number}: session {name!r} has {count} deal",
                                 "there is no deal {number}: session {name!r} has {count} deals",
                                 len(numbered)).format(number=number, name=session.name,
                                                       count=len(numbered)))
    return numbered[number - 1]


def _misread(old: AnySession, was: list[Played[Any, Any, Any]], new: AnySession,
             now: list[Played[Any, Any, Any]], start: int, shift: int) -> int | None:
    """The first entry from `start` (of `was`; `shift` on in `now`), the same in the file,
    that reads otherwise now."""
    for i in range(start, min(len(was), len(now) - shift)):
        if old.entries[i] == new.entries[i + shift] and (
                in_full(old, was, i) != in_full(new, now, i + shift)):
            return i
    return None


def _misread_message(session: AnySession, was: list[Played[Any, Any, Any]],
                     now: list[Played[Any, Any, Any]], index: int, shift: int = 0,
                     keepable: bool = True, editing: bool = False) -> str:
    """Why a later entry stops the change. `keepable` False: as it was played, it cannot be
    after the change, so both must change (`editing`: in the edit being saved)."""
    game = session.game
    then, later = in_full(session, was, index), in_full(session, now, index + shift)
    what = (_("deal {number}").format(number=was[index].number) if was[index].number
            else _("entry {number}").format(number=index + 1))
    how = game.misread(then, later)
    if editing:
        # TRANSLATORS: {what} is "deal 4" or "entry 5"; {how} says how it would read otherwise
        return _("{what} would read otherwise after this change: {how}. Change {what} too, "
                 "in the same edit; nothing was changed").format(what=what, how=how)
    if not keepable:  # as it was played, it cannot be after the change: both must change
        return _("{what} would read otherwise after this change: {how}. Change {what} too, "
                 "in one 'scorekeeper edit'; nothing was changed").format(what=what, how=how)
    return _("{what} would read otherwise after this change: {how}. Give --as-recorded to "
             "keep {what} as it was played, or change both in one 'scorekeeper edit'; nothing "
             "was changed").format(what=what, how=how)


def set_paid(before: Snapshot, paid: datetime.date | None, why: str = "") -> Change:
    """The sitting marked paid on `paid`, or reopened (None). Refused if it is already so,
    or if `paid` is before the sitting's day or after today."""
    session = before.header
    _check_paid_day(session, paid, before.date)
    after = replace(before.session, paid=paid)
    outcome = Consequences(before.played, before.played, [], (before.nets, before.nets))
    old = {"paid": session.paid} if session.paid else {}
    new = {"paid": paid} if paid else {}
    revision = _revision("paid" if paid else "reopened", before, outcome, why, was=old,
                         now=new)
    return Change(SetKey("paid", paid), after, before.standing, before.counts, revision)


def _check_paid_day(session: AnySession, paid: datetime.date | None, played: datetime.date
                    ) -> None:
    """Refuse to reopen a sitting not paid, to mark one paid twice, or a day of payment
    before the day it was `played` or after today."""
    name = session.name
    if paid is None:
        if session.paid is None:
            raise SessionError(_("session {name!r} is not marked paid: nothing to reopen"
                                 ).format(name=name))
    elif session.paid is not None:
        raise SessionError(_("session {name!r} was already marked paid on {paid} "
                             "('scorekeeper paid --undo' first to give another day)").format(
                                 name=name, paid=i18n.day(session.paid)))
    else:
        check_paid_on(name, paid, played)


def check_paid_on(name: str, paid: datetime.date, played: datetime.date) -> None:
    """Refuse a day of payment before the sitting or after today."""
    if paid < played:
        raise SessionError(_("session {name!r} was played on {played}: it cannot have been "
                             "paid on {paid}").format(name=name, played=i18n.day(played),
                                                      paid=i18n.day(paid)))
    if paid > datetime.date.today():
        raise SessionError(_("{paid} has not come yet: a sitting is marked paid once it is"
                             ).format(paid=i18n.day(paid)))


class Edited(NamedTuple):
    change: Change
    outcome: Consequences | None
    """None: it changed only comments and layout."""


def new_text(before: Snapshot, edited: bytes, why: str = "") -> Edited:
    """`edited` (a person's edit of `before`) as the session, written as it is: refused
    if it has any problem (Problems, with them all), if it changes the history, or if a
    deal it did not change would read otherwise."""
    from . import codec

    checked = examine(edited, before.path, history=False)  # the edit's own change is to come
    if checked.session is None:
        raise Problems(checked.problems)
    after, history = checked.session, _history_of(edited, before.path)
    _check_paid_kept(before.session, after)
    if after.paid is not None and after.paid != before.session.paid:
        check_paid_on(after.name, after.paid, after.date or before.date)
    if history != before.history:
        raise SessionError(_("the history of changes cannot be edited: leave its [[history]] "
                             "tables as they are; nothing was saved"))
    played, standing = replay(after)
    counts = tally(after, (p.result for p in played))
    old_entries, new_entries = codec.entries_data(before.session), codec.entries_data(after)
    was, now = _header_changes(codec.top_data(before.session), codec.top_data(after))
    if old_entries == new_entries and not was and not now:
        return Edited(Change(NewText(edited), after, standing, counts), None)
    from ..history import span

    first, end_before, end_after = span(old_entries, new_entries)
    shift = end_after - end_before
    misread = _misread(before.session, before.played, after, played, end_before, shift)
    if misread is not None:
        raise SessionError(_misread_message(before.session, before.played, played, misread,
                                            shift, keepable=False, editing=True))
    outcome = _consequences(before, after, played, standing, first, end_before, end_after)
    revision = _revision("edit", before, outcome, why, first,
                         before.session.entries[first:end_before], after.entries[first:end_after],
                         was, now)
    problems = history_problems(after, (*history, revision))
    if problems:  # pragma: no cover - an edit's own change always fits what it made
        raise SessionError(problems[0].message)
    return Edited(Change(NewText(edited), after, standing, counts, revision), outcome)


def _history_of(raw: bytes, label: str) -> tuple[Revision, ...]:
    from . import codec

    return codec.decode(parse(raw, label)[1]).history


def _header_changes(old: dict[str, Any], new: dict[str, Any]
                    ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header's keys (and settings) that differ: as they were, as they are."""
    was: dict[str, Any] = {}
    now: dict[str, Any] = {}
    for key in sorted({*old, *new} - {"settings"}):
        if old.get(key) != new.get(key):
            was |= {key: old[key]} if key in old else {}
            now |= {key: new[key]} if key in new else {}
    settings_was, settings_now = _header_changes(old["settings"], new["settings"]) if (
        old.get("settings") != new.get("settings") and "settings" in old) else ({}, {})
    if settings_was or settings_now:
        was["settings"], now["settings"] = settings_was, settings_now
    return was, now


def _check_paid_kept(before: AnySession, after: AnySession) -> None:
    """A sitting marked paid keeps what it holds: an edit may reopen it (remove `paid`),
    or change its comments and layout, but not its play."""
    if before.paid and after.paid and replace(after, paid=before.paid) != before:
        raise SessionError(_("session {name!r} was paid on {paid}: remove its 'paid' line too "
                             "(or 'scorekeeper paid --undo' first) to change what it holds; "
                             "nothing was saved").format(name=before.name,
                                                         paid=i18n.day(before.paid)))


class Problems(SessionError):
    """Every problem of a text that was to be saved."""

    def __init__(self, problems: list[SessionFileError]) -> None:
        self.problems = problems
        super().__init__(str(problems[0]))
