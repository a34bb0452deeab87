"""The command line: the only module that imports click.

Errors from the rules and the store become one-line messages here, in one place: exit 1 for a
refused deal or a bad session file, 2 for wrong usage.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from . import __version__, store
from .errors import RuleError, ScorekeeperError, SessionError, UsageError
from .session import Session, Standing

F = TypeVar("F", bound=Callable[..., Any])
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Group(click.Group):
    """A group that turns the tool's own errors into one-line messages and exit codes."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ScorekeeperError as error:
            raise click.ClickException(str(error)) from None
        except OSError as error:
            where = f" {error.filename}" if error.filename else ""
            raise click.ClickException(f"cannot write{where}: {error.strerror}") from None


# --- shared options ----------------------------------------------------------------------


def folder(ctx: click.Context) -> str:
    return store.session_dir(ctx.find_root().params.get("dir"))


def complete_session(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    try:
        names = [store.session_name(p) for p in store.list_sessions(folder(ctx))]
    except OSError:
        return []
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


def _session_players(ctx: click.Context) -> tuple[str, ...]:
    try:
        path = store.find_session(folder(ctx), ctx.params.get("session"))
        session, _ = store.load(path)
    except (ScorekeeperError, OSError):
        return ()
    return session.players


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [
        CompletionItem(p)
        for p in _session_players(ctx)
        if p.casefold().startswith(incomplete.casefold())
    ]


def session_option(f: F) -> F:
    return click.option(
        "-s",
        "--session",
        metavar="S",
        shell_complete=complete_session,
        help="Session name, or path to a .toml file "
        "[default: $SCOREKEEPER_SESSION, else the current session].",
    )(f)


def check_format(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from . import render

    try:
        return None if value is None else render.check_format(value)
    except UsageError as error:
        raise click.BadParameter(str(error), ctx, param) from None


def format_option(f: F) -> F:
    return click.option(
        "--format",
        "fmt",
        metavar="F",
        default="simple",
        show_default=True,
        callback=check_format,
        help="json, csv, or a tabulate table format (simple, github, grid, plain, ...).",
    )(f)


def players_option(f: F) -> F:
    return click.option(
        "--players",
        required=True,
        metavar="A,B,C",
        help="The players in seat order, comma-separated.",
    )(f)


def new_session_options(f: F) -> F:
    for option in reversed(
        [
            click.option(
                "--value", default="1", show_default=True, metavar="X",
                help="Money per unit, e.g. 0.05.",
            ),
            click.option("--currency", default="", metavar="C", help="Currency label, e.g. kr."),
            click.option("--first-dealer", metavar="P", help="Who deals first [default: the first player]."),
            click.option("--force", is_flag=True, help="Replace a session of the same name."),
        ]
    ):
        f = option(f)
    return f


def parse_players(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(","))


def parse_value(text: str) -> str:
    from .session import MONEY

    if not MONEY.fullmatch(text):
        raise click.BadParameter(f"{text!r} is not a money amount (e.g. 1 or 0.05)", param_hint="--value")
    return text


def create_session(
    ctx: click.Context, name: str, game: str, settings: Any, *, players: str, value: str,
    currency: str, first_dealer: str | None, force: bool,
) -> tuple[Session, str]:
    """Write a new session from the options every `new` command shares; make it current."""
    root = folder(ctx)
    path = store.session_path(root, name)
    session = Session(
        game, parse_players(players), settings, (), parse_value(value), currency,
        first_dealer, store.session_name(path),
    )
    store.create(path, session, force)
    if not store.is_path(name):
        store.set_current(root, session.name)
    return session, path


def session_file(ctx: click.Context, spec: str | None) -> str:
    return store.find_session(folder(ctx), spec)


def load_session(ctx: click.Context, spec: str | None) -> tuple[Session, Standing]:
    return store.load(session_file(ctx, spec))


def record(
    ctx: click.Context, spec: str | None, game: str, raw: dict[str, Any], dry_run: bool
) -> store.Recorded:
    """Add a deal built from `raw` (its TOML form) to the session, unless `dry_run`."""
    return store.add_deal(session_file(ctx, spec), raw, game, save=not dry_run)


# --- the program -------------------------------------------------------------------------


@click.group(cls=Group, context_settings=CONTEXT)
@click.option(
    "--dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Session folder [default: $SCOREKEEPER_DIR, else the per-user data folder].",
)
@click.version_option(__version__, prog_name="scorekeeper")
def cli(dir: str | None) -> None:
    """Keep the score of Three-card Loo, Auction Pinochle and Bridge; settle up at the end.

    Record each deal as it ends with one short command; the balances are kept in a TOML
    session file you can read and correct, and 'settle' says who pays whom.

    \b
    Example evening:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05 --currency kr
      scorekeeper loo deal Bob=2 Cid=1 Dan=0
      scorekeeper show
      scorekeeper settle
    """


def main() -> None:
    cli(prog_name="scorekeeper")


# --- loo -----------------------------------------------------------------------------------


@cli.group(context_settings=CONTEXT)
def loo() -> None:
    """Three-card Loo: a pool divided by thirds, loos, singles and musts."""


@loo.command("new", context_settings=CONTEXT)
@click.argument("name")
@players_option
@click.option("--ante", type=int, default=3, show_default=True, help="Counters the dealer puts in the pool (a multiple of 3).")
@click.option("--loo", "loo_amount", type=int, metavar="N", help="A fixed loo [default: equal to the ante].")
@click.option("--unlimited", is_flag=True, help="A loo is the whole pool of the hand.")
@click.option("--limit", type=int, metavar="N", help="Cap on an unlimited loo.")
@click.option("--no-must", is_flag=True, help="Play a single as an ordinary hand, not a must.")
@click.option("--defender-looed", is_flag=True, help="A dealer who defends the pool and takes no trick is looed.")
@click.option(
    "--remainder",
    type=click.Choice(["early", "carry"]),
    default="early",
    show_default=True,
    help="Uneven pool: odd counters to the first tricks (early) or left in the pool (carry).",
)
@new_session_options
@click.pass_context
def loo_new(
    ctx: click.Context, name: str, players: str, ante: int, loo_amount: int | None,
    unlimited: bool, limit: int | None, no_must: bool, defender_looed: bool, remainder: str,
    value: str, currency: str, first_dealer: str | None, force: bool,
) -> None:
    """Start a Loo session NAME and make it the current one.

    \b
    Examples:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan,Eve
      scorekeeper loo new big --players Ann,Bob,Cid --ante 6 --unlimited --limit 30
      scorekeeper loo new cafe --players Ann,Bob,Cid,Dan --value 0.05 --currency kr
    """
    from .games.loo import LooSettings

    if limit is not None and not unlimited:
        raise click.UsageError("--limit caps an unlimited loo: give --unlimited too")
    if loo_amount is not None and unlimited:
        raise click.UsageError("--loo N and --unlimited do not go together: choose one")
    settings = LooSettings(
        ante=ante, loo=loo_amount, unlimited=unlimited, limit=limit, must=not no_must,
        defender_looed=defender_looed, remainder=remainder,
    )
    session, path = create_session(
        ctx, name, "loo", settings, players=players, value=value, currency=currency,
        first_dealer=first_dealer, force=force,
    )
    loo_text = "the whole pool" if settings.unlimited else str(settings.loo_for(0))
    if settings.limit:
        loo_text += f" up to {settings.limit}"
    click.echo(f"New Three-card Loo session '{session.name}' ({path}).")
    click.echo(f"Players in seat order: {', '.join(session.players)}.")
    click.echo(
        f"Ante {settings.ante}, loo {loo_text}, "
        f"{'a single is a must' if settings.must else 'no musts'}; "
        f"1 counter = {session.value} {session.currency}".rstrip() + "."
    )
    click.echo(f"{session.first_dealer or session.players[0]} deals first.")


class TricksType(click.ParamType):  # type: ignore[type-arg]  # generic in newer click
    name = "PLAYER=TRICKS"

    def convert(self, value: Any, param: Any, ctx: Any) -> tuple[str, int]:
        name, sep, count = str(value).partition("=")
        if not sep or not name.strip() or not count.strip().isdigit():
            self.fail(f"{value!r} is not PLAYER=TRICKS (for example Ann=2)", param, ctx)
        return name.strip(), int(count)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [
            CompletionItem(f"{p}=")
            for p in _session_players(ctx)
            if p.casefold().startswith(incomplete.casefold())
        ]


@loo.command("deal", context_settings=CONTEXT)
@click.argument("tricks", nargs=-1, type=TricksType())
@click.option("--miss", metavar="P", shell_complete=complete_player, help="P took miss.")
@click.option("--defend", is_flag=True, help="The dealer played for the pool (name him with his tricks).")
@click.option("--all-pass", is_flag=True, help="Everyone but the dealer passed: he takes the pool.")
@click.option("--order", metavar="P,P,P", help="The winners of tricks 1, 2 and 3 (for an uneven pool).")
@click.option("--dealer", metavar="P", shell_complete=complete_player, help="Who dealt [default: the next in turn].")
@click.option("--dry-run", is_flag=True, help="Show what the hand would do; save nothing.")
@session_option
@click.pass_context
def loo_deal(
    ctx: click.Context, tricks: tuple[tuple[str, int], ...], miss: str | None, defend: bool,
    all_pass: bool, order: str | None, dealer: str | None, dry_run: bool, session: str | None,
) -> None:
    """Record a hand: each PLAYER=TRICKS is a player who played and the tricks he took.

    Players not named passed. In a must everyone is named and there is no miss.

    \b
    Examples:
      scorekeeper loo deal Bob=2 Cid=0 Dan=0 Ann=0 Eve=1 --miss Eve
      scorekeeper loo deal Cid=1 Bob=2 --defend        (Bob dealt and played for the pool)
      scorekeeper loo deal Dan=1 Eve=0 Ann=2 --order Ann,Dan,Ann
      scorekeeper loo deal --miss Bob                  (Bob took miss, all others passed)
      scorekeeper loo deal --all-pass                  (the dealer takes the pool)
    """
    from .games import loo as rules

    raw: dict[str, Any] = {}
    if dealer:
        raw["dealer"] = dealer
    if all_pass:
        raw["all_pass"] = True
    if tricks:
        named: dict[str, int] = {}
        for name, count in tricks:
            if name.casefold() in {n.casefold() for n in named}:
                raise RuleError(f"{name} is named twice")
            named[name] = count
        raw["tricks"] = named
    if miss:
        raw["miss"] = miss
    if defend:
        raw["defend"] = True
    if order:
        raw["order"] = order
    recorded = record(ctx, session, "loo", raw, dry_run)
    hand = recorded.played
    result: rules.LooHand = hand.result
    title = f"Hand {hand.number}, dealt by {hand.dealer}"
    if result.must:
        title += " (a must)"
    if dry_run:
        click.echo("Dry run: nothing saved.")
    click.echo(f"{title}: pool {result.pool}.")
    click.echo(f"  {rules.describe(result)}")
    for line in rules.standing_lines(hand.state, recorded.session.settings):
        click.echo(line)
    click.echo(f"Next dealer: {recorded.next_dealer}.")


# --- pinochle ------------------------------------------------------------------------------


@cli.group(context_settings=CONTEXT)
def pinochle() -> None:
    """Auction Pinochle: contracts paid in chips, by the bid, from a chip table."""


@pinochle.command("new", context_settings=CONTEXT)
@click.argument("name")
@players_option
@click.option("--chips", type=int, default=25, show_default=True, help="Each player's chips at the start.")
@click.option(
    "--chip-table", metavar="BID:CHIPS,...", default="0:2,300:3,350:5,400:10,450:15,500:20",
    show_default=True, help="What a contract pays each player: rows of lowest bid and chips.",
)
@click.option(
    "--bury-fail", type=click.Choice(["double", "single"]), default="double", show_default=True,
    help="What a contractor who does not lay out three cards pays.",
)
@click.option("--bid-step", type=int, default=10, show_default=True, help="Bids go up by this much.")
@new_session_options
@click.pass_context
def pinochle_new(
    ctx: click.Context, name: str, players: str, chips: int, chip_table: str, bury_fail: str,
    bid_step: int, value: str, currency: str, first_dealer: str | None, force: bool,
) -> None:
    """Start an Auction Pinochle session NAME (3 to 5 players) and make it the current one.

    \b
    Examples:
      scorekeeper pinochle new sunday --players Ann,Bob,Cid,Dan --value 0.10
      scorekeeper pinochle new club --players Ann,Bob,Cid --chip-table 0:1,300:2,400:5
    """
    from .games.pinochle import PinochleSettings, parse_chip_table

    settings = PinochleSettings(
        chips=chips, chip_table=parse_chip_table(chip_table), bury_fail=bury_fail,
        bid_step=bid_step,
    )
    session, path = create_session(
        ctx, name, "pinochle", settings, players=players, value=value, currency=currency,
        first_dealer=first_dealer, force=force,
    )
    click.echo(f"New Auction Pinochle session '{session.name}' ({path}).")
    click.echo(f"Players in seat order: {', '.join(session.players)}; {chips} chips each.")
    click.echo(
        f"Chip table {chip_table}; 1 chip = {session.value} {session.currency}".rstrip() + "."
    )
    click.echo(f"{session.first_dealer or session.players[0]} deals first.")


@pinochle.command("deal", context_settings=CONTEXT)
@click.option("--bidder", metavar="P", shell_complete=complete_player, help="The contractor (highest bidder).")
@click.option("--bid", type=int, metavar="N", help="His bid.")
@click.option("--meld", type=int, metavar="N", help="His meld (melds and dixes) [default: 0].")
@click.option("--meld-cards", metavar="CARDS", help="His meld as cards, e.g. \"AH 10H KH QH JH\" (with --trump).")
@click.option("--trump", metavar="SUIT", help="The trump suit, with --meld-cards.")
@click.option("--conceded", is_flag=True, help="Meld short; the opponents conceded: he wins.")
@click.option("--declined", is_flag=True, help="Meld short; he did not play: he pays single.")
@click.option("--took", type=int, metavar="N", help="He played and took N card points (0-250, with the buried cards and last trick).")
@click.option("--no-bury", is_flag=True, help="He played without laying out three cards: he loses.")
@click.option("--no-bid", is_flag=True, help="Everyone passed: no payment.")
@click.option("--dealer", metavar="P", shell_complete=complete_player, help="Who dealt [default: the next in turn].")
@click.option("--dry-run", is_flag=True, help="Show what the deal would do; save nothing.")
@session_option
@click.pass_context
def pinochle_deal(
    ctx: click.Context, bidder: str | None, bid: int | None, meld: int | None,
    meld_cards: str | None, trump: str | None, conceded: bool, declined: bool,
    took: int | None, no_bury: bool, no_bid: bool, dealer: str | None, dry_run: bool,
    session: str | None,
) -> None:
    """Record a deal: the contractor, his bid and meld, and how it ended.

    When the meld is short of the bid, say how it ended: --conceded, --declined, --took N
    or --no-bury. Payment is by the bid, between the contractor and every other player.

    \b
    Examples:
      scorekeeper pinochle deal --bidder Ann --bid 350 --meld 190 --took 172
      scorekeeper pinochle deal --bidder Bob --bid 420 --meld 260 --declined
      scorekeeper pinochle deal --bidder Ann --bid 280 --meld 300
      scorekeeper pinochle deal --bidder Cid --bid 300 --meld-cards "AH 10H KH QH JH 9H" --trump hearts --conceded
      scorekeeper pinochle deal --no-bid
    """
    from .games import pinochle as rules

    if meld is not None and meld_cards is not None:
        raise click.UsageError("give --meld N or --meld-cards CARDS, not both")
    raw: dict[str, Any] = {}
    if dealer:
        raw["dealer"] = dealer
    if no_bid:
        if bidder or bid is not None or meld is not None or meld_cards or took is not None or (
            conceded or declined or no_bury
        ):
            raise click.UsageError("--no-bid means nobody bid: give it alone (or with --dealer)")
        raw["no_bid"] = True
    else:
        if not bidder or bid is None:
            raise click.UsageError("give --bidder P and --bid N (or --no-bid)")
        raw |= {"bidder": bidder, "bid": bid}
        if meld is not None:
            raw["meld"] = meld
        if meld_cards is not None:
            raw["meld_cards"] = meld_cards
        if trump is not None:
            raw["trump"] = trump
        raw |= {k: True for k, on in (("conceded", conceded), ("declined", declined),
                                      ("no_bury", no_bury)) if on}
        if took is not None:
            raw["took"] = took
    recorded = record(ctx, session, "pinochle", raw, dry_run)
    played = recorded.played
    result: rules.PinochleResult = played.result
    if dry_run:
        click.echo("Dry run: nothing saved.")
    title = f"Deal {played.number}, dealt by {played.dealer}"
    if result.sitting_out:
        title += f" ({', '.join(result.sitting_out)} out of the play)"
    click.echo(f"{title}: {rules.describe(result)}.")
    if result.transfers:
        click.echo("  " + ", ".join(
            f"{p} {net:+d}" for p, net in _deal_nets(result.transfers, recorded.session.players)
        ))
    click.echo(f"Next dealer: {recorded.next_dealer}.")


def _deal_nets(transfers: Any, players: tuple[str, ...]) -> list[tuple[str, int]]:
    from .ledger import balances

    nets = balances(players, transfers)
    return [(p, nets[p]) for p in players if nets[p]]


@pinochle.command("meld", context_settings=CONTEXT)
@click.argument("cards", nargs=-1, required=True)
@click.option("--trump", required=True, metavar="SUIT", help="The trump suit: spades, hearts, diamonds, clubs (or S, H, D, C).")
@format_option
def pinochle_meld(cards: tuple[str, ...], trump: str, fmt: str) -> None:
    """Count the meld of CARDS with SUIT trumps, listing each meld found.

    Cards: rank A, 10 (or T), K, Q, J, 9 and suit S, H, D, C (or ♠ ♥ ♦ ♣), any case.

    \b
    Example:
      scorekeeper pinochle meld --trump hearts AH 10H KH QH JH 9H QS JD KC QC
    """
    from . import render
    from .games import pinochle as rules

    suit = rules.parse_suit(trump)
    found = rules.melds(rules.parse_cards(cards), suit)
    total = sum(m.points for m in found)
    if fmt == "json":
        click.echo(render.to_json({
            "trump": rules.SUITS[suit],
            "melds": [{"name": m.name, "label": rules.meld_label(m), "points": m.points,
                       "cards": list(map(str, m.cards))} for m in found],
            "total": total,
        }))
        return
    rows = [[rules.meld_label(m), " ".join(map(str, m.cards)), m.points] for m in found]
    if fmt != "csv":
        rows.append(["total", "", total])
    click.echo(render.table(["meld", "cards", "points"], rows, fmt, numbers_from=2))


@pinochle.command("count", context_settings=CONTEXT)
@click.argument("cards", nargs=-1, required=True)
@click.option("--last-trick", is_flag=True, help="Add 10 for the last trick.")
@format_option
def pinochle_count(cards: tuple[str, ...], last_trick: bool, fmt: str) -> None:
    """Count the card points of CARDS (A 11, 10 10, K 4, Q 3, J 2, 9 0).

    \b
    Examples:
      scorekeeper pinochle count AS 10S KH QD JC 9C --last-trick
      scorekeeper pinochle count "AS 10S KH" --format json
    """
    from . import render
    from .games import pinochle as rules

    parsed = rules.parse_cards(cards)
    points = rules.card_points(parsed, last_trick)
    if fmt == "json":
        click.echo(render.to_json({"cards": len(parsed), "points": points}))
        return
    rows = [[str(c), rules.CARD_POINTS[c.rank]] for c in parsed]
    if last_trick:
        rows.append(["last trick", rules.LAST_TRICK])
    if fmt != "csv":
        rows.append(["total", points])
    click.echo(render.table(["card", "points"], rows, fmt, numbers_from=1))


# --- bridge --------------------------------------------------------------------------------


@cli.group(context_settings=CONTEXT)
def bridge() -> None:
    """Bridge-whist with the Danish scoring: honours, chicane, slams and rubbers."""


@bridge.command("new", context_settings=CONTEXT)
@click.argument("name")
@players_option
@click.option("--max-doublings", type=int, metavar="N", help="The most doublings of a deal (2: double and redouble) [default: no limit].")
@new_session_options
@click.pass_context
def bridge_new(
    ctx: click.Context, name: str, players: str, max_doublings: int | None, value: str,
    currency: str, first_dealer: str | None, force: bool,
) -> None:
    """Start a Bridge session NAME (4 or more players) and make it the current one.

    Seats 1 and 3 play against 2 and 4 until 'bridge rubber --teams' says otherwise.

    \b
    Examples:
      scorekeeper bridge new club --players N,E,S,W --value 0.01
      scorekeeper bridge new five --players Ann,Bob,Cid,Dan,Eve --max-doublings 2
    """
    from .games.bridge import BridgeSettings, default_teams, side_name

    if max_doublings is not None and max_doublings < 0:
        raise click.BadParameter("must be 0 or more", param_hint="--max-doublings")
    session, path = create_session(
        ctx, name, "bridge", BridgeSettings(max_doublings), players=players, value=value, currency=currency,
        first_dealer=first_dealer, force=force,
    )
    teams = default_teams(session.players)
    out = [p for p in session.players if p not in teams[0] + teams[1]]
    click.echo(f"New Bridge session '{session.name}' ({path}).")
    click.echo(
        f"Rubber 1: {side_name(teams[0])} v {side_name(teams[1])}"
        + (f" ({', '.join(out)} out)" if out else "")
        + f"; 1 point = {session.value} {session.currency}".rstrip() + "."
    )
    click.echo(f"{session.first_dealer or session.players[0]} deals first.")


@bridge.command("deal", context_settings=CONTEXT)
@click.option("--trump", required=True, metavar="SUIT", help="spades, clubs, diamonds, hearts or notrumps (spar, klør, ruder, hjerter, sans; S, C, D, H, NT).")
@click.option("--tricks", required=True, metavar="P=N", help="P's side took N tricks (0-13).")
@click.option("--doubled", type=int, default=0, metavar="K", help="Times the trick value was doubled (1 doubled, 2 redoubled).")
@click.option("--honours", metavar="P=N,...|none", help="Honours held, by player (required in trumps; none only in no trumps).")
@click.option("--chicane", metavar="P", multiple=True, shell_complete=complete_player, help="P held no trumps (once per void player).")
@click.option("--dealer", metavar="P", shell_complete=complete_player, help="Who dealt [default: the next in turn].")
@click.option("--dry-run", is_flag=True, help="Show what the deal would score; save nothing.")
@session_option
@click.pass_context
def bridge_deal(
    ctx: click.Context, trump: str, tricks: str, doubled: int, honours: str | None,
    chicane: tuple[str, ...], dealer: str | None, dry_run: bool, session: str | None,
) -> None:
    """Record a deal: trumps, one side's tricks, doublings, honours and chicane.

    \b
    Examples:
      scorekeeper bridge deal --trump nt --tricks N=9 --honours N=2,S=1
      scorekeeper bridge deal --trump ruder --tricks E=8 --doubled 1 --honours E=2,W=2
      scorekeeper bridge deal --trump hearts --tricks E=12 --honours E=4,W=1 --chicane N
      scorekeeper bridge deal --trump sans --tricks S=10 --honours S=4
    """
    from .games import bridge as rules

    raw: dict[str, Any] = {"trump": trump, "tricks": tricks, "doubled": doubled}
    if honours is not None:
        raw["honours"] = honours
    if chicane:
        raw["chicane"] = ",".join(chicane)
    if dealer:
        raw["dealer"] = dealer
    recorded = record(ctx, session, "bridge", raw, dry_run)
    played = recorded.played
    result: rules.BridgeResult = played.result
    if dry_run:
        click.echo("Dry run: nothing saved.")
    click.echo(f"Deal {played.state.deals} (rubber {result.rubber.number}), dealt by "
               f"{played.dealer}: {rules.describe(result)}.")
    for line in rules.standing_lines(played.state, recorded.session.settings):
        click.echo(line)
    click.echo(f"Next dealer: {recorded.next_dealer}.")


@bridge.command("rubber", context_settings=CONTEXT)
@click.option("--teams", required=True, metavar="A,C/B,D", help="The two partnerships for the next rubber.")
@session_option
@click.pass_context
def bridge_rubber(ctx: click.Context, teams: str, session: str | None) -> None:
    """Set the partnerships (and so who sits out) for the next rubber.

    A rubber being played is finished first; the new partnerships start with the next one.

    \b
    Example:
      scorekeeper bridge rubber --teams Ann,Eve/Bob,Cid
    """
    from .games import bridge as rules

    recorded = record(ctx, session, "bridge", {"teams": teams}, dry_run=False)
    result: rules.BridgeResult = recorded.played.result
    new = result.deal.teams
    assert new is not None
    out = [p for p in recorded.session.players if p not in new[0] + new[1]]
    playing = recorded.played.state.rubbers
    when = (f", when rubber {playing[-1].number} is won"
            if playing and playing[-1].winner is None else "")
    click.echo(
        f"Rubber {result.rubber.number}{when}: {rules.side_name(new[0])} v "
        f"{rules.side_name(new[1])}" + (f" ({', '.join(out)} out)." if out else ".")
    )


# --- commands for every game -------------------------------------------------------------


@cli.command(context_settings=CONTEXT)
@format_option
@click.pass_context
def sessions(ctx: click.Context, fmt: str) -> None:
    """List the sessions in the session folder; the current one is marked *.

    \b
    Examples:
      scorekeeper sessions
      scorekeeper --dir sessions sessions --format json
    """
    from . import render

    root = folder(ctx)
    current = store.current_session(root)
    rows = []
    for path in store.list_sessions(root):
        name = store.session_name(path)
        row: dict[str, Any] = {"name": name, "current": name == current, "path": path}
        try:
            session, standing = store.load(path)
        except ScorekeeperError as error:
            row |= {"game": "unreadable", "players": [], "deals": 0, "error": str(error)}
        else:
            deals = sum(map(session.rules.is_deal, session.deals))
            row |= {"game": session.game, "players": list(session.players), "deals": deals}
        rows.append(row)
    click.echo(render.sessions(rows, fmt))


@cli.command(context_settings=CONTEXT)
@click.argument("name", shell_complete=complete_session)
@click.pass_context
def use(ctx: click.Context, name: str) -> None:
    """Make the session NAME the current one.

    \b
    Example:
      scorekeeper use friday
    """
    root = folder(ctx)
    path = store.session_path(root, store.check_session_name(name))
    if not os.path.isfile(path):
        raise SessionError(f"no session {name!r} in {root} ('scorekeeper sessions' lists them)")
    store.load(path)
    store.set_current(root, name)
    click.echo(f"'{name}' is now the current session.")


@cli.command(context_settings=CONTEXT)
@session_option
@click.option(
    "--format", "fmt", metavar="F", callback=check_format,
    help="json, csv, or a tabulate table format [default: simple; Bridge: the score sheet].",
)
@click.pass_context
def show(ctx: click.Context, session: str | None, fmt: str | None) -> None:
    """Show the session deal by deal, with running balances; Bridge as a score pad.

    \b
    Examples:
      scorekeeper show
      scorekeeper show -s sessions/loo-evening.toml --format github
      scorekeeper show --format json
    """
    from . import render

    loaded, standing = load_session(ctx, session)
    if fmt is None and loaded.game == "bridge":
        click.echo(render.score_sheet(loaded, standing))
    else:
        click.echo(render.show(loaded, standing, fmt or "simple"))


@cli.command(context_settings=CONTEXT)
@session_option
@format_option
@click.pass_context
def settle(ctx: click.Context, session: str | None, fmt: str) -> None:
    """End-of-sitting reckoning: each player's net and money, and who pays whom.

    The payments are the fewest that clear every net.

    \b
    Examples:
      scorekeeper settle
      scorekeeper settle -s sessions/loo-evening.toml --format json
    """
    from . import render
    from .session import settle as settle_session

    loaded, standing = load_session(ctx, session)
    click.echo(render.settle(loaded, settle_session(loaded, standing), fmt))


@cli.command(context_settings=CONTEXT)
@session_option
@click.pass_context
def undo(ctx: click.Context, session: str | None) -> None:
    """Remove the last deal, saying what it removed.

    \b
    Example:
      scorekeeper undo
    """
    path = session_file(ctx, session)

    def drop_last(loaded: Session) -> Session:
        if not loaded.deals:
            raise RuleError(f"session {loaded.name!r} has no deals to undo")
        return loaded._replace(deals=loaded.deals[:-1])

    change = store.update(path, drop_last)
    last = change.standing_before.played[-1]
    what = change.before.rules.describe(last.result)
    if change.before.rules.is_deal(last.deal):
        click.echo(f"Removed deal {last.number} (dealt by {last.dealer}): {what}.")
    else:
        click.echo(f"Removed the {what}.")
    left = sum(map(change.after.rules.is_deal, change.after.deals))
    click.echo(
        f"{left} deal{'' if left == 1 else 's'} left; next dealer: {change.standing.next_dealer}."
    )


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check(files: tuple[str, ...]) -> None:
    """Validate session FILES; print every problem as FILE:LINE: message.

    Exits 1 if any file has a problem.

    \b
    Example:
      scorekeeper check sessions/*.toml
    """
    failed = False
    for name in files:
        try:
            session, _ = store.load(name)
        except ScorekeeperError as error:
            failed = True
            click.echo(store.problem(name, error), err=True)
            continue
        deals = sum(map(session.rules.is_deal, session.deals))
        click.echo(f"{name}: ok ({session.game}, {len(session.players)} players, {deals} deals)")
    if failed:
        sys.exit(1)


@cli.command(context_settings=CONTEXT)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the shell completion script for SHELL.

    \b
    Examples:
      eval "$(scorekeeper completion bash)"       (add to ~/.bashrc)
      scorekeeper completion fish > ~/.config/fish/completions/scorekeeper.fish
    """
    from click.shell_completion import get_completion_class

    completer = get_completion_class(shell)
    assert completer is not None
    click.echo(completer(cli, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE").source())
