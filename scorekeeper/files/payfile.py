"""The folder's payments between players: `payments.toml` beside the sittings, a plain TOML
file a person can read and correct, one payment a line, and the history of corrections at
the end. Read once (`read`); changed through the store (files.store), as the session files are:
under its lock, read once under it for a payment nobody was shown first (`editing`), or
only if it still holds what was shown (`save`); a payment added, the last removed or one
replaced, as text where the change falls (files.edits), so a comment a person wrote stays.

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
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

from ..book import Paid
from ..errors import RuleError, SessionFileError
from ..games.players import check_name
from ..i18n import _, ngettext
from ..text import has_control, quoted
from . import atomic, store, tomltext
from .append import AppendPoint
from .edits import Append, RemoveLast, Replace
from .paths import PAYMENTS
from .store import Written

if TYPE_CHECKING:
    from ..history import Revision

#: The file's name in the session folder (no session may have it).
NAME = PAYMENTS
FORMAT = "scorekeeper payments"
VERSION = 1
#: The most characters of a note.
LONGEST_NOTE = 200
MONEY = re.compile(r"[0-9]{1,15}(\.[0-9]{1,12})?")


class Payments(NamedTuple):
    """The payments file as read once: its bytes (none when there is no file yet)."""

    path: str
    real: str
    """The file itself, through any link: what a change replaces."""
    raw: bytes
    payments: tuple[Paid, ...]
    history: tuple[Revision, ...]


def path_in(folder: str) -> str:
    return os.path.join(folder, NAME)


def read(folder: str) -> Payments:
    """The payments of `folder` (none when it has no file yet, or a link to none);
    SessionFileError (FILE:LINE) for a file that is damaged."""
    return store.read(PAYMENTS_FILE, path_in(folder))


def from_bytes(path: str, raw: bytes, real: str | None = None) -> Payments:
    """The payments file `raw`, read from `path` (the file itself `real`, through any
    link); SessionFileError (FILE:LINE) for a file that is damaged."""
    from . import tomlread  # the file read whole: not for a cached read

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
        raise SessionFileError(path, line(unknown[0]), _("unknown key {key}").format(
            key=quoted(unknown[0])))
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
    return Payments(path, real or path, raw, tuple(found), tuple(history))


def paid_from_data(number: int, data: object) -> Paid:
    """A payment from its table in the file; RuleError says what is wrong with it."""
    from . import tomlread
    from .fastread import PAYMENT_KEYS as KEYS  # the file's reader: not for a cached read

    if not isinstance(data, dict):
        raise RuleError(_("must be a table: {{ date = ..., from = ..., to = ..., money = ... "
                          "}}").format())
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise RuleError(_("unknown key {key}: a payment has {keys}").format(
            key=quoted(unknown[0]), keys=", ".join(KEYS)))
    missing = [k for k in KEYS[:5] if k not in data]
    if missing:
        raise RuleError(_("{key} is missing").format(key=missing[0]))
    day, payer, payee = data["date"], data["from"], data["to"]
    if type(day) is not datetime.date:
        raise RuleError(_("date {day} must be a day, like date = 2026-11-28").format(
            day=quoted(day.isoformat() if isinstance(day, datetime.date | datetime.time)
                       else day)))
    if not tomlread.has_come(day):
        check_day_come(day, datetime.date.today())
    check_name(payer)
    check_name(payee)
    if payer.casefold() == payee.casefold():
        raise RuleError(_("{payer} cannot pay himself").format(payer=payer))
    currency, note = data["currency"], data.get("note", "")
    check_label(currency, "currency")
    check_note(note)
    return Paid(number, day, payer, payee, money(data["money"]), currency, note)


# --- what a payment may hold, on the command line as in the file ------------------------


def check_day_come(day: datetime.date, today: datetime.date) -> datetime.date:
    """`day` if it has come by `today`: a payment is recorded once it is made."""
    if day > today:
        from ..i18n import day as shown_day

        raise RuleError(_("{day} has not come yet: a payment is recorded once it is made")
                        .format(day=shown_day(day)))
    return day


def check_note(note: object) -> str:
    """`note` if a payment may hold it: text of at most LONGEST_NOTE characters, without
    control characters."""
    return check_label(note, "note", LONGEST_NOTE)


def check_places(read: Payments, places: Callable[[str], int]) -> Payments:
    """`read` if each payment's money has no more decimals than its currency holds
    (`places` of it, as the sittings say: book.currency_places); SessionFileError
    (FILE:LINE) naming the first that has more."""
    for p in read.payments:
        if -p.money.as_tuple().exponent <= places(p.currency):  # type: ignore[operator]
            continue  # written with no more decimals than it may have: money() would pass
        try:
            money(format(p.money, "f"), places(p.currency))
        except RuleError as error:
            raise SessionFileError(read.path, _payment_line(read, p.number),
                                   _("payment {number}: {error}").format(
                                       number=p.number, error=error)) from None
    return read


def check_currencies(read: Payments, known: set[str]) -> Payments:
    """`read` if no payment's currency is one of the sittings' (`known`) in another case
    ("sek" for SEK): that would be a currency of its own, and the payment would count in
    none of the sittings' accounts. SessionFileError (FILE:LINE) naming the first."""
    spelt = {c.casefold(): c for c in known}
    for p in read.payments:
        meant = spelt.get(p.currency.casefold())
        if meant is not None and meant != p.currency:
            raise SessionFileError(read.path, _payment_line(read, p.number), _(
                "payment {number}: currency {currency} is {meant} in the sittings: write it "
                "so").format(number=p.number, currency=quoted(p.currency), meant=meant))
    return read


