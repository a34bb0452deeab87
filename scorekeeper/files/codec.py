"""Session files: how a session is written as TOML, and read back.

The codec alone knows the file's form. A file holds a format marker and schema version,
the game, the sitting's date (and the day it was paid), the players, one line per deal
holding its inputs only, and the settings. A session the tool writes has one canonical
layout, whatever wrote it:

    format = "scorekeeper session"
    version = 2
    game = "loo"
    date = 2026-11-29
    players = ["Ann", "Bob", "Cid"]
    deals = [
        { tricks = { Ann = 2, Bob = 1, Cid = 0 } },
    ]

    [settings]
    value = "0.05"
    ...

Money is written as a string (value = "0.05"): TOML floats are binary and lose cents.
Version 1 files (tricks as "Ann=2 Bob=1" strings) are upgraded when read.
"""


import datetime
import re
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import RuleError, SessionFileError
from ..games import GAMES, AnyGame, get_game
from ..games.players import Players
from ..session import AnySession, DealError, Session
from . import tomltext

if TYPE_CHECKING:
    from .outline import Outline

FORMAT = "scorekeeper session"
VERSION = 2
TOP_KEYS = ("format", "version", "game", "date", "paid", "players", "deals", "settings")
COMMON_SETTINGS = ("value", "currency", "first_dealer")
#: Where a problem stands: a top-level key (("players",)), a setting (("settings", "ante")),
#: or an entry by index (("deals", 3)); () for the whole file.
Where = tuple[str | int, ...]


class Problem(NamedTuple):
    where: Where
    message: str


# --- writing ---------------------------------------------------------------------------------


def header(session: AnySession) -> dict[str, Any]:
    """The session without its entries, as plain data (the top of its file)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": session.game.name}
    if session.date:
        data["date"] = session.date
    if session.paid:
        data["paid"] = session.paid
    data["players"] = list(session.players)
    settings: dict[str, object] = {"value": session.value, "currency": session.currency}
    if session.first_dealer:
        settings["first_dealer"] = session.first_dealer
    data["settings"] = settings | session.game.settings_to_data(session.settings)
    return data


def entries_data(session: AnySession) -> list[dict[str, object]]:
    return [session.game.entry_to_data(entry) for entry in session.entries]


def deal_line(entry: Mapping[str, object]) -> str:
    """One entry as its line of the deals array."""
    return f"    {tomltext.inline_table(entry)},\n"


def dumps(session: AnySession) -> str:
    """The session's file in the canonical layout."""
    return render(header(session), entries_data(session))


def render(top: Mapping[str, Any], entries: list[dict[str, object]]) -> str:
    """The canonical text of a header (as `header` gives it) and entries as plain data."""
    lines = [f"{k} = {tomltext.value(v)}\n" for k, v in top.items() if k != "settings"]
    if entries:
        lines += ["deals = [\n", *map(deal_line, entries), "]\n"]
    else:
        lines.append("deals = []\n")
    lines.append("\n[settings]\n")
    lines += [f"{tomltext.key(k)} = {tomltext.value(v)}\n" for k, v in top["settings"].items()]
    return "".join(lines)


def deals_end(text: str) -> int | None:
    """Where the next deal's line goes in a canonical text: before the deals array's closing
    bracket. None when it has no deals (the array is written `deals = []`)."""
    end = text.find("\n]\n\n[settings]\n")
    return None if end < 0 else end + 1


# --- reading ---------------------------------------------------------------------------------


