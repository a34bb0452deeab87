"""People coming and going: between deals a player joins the table or leaves it. Each is an
entry of the sitting (not a deal, not numbered), so every deal after it is played at the
table as it then sat. The deal passes as the table is seated: the player who would have
dealt next deals, or the next seated after him if he left; a newcomer deals when his seat
comes round. Who leaves keeps his balance to settle; the game's player limits hold at every
moment.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import RuleError
from .games import in_a_sentence
from .games.base import Game
from .games.players import Players, check_name
from .i18n import _
from .ledger import Transfer
from .tablenow import TableNow
from .text import quoted
from .values import value


@value
class Seating:
    """`player` joins the table, sitting after `after` (None: in the last seat), or, with
    `joins` False, leaves it."""

    player: str
    joins: bool = True
    after: str | None = None

    def __post_init__(self) -> None:
        check_name(self.player)
        if self.after is not None and not self.joins:
            raise RuleError(_("who leaves the table sits after nobody: give --after with join"))

    @property
    def dealer(self) -> None:
        return None

    @property
    def words(self) -> str:
        if not self.joins:
            return _("{player} leaves the table").format(player=self.player)
        if self.after:
            return _("{player} joins the table, after {after}").format(player=self.player,
                                                                       after=self.after)
        return _("{player} joins the table").format(player=self.player)


class SeatingResult(NamedTuple):
    """What a seating change did: the table it left."""

    seating: Seating
    seated: Players
    transfers: tuple[Transfer, ...] = ()


def seat(game: Game[Any, Any, Any, Any], now: TableNow, seating: Seating) -> tuple[Players, str]:
    """The table after `seating` changes the table `now`, and who deals next at it. Refused
    (RuleError) if the game cannot be played at that table, or does not let that player go
    now (a partnership that plays, or is set to play, names him)."""
    seated, next_dealer = now.seated, now.next_dealer
    if seating.joins:
        return _joined(game, seated, seating), next_dealer
    if seating.player in now.left:
        raise RuleError(_("{player} has left the table already").format(player=seating.player))
    seated.require(seating.player)
    names = tuple(p for p in seated if p != seating.player)
    if len(names) < game.min_players:
        raise RuleError(_("{player} cannot leave: {game} takes at least {least} players, and "
                          "{count} are at the table").format(
                              player=seating.player, game=in_a_sentence(game),
                              least=game.min_players, count=len(seated)))
    now.check_leave(seating.player)
    # the next seated after him deals, if it was his deal
    after = seated.after(next_dealer) if next_dealer == seating.player else next_dealer
    return Players(names), after


def _joined(game: Game[Any, Any, Any, Any], seated: Players, seating: Seating) -> Players:
    there = [p for p in seated if p.casefold() == seating.player.casefold()]
    if there:
        raise RuleError(_("{player} sits at the table already").format(player=there[0]))
    if len(seated) >= game.max_players:
        raise RuleError(_("{player} cannot join: {game} takes at most {most} players, and "
                          "{count} are at the table").format(
                              player=seating.player, game=in_a_sentence(game),
                              most=game.max_players, count=len(seated)))
    names = list(seated)
    if seating.after is None:
        names.append(seating.player)
    else:
        seated.require(seating.after)
        names.insert(names.index(seating.after) + 1, seating.player)
    return Players(tuple(names))


def seating_data(seating: Seating) -> dict[str, object]:
    """The change as a file's entry holds it."""
    data: dict[str, object] = {"leave": seating.player} if not seating.joins else {
        "join": seating.player}
    if seating.after:
        data["after"] = seating.after
    return data


def is_seating_data(data: Any) -> bool:
    return isinstance(data, dict) and ("join" in data or "leave" in data)


def seating_from_data(data: dict[str, Any], known: Players) -> Seating:
    """A change from a file's entry; `known`: everyone seated so far (who leaves, who a
    newcomer sits after)."""
    keys = set(data) - {"join", "leave", "after"}
    if keys or ("join" in data) == ("leave" in data):
        raise RuleError(_("a seating change is {{ join = NAME }} (with after = P) or "
                          "{{ leave = NAME }}, not {data}").format(data=quoted(data)))
    name = data.get("join", data.get("leave"))
    after = data.get("after")
    if not isinstance(name, str) or not (after is None or isinstance(after, str)):
        raise RuleError(_("the player who joins or leaves, and whom he sits after, are names"))
    if "leave" in data:
        return Seating(known.exact(name), False)
    return Seating(name, True, None if after is None else known.exact(after))
