"""Every game in the registry keeps the Game contract: its file form round-trips, its
transfers balance over random legal sittings, and its state survives the cache. A game
added to the registry adds its random sittings in tests/games/NAME.py."""

from __future__ import annotations

import marshal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.files import codec, tomlread
from scorekeeper.games import GAMES, NAMES
from scorekeeper.games.base import Game
from scorekeeper.ledger import balances
from scorekeeper.reckoning import reckon
from scorekeeper.session import replay

from . import games


def test_every_game_in_the_registry_is_a_game_with_sittings_to_test() -> None:
    assert list(GAMES) == list(NAMES)
    for name, game in GAMES.items():
        assert isinstance(game, Game) and game.name == name
        assert callable(games.of(name).sittings)
        assert game.min_players <= game.max_players and game.title and game.unit
        for count in game.counts:  # each has its words (a KeyError if not)
            assert count == "deals" or game.count_title(count)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_sitting_round_trips_through_its_file_and_balances(name: str, data: Any) -> None:
    session = data.draw(games.of(name).sittings())
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
    assert sum(p.net for p in reckon(session, standing).players) == 0
    assert standing.deals == sum(map(game.is_deal, session.entries))