def parse(raw: bytes, label: str) -> tuple[str, dict[str, Any]]:
    """The text of a file (a UTF-8 byte-order mark dropped) and its TOML data."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SessionFileError(label, line, "not UTF-8 text") from None
    text = text.removeprefix("\ufeff")
    fast = _deal_lines(text)
    if fast is not None:
        return text, fast
    import tomllib  # here: a deal added from the cached standing parses nothing (3 ms)

    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", message)
        line = int(match.group(1)) if match and match.group(1) else text.count("\n") + 1
        message = message[: match.start()].strip() if match else message
        raise SessionFileError(label, line, f"not valid TOML: {message}") from None
    except (ValueError, RecursionError, MemoryError) as error:
        # tomllib raises these for integers past Python's digit limit and deep nesting
        what = "nested too deep" if isinstance(error, RecursionError) else str(error)
        raise SessionFileError(label, 1, f"not a session this tool can read: {what}") from None


#: A TOML basic string, as far as where it ends (JSON reads what is in it).
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _deal_lines(text: str) -> dict[str, Any] | None:
    """The data of a file whose deals are written one inline table a line, as this tool
    writes them, read fast: the rest of the file by tomllib, the deals, which are most of a
    long sitting, as JSON (the subset of TOML this tool writes for a deal is JSON but for
    its keys, which are quoted here). None for any file this cannot read exactly as tomllib
    would: it is then read by tomllib."""
    start = text.find("\ndeals = [\n")
    if start < 0:
        return None
    first = start + len("\ndeals = [\n")
    end = text.find("\n]\n", first - 1)
    if end < 0:
        return None
    lines = text[first:end + 1]
    import tomllib

    try:
        data = tomllib.loads(text[:start + 1] + "deals = []\n" + text[end + 3:])
        name, players = data.get("game"), data.get("players")
        game = GAMES[name] if isinstance(name, str) and name in GAMES else None
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, TypeError):
        return None
    if data.get("deals") != [] or game is None or not isinstance(players, list):
        return None
    entries = _json_lines(lines, [*game.entry_keys, *(p for p in players if isinstance(p, str)
                                                      and tomltext.is_bare(p))])
    if entries is None:
        return None
    data["deals"] = entries
    return data


def _json_lines(lines: str, keys: list[str]) -> list[Any] | None:
    """Lines `    { key = value, ... },` (bare keys among `keys`) as JSON would read them,
    or None if they might not mean to JSON what they mean to TOML."""
    if not lines:
        return []
    rows = lines.split("\n")[:-1]
    if not all(row.startswith("    {") and row.endswith("},") for row in rows):
        return None  # every table on its own line: JSON would read one over several
    if ("\x7f" in lines or "\\/" in lines or "null" in lines
            or re.search(r"\\u[dD][89a-fA-F]", lines)):
        return None  # a raw DEL, an escaped slash, a half surrogate and null are JSON's alone
    if any(" = " in found for found in _STRING.findall(lines)):
        return None
    for key in keys:
        lines = lines.replace(f"{{ {key} = ", f'{{ "{key}": ').replace(f", {key} = ",
                                                                       f', "{key}": ')
    lines = lines.replace('" = ', '": ')
    if " = " in lines:
        return None  # a key not known here
    import json

    try:
        found: list[Any] = json.loads(f"[{lines[:-2]}]", object_pairs_hook=_table,
                                      parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError):
        return None
    return found


def _table(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table = dict(pairs)
    if len(table) != len(pairs):
        raise ValueError("a key given twice: not TOML")
    return table


def _no_float(text: str) -> Any:
    raise ValueError("a float")


def header_from_data(top: Mapping[str, Any], name: str) -> AnySession:
    """The session without its entries from `header`'s data (as this version writes it);
    ValueError if it is not one."""
    problems: list[Problem] = []
    found = _game_and_players(top, problems) if top.get("version") == VERSION else None
    session = None if found is None else _header(top, *found, name, problems)
    if problems or session is None or set(top) - set(TOP_KEYS):
        raise ValueError(f"not a session's header: {problems}")
    return session


class Decoded(NamedTuple):
    session: AnySession | None
    """The session, if its header could be read; its entries are those that could be."""
    problems: list[Problem]
    valid: int
    """How many entries, from the first, were read without a problem."""


def decode(data: Mapping[str, Any], name: str = "") -> Decoded:
    """A session from a parsed file, with every problem found: the header's, then each
    entry's on its own."""
    problems: list[Problem] = []
    data = _upgraded(data, problems)
    if problems:
        return Decoded(None, problems, 0)
    for key in data:
        if key not in TOP_KEYS:
            problems.append(Problem((key,), f"unknown key {key!r} in the file: expected one of "
                                    f"{', '.join(TOP_KEYS)}"))
    found = _game_and_players(data, problems)
    if found is None:
        return Decoded(None, problems, 0)
    game, players = found
    header = _header(data, game, players, name, problems)
    entries, valid = _entries(data.get("deals", []), game, players, problems)
    session = None if header is None else replace(header, entries=tuple(entries))
    return Decoded(session, problems, valid)


def _entries(raw_entries: object, game: AnyGame, players: Players, problems: list[Problem]
             ) -> tuple[list[Any], int]:
    """The entries that read well, and how many from the first read well."""
    if not isinstance(raw_entries, list):
        problems.append(Problem(("deals",), "deals must be a list of tables, one a deal"))
        return [], 0
    entries = []
    valid = None
    deals = 0
    for index, raw in enumerate(raw_entries):
        is_deal = not isinstance(raw, dict) or game.is_deal_data(raw)
        deals += is_deal
        try:
            if not isinstance(raw, dict):
                raise RuleError(f"{raw!r} is not a table")
            entries.append(game.entry_from_data(raw, players))
        except RuleError as error:
            valid = index if valid is None else valid
            what = f"deal {deals}" if is_deal else f"entry {index + 1}"
            problems += [Problem(("deals", index), f"{what}: {each}")
                         for each in getattr(error, "errors", [error])]
    return entries, len(entries) if valid is None else valid


