"""Session files: the only module that reads or writes them.

A session is a TOML file a person can read and correct. It holds a format marker and schema
version, the players, the settings and each deal's inputs; money is written as a string,
since TOML floats are binary and lose cents. Saving is atomic and each read-change-write runs
under a lock; a file that does not parse or validate is never overwritten.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import tomli_w

from .errors import RuleError, SessionError, SessionFileError
from .games import get_game
from .games.common import check_keys
from .session import DealError, Session, Standing, replay

FORMAT = "scorekeeper session"
VERSION = 1
SESSION_NAME = re.compile(r"[A-Za-z0-9_-]+")
CURRENT_FILE = ".current"


def default_dir() -> Path:
    """The platform's per-user data folder for scorekeeper."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / "scorekeeper"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "scorekeeper"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "scorekeeper"


def session_dir(option: str | None) -> Path:
    """The session folder: --dir, else $SCOREKEEPER_DIR, else the per-user data folder."""
    chosen = option or os.environ.get("SCOREKEEPER_DIR")
    return Path(chosen).expanduser() if chosen else default_dir()


def check_session_name(name: str) -> str:
    if not SESSION_NAME.fullmatch(name):
        raise SessionError(
            f"session name {name!r} may hold only letters, digits, '-' and '_' "
            "(or give a path to a .toml file)"
        )
    return name


def is_path(spec: str) -> bool:
    """A session given as a file path rather than a name in the folder."""
    return "/" in spec or os.sep in spec or spec.endswith(".toml")


def session_path(folder: Path, spec: str) -> Path:
    """The file of a session named `spec` in `folder`, or at the path `spec`."""
    if is_path(spec):
        return Path(spec).expanduser()
    return folder / f"{check_session_name(spec)}.toml"


def find_session(folder: Path, spec: str | None) -> Path:
    """The session to use: -s, else $SCOREKEEPER_SESSION, else the current one."""
    spec = spec or os.environ.get("SCOREKEEPER_SESSION") or current_session(folder)
    if not spec:
        raise SessionError(
            "no session chosen: start one with 'scorekeeper loo new NAME --players A,B,C', "
            "pick one with 'scorekeeper use NAME', or give -s NAME"
        )
    path = session_path(folder, spec)
    if not path.is_file():
        hint = "" if is_path(spec) else f" in {folder} ('scorekeeper sessions' lists them)"
        raise SessionError(f"no session {spec!r}{hint}")
    return path


