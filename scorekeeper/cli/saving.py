"""How a command changes a session, in one of two ways, both through the store (files.store):

- asking nothing (a deal, join, leave, a one-shot undo or amend): the session's lock is
  taken, the file read under it (or, if it still holds the bytes last read, that reading
  used again), the change computed and saved; `scorekeeper deal` and `amend`, which learn
  the game from the file, take the lock before they read it at all (`holding`), so the file
  is read once, under it, and commands run at once queue and all succeed;
- asking first (undo and amend in `play` on a terminal): the change is computed from the
  file as read and shown; on a yes it is saved onto that file only if it still holds those
  bytes, so that what was shown is what is saved.

Ctrl-C is held from the moment the lock is taken until the change is noted as recorded.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..i18n import _
from ..values import value
from .interrupts import held_interrupt
from .options import mark_recorded, run_state

if TYPE_CHECKING:
    from ..files import Change, Snapshot
    from ..files.change import Held
    from ..session import Played, Standing

T = TypeVar("T")


@contextmanager
def editing(ctx: click.Context, path: str) -> Iterator[Held]:
    """The session's lock held and the file read under it; Ctrl-C held meanwhile. A file
    that still holds the bytes last read in this run is not decoded again; one whose lock
    this command holds already (`holding`) is not read again at all."""
    from .. import files

    state = run_state(ctx)
    if state.held is not None and _same_file(state.held.held.snapshot, path):
        yield state.held.held
        state.known = state.held.held.snapshot
        state.held.release()  # saved: the lock is not held while the report is printed
        return
    with held_interrupt() as on_locked, files.editing(path, on_locked, state.known) as held:
        yield held
        state.known = held.snapshot


@contextmanager
def holding(ctx: click.Context, path: str) -> Iterator[None]:
    """The session's lock taken before anything reads the file, which is read once, under
    it, for the whole command: for one that shows nothing before it writes but must read
    the file to know how to parse what it is given (`scorekeeper deal`, which learns the
    game from the file it then changes)."""
    state = run_state(ctx)
    with ExitStack() as stack:
        held = stack.enter_context(editing(ctx, path))
        state.held, state.known = Holding(held, stack.close), held.snapshot
        try:
            yield
        finally:
            state.held = None


@value
class Holding:
    """A session's lock taken for a whole command (`holding`)."""

    held: Held
    release: Callable[[], None]
    """Let the lock go (once the change is saved)."""


def _same_file(read: Snapshot, path: str) -> bool:
    from ..files import atomic

    return read.real == atomic.real_path(path)


@value
class Recorded:
    """An entry recorded (or, in a dry run, played and not saved)."""

    before: Snapshot
    played: Played[Any, Any, Any]
    standing: Standing[Any]


def record(ctx: click.Context, path: str, build: Callable[[Snapshot], Any],
           dry_run: bool = False, what: str | None = None) -> Recorded:
    """Build an entry from the session as it stands and record it (`dry_run`: only play
    it). Refused, with the file unchanged, if it breaks a rule. `what` names an entry that
    is not a deal, once recorded."""
    from ..files.record import record as one_more

    if dry_run:
        before = known_or_open(ctx, path)
        played, change = one_more(before, build(before))
        return Recorded(before, played, change.standing)
    with editing(ctx, path) as held:
        before = held.snapshot
        played, change = one_more(before, build(before))
        held.save(change)
        mark_recorded(ctx, _("deal {number}").format(number=played.number) if played.number
                      else what or _("the change"))
    if played.number:
        run_state(ctx).last_deal = (played.number, change.edit.data)  # type: ignore[union-attr]
    return Recorded(before, played, change.standing)


def again(ctx: click.Context, path: str, build: Callable[[Snapshot], Any]) -> bool:
    """In `play`, a deal the same as the one just recorded is asked about (Up then Enter
    records the last line again): whether to record it."""
    from ..files.record import record as one_more
    from .options import echo

    state = run_state(ctx)
    if state.ask is None or state.last_deal is None:
        return True
    number, data = state.last_deal
    read = known_or_open(ctx, path)
    if read.standing.deals != number:
        return True
    played, change = one_more(read, build(read))
    if getattr(change.edit, "data", None) != data or played.number is None:
        return True
    if state.ask(_("Same as deal {number}: record it again? [y/N] ").format(number=number),
                 False):
        return True
    echo(_("Not recorded."))
    return False


def known_or_open(ctx: click.Context, path: str) -> Snapshot:
    """The session as last read in this run, if the file is still that one; else read."""
    from .. import files
    from ..files import atomic

    known = run_state(ctx).known
    if (known is not None and known.real == atomic.real_path(path)
            and atomic.identity(known.real) == known.identity):
        return known
    found = files.open(path)
    run_state(ctx).known = found
    return found


def save_revision(ctx: click.Context, path: str,
                  compute: Callable[[Snapshot], tuple[Change, T]], what: Callable[[T], str],
                  confirm: Callable[[T], tuple[list[str], str]] | None = None) -> T | None:
    """Compute a revision (a change after the fact: amend, undo, paid) from the session and
    save it (`what` names it, once recorded): at once, under the lock, or, in `play` with a
    person to ask, after showing what `confirm` gives and a yes to its question, onto what
    was shown. None if there was no yes."""
    from .. import files
    from .options import echo

    state = run_state(ctx)
    if state.ask is None or confirm is None:
        with editing(ctx, path) as held:
            made, value = compute(held.snapshot)
            held.save(made)
            mark_recorded(ctx, what(value))
        return value
    shown = known_or_open(ctx, path)
    made, value = compute(shown)
    lines, question = confirm(value)
    if lines:
        echo(lines)
    if not state.ask(question, True):
        echo(_("Nothing changed."))
        return None
    with held_interrupt() as on_locked:
        state.known = files.save(shown, made, on_locked)
        mark_recorded(ctx, what(value))
    return value


def stamp(path: str) -> tuple[object, ...]:
    """What tells that the session's file or its folder's payments changed: each one's
    inode, size and time (a question answered no changes neither, and the balances are
    then not printed again)."""
    from ..files.payfile import path_in

    found: list[object] = []
    for each in (path, path_in(os.path.dirname(path) or ".")) if path else ():
        try:
            info = os.stat(each)
            found.append((info.st_ino, info.st_size, info.st_mtime_ns))
        except OSError:
            found.append(None)
    return tuple(found)
