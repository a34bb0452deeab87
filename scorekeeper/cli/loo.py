"""Three-card Loo at the command line: `loo new` and `loo deal`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import click

from .. import i18n
from ..games.loo import LooDeal, LooSettings, Remainder, Single
from ..games.players import Players
from ..i18n import _
from ..text import quoted
from . import short
from .common import DealForm, find, find_all, game_command_line
from .options import CONTEXT, Group, create_session, echo, new_session_options
from .params import Count, Names, Player, PlayerCount


@click.group("loo", context_settings=CONTEXT, cls=Group, help=_(
    """Three-card Loo: a pool divided by thirds, loos, singles and musts.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05
      scorekeeper loo deal Bob=2 Cid=0 Dan=1 --miss Dan
      scorekeeper loo deal --all-pass
    """))
def group() -> None:
    """The `loo` commands."""


@group.command("new", context_settings=CONTEXT, help=_(
    """Start a Loo session NAME and make it the current one.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan,Eve
      scorekeeper loo new big --players Ann,Bob,Cid --unlimited --limit 30
      scorekeeper loo new cafe --players Ann,Bob,Cid --value 0.05 --currency kr
    """))
@click.option("--ante", type=Count(), default=3, show_default=True,
              help=_("Counters the dealer puts in the pool (a multiple of 3)."))
@click.option("--loo", "loo_amount", type=Count(),
              help=_("A fixed loo [default: equal to the ante]."))
@click.option("--unlimited", is_flag=True, help=_("A loo is the whole pool of the hand."))
@click.option("--limit", type=Count(), help=_("Cap on an unlimited loo."))
@click.option("--no-must", is_flag=True,
              help=_("Play a single as an ordinary hand, not a must."))
@click.option("--single", type=click.Choice([s.value for s in Single]), default="one-each",
              show_default=True,
              help=_("Which hands a single follows: three players taking a trick each "
                     "(one-each), or any hand that leaves the pool empty (empty-pool)."))
@click.option("--defender-looed", is_flag=True,
              help=_("A dealer who defends the pool and takes no trick is looed."))
@click.option("--remainder", type=click.Choice([r.value for r in Remainder]), default="early",
              show_default=True,
              help=_("Uneven pool: odd counters to the first tricks (early) or left in the "
                     "pool (carry)."))
@new_session_options
@click.pass_context
def new(ctx: click.Context, /, ante: int, loo_amount: int | None, unlimited: bool,
        limit: int | None, no_must: bool, single: str, defender_looed: bool, remainder: str,
        **options: Any) -> None:
    """`loo new`: a new session of Loo."""
    from ..render.base import rate

    if limit is not None and not unlimited:
        raise click.UsageError(_("--limit caps an unlimited loo: give --unlimited too"))
    if loo_amount is not None and unlimited:
        raise click.UsageError(_("--loo N and --unlimited do not go together: choose one"))
    settings = LooSettings(ante, loo_amount, unlimited, limit, not no_must, Single(single),
                           defender_looed, Remainder(remainder))
    session, path = create_session(ctx, "loo", settings, options)
    if not unlimited:
        loo_text = str(settings.loo_for(0))
    elif limit:
        loo_text = _("the whole pool up to {limit}").format(limit=limit)
    else:
        loo_text = _("the whole pool")
    must = _("a single is a must") if settings.must else _("no musts")
    echo([_("New Three-card Loo session '{name}' ({path}).").format(name=session.name,
                                                                    path=path),
          _("Players in seat order: {players}.").format(players=", ".join(session.players)),
          _("Ante {ante}, loo {loo}, {must}; {rate}.").format(ante=ante, loo=loo_text,
                                                              must=must, rate=rate(session)),
          _("{dealer} deals first.").format(dealer=session.opening_dealer)])


def _check(values: dict[str, Any]) -> None:
    if values["all_pass"] and (values.get("tricks") or values["miss"] or values["defend"]):
        raise click.UsageError(_("--all-pass means everyone but the dealer passed: give no "
                                 "PLAYER=TRICKS, --miss or --defend with it"))


#: The words of the short form, as each may be typed: the word, its short form, then the
#: Danish ones (`ekstra P`/`e P`, `forsvar`/`f`, `pas`, `stik P,P,P`/`s gag`), whatever
#: the language printed. None clashes with a player's tricks, which always hold a digit
#: (a1, Ann=1), nor with another game's words: each game reads only its own.
MISS = ("miss", "m", "ekstra", "e", "ekstrahånd")
DEFEND = ("defend", "def", "defended", "forsvar", "f", "forsvaret", "forsvarede")
PASS = ("pass", "all-pass", "passed", "pas")
ORDER = ("order", "o", "stik", "s", "rækkefølge")
#: The words Tab offers and help names: (English, its short form), (Danish, its short).
SHOWN = {"miss": ("m", "ekstra", "e"), "defend": ("def", "forsvar", "f"),
         "pass": ("", "pas", ""), "order": ("o", "stik", "s")}


def _short(words: list[str]) -> dict[str, Any]:
    """PLAYER TRICKS for each player who played (a1, Ann=1, or run together: a1b2c0), then
    any of: miss P (m P), defend (def), pass (all passed), order P,P,P (o P,P,P, or the
    three winners' initials: o gag) for the winners of tricks 1 to 3; or their Danish
    words."""
    values: dict[str, Any] = {}
    tricks: list[tuple[str, int]] = []
    while words:
        word = words.pop(0)
        lower = word.lower()
        if "=" in word:
            tricks.append(_player_count(word))
        elif (counted := short.counts(word)) is not None:
            tricks.extend(counted)
        elif lower in MISS:
            _once(values, "miss", short.taken(words, _("give the player who took miss (miss P)")))
        elif lower in DEFEND:
            _once(values, "defend", True)
        elif lower in PASS:
            _once(values, "all_pass", True)
        elif lower in ORDER:
            names = short.taken(words, _("give the winners of tricks 1, 2 and 3 (order P,P,P, "
                                         "or their initials: order ada)"))
            _once(values, "order", winners(names))
        else:
            short.fail(_("{word} is not a player's tricks (b2, Bob=2), miss P, defend, pass "
                         "or order P,P,P").format(word=quoted(word)))
    return {"tricks": tuple(tricks), **values}


def winners(typed: str) -> tuple[str, ...]:
    """The winners of tricks 1, 2 and 3 as typed: names with commas (a,d,a; Ann,Dan,Ann),
    or, with no comma, three initials (ada). A single name is never an order (it names one
    trick of three), so three letters with no comma are always initials."""
    if "," not in typed:
        if len(typed) != 3 or not typed.isalpha():
            short.fail(_("{typed} is not the winners of tricks 1, 2 and 3: give three, "
                         "like a,d,a or their initials ada").format(typed=quoted(typed)))
        return tuple(typed)
    found: tuple[str, ...] = Names().convert(typed, None, None)
    return found


def _player_count(word: str) -> tuple[str, int]:
    try:
        found: tuple[str, int] = PlayerCount().convert(word, None, None)
    except click.BadParameter as error:
        short.fail(error.message)
    return found


def _once(values: dict[str, Any], key: str, value: Any) -> None:
    if key in values:
        short.fail(_twice(key))
    values[key] = value


def _twice(key: str) -> str:
    """The message for a word of the short form given twice."""
    if key == "miss":
        return _("miss is given twice; give it once")
    if key == "defend":
        return _("defend is given twice; give it once")
    if key == "all_pass":
        return _("all pass is given twice; give it once")
    return _("order is given twice; give it once")


def _words() -> list[tuple[str, str]]:
    """The words of the short form and what each says, each followed by its short form; in
    Danish the Danish words after the English."""
    about = {"miss": _("a player took miss"), "defend": _("the dealer played for the pool"),
             "pass": _("everyone but the dealer passed"),
             "order": _("the winners of tricks 1-3")}
    danish = i18n.speaking().code == "da"
    found = []
    for word, (brief, dansk, kort) in SHOWN.items():
        found += [(word, about[word]), *([(brief, about[word])] if brief else [])]
        if danish:
            found += [(dansk, about[word]), *([(kort, about[word])] if kort else [])]
    return found


def _complete(read: Any, words: list[str], incomplete: str) -> list[tuple[str, str]]:
    """Players not yet named (as PLAYER=), the words of the short form; after miss, a
    player; after order, players."""
    players = list(read.table_now.in_play)
    if words and words[-1].lower() in MISS:
        return short.starting([(p, _("took miss")) for p in players], incomplete)
    if words and words[-1].lower() in ORDER:
        done, _comma, last = incomplete.rpartition(",")
        prefix = f"{done}," if done else ""
        return [(prefix + p, _("won a trick")) for p, _about in
                short.starting([(p, "") for p in players], last)]
    if "=" in incomplete:
        return []
    free = [(f"{p}=", _("played: tricks taken")) for p in short.unnamed(players, words)]
    return short.starting([*free, *_words()], incomplete)


def _starts(read: Any, word: str) -> bool:
    return ("=" in word or word.startswith("-") or short.counts(word) is not None
            or word.lower() in (*MISS, *DEFEND, *PASS, *ORDER))


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
    tricks = find_all(players, values.get("tricks", ()))
    order = tuple(players.find(p) for p in values["order"] or ())
    if sum(tricks.values()) < 3:  # the order names its winners' tricks: o gag is g=2 a=1
        for player in order:
            tricks.setdefault(player, order.count(player))
    return LooDeal(
        tricks={p: tricks[p] for p in players if p in tricks},
        miss=find(players, values["miss"]),
        defend=values["defend"],
        all_pass=values["all_pass"],
        order=order,
        dealer=find(players, values["dealer"]),
    )


FORM = DealForm(
    params=[
        click.Option(["--miss"], type=Player(), metavar="P", help=_("P took miss.")),
        click.Option(["--defend"], is_flag=True,
                     help=_("The dealer played for the pool (name him with his tricks).")),
        click.Option(["--all-pass"], is_flag=True,
                     help=_("Everyone but the dealer passed: he takes the pool.")),
        click.Option(["--order"], type=Names(), metavar="P,P,P",
                     help=_("The winners of tricks 1, 2 and 3 (for an uneven pool).")),
    ],
    words=_("PLAYER=TRICKS... [miss P] [defend] [pass] [order P,P,P]"),
    short=_short,
    build=_build,
    values_of=_values_of,
    merge=_merge,
    check=_check,
    hints=MappingProxyType({"tricks": _("PLAYER=TRICKS")}),
    said=MappingProxyType({"order": _("o P,P,P"), "miss": _("m P"), "defend": _("def"),
                           "all_pass": _("pass")}),
    complete=_complete,
    starts=_starts,
    amend_example="3 Bob=2 Cid=1 Dan=0",
    help=_("""Record a hand: each player who played and the tricks he took (b2, or Bob=2).

    Players not named passed; in a must everyone plays, so players not named took no trick.
    A name may be cut short to its first letters when no other player's starts so (b2), and
    the players may run together (b2c0d1). After them: miss P or m P (P took miss), defend
    or def (the dealer played for the pool), pass (everyone but the dealer passed), order
    P,P,P or o P,P,P (the winners of tricks 1, 2 and 3, for an uneven pool; their initials
    will do, o ada, and name their tricks, so only the looed need naming) -- or the same as
    options (--miss P, --defend, --all-pass, --order).

    \b
    Examples:
      scorekeeper deal b2 c0 d1 m d          (Dan took miss; names cut short)
      scorekeeper deal c1 b2 def             (Bob dealt, played for the pool)
      scorekeeper deal c0 o ada              (an uneven pool: Ann 2, Dan 1)
      scorekeeper deal miss b                (Bob took miss, all others passed)
      scorekeeper deal pass                  (the dealer takes the pool)
      scorekeeper loo deal Bob=2 Cid=0 Dan=1 --miss Dan
    """),
)

CLI = game_command_line("loo", group, FORM)
