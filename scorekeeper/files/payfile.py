"""The folder's payments between players: `payments.toml` beside the sittings, a plain TOML
file a person can read and correct, one payment a line, and the history of corrections at
the end. Read once (`read`); changed one way (`save`), under its lock and only if it still
holds what was read: a payment added, the last removed or one replaced, as text where the
change falls, so a comment a person wrote stays.

    format = "scorekeeper payments"
    version = 1
    payments = [
        { date = 2026-11-28, from = "Bo", to = "Ann", money = "50.00", currency = "DKK" },
    ]
"""

from __future__ import annotations

import datetime
import os
import re
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

from ..book import Paid
from ..errors import RuleError, ScorekeeperError, SessionError, SessionFileError
from ..games.players import check_name
from ..i18n import _, ngettext
from ..text import has_control
from . import atomic, tomlread, tomltext
from .fastread import PAYMENT_KEYS
from .paths import PAYMENTS

if TYPE_CHECKING:
    from ..history import Revision

#: The file's name in the session folder (no session may have it).
NAME = PAYMENTS
FORMAT = "scorekeeper payments"
VERSION = 1
KEYS = PAYMENT_KEYS
#: The most characters of a note.
LONGEST_NOTE = 200
MONEY = re.compile(r"[0-9]{1,15}(\.[0-9]{1,12})?")


class Payments(NamedTuple):
    """The payments file as read once: its bytes (none when there is no file yet)."""

    path: str
    raw: bytes
    payments: tuple[Paid, ...]
    history: tuple[Revision, ...]


def path_in(folder: str) -> str:
    return os.path.join(folder, NAME)


def read(folder: str) -> Payments:
    """The payments of `folder`; SessionFileError (FILE:LINE) for a file that is damaged."""
    path = path_in(folder)
    if not os.path.lexists(path):
        return Payments(path, b"", (), ())
    raw = atomic.read_file(atomic.real_path(path))
    return from_bytes(path, raw)


def from_bytes(path: str, raw: bytes) -> Payments:
    text, data = tomlread.parse(raw, path)

    def line(key: str, index: int = 0) -> int:  # where a problem is (the file is read again)
        from .outline import outline

        where = outline(text, "payments")
        if key == "payments" and index < len(where.entries):
            return where.entries[index].line
        if key == "history":
            lines = where.headers.get(("history",), [1])
            return lines[min(index, len(lines) - 1)]
        return where.keys[(key,)].line if (key,) in where.keys else 1

    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SessionFileError(path, 1, _("not a payments file: it begins format = "
                                          "\"{format}\" and version = {version}").format(
                                              format=FORMAT, version=VERSION))
    unknown = sorted(set(data) - {"format", "version", "payments", "history"})
    if unknown:
        raise SessionFileError(path, line(unknown[0]), _("unknown key {key!r}").format(
            key=unknown[0]))
    entries = data.get("payments", [])
    if not isinstance(entries, list):
        raise SessionFileError(path, line("payments"), _("payments must be a list of "
                                                         "payments"))
    found = []
    for number, entry in enumerate(entries, start=1):
        try:
            found.append(paid_from_data(number, entry))
        except RuleError as error:
            raise SessionFileError(path, line("payments", number - 1),
                                   _("payment {number}: {error}").format(
                                       number=number, error=error)) from None
    history = []
    for i, table in enumerate(data.get("history", [])):
        try:
            from .codec import revision_from_data

            history.append(revision_from_data(table))
        except RuleError as error:
            raise SessionFileError(path, line("history", i), str(error)) from None
    return Payments(path, raw, tuple(found), tuple(history))


def paid_from_data(number: int, data: object) -> Paid:
    """A payment from its table in the file; RuleError says what is wrong with it."""
    if not isinstance(data, dict):
        raise RuleError(_("must be a table: {{ date = ..., from = ..., to = ..., money = ... "
                          "}}").format())
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise RuleError(_("unknown key {key!r}: a payment has {keys}").format(
            key=unknown[0], keys=", ".join(KEYS)))
    missing = [k for k in KEYS[:5] if k not in data]
    if missing:
        raise RuleError(_("{key} is missing").format(key=missing[0]))
    day, payer, payee = data["date"], data["from"], data["to"]
    if type(day) is not datetime.date:
        raise RuleError(_("date {day!r} must be a day, like date = 2026-11-28").format(
            day=day.isoformat() if isinstance(day, datetime.date | datetime.time) else day))
    check_name(payer)
    check_name(payee)
    if payer.casefold() == payee.casefold():
        raise RuleError(_("{payer} cannot pay himself").format(payer=payer))
    currency, note = data["currency"], data.get("note", "")
    check_label(currency, "currency")
    check_label(note, "note", LONGEST_NOTE)
    return Paid(number, day, payer, payee, money(data["money"]), currency, note)


