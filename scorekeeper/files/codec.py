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

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import RuleError, SessionFileError
from ..games import AnyGame, get_game
from ..games.players import Players
from ..i18n import _
from ..seating import is_seating_data, seating_from_data
from ..session import AnySession, DealError, Session, entry_to_data
from ..text import quoted
from ..values import replace, value
from . import tomlread, tomltext

if TYPE_CHECKING:
    from ..history import Revision
    from .outline import Outline

FORMAT = "scorekeeper session"
VERSION = 2
TOP_KEYS = ("format", "version", "game", "date", "paid", "players", "deals", "settings",
            "history")
COMMON_SETTINGS = ("value", "currency", "first_dealer")
HISTORY_KEYS = ("when", "change", "deal", "entry", "before", "after", "was", "now", "nets",
                "why")
#: Where a problem stands: a top-level key (("players",)), a setting (("settings", "ante")),
#: or an entry by index (("deals", 3)); () for the whole file.
Where = tuple[str | int, ...]


@value
class Problem:
    where: Where
    message: str


# --- writing ---------------------------------------------------------------------------------


def top_data(session: AnySession) -> dict[str, Any]:
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
    return [entry_to_data(session.game, entry) for entry in session.entries]


def deal_line(entry: Mapping[str, object]) -> str:
    """One entry as its line of the deals array."""
    return f"    {tomltext.inline_table(entry)},\n"


def dumps(session: AnySession, history: Sequence[Revision] = ()) -> str:
    """The session's file in the canonical layout."""
    return render(top_data(session), entries_data(session), history)


def render(top: Mapping[str, Any], entries: list[dict[str, object]],
           history: Sequence[Revision] = ()) -> str:
    """The canonical text of a header (as `header` gives it), entries as plain data, and
    the history of changes."""
    lines = [f"{k} = {tomltext.value(v)}\n" for k, v in top.items() if k != "settings"]
    if entries:
        lines += ["deals = [\n", *map(deal_line, entries), "]\n"]
    else:
        lines.append("deals = []\n")
    lines.append("\n[settings]\n")
    lines += [f"{tomltext.key(k)} = {tomltext.value(v)}\n" for k, v in top["settings"].items()]
    lines += map(history_block, history)
    return "".join(lines)


def history_block(revision: Revision, newline: str = "\n") -> str:
    """One change's table of the history, with the blank line before it."""
    return newline.join(["", "[[history]]", *(f"{k} = {tomltext.value(v)}" for k, v in
                                              revision_data(revision).items()), ""])


def revision_data(revision: Revision) -> dict[str, Any]:
    """A change as its table of the history holds it: what it did not change left out."""
    data: dict[str, Any] = {"when": revision.when, "change": revision.kind}
    if revision.deal:
        data["deal"] = revision.deal
    if revision.entry:
        data |= {"entry": revision.entry, "before": list(revision.before),
                 "after": list(revision.after)}
    if revision.was or revision.now:
        data |= {"was": revision.was, "now": revision.now}
    if revision.nets:
        data["nets"] = {p: list(n) for p, n in revision.nets.items()}
    if revision.why:
        data["why"] = revision.why
    return data


