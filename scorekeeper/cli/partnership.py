"""What a partnership game shares at the command line (games/partnership.py): what `new`
says of the first rubber, and `rubber --teams`, which sets the partnerships for the next
rubber."""

from __future__ import annotations

from typing import Any

import click

from ..games.partnership import NewPartnerships, Teams
from ..i18n import _
from ..session import AnySession
from .common import GameCommand, at_table
from .options import CONTEXT, echo, session_option, session_path
from .params import Teams as TeamsParam


def first_rubber(session: AnySession) -> list[str]:
    """What `new` says of a partnership game after its first line: who plays the first
    rubber (and who sits it out), and who deals first."""
    from ..render.base import rate
    from ..session import start, table_now

    now = table_now(session, start(session))
    assert now.upcoming is not None  # a partnership game's first rubber
    teams, out = now.upcoming.teams, ", ".join(now.out)
    first = (_("Rubber 1: {teams} ({out} out); {rate}.") if out else
             _("Rubber 1: {teams}; {rate}.")).format(teams=teams, out=out, rate=rate(session))
    return [first, _("{dealer} deals first.").format(dealer=session.opening_dealer)]


def rubber_command(game: str) -> click.Command:
    """`GAME rubber --teams A,C/B,D`: the partnerships (and so who sits out) for the next
    rubber of the game `game`."""

    @click.command("rubber", context_settings=CONTEXT, cls=GameCommand, help=_(
        """Set the partnerships (and so who sits out) for the next rubber.

        Partners sit opposite: with A,C/B,D the four sit A, B, C, D and A deals first. A
        rubber being played is finished first; the new partnerships start with the next
        one.

        \b
        Example:
          scorekeeper {game} rubber --teams Ann,Eve/Bob,Cid
        """).format(game=game))
    @click.option("--teams", required=True, type=TeamsParam(), metavar="A,C/B,D",
                  help=_("The two partnerships for the next rubber; partners sit opposite."))
    @session_option
    @click.pass_context
    def rubber(ctx: click.Context, teams: tuple[tuple[str, str], tuple[str, str]],
               session: str | None) -> None:
        """Set the partnerships for the next rubber."""
        from ..render import view_of
        from .saving import record

        def build(before: Any) -> NewPartnerships:
            at_table(before, game)
            now = before.table_now
            (a, b), (c, d) = ((now.seated_player(p) for p in side) for side in teams)
            new = Teams((a, b), (c, d))
            now.check_partnerships(new)  # under the lock
            return NewPartnerships(new)

        done = record(ctx, session_path(ctx, session), build, what=_("the new partnerships"))
        header = done.before.header
        echo(view_of(header.game).recorded(header, done.played, done.standing))

    return rubber
