"""What a command changes in a session, computed from a snapshot as a Change (files.change)
that is saved only onto that snapshot: a deal recorded, the last entry undone, a deal
amended, the sitting marked paid or reopened, a text a person edited. Each refuses, changing
nothing, what breaks a rule.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any, NamedTuple

from ..errors import RuleError, SessionError, SessionFileError
from ..session import AnySession, DealError, Played, play_next, replay, tally
from .change import Append, Change, NewText, RemoveLast, Replace, SetKey
from .snapshot import Snapshot, examine


def check_open(session: AnySession) -> None:
    if session.paid:
        raise SessionError(f"session {session.name!r} was paid on {session.paid}: reopen it "
                           "with 'scorekeeper paid --undo' to change its deals")


def record(before: Snapshot, entry: Any) -> tuple[Played[Any, Any, Any], Change]:
    """One more entry, played after where `before` stands: what it did, and the change.

    This runs at the table after every deal, so it reads no more than the snapshot holds:
    from its cached standing, the whole sitting is not replayed."""
    header = before.header
    check_open(header)
    try:
        played, after = play_next(header, before.standing, entry)
    except DealError as error:
        raise error.error from None  # the deal being recorded needs no number
    data = header.game.entry_to_data(entry)
    counts = tally(header, (played.result,), before.counts)
    return played, Change(Append(entry, data), None, after, counts)


class Undone(NamedTuple):
    removed: Played[Any, Any, Any]
    session: AnySession
    """The session without it."""
    change: Change


def undo(before: Snapshot) -> Undone:
    """The session without its last entry."""
    session = before.session
    check_open(session)
    if not session.entries:
        raise RuleError(f"session {session.name!r} has no deals to undo")
    index = len(session.entries) - 1
    after = replace(session, entries=session.entries[:-1])
    return Undone(before.played[-1], after, _replayed(RemoveLast(index), after))


class Amended(NamedTuple):
    before: Snapshot
    position: int
    """The entry replaced (0-based, among all entries)."""
    played: list[Played[Any, Any, Any]]
    change: Change


def amend(before: Snapshot, number: int, entry: Any) -> Amended:
    """Deal `number` (as `show` numbers it) holding `entry`; every later deal replayed.
    Refused if it or a later deal then breaks a rule (a DealError names the first)."""
    session = before.session
    check_open(session)
    numbered = [i for i, p in enumerate(before.played) if p.number is not None]
    if not 1 <= number <= len(numbered):
        raise RuleError(f"there is no deal {number}: session {session.name!r} has "
                        f"{len(numbered)} deal{'' if len(numbered) == 1 else 's'}")
    index = numbered[number - 1]
    after = replace(session, entries=(*session.entries[:index], entry,
                                      *session.entries[index + 1:]))
    played, standing = replay(after)
    change = Change(Replace(index, session.game.entry_to_data(entry)), after, standing,
                    tally(after, (p.result for p in played)))
    return Amended(before, index, played, change)


def set_paid(before: Snapshot, paid: datetime.date | None) -> Change:
    """The sitting marked paid on `paid`, or reopened (None). Refused if it is already so,
    or if `paid` is before the sitting's day or after today."""
    session = before.header
    _check_paid_day(session, paid)
    after = replace(before.session, paid=paid)
    return Change(SetKey("paid", paid), after, before.standing, before.counts)


def _check_paid_day(session: AnySession, paid: datetime.date | None) -> None:
    name = session.name
    if paid is None:
        if session.paid is None:
            raise SessionError(f"session {name!r} is not marked paid: nothing to reopen")
    elif session.paid is not None:
        raise SessionError(f"session {name!r} was already marked paid on {session.paid} "
                           "('scorekeeper paid --undo' first to give another day)")
    elif session.date is not None and paid < session.date:
        raise SessionError(f"session {name!r} was played on {session.date}: it cannot have "
                           f"been paid on {paid}")
    elif paid > datetime.date.today():
        raise SessionError(f"{paid} has not come yet: a sitting is marked paid once it is")


def new_text(before: Snapshot, edited: bytes) -> Change:
    """`edited` (a person's edit of `before`) as the session, written as it is: refused
    if it has any problem (Problems, with them all)."""
    checked = examine(edited, before.path)
    if checked.session is None:
        raise Problems(checked.problems)
    _check_paid_kept(before.session, checked.session)
    played, standing = replay(checked.session)
    return Change(NewText(edited), checked.session, standing,
                  tally(checked.session, (p.result for p in played)))


def _check_paid_kept(before: AnySession, after: AnySession) -> None:
    """A sitting marked paid keeps what it holds: an edit may reopen it (remove `paid`),
    or change its comments and layout, but not its play."""
    if before.paid and after.paid and replace(after, paid=before.paid) != before:
        raise SessionError(f"session {before.name!r} was paid on {before.paid}: remove its "
                           "'paid' line too (or 'scorekeeper paid --undo' first) to change "
                           "what it holds; nothing was saved")


class Problems(SessionError):
    """Every problem of a text that was to be saved."""

    def __init__(self, problems: list[SessionFileError]) -> None:
        self.problems = problems
        super().__init__(str(problems[0]))


def _replayed(edit: RemoveLast, after: AnySession) -> Change:
    played, standing = replay(after)
    return Change(edit, after, standing, tally(after, (p.result for p in played)))