def _payment_line(read: Payments, number: int) -> int:
    """The line of the file `read` where payment `number` is."""
    from .outline import outline

    text = read.raw.decode("utf-8", "replace").removeprefix("\ufeff")
    entries = outline(text, "payments").entries
    return entries[number - 1].line if number <= len(entries) else 1


def check_label(text: object, what: str, longest: int = 20) -> str:
    """`text`, the payment's `what` (currency or note), if it is short text without control
    characters; RuleError, in the language spoken, if not."""
    if not isinstance(text, str) or has_control(text) or len(text) > longest:
        said = (_("note {text} must be text of at most {longest} characters, without control "
                  "characters") if what == "note" else
                _("currency {text} must be text of at most {longest} characters, without "
                  "control characters"))
        raise RuleError(said.format(text=quoted(text), longest=longest))
    return text


def money(text: object, places: int | None = None, typed: str | None = None) -> Decimal:
    """An amount of money paid: digits with a point (50, 12.50), more than zero, with no
    more decimals than `places` (the currency's) when given; RuleError if it is not.
    `typed`: the amount as typed on the command line (`text` read from it: typed.amount),
    quoted in a refusal; there three decimals that could be a group of thousands count
    whole, zeros too, so that 1.500 typed where the currency has two is refused, not read
    as 1.50 (grouped as in Danish, it is a thousand and a half)."""
    said = text if typed is None else typed
    if not isinstance(text, str) or not MONEY.fullmatch(text):
        raise RuleError(_("amount {amount} must be money like 50 or 12.50 (digits 0-9, at "
                          "most 15 before the point)").format(amount=quoted(said)))
    amount = Decimal(text)
    if not amount:
        raise RuleError(_("amount {amount} is nothing: a payment is more than 0").format(
            amount=quoted(said)))
    whole, _point, fraction = text.partition(".")
    grouping = typed is not None and len(fraction) == 3 and len(whole) <= 3 and whole[0] != "0"
    decimals = len(fraction if grouping else fraction.rstrip("0"))
    if places is not None and decimals > places:
        if not places:
            raise RuleError(ngettext("amount {amount} has {count} decimals: the currency has "
                                     "none", "amount {amount} has {count} decimals: the "
                                     "currency has none", decimals).format(amount=quoted(said),
                                                                           count=decimals))
        raise RuleError(ngettext("amount {amount} has {count} decimals: the currency has "
                                 "{places}", "amount {amount} has {count} decimals: the "
                                 "currency has {places}", decimals).format(
                                     amount=quoted(said), count=decimals, places=places))
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


# --- changing it: the book of payments as a kind of file of the store -----------------


class PaymentsChange(NamedTuple):
    """A change to the book of payments: the edit to its text (files.edits, of the array
    `payments`), the payments after it and how the file is then to hold them, and what its
    history keeps of it (a payment removed or put right)."""

    edit: Append | RemoveLast | Replace
    payments: tuple[Paid, ...]
    expected: Callable[[], tuple[dict[str, object], ...]]
    """How the file is then to hold the payments, each as paid_data: asked only when the
    change is made as text and read back, not for a payment added on a line of its own
    (which writes the one table of the edit, and reads nothing back)."""
    revision: Revision | None = None


