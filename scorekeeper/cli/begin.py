"""Starting a sitting at the prompt of `play`: `new` with what it lacks asked for (the
game, the players, the stake), each question completed; the session is then made by the
game's own `new`, the very command `scorekeeper GAME new` runs."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from ..files import paths
from ..i18n import _
from ..text import quoted

Read = Callable[[str, list[str], bool], "str | None"]
"""Asks a question: its text, the words to complete, whether the answer is a list (A,B,C:
each name completed); the answer, or None when the person gave up (Ctrl-C, Ctrl-D)."""


def known_players(folder: str) -> list[str]:
    """The names played under in the folder's sessions, most used first."""
    from .. import files

    seen: dict[str, int] = {}
    try:
        found = paths.list_sessions(folder)
    except Exception:  # a folder that cannot be listed offers no names
        return []
    for path in found:
        try:
            players = files.glance(path).players
        except Exception:  # a session that cannot be read offers none
            continue
        for name in players:
            seen[name] = seen.get(name, 0) + 1
    from ..i18n import name_order

    return sorted(seen, key=lambda n: (-seen[n], name_order(n)))


def free_name(folder: str, game: str, day: datetime.date) -> str:
    """A session name for `game` on `day` not yet used in `folder`: loo-2026-12-02, -2..."""
    base = f"{game}-{day.isoformat()}"
    name, n = base, 1
    while paths.same_session(folder, name) is not None:  # LOO-2026-12-02.toml too
        n += 1
        name = f"{base}-{n}"
    return name


def game_named(typed: str) -> str:
    """The game a word or a start of one names (l: loo; in Danish lu, tr: loo too), else
    what was typed."""
    from .words import game_words

    word = typed.strip().lower()
    named = game_words()
    if word in named:
        return named[word]
    found = {game for said, game in named.items() if said.startswith(word)} if word else set()
    return found.pop() if len(found) == 1 else word


def players_given(answer: str) -> str:
    """Players as typed (Ann,Bob,Cid, or Ann Bob Cid): as --players takes them."""
    if "," in answer:
        return ",".join(part.strip() for part in answer.split(","))
    return ",".join(answer.split())


def asked(folder: str, typed: list[str], read: Read) -> list[str] | None:
    """`new`'s arguments: those typed, and what they lack asked for; None if given up."""
    from ..games import NAMES
    from .words import game_words

    args = list(typed)
    if args:
        args[0] = game_named(args[0])
    while not args or args[0] not in NAMES:
        if args:
            from .options import echo

            echo(_("Error: {message}").format(message=_("no game {game}: {games}").format(
                game=quoted(args[0]), games=", ".join(NAMES))))
        game = read(_("Game ({games}): ").format(games=", ".join(NAMES)), list(game_words()),
                    False)
        if game is None or not game.strip():
            return None
        args = [game_named(game), *args[1:]]
    if len(args) < 2 or args[1].startswith("-"):
        args.insert(1, free_name(folder, args[0].lower(), datetime.date.today()))
    if "--players" not in args:
        answer = read(_("Players in seat order (Ann,Bob,Cid): "), known_players(folder), True)
        if answer is None or not answer.strip():
            return None
        args += ["--players", players_given(answer)]
        if "--value" not in args:
            stake = _stake(read)
            if stake is None:
                return None
            args += stake
    return args


def _stake(read: Read) -> list[str] | None:
    """--value and --currency as asked for ("0.05 kr", or Enter for 1): asked again, with
    the reason, until the amount reads as money per unit (as --value reads it); None if
    given up."""
    from ..errors import RuleError
    from ..ledger import check_value
    from .options import echo
    from .params import typed_amount

    while True:
        stake = read(_("Money per unit, and currency [1]: "), [], False)
        if stake is None:
            return None
        words = stake.split()
        if not words:
            return []
        try:
            value = check_value(typed_amount(words[0]))
        except RuleError as error:
            echo(_("Error: {message}").format(message=error))
            continue
        return ["--value", value, *(["--currency", " ".join(words[1:])] if words[1:] else [])]
