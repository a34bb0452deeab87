"""Each game's own test data, found by the game's name as the registry names it: a game
added to the registry adds tests/games/NAME.py, and the tests that run every game
(tests/test_games.py, tests/test_widths.py) take it from there. A module holds

- `sittings()`: a hypothesis strategy of random legal sittings of the game;
- `DEALS`: short forms of deals, `{0}`, `{1}` ... the players in seat order, and `AMEND`,
  the first of them as it is put right;
- `SIZES`: the numbers of players to draw its reports with;
- `IN_FULL` (if true): `DEALS` name the players in full, not by a first letter;
- `SPACED`: a deal's arguments at a table of names with spaces in them, SPACED_NAMES.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: The players SPACED deals among: names with a space, and a no-break space, inside.
SPACED_NAMES = ("Mary Ann", "Bob Lee", "Cid\u00a0Ho", "Dan")


def of(name: str) -> ModuleType:
    """The test data of the game `name`."""
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{name}":
            raise
        raise AssertionError(f"add the test data of {name!r}: tests/games/{name}.py") from None
