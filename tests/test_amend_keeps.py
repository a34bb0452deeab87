"""An amend given a deal anew in its short form changes the deal's words, not who dealt it:
a deal that named its dealer keeps him (every later deal's dealer follows from him), unless
the amend names another. Every game of the registry, from its own test data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.games import GAMES

from .games import of
from .helpers import run


def _players(game: str) -> list[str]:
    least = GAMES[game].min_players
    return ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"][:max(least, 4)]


def _dealers(folder: Path) -> list[str]:
    return [d["dealer"] for d in json.loads(run(folder, "show --format json").stdout)["deals"]]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("anew", ["", "--dealer {3}"])
def test_an_amend_in_short_keeps_the_dealer_the_deal_named(tmp_path: Path, game: str,
                                                            anew: str) -> None:
    data, players = of(game), _players(game)
    run(tmp_path, f"{game} new s --players {','.join(players)}")
    first = data.DEALS[0].format(*players)
    run(tmp_path, f"deal {first} --dealer {players[2]}")
    run(tmp_path, f"deal {data.DEALS[1].format(*players)}")
    before = _dealers(tmp_path)
    run(tmp_path, f"amend 1 {data.AMEND.format(*players)} {anew.format(*players)}")
    after = _dealers(tmp_path)
    if anew:
        assert after[0] == players[3] != before[0]
    else:
        assert after == before