def revision_from_data(data: object) -> Revision:
    """A change back from its table; RuleError says what is wrong with it."""
    if not isinstance(data, dict):
        raise RuleError(_("{data} is not a table of the history").format(data=quoted(data)))
    unknown = sorted(set(data) - set(HISTORY_KEYS))
    if unknown:
        raise RuleError(_("unknown key {key} in the history: expected {keys}").format(
            key=quoted(unknown[0]), keys=", ".join(HISTORY_KEYS)))
    when, kind = data.get("when"), data.get("change")
    entry, before, after = data.get("entry", 0), data.get("before", []), data.get("after", [])
    deal = data.get("deal", 0)
    was, now, why = data.get("was", {}), data.get("now", {}), data.get("why", "")
    nets = data.get("nets", {})
    if not isinstance(when, datetime.datetime) or when.tzinfo is not None or when.microsecond:
        raise RuleError(_("when {when} must be a local date and time, like when = "
                          "2026-11-29T21:30:00").format(when=quoted(when)))  # to the second
    if type(entry) is not int or type(deal) is not int or not all(isinstance(x, list) and all(
            isinstance(e, dict) for e in x) for x in (before, after)):
        raise RuleError(_("entry must be a number, before and after lists of entries"))
    if not (isinstance(was, dict) and isinstance(now, dict) and isinstance(why, str)
            and isinstance(kind, str) and isinstance(nets, dict)):
        raise RuleError(_("change and why must be text, was, now and nets tables"))
    if not all(isinstance(n, list) and len(n) == 2 and all(type(x) is int for x in n)
               for n in nets.values()):
        raise RuleError(_("nets must give each player's net before and after, like "
                          "Ann = [3, 5]"))
    from ..history import Revision

    return Revision(when, kind, entry, deal, tuple(before), tuple(after), was, now,
                    {p: (n[0], n[1]) for p, n in nets.items()}, why)


# --- reading ---------------------------------------------------------------------------------


def header_from_data(top: Mapping[str, Any], name: str) -> AnySession:
    """The session without its entries from `header`'s data (as this version writes it);
    ValueError if it is not one."""
    problems: list[Problem] = []
    found = _game_and_players(top, problems) if top.get("version") == VERSION else None
    session = None if found is None else _header(top, *found, name, problems)
    if problems or session is None or set(top) - set(TOP_KEYS):
        raise ValueError(f"not a session's header: {problems}")
    return session


@value
class Decoded:
    session: AnySession | None
    """The session, if its header could be read; its entries are those that could be."""
    problems: list[Problem]
    valid: int
    """How many entries, from the first, were read without a problem."""
    history: tuple[Revision, ...] = ()
    """The changes after the fact, those that could be read."""


def decode(data: Mapping[str, Any], name: str = "") -> Decoded:
    """A session from a parsed file, with every problem found: the header's, then each
    entry's on its own."""
    problems: list[Problem] = []
    data = _upgraded(data, problems)
    if problems:
        return Decoded(None, problems, 0)
    for key in data:
        if key not in TOP_KEYS:
            problems.append(Problem((key,), _("unknown key {key} in the file: expected one "
                                              "of {keys}").format(key=quoted(key),
                                                                  keys=", ".join(TOP_KEYS))))
    found = _game_and_players(data, problems)
    if found is None:
        return Decoded(None, problems, 0)
    game, players = found
    header = _header(data, game, players, name, problems)
    entries, valid = _entries(data.get("deals", []), game, players, problems)
    session = None if header is None else replace(header, entries=tuple(entries))
    return Decoded(session, problems, valid, _history(data.get("history", []), problems))


def _history(raw: object, problems: list[Problem]) -> tuple[Revision, ...]:
    """The history of changes, each read on its own."""
    if not isinstance(raw, list):
        problems.append(Problem(("history",), _("the history must be [[history]] tables")))
        return ()
    found = []
    for index, data in enumerate(raw):
        try:
            found.append(revision_from_data(data))
        except RuleError as error:
            problems.append(Problem(("history", index), _(
                "history record {number}: {error}").format(number=index + 1,
                                                                  error=error)))
    return tuple(found)


