"""The table now: who sits at the table and in which order, who deals next, who sits out
the next deal, and in a partnership game the partnerships of the rubber being played and
of the next one. One value, made once from where a sitting stands (session.table_now; a
snapshot keeps it), which every command reads: the rules of a seating change or of new
partnerships, the completion of names, the prompt and what is printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import RuleError
from .games.base import Partnerships
from .games.players import Players
from .i18n import _
from .values import value

if TYPE_CHECKING:
    from .games.partnership import Teams


@value
class TableNow:
    """The table before the next entry of a sitting (see the module's text). A NamedTuple,
    not a frozen dataclass: as immutable and typed, and made at import for a fifth of the
    cost (a deal imports it)."""

    seated: Players
    """Who sits at the table, in seat order."""
    next_dealer: str
    everyone: tuple[str, ...]
    """Every player who has sat at the table: in seat order, then as they joined."""
    out: tuple[str, ...] = ()
    """Who sits out the next deal (Pinochle's dealer with four; Bridge's fifth)."""
    dealers: tuple[str, ...] | None = None
    """Who may deal the next deal; None: anyone seated."""
    playing: Partnerships | None = None
    """The rubber being played (a partnership game), if one is."""
    upcoming: Partnerships | None = None
    """The rubber to be played next, after the one being played (a partnership game)."""
    pending: Teams | None = None
    """Partnerships set for the next rubber and not yet played under."""
    game: str = ""
    """The game's name, as its commands are named ('bridge rubber --teams')."""

    @property
    def in_play(self) -> tuple[str, ...]:
        """Who may be named in the next deal: the seated who do not sit it out."""
        return tuple(p for p in self.seated if p not in self.out)

    @property
    def may_deal(self) -> tuple[str, ...]:
        """Who may deal the next deal."""
        return self.seated.names if self.dealers is None else self.dealers

    @property
    def left(self) -> tuple[str, ...]:
        """Who sat at the table and has left it."""
        return tuple(p for p in self.everyone if p not in self.seated)

    def seated_player(self, typed: str) -> str:
        """The seated player `typed` names (Players.find); one who has left is refused as
        such, not as unknown."""
        try:
            return self.seated.find(typed)
        except RuleError:
            gone = _left_named(self.left, typed)
            if gone is None:
                raise
            raise RuleError(_("{player} has left the table already").format(
                player=gone)) from None

    @property
    def may_leave(self) -> tuple[str, ...]:
        """The seated whom no rubber being played or set to be played names: those
        check_leave lets go (the game's fewest players are the seating rule's to say)."""
        return tuple(p for p in self.seated if self._leave_refusal(p) is None)

    def check_leave(self, player: str) -> None:
        """Refuse to let `player` go while a rubber being played or to be played names him:
        the partnerships must leave him out first."""
        refusal = self._leave_refusal(player)
        if refusal is not None:
            raise RuleError(refusal)

    def _leave_refusal(self, player: str) -> str | None:
        """Why `player` may not go now, or None."""
        if self.playing is not None and player in self.playing.teams.seating:
            return _(
                "{player} plays in rubber {number}, which is being played by {teams}: "
                "{player} may leave once it is won").format(
                    player=player, number=self.playing.number, teams=self.playing.teams)
        upcoming = self.upcoming
        if upcoming is None or player not in upcoming.teams.seating:
            return None
        if self.pending is not None:
            return _(
                "{player} is named in the partnerships set for rubber {number} ({teams}): "
                "change the teams first ('{game} rubber --teams'), then {player} may "
                "leave").format(player=player, number=upcoming.number, teams=upcoming.teams,
                                game=self.game)
        return _(
            "{player} plays in rubber {number}, which is to be played next by {teams}: "
            "{player} may leave once other partnerships are set ('{game} rubber --teams')"
        ).format(player=player, number=upcoming.number, teams=upcoming.teams, game=self.game)

    def check_partnerships(self, teams: Teams) -> None:
        """New partnerships name four players at the table, and are new: the same ones
        again are a slip (a command run twice). Checked when they are given, not when a
        file is read: older files may hold such."""
        for player in teams.seating:
            self.seated_player(player)
        if self.upcoming is not None and teams == self.upcoming.teams:
            raise RuleError(_("rubber {number} is already to be played {teams}: these "
                              "partnerships change nothing").format(
                                  number=self.upcoming.number, teams=teams))


def _left_named(left: tuple[str, ...], typed: str) -> str | None:
    """The player who left that `typed` names (his name, or the start of no other's)."""
    if not left:
        return None
    try:
        return Players(left).find(typed)
    except RuleError:
        return None
