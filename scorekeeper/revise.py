"""Changing what a session holds after the fact: undo the last entry, amend a deal, mark
the sitting paid or reopen it, and save a text a person edited. Each runs under the lock and
changes nothing unless it all holds (store.py records the deals; this module revises them).
"""

import datetime
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from . import atomic, textedit
from .errors import RuleError, SessionError, SessionFileError
from .session import AnySession, Played, Standing, replay
from .store import (
    Build,
    Loaded,
    changed_text,
    changing,
    check_open,
    examine,
    keep_standing,
    load,
    write_text,
)


def _save(loaded: Loaded, after: AnySession, edit: Callable[[str], str],
          drops: int | None = None) -> Standing[Any]:
    """Replay `after` (a DealError names the first entry that breaks a rule) and save it
    over `loaded` (`drops`: the entry the edit removes, comments and all); where it now
    stands."""
    _, standing = replay(after)
    new = changed_text(loaded, after, edit, drops)
    written = write_text(loaded.path, loaded.raw, new)
    keep_standing(loaded.path, written, after, standing)
    return standing


class Undone(NamedTuple):
    before: Loaded
    removed: Played[Any, Any, Any]
    session: AnySession
    standing: Standing[Any]


def undo(path: str) -> Undone:
    """Under the lock: remove the session's last entry."""
    with changing(path):
        loaded = load(path)
        session = loaded.session
        check_open(session)
        if not session.entries:
            raise RuleError(f"session {session.name!r} has no deals to undo")
        index = len(session.entries) - 1
        after = replace(session, entries=session.entries[:-1])
        standing = _save(loaded, after, lambda text: textedit.remove_entry(text, index),
                         drops=index)
        return Undone(loaded, loaded.played[-1], after, standing)


class Amended(NamedTuple):
    before: Loaded
    position: int
    """The entry replaced (0-based, among all entries)."""
    session: AnySession
    played: list[Played[Any, Any, Any]]
    standing: Standing[Any]


def amend(path: str, number: int, build: Build, dry_run: bool = False) -> Amended:
    """Under the lock: deal `number` (as `show` numbers it) gets the entry `build` makes;
    every later deal is replayed. Refused, file unchanged, if it or a later deal then
    breaks a rule."""
    with changing(path, dry_run):
        loaded = load(path)
        session = loaded.session
        check_open(session)
        numbered = [i for i, p in enumerate(loaded.played) if p.number is not None]
        if not 1 <= number <= len(numbered):
            raise RuleError(f"there is no deal {number}: session {session.name!r} has "
                            f"{len(numbered)} deal{'' if len(numbered) == 1 else 's'}")
        index = numbered[number - 1]
        entry = build(session)
        entries = (*session.entries[:index], entry, *session.entries[index + 1:])
        after = replace(session, entries=entries)
        played, standing = replay(after)
        if not dry_run:
            data = session.game.entry_to_data(entry)
            _save(loaded, after, lambda text: textedit.replace_entry(text, index, data))
        return Amended(loaded, index, after, played, standing)


def set_paid(path: str, paid: datetime.date | None) -> AnySession:
    """Under the lock: mark the sitting paid on `paid`, or reopen it (None). Refused if
    it is already so, or if `paid` is before the sitting's day or after today."""
    with changing(path):
        loaded = load(path)
        _check_paid_day(loaded.session, paid)
        after = replace(loaded.session, paid=paid)
        _save(loaded, after, lambda text: textedit.set_top_key(text, "paid", paid))
        return after


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


def save_text(path: str, original: bytes, edited: bytes) -> Loaded:
    """Under the lock: save `edited` (a person's edit of `original`) as the session, as
    written, checked first; refused, with the file unchanged, if it has any problem
    (Problems, with them all) or if the file changed meanwhile."""
    with changing(path) as real:
        if atomic.read_file(real) != original:
            raise SessionError(f"{path!r} changed while it was being edited: nothing was saved")
        checked = examine(edited, path)
        if checked.session is None:
            raise Problems(checked.problems)
        _check_paid_kept(load(path).session, checked.session)
        atomic.write_atomic(real, edited)
        return load(path)


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


