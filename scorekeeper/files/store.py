"""One store for both kinds of file a person may read and correct: a session (files.change)
and the folder's book of payments (files.payfile).

A kind of file (`Kind`) says three things only: how its bytes read as a snapshot, how a
change is written onto a snapshot's text (keeping its layout, through the edits of
files.edits), and what happened to a file that no longer holds what was shown. Everything
else is here, once, for both:

- the lock: every write is made under the file's lock (files.atomic), one writer at a time;
- `editing(kind, path)`: for a command that shows nothing before it writes (a deal, a
  payment, join, leave), the lock is taken first and the file read once, under it, so that
  commands run at once queue and all succeed;
- `save(kind, shown, change)`: for a change a person was shown and said yes to, the
  compare-and-swap: written only if the file still holds exactly the bytes shown, else
  Stale and nothing written;
- the atomic write (`write`), and the read-back check of a change made as text (`edited`):
  the new text must read as what was meant and keep every comment (but those on the line
  of an entry removed), or nothing is written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..errors import ScorekeeperError, SessionError
from ..i18n import _
from ..values import value
from . import atomic
from .edits import Edit, NewText, array_of, drops

if TYPE_CHECKING:
    from collections import Counter

    from ..history import Revision


class Read(Protocol):
    """A file as read once: what the store needs of it."""

    @property
    def path(self) -> str:
        """The file as it was named (a link's own name)."""

    @property
    def real(self) -> str:
        """The file itself, through any link: what a write replaces."""

    @property
    def raw(self) -> bytes:
        """Its bytes as read (none for a file not there yet, of a kind that may be)."""


R = TypeVar("R", bound=Read)
C_contra = TypeVar("C_contra", contravariant=True)
"""A change to a file of the kind, computed from one snapshot of it."""

OnLocked = Callable[[], None]
"""Called once the file's lock is taken: from then on the file may change."""


@value
class Written(Generic[R]):
    """The bytes a change makes of a file, and the snapshot of the file once they are in
    place (asked for after the write)."""

    raw: bytes
    after: Callable[[], R]


class Kind(Protocol[R, C_contra]):
    """A kind of file the store keeps."""

    @property
    def missing(self) -> bytes | None:
        """What a file not there yet reads as (the first payment makes the book); None:
        it must be there (a session)."""

    def decode(self, path: str, real: str, raw: bytes, identity: atomic.Identity,
               holding_lock: bool) -> R:
        """The snapshot of `raw`, read from `real` (`holding_lock`: under its lock, so that
        what is kept beside it may be written too)."""

    def written(self, before: R, change: C_contra) -> Written[R]:
        """`change` made on the file of `before` (its lock held, its bytes `before.raw`);
        SessionError, with nothing written, if it cannot be made as meant."""

    def what_changed(self, shown: R, now: bytes) -> str:
        """What happened to the file since `shown` was read from it, in a clause."""


class Stale(SessionError):
    """The file no longer holds what a change was computed from: nothing was written."""


#: The identity of a file not there yet (of a kind that may not be).
NO_FILE = atomic.Identity(0, 0, 0, 0, 0)


def read_bytes(kind: Kind[R, C_contra], real: str) -> tuple[bytes, atomic.Identity]:
    """The bytes of the file `real` and their identity: NO_FILE, and the kind's `missing`,
    for a file not there, of a kind that may not be."""
    if kind.missing is not None and not os.path.lexists(real):
        return kind.missing, NO_FILE
    return atomic.read_with_identity(real)


def read(kind: Kind[R, C_contra], path: str) -> R:
    """The file at `path` read once, without its lock (to show it, or to compute a change
    from it that a person is asked about first)."""
    real = atomic.real_path(path)
    return kind.decode(path, real, *read_bytes(kind, real), holding_lock=False)


def save(kind: Kind[R, C_contra], shown: R, change: C_contra, on_locked: OnLocked | None = None,
         since: str | None = None) -> R:
    """Save `change` onto the file `shown` was read from, if it still holds those bytes
    (compared under the lock); Stale, with nothing written, if not (saying what happened
    `since`, a clause in the language chosen: by default "this was shown"). The file after
    it."""
    with atomic.locked(shown.real, on_locked):
        atomic.check_writable(shown.real)
        now = read_bytes(kind, shown.real)[0]
        if now != shown.raw:
            # TRANSLATORS: {what} is what happened to the file ("deal 13 was recorded"),
            # {since} when ("this was shown", "the editor opened it")
            raise Stale(_("{what} since {since}: nothing was changed; look again").format(
                what=kind.what_changed(shown, now),
                since=_("this was shown") if since is None else since))
        return write(kind, shown, change)


class Held(Generic[R, C_contra]):
    """A file's lock held, and the file as read under it."""

    def __init__(self, kind: Kind[R, C_contra], read: R) -> None:
        self.kind = kind
        self.snapshot = read

    def save(self, change: C_contra) -> R:
        """Save `change` (computed from `snapshot`); the file after it, which a next change
        may be computed from."""
        self.snapshot = write(self.kind, self.snapshot, change)
        return self.snapshot


@contextmanager
def editing(kind: Kind[R, C_contra], path: str, on_locked: OnLocked | None = None,
            known: R | None = None) -> Iterator[Held[R, C_contra]]:
    """Take the lock of the file at `path` and read it once, under the lock. `known`: the
    file as read before, used again if the file still holds its bytes (it is then not
    decoded twice)."""
    real = atomic.real_path(path)
    with atomic.locked(real, on_locked):
        atomic.check_writable(real)
        raw, identity = read_bytes(kind, real)
        if known is not None and known.real == real and known.raw == raw:
            yield Held(kind, known)
        else:
            yield Held(kind, kind.decode(path, real, raw, identity, holding_lock=True))


def write(kind: Kind[R, C_contra], before: R, change: C_contra) -> R:
    """Write `change` over the file of `before`, atomically (the caller holds its lock and
    knows the file holds `before`'s bytes); the file after it."""
    written = kind.written(before, change)
    atomic.write_atomic(before.real, written.raw)
    atomic.tidy_temporaries(before.real)
    return written.after()


def edited(text: str, edit: Edit, added: Revision | None, meant: Callable[[str], bool],
           refusal: str) -> str:
    """`text` with `edit` made where it falls and `added` put at the end of its history,
    read back: it must say what is `meant` and keep every comment of `text` (but those on
    the line of an entry removed; a person's own `NewText` is taken as it is). Else
    SessionError `refusal`, and nothing is written."""
    newline = "\r\n" if "\r\n" in text else "\n"
    try:
        new = edit.on_text(text)
        if added is not None:
            from .codec import history_block

            new += ("" if new.endswith("\n") else newline) + history_block(added, newline)
        same = meant(new) and (isinstance(edit, NewText) or comments_kept(
            text, new, array_of(edit), drops(edit)))
    except (ScorekeeperError, ValueError, IndexError, AssertionError):  # a layout misread
        same = False
    if not same:
        raise SessionError(refusal)
    return new


def comments_kept(old: str, new: str, key: str = "deals", dropped: int | None = None) -> bool:
    """Whether every comment of `old` is in `new`, but those on the lines of entry
    `dropped` of the array `key` (which an undo removes with it)."""
    return not _comments(old, key, dropped) - _comments(new, key, None)


def _comments(text: str, key: str, dropped: int | None) -> Counter[str]:
    from collections import Counter

    from .outline import outline

    if not text:
        return Counter()
    layout, skip = outline(text, key), (0, 0)
    if dropped is not None:
        span = layout.entries[dropped]
        line_end = text.find("\n", span.end)
        skip = (span.start, len(text) if line_end < 0 else line_end)
    return Counter(text[c.start:c.end].rstrip("\r") for c in layout.comments
                   if not skip[0] <= c.start < skip[1])
