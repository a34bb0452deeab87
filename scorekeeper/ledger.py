"""Transfers between accounts, balances, money, and the fewest payments that settle them.

Units (chips, counters, points) are ints; money is units x value, a Decimal: "never use
floating-point in an accounting system" (beancount).
"""


import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .errors import RuleError
from .i18n import _
from .text import quoted
from .values import value

if TYPE_CHECKING:
    from decimal import Context, Decimal

#: Exact search for the fewest payments up to this many non-zero balances (2**15 subsets).
EXACT_LIMIT = 15


@value
class Transfer:
    """`units` move from `payer` to `payee`."""

    payer: str
    payee: str
    units: int


def balances(accounts: Iterable[str], transfers: Iterable[Transfer]) -> dict[str, int]:
    """Each account's balance after the transfers, starting from zero."""
    result = dict.fromkeys(accounts, 0)
    add_transfers(result, transfers)
    return result


def add_transfers(balance: dict[str, int], transfers: Iterable[Transfer]) -> None:
    """Apply `transfers` to `balance` in place."""
    for t in transfers:
        balance[t.payer] -= t.units
        balance[t.payee] += t.units


def is_digits(text: str, most: int) -> bool:
    """Whether `text` is 1 to `most` ASCII digits 0-9 (str.isdigit alone takes ² and ٣)."""
    return text.isascii() and text.isdigit() and len(text) <= most


def check_value(text: object) -> str:
    """`text` if it is a unit value like 1, 0.05 or 2.50, in ASCII digits, more than 0, else
    RuleError."""
    if isinstance(text, str):
        whole, dot, fraction = text.partition(".")
        if is_digits(whole, 15) and (not dot or is_digits(fraction, 12)):
            if not any(c in "123456789" for c in text):
                raise RuleError(_("value {value} is nothing: money per unit is more than 0")
                                .format(value=quoted(text)), "value")
            return text
    raise RuleError(_("value {value} must be a money amount like 1, 0.05 or 2.50 (digits "
                      "0-9, at most 15 before the point and 12 after)").format(value=quoted(text)),
                    "value")


@functools.cache
def _exact() -> "Context":
    """A context wide enough that products and sums of money are never rounded (the default
    keeps 28 digits)."""
    from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context

    return Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


def money(units: int, value: "Decimal") -> "Decimal":
    """The money for `units` at `value` per unit, exact however many digits it takes."""
    from decimal import Decimal

    return _exact().multiply(Decimal(units), value)


def add_money(amounts: Iterable["Decimal"]) -> "Decimal":
    """The exact sum of `amounts` (money of different unit values adds as money)."""
    from decimal import Decimal

    exact = _exact()
    total = Decimal(0)
    for amount in amounts:
        total = exact.add(total, amount)
    return total


def coins(amount: "Decimal", places: int) -> int:
    """`amount` in coins of 10^-places (an amount written with at most `places` decimals)."""
    return int(amount.scaleb(places, context=_exact()))


def from_coins(count: int, places: int) -> "Decimal":
    """`count` coins of 10^-places as money: the inverse of `coins`."""
    from decimal import Decimal

    return Decimal(count).scaleb(-places, context=_exact())


def to_places(amount: "Decimal", places: int) -> "Decimal":
    """`amount` written with `places` decimals (it has no more), exact at any size."""
    return amount.quantize(_quantum(places), context=_exact())


@functools.cache
def _quantum(places: int) -> "Decimal":
    """One coin of `places` decimals (0.01 at two)."""
    from decimal import Decimal

    return Decimal(1).scaleb(-places)


def places_of(value: "Decimal") -> int:
    """The decimals money at `value` a unit is shown with: none when the value is whole,
    else the value's own and at least two (at 0.5 a unit, 29.00; at 0.005, 0.145)."""
    exponent = value.normalize().as_tuple().exponent
    return 0 if not isinstance(exponent, int) or exponent >= 0 else max(2, -exponent)


def shown(amount: "Decimal", places: int, sign: bool = False) -> str:
    """`amount` (which has no more than `places` decimals) as money is shown: to `places`."""
    return money_text(to_places(amount, places), sign)


def money_text(amount: "Decimal", sign: bool = False) -> str:
    """`amount` as plain decimal digits, never an exponent or a negative zero: "-0.30",
    "0.00000001"; with `sign`, "+0.30" for gains."""
    if not amount:
        amount = abs(amount)
    return format(amount, "+f" if sign and amount else "f")


def fewest_payments(nets: Sequence[tuple[str, int]]) -> list[Transfer]:
    """The fewest payments that bring every net to zero.

    `nets` are (name, net) in seat order and must sum to zero. The fewest payments is the
    number of players with a non-zero net less the most groups they split into that each sum
    to zero; found exactly by a subset search for up to EXACT_LIMIT such players, greedily
    beyond. Ties go by seat, so the same nets always give the same list.
    """
    if sum(n for _name, n in nets) != 0:
        raise ValueError(f"nets do not sum to zero: {list(nets)}")
    open_nets = [(name, n) for name, n in nets if n]
    exact = len(open_nets) <= EXACT_LIMIT
    groups = _zero_sum_groups(open_nets) if exact else [open_nets]
    payments: list[Transfer] = []
    for group in groups:
        payments.extend(_pay_within(group))
    seat = {name: i for i, (name, _net) in enumerate(nets)}
    payments.sort(key=lambda t: (seat[t.payer], seat[t.payee]))
    return payments


def _zero_sum_groups(nets: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split `nets` into the most groups that each sum to zero.

    best[mask] is the most zero-sum groups that the players in `mask` can be cut into, when
    they are added one by one and a group closes whenever the running sum is zero.
    """
    n = len(nets)
    if n == 0:
        return []
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + nets[low.bit_length() - 1][1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            most = max(most, best[mask ^ bit])
        best[mask] = most + (total[mask] == 0)
    # Walk back from the full set, taking out players (highest seat first) along a best
    # path; every time the remaining set sums to zero, the players taken since close a group.
    groups: list[list[tuple[str, int]]] = []
    current: list[int] = []
    mask = full
    while mask:
        closes = total[mask] == 0
        for i in reversed(range(n)):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] + closes == best[mask]:
                break
        if closes and current:
            groups.append([nets[j] for j in sorted(current)])
            current = []
        current.append(i)
        mask ^= bit
    groups.append([nets[j] for j in sorted(current)])
    return groups


def _pay_within(group: list[tuple[str, int]]) -> list[Transfer]:
    """Settle one zero-sum group: the largest debtor pays the largest creditor, by seat on
    ties. Each payment clears at least one of them, so k players need at most k - 1."""
    order = {name: i for i, (name, _net) in enumerate(group)}
    debts = {name: -n for name, n in group if n < 0}
    credits = {name: n for name, n in group if n > 0}
    payments = []
    while debts:
        payer = max(debts, key=lambda p: (debts[p], -order[p]))
        payee = max(credits, key=lambda p: (credits[p], -order[p]))
        units = min(debts[payer], credits[payee])
        payments.append(Transfer(payer, payee, units))
        for book, name in ((debts, payer), (credits, payee)):
            book[name] -= units
            if not book[name]:
                del book[name]
    return payments
