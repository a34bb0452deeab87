"""The games, by name: the one list of them. Every list or choice of games (help texts,
`--game` and `--table`, messages naming them) is made from NAMES, and everything else about
a game (its title, words, counts, the upgrade of its old files) is its module's. A new game
is a module here (with `cli/` and `render/` modules of the same name) and its name in
NAMES; see docs/adding-a-game.md."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import RuleError
from ..i18n import _, pgettext
from ..text import quoted
from .base import IN_A_SENTENCE, IN_A_TABLE, Game

AnyGame = Game[Any, Any, Any, Any]

#: Each name is a module scorekeeper.games.<name> whose GAME is the game.
NAMES = ("loo", "pinochle", "bridge")


class Registry(Mapping[str, AnyGame]):
    """Name -> game. Each game is imported when first asked for, so recording a deal loads
    the rules of its own game only."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names

    def __getitem__(self, name: str) -> AnyGame:
        if name not in self._names:
            raise KeyError(name)
        game: AnyGame = importlib.import_module(f"{__name__}.{name}").GAME
        return game

    def __contains__(self, name: object) -> bool:
        return name in self._names  # without importing the game

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


GAMES = Registry(NAMES)


def get_game(name: object) -> AnyGame:
    """The game called `name`."""
    if not isinstance(name, str) or name not in GAMES:
        raise RuleError(f"unknown game {quoted(name)}: this scorekeeper knows {', '.join(GAMES)}",
                        "game")
    return GAMES[name]


def in_a_sentence(game: AnyGame) -> str:
    """The game named inside a sentence, in the language spoken: "Three-card Loo",
    "trekorts-lu" (a Danish card game is a common noun, in lower case)."""
    return pgettext(IN_A_SENTENCE, game.sentence_name) if game.sentence_name else _(game.title)


def in_a_table(name: str) -> str:
    """The game `name` ("loo") named in a table, in the language spoken: "loo",
    "trekorts-lu"; an unknown name as it is."""
    game = GAMES.get(name)
    return pgettext(IN_A_TABLE, game.table_name) if game and game.table_name else name


def listed() -> str:
    """The games' names as a message lists them: "loo, pinochle or bridge" (none of the
    games is imported)."""
    names = list(GAMES)
    if len(names) == 1:
        return names[0]
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])
