"""The reports every game shares: the sitting deal by deal (`show`), the reckoning
(`settle`), and the list of sessions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..history import Revision
from ..ledger import money, places_of, shown
from ..reckoning import Settlement
from ..session import AnySession, Played, Standing, entry_to_data, everyone
from . import view_of
from .base import rate, signed
from .report import Column, Report, Table


def show(session: AnySession, played: list[Played[Any, Any, Any]], standing: Standing[Any],
         changed: set[int] | frozenset[int] = frozenset()) -> Report:
    """Every entry with what it did and the running balances; the standing after them.
    The entries `changed` after they were played (0-based) are marked *."""
    view = view_of(session.game)
    players = everyone(session, standing)  # and every player who sat at the table
    extra = list(session.game.accounts)
    columns = (Column("#", numeric=True), Column("dealer", name=True),
               Column("what happened", wrap=True),
               *(Column(p, numeric=True) for p in players),
               *(Column(view.account_name(a), numeric=True) for a in extra))
    rows = [[("" if p.number is None else str(p.number)) + ("*" if i in changed else ""),
             p.dealer or "",
             view.what(p.result),
             *[signed(p.balances[player]) if player in p.balances else "" for player in players],
             *[str(p.balances[a]) for a in extra]]
            for i, p in enumerate(played)]

    def data() -> dict[str, Any]:
        return {
            "session": session.name, "game": session.game.name, "unit": session.game.unit,
            "players": players,
            "deals": [{"number": p.number, "dealer": p.dealer,
                       "inputs": entry_to_data(session.game, p.entry),
                       **view.data_of(p.result),
                       "balances": {a: p.balances[a] for a in players if a in p.balances},
                       "changed": i in changed} for i, p in enumerate(played)],
            "balances": {a: standing.balances[a] for a in players},
            "next_dealer": standing.next_dealer,
            **view.show_data(session, played, standing),
        }

    footer = (*view.standing_lines(session, standing), f"Next dealer: {standing.next_dealer}.",
              *_marked(view, played, changed))
    tables = (Table(columns, rows, players=tuple(players), record="deal"),) if rows else ()
    title = () if rows else ("No deals yet.",)
    drawing = view.drawing(session, played, standing)
    if drawing is not None and changed:
        notes = _marked(view, played, changed, listed=True)
        pad = drawing
        drawing = lambda width: "\n".join([pad(width), *notes])  # noqa: E731
    return Report(data, tables, title, footer, drawing)


def _marked(view: Any, played: list[Played[Any, Any, Any]], changed: set[int] | frozenset[int],
            listed: bool = False) -> list[str]:
    """The footnote to the entries marked *: which, when the table is not shown."""
    if not changed:
        return []
    if not listed:
        return ["* changed after it was played ('scorekeeper history' says how)."]
    numbers = [str(played[i].number) for i in sorted(changed) if played[i].number]
    word = view.deal_word.lower() + ("s" if len(numbers) > 1 else "")
    return [f"Changed after they were played: {word} {', '.join(numbers)} ('scorekeeper "
            "history' says how)."] if numbers else []


def settle(session: AnySession, settlement: Settlement[Any]) -> Report:
    """Every player's net in units and money, and the fewest payments that clear them."""
    view = view_of(session.game)
    unit, value, currency = session.game.unit, session.unit_value, session.currency
    places = places_of(value)
    money_head = f"money ({currency})" if currency else "money"
    held = [view.held(session, p.net) for p in settlement.players]
    held_keys = list(view.held(session, 0))
    nets = Table(
        (Column("player"), Column(f"net ({unit}s)", numeric=True),
         *(Column(f"{k} held", numeric=True) for k in held_keys),
         Column(money_head, numeric=True)),
        [[p.name, signed(p.net), *h.values(), shown(p.money, places, sign=True)]
         for p, h in zip(settlement.players, held, strict=True)], name="players")
    payments = Table(
        (Column("pays"), Column("to"), Column(f"{unit}s", numeric=True),
         Column(money_head, numeric=True)),
        [[t.payer, t.payee, t.units, shown(money(t.units, value), places)]
         for t in settlement.payments], name="payments")
    deals = settlement.standing.deals
    data = {
        "session": session.name, "game": session.game.name, "unit": unit,
        "value": session.value, "currency": currency, "deals": deals,
        **view.settle_data(session, settlement),
        "players": [{"name": p.name, "net": p.net, "money": shown(p.money, places), **h}
                    for p, h in zip(settlement.players, held, strict=True)],
        "transfers": [{"from": t.payer, "to": t.payee, "units": t.units,
                       "money": shown(money(t.units, value), places)}
                      for t in settlement.payments],
    }
    title = (f"{session.game.title} '{session.name}': {deals} deal{'' if deals == 1 else 's'}, "
             f"{rate(session)}.",
             *view.settle_lines(session, settlement), "")
    if settlement.payments:
        return Report(data, (nets, payments), title)
    return Report(data, (nets,), title, ("", "Nobody owes anybody anything."),
                  sheets=(nets, payments))


