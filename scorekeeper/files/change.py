"""One way to change a session file: `save(snapshot, change)`, onto what was shown.

A change is a value computed from a snapshot (files.revise): the edit to make
(files.edits) -- an entry appended, the last removed, entry N replaced, a top-level key
set, or the whole text from `edit` -- and what the session then is and where it stands. On
a file of the canonical layout the session is written out anew in that layout (an entry
appended is added where the snapshot says the next one goes); on a file laid out by hand
the text is changed where the change falls, and read back to be sure it says what was meant
and kept every comment.

The session file is one kind of file of the store (files.store), which holds the lock,
the compare-and-swap of `save` for what a person was shown, and `editing(path)`, which
takes the lock first and reads the file under it, for a command that asks nothing between
reading and saving (a deal, join, leave).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..errors import ScorekeeperError, SessionError
from ..i18n import _
from ..session import AnySession, Standing, Tally
from ..text import quoted
from ..values import replace, value
from . import atomic, cache, snapshot, store, tomlread
from .edits import Append, Edit, NewText, RemoveLast, Replace, SetKey
from .snapshot import BOM, Layout, Snapshot
from .store import Stale, Written

if TYPE_CHECKING:
    from ..history import Revision
    from .append import AppendPoint

__all__ = ["Append", "Change", "Edit", "NewText", "RemoveLast", "Replace", "SetKey", "Stale",
           "create", "editing", "save", "write"]

OnLocked = Callable[[], None]
"""Called once the session's lock is taken: from then on the file may change."""


@value
class Change:
    """An edit and its outcome, computed from one snapshot."""

    edit: Edit
    session: AnySession | None
    """The session after it, with its entries; None for an entry appended to a snapshot
    read from its cached standing, or the last entry cut from one (files.inplace.undo_last;
    the header does not change)."""
    standing: Standing[Any]
    counts: Tally
    revision: Revision | None = None
    """What the history keeps of it: a change after the fact (not a deal in turn)."""
    in_place: InPlace | None = None
    """For an entry replaced without reading the deals (files.inplace.amend_from_mark):
    where its line is."""


@value
class InPlace:
    """The line of an entry replaced in a file of the canonical layout, and where the
    sitting stands, after the change, before its last entry."""

    start: int
    end: int
    """Its bytes [start, end), the line and its newline."""
    last: Standing[Any]
    last_tally: Tally


# --- saving --------------------------------------------------------------------------------


class SessionFile:
    """The session file as a kind of file the store keeps (files.store)."""

    missing = None

    def decode(self, path: str, real: str, raw: bytes, identity: atomic.Identity,
               holding_lock: bool) -> Snapshot:
        return snapshot.from_bytes(path, real, raw, identity, holding_lock)

    def written(self, before: Snapshot, change: Change) -> Written[Snapshot]:
        """The bytes `change` makes of the file of `before`: a deal added at its known
        place, else the file rewritten (canonical, or an older version: kept beside it
        first) or changed as text; and the file after it, its cached standing written."""
        if before.header.date is None and not isinstance(change.edit, NewText):
            before, change = _dated(before, change)
        edit = change.edit
        if isinstance(edit, Append) and before.append is not None and change.revision is None:
            raw, point = before.append.add(before.raw, edit.data)
            return Written(raw, lambda: _appended_to(before, change, raw, point))
        if isinstance(edit, RemoveLast) and change.session is None:
            return _cut_last(before, change)
        if isinstance(edit, Replace) and change.in_place is not None:
            return _replaced_line(before, change, change.in_place)
        if before.layout == Layout.OLDER:
            keep_older(before)
        raw = _bytes_after(before, change)
        return Written(raw, lambda: _reread(before, raw))

    def what_changed(self, shown: Snapshot, now: bytes) -> str:
        return what_changed(shown, now)


#: Sessions, in the store.
SESSIONS = SessionFile()


def save(shown: Snapshot, change: Change, on_locked: OnLocked | None = None,
         since: str | None = None) -> Snapshot:
    """Save `change` onto the file `shown` was read from, if it still holds those bytes
    (files.store.save): what a person was shown and said yes to."""
    return store.save(SESSIONS, shown, change, on_locked, since)


