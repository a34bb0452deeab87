"""`show` of a sitting it has shown before formats the rows it kept (files.shown) rather
than replaying: what it prints is what the sitting replayed prints, byte for byte, in
English and Danish, as a table and in a tabulate format, for every game of the registry
(random sittings of its test data); and rows not made from the file's bytes now, in the
language spoken now, by this user, are never used."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.files import codec, shown, snapshot
from scorekeeper.games import GAMES
from scorekeeper.history import changed_entries
from scorekeeper.render import reports
from scorekeeper.render.report import emit
from scorekeeper.session import AnySession
from scorekeeper.values import replace

from .games import of
from .helpers import play_lines, run, scorekeeper_command

DATA = {game: of(game) for game in GAMES}
FORMATS = ("", " --format github")


def _written(folder: Path, session: AnySession) -> Path:
    path = folder / "s.toml"
    path.write_bytes(codec.dumps(replace(session, date=datetime.date(2026, 11, 27))).encode())
    return path


def _replayed(path: Path, language: str, fmt: str | None, width: int | None = None) -> str:
    """What `show` prints of the file, every entry replayed (nothing kept)."""
    read = snapshot.read_in_full(str(path), str(path), path.read_bytes(),
                                 snapshot.open(str(path)).identity)
    with i18n.spoken(i18n.language(language)):
        made = reports.show(read.session, read.played, read.standing,
                            changed_entries(read.history))
        return emit(made, fmt, width) + "\n"


def _show(folder: Path, path: Path, language: str, fmt: str, width: int | None = None) -> str:
    columns = {} if width is None else {"COLUMNS": str(width)}
    return run(folder, f"--lang {language} show -s {path}{fmt}", **columns).stdout


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_show_from_what_was_kept_is_the_show_replayed(tmp_path: Path, game: str,
                                                        data: st.DataObject) -> None:
    """Each shown twice (the second from what the first kept), in each language, format
    and width (a drawing, Bridge's pad, is kept for the width it was fitted to)."""
    path = _written(tmp_path, data.draw(DATA[game].sittings()))
    kept = Path(shown.path_of(str(path)))
    kept.unlink(missing_ok=True)
    for language in ("en", "da"):
        for fmt in FORMATS:
            for width in (None, 60, 80):
                expected = _replayed(path, language, fmt.split()[-1] if fmt else None, width)
                assert _show(tmp_path, path, language, fmt, width) == expected, "replayed"
                assert kept.exists()
                assert _show(tmp_path, path, language, fmt, width) == expected, "kept"


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_rows_kept_of_other_bytes_are_not_used(tmp_path: Path, game: str,
                                               data: st.DataObject) -> None:
    """The file changed under the kept rows (an entry fewer, the same size or not): the
    show is the file's."""
    session = data.draw(DATA[game].sittings())
    path = _written(tmp_path, session)
    _show(tmp_path, path, "en", "")
    fewer = replace(session, entries=session.entries[:-1], date=datetime.date(2026, 11, 27))
    path.write_bytes(codec.dumps(fewer).encode())
    assert _show(tmp_path, path, "en", "") == _replayed(path, "en", None)


def test_a_changed_deal_is_marked_from_the_kept_rows_too(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new evening --players Ann,Bob,Cid,Dan --date 2026-11-27",
                          "deal a=1 b=2 c=0", "deal --all-pass", "deal a=2 b=1",
                          "amend 1 a=1 b=2 c=0 d=0"])
    path = tmp_path / "evening.toml"
    first = _show(tmp_path, path, "da", "")
    assert first == _show(tmp_path, path, "da", "") == _replayed(path, "da", None)
    assert "1*" in first and first.count("*") == 2  # the row, and the note under the table


def test_kept_rows_in_another_language_damaged_or_not_signed_are_not_used(
        tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new evening --players Ann,Bob,Cid --date 2026-11-27",
                          "deal a=1 b=2 c=0", "deal a=3 b=0"])
    path = tmp_path / "evening.toml"
    kept = Path(shown.path_of(str(path)))
    _show(tmp_path, path, "en", "")
    assert shown.read(str(path), path.read_bytes(), "da") is None, "another language"
    good = shown.read(str(path), path.read_bytes(), "en")
    assert good is not None and len(good.rows) == 2
    signed = kept.read_bytes()
    for bad in (signed[:-1] + bytes([signed[-1] ^ 1]), signed[32:], b""):
        kept.write_bytes(bad)
        assert shown.read(str(path), path.read_bytes(), "en") is None
    forged = shown.Shown([["1", "Ann", "forged", "0", "0", "0", "0"]] * 2, frozenset())
    shown.write(str(path), path.read_bytes(), "en", forged)  # as this user: trusted ...
    kept.write_bytes(kept.read_bytes().replace(b"forged", b"faked!"))  # ... until changed
    assert _show(tmp_path, path, "en", "") == _replayed(path, "en", None)


def test_the_installed_command_shows_from_its_kept_rows(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new evening --players Ann,Bob,Cid --date 2026-11-27",
                          "deal a=1 b=2 c=0", "deal a=3 b=0"])
    path = tmp_path / "evening.toml"
    shows = [subprocess.run([scorekeeper_command(), "show", "-s", str(path)], check=True,
                            capture_output=True, text=True).stdout for _ in range(2)]
    assert Path(shown.path_of(str(path))).exists()
    assert shows[0] == shows[1] == _replayed(path, "en", None)
