"""What `play` shows beside the line being typed: the status (what comes next, fitted to
the width: render.status) and the running balances of the bottom bar, in money when the
session has a value to it, with the pool the status names (both read it from the
snapshot's standing, once: render.loo.pool_now)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, number
from ..render.status import broken
from ..text import width_of

if TYPE_CHECKING:
    from ..files import Snapshot

#: Room left for typing after a status on the prompt's line (a common deal is at most 16
#: keys); less, or a status longer than SHORT, and the line typed goes under the status.
TYPING = 18
SHORT = 40


def prompt_lines(read: Snapshot, width: int | None) -> list[str]:
    """The status of the sitting in lines of at most `width` (None: whole)."""
    from ..render import view_of
    from ..render.status import fitted

    line = view_of(read.header.game).status(read.header, read.standing, read.table_now)
    return fitted(line, width)


def message(lines: list[str], width: int | None) -> str:
    """The prompt: the status and "> ", the line typed after it on the same line when the
    status leaves room for it, else under it."""
    if len(lines) == 1 and width_of(lines[0]) <= SHORT and (
            width is None or width_of(lines[0]) + 2 + TYPING <= width):
        return f"{lines[0]}> "
    return "\n".join(lines) + "\n> "


def in_money(read: Snapshot) -> bool:
    """Whether the session's units are worth something other than themselves: a value
    other than 1 a unit, or a currency."""
    from decimal import Decimal

    return bool(read.header.currency) or read.header.unit_value != Decimal(1)


def balance_parts(read: Snapshot, names: dict[str, str]) -> list[str]:
    """Each player's balance ("Ann +3", in money "Ann +0.15"), named as `names` shortens
    them, and the other accounts (Loo's pool: "pool 6", in money "pool 6 = 0.30 kr")."""
    from ..ledger import money, places_of, shown
    from ..render import view_of

    balances = read.standing.balances
    value = read.header.unit_value
    places = places_of(value)
    paid = in_money(read)

    def amount(units: int, sign: bool) -> str:
        if not paid:
            return number(f"{units:+d}" if sign and units else str(units))
        return number(shown(money(units, value), places, sign=sign))

    view = view_of(read.header.game)
    players = [f"{names.get(p, p)} {amount(balances[p], True)}"
               for p in read.table_now.everyone]
    extra = []
    for account in read.header.game.accounts:
        units = balances.get(account, 0)
        held = f"{view.account_name(account)} {number(str(units))}"
        extra.append(_("{held} = {money}").format(held=held, money=amount(units, False))
                     if paid and units else held)
    currency = ([_("in {currency}").format(currency=read.header.currency)]
                if paid and read.header.currency else [])
    return [*players, *extra, *currency]


def balance_lines(read: Snapshot, width: int) -> list[str]:
    """The running balances in lines of at most `width`, broken between two players
    (never inside one's name and balance): whole names on a line or two; the names cut
    short to what tells them apart only when whole they would take more."""
    from ..render.layout import abbreviations

    full = broken(balance_parts(read, {}), width)
    if len(full) <= 2:
        return full
    short = broken(balance_parts(read, abbreviations(list(read.table_now.everyone))), width)
    return short if len(short) < len(full) else full