Held = store.Held[Snapshot, Change]


def editing(path: str, on_locked: OnLocked | None = None, known: Snapshot | None = None
            ) -> AbstractContextManager[Held]:
    """Take the lock of the session at `path` and read it once, under the lock
    (files.store.editing). `known`: the file as read before, used again if the file still
    holds its bytes (its cached standing is then not read twice)."""
    return store.editing(SESSIONS, path, on_locked, known)


def write(before: Snapshot, change: Change) -> Snapshot:
    """Write `change` over the file of `before` (the caller holds its lock and knows the
    file holds `before`'s bytes); the file after it."""
    return store.write(SESSIONS, before, change)


def _appended_to(before: Snapshot, change: Change, raw: bytes, point: AppendPoint
                 ) -> Snapshot:
    """The file once a deal was added at its known place, read from nothing but the change;
    its cached standing written."""
    header = replace(before.header, entries=()) if before.header.entries else before.header
    last = _last_of(before, before.append) if before.append else None
    written = Snapshot(before.path, before.real, raw, atomic.identity(before.real)
                       or before.identity, before.layout, header, change.standing, point,
                       change.counts, before.changes, last=last)
    cache.write(before.real, raw, cache.Kept(header, change.standing, before.layout.value,
                                             point, change.counts, before.changes, last))
    return written


def _last_of(before: Snapshot, point: AppendPoint) -> cache.Last | None:
    """The entry appended at `point` as the last entry of the file after it, if the file
    is of the canonical layout and the entry goes on a line of its own (not the first)."""
    if (before.layout != Layout.CANONICAL or point.table or point.before != "    "
            or point.after != ",\n" or before.header.date is None):
        return None
    return cache.Last(point.start, before.standing, before.counts)


def _cut_last(before: Snapshot, change: Change) -> Written[Snapshot]:
    """The last entry's line cut out of the file (files.inplace.undo_last) and the undo
    added to its history: the inverse of an append. The file after it stands where the
    cache said the sitting stood before that entry."""
    from .codec import history_block

    last, point = before.last, before.append
    assert last is not None and point is not None and change.revision is not None
    raw = (before.raw[:last.start] + before.raw[point.start:]
           + history_block(change.revision).encode())
    moved = replace(point, start=last.start, end=last.start)

    def after() -> Snapshot:
        written = Snapshot(before.path, before.real, raw, atomic.identity(before.real)
                           or before.identity, before.layout, before.header, change.standing,
                           moved, change.counts, before.changes + 1)
        cache.write(before.real, raw, cache.Kept(before.header, change.standing,
                                                 before.layout.value, moved, change.counts,
                                                 written.changes))
        return written

    return Written(raw, after)


def _replaced_line(before: Snapshot, change: Change, line: InPlace) -> Written[Snapshot]:
    """An entry's line replaced in a file of the canonical layout, and the change added to
    its history (files.inplace.amend_from_mark); the file after it, its cached standing
    written, the marks before the line kept (files.marks: those after it no longer
    hold)."""
    from .codec import deal_line, history_block

    assert isinstance(change.edit, Replace) and change.revision is not None
    point = before.append
    assert point is not None
    ((_, data),) = change.edit.entries
    new = deal_line(data).encode()
    raw = (before.raw[:line.start] + new + before.raw[line.end:]
           + history_block(change.revision).encode())
    moved = len(new) - (line.end - line.start)
    point = replace(point, start=point.start + moved, end=point.end + moved)
    last = cache.Last(raw.rfind(b"\n    {", 0, point.start) + 1, line.last, line.last_tally)

    def after() -> Snapshot:
        written = Snapshot(before.path, before.real, raw, atomic.identity(before.real)
                           or before.identity, before.layout, before.header, change.standing,
                           point, change.counts, before.changes + 1, last=last)
        cache.write(before.real, raw, cache.Kept(before.header, change.standing,
                                                 before.layout.value, point, change.counts,
                                                 written.changes, last))
        return written

    return Written(raw, after)


