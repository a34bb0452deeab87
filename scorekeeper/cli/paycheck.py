"""What a payment must be, checked against the book: its currency (one the sittings
know, or the one the two have played in) and its day (not to come, not before the two
played together)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from ..errors import RuleError, UsageError
from ..i18n import _
from ..i18n import day as day_of
from ..text import quoted

if TYPE_CHECKING:
    from .pay import Folder


def currency_of(found: Folder, payer: str, payee: str, given: str | None) -> str:
    """The payment's currency: the one `given` (as the sittings spell it; none for those
    played in no currency), else the one the two have played in together."""
    known = sorted({s.currency for s in found.sittings}
                   | {p.currency for p in found.payments.payments})
    if given is not None:
        if given not in known and "" in known and given.strip().casefold() in {
                w.casefold() for w in ("none", "no currency", _("none"), _("no currency"))}:
            return ""  # as the lists name it: the sittings played in no currency
        if given not in known:
            import difflib

            close = difflib.get_close_matches(given.casefold(), [k.casefold() for k in known],
                                              n=1, cutoff=0.5)
            hint = (_("did you mean {name}?").format(
                        name=next(k for k in known if k.casefold() == close[0]))
                    if close else _("known here: {names}").format(
                        names=", ".join(k or _("no currency") for k in known) or _("none")))
            raise RuleError(_("unknown currency {currency}: {hint}").format(
                currency=quoted(given), hint=hint))
        return given

    played: dict[str, set[str]] = {payer.casefold(): set(), payee.casefold(): set()}
    for s in found.sittings:  # the currencies each has played in, the sittings read once
        for name in {p.casefold() for p in s.players} & played.keys():
            played[name].add(s.currency)
    shared = sorted(set.intersection(*played.values()))
    if len(shared) == 1:
        return shared[0]
    if shared:
        raise UsageError(_("give the currency with --currency: they have played in "
                           "{currencies}").format(
            currencies=", ".join(c or _("no currency") for c in shared)))
    raise UsageError(_("give the currency with --currency: they have played in no currency "
                       "together"))


def check_day(found: Folder, day: datetime.date, payer: str, payee: str,
               currency: str) -> None:
    """A payment's day: not to come, and not before the first sitting the two played in
    together in its currency (a payment of theirs counts toward such a sitting, in its
    settle as in the book); if they have none, not before the first either played in; if
    neither has played (the club's kitty), not before the folder's first."""
    pair = {payer.casefold(), payee.casefold()}
    met = [(s.date, pair & {p.casefold() for p in s.players}) for s in found.sittings]
    together = [when for (when, both), s in zip(met, found.sittings, strict=True)
                if len(both) == 2 and s.currency == currency]
    either = [when for when, both in met if both]
    first = min(together or either or [s.date for s in found.sittings], default=None)
    if first is not None and day < first:
        said = (_("{day} is before {payer} and {payee} first played together here ({first}): "
                  "a payment is made after a sitting") if together else
                _("{day} is before {payer} or {payee} played here ({first}): a payment is "
                  "made after a sitting") if either else
                _("{day} is before the first sitting here ({first}): a payment is made after "
                  "a sitting"))
        raise RuleError(said.format(day=day_of(day), first=day_of(first), payer=payer,
                                    payee=payee))
    from ..files.payfile import check_day_come

    check_day_come(day, datetime.date.today())
