"""Version 1 session files, read as version 2.

Version 1 wrote a deal's players and counts as strings ("Bob=2 Cid=0", "Ann=2,Cid=1",
"A,C/B,D"), which no name holding a space could survive. Version 2 writes them as TOML
tables and lists. Only the three games of version 1 need this; a game added later never had
a version 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

COUNT = re.compile(r"\s*(.+?)\s*=\s*(-?[0-9]{1,6})\s*")


def from_version_1(data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` (a version 1 file) in the version 2 schema. What cannot be converted is left
    as it was, for the version 2 checks to report."""
    upgraded = dict(data) | {"version": 2}
    settings = data.get("settings")
    deals = data.get("deals")
    convert = UPGRADES.get(str(data.get("game")))
    if convert is None or not isinstance(settings, Mapping) or not isinstance(deals, list):
        return upgraded
    settings, deal_upgrade = convert(dict(settings), deals)
    upgraded["settings"] = settings
    upgraded["deals"] = [deal_upgrade(dict(d)) if isinstance(d, Mapping) else d for d in deals]
    return upgraded


def _counts(text: object, separator: str | None) -> object:
    """'Bob=2 Cid=0' (or 'Ann=2,Cid=1') as {"Bob": 2, "Cid": 0}; anything else as it was."""
    if not isinstance(text, str):
        return text
    pairs = [COUNT.fullmatch(item) for item in text.split(separator) if item.strip()]
    if not all(pairs):
        return text
    return {m.group(1): int(m.group(2)) for m in pairs if m}


def _names(text: object) -> object:
    """'A,D,A' as ["A", "D", "A"]."""
    return [n.strip() for n in text.split(",") if n.strip()] if isinstance(text, str) else text


DealUpgrade = Callable[[dict[str, Any]], dict[str, Any]]


def _loo(settings: dict[str, Any], deals: list[Any]) -> tuple[dict[str, Any], DealUpgrade]:
    # Version 1 made a single of any hand that left the pool empty.
    settings.setdefault("single", "empty-pool")

    def deal(d: dict[str, Any]) -> dict[str, Any]:
        if "tricks" in d:
            d["tricks"] = _counts(d["tricks"], None)
        if "order" in d:
            d["order"] = _names(d["order"])
        return d

    return settings, deal


def _pinochle(settings: dict[str, Any], deals: list[Any]) -> tuple[dict[str, Any], DealUpgrade]:
    table = settings.get("chip_table")
    if isinstance(table, str):
        rows = [row.split(":") for row in table.replace(" ", "").split(",")]
        if all(len(r) == 2 and all(re.fullmatch(r"[0-9]{1,9}", n) for n in r) for r in rows):
            settings["chip_table"] = [[int(low), int(chips)] for low, chips in rows]

    def deal(d: dict[str, Any]) -> dict[str, Any]:
        if isinstance(d.get("meld_cards"), str):
            d["meld_cards"] = d["meld_cards"].replace(",", " ").split()
        return d

    return settings, deal


def _bridge(settings: dict[str, Any], deals: list[Any]) -> tuple[dict[str, Any], DealUpgrade]:
    # Version 1 set no limit on doubling by default: allow what its deals did.
    doubled = [d.get("doubled") for d in deals if isinstance(d, Mapping)]
    most = max([n for n in doubled if isinstance(n, int) and not isinstance(n, bool)],
               default=0)
    settings.setdefault("max_doublings", max(10, min(most, 30)))

    def deal(d: dict[str, Any]) -> dict[str, Any]:
        if isinstance(d.get("teams"), str):
            d["teams"] = [_names(side) for side in d["teams"].split("/")]
            return d
        if "tricks" in d:
            d["tricks"] = _counts(d["tricks"], None)
        if isinstance(d.get("honours"), str):
            honours = _counts(d["honours"], ",")
            if d["honours"].strip().lower() == "none":
                del d["honours"]
            else:
                d["honours"] = honours
        if "chicane" in d:
            d["chicane"] = _names(d["chicane"])
        return d

    return settings, deal


UPGRADES = {"loo": _loo, "pinochle": _pinochle, "bridge": _bridge}
