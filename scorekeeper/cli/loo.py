"""Three-card Loo at the command line: `loo new` and `loo deal`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import click

from ..games.loo import LooDeal, LooSettings, Remainder, Single
from ..games.players import Players
from . import short
from .common import DealForm, find, find_all, game_command_line
from .options import CONTEXT, Group, create_session, echo, new_session_options
from .params import Count, Names, Player, PlayerCount


@click.group("loo", context_settings=CONTEXT, cls=Group)
def group() -> None:
    """Three-card Loo: a pool divided by thirds, loos, singles and musts.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05
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
      scorekeeper loo new big --players Ann,Bob,Cid --unlimited --limit 30
      scorekeeper loo new cafe --players Ann,Bob,Cid --value 0.05 --currency kr
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
    if values["all_pass"] and (values.get("tricks") or values["miss"] or values["defend"]):
        raise click.UsageError("--all-pass means everyone but the dealer passed: give no "
                               "PLAYER=TRICKS, --miss or --defend with it")


def _short(words: list[str]) -> dict[str, Any]:
    """PLAYER=TRICKS for each player who played, then any of: miss P, defend, pass (all
    passed), order P,P,P (the winners of tricks 1 to 3)."""
    values: dict[str, Any] = {}
    tricks = []
    while words:
        word = words.pop(0)
        lower = word.lower()
        if "=" in word:
            tricks.append(_player_count(word))
        elif lower in ("miss", "m"):
            _once(values, "miss", short.taken(words, "the player who took miss (miss P)"))
        elif lower in ("defend", "defended", "def"):
            _once(values, "defend", True)
        elif lower in ("pass", "all-pass", "passed"):
            _once(values, "all_pass", True)
        elif lower in ("order", "o"):
            names = short.taken(words, "the winners of tricks 1, 2 and 3 (order P,P,P)")
            _once(values, "order", Names().convert(names, None, None))
        else:
            short.fail(f"{word!r} is not PLAYER=TRICKS (Bob=2), miss P, defend, pass or "
                       "order P,P,P")
    return {"tricks": tuple(tricks), **values}


def _player_count(word: str) -> tuple[str, int]:
    try:
        found: tuple[str, int] = PlayerCount().convert(word, None, None)
    except click.BadParameter as error:
        short.fail(error.message)
    return found


def _once(values: dict[str, Any], key: str, value: Any) -> None:
    if key in values:
        short.fail(f"{key.replace('_', ' ')} is given twice; give it once")
    values[key] = value


WORDS = [("miss", "a player took miss"), ("defend", "the dealer played for the pool"),
         ("pass", "everyone but the dealer passed"), ("order", "the winners of tricks 1-3")]


def _complete(read: Any, words: list[str], incomplete: str) -> list[tuple[str, str]]:
    """Players not yet named (as PLAYER=), the words of the short form; after miss, a
    player; after order, players."""
    players = list(read.header.players)
    if words and words[-1].lower() in ("miss", "m"):
        return short.starting([(p, "took miss") for p in players], incomplete)
    if words and words[-1].lower() in ("order", "o"):
        done, _, last = incomplete.rpartition(",")
        prefix = f"{done}," if done else ""
        return [(prefix + p, "won a trick") for p, _ in
                short.starting([(p, "") for p in players], last)]
    if "=" in incomplete:
        return []
    free = [(f"{p}=", "played: tricks taken") for p in short.unnamed(players, words)]
    return short.starting([*free, *WORDS], incomplete)


def _starts(read: Any, word: str) -> bool:
    return "=" in word or word.startswith("-") or word.lower() in (
        "miss", "m", "defend", "defended", "def", "pass", "all-pass", "passed", "order", "o")


def _values_of(entry: LooDeal) -> dict[str, Any]:
    return {"tricks": tuple(entry.tricks.items()), "miss": entry.miss, "defend": entry.defend,
            "all_pass": entry.all_pass, "order": entry.order or None, "dealer": entry.dealer}


def _merge(old: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """All passed stands alone: given, it clears the rest; given anything else, it goes."""
    if given.get("all_pass"):
        return {"tricks": (), "miss": None, "defend": False, "order": None,
                "dealer": old["dealer"]} | given
    return old | {"all_pass": False} | given


def _build(players: Players, values: dict[str, Any]) -> LooDeal:
    return LooDeal(
        tricks=find_all(players, values.get("tricks", ())),
        miss=find(players, values["miss"]),
        defend=values["defend"],
        all_pass=values["all_pass"],
        order=tuple(players.find(p) for p in values["order"] or ()),
        dealer=find(players, values["dealer"]),
    )


FORM = DealForm(
    params=[
        click.Option(["--miss"], type=Player(), metavar="P", help="P took miss."),
        click.Option(["--defend"], is_flag=True,
                     help="The dealer played for the pool (name him with his tricks)."),
        click.Option(["--all-pass"], is_flag=True,
                     help="Everyone but the dealer passed: he takes the pool."),
        click.Option(["--order"], type=Names(), metavar="P,P,P",
                     help="The winners of tricks 1, 2 and 3 (for an uneven pool)."),
    ],
    words="PLAYER=TRICKS... [miss P] [defend] [pass] [order P,P,P]",
    short=_short,
    build=_build,
    values_of=_values_of,
    merge=_merge,
    check=_check,
    hints=MappingProxyType({"tricks": "PLAYER=TRICKS"}),
    complete=_complete,
    starts=_starts,
    amend_example="3 Bob=2 Cid=1 Dan=0",
    help="""Record a hand: each PLAYER=TRICKS is a player who played and the tricks he took.

    Players not named passed; in a must everyone plays, so players not named took no trick.
    A name may be cut short to its first letters when no other player's starts so (b=2).
    After them: miss P (P took miss), defend (the dealer played for the pool), pass
    (everyone but the dealer passed), order P,P,P (the winners of tricks 1, 2 and 3, for an
    uneven pool) -- or the same as options (--miss P, --defend, --all-pass, --order).

    \b
    Examples:
      scorekeeper deal b=2 c=0 d=1 miss d       (Dan took miss; names cut short)
      scorekeeper deal c=1 b=2 defend           (Bob dealt, played for the pool)
      scorekeeper deal d=1 c=0 a=2 order a,d,a  (an uneven pool)
      scorekeeper deal miss b                   (Bob took miss, all others passed)
      scorekeeper deal pass                     (the dealer takes the pool)
      scorekeeper loo deal Bob=2 Cid=0 Dan=1 --miss Dan
    """,
)

CLI = game_command_line("loo", group, FORM)