def current_session(folder: Path) -> str | None:
    try:
        name = (folder / CURRENT_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return name if SESSION_NAME.fullmatch(name) else None


def set_current(folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / CURRENT_FILE, (name + "\n").encode())


def list_sessions(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.toml") if SESSION_NAME.fullmatch(p.stem))


# --- reading ---------------------------------------------------------------------------


def to_toml(session: Session) -> dict[str, Any]:
    settings: dict[str, Any] = {"value": str(session.value), "currency": session.currency}
    if session.first_dealer:
        settings["first_dealer"] = session.first_dealer
    settings |= session.settings.to_toml()
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game,
        "players": list(session.players),
        "settings": settings,
        "deals": [deal.to_toml() for deal in session.deals],
    }


def from_toml(data: Mapping[str, Any], name: str = "") -> Session:
    """A session from a parsed file; RuleError (with .where) for what does not validate."""
    if data.get("format") != FORMAT:
        raise _Invalid(("format",), f"not a scorekeeper session (format = {FORMAT!r} missing)")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _Invalid(("version",), f"version {version!r} must be a whole number from 1")
    if version > VERSION:
        raise _Invalid(
            ("version",),
            f"written by a newer scorekeeper (schema version {version}; this one reads up to "
            f"{VERSION}): upgrade scorekeeper",
        )
    try:
        check_keys(data, {"format", "version", "game", "players", "settings", "deals"}, "the file")
    except RuleError as error:
        raise _Invalid((error.key or "",), str(error)) from None
    try:
        rules = get_game(data.get("game"))
    except RuleError as error:
        raise _Invalid(("game",), str(error)) from None
    players = data.get("players")
    if not isinstance(players, list):
        raise _Invalid(("players",), "players must be a list of names in seat order")
    settings = dict(data.get("settings", {}))
    common = {k: settings.pop(k) for k in ("value", "currency", "first_dealer") if k in settings}
    value = common.get("value", "1")
    try:
        value = Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        value = None
    if value is None:
        raise _Invalid(
            ("settings", "value"),
            f"value {common.get('value')!r} must be a money amount written as a string "
            "(value = \"0.05\")",
        )
    currency = common.get("currency", "")
    if not isinstance(currency, str):
        raise _Invalid(("settings", "currency"), f"currency {currency!r} must be a string")
    try:
        game_settings = rules.Settings.from_toml(settings)
    except RuleError as error:
        raise _Invalid(("settings", error.key or ""), str(error)) from None
    try:
        session = Session(
            rules.NAME, tuple(players), game_settings, [], value, currency,
            common.get("first_dealer"), name,
        )
    except RuleError as error:
        raise _Invalid(("players",), str(error)) from None
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise _Invalid(("deals",), "deals must be a list of tables, one a deal")
    for number, raw in enumerate(deals, start=1):
        try:
            if not isinstance(raw, Mapping):
                raise RuleError(f"{raw!r} is not a table")
            session.deals.append(rules.Deal.from_toml(raw, session.players))
        except RuleError as error:
            raise _Invalid(("deals", number), f"deal {number}: {error}") from None
    return session


class _Invalid(RuleError):
    """A file that parses but does not validate, and where in it."""

    def __init__(self, where: tuple[str | int, ...], message: str) -> None:
        self.where = where
        super().__init__(message)


def load(path: Path) -> tuple[Session, Standing]:
    """Read, validate and replay a session file; SessionFileError says what and where."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SessionError(f"no session file {str(path)!r}") from None
    except OSError as error:
        raise SessionError(f"cannot read {str(path)!r}: {error.strerror}") from None
    return parse(raw, str(path), path.stem)


def parse(raw: bytes, label: str, name: str = "") -> tuple[Session, Standing]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SessionFileError(label, line, "not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        if match:
            line = int(match.group(1))
        else:  # "(at end of document)"
            match = re.search(r"\(at end of document\)", message)
            line = text.count("\n") + 1
        message = message[: match.start()].strip() if match else message
        raise SessionFileError(label, line, f"not valid TOML: {message}") from None
    try:
        session = from_toml(data, name)
        return session, replay(session)
    except _Invalid as error:
        raise SessionFileError(label, find_line(text, error.where), str(error)) from None
    except DealError as error:
        raise SessionFileError(label, find_line(text, ("deals", error.number)), str(error)) from None


def check(path: Path) -> list[str]:
    """Every problem of a session file, as 'FILE:LINE: message'."""
    try:
        load(path)
    except SessionFileError as error:
        return [str(error)]
    except SessionError as error:
        return [f"{path}: {error}"]
    return []


def find_line(text: str, where: tuple[str | int, ...]) -> int | None:
    """The line of `where` (("settings", "ante"), ("deals", 3), ...) in a session's text.

    tomllib gives no positions, so this reads the lines the way tomli-w writes them, and the
    ways a person is likely to: deals as `[[deals]]` tables or as one inline table a line.
    """
    lines = text.splitlines()
    if not where:
        return None
    key = where[0]
    if key == "deals" and len(where) > 1 and isinstance(where[1], int):
        number = where[1]
        headers = [i for i, s in enumerate(lines, 1) if s.strip().startswith("[[deals]]")]
        if headers:
            return headers[number - 1] if number <= len(headers) else headers[-1]
        start = _key_line(lines, "deals", table=None)
        if start is None:
            return None
        seen = 0
        for i in range(start, len(lines)):
            if lines[i].lstrip().startswith("{"):
                seen += 1
                if seen == number:
                    return i + 1
        return start
    if key == "settings" and len(where) > 1 and where[1]:
        return _key_line(lines, str(where[1]), table="settings") or _table_line(lines, "settings")
    if key == "settings":
        return _table_line(lines, "settings")
    return _key_line(lines, str(key), table=None)


def _table_line(lines: list[str], table: str) -> int | None:
    for i, s in enumerate(lines, 1):
        if s.strip() == f"[{table}]":
            return i
    return None


def _key_line(lines: list[str], key: str, table: str | None) -> int | None:
    current: str | None = None
    pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
    for i, s in enumerate(lines, 1):
        header = re.match(r"\s*\[+\s*([^\]]+?)\s*\]", s)
        if header:
            current = header.group(1)
            continue
        if current == table and pattern.match(s):
            return i
    return None


# --- writing ---------------------------------------------------------------------------


def dumps(session: Session) -> bytes:
    return tomli_w.dumps(to_toml(session)).encode("utf-8")


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves the old file or the new, never a torn one:
    a temporary file in the same folder, flushed and fsynced, then os.replace."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, path.stat().st_mode & 0o777)
        except FileNotFoundError:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the session's lock (a hidden file beside it) so read-change-writes never overlap."""
    lock_path = path.parent / f".{path.name}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a+b") as lock:
        if sys.platform == "win32":
            import msvcrt

            lock.seek(0)
            msvcrt.locking(lock.fileno(), msvcrt.LK_LOCK, 1)
            try:
                yield
            finally:
                lock.seek(0)
                msvcrt.locking(lock.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


@dataclass(frozen=True)
class Change:
    """What update() did: the session and its standing before and after."""

    before: Session
    standing_before: Standing
    after: Session
    standing: Standing


def update(path: Path, change: Callable[[Session], Session], save: bool = True) -> Change:
    """Under the lock: read the session, apply `change`, replay, and save unless told not to.

    A change that breaks a rule raises before anything is written, so the file is unchanged.
    """
    with locked(path):
        before, standing_before = load(path)
        after = change(before)
        standing = replay(after)
        if save:
            write_atomic(path, dumps(after))
        return Change(before, standing_before, after, standing)


def create(path: Path, session: Session, force: bool) -> None:
    """Write a new session; refuse to replace one without `force`."""
    if path.suffix != ".toml":
        raise SessionError(f"{str(path)!r}: a session file's name ends in .toml")
    path.parent.mkdir(parents=True, exist_ok=True)
    with locked(path):
        if path.exists() and not force:
            raise SessionError(
                f"session {session.name!r} exists already ({path}): use --force to replace it"
            )
        write_atomic(path, dumps(session))
