"""The book's reports: the sittings, each currency's accounts and the payments that clear
what is outstanding; and the players' statistics, game by game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..book import Currency, Line, Paid, SessionSummary, money_of, players_in
from ..games import in_a_table
from ..i18n import _, day, ngettext, number
from ..ledger import shown
from .report import Column, Report, Table, for_both


def _label(currency: str) -> str:
    return currency or _("no currency")


def _money(amount: Any, places: int, sign: bool = False) -> str:
    """Money in text, as the language writes it: +13.00, in Danish +13,00."""
    return number(shown(amount, places, sign))


def book(sittings: Sequence[SessionSummary], currencies: Sequence[Currency]) -> Report:
    """Every sitting counted, then per currency the payments made that count, every
    player's money and what he still owes or is owed, and the fewest payments that clear
    it. As CSV, four tables: the sittings (a money column a player), the accounts, the
    payments made and the plan (a row a currency and player, or payment)."""
    if not sittings and not any(c.paid for c in currencies):
        return Report(lambda: book_data(sittings, currencies), (), (_("0 sittings."),))
    scales = {c.currency: c.places for c in currencies}
    rows = [[day(s.date), s.name + ("*" if s.changes else ""), in_a_table(s.game),
             number(str(s.deals)),
             day(s.paid) if s.paid else "",
             ", ".join(f"{p} {_money(m, scales[s.currency], True)}"
                       for p, m in money_of(s).items())
             + (f" ({s.currency})" if s.currency else "")] for s in sittings]
    tables = [Table((Column(_("date")), Column(_("session")), Column(_("game")),
                     Column(_("deals"), True), Column(_("paid"), wrap=True),
                     Column(_("money"), wrap=True)), rows,
                    name="sittings")] if rows else []
    for c in currencies:
        tables += _currency_tables(c)
    title = _title(sittings, currencies)
    footer = ("", _("* changed after it was played ('scorekeeper history -s NAME' says how)."
                    )) if any(s.changes for s in sittings) else ()
    return Report(lambda: book_data(sittings, currencies), tuple(tables), title, footer,
                  sheets=sheets(sittings, currencies))


def _title(sittings: Sequence[SessionSummary], currencies: Sequence[Currency]) -> tuple[str, ...]:
    made = sum(len(c.paid) for c in currencies)
    count = len(sittings)
    held = ngettext("{count} sitting", "{count} sittings", count).format(count=count)
    paid = ngettext("{count} payment", "{count} payments", made).format(count=made)
    if not sittings:
        return (_("{sittings} and {payments} between players.").format(
            sittings=held, payments=paid) if made else _("0 sittings."), "")
    first, last = day(sittings[0].date), day(sittings[-1].date)
    if made:
        # TRANSLATORS: "12 sittings and 3 payments between players from 2026-11-02 to ..."
        return (_("{sittings} and {payments} between players from {first} to {last}.").format(
            sittings=held, payments=paid, first=first, last=last), "")
    return (_("{sittings} from {first} to {last}.").format(sittings=held, first=first,
                                                           last=last), "")


def _currency_tables(c: Currency) -> list[Table]:
    """A currency's payments made, accounts, and the plan that clears what is left."""
    label, scale = _label(c.currency), c.places
    tables = []
    money_head = _("money ({currency})").format(currency=label)
    if c.paid:
        tables.append(Table(
            (Column("#", True), Column(_("date")), Column(_("from")), Column(_("to")),
             Column(_("paid ({currency})").format(currency=label), True),
             Column(_("note"), wrap=True)),
            [[p.number, day(p.date), p.payer, p.payee, _money(p.money, scale), p.note]
             for p in c.paid],
            caption=_("Paid between players in {currency}:").format(currency=label)
            if c.currency else _("Paid between players, without a currency:"),
            name="payments"))
    paid = [Column(_("paid"), True), Column(_("received"), True)] if c.paid else []
    tables.append(Table(
        (Column(_("player")), Column(_("sittings"), True), Column(money_head, True), *paid,
         Column(_("outstanding"), True)),
        [[a.name, number(str(a.sittings)), _money(a.money, scale, True),
          *([_money(a.paid, scale), _money(a.received, scale)] if c.paid else []),
          _money(a.outstanding, scale, True)] for a in c.accounts],
        caption=_("In {currency}:").format(currency=label) if c.currency else _(
            "Without a currency:"), name="accounts"))
    tables.append(Table(
        (Column(_("pays")), Column(_("to")), Column(money_head, True)),
        [[p.payer, p.payee, _money(p.money, scale)] for p in c.payments],
        caption=None if c.payments else _("Nothing is outstanding in {currency}.").format(
            currency=label) if c.currency else _("Nothing is outstanding."), name="plan"))
    return tables


def sheets(sittings: Sequence[SessionSummary], currencies: Sequence[Currency]) -> tuple[Table, ...]:
    """The book as four tables a spreadsheet reads: the sittings, with a money column for
    each player (empty where he did not sit); the accounts; the payments made; the plan."""
    scales = {c.currency: c.places for c in currencies}
    players = players_in(sittings)
    sat = []
    for s in sittings:
        money = {p.casefold(): m for p, m in money_of(s).items()}
        sat.append([s.date.isoformat(), s.name, s.game, s.deals,
                    s.paid.isoformat() if s.paid else "", s.changes, s.currency,
                    *(shown(money[p.casefold()], scales[s.currency])
                      if p.casefold() in money else "" for p in players)])
    listed = Table((Column("date"), Column("session"), Column("game"), Column("deals", True),
                    Column("paid"), Column("changes", True), Column("currency"),
                    *(Column(p, True) for p in players)), sat, name="sittings")
    accounts = Table((Column("currency"), Column("player"), Column("sittings", True),
                      Column("money", True), Column("paid", True), Column("received", True),
                      Column("outstanding", True)),
                     [[c.currency, a.name, a.sittings, shown(a.money, c.places),
                       shown(a.paid, c.places), shown(a.received, c.places),
                       shown(a.outstanding, c.places)]
                      for c in currencies for a in c.accounts], name="accounts")
    made = Table((Column("number", True), Column("date"), Column("from"), Column("to"),
                  Column("money", True), Column("currency"), Column("note")),
                 [[p.number, p.date.isoformat(), p.payer, p.payee, shown(p.money, c.places),
                   c.currency, p.note] for c in currencies for p in c.paid], name="payments")
    plan = Table((Column("currency"), Column("pays"), Column("to"), Column("money", True)),
                 [[c.currency, p.payer, p.payee, shown(p.money, c.places)]
                  for c in currencies for p in c.payments], name="plan")
    return listed, accounts, made, plan


