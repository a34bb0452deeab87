"""`settle` once payments were made of the sitting (book.PaidUp): beside each player's net,
the payments made, and who still pays whom, in place of the plan that is no longer owed.
JSON keeps its keys (`transfers`: the fewest payments that clear the nets) and adds `paid`
and `owed`; CSV keeps its tables and adds `paid` and `owed`."""

from __future__ import annotations

from ..book import PaidUp
from ..book import places as book_places
from ..i18n import _, day, number
from ..ledger import shown
from ..values import replace
from .report import Column, Report, Table, for_both


def with_payments(report: Report, currency: str, places: int, made: PaidUp) -> Report:
    """`report` (reports.settle) with the payments `made` and what is still owed."""
    if not made.paid:
        return report
    places = max(places, book_places([*(p.money for p in made.paid),
                                      *(t.money for t in made.owed)]))

    def tables() -> tuple[Table, ...]:
        head = _("money ({currency})").format(currency=currency) if currency else _("money")
        paid = Table((Column(_("date")), Column(_("paid by")), Column(_("to")),
                      Column(head, numeric=True)),
                     [[day(p.date), p.payer, p.payee, number(shown(p.money, places))]
                      for p in made.paid], caption=_("Paid since the sitting:"), name="paid")
        owed = Table((Column(_("pays")), Column(_("to")), Column(head, numeric=True)),
                     [[t.payer, t.payee, number(shown(t.money, places))] for t in made.owed],
                     caption=_("Still to pay:"), name="owed")
        return paid, owed

    people, english = for_both(tables)
    sheets = report.sheets() if callable(report.sheets) else report.sheets
    original = tuple(sheets or report.tables)
    data = report.data() if callable(report.data) else report.data
    data = {**data,
            "paid": [{"number": p.number, "date": p.date.isoformat(), "from": p.payer,
                      "to": p.payee, "money": shown(p.money, places)} for p in made.paid],
            "owed": [{"from": t.payer, "to": t.payee, "money": shown(t.money, places)}
                     for t in made.owed]}
    done = () if made.owed else ("", _("Everything is paid."))
    footer = tuple(line for line in report.footer
                   if line != _("Nobody owes anybody anything.")) + done
    more = english() if callable(english) else english
    return replace(report, data=data, tables=(report.tables[0], *people), footer=footer,
                           sheets=(*original, *(more or people)))

