"""Session files: the only module that reads or writes them.

A session is a TOML file a person can read and correct. It holds a format marker and schema
version, the players, the settings and each deal's inputs; money is written as a string,
since TOML floats are binary and lose cents. Saving is atomic and each read-change-write runs
under a lock; a file that does not parse or validate is never overwritten.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

import tomli_w

from . import __version__
from .errors import RuleError, SessionError, SessionFileError
from .games import get_game
from .games.common import check_keys
from .session import DealError, PlayedDeal, Session, Standing, play_next, replay

try:
    from _blake2 import blake2b  # hashlib would import OpenSSL: 3 ms at every deal
except ImportError:  # not CPython
    from hashlib import blake2b

FORMAT = "scorekeeper session"
VERSION = 1
SESSION_NAME = re.compile(r"[A-Za-z0-9_-]+")
CURRENT_FILE = ".current"


# Paths are plain strings and os.path: pathlib costs 4 ms to import, at every deal.


def default_dir() -> str:
    """The platform's per-user data folder for scorekeeper."""
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
    elif sys.platform == "darwin":
        base = os.path.join(home, "Library", "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return os.path.join(base, "scorekeeper")


def session_dir(option: str | None) -> str:
    """The session folder: --dir, else $SCOREKEEPER_DIR, else the per-user data folder."""
    chosen = option or os.environ.get("SCOREKEEPER_DIR")
    return os.path.expanduser(chosen) if chosen else default_dir()


def session_name(path: str) -> str:
    """A session's name: its file name without .toml."""
    return os.path.splitext(os.path.basename(path))[0]


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


def session_path(folder: str, spec: str) -> str:
    """The file of a session named `spec` in `folder`, or at the path `spec`."""
    if is_path(spec):
        return os.path.expanduser(spec)
    return os.path.join(folder, f"{check_session_name(spec)}.toml")


def find_session(folder: str, spec: str | None) -> str:
    """The session to use: -s, else $SCOREKEEPER_SESSION, else the current one."""
    spec = spec or os.environ.get("SCOREKEEPER_SESSION") or current_session(folder)
    if not spec:
        raise SessionError(
            "no session chosen: start one with 'scorekeeper loo new NAME --players A,B,C', "
            "pick one with 'scorekeeper use NAME', or give -s NAME"
        )
    path = session_path(folder, spec)
    if not os.path.isfile(path):
        hint = "" if is_path(spec) else f" in {folder} ('scorekeeper sessions' lists them)"
        raise SessionError(f"no session {spec!r}{hint}")
    return path


def current_session(folder: str) -> str | None:
    try:
        with open(os.path.join(folder, CURRENT_FILE), encoding="utf-8") as f:
            name = f.read().strip()
    except OSError:
        return None
    return name if SESSION_NAME.fullmatch(name) else None


def set_current(folder: str, name: str) -> None:
    os.makedirs(folder, exist_ok=True)
    write_atomic(os.path.join(folder, CURRENT_FILE), (name + "\n").encode())


def list_sessions(folder: str) -> list[str]:
    if not os.path.isdir(folder):
        return []
    return [
        os.path.join(folder, name)
        for name in sorted(os.listdir(folder))
        if name.endswith(".toml") and SESSION_NAME.fullmatch(name[:-5])
    ]


# --- reading ---------------------------------------------------------------------------


def to_toml(session: Session) -> dict[str, Any]:
    settings: dict[str, Any] = {"value": session.value, "currency": session.currency}
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
    settings = data.get("settings", {})
    if not isinstance(settings, Mapping):
        raise _Invalid(("settings",), f"settings {settings!r} must be a table ([settings])")
    settings = dict(settings)
    common = {k: settings.pop(k) for k in ("value", "currency", "first_dealer") if k in settings}
    value = common.get("value", "1")
    if not isinstance(value, str):
        raise _Invalid(
            ("settings", "value"),
            f"value {value!r} must be a money amount written as a string (value = \"0.05\")",
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
            rules.NAME, tuple(players), game_settings, (), value, currency,
            common.get("first_dealer"), name,
        )
    except RuleError as error:
        raise _Invalid(("settings", error.key) if error.key else ("players",), str(error)) from None
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list):
        raise _Invalid(("deals",), "deals must be a list of tables, one a deal")
    deals = []
    for number, raw in enumerate(raw_deals, start=1):
        try:
            if not isinstance(raw, Mapping):
                raise RuleError(f"{raw!r} is not a table")
            deals.append(rules.Deal.from_toml(raw, session.players))
        except RuleError as error:
            raise _Invalid(("deals", number), f"deal {number}: {error}") from None
    return session._replace(deals=tuple(deals))