def check_label(text: object, what: str, longest: int = 20) -> str:
    if not isinstance(text, str) or has_control(text) or len(text) > longest:
        raise RuleError(_("{key} {text!r} must be text of at most {longest} characters, "
                          "without control characters").format(key=what, text=text,
                                                               longest=longest))
    return text


def money(text: object, places: int | None = None) -> Decimal:
    """An amount of money paid: digits with a point (50, 12.50), more than zero, with no
    more decimals than `places` (the currency's) when given; RuleError if it is not."""
    if not isinstance(text, str) or not MONEY.fullmatch(text):
        raise RuleError(_("amount {amount!r} must be money like 50 or 12.50 (digits 0-9, at "
                          "most 15 before the point)").format(amount=text))
    amount = Decimal(text)
    if not amount:
        raise RuleError(_("amount {amount!r} is nothing: a payment is more than 0").format(
            amount=text))
    decimals = len(text.partition(".")[2].rstrip("0"))
    if places is not None and decimals > places:
        if not places:
            raise RuleError(ngettext("amount {amount!r} has {count} decimals: the currency has "
                                     "none", "amount {amount!r} has {count} decimals: the "
                                     "currency has none", decimals).format(amount=text,
                                                                           count=decimals))
        raise RuleError(ngettext("amount {amount!r} has {count} decimals: the currency has "
                                 "{places}", "amount {amount!r} has {count} decimals: the "
                                 "currency has {places}", decimals).format(
                                     amount=text, count=decimals, places=places))
    return amount


def paid_data(p: Paid, places: int) -> dict[str, object]:
    """A payment as its table in the file holds it (its money to `places` decimals)."""
    from ..ledger import shown

    data: dict[str, object] = {"date": p.date, "from": p.payer, "to": p.payee,
                               "money": shown(p.money, places), "currency": p.currency}
    return data | ({"note": p.note} if p.note else {})


def render(entries: Sequence[dict[str, object]]) -> str:
    """A new payments file holding `entries`."""
    lines = ["# Payments between players, one a line: see 'scorekeeper pay --help'.",
             f'format = "{FORMAT}"', f"version = {VERSION}", "payments = ["]
    lines += [f"    {tomltext.inline_table(e)}," for e in entries]
    return "\n".join([*lines, "]", ""])


# --- changing it ---------------------------------------------------------------------------

Edit = Callable[[str], str]
"""A change to the file's text."""


def added(entry: dict[str, object]) -> Edit:
    def add(text: str) -> str:
        if not text:
            return render([entry])
        end = text.find("\n]\n")  # the canonical layout: each payment a line of its own
        last = text[text.rfind("\n", 0, end) + 1:end]
        if end >= 0 and text.rfind("\npayments = [\n", 0, end) >= 0 and _one_a_line(last):
            return f"{text[:end + 1]}    {tomltext.inline_table(entry)},{text[end:]}"
        from .textedit import append_entry

        return append_entry(text, entry, "payments")

    return add


def _one_a_line(row: str) -> bool:
    """Whether `row` is a payment as this tool writes it, a table and its comma, with
    nothing after them (no comment) and no string that could go on over lines."""
    return (row.startswith("    {") and row.endswith("},") and "#" not in row
            and '"""' not in row and "'''" not in row)


def removed(index: int) -> Edit:
    from .textedit import remove_entry

    return lambda text: remove_entry(text, index, "payments")


def replaced(index: int, entry: dict[str, object]) -> Edit:
    from .textedit import replace_entry

    return lambda text: replace_entry(text, index, entry, "payments")


