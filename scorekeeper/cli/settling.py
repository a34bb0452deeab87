"""The payments `settle` nets against one sitting: the folder's payments file, read only
when it exists, and the next sitting's day (book.made_for) read from the folder's book
cache only when a payment may count."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from ..errors import ScorekeeperError
from ..i18n import _
from ..text import visible

if TYPE_CHECKING:
    from ..book import PaidUp
    from ..files import Snapshot
    from ..reckoning import Settlement
    from ..render.report import Report


def settled(read: Snapshot) -> Report:
    """What `settle` shows of the sitting `read` (and the sheet puts on its page): each
    net and its money, the payments made of it and who still pays whom after them."""
    from ..ledger import places_of
    from ..reckoning import reckon
    from ..render.reports import settle as report
    from ..render.settled import with_payments

    settlement = reckon(read.header, read.standing)
    made = paid_of(read, settlement)
    shown = report(read.header, settlement)
    if made is None:
        return shown
    return with_payments(shown, read.header.currency, places_of(read.header.unit_value), made)


def paid_of(read: Snapshot, settlement: Settlement[object]) -> PaidUp | None:
    """What was paid of the sitting `read` and what is still owed; None when no payment
    was made of it. A payments file that cannot be read is said on stderr, and left out."""
    from ..book import made_for, paid_up
    from ..files import folder, payfile
    from ..ledger import places_of

    root = os.path.dirname(read.path) or "."
    if not os.path.exists(payfile.path_in(root)):
        return None
    from .pay import held_to_places

    header = read.header
    try:
        payments = payfile.read(root)
        made = made_for(read.players, header.currency, read.date, payments.payments)
        if not made:  # the folder's sittings are read only for a sitting paid toward
            return None
        sittings, _problems = folder.sittings(root)
        held_to_places(payments, sittings)
    except ScorekeeperError as error:
        click.echo(_("Warning: {message}").format(message=visible(str(error))), err=True)
        return None
    later = [s.date for s in sittings if s.currency == header.currency and s.date > read.date
             and s.real != read.real]
    made = [p for p in made if not later or p.date < min(later)]
    if not made:
        return None
    money = {p.name: p.money for p in settlement.players}
    return paid_up(money, made, places_of(header.unit_value))
