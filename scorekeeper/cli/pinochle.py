"""Auction Pinochle at the command line: `new`, `deal`, and the `meld` and `count`
helpers."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import click

from ..games.cards import SUIT_WORDS, Card, card_points, meld_total, melds, parse_cards
from ..games.pinochle import CHIP_TABLE, BuryFail, Ending, PinochleDeal, PinochleSettings, both
from ..games.players import Players
from ..i18n import _, ngettext, speaking
from ..text import quoted
from . import short
from .common import OFFERED, DealForm, find, game_command_line
from .options import (
    CONTEXT,
    Group,
    create_session,
    echo,
    emit,
    new_session_options,
    output_options,
    run_state,
)
from .params import Choice, Count, Param, Player

#: The suits offered and named: Danish beside English for a Danish reader.
SUITS_SHOWN = ["spades", "hearts", "diamonds", "clubs",
               *(["spar", "hjerter", "ruder", "klør"] if speaking().code == "da" else [])]
SUIT = Choice("SUIT", dict(SUIT_WORDS), SUITS_SHOWN,
              _("spades, hearts, diamonds or clubs (or ♠ ♥ ♦ ♣)"))


class ChipTable(Param):
    """Rows of lowest bid and chips: 0:2,300:3,..."""

    name = _("BID:CHIPS,...")

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[tuple[int, int], ...]:
        from .params import number

        rows = []
        for row in str(value).replace(" ", "").split(","):
            low, _sep, chips = row.partition(":")
            low_n, chips_n = number(low, 0, 10**9), number(chips, 0, 10**9)
            if low_n is None or chips_n is None:
                self.fail(_("row {row} is not LOWEST_BID:CHIPS, like 300:3").format(
                    row=quoted(row)), param, ctx)
            rows.append((low_n, chips_n))
        return tuple(rows)  # whether the table rises is the rules' to say


class Cards(Param):
    name = _("CARDS")

    done = tuple

    def read(self, value: str, param: click.Parameter | None, ctx: click.Context | None
             ) -> tuple[Card, ...]:
        from ..errors import RuleError

        try:
            return parse_cards([str(value)])
        except RuleError as error:
            self.fail(str(error), param, ctx)


@click.group("pinochle", context_settings=CONTEXT, cls=Group, help=_(
    """Auction Pinochle: contracts paid in chips, by the bid, from a chip table.

    \b
    Examples:
      scorekeeper pinochle new sunday --players Ann,Bob,Cid,Dan --value 0.10
      scorekeeper pinochle deal --bidder Bob --bid 350 --meld 190 --took 172
      scorekeeper pinochle meld --trump hearts "AH 10H KH QH JH QS JD"
    """))
def group() -> None:
    """The pinochle group."""


@group.command("new", context_settings=CONTEXT, help=_(
    """Start an Auction Pinochle session NAME (3 to 5 players); make it the current one.

    \b
    Examples:
      scorekeeper pinochle new sunday --players Ann,Bob,Cid,Dan --value 0.10
      scorekeeper pinochle new club --players Ann,Bob,Cid --chip-table 0:1,400:5
    """))
@click.option("--chips", type=Count(), default=25, show_default=True,
              help=_("Each player's chips at the start."))
@click.option("--chip-table", type=ChipTable(), default="0:2,300:3,350:5,400:10,450:15,500:20",
              show_default=True,
              help=_("What a contract pays each player: rows of lowest bid and chips, both "
                     "rising."))
@click.option("--bury-fail", type=click.Choice([b.value for b in BuryFail]), default="double",
              show_default=True,
              help=_("What a contractor who does not lay out three cards pays."))
@click.option("--bid-step", type=Count(), default=10, show_default=True,
              help=_("Bids go up by this much (a multiple of 10)."))
@new_session_options
@click.pass_context
def new(ctx: click.Context, /, chips: int, chip_table: tuple[tuple[int, int], ...],
        bury_fail: str, bid_step: int, **options: Any) -> None:
    """Start an Auction Pinochle session."""
    from ..render.base import rate

    settings = PinochleSettings(chips, chip_table or CHIP_TABLE, BuryFail(bury_fail), bid_step)
    session, path = create_session(ctx, "pinochle", settings, options)
    table = ",".join(f"{low}:{n}" for low, n in settings.chip_table)
    # TRANSLATORS: the English says "chips" for any number; give the Danish its two forms.
    players = ngettext("Players in seat order: {players}; {chips} chips each.",
                       "Players in seat order: {players}; {chips} chips each.", chips)
    echo([_("New Auction Pinochle session '{name}' ({path}).").format(name=session.name,
                                                                      path=path),
          players.format(players=", ".join(session.players), chips=chips),
          _("Chip table {table}; {rate}.").format(table=table, rate=rate(session)),
          _("{dealer} deals first.").format(dealer=session.opening_dealer)])


ENDINGS = ("conceded", "declined", "took", "no_bury")


def _check(values: dict[str, Any]) -> None:
    given = [k for k in ("bidder", "bid", "meld", "meld_cards", "trump", *ENDINGS)
             if values[k] not in (None, False)]
    if values["no_bid"]:
        if given:
            raise click.UsageError(_("--no-bid means nobody bid: give it without {options}")
                                   .format(options=", ".join("--" + k.replace("_", "-")
                                                             for k in given)))
        return
    if values["bidder"] is None or values["bid"] is None:
        raise click.UsageError(_("give the contractor and his bid: --bidder P --bid N (or "
                                 "--no-bid)"))
    if values["meld"] is not None and values["meld_cards"] is not None:
        raise click.UsageError(_("give --meld N or --meld-cards CARDS, not both"))
    if values.get("meld_left_out") is not None and values["meld_cards"] is None:
        raise click.UsageError(_("give his meld after the bid: BIDDER BID MELD (0 if he had "
                                 "none), or --meld-cards with --trump") if not values[
            "meld_left_out"] else _("give his meld before how the deal ended: BIDDER BID MELD "
                                    "{end} (or --meld-cards with --trump)").format(
                                        end=values["meld_left_out"]))
    if (values["meld_cards"] is None) != (values["trump"] is None):
        raise click.UsageError(_("--meld-cards and --trump go together: give both"))
    endings = [k for k in ENDINGS if values[k] not in (None, False)]
    if len(endings) > 1:
        raise click.UsageError(_("give one way the deal ended, not {endings}").format(
            endings=both(["--" + k.replace("_", "-") for k in endings])))


#: The last word of the short form, for a deal whose meld is short of the bid; Danish
#: beside English: o (opgav, he declined), i (indrømmet, the opponents conceded).
SHORT_ENDINGS = {"d": "declined", "declined": "declined", "c": "conceded",
                 "conceded": "conceded", "x": "no_bury", "no-bury": "no_bury",
                 "nobury": "no_bury",
                 "o": "declined", "opgav": "declined", "opgivet": "declined",
                 "i": "conceded", "indrømmet": "conceded", "indrommet": "conceded"}
#: The short form's whole deal when nobody bid; Danish "pas" beside the English.
PASSED = ("pass", "passed", "no-bid", "pas")


#: Where `meld` at the prompt keeps the total it counted, for the next deal to take (`=`
#: or Tab in the meld's place).
COUNTED = OFFERED
#: The meld's place given as "the total just counted".
TAKE_COUNTED = "="


def _short(words: list[str]) -> dict[str, Any]:
    """BIDDER BID MELD [TOOK|d|c|x], or pass: nobody bid. MELD may be = (the total `meld`
    counted last in this shell), and is left out with --meld-cards (b 320 c --meld-cards
    "..." --trump hearts)."""
    if words and words[0].lower() in PASSED and (len(words) == 1 or not words[1].isdigit()):
        if len(words) > 1:  # pass b: not a contractor called Pass who bid b
            short.fail(_("pass is the whole deal when nobody bid: give nothing after it (not "
                         "{rest})").format(rest=quoted(" ".join(words[1:]))))
        return {"no_bid": True}
    bidder = short.taken(words, _("give the contractor, his bid and meld: BIDDER BID MELD"))
    values: dict[str, Any] = {"bidder": bidder,
                              "bid": short.number(short.taken(words, _("give his bid")),
                                                  _("{word} is not a bid, a whole number"))}
    if words and words[0] == TAKE_COUNTED:
        words.pop(0)
        values["meld"] = _counted()
    elif words and words[0].lower() not in SHORT_ENDINGS:
        values["meld"] = short.number(words.pop(0), _("{word} is not his meld, a whole number"))
    else:  # left out, which only --meld-cards may do: _check says
        values["meld_left_out"] = words[0] if words else ""
    if words:
        end = words.pop(0)
        if end.lower() in SHORT_ENDINGS:
            values[SHORT_ENDINGS[end.lower()]] = True
        else:
            values["took"] = short.number(end, _("{word} is not the card points he took "
                                                 "(or d, c or x), a whole number"))
    if words:
        short.fail(_("{rest}: a deal is BIDDER BID MELD and how it ended (TOOK, d, c or x), "
                     "no more").format(rest=quoted(" ".join(words))))
    return values


def _counted() -> int:
    """The meld `meld` counted last in this shell, for a deal's `=`."""
    ctx = click.get_current_context(silent=True)
    total = ctx.meta.get(COUNTED) if ctx is not None else None
    if total is None:
        short.fail(_("'=' takes the meld counted at the prompt, and none was: count it first "
                     "(meld --trump hearts AH 10H ...) or give the meld"))
    return int(total)


