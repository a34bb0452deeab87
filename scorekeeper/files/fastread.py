"""Reading a long session file fast, exactly as tomllib would.

A long sitting is mostly its deals, one inline table a line, and its history of changes,
one [[history]] table of `key = value` lines each -- as this tool writes them. For those,
the subset of TOML this tool writes is JSON but for its keys, which are quoted here, and
its dates and times; so they are read by Python's JSON reader, and the rest of the file (a
few lines) by tomllib. A file this cannot read exactly as tomllib would is left to tomllib:
the answer is None, never another meaning.

Why it is kept (`benchmarks/bench.py --only readers`, this machine): tomllib reads a
10,000-deal session in 525 ms, this in 77 ms, 6.8x faster (the line "read 10,000 deals:
tomllib / fastread"); a 200,000-deal sitting is read in 0.8 s. `show`, `check` and every
change read in full go through it, and show 10k's bar (6x the floor, ~260 ms) could not be
met with tomllib's half second. The folder's payments, one a line, it reads in 22 ms
against tomllib's 50 ms for 1,000 (2.2x, "read 1,000 payments: tomllib / fastread"); since
the payments' cache (files.paycache) a warm `pay` or `book` reads none, so this is only
the cold read (the first, or after a hand edit).
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from ..games import GAMES
from . import tomltext

#: A TOML basic string, as far as where it ends (JSON reads what is in it).
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
#: The keys of a [[history]] table (codec.HISTORY_KEYS), and what may stand in its values
#: beside an entry's.
HISTORY_KEYS = ("when", "change", "deal", "entry", "before", "after", "was", "now", "nets",
                "why")
HEADER_KEYS = ("format", "version", "game", "date", "paid", "players", "settings", "value",
               "currency", "first_dealer")
#: A TOML local date and time, to the second, as the history writes it.
_WHEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")
#: A date in a value (a sitting's day, or the day it was paid).
_DATE = re.compile(r"= [0-9]{4}-[0-9]{2}-[0-9]{2}")


#: The keys of a payment (payfile.paid_from_data), and how a line of the payments file begins.
PAYMENT_KEYS = ("date", "from", "to", "money", "currency", "note")
_PAID_ON = re.compile(r"^    \{ date = ([0-9]{4}-[0-9]{2}-[0-9]{2})(?=, | \})", re.MULTILINE)


def read_fast(text: str) -> dict[str, Any] | None:
    """The data of a file laid out as this tool lays it out (a session, or the folder's
    payments), or None."""
    if '"""' in text or "'''" in text:
        return None  # a string over several lines might hold what looks like the list
    for listed in ("deals", "payments"):
        start = text.find(f"\n{listed} = [\n")
        if start >= 0:
            break
    else:
        return None
    first = start + len(f"\n{listed} = [\n")
    end = text.find("\n]\n", first - 1)
    if end < 0:
        return None
    tail = text[end + 3:]
    history_at = tail.find("\n[[history]]\n")
    history = "" if history_at < 0 else tail[history_at + 1:]
    rest = tail if history_at < 0 else tail[:history_at + 1]
    data = _the_rest(text[:start + 1] + f"{listed} = []\n" + rest, listed)
    if data is None:
        return None
    if listed == "deals":
        game = GAMES[data["game"]]
        keys = [*game.entry_keys, *(p for p in data["players"] if isinstance(p, str)
                                    and tomltext.is_bare(p))]
        entries = _json_lines(text[first:end + 1], keys)
    else:
        keys = list(PAYMENT_KEYS)
        entries = _payment_lines(text[first:end + 1])
    revisions = _history(history, keys) if history else []
    if entries is None or revisions is None:
        return None
    data[listed] = entries
    if revisions:
        data["history"] = revisions
    return data


