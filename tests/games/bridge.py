"""Bridge's test data (see tests/games/__init__.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.games.bridge import BridgeSettings
from scorekeeper.games.partnership import NewPartnerships, Teams
from scorekeeper.session import AnySession, replay

from ..helpers import sitting
from ..test_bridge import bridge_deals

DEALS = ["nt a9 a2c1", "ruder b8 x b2d2", "klør a8 b2d1", "hjerter b12 b4d1 void a",
         "sans c10 c4"]
AMEND = "nt a10 a2c1"
SIZES = range(4, 7)
SPACED = ["--trump", "nt", "--tricks", "mary=9", "--honours", "Mary Ann=3"]


@st.composite
def sittings(draw: st.DrawFn) -> AnySession:
    entries: list[Any] = draw(st.lists(bridge_deals(), max_size=10))
    if draw(st.booleans()):  # five players, and partnerships changed in the middle
        at = draw(st.integers(0, len(entries)))
        entries.insert(at, NewPartnerships(Teams(("N", "X"), ("E", "S"))))
        players = ("N", "E", "S", "W", "X")
        try:  # a deal after the change may name W, who sits out the new rubber
            replay(sitting("bridge", players, BridgeSettings(), *entries))
        except RuleError:
            entries = entries[:at + 1]
        return sitting("bridge", players, BridgeSettings(), *entries)
    return sitting("bridge", ("N", "E", "S", "W"), BridgeSettings(), *entries)