def _complete(read: Any, words: list[str], incomplete: str) -> list[tuple[str, str]]:
    """The contractor (one of those in the play) or pass; then bid and meld, numbers; then
    how a short meld ended."""
    danish = speaking().code == "da"
    if not words:
        bidders = read.table_now.in_play
        return short.starting([*((p, _("the contractor")) for p in bidders),
                               ("pass", _("nobody bid")),
                               *([("pas", _("nobody bid"))] if danish else [])], incomplete)
    if len(words) == 2:  # the meld's place: the total just counted, if one was
        ctx = click.get_current_context(silent=True)
        total = ctx.meta.get(COUNTED) if ctx is not None else None
        return [] if total is None else short.starting(
            [(str(total), _("the meld just counted"))], incomplete)
    if len(words) == 3:
        declined, conceded = _("he declined to play"), _("the opponents conceded")
        return short.starting([*([("o", declined), ("i", conceded)] if danish else []),
                               ("d", declined), ("c", conceded),
                               ("x", _("he played without laying out three cards"))],
                              incomplete)
    return []


def _starts(read: Any, word: str) -> bool:
    from ..errors import RuleError

    if word.startswith("-") or word.lower() in PASSED:
        return True
    try:
        read.table_now.seated.find(word)
    except RuleError:
        return False
    return True


