"""What the commands do to session files: load, check, record a deal, amend one, undo, mark
paid, create, and save an edited text. Every change is a read-change-write under the
session's lock; a change that breaks a rule raises before anything is written, so the file
is unchanged.

A file the tool wrote has one canonical layout (codec.dumps), and a change rewrites it in
that layout. A file a person laid out by hand is changed as text where the change falls
(textedit), and the result must read back as the session meant, so nothing a person wrote is
lost.
"""


import datetime
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from typing import Any, NamedTuple

from . import atomic, cache, codec
from .errors import SessionError, SessionFileError
from .games import GAMES
from .paths import session_name
from .session import AnySession, DealError, Played, Standing, nets, play_next, replay, start

BOM = "\ufeff"


class Loaded(NamedTuple):
    """A session file read, checked and replayed."""

    path: str
    """The file itself (through any symbolic link)."""
    raw: bytes
    session: AnySession
    played: list[Played[Any, Any, Any]]
    standing: Standing[Any]


# --- reading -----------------------------------------------------------------------------


def _state_version(game: str) -> int | None:
    return GAMES[game].state_version if game in GAMES else None


def _restore(header: Mapping[str, Any]) -> dict[str, Any]:
    """A header as the cache keeps it (dates as text) back to plain data."""
    return {k: datetime.date.fromisoformat(v) if k in ("date", "paid") else v
            for k, v in header.items()}


def _cacheable(header: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, datetime.date) else v for k, v in header.items()}


def _decode(data: Mapping[str, Any], text: str | None, label: str) -> AnySession:
    """The session from parsed data; the first problem as FILE:LINE: message."""
    decoded = codec.decode(data, session_name(label))
    if decoded.problems or decoded.session is None:
        raise codec.located(text or "", label, decoded.problems)[0]
    return decoded.session


def _replay(session: AnySession, text: str, label: str) -> tuple[list[Played[Any, Any, Any]],
                                                                  Standing[Any]]:
    try:
        return replay(session)
    except DealError as error:
        raise codec.located(text, label, [codec.deal_problem(error)])[0] from None


def load(path: str) -> Loaded:
    """Read, check and replay a session file; SessionFileError says what and where. The
    cached standing spares the TOML parse; a missing or stale one is written afresh."""
    real = atomic.real_path(path)
    raw = atomic.read_file(real)
    kept = cache.read(real, raw, _state_version)
    if kept is not None:
        try:
            session = _decode(_restore(kept.header) | {"deals": kept.entries}, None, path)
            played, standing = replay(session)
            return Loaded(real, raw, session, played, standing)
        except Exception:  # a damaged cache is not trusted: read the file itself
            pass
    text, data = codec.parse(raw, path)
    session = _decode(data, text, path)
    played, standing = _replay(session, text, path)
    keep_standing(real, raw, session, standing)
    return Loaded(real, raw, session, played, standing)


def load_standing(path: str) -> tuple[AnySession, Standing[Any]]:
    """The session's players and settings and where it stands, from the cached standing
    when it is good (no replay), else by loading it in full. The session holds no entries
    when it comes from the cache."""
    real = atomic.real_path(path)
    raw = atomic.read_file(real)
    kept = cache.read(real, raw, _state_version)
    if kept is not None:
        try:
            return _from_cache(kept, path)
        except Exception:  # a damaged cache is not trusted: read the file itself
            pass
    loaded = load(path)
    return loaded.session, loaded.standing


def _fast_path(real: str, raw: bytes, label: str
               ) -> tuple[cache.Cached, str, AnySession, Standing[Any]] | None:
    """The cached standing and the file's text, if a deal can be added from them alone:
    the cache is sound and says where in the text the next deal's line goes."""
    kept = cache.read(real, raw, _state_version)
    if kept is None or kept.deals_end is None:
        return None
    try:
        text = raw.decode("utf-8")
        end = kept.deals_end
        if not (0 < end < len(text) and text[end - 1] == "\n" and text[end] == "]"):
            return None  # not where a canonical file's deals end
        return (kept, text, *_from_cache(kept, label))
    except Exception:  # a damaged cache is not trusted: read the file itself
        return None


def _from_cache(kept: cache.Cached, label: str) -> tuple[AnySession, Standing[Any]]:
    session = _decode(_restore(kept.header), None, label)
    state = session.game.state_from_data(kept.state)
    return session, Standing(dict(kept.balances), state, kept.next_dealer, kept.deals,
                             len(kept.entries))


class Checked(NamedTuple):
    """What `check` finds in a session file."""

    problems: list[SessionFileError]
    """Every problem, as FILE:LINE: message, in the order of the lines."""
    session: AnySession | None
    """The session, when there is no problem."""
    deals: int
    """Its deals, when there is no problem."""


def check(path: str) -> Checked:
    """Every problem of a session file: the header's and each entry's on its own, then the
    first entry the replay finds breaking a rule."""
    try:
        raw = atomic.read_file(atomic.real_path(path))
    except SessionError as error:
        return Checked([SessionFileError(path, None, str(error))], None, 0)
    return examine(raw, path)


