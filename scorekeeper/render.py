"""Tables and JSON for people and scripts. Imports tabulate only when a table is drawn."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from .errors import UsageError
from .session import Session, Settlement, Standing

DEFAULT_FORMAT = "simple"


def check_format(fmt: str) -> str:
    if fmt in ("json", "csv"):
        return fmt
    from tabulate import tabulate_formats

    if fmt not in tabulate_formats:
        raise UsageError(
            f"unknown format {fmt!r}: use json, csv or a tabulate format "
            f"({', '.join(sorted(tabulate_formats))})"
        )
    return fmt


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], fmt: str, numbers_from: int = 99
) -> str:
    """Rows as csv or a tabulate table (`fmt` checked by check_format); the columns from
    `numbers_from` on are numbers, aligned right."""
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return out.getvalue().rstrip("\n")
    from tabulate import tabulate

    align = ["right" if i >= numbers_from else "left" for i in range(len(headers))]
    return tabulate(rows, headers, tablefmt=fmt, disable_numparse=True, colalign=align)


def to_json(data: Any) -> str:
    import json

    return json.dumps(data, indent=2, ensure_ascii=False, default=_json_default)


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"cannot write {value!r} as JSON")


def signed(units: int) -> str:
    return f"{units:+d}" if units else "0"


def money_text(amount: Decimal) -> str:
    return f"{amount:+f}" if amount else f"{amount:f}"


def game_title(session: Session) -> str:
    return {"loo": "Three-card Loo", "pinochle": "Auction Pinochle"}.get(session.game, session.game)


# --- show --------------------------------------------------------------------------------


def show(session: Session, standing: Standing, fmt: str) -> str:
    rules = session.rules
    extra = [a for a in standing.balances if a not in session.players]
    if fmt == "json":
        data: dict[str, Any] = {
            "session": session.name,
            "game": session.game,
            "unit": rules.UNIT,
            "players": list(session.players),
            "deals": [
                {
                    "number": p.number,
                    "dealer": p.dealer,
                    "inputs": p.deal.to_toml(),
                    **rules.result_json(p.result),
                    "balances": {a: p.balances[a] for a in session.players},
                }
                for p in standing.played
            ],
            "balances": {a: standing.balances[a] for a in session.players},
            "next_dealer": standing.next_dealer,
        }
        data |= rules.standing_json(standing.state, session.settings)
        return to_json(data)
    headers = ["#", "dealer", "what happened", *session.players, *map(rules.account_name, extra)]
    rows = [
        [p.number, p.dealer, rules.describe(p.result)]
        + [signed(p.balances[a]) if a in session.players else p.balances[a] for a in
           (*session.players, *extra)]
        for p in standing.played
    ]
    text = table(headers, rows, fmt, numbers_from=3)
    if fmt == "csv":
        return text
    if not rows:
        text = "No deals yet."
    footer = rules.standing_lines(standing.state, session.settings)
    return "\n".join([text, *footer, f"Next dealer: {standing.next_dealer}."])


# --- settle ------------------------------------------------------------------------------


def settle(session: Session, settlement: Settlement, fmt: str) -> str:
    rules = session.rules
    standing = settlement.standing
    value = session.unit_value
    if fmt == "json":
        data: dict[str, Any] = {
            "session": session.name,
            "game": session.game,
            "unit": rules.UNIT,
            "value": session.value,
            "currency": session.currency,
            "deals": len(standing.played),
            **rules.settle_json(standing.state),
            "players": [
                {"name": p.name, "net": p.net, "money": str(p.money),
                 **rules.settle_player(p.net, session.settings)}
                for p in settlement.players
            ],
            "transfers": [
                {
                    "from": t.payer,
                    "to": t.payee,
                    "units": t.units,
                    "money": str(t.units * value),
                }
                for t in settlement.payments
            ],
        }
        return to_json(data)
    unit = rules.UNIT
    money_head = f"money ({session.currency})" if session.currency else "money"
    extra = [list(rules.settle_player(p.net, session.settings).values())
             for p in settlement.players]
    extra_heads = [f"{k} held" for k in rules.settle_player(0, session.settings)]
    nets = table(
        ["player", f"net ({unit}s)", *extra_heads, money_head],
        [[p.name, signed(p.net), *more, money_text(p.money)]
         for p, more in zip(settlement.players, extra)],
        fmt,
        numbers_from=1,
    )
    pay_rows = [
        [t.payer, t.payee, t.units, f"{t.units * value:f}"] for t in settlement.payments
    ]
    pay_headers = ["pays", "to", f"{unit}s", money_head]
    if fmt == "csv":
        return nets + "\n\n" + table(pay_headers, pay_rows, fmt)
    lines = [
        f"{game_title(session)} '{session.name}': {len(standing.played)} deals, "
        f"1 {unit} = {session.value} {session.currency}".rstrip() + ".",
        *rules.settle_lines(standing.state, session.players, standing.next_dealer),
        "",
        nets,
        "",
        table(pay_headers, pay_rows, fmt, numbers_from=2) if pay_rows
        else "Nobody owes anybody anything.",
    ]
    return "\n".join(lines)


# --- sessions ----------------------------------------------------------------------------


def sessions(rows: list[dict[str, Any]], fmt: str) -> str:
    if fmt == "json":
        return to_json({"sessions": rows})
    if not rows:
        return "No sessions yet: start one with 'scorekeeper loo new NAME --players A,B,C'."
    headers = ["", "session", "game", "players", "deals", "file"]
    body = [
        ["*" if r["current"] else "", r["name"], r["game"], ", ".join(r["players"]),
         r["deals"], r["path"]]
        for r in rows
    ]
    return table(headers, body, fmt)
