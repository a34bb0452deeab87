"""An undo from the cached standing before the last entry (files.inplace.undo_last, the
inverse of an append) is the undo with every entry replayed: the same standing, counts,
history and bytes; and a cache that is not this user's, or damaged, is not used. Every game
of the registry, from random sittings of its test data."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError
from scorekeeper.files import atomic, cache, codec, inplace, marks, revise, snapshot
from scorekeeper.files.change import SESSIONS
from scorekeeper.games import GAMES
from scorekeeper.seating import Seating
from scorekeeper.session import AnySession
from scorekeeper.values import replace

from .games import of
from .helpers import run

#: Each game's test data, imported before any test is drawn (its module has tests of its own).
DATA = {game: of(game) for game in GAMES}
WHEN = re.compile(rb"^when = .*$", re.MULTILINE)


def _written(folder: Path, session: AnySession) -> str:
    path = folder / f"{session.name or 's'}.toml"
    dated = replace(session, date=datetime.date(2026, 11, 27))
    path.write_bytes(codec.dumps(dated).encode())
    return str(path)


def _cached(path: str) -> snapshot.Snapshot:
    """The file read from its cache (written first by a read in full)."""
    snapshot.keep_standing(snapshot.open(path), holding_lock=False)
    read = snapshot.open(path)
    assert read._full is None, "read from its cache"
    return read


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_an_undo_from_the_cache_is_the_undo_replayed(tmp_path: Path, game: str,
                                                     data: st.DataObject) -> None:
    session = data.draw(DATA[game].sittings())
    assume(len(session.entries) >= 2)
    path = _written(tmp_path, session)
    fast_before = _cached(path)
    fast = inplace.undo_last(fast_before, "why")
    full_before = snapshot.read_in_full(path, path, fast_before.raw, fast_before.identity)
    full = revise.undo_replayed(full_before, "why")
    assert fast is not None
    assert fast.change.session is None, "the entries were not read"
    assert (fast.change.standing, fast.change.counts) == (full.change.standing,
                                                           full.change.counts)
    assert fast.removed.result == full.removed.result
    assert fast.outcome.nets == full.outcome.nets
    assert replace(fast.change.revision, when=None) == replace(full.change.revision, when=None)
    made, replayed = (SESSIONS.written(b, d.change) for b, d in ((fast_before, fast),
                                                                  (full_before, full)))
    assert WHEN.sub(b"", made.raw) == WHEN.sub(b"", replayed.raw)
    with atomic.locked(path):
        atomic.write_atomic(path, made.raw)
        after = made.after()
    again = snapshot.read_in_full(path, path, made.raw, after.identity)
    assert (after.standing, after.counts, after.append, after.changes) == (
        again.standing, again.counts, again.append, again.changes)
    assert snapshot.open(path).standing == again.standing, "the cache says what the file says"


def test_undo_twice_through_the_command_is_the_undo_replayed(tmp_path: Path) -> None:
    """Twice: the first from the cache, the second with the file read in full."""
    run(tmp_path, "loo new s --players Ann,Bob,Cid")
    for line in ("Ann=2 Bob=1 Cid=0", "Ann=1 Bob=1 Cid=1 order c,a,b", "Bob=3",
                 "Cid=2 Ann=1 Bob=0"):
        run(tmp_path, f"deal {line}")
    shown = run(tmp_path, "undo --why twice").stdout
    assert "Removed hand 4" in shown
    run(tmp_path, "undo")
    path = str(tmp_path / "s.toml")
    raw = Path(path).read_bytes()
    full = snapshot.read_in_full(path, path, raw, atomic.Identity(0, 0, 0, 0, 0))
    assert full.layout == snapshot.Layout.CANONICAL and full.changes == 2
    assert snapshot.open(path).standing == full.standing
    assert run(tmp_path, "show --format json").stdout.count('"number"') == 2


@pytest.mark.parametrize("damage", ["flip", "unsigned"])
def test_a_damaged_cache_is_not_used_by_an_undo(tmp_path: Path, damage: str) -> None:
    run(tmp_path, "loo new s --players Ann,Bob,Cid")
    for line in ("Ann=2 Bob=1 Cid=0", "Ann=1 Bob=1 Cid=1 order c,a,b", "Bob=3"):
        run(tmp_path, f"deal {line}")
    path = str(tmp_path / "s.toml")
    assert _cached(path).last is not None
    kept = Path(cache.path_of(path))
    raw = kept.read_bytes()
    kept.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]) if damage == "flip" else raw[32:])
    os.chmod(kept, 0o600)
    assert cache.read(path, Path(path).read_bytes(), "s") is None
    read = snapshot.open(path)
    assert read._full is not None, "read in full"
    assert revise.undo(read).change.standing == revise.undo_replayed(
        snapshot.read_in_full(path, path, read.raw, read.identity)).change.standing


def _outcome_of(done: inplace.Amended | str, shift: int = 0) -> object:
    """What an amend did, to compare (an error: its message)."""
    if isinstance(done, str):
        return done
    change = done.change
    assert change.revision is not None
    return (change.standing, change.counts, replace(change.revision, when=None),
            done.outcome.nets, [(i + shift, j + shift) for i, j in done.outcome.changed],
            done.outcome.after[done.position].result)


def _amended(amend: object, *args: object) -> inplace.Amended | str | None:
    try:
        return amend(*args)  # type: ignore[operator, no-any-return]
    except ScorekeeperError as error:
        return str(error)


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_an_amend_from_a_mark_is_the_amend_replayed(tmp_path: Path, game: str,
                                                    data: st.DataObject,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(marks, "EVERY", 2)
    session = data.draw(DATA[game].sittings())
    assume(len(session.entries) >= 3 and all(
        not isinstance(e, Seating) and session.game.is_deal(e) for e in session.entries))
    path = _written(tmp_path, session)
    cached = _cached(path)
    assert cached.find_marks(), "marks written by the read in full"
    number = data.draw(st.integers(3, len(session.entries)))
    entry = data.draw(st.sampled_from(session.entries))
    fast = _amended(inplace.amend_from_mark, cached, number, entry, "why")
    full_before = snapshot.read_in_full(path, path, cached.raw, cached.identity)
    full = _amended(revise.amend_replayed, full_before, number, entry, "why")
    assume(fast is not None)  # None: a later deal would read otherwise (the full amend says)
    assert fast is not None and full is not None
    if isinstance(fast, str) or isinstance(full, str):
        event("refused by both")
        assert fast == full
        return
    event("amended by both")
    shift = inplace.tail_from_mark(cached, number - 1).mark.entries  # type: ignore[union-attr]
    assert fast.change.session is None, "the deals before the mark were not read"
    assert _outcome_of(fast, shift) == _outcome_of(full)
    made, replayed = (SESSIONS.written(b, d.change) for b, d in ((cached, fast),
                                                                  (full_before, full)))
    assert WHEN.sub(b"", made.raw) == WHEN.sub(b"", replayed.raw)
    with atomic.locked(path):
        atomic.write_atomic(path, made.raw)
        after = made.after()
    again = snapshot.read_in_full(path, path, made.raw, after.identity)
    assert (after.standing, after.counts, after.append, after.changes, after.last) == (
        again.standing, again.counts, again.append, again.changes, again.last)
    assert snapshot.open(path).standing == again.standing, "the cache says what the file says"


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_undo_after_undo_from_a_mark_is_the_undo_replayed(tmp_path: Path, game: str,
                                                          data: st.DataObject,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The cache knows the standing before the last entry only once: the next undo finds
    it from the last mark, replaying the entries after it alone."""
    monkeypatch.setattr(marks, "EVERY", 2)
    session = data.draw(DATA[game].sittings())
    assume(len(session.entries) >= 4 and all(
        not isinstance(e, Seating) and session.game.is_deal(e) for e in session.entries))
    path = _written(tmp_path, session)
    for _ in range(2):
        before = _cached(path)
        before.last = None  # as after an undo: not known to the cache
        fast = inplace.undo_last(before)
        assert fast is not None and before._full is None, "the file not read in full"
        full_before = snapshot.read_in_full(path, path, before.raw, before.identity)
        full = revise.undo_replayed(full_before)
        assert (fast.change.standing, fast.change.counts, fast.outcome.nets) == (
            full.change.standing, full.change.counts, full.outcome.nets)
        made, replayed = (SESSIONS.written(b, d.change) for b, d in ((before, fast),
                                                                      (full_before, full)))
        assert WHEN.sub(b"", made.raw) == WHEN.sub(b"", replayed.raw)
        with atomic.locked(path):
            atomic.write_atomic(path, made.raw)
            made.after()