def _bytes_after(before: Snapshot, change: Change) -> bytes:
    """The file's bytes once `change` is made, its revision added to the history."""
    edit = change.edit
    history = (*before.history, *([change.revision] if change.revision else []))
    if isinstance(edit, NewText):
        text = edit.raw.decode("utf-8")
        bom, text = text[:1] if text.startswith(BOM) else "", text.removeprefix(BOM)
        if change.revision is not None:
            assert change.session is not None
            text = changed_text(before, change.session, edit, history, text)
        return (bom + text).encode()
    after = change.session or _appended(before, edit)
    text = changed_text(before, after, edit, history)
    return ((BOM if before.raw.startswith(BOM.encode()) else "") + text).encode()


def _dated(before: Snapshot, change: Change) -> tuple[Snapshot, Change]:
    """A change to a file that names no day, with the day it was read as (the day it was
    last written) written too: a save never moves a sitting in time."""
    day = before.date
    change = replace(change, session=replace(change.session or _appended(before, change.edit),
                                             date=day))
    raw, header = before.raw, replace(before.header, date=day)
    if before.layout == Layout.HAND_LAID:
        text = SetKey("date", day).on_text(raw.decode("utf-8").removeprefix(BOM))
        raw = ((BOM if raw.startswith(BOM.encode()) else "") + text).encode()
    dated = Snapshot(before.path, before.real, raw, before.identity, before.layout, header,
                     before.standing, None, before.counts, before.changes)
    return dated, change


def _appended(before: Snapshot, edit: Edit) -> AnySession:
    assert isinstance(edit, Append), "every other change says what the session becomes"
    session = before.session
    return replace(session, entries=(*session.entries, edit.entry))


def _reread(before: Snapshot, raw: bytes, identity: atomic.Identity | None = None
            ) -> Snapshot:
    """The file as just written, read in full (a change other than a deal added)."""
    after = snapshot.read_in_full(before.path, before.real, raw,
                                  identity or atomic.identity(before.real) or before.identity)
    snapshot.keep_standing(after, holding_lock=True)
    return after


def changed_text(before: Snapshot, after: AnySession, edit: Edit,
                 history: Sequence[Revision], edited: str | None = None) -> str:
    """The text of `after` and `history`: in the canonical layout if the file was, else
    the file's own text (or the text a person `edited`) with the edit made and the last
    change of the history added at the end, read back (files.store.edited)."""
    from . import codec

    if before.layout != Layout.HAND_LAID and edited is None:
        return codec.dumps(after, history)
    text = edited if edited is not None else before.raw.decode("utf-8").removeprefix(BOM)
    wanted = (codec.top_data(after), codec.entries_data(after), tuple(history))

    def meant(new: str) -> bool:
        decoded = codec.decode(tomlread.parse(new.encode(), before.path)[1])
        return decoded.session is not None and not decoded.problems and (
            codec.top_data(decoded.session), codec.entries_data(decoded.session),
            decoded.history) == wanted

    added = history[-1] if len(history) > len(before.history) else None
    return store.edited(text, edit, added, meant, _(
        "{path} is laid out in a way this change cannot be made to without losing what is "
        "written in it; nothing was changed (make the change with 'scorekeeper edit')").format(
            path=quoted(before.path)))


def keep_older(before: Snapshot) -> str:
    """Keep a file of an older version, as it was, beside the session (NAME.toml.v1, or
    the next free NAME.toml.v1.~N~) before it is rewritten in this version's layout: what
    a person wrote in it is kept, and no copy kept before is ever replaced."""
    kept = free_name(f"{before.real}.v1")
    atomic.write_atomic(kept, before.raw, mode=atomic.mode_of(before.real))
    return kept


def free_name(wanted: str) -> str:
    """`wanted` if no file has that name, else the first free `wanted.~N~`."""
    if not os.path.lexists(wanted):
        return wanted
    number = 1
    while os.path.lexists(f"{wanted}.~{number}~"):
        number += 1
    return f"{wanted}.~{number}~"