def _upgraded(data: Mapping[str, Any], problems: list[Problem]) -> Mapping[str, Any]:
    """`data` in the current schema, or problems with its marker and version."""
    if data.get("format") != FORMAT:
        problems.append(Problem(("format",), f"not a scorekeeper session (format = "
                                f"{FORMAT!r} missing)"))
        return data
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        problems.append(Problem(("version",), f"version {version!r} must be a whole number "
                                "from 1"))
    elif version > VERSION:
        problems.append(Problem(("version",), f"written by a newer scorekeeper (schema version "
                                f"{version}; this one reads up to {VERSION}): upgrade "
                                "scorekeeper"))
    elif version == 1:
        from .upgrade import from_version_1

        return from_version_1(data)
    return data


def _game_and_players(data: Mapping[str, Any], problems: list[Problem]
                      ) -> tuple[AnyGame, Players] | None:
    try:
        game = get_game(data.get("game"))
    except RuleError as error:
        problems.append(Problem(("game",), str(error)))
        return None
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        problems.append(Problem(("players",), "players must be a list of names in seat order"))
        return None
    try:
        return game, _players(tuple(raw_players))
    except (RuleError, TypeError) as error:  # TypeError: a name that is a table
        problems.append(Problem(("players",), str(error) if isinstance(error, RuleError)
                                else "players must be a list of names in seat order"))
        return None


@lru_cache(maxsize=64)
def _players(names: tuple[Any, ...]) -> Players:
    """The players of a session; the same players of many sittings are checked once."""
    return Players(names)


def _settings(game: AnyGame, raw: Mapping[str, Any]) -> Any:
    """A game's settings from its data; the same settings of many sittings read once."""
    try:
        key = tuple((k, v) for k, v in raw.items() if type(v) in (str, int, bool))
    except TypeError:  # pragma: no cover - keys are always text
        key = ()
    if len(key) != len(raw):  # a value that is a list (a chip table): read it each time
        return game.settings_from_data(raw)
    return _settings_of(game, key)


@lru_cache(maxsize=64)
def _settings_of(game: AnyGame, items: tuple[tuple[str, Any], ...]) -> Any:
    return game.settings_from_data(dict(items))


def _header(data: Mapping[str, Any], game: AnyGame, players: Players, name: str,
            problems: list[Problem]) -> AnySession | None:
    """The session's settings and the rest of its top (no entries yet), or None with
    problems."""
    raw = data.get("settings", {})
    if not isinstance(raw, Mapping):
        problems.append(Problem(("settings",), f"settings {raw!r} must be a table ([settings])"))
        return None
    before = len(problems)
    dates = [_date(data, key, problems) for key in ("date", "paid")]
    try:
        game_settings = _settings(game, {k: v for k, v in raw.items()
                                         if k not in COMMON_SETTINGS})
    except RuleError as error:
        problems += [Problem(("settings", e.field or ""), str(e))
                     for e in getattr(error, "errors", [error])]
    common = {k: raw[k] for k in COMMON_SETTINGS if k in raw}
    for key, kind in (("value", "a money amount written as a string (value = \"0.05\")"),
                      ("currency", "a string"), ("first_dealer", "a player's name")):
        if key in common and not isinstance(common[key], str):
            problems.append(Problem(("settings", key), f"{key} {common[key]!r} must be {kind}"))
    if len(problems) > before:
        return None
    try:
        return Session(game, players, game_settings, (), common.get("value", "1"),
                       common.get("currency", ""), common.get("first_dealer"), name, *dates)
    except RuleError as error:
        where: Where = ("players",) if error.field == "players" else ("settings",
                                                                       error.field or "")
        problems.append(Problem(where, str(error)))
        return None


def _date(data: Mapping[str, Any], key: str, problems: list[Problem]) -> datetime.date | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, datetime.date) or isinstance(value, datetime.datetime):
        problems.append(Problem((key,), f"{key} {value!r} must be a date, like {key} = "
                                "2026-11-29"))
        return None
    return value


def located(text: str, label: str, problems: list[Problem]) -> list[SessionFileError]:
    """Each problem as FILE:LINE: message, in the order of the lines."""
    from .outline import outline as layout_of

    try:
        outline = layout_of(text) if problems and text else None
    except (ValueError, IndexError, AssertionError):  # a layout the outline misreads
        outline = None
    found = [SessionFileError(label, line_of(outline, p.where) if outline else 1, p.message)
             for p in problems]
    return sorted(found, key=lambda error: error.line or 0)


def deal_problem(error: DealError) -> Problem:
    """A rule an entry breaks, at that entry."""
    return Problem(("deals", error.index), str(error))


def line_of(outline: "Outline", where: Where) -> int:
    """The line of `where`: the key's, the setting's, the entry's; else 1."""
    if not where:
        return 1
    index = where[1] if where[0] == "deals" and len(where) > 1 else None
    if isinstance(index, int) and index < len(outline.deals):
        return outline.deals[index].line
    if where[0] == "settings" and len(where) > 1 and where[1]:
        span = outline.keys.get(("settings", str(where[1])))
        if span:
            return span.line
    span = outline.keys.get((str(where[0]),))
    if span:
        return span.line
    return outline.tables.get((str(where[0]),), 1)
