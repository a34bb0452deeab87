"""The club's book: many sittings added up. Players are matched across sittings ignoring
case; money from sittings with different unit values adds as money; different currency
labels never mix. What is outstanding -- the money of sittings not yet paid -- is cleared
with the fewest payments (the ledger's exact search)."""

from __future__ import annotations

import bisect
import datetime
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from . import ledger
from .errors import RuleError
from .i18n import _, day, name_order

if TYPE_CHECKING:
    from decimal import Decimal


class SessionSummary(Protocol):
    """A sitting as the book reads it (store.Summary)."""

    @property
    def name(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def date(self) -> datetime.date: ...
    @property
    def paid(self) -> datetime.date | None: ...
    @property
    def deals(self) -> int: ...
    @property
    def value(self) -> str: ...
    @property
    def currency(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def nets(self) -> dict[str, int]: ...
    @property
    def changes(self) -> int: ...


class Filter(NamedTuple):
    """Which sittings the book counts; None: any."""

    game: str | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None
    player: str | None = None
    unpaid: bool = False

    def check(self) -> None:
        if self.since and self.until and self.since > self.until:
            raise RuleError(_("the first day, {first}, is after the last, {last}: no sitting "
                              "can fall between them").format(first=day(self.since),
                                                              last=day(self.until)))


def select(sittings: Iterable[SessionSummary], only: Filter) -> list[SessionSummary]:
    """The sittings `only` lets through, by date then name."""
    only.check()
    wanted = only.player.casefold() if only.player else None
    chosen = [s for s in sittings
              if (only.game is None or s.game == only.game)
              and (only.since is None or s.date >= only.since)
              and (only.until is None or s.date <= only.until)
              and (wanted is None or wanted in {p.casefold() for p in s.players})
              and not (only.unpaid and s.paid)]
    return sorted(chosen, key=lambda s: (s.date, s.name))


def money_of(sitting: SessionSummary) -> dict[str, Decimal]:
    """Each player's money in a sitting, exact."""
    from decimal import Decimal

    value = Decimal(sitting.value)
    return {p: ledger.money(sitting.nets[p], value) for p in sitting.players}


class Account(NamedTuple):
    """A player's standing in one currency."""

    name: str
    sittings: int
    money: Decimal
    """Won (or lost) in all the sittings counted."""
    outstanding: Decimal
    """Won (or lost) in the sittings not yet paid, net of the payments that count: what he
    is still owed (or owes)."""
    paid: Decimal
    """What he paid others, of the payments that count."""
    received: Decimal
    """What others paid him, of the payments that count."""


class Payment(NamedTuple):
    """A payment of the plan that clears what is outstanding."""

    payer: str
    payee: str
    money: Decimal


class Paid(NamedTuple):
    """A payment made between players, as the folder's payments file records it."""

    number: int
    """Its place in the file, from 1."""
    date: datetime.date
    payer: str
    payee: str
    money: Decimal
    currency: str
    note: str = ""


class Currency(NamedTuple):
    currency: str
    accounts: list[Account]
    payments: list[Payment]
    """The fewest payments that clear everyone's outstanding money."""
    places: int
    """The decimals its money is shown with: the most any of its sittings' values asks."""
    paid: tuple[Paid, ...] = ()
    """The payments made that count against its sittings not yet paid."""


def account(sittings: Sequence[SessionSummary], paid: Sequence[Paid] = ()) -> list[Currency]:
    """Every player's sittings, money and outstanding money, per currency, net of the
    payments `paid` (those that count: `counting`); and the payments that clear what is
    outstanding, the plan kept where a payment made was one of it (`plan`)."""
    from decimal import Decimal

    spelling: dict[str, str] = {}  # a player's name as he first appears
    books: dict[str, dict[str, list[tuple[Decimal, bool]]]] = {}  # amounts, and if paid
    scales: dict[str, int] = {}
    for sitting in sittings:
        book = books.setdefault(sitting.currency, {})
        scales[sitting.currency] = max(scales.get(sitting.currency, 0),
                                       ledger.places_of(Decimal(sitting.value)))
        for player, amount in money_of(sitting).items():
            key = spelling.setdefault(player.casefold(), player)
            book.setdefault(key, []).append((amount, sitting.paid is not None))
    for p in paid:  # a currency of payments alone (its sittings gone) is still reckoned
        books.setdefault(p.currency, {})
        scales.setdefault(p.currency, 2)
    found = []
    for currency, book in sorted(books.items()):
        made = [p for p in paid if p.currency == currency]
        out, back = _moved(made, spelling)
        zero = Decimal(0)
        accounts = [Account(name, len(amounts), ledger.add_money(a for a, _paid in amounts),
                            ledger.add_money([*(a for a, done in amounts if not done),
                                              out.get(name, zero), -back.get(name, zero)]),
                            out.get(name, zero), back.get(name, zero))
                    for name, amounts in sorted(book.items(), key=lambda b: name_order(b[0]))]
        accounts += [Account(name, 0, zero, ledger.add_money([out.get(name, zero),
                                                              -back.get(name, zero)]),
                             out.get(name, zero), back.get(name, zero))
                     for name in {**out, **back} if name not in book]  # a kitty, say
        last = max((s.date for s in sittings if s.currency == currency), default=None)
        found.append(Currency(currency, accounts, plan(accounts, made, last),
                              scales[currency], tuple(made)))
    return found


def unpaid(sittings: Sequence[SessionSummary], currency: str,
           only: Collection[str] | None = None) -> dict[str, Decimal]:
    """Each player's money in the sittings of `currency` not yet paid (by his name
    folded; `only` these names, if given): money_of each, added; his units at each value
    a unit added first, so that a folder of 500 sittings multiplies once a value, not
    once a sitting."""
    from decimal import Decimal

    units: dict[str, dict[str, int]] = {}  # by player, his units at each value a unit
    for s in sittings:
        if s.currency == currency and s.paid is None:
            for player in s.players:
                folded = player.casefold()
                if only is None or folded in only:
                    at = units.setdefault(folded, {})
                    at[s.value] = at.get(s.value, 0) + s.nets[player]
    return {name: ledger.add_money(ledger.money(count, Decimal(value))
                                   for value, count in at.items())
            for name, at in units.items()}


def owed(unpaid: dict[str, Decimal], paid: Sequence[Paid], currency: str,
         only: Collection[str] | None = None) -> dict[str, Decimal]:
    """Each player's outstanding money in `currency` (by his name folded; `only` these
    names, if given), as `account` gives it, without its plan: his money `unpaid`, net of
    the payments `paid`."""
    found = {name: [money] for name, money in unpaid.items()
             if only is None or name in only}
    for p in paid:
        if p.currency != currency:
            continue
        payer, payee = p.payer.casefold(), p.payee.casefold()
        if only is None or payer in only:
            found.setdefault(payer, []).append(p.money)
        if only is None or payee in only:
            found.setdefault(payee, []).append(-p.money)
    return {name: ledger.add_money(amounts) for name, amounts in found.items()}


def _moved(made: Sequence[Paid], spelling: dict[str, str]
           ) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
    """What each player paid, and was paid, of the payments `made`."""
    from decimal import Decimal

    out: dict[str, Decimal] = {}
    back: dict[str, Decimal] = {}
    for p in made:
        payer = spelling.setdefault(p.payer.casefold(), p.payer)
        payee = spelling.setdefault(p.payee.casefold(), p.payee)
        out[payer] = ledger.add_money([out.get(payer, Decimal(0)), p.money])
        back[payee] = ledger.add_money([back.get(payee, Decimal(0)), p.money])
    return out, back


def plan(accounts: Sequence[Account], made: Sequence[Paid], since: datetime.date | None
         ) -> list[Payment]:
    """The fewest payments that bring everyone's outstanding money to zero. A payment made
    since the last sitting exactly as the plan before it proposed leaves the rest of that
    plan as it was (it is still a fewest-payments plan: one fewer, for one payment fewer);
    any other starts a new plan."""
    from decimal import Decimal

    scale = max(places(a.outstanding for a in accounts), places(p.money for p in made))
    owed = {a.name: a.outstanding for a in accounts}
    recent = [p for p in made if since is None or p.date >= since]
    for p in recent:  # back to before the recent payments
        owed[_named(owed, p.payer)] -= p.money
        owed[_named(owed, p.payee)] += p.money
    current: list[Payment] | None = None
    for p in recent:
        current = current if current is not None else clear(owed, scale)
        payer, payee = _named(owed, p.payer), _named(owed, p.payee)
        match = next((t for t in current if (t.payer, t.payee, t.money) == (
            payer, payee, p.money)), None)
        owed[payer] += p.money
        owed[payee] -= p.money
        current = None if match is None else [t for t in current if t is not match]
    return current if current is not None else clear(owed, scale) if any(
        m != Decimal(0) for m in owed.values()) else []


def _named(owed: dict[str, Decimal], name: str) -> str:
    return next(n for n in owed if n.casefold() == name.casefold())


def clear(owed: dict[str, Decimal], scale: int) -> list[Payment]:
    """The fewest payments that bring everyone's outstanding money (`owed`, in the order of
    the book) to zero: amounts in coins of `scale` decimals, settled as whole numbers by
    the ledger."""
    coins = [(name, ledger.coins(money, scale)) for name, money in owed.items()]
    return [Payment(t.payer, t.payee, ledger.from_coins(t.units, scale))
            for t in ledger.fewest_payments(coins)]


def counting(paid: Sequence[Paid], sittings: Sequence[SessionSummary]) -> list[Paid]:
    """The payments that count against the sittings not yet paid. A payment no longer
    counts once it was part of a settling in cash: every sitting of its currency up to its
    day is marked paid, one of them on or after that day. A payment before any sitting, or
    after those before it were settled, counts (an advance, a payment to the kitty)."""
    settled_by = {c: _settled_by(sittings, c) for c in {p.currency for p in paid}}
    return [p for p in paid if not _settled(settled_by[p.currency], p.date)]


_Settled = tuple[list[datetime.date], list["datetime.date | None"]]


def _settled_by(sittings: Sequence[SessionSummary], currency: str) -> _Settled:
    """The days of the sittings of `currency` in order, and beside each the last day any of
    the sittings up to it was paid on, or None once one of them is not paid."""
    days: list[datetime.date] = []
    last: list[datetime.date | None] = []
    latest: datetime.date | None = datetime.date.min
    for s in sorted((s for s in sittings if s.currency == currency), key=lambda s: s.date):
        latest = None if latest is None or s.paid is None else max(latest, s.paid)
        days.append(s.date)
        last.append(latest)
    return days, last


def _settled(settled_by: _Settled, day: datetime.date) -> bool:
    """Whether a payment made on `day` was part of a settling in cash (counting)."""
    days, last = settled_by
    upto = bisect.bisect_right(days, day)
    paid_on = last[upto - 1] if upto else None
    return paid_on is not None and paid_on >= day


class Line(NamedTuple):
    """A line of what makes up a player's outstanding money: a sitting not yet paid, or a
    payment that counts."""

    date: datetime.date
    currency: str
    kind: str
    """"sitting", "paid" (he paid) or "received"."""
    what: str
    """What it is, in English (JSON): "loo-2026-11-13 (loo)", "paid Frida (payment 3)"."""
    money: Decimal
    """What it adds to his outstanding money."""
    total: Decimal
    """His outstanding money in the currency after it."""
    party: str = ""
    """A payment's other player: whom he paid, or who paid him; a sitting's session."""
    number: int = 0
    """A payment's number."""
    game: str = ""
    """A sitting's game ("loo")."""


def explanation(name: str, sittings: Sequence[SessionSummary], counted: Sequence[Paid]
                ) -> list[Line]:
    """Every sitting not yet paid and every payment that counts that make up `name`'s
    outstanding money, in each currency by date, with the running total: it ends at the
    outstanding money `account` gives him."""
    fold = name.casefold()
    found: list[tuple[str, datetime.date, int, str, str, Decimal, str, int, str]] = []
    for s in sittings:
        won = {p.casefold(): m for p, m in money_of(s).items()}
        if s.paid is None and fold in won:
            found.append((s.currency, s.date, 0, "sitting", f"{s.name} ({s.game})", won[fold],
                          s.name, 0, s.game))
    for p in counted:
        if p.payer.casefold() == fold:
            found.append((p.currency, p.date, 1, "paid", f"paid {p.payee} (payment "
                                                         f"{p.number})", p.money, p.payee,
                          p.number, ""))
        elif p.payee.casefold() == fold:
            found.append((p.currency, p.date, 1, "received", f"paid by {p.payer} (payment "
                                                             f"{p.number})", -p.money,
                          p.payer, p.number, ""))
    lines: list[Line] = []
    for currency, when, _order, kind, what, amount, party, number, game in sorted(
            found, key=lambda f: f[:3]):
        before = lines[-1].total if lines and lines[-1].currency == currency else None
        total = amount if before is None else ledger.add_money([before, amount])
        lines.append(Line(when, currency, kind, what, amount, total, party, number, game))
    return lines


def currency_places(sittings: Iterable[SessionSummary], currency: str) -> int:
    """The decimal places money in `currency` holds: the most any sitting's value in it is
    shown with (ledger.places_of), two for a currency of payments alone."""
    from decimal import Decimal

    values = {s.value for s in sittings if s.currency == currency}  # a few, of many
    return max((ledger.places_of(Decimal(v)) for v in values), default=2)


def places(amounts: Iterable[Decimal]) -> int:
    """The most decimal places any of `amounts` is written with."""
    return max([-min(a.as_tuple().exponent, 0) for a in amounts  # type: ignore[operator]
                ], default=0)


def players_in(sittings: Iterable[SessionSummary]) -> list[str]:
    """Every player of `sittings`, once each (case ignored), as he first appears."""
    seen: dict[str, str] = {}
    for sitting in sittings:
        for player in sitting.players:
            seen.setdefault(player.casefold(), player)
    return list(seen.values())


# --- one sitting's settlement and the payments made of it (settle) ------------------------


class PaidUp(NamedTuple):
    """The payments made of a sitting's settlement, and what is still to pay."""

    paid: tuple[Paid, ...]
    """Made between its players since it was played, in the order of the file."""
    owed: list[Payment]
    """The fewest payments that clear what the nets leave after `paid`."""
    outstanding: dict[str, Decimal]
    """Each player's money still owed to him (less than zero: that he owes)."""


def made_for(players: Iterable[str], currency: str, day: datetime.date,
             paid: Sequence[Paid], next_day: datetime.date | None = None) -> list[Paid]:
    """The payments of `paid` that settle a sitting of `players` in `currency` played on
    `day`: between two of its players (case ignored), in its currency, on `day` or after
    it and before `next_day` (the next sitting's, if any)."""
    folded = {p.casefold() for p in players}
    return [p for p in paid if p.currency == currency and p.payer.casefold() in folded
            and p.payee.casefold() in folded and p.payer.casefold() != p.payee.casefold()
            and day <= p.date and (next_day is None or p.date < next_day)]


def paid_up(money: Mapping[str, Decimal], paid: Sequence[Paid], scale: int) -> PaidUp:
    """What is still owed of the sitting whose players won `money` (in seat order; it sums
    to zero), once `paid` (made_for) is counted: a player who paid is owed what he paid,
    one who was paid owes it. Exact: money in coins of `scale` decimals or more."""
    outstanding = dict(money)
    spelled = {p.casefold(): p for p in money}
    for p in paid:
        payer, payee = spelled[p.payer.casefold()], spelled[p.payee.casefold()]
        outstanding[payer] = ledger.add_money([outstanding[payer], p.money])
        outstanding[payee] = ledger.add_money([outstanding[payee], -p.money])
    coins = max(scale, places(p.money for p in paid), places(outstanding.values()))
    owed = clear(outstanding, coins) if any(outstanding.values()) else []
    return PaidUp(tuple(paid), owed, outstanding)