def _entries(raw_entries: object, game: AnyGame, players: Players, problems: list[Problem]
             ) -> tuple[list[Any], int]:
    """The entries that read well, and how many from the first read well."""
    if not isinstance(raw_entries, list):
        problems.append(Problem(("deals",), _("deals must be a list of tables, one a deal")))
        return [], 0
    entries = []
    valid = None
    deals = 0
    known = players  # everyone seated so far: a newcomer is named in the deals after him
    for index, raw in enumerate(raw_entries):
        is_deal = not isinstance(raw, dict) or (game.is_deal_data(raw)
                                                and not is_seating_data(raw))
        deals += is_deal
        try:
            if not isinstance(raw, dict):
                raise RuleError(_("{data} is not a table").format(data=quoted(raw)))
            if is_seating_data(raw):
                change = seating_from_data(raw, known)
                if change.joins and change.player.casefold() not in {
                        p.casefold() for p in known}:
                    known = _players((*known, change.player))
                entries.append(change)
            else:
                entries.append(game.entry_from_data(raw, known))
        except RuleError as error:
            valid = index if valid is None else valid
            problems += [Problem(("deals", index), (
                _("deal {number}: {error}").format(number=deals, error=each) if is_deal
                else _("entry {number}: {error}").format(number=index + 1, error=each)))
                for each in getattr(error, "errors", [error])]
    return entries, len(entries) if valid is None else valid


def _upgraded(data: Mapping[str, Any], problems: list[Problem]) -> Mapping[str, Any]:
    """`data` in the current schema, or problems with its marker and version."""
    if data.get("format") != FORMAT:
        problems.append(Problem(("format",), _("not a scorekeeper session (format = "
                                               "{format} missing)").format(format=quoted(FORMAT))))
        return data
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        problems.append(Problem(("version",), _("version {version} must be a whole number "
                                                "from 1").format(version=quoted(version))))
    elif version > VERSION:
        problems.append(Problem(("version",), _(
            "written by a newer scorekeeper (schema version {version}; this one reads up to "
            "{newest}): upgrade scorekeeper").format(version=version, newest=VERSION)))
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
        problems.append(Problem(("players",), _("players must be a list of names in seat "
                                                "order")))
        return None
    try:
        return game, _players(tuple(raw_players))
    except (RuleError, TypeError) as error:  # TypeError: a name that is a table
        problems.append(Problem(("players",), str(error) if isinstance(error, RuleError)
                                else _("players must be a list of names in seat order")))
        return None


def players_of(names: tuple[Any, ...]) -> Players:
    """Players from their names (each set of names checked once)."""
    return _players(names)


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
        problems.append(Problem(("settings",), _("settings {settings} must be a table "
                                                 "([settings])").format(settings=quoted(raw))))
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
    for key in COMMON_SETTINGS:
        if key in common and not isinstance(common[key], str):
            problems.append(Problem(("settings", key), _not_text(key, common[key])))
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


def _not_text(key: str, value: object) -> str:
    """What is wrong with a common setting (value, currency, first_dealer) not text."""
    if key == "value":
        return _("value {value} must be a money amount written as a string "
                 "(value = \"0.05\")").format(value=quoted(value))
    if key == "currency":
        return _("currency {value} must be a string").format(value=quoted(value))
    return _("first_dealer {value} must be a player's name").format(value=quoted(value))


def _date(data: Mapping[str, Any], key: str, problems: list[Problem]) -> datetime.date | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, datetime.date) or isinstance(value, datetime.datetime):
        problems.append(Problem((key,), _("{key} {value} must be a date, like {key} = "
                                          "2026-11-29").format(key=key, value=quoted(value))))
        return None
    if not tomlread.has_come(value):
        from ..i18n import day

        problems.append(Problem((key,), _("{key} {day} has not come yet: a sitting and its "
                                          "payment are dated today or earlier").format(
                                              key=key, day=day(value))))
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


def line_of(outline: Outline, where: Where) -> int:
    """The line of `where`: the key's, the setting's, the entry's; else 1."""
    if not where:
        return 1
    index = where[1] if len(where) > 1 else None
    if where[0] == "deals" and isinstance(index, int) and index < len(outline.entries):
        return outline.entries[index].line
    if where[0] == "history" and isinstance(index, int):
        lines = outline.headers.get(("history",), [])
        if index < len(lines):
            return lines[index]
    if where[0] == "settings" and len(where) > 1 and where[1]:
        span = outline.keys.get(("settings", str(where[1])))
        if span:
            return span.line
    span = outline.keys.get((str(where[0]),))
    if span:
        return span.line
    return outline.tables.get((str(where[0]),), 1)