def sessions(rows: list[dict[str, Any]]) -> Report:
    """The sessions of a folder, the current one marked."""
    columns = (Column(""), Column("session"), Column("game"), Column("date"), Column("paid"),
               Column("players", wrap=True), Column("deals", numeric=True),
               Column("file", wrap=True))
    table = [["*" if r["current"] else "", r["name"], r["game"], r.get("date") or "",
              r.get("paid") or "", ", ".join(r["players"]),
              "" if r["game"] == "unreadable" else r["deals"], r["path"]]
             for r in rows]
    if not rows:
        return Report({"sessions": []}, (), ("No sessions yet: start one with 'scorekeeper "
                                             "GAME new NAME --players A,B,C' (GAME: loo, "
                                             "pinochle or bridge).",))
    return Report({"sessions": rows}, (Table(columns, table),))


def history(session: AnySession, revisions: Sequence[Revision]) -> Report:
    """Every change after the fact: when, what, whose nets it moved, and why."""
    view = view_of(session.game)
    word = view.deal_word.lower()

    def what(r: Revision) -> str:
        where = f" {word} {r.deal}" if r.deal else (f" entry {r.entry}" if r.entry else "")
        return f"{r.kind}{where}"

    def nets(r: Revision) -> str:
        return ", ".join(f"{p} {signed(a)} -> {signed(b)}" for p, (a, b) in r.nets.items())

    def header(keys: dict[str, Any]) -> str:
        flat = {**{k: v for k, v in keys.items() if k != "settings"}, **keys.get("settings", {})}
        return ", ".join(f"{k} {v}" for k, v in flat.items()) or "(not set)"

    lines = []
    for r in revisions:
        lines.append(f"{r.when:%Y-%m-%d %H:%M}  {what(r)}" + (f": {r.why}" if r.why else ""))
        if r.entry:
            lines += [f"  was: {'; '.join(map(view.inputs, r.before)) or '(none)'}",
                      f"  now: {'; '.join(map(view.inputs, r.after)) or '(none)'}"]
        if r.was or r.now:
            lines += [f"  was: {header(r.was)}", f"  now: {header(r.now)}"]
        if r.nets:
            lines.append(f"  nets: {nets(r)}")
    count = len(revisions)
    title = (f"{session.game.title} '{session.name}': {count} change{'' if count == 1 else 's'} "
             "after the fact." if count else f"'{session.name}' has not been changed after the "
             "fact.",)
    rows = [[r.when.isoformat(), r.kind, r.deal or "", r.entry or "",
             "; ".join(map(view.inputs, r.before)), "; ".join(map(view.inputs, r.after)),
             header(r.was) if r.was else "", header(r.now) if r.now else "", nets(r), r.why]
            for r in revisions]
    columns = (Column("when"), Column("change"), Column("deal", True), Column("entry", True),
               *(Column(title, wrap=True) for title in ("before", "after", "was", "now", "nets",
                                                         "why")))
    data = {"session": session.name, "game": session.game.name,
            "history": [revision_data(r) for r in revisions]}
    return Report(data, (Table(columns, rows),) if rows else (), title,
                  drawing=(lambda _: "\n".join(lines)) if lines else None)


def revision_data(r: Revision) -> dict[str, Any]:
    """A change as JSON: dates as ISO text, every key there."""
    def plain(keys: dict[str, Any]) -> dict[str, Any]:
        return {k: plain(v) if isinstance(v, dict) else v.isoformat() if hasattr(
            v, "isoformat") else v for k, v in keys.items()}

    return {"when": r.when.isoformat(), "change": r.kind, "deal": r.deal or None,
            "entry": r.entry or None, "before": list(r.before), "after": list(r.after),
            "was": plain(r.was), "now": plain(r.now),
            "nets": [{"name": p, "before": a, "after": b} for p, (a, b) in r.nets.items()],
            "why": r.why}
