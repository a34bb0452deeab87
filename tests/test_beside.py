"""Nothing beside a session is trusted over it (issue 25, items 1-3), through the installed
command: a cache someone else wrote, a lock deleted while writers race, a lock that is a
link, a private session's copies and caches."""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from scorekeeper.files import signing

from .helpers import scorekeeper_command


def sk(folder: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder)}
    done = subprocess.run([scorekeeper_command(), *args], env=env, text=True,
                          capture_output=True, check=False, timeout=120)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def evening(folder: Path) -> Path:
    sk(folder, "loo", "new", "ev", "--players", "Ann,Bob,Cid", "--date", "2026-11-01")
    sk(folder, "deal", "Ann=2", "Bob=1", "Cid=0")
    return folder / "ev.toml"


@pytest.mark.parametrize("signed", [False, True])
def test_a_cache_written_by_anyone_else_is_not_used(tmp_path: Path, signed: bool) -> None:
    """A cache whose figures say otherwise than the deals: unsigned (anyone could write it),
    or signed with another key (another user's, another machine's)."""
    path = evening(tmp_path)
    truth = sk(tmp_path, "settle", "--format", "json").stdout
    cache = tmp_path / ".ev.toml.cache"
    record = list(marshal.loads(signing.opened(cache.read_bytes()) or b""))
    fields = list(record[6])
    fields[3] = {**fields[3], "Ann": fields[3]["Ann"] + 250, "Bob": fields[3]["Bob"] - 250}
    body = marshal.dumps((*record[:6], tuple(fields)))
    cache.write_bytes(os.urandom(32) + body if signed else body)
    assert sk(tmp_path, "settle", "--format", "json").stdout == truth
    sk(tmp_path, "deal", "Ann=1", "Bob=1", "Cid=1")
    text = path.read_text()
    assert text.count("{ tricks = ") == 2 and "Ann = 2, Bob = 1, Cid = 0" in text  # deal 1 kept
    sk(tmp_path, "check")


def test_deleting_the_lock_while_writers_race_loses_nothing(tmp_path: Path) -> None:
    evening(tmp_path)
    lock = tmp_path / ".ev.toml.lock"
    stop = threading.Event()

    def delete() -> None:
        while not stop.is_set():
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()

    deleter = threading.Thread(target=delete)
    deleter.start()
    env = {**os.environ, "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    try:
        procs = [subprocess.Popen(
            ["sh", "-c", " && ".join([f"{scorekeeper_command()} deal Ann=1 Bob=1 Cid=1"] * 4)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(6)]
        codes = [p.wait(timeout=180) for p in procs]
    finally:
        stop.set()
        deleter.join()
    assert codes == [0] * 6
    from scorekeeper import files

    assert len(files.open(str(tmp_path / "ev.toml")).session.entries) == 1 + 6 * 4
    sk(tmp_path, "check")


def test_a_lock_that_is_a_link_is_refused_and_its_target_never_made(tmp_path: Path) -> None:
    path = evening(tmp_path)
    (tmp_path / ".ev.toml.lock").unlink()
    target = tmp_path / "elsewhere" / "made"
    target.parent.mkdir()
    (tmp_path / ".ev.toml.lock").symlink_to(target)
    before = path.read_bytes()
    done = sk(tmp_path, "deal", "Ann=1", "Bob=1", "Cid=1", code=1)
    assert "link" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before and not target.exists()


def test_a_private_sittings_cache_and_copies_are_private(tmp_path: Path) -> None:
    path = evening(tmp_path)
    path.chmod(0o600)
    sk(tmp_path, "deal", "Ann=1", "Bob=1", "Cid=1")
    sk(tmp_path, "loo", "new", "ev", "--players", "Ann,Bob,Dan", "--force",
       "--date", "2026-11-02")
    sk(tmp_path, "book")
    for made in (tmp_path / ".ev.toml.cache", tmp_path / "ev.toml.~1~",
                 tmp_path / ".book.cache"):
        assert stat.S_IMODE(made.stat().st_mode) & 0o077 == 0, made


def test_new_force_replaces_only_a_session_in_its_own_folder(tmp_path: Path) -> None:
    """A file that does not read as a session, or a link out of the folder, is named and
    left as it is, with nothing made beside it; a session is kept and replaced."""
    notes = tmp_path / "elsewhere" / "notes.txt"
    notes.parent.mkdir()
    notes.write_text("not a session")
    (tmp_path / "away.toml").symlink_to(notes)
    (tmp_path / "junk.toml").write_text("this is no session\n")
    for name, said in (("away", "outside its folder"), ("junk", "does not read as a session")):
        done = sk(tmp_path, "loo", "new", name, "--players", "Ann,Bob,Cid", "--force", code=1)
        assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert notes.read_text() == "not a session"
    assert sorted(p.name for p in notes.parent.iterdir()) == ["notes.txt"]
    assert (tmp_path / "junk.toml").read_text() == "this is no session\n"
    evening(tmp_path)
    sk(tmp_path, "loo", "new", "ev", "--players", "Ann,Bob,Dan", "--force")
    assert (tmp_path / "ev.toml.~1~").exists()
