"""The club's book: many sittings added up. Players are matched across sittings ignoring
case; money from sittings with different unit values adds as money; different currency
labels never mix. What is outstanding -- the money of sittings not yet paid -- is cleared
with the fewest payments (the ledger's exact search)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from . import ledger
from .errors import RuleError

if TYPE_CHECKING:
    from decimal import Decimal


class Sitting(Protocol):
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
            raise RuleError(f"the first day, {self.since}, is after the last, {self.until}: "
                            "no sitting can fall between them")


def select(sittings: Iterable[Sitting], only: Filter) -> list[Sitting]:
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


def money_of(sitting: Sitting) -> dict[str, Decimal]:
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
    """Won (or lost) in the sittings not yet paid."""


class Payment(NamedTuple):
    payer: str
    payee: str
    money: Decimal


class Currency(NamedTuple):
    currency: str
    accounts: list[Account]
    payments: list[Payment]
    """The fewest payments that clear everyone's outstanding money."""
    places: int
    """The decimals its money is shown with: the most any of its sittings' values asks."""


def account(sittings: Sequence[Sitting]) -> list[Currency]:
    """Every player's sittings, money and outstanding money, per currency; and the payments
    that clear what is outstanding."""
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
    found = []
    for currency, book in sorted(books.items()):
        accounts = [Account(name, len(amounts), ledger.add_money(a for a, _ in amounts),
                            ledger.add_money(a for a, paid in amounts if not paid))
                    for name, amounts in sorted(book.items(), key=lambda b: b[0].casefold())]
        found.append(Currency(currency, accounts, clear(accounts), scales[currency]))
    return found


def clear(accounts: Sequence[Account]) -> list[Payment]:
    """The fewest payments that bring everyone's outstanding money to zero: amounts in the
    smallest coin any of them uses, settled as whole numbers by the ledger."""
    scale = places(a.outstanding for a in accounts)
    owed = [(a.name, ledger.coins(a.outstanding, scale)) for a in accounts]
    return [Payment(t.payer, t.payee, ledger.from_coins(t.units, scale))
            for t in ledger.settle(owed)]


def places(amounts: Iterable[Decimal]) -> int:
    """The most decimal places any of `amounts` is written with."""
    return max([-min(a.as_tuple().exponent, 0) for a in amounts  # type: ignore[operator]
                ], default=0)


def players_in(sittings: Iterable[Sitting]) -> list[str]:
    """Every player of `sittings`, once each (case ignored), as he first appears."""
    seen: dict[str, str] = {}
    for sitting in sittings:
        for player in sitting.players:
            seen.setdefault(player.casefold(), player)
    return list(seen.values())
