"""Bridge at the command line: `new`, `deal`, and `rubber` for new partnerships."""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

import click

from ..games.bridge import MOST_DOUBLINGS, BridgeDeal, BridgeSettings
from ..games.players import Players
from ..games.rubber import STRAIN_WORDS
from ..i18n import _, speaking
from ..text import quoted
from . import short
from .common import DealForm, find, find_all, game_command_line
from .options import CONTEXT, Group, create_session, echo, new_session_options
from .params import Choice, Count, Player, PlayerCount, PlayerCounts
from .partnership import first_rubber, rubber_command

TRUMP = Choice(_("SUIT"), dict(STRAIN_WORDS),
               ["spades", "clubs", "diamonds", "hearts", "notrumps", "nt", "spar", "klør",
                "ruder", "hjerter", "sans"],
               _("spades, clubs, diamonds, hearts or notrumps (s c d h nt; spar, klør, ruder, "
                 "hjerter, sans)"))


@click.group("bridge", context_settings=CONTEXT, cls=Group, help=_(
    """Bridge-whist with the Danish scoring: honours, chicane, slams and rubbers.

    \b
    Examples:
      scorekeeper bridge new club --players Ann,Bob,Cid,Dan,Eve --value 0.01
      scorekeeper bridge deal --trump nt --tricks Ann=9 --honours Ann=3
      scorekeeper bridge rubber --teams Ann,Eve/Bob,Cid
    """))
def group() -> None:
    """Bridge's own commands."""


@group.command("new", context_settings=CONTEXT, help=_(
    """Start a Bridge session NAME (4 or more players) and make it the current one.

    Seats 1 and 3 play against 2 and 4 until 'bridge rubber --teams' says otherwise.

    \b
    Examples:
      scorekeeper bridge new club --players N,E,S,W --value 0.01
      scorekeeper bridge new five --players Ann,Bob,Cid,Dan,Eve --max-doublings 2
    """))
@click.option("--max-doublings", type=Count(0, MOST_DOUBLINGS), default=10, show_default=True,
              help=_("The most doublings of a deal (2: a double and a redouble)."))
@new_session_options
@click.pass_context
def new(ctx: click.Context, /, max_doublings: int, **options: Any) -> None:
    """Start a Bridge session."""
    session, path = create_session(ctx, "bridge", BridgeSettings(max_doublings), options)
    echo([_("New Bridge session '{name}' ({path}).").format(name=session.name, path=path),
          *first_rubber(session)])


#: The words for a player void in trumps, before his name (chikane: the seed's own word),
#: and their short forms in both languages: v (void), ch (chicane, chikane), which may run
#: into the name (vb, chb). Neither clashes with the other words after the trumps: x
#: (doubled), - (none) and honours, which hold a digit (b2d2).
CHICANE_WORDS = ("void", "chicane", "chikane", "v", "ch")
#: The short forms that may run into the player's name.
CHICANE_SHORT = ("ch", "v")
#: The words for no honours counted (a 2-2 split of the aces): ingen is Danish.
NONE_WORDS = ("-", "none", "ingen")
#: Danish words for the doublings, beside x and xx (fordobling, genfordobling: the seed's).
DOUBLING_WORDS = {"fordoblet": 1, "genfordoblet": 2}


def _short(words: list[str]) -> dict[str, Any]:
    """TRUMP SIDE [HONOURS] [x|xx|xN] [void P,...]: `h b8 b2d2`, `nt c10 c4`, `d a9 x a2c1`,
    `nt a7 -` (no aces counted). SIDE is a player of the side and its tricks (b8, b=8);
    HONOURS each player's (b2d2, or b=2,d=2 for a name holding a digit); x, xx or xN the
    doublings (so a player whose name starts with x names his honours as x=2); void P, v P
    or vP a void. The Danish words are read beside the English: fordoblet, genfordoblet,
    ingen, chikane P (ch P, chP)."""
    try:
        trump = TRUMP.convert(short.taken(words, _("give the trumps, like h, s or nt")), None, None)
    except click.BadParameter as error:
        short.fail(error.message)
    tricks = short.count(short.taken(words, _("give a side's tricks, like b8 (b=8)")))
    if tricks is None:
        short.fail(_("give a side's tricks as a player and a number, like b8 (b=8)"))
    values: dict[str, Any] = {"trump": trump, "tricks": tricks}
    while words:
        _short_word(words.pop(0), words, values)
    return values