def book_data(sittings: Sequence[SessionSummary], currencies: Sequence[Currency]) -> dict[str, Any]:
    scales = {c.currency: c.places for c in currencies}
    return {
        "sittings": [{
            "session": s.name, "game": s.game, "date": s.date.isoformat(),
            "deals": s.deals, "paid": s.paid.isoformat() if s.paid else None,
            "changes": s.changes,
            "currency": s.currency,
            "players": [{"name": p, "net": s.nets[p], "money": shown(m, scales[s.currency])}
                        for p, m in money_of(s).items()],
        } for s in sittings],
        "currencies": [{
            "currency": c.currency,
            "players": [{"name": a.name, "sittings": a.sittings,
                         "money": shown(a.money, c.places), "paid": shown(a.paid, c.places),
                         "received": shown(a.received, c.places),
                         "outstanding": shown(a.outstanding, c.places)} for a in c.accounts],
            "payments": [paid_data(p, c.places) for p in c.paid],
            "transfers": [{"from": p.payer, "to": p.payee, "money": shown(p.money, c.places)}
                          for p in c.payments],
        } for c in currencies],
    }


def paid_data(p: Paid, places: int) -> dict[str, Any]:
    """A payment made, as JSON has it."""
    return {"number": p.number, "date": p.date.isoformat(), "from": p.payer, "to": p.payee,
            "money": shown(p.money, places), "currency": p.currency, "note": p.note}


def explain(name: str, lines: Sequence[Line], currencies: Sequence[Currency]) -> Report:
    """How `name`'s outstanding money is made up, currency by currency: each sitting not
    yet paid and each payment that counts, with the running total, ending at what the book
    shows."""
    places = {c.currency: c.places for c in currencies}
    data = []
    chosen = sorted({line.currency for line in lines})
    for currency in chosen:
        of = [line for line in lines if line.currency == currency]
        scale = places.get(currency, 2)
        data.append({"currency": currency, "outstanding": shown(of[-1].total, scale),
                     "lines": [{"date": line.date.isoformat(), "what": line.what,
                                "kind": line.kind, "money": shown(line.money, scale),
                                "total": shown(line.total, scale)} for line in of]})

    def tables() -> tuple[Table, ...]:
        made = []
        for currency in chosen:
            of = [line for line in lines if line.currency == currency]
            scale = places.get(currency, 2)
            rows = [[day(line.date), _what(line), _money(line.money, scale, True),
                     _money(line.total, scale, True)] for line in of]
            label = _label(currency)
            made.append(Table(
                (Column(_("date")), Column(_("what"), wrap=True),
                 Column(_("money ({currency})").format(currency=label), True),
                 Column(_("total"), True)), rows,
                caption=_("{name} in {currency}: {money} outstanding").format(
                    name=name, currency=label, money=_money(of[-1].total, scale, True)),
                name=currency or "none"))
        return tuple(made)

    title = () if lines else (_("{name} owes nothing and is owed nothing: no sitting not yet "
                                "paid, and no payment that counts.").format(name=name),)
    shown_tables, sheets = for_both(tables)
    return Report({"player": name, "currencies": data}, shown_tables, title, sheets=sheets)


def _what(line: Line) -> str:
    """What a line of an explanation is, in the language chosen (Line.what in English)."""
    if line.kind == "paid":
        return _("paid {name} (payment {number})").format(name=line.party, number=line.number)
    if line.kind == "received":
        return _("paid by {name} (payment {number})").format(name=line.party,
                                                            number=line.number)
    if line.kind == "sitting" and line.game:
        return f"{line.party} ({in_a_table(line.game)})"
    return line.what


def _count_title(game: str, key: str) -> str:
    """What `stats` counts (a key of its JSON and CSV: Game.counts), as its tables say it
    in the language chosen: the game's own words (Game.count_title) beside the two every
    game counts."""
    from ..games import GAMES

    if key == "sittings":
        return _("sittings")
    if key == "deals":
        return _("deals")
    return GAMES[game].count_title(key)


def stats(rows: Sequence[dict[str, Any]], titles: dict[str, str]) -> Report:
    """One table a game: each player's sittings and deals, and what the game counts."""
    def tables() -> tuple[Table, ...]:
        made = []
        for game, title in titles.items():
            of_game = [r for r in rows if r["game"] == game]
            if not of_game:
                continue
            keys = [k for k in of_game[0] if k not in ("name", "game")]
            made.append(Table((Column(_("player")), *(Column(_count_title(game, k), True)
                                                       for k in keys)),
                              [[r["name"], *(number(str(r[k])) for k in keys)]
                               for r in of_game],
                              caption=f"{title}:", name=game))
        return tuple(made)

    shown_tables, sheets = for_both(tables)
    if not shown_tables:
        return Report({"players": []}, (), (_("No sittings to count."),))
    return Report({"players": list(rows)}, shown_tables, sheets=sheets)