class _Invalid(RuleError):
    """A file that parses but does not validate, and where in it."""

    def __init__(self, where: tuple[str | int, ...], message: str) -> None:
        self.where = where
        super().__init__(message)


def load(path: str) -> tuple[Session, Standing]:
    """Read, validate and replay a session file; SessionFileError says what and where."""
    return parse(_read(path), str(path), session_name(path))


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


def check(path: str) -> list[str]:
    """Every problem of a session file, as 'FILE:LINE: message'."""
    try:
        load(path)
    except (SessionFileError, SessionError) as error:
        return [problem(path, error)]
    return []


def problem(path: str, error: Exception) -> str:
    """A load error as 'FILE:LINE: message' (or 'FILE: message')."""
    return str(error) if isinstance(error, SessionFileError) else f"{path}: {error}"


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
        return _table_line(lines, "settings") or _key_line(lines, "settings", table=None)
    return _key_line(lines, str(key), table=None) or _table_line(lines, str(key))


def _table_line(lines: list[str], table: str) -> int | None:
    for i, s in enumerate(lines, 1):
        if s.strip() in (f"[{table}]", f"[[{table}]]"):
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


def write_atomic(path: str, data: bytes, durable: bool = True) -> None:
    """Write `data` to `path` so that a crash leaves the old file or the new, never a torn one:
    a temporary file in the same folder, flushed and fsynced, then os.replace. `durable`
    False skips the fsyncs (for a cache, which is checked when read)."""
    path = os.fspath(path)
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        try:
            os.chmod(tmp, os.stat(path).st_mode & 0o777)
        except FileNotFoundError:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if durable and hasattr(os, "O_DIRECTORY"):
        dir_fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold the session's lock (a hidden file beside it) so read-change-writes never overlap."""
    folder, name = os.path.split(os.fspath(path))
    lock_path = os.path.join(folder, f".{name}.lock")
    if folder:
        os.makedirs(folder, exist_ok=True)
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


class Change(NamedTuple):
    """What update() did: the session and its standing before and after."""

    before: Session
    standing_before: Standing
    after: Session
    standing: Standing


def update(path: str, change: Callable[[Session], Session]) -> Change:
    """Under the lock: read the session, apply `change`, replay, and save.

    A change that breaks a rule raises before anything is written, so the file is unchanged.
    """
    with locked(path):
        before, standing_before = load(path)
        after = change(before)
        standing = replay(after)
        _save(path, tomli_w.dumps(to_toml(after)), after, standing.state, standing.balances,
              standing.next_dealer, len(after.deals))
        return Change(before, standing_before, after, standing)


class Recorded(NamedTuple):
    """What add_deal() did."""

    session: Session
    """The session's players and settings (its deals are not all loaded)."""
    played: PlayedDeal
    next_dealer: str