class PaymentsFile:
    """The book of payments as a kind of file the store keeps (files.store): read whole
    each time (it has no cached standing); a change made as text where it falls."""

    missing = b""  # the first payment makes the file

    def decode(self, path: str, real: str, raw: bytes, identity: atomic.Identity,
               holding_lock: bool) -> Payments:
        if identity == store.NO_FILE:
            return Payments(path, real, b"", (), ())
        from . import paycache  # around the reading, not in it: what a sound cache keeps

        kept = paycache.read(real, raw)
        if kept is not None:
            return Payments(path, real, raw, *kept)
        found = from_bytes(path, raw, real)
        paycache.keep(real, raw, found.payments, found.history, holding_lock)
        return found

    def written(self, before: Payments, change: PaymentsChange) -> Written[Payments]:
        """A payment added as a line of its own where the file is laid out one a line;
        any other change made as text and read back: it must hold the payments expected,
        its history, and every comment (but those on the line of a payment removed)."""
        text = before.raw.decode("utf-8").removeprefix("\ufeff") or render([])
        edit = change.edit
        point = (one_a_line_point(text, len(before.payments))
                 if isinstance(edit, Append) and change.revision is None else None)
        history = (*before.history, *([change.revision] if change.revision else []))
        if isinstance(edit, Append) and point is not None:
            new = point.apply(text, edit.data)[0]
        else:
            new = store.edited(text, edit, change.revision, lambda made: _holds(
                made, before.path, change.expected(), history), _(
                "{path} is laid out in a way this change cannot be made to without losing "
                "what is written in it: nothing was changed (change it in an editor)").format(
                    path=before.path))
        raw = (("\ufeff" if before.raw.startswith(b"\xef\xbb\xbf") else "") + new).encode()

        def after() -> Payments:
            from . import paycache

            paycache.keep(before.real, raw, change.payments, history, holding_lock=True)
            return Payments(before.path, before.real, raw, change.payments, history)

        return Written(raw, after)

    def what_changed(self, shown: Payments, now: bytes) -> str:
        return _("{path} was changed").format(path=shown.path)


#: The book of payments, in the store.
PAYMENTS_FILE = PaymentsFile()


def editing(folder: str, on_locked: store.OnLocked | None = None
            ) -> AbstractContextManager[store.Held[Payments, PaymentsChange]]:
    """The lock of the folder's payments taken and the file read once, under it: for a
    payment made, removed or put right with nothing shown first (files.store.editing)."""
    return store.editing(PAYMENTS_FILE, path_in(folder), on_locked)


def save(shown: Payments, change: PaymentsChange, on_locked: store.OnLocked | None = None
         ) -> Payments:
    """Make `change` on the file `shown` was read from, if it still holds those bytes
    (files.store.save): for a change a person was shown and said yes to."""
    return store.save(PAYMENTS_FILE, shown, change, on_locked)


def one_a_line_point(text: str, count: int) -> AppendPoint | None:
    """Where one more payment goes in `text`, holding `count`, if it is laid out as this
    tool writes it: its list opened on a line of its own and closed by a `]` on a line of
    its own, each payment a line with nothing after it (no comment), comments and blank
    lines between them on lines of their own (not after the last: the payment goes right
    after it), and no string that could go on over lines. Adding the payment there then
    adds just it, with no need to read the file back. None for any other layout."""
    begin = text.find("\npayments = [\n") + len("\npayments = [\n")
    end = text.find("\n]\n", begin - 1) + 1
    rows = text[begin:end].split("\n")[:-1]
    tables = [r for r in rows if r.startswith("    {")]
    between = [] if len(rows) == count else [r for r in rows if not r.startswith("    {")]
    if (begin < len("\npayments = [\n") or end <= 0 or '"""' in text or "'''" in text
            or len(tables) != count or not all(map(_one_a_line, tables))
            or not all(map(_between, between)) or (rows and _between(rows[-1]))):
        return None
    return AppendPoint(end, end, "    ", ",\n", False, "\n", (0, "    ", ",\n"), "payments")


def _one_a_line(row: str) -> bool:
    """Whether `row` is a payment as this tool writes it, a table and its comma, with
    nothing after them (no comment) and no string that could go on over lines."""
    return row.startswith("    {") and row.endswith("},") and "#" not in row


def _between(row: str) -> bool:
    """Whether `row` is a line between payments: blank, or a comment of its own."""
    return not row.strip() or row.lstrip().startswith("#")


def _holds(text: str, path: str, expected: Sequence[dict[str, object]],
           history: Sequence[Revision]) -> bool:
    """Whether the payments file `text` holds the payments `expected` (each with its money
    to the decimals expected) and `history`."""
    after = from_bytes(path, text.encode())
    places = [len(str(e["money"]).partition(".")[2]) for e in expected]
    return [paid_data(p, n) for p, n in zip(after.payments, places, strict=True)] == list(
        expected) and after.history == tuple(history)