def _the_rest(text: str, listed: str) -> dict[str, Any] | None:
    """All but the list and the history, read by tomllib, if it is a session's top (or
    the payments file's)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    if data.get(listed) != [] or "history" in data:
        return None
    if listed == "payments":
        return data if data.get("format") == "scorekeeper payments" else None
    name, players = data.get("game"), data.get("players")
    if not isinstance(players, list) or not (isinstance(name, str) and name in GAMES):
        return None
    return data


def _payment_lines(lines: str) -> list[Any] | None:
    """Payments one a line, `    { date = 2026-11-28, from = "Bo", ... },`, as tomllib
    would read them, or None: the day, which JSON has not, read on its own. 2.2x faster
    than tomllib on 1,000 (see the module's text), for the cold read only: a warm one is
    the payments' cache (files.paycache)."""
    rows = lines.split("\n")[:-1]
    if not all(_PAID_ON.match(row) for row in rows):
        return None
    quoted = _PAID_ON.sub(r'    { date = "\1"', lines)
    found = _json_lines(quoted, list(PAYMENT_KEYS))
    if found is None:
        return None
    try:
        for entry in found:
            entry["date"] = datetime.date.fromisoformat(entry["date"])
    except (TypeError, ValueError, KeyError):
        return None
    return found


def entry_lines(lines: str, keys: list[str]) -> list[Any] | None:
    """Entries one a line, as a file of the canonical layout holds them (`    { ... },`
    each), as tomllib would read them, or None (files.inplace reads the lines after a mark
    so)."""
    return _json_lines(lines, keys)


def _json_lines(lines: str, keys: list[str]) -> list[Any] | None:
    """Lines `    { key = value, ... },` (bare keys among `keys`) as JSON would read them,
    or None if they might not mean to JSON what they mean to TOML."""
    if not lines:
        return []
    rows = lines.split("\n")[:-1]
    if not all(row.startswith("    {") and row.endswith("},") for row in rows):
        return None  # every table on its own line: JSON would read one over several
    found = _json(lines[:-2], keys)
    return None if found is None else list(found)


def _history(text: str, keys: list[str]) -> list[Any] | None:
    """[[history]] tables of `key = value` lines, as JSON would read them, or None. A value
    holding a date (a sitting marked paid) is read by tomllib, on its own."""
    blocks, aside = [], []
    for block in text.split("[[history]]\n")[1:]:
        pairs = []
        for line in block.split("\n"):
            key, sep, value = line.partition(" = ")
            if not line:
                continue
            if not sep or key not in HISTORY_KEYS:
                return None  # a comment, a table, a key of its own: tomllib reads it
            if key == "when":
                if not _WHEN.fullmatch(value):
                    return None
                value = f'"{value}"'
            elif _DATE.search(value):
                aside.append(_toml_value(value))
                key, value = f"{key}_aside", str(len(aside) - 1)
            pairs.append(f'{{ {key} = {value} }}')
        blocks.append(f"    [{', '.join(pairs)}]")
    keys = [*HISTORY_KEYS, *(f"{k}_aside" for k in HISTORY_KEYS), *HEADER_KEYS, *keys]
    found = _json(",\n".join(blocks), keys)
    return None if found is None else _tables(found, aside)


def _tables(found: list[Any], aside: list[Any]) -> list[Any] | None:
    """Each history table from its key-value pairs; None if a key is given twice."""
    tables = []
    for pairs in found:
        table: dict[str, Any] = {}
        for (written, read), in (p.items() for p in pairs):
            key = written.removesuffix("_aside")
            value = aside[read] if written.endswith("_aside") else read
            if key in table or value is None:
                return None  # a key given twice, or a value tomllib refused: not read here
            table[key] = value
        if "when" in table:
            try:
                table["when"] = datetime.datetime.fromisoformat(table["when"])
            except ValueError:
                return None
        tables.append(table)
    return tables


def _toml_value(value: str) -> Any:
    """One TOML value, by tomllib; None if it is not one."""
    import tomllib

    try:
        return tomllib.loads(f"v = {value}\n")["v"]
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None


def _json(lines: str, keys: list[str]) -> list[Any] | None:
    """Inline TOML values, one a line and a comma between them, read as JSON: None if
    they might not mean to JSON what they mean to TOML."""
    if ("\x7f" in lines or "\\/" in lines or "null" in lines
            or re.search(r"\\u[dD][89a-fA-F]", lines)):
        return None  # a raw DEL, an escaped slash, a half surrogate and null are JSON's alone
    if any(" = " in found for found in _STRING.findall(lines)):
        return None
    if "\r" in lines or ":" in _STRING.sub('""', lines):
        return None  # a lone CR is space to JSON alone, and a colon its separator
    for key in keys:
        lines = lines.replace(f"{{ {key} = ", f'{{ "{key}": ').replace(f", {key} = ",
                                                                       f', "{key}": ')
    lines = lines.replace('" = ', '": ')
    if " = " in lines:
        return None  # a key not known here
    import json

    try:
        found: list[Any] = json.loads(f"[{lines}]", object_pairs_hook=_table,
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
