"""The reports every game shares: the sitting deal by deal (`show`), the reckoning
(`settle`), and the list of sessions."""

from __future__ import annotations

from typing import Any

from ..ledger import money, money_text
from ..reckoning import Settlement
from ..session import AnySession, Played, Standing
from . import view_of
from .base import rate, signed
from .report import Column, Report, Table


def show(session: AnySession, played: list[Played[Any, Any, Any]], standing: Standing[Any]
         ) -> Report:
    """Every entry with what it did and the running balances; the standing after them."""
    view = view_of(session.game)
    players = list(session.players)
    extra = list(session.game.accounts)
    columns = (Column("#", numeric=True), Column("dealer"), Column("what happened", wrap=True),
               *(Column(p, numeric=True) for p in players),
               *(Column(view.account_name(a), numeric=True) for a in extra))
    rows = [["" if p.number is None else str(p.number), p.dealer or "",
             view.describe(p.result),
             *[signed(p.balances[player]) for player in players],
             *[str(p.balances[a]) for a in extra]]
            for p in played]

    def data() -> dict[str, Any]:
        return {
            "session": session.name, "game": session.game.name, "unit": session.game.unit,
            "players": players,
            "deals": [{"number": p.number, "dealer": p.dealer,
                       "inputs": session.game.entry_to_data(p.entry),
                       **view.result_data(p.result),
                       "balances": {a: p.balances[a] for a in players}} for p in played],
            "balances": {a: standing.balances[a] for a in players},
            "next_dealer": standing.next_dealer,
            **view.show_data(session, played, standing),
        }

    footer = (*view.standing_lines(session, standing), f"Next dealer: {standing.next_dealer}.")
    tables = (Table(columns, rows),) if rows else ()
    title = () if rows else ("No deals yet.",)
    return Report(data, tables, title, footer, view.drawing(session, played, standing))


def settle(session: AnySession, settlement: Settlement[Any]) -> Report:
    """Every player's net in units and money, and the fewest payments that clear them."""
    view = view_of(session.game)
    unit, value, currency = session.game.unit, session.unit_value, session.currency
    money_head = f"money ({currency})" if currency else "money"
    held = [view.held(session, p.net) for p in settlement.players]
    held_keys = list(view.held(session, 0))
    nets = Table(
        (Column("player"), Column(f"net ({unit}s)", numeric=True),
         *(Column(f"{k} held", numeric=True) for k in held_keys),
         Column(money_head, numeric=True)),
        [[p.name, signed(p.net), *h.values(), money_text(p.money, sign=True)]
         for p, h in zip(settlement.players, held, strict=True)])
    payments = Table(
        (Column("pays"), Column("to"), Column(f"{unit}s", numeric=True),
         Column(money_head, numeric=True)),
        [[t.payer, t.payee, t.units, money_text(money(t.units, value))]
         for t in settlement.payments])
    deals = settlement.standing.deals
    data = {
        "session": session.name, "game": session.game.name, "unit": unit,
        "value": session.value, "currency": currency, "deals": deals,
        **view.settle_data(session, settlement),
        "players": [{"name": p.name, "net": p.net, "money": money_text(p.money), **h}
                    for p, h in zip(settlement.players, held, strict=True)],
        "transfers": [{"from": t.payer, "to": t.payee, "units": t.units,
                       "money": money_text(money(t.units, value))}
                      for t in settlement.payments],
    }
    title = (f"{session.game.title} '{session.name}': {deals} deal{'' if deals == 1 else 's'}, "
             f"{rate(session)}.",
             *view.settle_lines(session, settlement), "")
    if settlement.payments:
        return Report(data, (nets, payments), title)
    return Report(data, (nets,), title, ("", "Nobody owes anybody anything."))


def sessions(rows: list[dict[str, Any]]) -> Report:
    """The sessions of a folder, the current one marked."""
    columns = (Column(""), Column("session"), Column("game"), Column("date"), Column("paid"),
               Column("players"), Column("deals", numeric=True), Column("file"))
    table = [["*" if r["current"] else "", r["name"], r["game"], r.get("date") or "",
              r.get("paid") or "", ", ".join(r["players"]),
              "" if r["game"] == "unreadable" else r["deals"], r["path"]]
             for r in rows]
    if not rows:
        return Report({"sessions": []}, (), ("No sessions yet: start one with 'scorekeeper "
                                             "loo new NAME --players A,B,C'.",))
    return Report({"sessions": rows}, (Table(columns, table),))
