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
    from tabulate import tabulate_formats  # type: ignore[import-untyped]

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
    return str(tabulate(rows, headers, tablefmt=fmt, disable_numparse=True, colalign=align))


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


def deal_count(session: Session, standing: Standing) -> int:
    return sum(1 for p in standing.played if session.rules.is_deal(p.deal))


def game_title(session: Session) -> str:
    titles = {"loo": "Three-card Loo", "pinochle": "Auction Pinochle", "bridge": "Bridge"}
    return titles.get(session.game, session.game)


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
            "deals": deal_count(session, standing),
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
        f"{game_title(session)} '{session.name}': {deal_count(session, standing)} deals, "
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


# --- bridge ------------------------------------------------------------------------------


def score_pad(rubber: Any) -> str:
    """A rubber as a bridge score pad: the two partnerships in two columns; honours, chicane,
    slams and the rubber above the line (the first nearest it), trick points below it with a
    line under each finished game; then the totals and the difference."""
    names = [" & ".join(side) for side in rubber.teams]
    width = max(18, *(len(n) + 2 for n in names))

    def row(left: str, right: str, note: str = "") -> str:
        return f"  {left:<{width}}|  {right:<{width - 2}}{note}".rstrip()

    def rule(char: str, note: str = "") -> str:
        return f"  {char * width}+{char * width}{note}".rstrip()

    games = rubber.games()
    if rubber.winner is not None:
        status = (f"{names[rubber.winner]} won the rubber, "
                  f"{max(games)} games to {min(games)}")
    else:
        status = f"unfinished: games {games[0]}-{games[1]}"
    lines = [f"Rubber {rubber.number}: {names[0]} v {names[1]} ({status})", "",
             row(f" {names[0]}", names[1]), rule("-")]
    above = [[f"{p:>5} {what}" for s, p, what in reversed(rubber.above) if s == side]
             for side in (0, 1)]
    height = max(len(above[0]), len(above[1]))
    for i in range(height):
        cells = [col[i - (height - len(col))] if i >= height - len(col) else "" for col in above]
        lines.append(row(*cells))
    lines.append(rule("="))
    for number, game in enumerate(rubber.below, start=1):
        finished = number <= len(rubber.game_winners)
        if not game and not finished:
            continue
        below = [[f"{p:>5}" for s, p in game if s == side] for side in (0, 1)]
        for i in range(max(len(below[0]), len(below[1]), 1)):
            lines.append(row(*(col[i] if i < len(col) else "" for col in below)))
        if finished:
            lines.append(rule("-", f"  game {number}: {names[rubber.game_winners[number - 1]]}"))
    totals = rubber.totals()
    lines.append(row(f"{totals[0]:>5} total", f"{totals[1]:>3} total"))
    lead = 0 if totals[0] >= totals[1] else 1
    difference = abs(totals[0] - totals[1])
    each = ", ".join(f"{p} {n:+d}" for p, n in rubber.reckoning().items())
    unfinished = "" if rubber.winner is not None else " (as it stands, without the 100)"
    verb = "win" if rubber.winner is not None else "lead"
    lines.append(f"  {names[lead]} {verb} by {difference}{unfinished}: {each}")
    return "\n".join(lines)


def score_sheet(session: Session, standing: Standing) -> str:
    rubbers = standing.state.rubbers
    if not rubbers:
        return "No deals yet.\nNext dealer: " + standing.next_dealer + "."
    pads = [score_pad(r) for r in rubbers]
    footer = session.rules.standing_lines(standing.state, session.settings)
    return "\n\n".join(pads) + "\n\n" + "\n".join([*footer, f"Next dealer: {standing.next_dealer}."])
