"""Every game in the registry keeps the Game contract: its file form round-trips, its
transfers balance over random legal sittings, and its state survives the cache. A game
added to the registry must add its sittings to SITTINGS."""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.files import codec, tomlread
from scorekeeper.games import GAMES, NAMES
from scorekeeper.games.base import Game
from scorekeeper.games.bridge import BridgeSettings, NewPartnerships
from scorekeeper.games.pinochle import BuryFail, Ending, PinochleDeal, PinochleSettings, in_play
from scorekeeper.games.players import Players
from scorekeeper.games.rubber import Teams
from scorekeeper.ledger import balances
from scorekeeper.reckoning import settle
from scorekeeper.session import AnySession, replay

from .helpers import sitting
from .test_bridge import bridge_deals
from .test_loo import sittings as loo_sittings

NAMES_WITH_SPACES = ("Mary Ann", "Bob", "Dr. Who", "Æsa", "Jo\u00a0Lee", "Ann-Marie", "O'Neil")


@st.composite
def pinochle_sittings(draw: st.DrawFn) -> AnySession:
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


@st.composite
def bridge_sittings(draw: st.DrawFn) -> AnySession:
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


def _loo(draw: st.DrawFn) -> AnySession:
    names = draw(st.sampled_from([tuple("ABCDEFG"), NAMES_WITH_SPACES]))
    session, _ = draw(loo_sittings(names))
    return session


SITTINGS: dict[str, Callable[[], st.SearchStrategy[AnySession]]] = {
    "loo": st.composite(_loo),
    "pinochle": pinochle_sittings,
    "bridge": bridge_sittings,
}


def test_every_game_in_the_registry_is_a_game_with_sittings_to_test() -> None:
    assert list(GAMES) == list(NAMES)
    for name, game in GAMES.items():
        assert isinstance(game, Game) and game.name == name
        assert name in SITTINGS, f"add random sittings of {name} to SITTINGS"
        assert game.min_players <= game.max_players and game.title and game.unit


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_sitting_round_trips_through_its_file_and_balances(name: str, data: Any) -> None:
    session = data.draw(SITTINGS[name]())
    game = session.game
    text = codec.dumps(session)
    parsed = codec.decode(tomlread.parse(text.encode(), "s.toml")[1], session.name)
    assert parsed.problems == [] and parsed.session == session
    assert codec.dumps(parsed.session) == text
    for entry in session.entries:
        data_form = game.entry_to_data(entry)
        assert game.entry_from_data(data_form, session.players) == entry
        assert game.is_deal_data(data_form) == game.is_deal(entry)
    assert game.settings_from_data(game.settings_to_data(session.settings)) == session.settings
    played, standing = replay(session)
    accounts = (*session.players, *game.accounts)
    for each in played:
        assert sum(balances(accounts, each.result.transfers).values()) == 0
        assert sum(each.balances.values()) == 0
        kept = marshal.loads(marshal.dumps(game.state_to_data(each.state)))
        assert game.state_from_data(kept) == each.state
    assert sum(p.net for p in settle(session, standing).players) == 0
    assert standing.deals == sum(map(game.is_deal, session.entries))
