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
    in_full,
    nets,
    replay,
    tally,
)
from ..text import quoted
from ..values import replace
from .change import Change, NewText, RemoveLast, Replace, SetKey
from .checking import examine, history_problems
from .inplace import Amended, Undone, amend_from_mark, tail_from_mark, undo_last
from .record import check_open
from .snapshot import Snapshot
from .tomlread import parse

if TYPE_CHECKING:
    from ..history import Revision

__all__ = ["Amended", "Edited", "Problems", "Undone", "amend", "amend_replayed",
           "check_paid_on", "new_text", "played_deal", "position", "set_paid", "undo",
           "undo_replayed"]


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
        raise RuleError(_("session {name} has no deals to undo").format(name=quoted(session.name)))
    index = len(session.entries) - 1
    after = replace(session, entries=session.entries[:-1])
    played, standing = replay(after)
    outcome = _consequences(before, after, played, standing, index, index + 1, index)
    revision = _revision("undo", before, outcome, why, index, (session.entries[-1],))
    change = Change(RemoveLast(index), after, standing,
                    tally(after, (p.result for p in played)), revision)
    return Undone(before.played[-1], after, change, outcome)


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


def played_deal(before: Snapshot, number: int) -> Played[Any, Any, Any]:
    """Deal `number` (as `show` numbers it) as it was played: from the last mark before
    it if there is one, else every entry replayed."""
    tail = tail_from_mark(before, number - 1)
    played: Played[Any, Any, Any] = (before.played[position(before, number)] if tail is None
                                     else tail.played[number - tail.mark.entries])
    return played


def position(before: Snapshot, number: int) -> int:
    """Where deal `number` (as `show` numbers it) stands among the entries."""
    return _position(before.session, before.played, number)


def _position(session: AnySession, played: list[Played[Any, Any, Any]], number: int) -> int:
    numbered = [i for i, p in enumerate(played) if p.number is not None]
    if not 1 <= number <= len(numbered):
        raise RuleError(ngettext("there is no deal {number}: session {name} has {count} deal",
                                 "there is no deal {number}: session {name} has {count} deals",
                                 len(numbered)).format(number=number, name=quoted(session.name),
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
            raise SessionError(_("session {name} is not marked paid: nothing to reopen"
                                 ).format(name=quoted(name)))
    elif session.paid is not None:
        raise SessionError(_("session {name} was already marked paid on {paid} "
                             "('scorekeeper paid --undo' first to give another day)").format(
                                 name=quoted(name), paid=i18n.day(session.paid)))
    else:
        check_paid_on(name, paid, played)


def check_paid_on(name: str, paid: datetime.date, played: datetime.date) -> None:
    """Refuse a day of payment before the sitting or after today."""
    if paid < played:
        raise SessionError(_("session {name} was played on {played}: it cannot have been "
                             "paid on {paid}").format(name=quoted(name), played=i18n.day(played),
                                                      paid=i18n.day(paid)))
    if paid > datetime.date.today():
        raise SessionError(_("{paid} has not come yet: a sitting is marked paid once it is"
                             ).format(paid=i18n.day(paid)))


class Edited(NamedTuple):
    change: Change
    outcome: Consequences | None
    """None: it changed only comments and layout."""
    old_lies: tuple[str, ...] = ()
    """What is wrong with the history before the edit (as `check` says it): saved anyway."""


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
    return Edited(Change(NewText(edited), after, standing, counts, revision), outcome,
                  _old_lies(after, history, revision))


def _old_lies(after: AnySession, history: tuple[Revision, ...], revision: Revision
              ) -> tuple[str, ...]:
    """What `check` finds wrong with the history an edit adds `revision` to: a problem of
    its own refuses it (it never has one: it is what the edit made); those of the records
    before it are the file's already, said but no reason to refuse a good edit."""
    problems = history_problems(after, (*history, revision))
    own = [p.message for p in problems if p.where == ("history", len(history))]
    if own:  # pragma: no cover - an edit's own change always fits what it made
        raise SessionError(own[0])
    return tuple(p.message for p in problems)


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
        raise SessionError(_("session {name} was paid on {paid}: remove its 'paid' line too "
                             "(or 'scorekeeper paid --undo' first) to change what it holds; "
                             "nothing was saved").format(name=quoted(before.name),
                                                         paid=i18n.day(before.paid)))


class Problems(SessionError):
    """Every problem of a text that was to be saved."""

    def __init__(self, problems: list[SessionFileError]) -> None:
        self.problems = problems
        super().__init__(str(problems[0]))
