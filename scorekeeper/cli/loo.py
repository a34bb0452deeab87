"""Three-card Loo at the command line: `loo new` and `loo deal`."""

from __future__ import annotations

from typing import Any

import click

from ..games.loo import LooDeal, LooSettings, Remainder, Single
from ..session import AnySession
from .common import DealForm, find, find_all, game_command_line
from .options import CONTEXT, Group, create_session, echo, new_session_options
from .params import Count, Names, Player, PlayerCount


@click.group("loo", context_settings=CONTEXT, cls=Group)
def group() -> None:
    """Three-card Loo: a pool divided by thirds, loos, singles and musts.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05 --currency kr
      scorekeeper loo deal Bob=2 Cid=0 Dan=1 --miss Dan
      scorekeeper loo deal --all-pass
    """


@group.command("new", context_settings=CONTEXT)
@click.option("--ante", type=Count(), default=3, show_default=True,
              help="Counters the dealer puts in the pool (a multiple of 3).")
@click.option("--loo", "loo_amount", type=Count(),
              help="A fixed loo [default: equal to the ante].")
@click.option("--unlimited", is_flag=True, help="A loo is the whole pool of the hand.")
@click.option("--limit", type=Count(), help="Cap on an unlimited loo.")
@click.option("--no-must", is_flag=True, help="Play a single as an ordinary hand, not a must.")
@click.option("--single", type=click.Choice([s.value for s in Single]), default="one-each",
              show_default=True,
              help="Which hands a single follows: three players taking a trick each "
                   "(one-each), or any hand that leaves the pool empty (empty-pool).")
@click.option("--defender-looed", is_flag=True,
              help="A dealer who defends the pool and takes no trick is looed.")
@click.option("--remainder", type=click.Choice([r.value for r in Remainder]), default="early",
              show_default=True,
              help="Uneven pool: odd counters to the first tricks (early) or left in the pool "
                   "(carry).")
@new_session_options
@click.pass_context
def new(ctx: click.Context, /, ante: int, loo_amount: int | None, unlimited: bool,
        limit: int | None, no_must: bool, single: str, defender_looed: bool, remainder: str,
        **options: Any) -> None:
    """Start a Loo session NAME and make it the current one.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan,Eve
      scorekeeper loo new big --players Ann,Bob,Cid --ante 6 --unlimited --limit 30
      scorekeeper loo new cafe --players Ann,Bob,Cid,Dan --value 0.05 --currency kr
    """
    from ..render.base import rate

    if limit is not None and not unlimited:
        raise click.UsageError("--limit caps an unlimited loo: give --unlimited too")
    if loo_amount is not None and unlimited:
        raise click.UsageError("--loo N and --unlimited do not go together: choose one")
    settings = LooSettings(ante, loo_amount, unlimited, limit, not no_must, Single(single),
                           defender_looed, Remainder(remainder))
    session, path = create_session(ctx, "loo", settings, options)
    loo_text = "the whole pool" if unlimited else str(settings.loo_for(0))
    if limit:
        loo_text += f" up to {limit}"
    must = "a single is a must" if settings.must else "no musts"
    echo([f"New Three-card Loo session '{session.name}' ({path}).",
          f"Players in seat order: {', '.join(session.players)}.",
          f"Ante {ante}, loo {loo_text}, {must}; {rate(session)}.",
          f"{session.opening_dealer} deals first."])


def _check(values: dict[str, Any]) -> None:
    if values["all_pass"] and (values["tricks"] or values["miss"] or values["defend"]):
        raise click.UsageError("--all-pass means everyone but the dealer passed: give no "
                               "PLAYER=TRICKS, --miss or --defend with it")


def _build(session: AnySession, values: dict[str, Any]) -> LooDeal:
    return LooDeal(
        tricks=find_all(session, values["tricks"]),
        miss=find(session, values["miss"]),
        defend=values["defend"],
        all_pass=values["all_pass"],
        order=tuple(session.players.find(p) for p in values["order"] or ()),
        dealer=find(session, values["dealer"]),
    )


FORM = DealForm(
    params=[
        click.Argument(["tricks"], nargs=-1, type=PlayerCount(), metavar="PLAYER=TRICKS..."),
        click.Option(["--miss"], type=Player(), metavar="P", help="P took miss."),
        click.Option(["--defend"], is_flag=True,
                     help="The dealer played for the pool (name him with his tricks)."),
        click.Option(["--all-pass"], is_flag=True,
                     help="Everyone but the dealer passed: he takes the pool."),
        click.Option(["--order"], type=Names(), metavar="P,P,P",
                     help="The winners of tricks 1, 2 and 3 (for an uneven pool)."),
    ],
    build=_build,
    check=_check,
    amend_example="3 Bob=2 Cid=1 Dan=0",
    help="""Record a hand: each PLAYER=TRICKS is a player who played and the tricks he took.

    Players not named passed; in a must everyone plays, so players not named took no trick.
    A name may be cut short to its first letters when no other player's starts so (b=2).

    \b
    Examples:
      scorekeeper loo deal Bob=2 Cid=0 Dan=0 Ann=0 Eve=1 --miss Eve
      scorekeeper loo deal b=2 c=0 d=1 --miss d       (names cut short)
      scorekeeper loo deal Cid=1 Bob=2 --defend        (if Bob dealt: he played for the pool)
      scorekeeper loo deal Dan=1 Eve=0 Ann=2 --order Ann,Dan,Ann
      scorekeeper loo deal --miss Bob                  (Bob took miss, all others passed)
      scorekeeper loo deal --all-pass                  (the dealer takes the pool)
    """,
)

CLI = game_command_line("loo", group, FORM)