def _short_word(word: str, words: list[str], values: dict[str, Any]) -> None:
    """One word after the trumps and the tricks: doublings, honours, a void."""
    lower = word.lower()
    doubling = re.fullmatch(r"(x+)|x([0-9]+)", lower)
    if doubling:
        if len(doubling.group(2) or "") > 9:
            short.fail(_("{word} is more doublings than a deal can hold").format(
                word=quoted(word)))
        _once(values, "doubled", len(doubling.group(1) or "") or int(doubling.group(2)))
    elif lower in DOUBLING_WORDS:
        _once(values, "doubled", DOUBLING_WORDS[lower])
    elif lower in NONE_WORDS:
        _once(values, "honours", ())
    elif lower in CHICANE_WORDS or _run_in(lower):
        typed = (word[len(_run_in(lower)):] if _run_in(lower) else
                 short.taken(words, _("give who was void in trumps ({word} P)").format(
                     word=lower)))
        values["chicane"] = (*values.get("chicane", ()), *(n for n in typed.split(",") if n))
    elif (honours := short.counts(word)) is not None:
        _once(values, "honours", honours)
    else:
        short.fail(_("{word} is not honours (b2d2), a doubling (x, xx) or void P (v P, vP)")
                   .format(word=quoted(word)))


def _run_in(word: str) -> str:
    """The short chicane word `word` begins with, run into a name (vb, chb: Bob held no
    trumps); "" if none."""
    if word in CHICANE_WORDS or not word.replace(",", "").isalpha():
        return ""
    return next((w for w in CHICANE_SHORT if word.startswith(w) and len(word) > len(w)), "")


def _once(values: dict[str, Any], key: str, value: Any) -> None:
    if key in values:
        short.fail(_("the honours given twice; give them once") if key == "honours" else
                   _("the doubling given twice; give them once"))
    values[key] = value


def _complete(read: Any, words: list[str], incomplete: str) -> list[tuple[str, str]]:
    """Trumps; then a player of the rubber (and his side's tricks); then honours by the
    players of the rubber not named yet, the doublings, void."""
    if not words:
        return short.starting([(w, _("trumps")) for w in TRUMP.shown], incomplete)
    four = list(read.table_now.in_play)
    if words[-1].lower() in CHICANE_WORDS:
        return short.starting([(p, _("held no trumps")) for p in four], incomplete)
    if len(words) == 1:
        return short.starting([(p, _("and his side's tricks, like 8")) for p in four],
                              incomplete)
    held = [(p, _("and his honours, like 2")) for p in short.unnamed(four, words[2:])]
    doubled, redoubled, void = _("doubled"), _("redoubled"), _("a player held no trumps")
    words_of = [("x", doubled), ("xx", redoubled), ("-", _("no aces counted")), ("void", void),
                ("v", void)]
    if speaking().code == "da":  # the Danish words beside the English
        words_of += [("fordoblet", doubled), ("genfordoblet", redoubled), ("chikane", void),
                     ("ch", void)]
    return short.starting([*held, *words_of], incomplete)


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
        raise click.UsageError(_("give the trumps and a side's tricks: h b8 (--trump hearts "
                                 "--tricks b=8)"))


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
    words=_("TRUMP SIDE [HONOURS] [x|xx|xN] [void P|vP]"),
    said=MappingProxyType({"honours": "b2d2"}),
    short=_short,
    values_of=_values_of,
    check=_check,
    complete=_complete,
    starts=_starts,
    params=[
        click.Option(["--trump"], type=TRUMP, metavar=_("SUIT"),
                     help=_("spades, clubs, diamonds, hearts or notrumps (spar, klør, ruder, "
                            "hjerter, sans; S, C, D, H, NT).")),
        click.Option(["--tricks"], type=PlayerCount(), metavar="P=N",
                     help=_("P's side took N tricks (0-13).")),
        click.Option(["--doubled"], type=Count(), default=0, metavar="K",
                     help=_("Times the trick value was doubled (1 doubled, 2 redoubled).")),
        click.Option(["--honours"], type=PlayerCounts(none=NONE_WORDS),
                     metavar=_("P=N,...|none"),
                     help=_("Honours held, by player (required in trumps; none only in no "
                            "trumps).")),
        click.Option(["--chicane"], type=Player(), metavar="P", multiple=True,
                     help=_("P held no trumps (once per void player).")),
    ],
    build=_build,
    amend_example="2 d b8 x b2d2",
    help=_("""Record a deal: trumps, one side's tricks, doublings, honours and chicane.

    In short: the trumps (s c d h nt, or spar klør ruder hjerter sans), a player of the
    side and its tricks (b8), each player's honours (b2d2; in no trumps the aces, or - for
    a 2-2 split), x, xx or xN for the doublings, and void P (in short v P, or vP run
    together; ch P, chP too) for a player with no trumps. Or the same as options. A name
    holding a digit is written b=8, b=2,d=2.

    \b
    Examples:
      scorekeeper deal h b8 b2d2          (hearts: Bob's side 8; honours b 2, d 2)
      scorekeeper deal nt c10 c4          (no trumps: Cid's side 10; Cid 4 aces)
      scorekeeper deal d a9 x a2c1        (diamonds, doubled)
      scorekeeper deal h a12 a4c1 void b  (Bob held no trumps)
      scorekeeper deal h a10 a2c1 x vb    (doubled; Bob held no trumps)
      scorekeeper bridge deal --trump nt --tricks a=9 --honours a=2,c=1
    """),
)

group.add_command(rubber_command("bridge"))
CLI = game_command_line("bridge", group, FORM)