def examine(raw: bytes, label: str) -> Checked:
    """What `check` says of a file holding `raw`."""
    try:
        text, data = codec.parse(raw, label)
    except SessionFileError as error:
        return Checked([error], None, 0)
    decoded = codec.decode(data, session_name(label))
    problems, deals = list(decoded.problems), 0
    if decoded.session is not None:
        try:
            deals = replay(decoded.session, decoded.session.entries[:decoded.valid])[1].deals
        except DealError as error:
            problems.append(codec.deal_problem(error))
    if problems:
        return Checked(codec.located(text, label, problems), None, 0)
    return Checked([], decoded.session, deals)


# --- writing -----------------------------------------------------------------------------


@contextmanager
def changing(path: str, dry_run: bool = False) -> Iterator[str]:
    """Hold the lock of the file `path` names for a change (none for a dry run, which
    writes nothing and so needs no write access); yields the real path."""
    real = atomic.real_path(path)
    with nullcontext() if dry_run else atomic.locked(real):
        if not dry_run:
            atomic.check_writable(real)
            atomic.remove_stale_temps(real)
        yield real


def keep_standing(real: str, raw: bytes, session: AnySession, standing: Standing[Any],
                  entries: list[dict[str, object]] | None = None) -> None:
    """Write the cached standing of the file holding `raw`. `entries`: the entries' data,
    when the file is canonical and `session` holds none of them (the fast path)."""
    if entries is None:
        text = codec.dumps(session)
        canonical = raw == text.encode("utf-8")
        entries = codec.entries_data(session)
    else:
        text, canonical = raw.decode("utf-8"), True
    game = session.game
    kept = cache.Cached(
        _cacheable(codec.header(session)), entries,
        game.state_to_data(standing.state), standing.balances, standing.next_dealer,
        standing.deals, codec.deals_end(text) if canonical else None, nets(session, standing))
    cache.write(real, raw, game.name, game.state_version, kept)


def write_text(real: str, raw_before: bytes, text: str) -> bytes:
    """Save `text` over the file that held `raw_before`, keeping its byte-order mark."""
    data = ((BOM if raw_before.startswith(BOM.encode()) else "") + text).encode("utf-8")
    atomic.write_atomic(real, data)
    return data


def changed_text(loaded: Loaded, after: AnySession, edit: Callable[[str], str],
                 drops: int | None = None) -> str:
    """The text of `after`: canonical if the file was, else the file's own text with
    `edit` applied, read back to be sure it says what `after` does and that every comment
    is still there (but those of entry `drops`, which the edit removes)."""
    text, data = codec.parse(loaded.raw, loaded.path)
    if data.get("version") != codec.VERSION:
        _keep_older(loaded)
        return codec.dumps(after)
    if text == codec.dumps(loaded.session):
        return codec.dumps(after)
    try:
        new = edit(text)
        decoded = codec.decode(codec.parse(new.encode(), loaded.path)[1])
        same = decoded.session is not None and not decoded.problems and (
            codec.header(decoded.session), codec.entries_data(decoded.session)) == (
            codec.header(after), codec.entries_data(after)) and _comments_kept(text, new, drops)
    except (SessionFileError, ValueError, IndexError, AssertionError):  # a layout misread
        same = False
    if not same:
        raise SessionError(f"{loaded.path!r} is laid out in a way this change cannot be made "
                           "to without losing what is written in it; nothing was changed "
                           "(make the change with 'scorekeeper edit')")
    return new


def _comments_kept(old: str, new: str, drops: int | None) -> bool:
    """Whether every comment of `old` is in `new`, but those on the lines of entry `drops`
    (which an undo removes with it)."""
    from collections import Counter

    from .outline import Outline, outline

    def comments(text: str, layout: Outline, skip: tuple[int, int] = (0, 0)) -> Counter[str]:
        return Counter(text[c.start:c.end].rstrip("\r") for c in layout.comments
                       if not skip[0] <= c.start < skip[1])

    before, removed = outline(old), (0, 0)
    if drops is not None:
        span = before.deals[drops]
        line_end = old.find("\n", span.end)
        removed = (span.start, len(old) if line_end < 0 else line_end)
    return not comments(old, before, removed) - comments(new, outline(new))


def _keep_older(loaded: Loaded) -> None:
    """Keep a file of an older version, as it was, beside the session (NAME.toml.v1)
    before it is rewritten in this version's layout: what a person wrote in it is kept."""
    import os

    older = f"{loaded.path}.v1"
    if not os.path.exists(older):
        atomic.write_atomic(older, loaded.raw)


def check_open(session: AnySession) -> None:
    if session.paid:
        raise SessionError(f"session {session.name!r} was paid on {session.paid}: reopen it "
                           "with 'scorekeeper paid --undo' to change its deals")


class Recorded(NamedTuple):
    """What `record` did."""

    session: AnySession
    """The session's players and settings (its entries are not all loaded)."""
    played: Played[Any, Any, Any]
    standing: Standing[Any]
    """Where the sitting stands after the new entry."""


