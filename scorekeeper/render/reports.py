"""The reports every game shares: the sitting deal by deal (`show`), the reckoning
(`settle`), and the list of sessions."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from .. import i18n
from ..history import Revision
from ..i18n import _, clock, day, ngettext, number
from ..ledger import money, places_of, shown
from ..reckoning import Settlement
from ..session import AnySession, Played, Standing, entry_to_data, everyone
from ..text import plain
from . import AnyView, view_of
from .base import next_dealer, rate, signed
from .report import Column, Report, Table, for_both


def show(session: AnySession, played: list[Played[Any, Any, Any]], standing: Standing[Any],
         changed: set[int] | frozenset[int] = frozenset()) -> Report:
    """Every entry with what it did and the running balances; the standing after them.
    The entries `changed` after they were played (0-based) are marked *."""
    view = view_of(session.game)
    players = everyone(session, standing)  # and every player who sat at the table

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

    drawing = view.drawing(session, played, standing)
    if drawing is not None and changed:
        notes = _marked(view, played, changed, listed=True)
        pad = drawing
        drawing = lambda width: "\n".join([pad(width), *notes])  # noqa: E731
    return _show(session, standing, lambda: show_rows(session, played, players, changed),
                 changed, data, drawing)


def show_rows(session: AnySession, played: list[Played[Any, Any, Any]], players: list[str],
              changed: set[int] | frozenset[int]) -> list[list[str]]:
    """The rows of the table of `show`, in the language spoken: each entry's number (*:
    `changed`), dealer, what it did, and the balances after it."""
    view = view_of(session.game)
    extra = list(session.game.accounts)
    balance, account = _written(signed), _written(str)
    return [[("" if p.number is None else str(p.number)) + ("*" if i in changed else ""),
             p.dealer or "",
             view.what(p.result),
             *[balance(p.balances[player]) if player in p.balances else ""
               for player in players],
             *[account(p.balances[a]) for a in extra]]
            for i, p in enumerate(played)]


def show_formatted(session: AnySession, standing: Standing[Any], rows: list[list[str]],
                   changed: frozenset[int]) -> Report:
    """`show` of a sitting whose rows (`show_rows`) are known, for a table format: what
    `show` gives, formatted again rather than replayed (files.shown keeps them). Its JSON
    is not known (its entries' data is not kept), nor a drawing (`draws`)."""
    def unknown() -> Any:
        raise ValueError("show_formatted has no data: JSON and CSV are made by show")

    return _show(session, standing, lambda: rows, changed, unknown, None, unknown)


def draws(session: AnySession) -> bool:
    """Whether the game's `show` prints a drawing (Bridge's score pad), not its table."""
    from .base import View

    return type(view_of(session.game)).drawing is not View.drawing


def _show(session: AnySession, standing: Standing[Any], rows: Callable[[], list[list[str]]],
          changed: set[int] | frozenset[int], data: Callable[[], dict[str, Any]],
          drawing: Callable[[int | None], str] | None,
          sheets: Callable[[], tuple[Table, ...]] | None = None) -> Report:
    """The report of `show`: its table of `rows` (made in the language in which it is
    drawn), its standing and notes below; CSV's tables `sheets` (None: the table made
    again in English, as `for_both` makes it)."""
    view = view_of(session.game)
    players = everyone(session, standing)
    extra = list(session.game.accounts)

    def table() -> tuple[Table, ...]:
        columns = (Column("#", numeric=True), Column(_("dealer"), name=True),
                   Column(_("what happened"), wrap=True),
                   *(Column(p, numeric=True) for p in players),
                   *(Column(view.account_name(a), numeric=True) for a in extra))
        made = rows()
        record = ngettext("deal", "deals", 1)  # what a row is, when a row is a record
        return (Table(columns, made, players=tuple(players), record=record),) if made else ()

    footer = (*view.standing_lines(session, standing), next_dealer(standing),
              *_marked(view, [], changed))
    tables, in_english = for_both(table)
    title = () if tables else (_("No deals yet."),)
    return Report(data, tables, title, footer, drawing,
                  in_english if sheets is None else sheets)


def _written(form: Callable[[int], str]) -> Callable[[int], str]:
    """A balance as `form` and the language write it (i18n.number), each amount worked out
    once: the rows of a long sitting hold the same amounts again and again."""
    texts: dict[int, str] = {}

    def written(units: int) -> str:
        text = texts.get(units)
        if text is None:
            text = texts[units] = number(form(units))
        return text

    return written


def _marked(view: Any, played: list[Played[Any, Any, Any]], changed: set[int] | frozenset[int],
            listed: bool = False) -> list[str]:
    """The footnote to the entries marked *: which, when the table is not shown."""
    if not changed:
        return []
    if not listed:
        return [_("* changed after it was played ('scorekeeper history' says how).")]
    numbers = [str(played[i].number) for i in sorted(changed) if played[i].number]
    return [_("Changed after they were played: {deals} {numbers} ('scorekeeper history' says "
              "how).").format(deals=view.deals(len(numbers)), numbers=", ".join(numbers))
            ] if numbers else []


def settle(session: AnySession, settlement: Settlement[Any]) -> Report:
    """Every player's net in units and money, and the fewest payments that clear them."""
    view = view_of(session.game)
    unit, value, currency = session.game.unit, session.unit_value, session.currency
    places = places_of(value)
    held = [view.held(session, p.net) for p in settlement.players]
    held_keys = list(view.held(session, 0))

    def tables() -> tuple[Table, ...]:
        money_head = _("money ({currency})").format(currency=currency) if currency else _(
            "money")
        nets = Table(
            (Column(_("player")), Column(_("net ({units})").format(units=view.units(unit, 2)),
                                         numeric=True),
             *(Column(view.held_title(k), numeric=True) for k in held_keys),
             Column(money_head, numeric=True)),
            [[p.name, number(signed(p.net)), *(number(str(n)) for n in h.values()),
              number(shown(p.money, places, sign=True))]
             for p, h in zip(settlement.players, held, strict=True)], name="players")
        payments = Table(
            (Column(_("pays")), Column(_("to")), Column(view.units(unit, 2), numeric=True),
             Column(money_head, numeric=True)),
            [[t.payer, t.payee, number(str(t.units)),
              number(shown(money(t.units, value), places))]
             for t in settlement.payments], name="payments")
        return nets, payments

    both, sheets = for_both(tables)
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
    title = (ngettext("{game} '{name}': {count} deal, {rate}.",
                      "{game} '{name}': {count} deals, {rate}.", deals).format(
                 game=_(session.game.title), name=session.name, count=deals, rate=rate(session)),
             *view.settle_lines(session, settlement), "")
    if settlement.payments:
        return Report(data, both, title, sheets=sheets)
    return Report(data, both[:1], title, ("", _("Nobody owes anybody anything.")),
                  sheets=sheets or both)


def sessions(rows: list[dict[str, Any]]) -> Report:
    """The sessions of a folder, the current one marked."""
    if not rows:
        from ..games import listed

        return Report({"sessions": []}, (), (_("No sessions yet: start one with 'scorekeeper "
                                               "GAME new NAME --players A,B,C' (GAME: "
                                               "{games}).").format(games=listed()),))

    def tables() -> tuple[Table, ...]:
        from ..games import in_a_table

        columns = (Column(""), Column(_("session")), Column(_("game")), Column(_("date")),
                   Column(_("paid")), Column(_("players"), wrap=True),
                   Column(_("deals"), numeric=True), Column(_("file"), wrap=True))
        table = [[CURRENT if r["current"] else "", r["name"],
                  _("unreadable") if r["game"] == "unreadable" else in_a_table(r["game"]),
                  _day(r.get("date")), _day(r.get("paid")), ", ".join(r["players"]),
                  "" if r["game"] == "unreadable" else number(str(r["deals"])), r["path"]]
                 for r in rows]
        return (Table(columns, table),)

    shown_tables, sheets = for_both(tables)
    footer = ("", _("{mark} the current session ('scorekeeper use NAME' chooses another)."
                    ).format(mark=CURRENT)) if any(r["current"] for r in rows) else ()
    return Report({"sessions": rows}, shown_tables, footer=footer, sheets=sheets)


#: The mark of the current session in `sessions` (`*` marks a change after the fact).
CURRENT = ">"


def _day(iso: str | None) -> str:
    """A day the data holds as ISO text, as the language writes it ("" for none)."""
    return day(datetime.date.fromisoformat(iso)) if iso else ""


def history(session: AnySession, revisions: Sequence[Revision]) -> Report:
    """Every change after the fact: when, what, whose nets it moved, and why."""
    from .shortform import short_form

    view = view_of(session.game)
    inputs = lambda data: short_form(session.game.name, data, view.inputs)  # noqa: E731
    lines = [line for r in revisions for line in _revision_lines(view, r, inputs)]
    count = len(revisions)
    title = (ngettext("{game} '{name}': {count} change after the fact.",
                      "{game} '{name}': {count} changes after the fact.", count).format(
                 game=_(session.game.title), name=session.name, count=count) if count else
             _("'{name}' has not been changed after the fact.").format(name=session.name),)
    data = {"session": session.name, "game": session.game.name,
            "history": [revision_data(r) for r in revisions]}
    shown_tables, sheets = for_both(lambda: _revision_tables(revisions, inputs))
    return Report(data, shown_tables, title,
                  drawing=(lambda width: _wrapped(lines, width)) if lines else None,
                  sheets=sheets)


def _wrapped(lines: list[str], width: int | None) -> str:
    """`history`'s lines, each wrapped at its spaces to the width (into a pipe: as they
    are)."""
    if width is None:
        return "\n".join(lines)
    from .layout import prose

    return "\n".join(part for line in lines for part in prose(line, width))


def _revision_lines(view: AnyView, r: Revision, inputs: Callable[[dict[str, Any]], str]
                    ) -> list[str]:
    """A change after the fact as `history` tells it: its heading, then what it changed
    (each entry's `inputs`: as the short form types it)."""
    lines = [f"{_when(r)}  {_what(view, r)}" + (f": {r.why}" if r.why else "")]
    if r.entry:
        lines += [_("  was: {inputs}").format(
                      inputs="; ".join(map(inputs, r.before)) or _("(none)")),
                  _("  now: {inputs}").format(
                      inputs="; ".join(map(inputs, r.after)) or _("(none)"))]
    if r.was or r.now:
        lines += [_("  was: {inputs}").format(inputs=_keys(r.was)),
                  _("  now: {inputs}").format(inputs=_keys(r.now))]
    if r.nets:
        lines.append(_("  nets: {nets}").format(nets=_nets(r)))
    return lines


def _revision_tables(revisions: Sequence[Revision], inputs: Callable[[dict[str, Any]], str]
                     ) -> tuple[Table, ...]:
    rows = [[r.when.isoformat() if i18n.speaking().code == "en" else _when(r), _kind(r.kind),
             r.deal or "", r.entry or "",
             "; ".join(map(inputs, r.before)), "; ".join(map(inputs, r.after)),
             _keys(r.was) if r.was else "", _keys(r.now) if r.now else "", _nets(r), r.why]
            for r in revisions]
    columns = (Column(_("when")), Column(_("change")),
               Column(ngettext("deal", "deals", 1), True), Column(_("entry"), True),
               *(Column(title, wrap=True) for title in (
                   _("before"), _("after"), _("was"), _("now"), _("nets"), _("why"))))
    return (Table(columns, rows),) if rows else ()


def _what(view: AnyView, r: Revision) -> str:
    change = _kind(r.kind)
    if r.deal:
        return _("{change} {deal} {number}").format(change=change, deal=view.deals(1),
                                                    number=r.deal)
    if r.entry:
        return _("{change} entry {number}").format(change=change, number=r.entry)
    return change


def _nets(r: Revision) -> str:
    from ..history import nets_text

    return nets_text(r.nets)


def _keys(keys: dict[str, Any]) -> str:
    """A session's keys (its settings among them) as a change left or found them."""
    flat = {**{k: v for k, v in keys.items() if k != "settings"}, **keys.get("settings", {})}
    return ", ".join(_("paid {day}").format(day=day(v)) if k == "paid" and isinstance(
        v, datetime.date) else f"{k} {plain(v)}" for k, v in flat.items()) or _("(not set)")


def _when(r: Revision) -> str:
    return f"{day(r.when.date())} {clock(r.when)}"


def _kind(kind: str) -> str:
    """A change's kind (history.KINDS) in the words of the language chosen."""
    from ..history import kind_word

    return kind_word(kind)


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
