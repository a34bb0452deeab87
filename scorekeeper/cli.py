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
from .session import DealError, Session, Standing

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


def check_format(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from . import render

    try:
        return render.check_format(value)
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
    ctx: click.Context, name: str, session_args: dict[str, Any], force: bool
) -> tuple[Session, str]:
    root = folder(ctx)
    path = store.session_path(root, name)
    session = Session(name=store.session_name(path), **session_args)
    store.create(path, session, force)
    if not store.is_path(name):
        store.set_current(root, session.name)
    return session, path


def session_file(ctx: click.Context, spec: str | None) -> str:
    return store.find_session(folder(ctx), spec)


def load_session(ctx: click.Context, spec: str | None, game: str | None = None) -> tuple[Session, Standing, str]:
    path = session_file(ctx, spec)
    session, standing = store.load(path)
    if game and session.game != game:
        raise SessionError(f"session {session.name!r} is a {session.game} session, not {game}")
    return session, standing, path


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
    """Keep the score of Three-card Loo at the table and settle up at the end.

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
        ctx, name,
        dict(game="loo", players=parse_players(players), settings=settings,
             value=parse_value(value), currency=currency, first_dealer=first_dealer),
        force,
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


class TricksType(click.ParamType):
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
            row |= {"game": session.game, "players": list(session.players), "deals": len(session.deals)}
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
@format_option
@click.pass_context
def show(ctx: click.Context, session: str | None, fmt: str) -> None:
    """Show the session deal by deal, with running balances.

    \b
    Examples:
      scorekeeper show
      scorekeeper show -s sessions/loo-evening.toml --format github
      scorekeeper show --format json
    """
    from . import render

    loaded, standing, _ = load_session(ctx, session)
    click.echo(render.show(loaded, standing, fmt))


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

    loaded, standing, _ = load_session(ctx, session)
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
    click.echo(
        f"Removed deal {last.number} (dealt by {last.dealer}): "
        f"{change.before.rules.describe(last.result)}."
    )
    click.echo(
        f"{len(change.after.deals)} deals remain; next dealer: {change.standing.next_dealer}."
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
        problems = store.check(name)
        if problems:
            failed = True
            for problem in problems:
                click.echo(problem, err=True)
        else:
            session, _ = store.load(name)
            click.echo(f"{name}: ok ({session.game}, {len(session.players)} players, {len(session.deals)} deals)")
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