def add_deal(path: str, raw_deal: Mapping[str, Any], game: str, save: bool = True) -> Recorded:
    """Under the lock: check one more deal (its TOML form) against the session, and append it.

    This is the command run at the table after every deal, so it is kept fast. The standing
    after the last save is cached beside the file, keyed by the file's exact bytes, and used
    instead of replaying the whole sitting when the file is as this version of scorekeeper
    last wrote it; the new deal's line is then added to the text as tomli-w would write it.
    Anything else (a hand-edited file, a cache from another version) is read and replayed in
    full. A deal that breaks a rule raises RuleError before anything is written.
    """
    with locked(path):
        raw = _read(path)
        cached = _read_cache(path, raw)
        if cached is not None:
            header, state_data, balances, dealer, count = cached
            session = from_toml(header, session_name(path))
            state = session.rules.state_from_data(state_data)
        else:
            session, standing = parse(raw, str(path), session_name(path))
            state, balances, dealer = standing.state, standing.balances, standing.next_dealer
            count = len(session.deals)
        if session.game != game:
            raise SessionError(f"session {session.name!r} is a {session.game} session, not {game}")
        deal = session.rules.Deal.from_toml(raw_deal, session.players)
        played = play_next(session, state, balances, dealer, count + 1, deal)
        after = session.rules.next_dealer(played.state, session.players, played.dealer, deal)
        if save:
            text = _append_deal(raw.decode("utf-8"), deal.to_toml()) if cached else None
            if text is None:
                full = tomllib.loads(raw.decode("utf-8")) if cached else to_toml(session)
                full["deals"] = [*full["deals"], deal.to_toml()]
                text = tomli_w.dumps(full)
            _save(path, text, session, played.state, played.balances, after, count + 1)
        return Recorded(session, played, after)


def _append_deal(text: str, deal: dict[str, Any]) -> str | None:
    """`text`, written by tomli-w with every deal an inline table on its own line, with one
    more deal line: what tomli-w would write for the whole. None when the deal would not be
    an inline table (tomli-w then writes every deal as a [[deals]] table)."""
    rendered = tomli_w.dumps({"deals": [deal]})
    if not rendered.startswith("deals = [\n"):
        return None
    line = rendered.split("\n")[1] + "\n"
    if "\ndeals = []\n" in text:
        return text.replace("\ndeals = []\n", f"\ndeals = [\n{line}]\n", 1)
    start = text.find("\ndeals = [\n")
    end = text.find("\n]\n", start)
    if start < 0 or end < 0:
        return None
    return text[: end + 1] + line + text[end + 1 :]


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise SessionError(f"no session file {str(path)!r}") from None
    except OSError as error:
        raise SessionError(f"cannot read {str(path)!r}: {error.strerror}") from None


def _save(
    path: str, text: str, session: Session, state: Any, balances: dict[str, int], dealer: str,
    count: int,
) -> None:
    """Write the session's text, then the cache of its standing: the session without its
    deals, the state, balances and next dealer after them, and how many there are. A cache
    that cannot be written only makes the next deal slower."""
    data = text.encode("utf-8")
    write_atomic(path, data)
    header = to_toml(session._replace(deals=()))
    state_data = session.rules.state_to_data(state)
    cache = (_cache_key(data), header, state_data, balances, dealer, count)
    try:
        write_atomic(_cache_path(path), marshal.dumps(cache), durable=False)
    except (OSError, ValueError):
        pass


def _cache_path(path: str) -> str:
    folder, name = os.path.split(os.fspath(path))
    return os.path.join(folder, f".{name}.cache")


def _cache_key(data: bytes) -> bytes:
    """The file's exact bytes and this version of scorekeeper."""
    return blake2b(data, person=__version__.encode()[:16]).digest()


def _read_cache(path: str, data: bytes) -> tuple[Any, ...] | None:
    try:
        with open(_cache_path(path), "rb") as f:
            cache = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(cache, tuple) or len(cache) != 6 or cache[0] != _cache_key(data):
        return None
    return cache[1:]


def create(path: str, session: Session, force: bool) -> None:
    """Write a new session; refuse to replace one without `force`."""
    if not os.fspath(path).endswith(".toml"):
        raise SessionError(f"{str(path)!r}: a session file's name ends in .toml")
    with locked(path):
        if os.path.exists(path) and not force:
            raise SessionError(
                f"session {session.name!r} exists already ({path}): use --force to replace it"
            )
        write_atomic(path, dumps(session))