Build = Callable[[AnySession], Any]
"""Makes the new entry, its players named as typed and found among the session's."""


def record(path: str, build: Build, dry_run: bool = False) -> Recorded:
    """Under the lock: build one more entry for the session, play it, and append it.

    This runs at the table after every deal, so it is kept fast: when the cached standing
    matches the file, the whole sitting is not replayed and the deal's line is added to the
    text where the canonical layout puts it.
    """
    with changing(path, dry_run) as real:
        raw = atomic.read_file(real)
        fast = _fast_path(real, raw, path)
        loaded: Loaded | None = None
        if fast is None:
            loaded = load(path)
            session, standing = loaded.session, loaded.standing
        else:
            kept, text, session, standing = fast
        check_open(session)
        entry = build(session)
        try:
            played, after = play_next(session, standing, entry)
        except DealError as error:
            raise error.error from None  # the deal being recorded needs no number
        if dry_run:
            return Recorded(session, played, after)
        data = session.game.entry_to_data(entry)
        entries: list[dict[str, object]] | None = None
        if loaded is None:  # the fast path: the line goes where the cache says the deals end
            new = text[:kept.deals_end] + codec.deal_line(data) + text[kept.deals_end:]
            entries = [*kept.entries, data]
        else:
            from . import textedit  # a file laid out by hand: only such a file needs it

            session = _append(loaded.session, entry)
            new = changed_text(loaded, session, lambda t: textedit.append_entry(t, data))
        written = write_text(real, raw, new)
        keep_standing(real, written, session, after, entries)
        return Recorded(session, played, after)


def _append(session: AnySession, entry: Any) -> AnySession:
    from dataclasses import replace

    return replace(session, entries=(*session.entries, entry))


def create(path: str, session: AnySession, force: bool) -> str:
    """Write a new session; refuse to replace one without `force`. Its file's path."""
    import os

    if not path.endswith(".toml"):
        raise SessionError(f"{path!r} is a path, and a session file's name ends in .toml "
                           "(or give a name of letters, digits, '-' and '_')")
    folder = os.path.dirname(path)
    try:
        if folder:
            os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise SessionError(f"cannot make the folder {folder!r}: {error.strerror}") from None
    with changing(path) as real:
        if os.path.lexists(path) and not force:
            raise SessionError(f"session {session.name!r} exists already ({path}): use --force "
                               "to replace it")
        if os.path.exists(real) and not os.path.isfile(real):
            raise SessionError(f"{path!r} leads to {real!r}, which is not a session file: it "
                               "is not replaced")
        text = codec.dumps(session)
        data = write_text(real, b"", text)
        keep_standing(real, data, session, start(session))
    return path


def game_of(path: str) -> str:
    """The game of the session at `path` (from its cached standing when it is good)."""
    real = atomic.real_path(path)
    kept = cache.read(real, atomic.read_file(real), _state_version)
    if kept is not None and isinstance(kept.header.get("game"), str):
        return str(kept.header["game"])
    return load(path).session.game.name



class Summary(NamedTuple):
    """What the book needs of a sitting, read from its cached standing."""

    path: str
    name: str
    game: str
    date: datetime.date
    """The day of the sitting; for a file without one, the day the file was last written."""
    paid: datetime.date | None
    deals: int
    value: str
    currency: str
    players: tuple[str, ...]
    nets: dict[str, int]
    """Each player's net if the sitting ended now."""


def summary(path: str) -> Summary:
    """The sitting at `path` in brief, from its cached standing (no replay) when it is
    good; else it is loaded in full, and the cache written for next time."""
    real = atomic.real_path(path)
    raw = atomic.read_file(real)
    kept = cache.read(real, raw, _state_version)
    if kept is not None:
        try:
            return _summary(path, real, kept.header, kept.deals, kept.nets)
        except Exception:  # a damaged cache is not trusted: read the file itself
            pass
    loaded = load(path)
    session = loaded.session
    return _summary(path, real, _cacheable(codec.header(session)), loaded.standing.deals,
                    nets(session, loaded.standing))


def _summary(path: str, real: str, top: Mapping[str, Any], deals: int,
             net: Mapping[str, int]) -> Summary:
    settings = top["settings"]
    date = top.get("date")
    players = tuple(top["players"])
    if not all(isinstance(p, str) and isinstance(net[p], int) for p in players):
        raise ValueError("not a sitting's nets")
    return Summary(
        path, session_name(path), str(top["game"]),
        datetime.date.fromisoformat(date) if date else _file_date(real),
        datetime.date.fromisoformat(top["paid"]) if top.get("paid") else None,
        int(deals), str(settings["value"]), str(settings["currency"]), players, dict(net))


def _file_date(path: str) -> datetime.date:
    import os

    try:
        return datetime.date.fromtimestamp(os.stat(path).st_mtime)
    except OSError as error:
        raise SessionError(f"cannot read {path!r}: {error.strerror}") from None
