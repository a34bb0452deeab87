"""Version 1 session files, read as version 2.

Version 1 wrote a deal's players and counts as strings ("Bob=2 Cid=0", "Ann=2,Cid=1",
"A,C/B,D"), which no name holding a space could survive. Version 2 writes them as TOML
tables and lists. How a game's file of version 1 is put right is the game's own
(Game.from_version_1): only the three games of version 1 have one; a game added later never
had a version 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GAMES


def from_version_1(data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` (a version 1 file) in the version 2 schema. What cannot be converted is left
    as it was, for the version 2 checks to report."""
    upgraded = dict(data) | {"version": 2}
    name, deals = data.get("game"), data.get("deals")
    settings = data.get("settings", {})  # none: every setting its default, as in version 2
    if name not in GAMES or not isinstance(settings, Mapping) or not isinstance(deals, list):
        return upgraded
    settings = dict(settings)
    deal_upgrade = GAMES[str(name)].from_version_1(settings, deals)
    if deal_upgrade is None:
        return upgraded
    upgraded["settings"] = settings
    upgraded["deals"] = [deal_upgrade(dict(d)) if isinstance(d, Mapping) else d for d in deals]
    return upgraded
