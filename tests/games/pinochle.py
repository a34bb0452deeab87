"""Auction Pinochle's test data (see tests/games/__init__.py)."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.games.pinochle import BuryFail, Ending, PinochleDeal, PinochleSettings, in_play
from scorekeeper.games.players import Players
from scorekeeper.session import AnySession

from ..helpers import sitting
from .names import NAMES_WITH_SPACES

DEALS = ["b 350 190 172", "c 300 150 140", "a 280 300", "pass", "b 420 260 d"]
AMEND = "b 350 190 180"
SIZES = range(3, 6)
SPACED = ["--bidder", "Bob Lee", "--bid", "300", "--meld", "300"]


@st.composite
def sittings(draw: st.DrawFn) -> AnySession:
    players = draw(st.sampled_from([("A", "B", "C"), ("A", "B", "C", "D"),
                                    NAMES_WITH_SPACES[:5]]))
    settings_ = PinochleSettings(bury_fail=draw(st.sampled_from(list(BuryFail))))
    deals, dealer = [], players[0]
    for _ in range(draw(st.integers(0, 10))):
        bidder = draw(st.sampled_from(in_play(Players(players), dealer)))
        bid, meld = draw(st.integers(1, 65)) * 10, draw(st.integers(0, 60)) * 10
        how = draw(st.sampled_from(["none", "took", *Ending]))
        if how == "none":
            deals.append(PinochleDeal())
        elif meld >= bid:
            deals.append(PinochleDeal(bidder, bid, meld))
        elif how == "took":
            deals.append(PinochleDeal(bidder, bid, meld, took=draw(st.integers(0, 250))))
        else:
            deals.append(PinochleDeal(bidder, bid, meld, ending=Ending(how)))
        dealer = players[(players.index(dealer) + 1) % len(players)]
    return sitting("pinochle", players, settings_, *deals)