def save(shown: Payments, edit: Edit, expected: Sequence[dict[str, object]],
         revision: Revision | None = None, on_locked: Callable[[], None] | None = None,
         drops: int | None = None) -> Payments:
    """Make `edit` to the file `shown` was read from, with `revision` added to its history,
    if the file still holds those bytes (compared under the lock); the file after it. It is
    read back to be sure it holds the payments `expected` and every comment it held (but
    those on the line of payment `drops`, removed): else nothing is written."""
    real = atomic.real_path(shown.path)
    with atomic.locked(real, on_locked):
        atomic.check_writable(real)
        now = atomic.read_file(real) if os.path.lexists(real) else b""
        if now != shown.raw:
            raise SessionError(_("{path} was changed since it was read: nothing was changed; "
                                 "look again").format(path=shown.path))
        text = shown.raw.decode("utf-8").removeprefix("\ufeff")
        new = _changed(shown, edit, text, revision)
        raw = (("\ufeff" if shown.raw.startswith(b"\xef\xbb\xbf") else "") + new).encode()
        after = _check(shown, text, raw, expected, revision, drops)
        atomic.write_atomic(real, raw)
    return after


def _changed(shown: Payments, edit: Edit, text: str, revision: Revision | None) -> str:
    try:
        new = edit(text)
    except (ValueError, IndexError, AssertionError) as error:
        raise SessionError(_("{path} is laid out in a way this change cannot be made to "
                             "({reason}): nothing was changed").format(path=shown.path,
                                                                       reason=error)) from None
    if revision is not None:
        newline = "\r\n" if "\r\n" in text else "\n"
        from .codec import history_block

        new += ("" if new.endswith("\n") else newline) + history_block(revision, newline)
    return new


def _check(shown: Payments, old: str, raw: bytes, expected: Sequence[dict[str, object]],
           revision: Revision | None, drops: int | None) -> Payments:
    """The file the change makes, read back; refused if it does not hold the payments
    `expected` and its history, or (a payment removed or replaced) lost a comment."""
    try:
        appended = _appended(shown, old, raw, expected) if revision is None else None
        after = appended or from_bytes(shown.path, raw)
        places = {id(e): len(str(e["money"]).partition(".")[2]) for e in expected}
        same = [paid_data(p, places[id(e)]) for p, e in zip(after.payments, expected,
                                                            strict=True)] == list(expected)
        same = same and after.history == (*shown.history, *([revision] if revision else []))
        if same and appended is None:  # a line added beside the rest keeps every comment
            new = raw.decode("utf-8").removeprefix("\ufeff")
            same = not _comments(old, drops) - _comments(new, None)
    except (ScorekeeperError, ValueError):
        same = False
    if not same:
        raise SessionError(_("{path} is laid out in a way this change cannot be made to "
                             "without losing what is written in it: nothing was changed "
                             "(change it in an editor)").format(path=shown.path))
    return after


def _appended(shown: Payments, old: str, raw: bytes, expected: Sequence[dict[str, object]]
              ) -> Payments | None:
    """The file after a payment added as a line of its own at the end of the list of a
    file laid out one payment a line (the rest byte for byte as it was), or None when the
    change is not that: then only the new line needs reading back."""
    begin = old.find("\npayments = [\n") + len("\npayments = [\n")
    end = old.find("\n]\n", begin - 1) + 1
    rows = old[begin:end].split("\n")[:-1]
    if (begin < len("\npayments = [\n") or end <= 0 or '"""' in old or "'''" in old
            or len(rows) != len(shown.payments) or len(expected) != len(rows) + 1
            or not all(_one_a_line(r) for r in rows)):
        return None  # not one payment a line, as read: the whole file is read back
    new = raw.decode("utf-8").removeprefix("\ufeff")
    line = new[end:len(new) - len(old) + end]
    if (new != old[:end] + line + old[end:] or line.count("\n") != 1
            or not _one_a_line(line.removesuffix("\n"))):
        return None
    import tomllib

    entry = tomllib.loads(f"p = {line.strip().removesuffix(',')}\n")["p"]
    made = paid_from_data(len(expected), entry)
    return Payments(shown.path, raw, (*shown.payments, made), shown.history)


def _comments(text: str, drops: int | None) -> Counter[str]:
    if not text:
        return Counter()
    from .outline import outline

    layout = outline(text, "payments")
    skip = (0, 0)
    if drops is not None:
        span = layout.entries[drops]
        end = text.find("\n", span.end)
        skip = (span.start, len(text) if end < 0 else end)
    return Counter(text[c.start:c.end].rstrip("\r") for c in layout.comments
                   if not skip[0] <= c.start < skip[1])
