"""The book's reports: the sittings, each currency's accounts and the payments that clear
what is outstanding; and the players' statistics, game by game."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..book import Currency, Sitting, money_of, players_in
from ..ledger import shown
from .report import Column, Report, Table


def _label(currency: str) -> str:
    return currency or "no currency"


def book(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> Report:
    """Every sitting counted, then per currency every player's money and what he still owes
    or is owed, with the fewest payments that clear it. As CSV, three tables: the sittings
    (a money column a player), the accounts and the payments (a row a currency and player,
    or payment)."""
    if not sittings:
        return Report(lambda: book_data(sittings, currencies), (), ("0 sittings.",))
    scales = {c.currency: c.places for c in currencies}

    def text(amount: Decimal, scale: int, sign: bool = True) -> str:
        return shown(amount, scale, sign=sign)

    rows = [[s.date.isoformat(), s.name + ("*" if s.changes else ""), s.game, s.deals,
             s.paid.isoformat() if s.paid else "",
             ", ".join(f"{p} {text(m, scales[s.currency])}" for p, m in money_of(s).items())
             + (f" ({s.currency})" if s.currency else "")] for s in sittings]
    listed = Table((Column("date"), Column("session"), Column("game"), Column("deals", True),
                    Column("paid", wrap=True), Column("money", wrap=True)), rows,
                   name="sittings")
    tables = [listed]
    for c in currencies:
        label, scale = _label(c.currency), scales[c.currency]
        tables.append(Table(
            (Column("player"), Column("sittings", True), Column(f"money ({label})", True),
             Column("outstanding", True)),
            [[a.name, a.sittings, text(a.money, scale), text(a.outstanding, scale)]
             for a in c.accounts],
            caption=f"In {label}:", name="accounts"))
        tables.append(Table(
            (Column("pays"), Column("to"), Column(f"money ({label})", True)),
            [[p.payer, p.payee, text(p.money, scale, sign=False)] for p in c.payments],
            caption=None if c.payments else f"Nothing is outstanding in {label}.",
            name="payments"))
    first, last = sittings[0].date, sittings[-1].date
    title = (f"{len(sittings)} sitting{'' if len(sittings) == 1 else 's'} from {first} to "
             f"{last}.", "")
    footer = ("", "* changed after it was played ('scorekeeper history -s NAME' says how).") if (
        any(s.changes for s in sittings)) else ()
    return Report(lambda: book_data(sittings, currencies), tuple(tables), title, footer,
                  sheets=sheets(sittings, currencies))


def sheets(sittings: Sequence[Sitting], currencies: Sequence[Currency]) -> tuple[Table, ...]:
    """The book as three tables a spreadsheet reads: the sittings, with a money column for
    each player (empty where he did not sit); the accounts; the payments."""
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
                      Column("money", True), Column("outstanding", True)),
                     [[c.currency, a.name, a.sittings, shown(a.money, c.places),
                       shown(a.outstanding, c.places)]
                      for c in currencies for a in c.accounts], name="accounts")
    payments = Table((Column("currency"), Column("pays"), Column("to"), Column("money", True)),
                     [[c.currency, p.payer, p.payee, shown(p.money, c.places)]
                      for c in currencies for p in c.payments], name="payments")
    return listed, accounts, payments


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
                         "money": shown(a.money, c.places),
                         "outstanding": shown(a.outstanding, c.places)} for a in c.accounts],
            "transfers": [{"from": p.payer, "to": p.payee, "money": shown(p.money, c.places)}
                          for p in c.payments],
        } for c in currencies],
    }


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
