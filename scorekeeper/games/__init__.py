"""The games, by name. Each module has the same shape:

NAME, UNIT, MIN_PLAYERS, MAX_PLAYERS, ACCOUNTS (besides the players'); a settings class and a deal class, each with
from_toml/to_toml; initial_state(settings); play_deal(state, deal, dealer, players, settings)
-> (state, result with .transfers); next_dealer(state, players, dealer, deal); is_deal(deal); end_of_sitting(state, players, next_dealer) -> transfers;
state_to_data(state) and state_from_data(data): the state as plain data (ints, strings,
tuples) for the cache of a session's standing; and what the tables and JSON show of a deal
(describe, result_json), of the standing (standing_json, standing_lines) and of the
settlement (settle_json, settle_lines, settle_player).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from ..errors import RuleError

GAMES = ("loo", "pinochle", "bridge")


def get_game(name: object) -> ModuleType:
    """The module of the game called `name`, imported when first asked for."""
    if name not in GAMES:
        raise RuleError(f"unknown game {name!r}: this scorekeeper knows {', '.join(GAMES)}")
    module = sys.modules.get(f"scorekeeper.games.{name}")
    return module or importlib.import_module(f"scorekeeper.games.{name}")