def what_changed(shown: Snapshot, now: bytes) -> str:
    """What happened to the file since `shown` was read from it, in a line."""
    try:
        current = snapshot.from_bytes(shown.path, shown.real, now, shown.identity, keep=False)
    except ScorekeeperError:
        what = _("{path} was changed and now has a problem ('scorekeeper check' says)"
                 ).format(path=shown.path)
    else:
        what = _difference(shown, current)
    return what


def _difference(shown: Snapshot, current: Snapshot) -> str:
    before, after = shown.standing.deals, current.standing.deals
    if after > before:
        return (_("deal {number} was recorded").format(number=after) if after == before + 1
                else _("deals {first} to {last} were recorded").format(first=before + 1,
                                                                      last=after))
    if after < before:
        return (_("deal {number} was undone").format(number=before) if after == before - 1
                else _("deals {first} to {last} were removed").format(first=after + 1,
                                                                     last=before))
    if current.header.paid != shown.header.paid:
        return (_("the sitting was marked paid") if current.header.paid
                else _("the sitting was reopened"))
    return _("{path} was changed").format(path=shown.path)


# --- a new session -------------------------------------------------------------------------


def create(path: str, session: AnySession, force: bool, on_locked: OnLocked | None = None
           ) -> str | None:
    """Write a new session at `path`; refuse to replace one without `force`, or a paid one
    at all. Where a replaced file is kept (NAME.toml.~N~), if one was."""
    if not path.endswith(".toml"):
        raise SessionError(_("{path} is a path, and a session file's name ends in .toml "
                             "(or give a name without '/')").format(path=quoted(path)))
    folder = os.path.dirname(path)
    try:
        if folder:
            os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise SessionError(_("cannot make the folder {folder}: {reason}").format(
            folder=quoted(folder), reason=error.strerror)) from None
    real = atomic.real_path(path)
    if os.path.islink(path) and os.path.dirname(real) != atomic.real_path(folder or "."):
        raise SessionError(_("{path} is a link to {real}, outside its folder: it is not "
                             "replaced (remove the link to make a new session)").format(
                                 path=path, real=real))
    with atomic.locked(real, on_locked):
        kept = _replaced(path, real, session, force)
        from . import codec

        raw = codec.dumps(session).encode("utf-8")
        atomic.write_atomic(real, raw)
        snapshot.keep_standing(snapshot.read_in_full(path, real, raw, atomic.identity(real)
                                                     or atomic.Identity(0, 0, 0, 0, 0)),
                               holding_lock=True)
    return kept


def _replaced(path: str, real: str, session: AnySession, force: bool) -> str | None:
    """Check that the file at `path` may be replaced by a new session, and keep it as it
    was (NAME.toml.~N~); where it was kept, or None if there was none."""
    if not os.path.lexists(path):
        return None
    if not force:
        raise SessionError(_("session {name} exists already ({path}): use --force to "
                             "replace it (the old file is kept)").format(name=quoted(session.name),
                                                                         path=path))
    if os.path.exists(real) and not os.path.isfile(real):
        raise SessionError(_("{path} leads to {real}, which is not a session file: it is "
                             "not replaced").format(path=quoted(path), real=quoted(real)))
    if not os.path.exists(real):
        return None  # a link to nothing in the folder: the new session is made there
    atomic.check_writable(real)
    raw = atomic.read_file(real)
    try:
        old = snapshot.from_bytes(path, real, raw, atomic.Identity(0, 0, 0, 0, 0), keep=False)
    except ScorekeeperError as error:
        raise SessionError(_("{path} does not read as a session, so it is not replaced: "
                             "{problem}").format(path=path, problem=error)) from None
    if old.header.paid is not None:
        raise SessionError(_("session {name} was paid on {paid}: reopen it with "
                             "'scorekeeper paid --undo' first to replace it").format(
                                 name=quoted(session.name), paid=i18n.day(old.header.paid)))
    kept = _numbered(real)
    atomic.write_atomic(kept, raw, mode=atomic.mode_of(real))
    return kept


def _numbered(real: str) -> str:
    """The first free NAME.toml.~N~ beside `real`."""
    number = 1
    while os.path.lexists(f"{real}.~{number}~"):
        number += 1
    return f"{real}.~{number}~"
