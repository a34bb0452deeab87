"""Bridge at the command line: `new`, `deal`, and `rubber` for new partnerships."""

from __future__ import annotations

from typing import Any

import click

from ..games.bridge import (
    MOST_DOUBLINGS,
    BridgeDeal,
    BridgeSettings,
    NewPartnerships,
    check_a_change,
)
from ..games.rubber import STRAIN_WORDS, Teams, default_teams
from ..session import AnySession
from .common import DealForm, GameCommand, find, find_all, game_command_line, of_game
from .options import (
    CONTEXT,
    Group,
    create_session,
    echo,
    new_session_options,
    session_option,
    session_path,
)
from .params import Choice, Count, Player, PlayerCount, PlayerCounts
from .params import Teams as TeamsParam

TRUMP = Choice("SUIT", dict(STRAIN_WORDS),
               ["spades", "clubs", "diamonds", "hearts", "notrumps", "nt", "spar", "klør",
                "ruder", "hjerter", "sans"])


@click.group("bridge", context_settings=CONTEXT, cls=Group)
def group() -> None:
    """Bridge-whist with the Danish scoring: honours, chicane, slams and rubbers.

    \b
    Examples:
      scorekeeper bridge new club --players Ann,Bob,Cid,Dan,Eve --value 0.01
      scorekeeper bridge deal --trump nt --tricks Ann=9 --honours Ann=3
      scorekeeper bridge rubber --teams Ann,Eve/Bob,Cid
    """


@group.command("new", context_settings=CONTEXT)
@click.option("--max-doublings", type=Count(0, MOST_DOUBLINGS), default=10, show_default=True,
              help="The most doublings of a deal (2: a double and a redouble).")
@new_session_options
@click.pass_context
def new(ctx: click.Context, /, max_doublings: int, **options: Any) -> None:
    """Start a Bridge session NAME (4 or more players) and make it the current one.

    Seats 1 and 3 play against 2 and 4 until 'bridge rubber --teams' says otherwise.

    \b
    Examples:
      scorekeeper bridge new club --players N,E,S,W --value 0.01
      scorekeeper bridge new five --players Ann,Bob,Cid,Dan,Eve --max-doublings 2
    """
    from ..render.base import rate

    session, path = create_session(ctx, "bridge", BridgeSettings(max_doublings), options)
    teams = default_teams(session.players)
    out = [p for p in session.players if p not in teams.seating]
    sitting_out = f" ({', '.join(out)} out)" if out else ""
    echo([f"New Bridge session '{session.name}' ({path}).",
          f"Rubber 1: {teams}{sitting_out}; {rate(session)}.",
          f"{session.opening_dealer} deals first."])


def _build(session: AnySession, values: dict[str, Any]) -> BridgeDeal:
    typed, tricks = values["tricks"]
    return BridgeDeal(
        trump=values["trump"],
        side_of=session.players.find(typed),
        tricks=tricks,
        doubled=values["doubled"],
        honours=find_all(session, values["honours"]),
        chicane=tuple(session.players.find(p) for p in values["chicane"]),
        dealer=find(session, values["dealer"]),
    )


FORM = DealForm(
    params=[
        click.Option(["--trump"], required=True, type=TRUMP, metavar="SUIT",
                     help="spades, clubs, diamonds, hearts or notrumps (spar, klør, ruder, "
                          "hjerter, sans; S, C, D, H, NT)."),
        click.Option(["--tricks"], required=True, type=PlayerCount(), metavar="P=N",
                     help="P's side took N tricks (0-13)."),
        click.Option(["--doubled"], type=Count(), default=0, metavar="K",
                     help="Times the trick value was doubled (1 doubled, 2 redoubled)."),
        click.Option(["--honours"], type=PlayerCounts(), metavar="P=N,...|none",
                     help="Honours held, by player (required in trumps; none only in no "
                          "trumps)."),
        click.Option(["--chicane"], type=Player(), metavar="P", multiple=True,
                     help="P held no trumps (once per void player)."),
    ],
    build=_build,
    amend_example="2 --trump ruder --tricks E=8 --honours E=2,W=2",
    help="""Record a deal: trumps, one side's tricks, doublings, honours and chicane.

    \b
    Examples:
      scorekeeper bridge deal --trump nt --tricks N=9 --honours N=2,S=1
      scorekeeper bridge deal --trump ruder --tricks E=8 --doubled 1 --honours E=2,W=2
      scorekeeper bridge deal --trump hearts --tricks E=12 --honours E=4,W=1 --chicane N
      scorekeeper bridge deal --trump sans --tricks S=10 --honours S=4
    """,
)

CLI = game_command_line("bridge", group, FORM)


@group.command("rubber", context_settings=CONTEXT, cls=GameCommand)
@click.option("--teams", required=True, type=TeamsParam(), metavar="A,C/B,D",
              help="The two partnerships for the next rubber; partners sit opposite.")
@session_option
@click.pass_context
def rubber(ctx: click.Context, teams: tuple[tuple[str, str], tuple[str, str]],
           session: str | None) -> None:
    """Set the partnerships (and so who sits out) for the next rubber.

    Partners sit opposite: with A,C/B,D the four sit A, B, C, D and A deals first. A rubber
    being played is finished first; the new partnerships start with the next one.

    \b
    Example:
      scorekeeper bridge rubber --teams Ann,Eve/Bob,Cid
    """
    from ..render import view_of
    from .saving import record

    def build(before: Any) -> NewPartnerships:
        players = of_game(before.header, "bridge").players
        (a, b), (c, d) = ((players.find(p) for p in side) for side in teams)
        new = Teams((a, b), (c, d))
        check_a_change(before.standing.state, new, players)  # under the lock
        return NewPartnerships(new)

    done = record(ctx, session_path(ctx, session), build, what="the new partnerships")
    header = done.before.header
    echo(view_of(header.game).recorded(header, done.played, done.standing))
