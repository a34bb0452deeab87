"""The session file's operations as the tests call them: each command's read, change and
save in one call, by path (the way the command line does them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper import files
from scorekeeper.files import revise
from scorekeeper.files.record import record as one_more
from scorekeeper.session import AnySession, Played, Standing

Build = Callable[[AnySession], Any]


def load(path: str | Path) -> files.Snapshot:
    return files.open(str(path))


def load_standing(path: str | Path) -> tuple[AnySession, Standing[Any]]:
    read = files.open(str(path))
    return read.header, read.standing


class Recorded(NamedTuple):
    session: AnySession
    played: Played[Any, Any, Any]
    standing: Standing[Any]


def record(path: str | Path, build: Build, dry_run: bool = False) -> Recorded:
    if dry_run:
        before = files.open(str(path))
        played, change = one_more(before, build(before.header))
        return Recorded(before.header, played, change.standing)
    with files.editing(str(path)) as held:
        played, change = one_more(held.snapshot, build(held.snapshot.header))
        held.save(change)
        return Recorded(held.snapshot.header, played, change.standing)


def undo(path: str | Path) -> revise.Undone:
    with files.editing(str(path)) as held:
        done = revise.undo(held.snapshot)
        held.save(done.change)
        return done


def amend(path: str | Path, number: int, build: Build, dry_run: bool = False
          ) -> revise.Amended:
    with files.editing(str(path)) as held:
        done = revise.amend(held.snapshot, number, build(held.snapshot.header))
        if not dry_run:
            held.save(done.change)
        return done


def set_paid(path: str | Path, day: Any) -> files.Snapshot:
    with files.editing(str(path)) as held:
        return held.save(revise.set_paid(held.snapshot, day))


def create(path: str | Path, session: AnySession, force: bool = False) -> str | None:
    return files.create(str(path), session, force)