def _values_of(entry: PinochleDeal) -> dict[str, Any]:
    ending = entry.ending.value.replace(" ", "_") if entry.ending else None
    return {"bidder": entry.bidder, "bid": entry.bid if entry.bidder else None,
            "meld": None if entry.meld_cards or entry.bidder is None else entry.meld,
            "meld_cards": entry.meld_cards or None, "trump": entry.trump,
            **{k: k == ending for k in ("conceded", "declined", "no_bury")},
            "took": entry.took, "no_bid": entry.bidder is None, "dealer": entry.dealer}


def _merge(old: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """One way a deal ended, and one way its meld is given: one given anew replaces the
    other; nobody bid stands alone."""
    if given.get("no_bid"):
        return {"dealer": old["dealer"], **dict.fromkeys(
            ("bidder", "bid", "meld", "meld_cards", "trump", "took")),
            **dict.fromkeys(("conceded", "declined", "no_bury"), False)} | given
    new = old | {"no_bid": False}
    if set(given) & {*ENDINGS}:
        new |= {"took": None, **dict.fromkeys(("conceded", "declined", "no_bury"), False)}
    if "meld" in given:
        new |= {"meld_cards": None, "trump": None}
    if set(given) & {"meld_cards", "trump"}:
        new["meld"] = None
    return new | given


def _build(players: Players, values: dict[str, Any]) -> PinochleDeal:
    dealer = find(players, values["dealer"])
    if values["no_bid"]:
        return PinochleDeal(dealer=dealer)
    cards: tuple[Card, ...] = values["meld_cards"] or ()
    trump = values["trump"]
    meld = meld_total(cards, trump) if cards else values["meld"] or 0
    ending = next((Ending(k.replace("_", " ")) for k in ("conceded", "declined", "no_bury")
                   if values[k]), None)
    return PinochleDeal(find(players, values["bidder"]), values["bid"], meld, cards, trump,
                        ending, values["took"], dealer)


FORM = DealForm(
    words=_("BIDDER BID MELD [TOOK|d|c|x]"),
    said=MappingProxyType({"conceded|declined|took|no_bury": _("c, d, TOOK or x")}),
    short=_short,
    values_of=_values_of,
    merge=_merge,
    complete=_complete,
    starts=_starts,
    params=[
        click.Option(["--bidder"], type=Player(), metavar="P",
                     help=_("The contractor (highest bidder).")),
        click.Option(["--bid"], type=Count(), help=_("His bid.")),
        click.Option(["--meld"], type=Count(),
                     help=_("His meld (melds and dixes) [default: 0].")),
        click.Option(["--meld-cards"], type=Cards(),
                     help=_("His meld as cards, e.g. \"AH 10H KH QH JH\" (with --trump).")),
        click.Option(["--trump"], type=SUIT, metavar=_("SUIT"),
                     help=_("The trump suit, with --meld-cards.")),
        click.Option(["--conceded"], is_flag=True,
                     help=_("Meld short; the opponents conceded: he wins.")),
        click.Option(["--declined"], is_flag=True,
                     help=_("Meld short; he did not play: he pays single.")),
        click.Option(["--took"], type=Count(),
                     help=_("He played and took N card points (0-250, with the buried cards "
                            "and the last trick).")),
        click.Option(["--no-bury"], is_flag=True,
                     help=_("He played without laying out three cards: he loses.")),
        click.Option(["--no-bid"], is_flag=True, help=_("Everyone passed: no payment.")),
    ],
    build=_build,
    check=_check,
    amend_example="2 c 300 150 140",
    help=_("""Record a deal: the contractor, his bid and meld, and how it ended.

    In short, BIDDER BID MELD and, when the meld is short of the bid, how it ended: the card
    points he took, d (he declined to play), c (the opponents conceded) or x (he played
    without laying out three cards); pass when nobody bid. Or the same as options. Payment
    is by the bid, between the contractor and every other player.

    \b
    Examples:
      scorekeeper deal b 350 190 172   (Bob bid 350, melded 190, took 172)
      scorekeeper deal b 350 400       (the meld makes the bid)
      scorekeeper deal b 420 260 d     (declined; c conceded, x no bury)
      scorekeeper deal pass            (nobody bid)
      scorekeeper pinochle deal --bidder Ann --bid 350 --meld 190 --took 172
      scorekeeper pinochle deal --bidder Cid --bid 300 --trump hearts \\
          --meld-cards "AH 10H KH QH JH 9H" --conceded
    """),
)

CLI = game_command_line("pinochle", group, FORM)


@group.command("meld", context_settings=CONTEXT, help=_(
    """Count the meld of CARDS with SUIT trumps, listing each meld found.

    Cards: rank A, 10 (or T), K, Q, J, 9 and suit S, H, D, C (or ♠ ♥ ♦ ♣), any case.

    \b
    Example:
      scorekeeper pinochle meld --trump hearts AH 10H KH QH JH 9H QS JD KC QC
    """))
@click.argument("cards", nargs=-1, required=True, type=Cards(), metavar=_("CARDS..."))
@click.option("--trump", required=True, type=SUIT, metavar=_("SUIT"),
              help=_("The trump suit: spades, hearts, diamonds, clubs (or S, H, D, C)."))
@output_options
def meld(cards: tuple[tuple[Card, ...], ...], trump: Any, fmt: str | None) -> None:
    """The melds in a hand of cards."""
    from ..games.cards import check_pack
    from ..render.pinochle import meld_report

    hand = check_pack(c for group in cards for c in group)
    found = melds(hand, trump)
    ctx = click.get_current_context()
    ctx.meta[COUNTED] = sum(m.points for m in found)  # the next deal's =
    emit(meld_report(trump, found), fmt)
    if fmt is None and run_state(ctx).ask is not None:  # at the prompt, on a terminal
        echo(_("The next deal takes it with = in the meld's place (b 350 = 172)."))


@group.command("count", context_settings=CONTEXT, help=_(
    """Count the card points of CARDS (A 11, 10 10, K 4, Q 3, J 2, 9 0).

    \b
    Examples:
      scorekeeper pinochle count AS 10S KH QD JC 9C --last-trick
      scorekeeper pinochle count "AS 10S KH" --format json
    """))
@click.argument("cards", nargs=-1, required=True, type=Cards(), metavar=_("CARDS..."))
@click.option("--last-trick", is_flag=True, help=_("Add 10 for the last trick."))
@output_options
def count(cards: tuple[tuple[Card, ...], ...], last_trick: bool, fmt: str | None) -> None:
    """The card points of a set of cards."""
    from ..games.cards import check_pack
    from ..render.pinochle import count_report

    hand = check_pack(c for group in cards for c in group)
    emit(count_report(hand, last_trick, card_points(hand, last_trick)), fmt)
