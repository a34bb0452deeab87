"""The book's reports: the sittings, each currency's accounts and the payments that clear
what is outstanding; and the players' statistics, game by game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..book import Currency, Line, Paid, Sitting, money_of, players_in
from ..ledger import shown
from .report import Column, Report, Table


def _label(currency: str) -> str:
    return currency or "no currency"


def book(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> Report:
    """Every sitting counted, then per currency the payments made that count, every
    player's money and what he still owes or is owed, and the fewest payments that clear
    it. As CSV, four tables: the sittings (a money column a player), the accounts, the
    payments made and the plan (a row a currency and player, or payment)."""
    if not sittings and not any(c.paid for c in currencies):
        return Report(lambda: book_data(sittings, currencies), (), ("0 sittings.",))
    scales = {c.currency: c.places for c in currencies}
    rows = [[s.date.isoformat(), s.name + ("*" if s.changes else ""), s.game, s.deals,
             s.paid.isoformat() if s.paid else "",
             ", ".join(f"{p} {shown(m, scales[s.currency], True)}"
                       for p, m in money_of(s).items())
             + (f" ({s.currency})" if s.currency else "")] for s in sittings]
    tables = [Table((Column("date"), Column("session"), Column("game"), Column("deals", True),
                     Column("paid", wrap=True), Column("money", wrap=True)), rows,
                    name="sittings")] if rows else []
    for c in currencies:
        tables += _currency_tables(c)
    title = _title(sittings, currencies)
    footer = ("", "* changed after it was played ('scorekeeper history -s NAME' says how).") if (
        any(s.changes for s in sittings)) else ()
    return Report(lambda: book_data(sittings, currencies), tuple(tables), title, footer,
                  sheets=sheets(sittings, currencies))


def _title(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> tuple[str, ...]:
    made = sum(len(c.paid) for c in currencies)
    counted = f" and {made} payment{'' if made == 1 else 's'} between players" if made else ""
    if not sittings:
        return (f"0 sittings{counted}.", "")
    first, last = sittings[0].date, sittings[-1].date
    return (f"{len(sittings)} sitting{'' if len(sittings) == 1 else 's'}{counted} from {first} "
            f"to {last}.", "")


def _currency_tables(c: Currency) -> list[Table]:
    """A currency's payments made, accounts, and the plan that clears what is left."""
    label, scale = _label(c.currency), c.places
    tables = []
    if c.paid:
        tables.append(Table(
            (Column("#", True), Column("date"), Column("from"), Column("to"),
             Column(f"paid ({label})", True), Column("note", wrap=True)),
            [[p.number, p.date.isoformat(), p.payer, p.payee, shown(p.money, scale), p.note]
             for p in c.paid], caption=f"Paid between players in {label}:", name="payments"))
    paid = [Column("paid", True), Column("received", True)] if c.paid else []
    tables.append(Table(
        (Column("player"), Column("sittings", True), Column(f"money ({label})", True), *paid,
         Column("outstanding", True)),
        [[a.name, a.sittings, shown(a.money, scale, True),
          *([shown(a.paid, scale), shown(a.received, scale)] if c.paid else []),
          shown(a.outstanding, scale, True)] for a in c.accounts],
        caption=f"In {label}:", name="accounts"))
    tables.append(Table(
        (Column("pays"), Column("to"), Column(f"money ({label})", True)),
        [[p.payer, p.payee, shown(p.money, scale)] for p in c.payments],
        caption=None if c.payments else f"Nothing is outstanding in {label}.", name="plan"))
    return tables


def sheets(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> tuple[Table, ...]:
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


def book_data(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> dict[str, Any]:
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
    tables, data = [], []
    for currency in sorted({line.currency for line in lines}):
        of = [line for line in lines if line.currency == currency]
        scale = places.get(currency, 2)
        rows = [[line.date.isoformat(), line.what, shown(line.money, scale, True),
                 shown(line.total, scale, True)] for line in of]
        label = _label(currency)
        tables.append(Table((Column("date"), Column("what", wrap=True),
                             Column(f"money ({label})", True), Column("total", True)), rows,
                            caption=f"{name} in {label}: {shown(of[-1].total, scale, True)} "
                                    "outstanding", name=currency or "none"))
        data.append({"currency": currency, "outstanding": shown(of[-1].total, scale),
                     "lines": [{"date": line.date.isoformat(), "what": line.what,
                                "kind": line.kind, "money": shown(line.money, scale),
                                "total": shown(line.total, scale)} for line in of]})
    title = () if lines else (f"{name} owes nothing and is owed nothing: no sitting not yet "
                              "paid, and no payment that counts.",)
    return Report({"player": name, "currencies": data}, tuple(tables), title)


def stats(rows: Sequence[dict[str, Any]], titles: dict[str, str]) -> Report:
    """One table a game: each player's sittings and deals, and what the game counts."""
    tables = []
    for game, title in titles.items():
        of_game = [r for r in rows if r["game"] == game]
        if not of_game:
            continue
        keys = [k for k in of_game[0] if k not in ("name", "game")]
        tables.append(Table((Column("player"), *(Column(k.replace("_", " "), True)
                                                  for k in keys)),
                            [[r["name"], *(r[k] for k in keys)] for r in of_game],
                            caption=f"{title}:", name=game))
    if not tables:
        return Report({"players": []}, (), ("No sittings to count.",))
    return Report({"players": list(rows)}, tuple(tables))
