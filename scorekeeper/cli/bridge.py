"""Bridge at the command line: `new`, `deal`, and `rubber` for new partnerships."""

from __future__ import annotations

import re
from typing import Any

import click

from ..games.bridge import (
    MOST_DOUBLINGS,
    BridgeDeal,
    BridgeSettings,
    NewPartnerships,
    check_a_change,
)
from ..games.players import Players
from ..games.rubber import STRAIN_WORDS, Teams, default_teams
from . import short
from .common import DealForm, GameCommand, at_table, find, find_all, game_command_line
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


#: The words for a player void in trumps, before his name (chikane: the seed's own word).
CHICANE_WORDS = ("void", "chicane", "chikane")


def _short(words: list[str]) -> dict[str, Any]:
    """TRUMP SIDE [HONOURS] [x|xx|xN] [void P,...]: `h b8 b2d2`, `nt c10 c4`, `d a9 x a2c1`,
    `nt a7 -` (no aces counted). SIDE is a player of the side and its tricks (b8, b=8);
    HONOURS each player's (b2d2, or b=2,d=2 for a name holding a digit); x, xx or xN the
    doublings (so a player whose name starts with x names his honours as x=2)."""
    try:
        trump = TRUMP.convert(short.taken(words, "the trumps, like h, s or nt"), None, None)
    except click.BadParameter as error:
        short.fail(error.message)
    tricks = short.count(short.taken(words, "a side's tricks, like b8 (b=8)"))
    if tricks is None:
        short.fail("give a side's tricks as a player and a number, like b8 (b=8)")
    values: dict[str, Any] = {"trump": trump, "tricks": tricks}
    while words:
        _short_word(words.pop(0), words, values)
    return values


def _short_word(word: str, words: list[str], values: dict[str, Any]) -> None:
    """One word after the trumps and the tricks: doublings, honours, a void."""
    lower = word.lower()
    doubling = re.fullmatch(r"(x+)|x([0-9]{1,2})", lower)
    if doubling:
        _once(values, "doubled", len(doubling.group(1) or "") or int(doubling.group(2)))
    elif lower in ("-", "none"):
        _once(values, "honours", ())
    elif lower in CHICANE_WORDS:
        names = short.taken(words, f"who was void in trumps ({lower} P)").split(",")
        values["chicane"] = (*values.get("chicane", ()), *(n for n in names if n))
    elif (honours := short.counts(word)) is not None:
        _once(values, "honours", honours)
    else:
        short.fail(f"{word!r} is not honours (b2d2), a doubling (x, xx) or void P")


def _once(values: dict[str, Any], key: str, value: Any) -> None:
    if key in values:
        short.fail(f"{'the honours' if key == 'honours' else 'the doubling'} given twice; "
                   "give them once")
    values[key] = value


def _complete(read: Any, words: list[str], incomplete: str) -> list[tuple[str, str]]:
    """Trumps; then a player of the rubber (and his side's tricks); then honours by the
    players of the rubber not named yet, the doublings, void."""
    from ..games.bridge import next_rubber

    if not words:
        return short.starting([(w, "trumps") for w in TRUMP.shown], incomplete)
    four = list(next_rubber(read.standing.state, read.header.players).teams.seating)
    if words[-1].lower() in CHICANE_WORDS:
        return short.starting([(p, "held no trumps") for p in four], incomplete)
    if len(words) == 1:
        return short.starting([(p, "and his side's tricks, like 8") for p in four],
                              incomplete)
    held = [(p, "and his honours, like 2") for p in short.unnamed(four, words[2:])]
    return short.starting([*held, ("x", "doubled"), ("xx", "redoubled"),
                           ("-", "no aces counted"), ("void", "a player held no trumps")],
                          incomplete)


def _starts(read: Any, word: str) -> bool:
    try:
        TRUMP.convert(word, None, None)
    except click.BadParameter:
        return word.startswith("-")
    return True


def _values_of(entry: BridgeDeal) -> dict[str, Any]:
    return {"trump": entry.trump, "tricks": (entry.side_of, entry.tricks),
            "doubled": entry.doubled, "honours": tuple(entry.honours.items()),
            "chicane": entry.chicane, "dealer": entry.dealer}


def _check(values: dict[str, Any]) -> None:
    if values.get("trump") is None or values.get("tricks") is None:
        raise click.UsageError("give the trumps and a side's tricks: h b8 (--trump hearts "
                               "--tricks b=8)")


def _build(players: Players, values: dict[str, Any]) -> BridgeDeal:
    typed, tricks = values["tricks"]
    return BridgeDeal(
        trump=values["trump"],
        side_of=players.find(typed),
        tricks=tricks,
        doubled=values.get("doubled") or 0,
        honours=find_all(players, values.get("honours")),
        chicane=tuple(players.find(p) for p in values.get("chicane") or ()),
        dealer=find(players, values["dealer"]),
    )


FORM = DealForm(
    words="TRUMP SIDE [HONOURS] [x|xx|xN] [void P]",
    short=_short,
    values_of=_values_of,
    check=_check,
    complete=_complete,
    starts=_starts,
    params=[
        click.Option(["--trump"], type=TRUMP, metavar="SUIT",
                     help="spades, clubs, diamonds, hearts or notrumps (spar, klør, ruder, "
                          "hjerter, sans; S, C, D, H, NT)."),
        click.Option(["--tricks"], type=PlayerCount(), metavar="P=N",
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
    amend_example="2 d b8 x b2d2",
    help="""Record a deal: trumps, one side's tricks, doublings, honours and chicane.

    In short: the trumps (s c d h nt, or spar klør ruder hjerter sans), a player of the
    side and its tricks (b8), each player's honours (b2d2; in no trumps the aces, or - for
    a 2-2 split), x, xx or xN for the doublings, and void P for a player with no trumps.
    Or the same as options. A name holding a digit is written b=8, b=2,d=2.

    \b
    Examples:
      scorekeeper deal h b8 b2d2          (hearts: Bob's side 8; honours b 2, d 2)
      scorekeeper deal nt c10 c4          (no trumps: Cid's side 10; Cid 4 aces)
      scorekeeper deal d a9 x a2c1        (diamonds, doubled)
      scorekeeper deal h a12 a4c1 void b  (Bob held no trumps)
      scorekeeper bridge deal --trump nt --tricks a=9 --honours a=2,c=1
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
        players = at_table(before, "bridge")
        (a, b), (c, d) = ((players.find(p) for p in side) for side in teams)
        new = Teams((a, b), (c, d))
        check_a_change(before.standing.state, new, players)  # under the lock
        return NewPartnerships(new)

    done = record(ctx, session_path(ctx, session), build, what="the new partnerships")
    header = done.before.header
    echo(view_of(header.game).recorded(header, done.played, done.standing))
