"""The club's book: `paid` marks a sitting settled in cash, `book` adds up the sittings of
the folder and says what is outstanding, `stats` counts how everyone plays."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..errors import ScorekeeperError, UsageError
from ..games import NAMES, listed
from ..i18n import _, ngettext
from ..i18n import day as shown_day
from ..text import quoted, visible
from .interrupts import held_interrupt
from .options import (
    CONTEXT,
    Command,
    dir_option,
    draw_chart,
    echo,
    emit,
    folder_to_list,
    mark_recorded,
    output_file_option,
    output_options,
    session_option,
    session_path,
    table_option,
    why_option,
)
from .params import Date, KnownPlayer

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


@click.command(context_settings=CONTEXT, cls=Command, help=_(
    """Mark the sitting settled in cash; its deals can then no longer change.

    The day paid is one from the sitting's own day to today; to give another day to a
    sitting marked paid, reopen it first.

    \b
    Examples:
      scorekeeper paid
      scorekeeper paid -s friday --date 2026-11-28
      scorekeeper paid --undo                 (reopen it)
    """))
@click.option("--undo", is_flag=True, help=_("Reopen a sitting marked paid."))
@click.option("--date", type=Date(), help=_("The day it was paid [default: today]."))
@why_option
@session_option
@click.pass_context
def paid(ctx: click.Context, undo: bool, date: datetime.date | None, why: str | None,
         session: str | None) -> None:
    """Mark the sitting settled in cash."""
    from ..files import revise
    from .saving import save_revision

    if undo and date:
        raise click.UsageError(_("--undo reopens the sitting: give it without --date"))
    day = None if undo else date or datetime.date.today()
    name = save_revision(ctx, session_path(ctx, session),
                         lambda before: (revise.set_paid(before, day, why or ""), before.name),
                         lambda _read: _("the reopening") if undo else _("the payment"))
    if day is None:
        echo(_("'{name}' is open again: its deals can change.").format(name=name))
    else:
        echo(_("'{name}' was paid on {day}.").format(name=name, day=shown_day(day)))


def _lower(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The game G names (its own word in the language spoken too: lu), else G in lower
    case, for the book to refuse by name."""
    from .words import game_name

    return (game_name(value) or value.lower()) if value else value


def _complete_game(ctx: click.Context, param: click.Parameter, incomplete: str
                   ) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(n) for n in NAMES if n.startswith(incomplete.lower())]


def filters(f: Callable[..., Any]) -> Callable[..., Any]:
    """The options that choose the sittings `book` and `stats` count."""
    for option in reversed([
        click.option("--game", metavar="G", callback=_lower, shell_complete=_complete_game,
                     help=_("Only sittings of game G ({games}).").format(games=listed())),
        click.option("--since", type=Date(), help=_("Only sittings on or after this day.")),
        click.option("--until", type=Date(), help=_("Only sittings on or before this day.")),
        click.option("--player", type=KnownPlayer(), metavar="P",
                     help=_("Only sittings where P played (case is ignored).")),
        dir_option,
    ]):
        f = option(f)
    return f


def read_folder(ctx: click.Context) -> tuple[list[Any], list[str]]:
    """Every sitting of the folder in brief (files.folder), and the problems of those that
    cannot be read (as FILE:LINE: message)."""
    from ..files import folder

    found, problems = folder.sittings(folder_to_list(ctx))
    return found, [visible(p) for p in problems]


def read_payments(ctx: click.Context, sittings: list[Any], problems: list[str]) -> list[Any]:
    """The payments of the folder that count against its sittings not yet paid; a damaged
    payments file is a problem (FILE:LINE), the rest of the book still shown."""
    from .. import book
    from ..files import payfile

    try:
        from .pay import held_to_places

        made = held_to_places(payfile.read(folder_to_list(ctx)), sittings).payments
    except ScorekeeperError as error:
        problems.append(PaymentsProblem(_("{problem}\nThe payments are left out of the book "
                                          "until the file is mended.").format(
                                              problem=visible(str(error)))))
        return []
    return book.counting(made, sittings)


def _book_player(typed: str, sittings: list[Any], made: list[Any]) -> str:
    """The player `typed` names among those of the book (a start of a name will do)."""
    from .. import book
    from ..games.players import Players

    names = book.players_in(sittings)
    for p in made:
        for name in (p.payer, p.payee):
            if name.casefold() not in {n.casefold() for n in names}:
                names.append(name)
    if not names:
        raise UsageError(_("no sitting here has a player {name}: the book is empty").format(
            name=quoted(typed)))
    try:
        return Players(tuple(names)).find(typed)
    except ScorekeeperError as error:
        raise UsageError(str(error)) from None


def choose(sittings: list[Any], game: str | None, since: datetime.date | None,
           until: datetime.date | None, player: str | None, unpaid: bool = False) -> list[Any]:
    """The sittings the filters let through; a game or player the book does not know is a
    usage error saying what was meant."""
    from .. import book
    from ..games import GAMES

    if game is not None and game not in GAMES:
        raise UsageError(_("unknown game {game}: {hint}").format(
            game=quoted(game), hint=_closest(game, list(GAMES))))
    if player is not None:
        names = book.players_in(sittings)
        if player.casefold() not in {n.casefold() for n in names}:
            raise UsageError(_("no sitting here has a player {name}: {hint}").format(
                name=quoted(player), hint=_closest(player, names)))
    try:
        return book.select(sittings, book.Filter(game, since, until, player, unpaid))
    except ScorekeeperError as error:
        raise UsageError(str(error)) from None


def _closest(typed: str, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(typed.casefold(), [k.casefold() for k in known], n=1,
                                      cutoff=0.5)
    if close:
        return _("did you mean {name}?").format(
            name=next(k for k in known if k.casefold() == close[0]))
    return _("known here: {names}").format(names=", ".join(known) or _("none"))


@click.command("book", context_settings=CONTEXT, cls=Command, help=_(
    """Add up the sittings of the session folder: who won and lost what, what is still
    outstanding (sittings not yet paid), and the fewest payments that clear it.

    Players are matched across sittings ignoring case; money of different unit values adds
    up as money; each currency is reckoned on its own. Payments between players (scorekeeper
    pay) in the days chosen come off what is outstanding (with --game they are left out:
    they are of no game), and a plan of the fewest payments clears the rest (it stays as it
    was when a payment made was one of it). A sitting, or a
    payments file, that cannot be read is reported and left out (exit 1).

    \b
    Examples:
      scorekeeper --dir sessions/club book
      scorekeeper book --since 2026-11-01 --until 2026-11-30 --unpaid
      scorekeeper book --player ann --format json
      scorekeeper book --unpaid --mark-paid
      scorekeeper book --chart
      scorekeeper book --format csv --table accounts > accounts.csv
      scorekeeper book --explain bo
      scorekeeper book --output book.txt
    """))
@filters
@click.option("--unpaid", is_flag=True, help=_("Only sittings not yet paid."))
@click.option("--mark-paid", is_flag=True,
              help=_("After printing, mark the unpaid sittings chosen as paid today."))
@click.option("--chart", is_flag=True, help=_("Draw each player's running money instead."))
@click.option("--explain", metavar=_("NAME"), type=KnownPlayer(),
              help=_("List what makes up NAME's outstanding money, with the running total."))
@output_options
@output_file_option
@table_option("sittings", "accounts", "payments", "plan")
@click.pass_context
def book_command(ctx: click.Context, game: str | None, since: datetime.date | None,
                 until: datetime.date | None, player: str | None, unpaid: bool,
                 mark_paid: bool, chart: bool, explain: str | None, fmt: str | None,
                 table: str | None) -> None:
    """Add up the sittings of the session folder."""
    from .. import book

    if chart and (fmt or explain):
        raise click.UsageError(_("--chart draws a chart: give it without --format or "
                                 "--explain"))
    sittings, problems = read_folder(ctx)
    made = read_payments(ctx, sittings, problems)
    if mark_paid and problems:
        _report_problems(ctx, problems, marking=True)
    chosen = choose(sittings, game, since, until, player, unpaid)
    counted = [p for p in made if game is None and (since is None or p.date >= since)
               and (until is None or p.date <= until) and (player is None or player.casefold()
                                                            in (p.payer.casefold(),
                                                                p.payee.casefold()))]
    if chart:
        from ..render.chart import book_charts

        if chosen:
            draw_chart(lambda canvas: book_charts(chosen, canvas))
        else:
            click.echo(_("No sittings to draw."))
    elif explain:
        from ..render.book import explain as explained

        name = _book_player(explain, chosen, counted)
        emit(explained(name, book.explanation(name, chosen, counted),
                       book.account(chosen, counted)), fmt, table)
    else:
        from ..render.book import book as report

        emit(report(chosen, book.account(chosen, counted)), fmt, table)
    if mark_paid:
        _mark_paid(ctx, [s for s in chosen if s.paid is None])
    _report_problems(ctx, problems)


def _mark_paid(ctx: click.Context, unpaid: list[Any]) -> None:
    """Mark `unpaid` paid today, one file after another, each as the book read it (one
    changed since is refused): a file that cannot be changed is found before any is
    (read-only); one that fails later stops it, saying which are done."""
    from .. import files
    from ..files import atomic, revise
    from ..values import astuple

    today = datetime.date.today()
    due = [s for s in unpaid if s.date <= today]
    for sitting in due:
        atomic.check_writable(sitting.real)
    done: list[str] = []
    for sitting in due:
        try:
            read = files.open(sitting.path)
            if astuple(read.identity) != sitting.identity:  # changed since it was printed
                raise files.Stale(_("{path} was changed since the book was printed: it was "
                                    "not marked; look again").format(path=sitting.path))
            with held_interrupt() as on_locked:
                files.save(read, revise.set_paid(read, today), on_locked)
                done.append(sitting.name)
                mark_recorded(ctx, _("marking {names} paid").format(names=", ".join(done)))
        except ScorekeeperError as error:
            raise ScorekeeperError(_("{error}; marked paid before it: {names}").format(
                error=error, names=", ".join(done)) if done else str(error)) from None
    later = [s.name for s in unpaid if s not in due]
    marked = ngettext("Marked {count} sitting paid on {day}.",
                      "Marked {count} sittings paid on {day}.", len(done)).format(
        count=len(done), day=shown_day(today))
    click.echo(marked + (" " + _("Left open, dated after today: {names}.").format(
        names=", ".join(later)) if later else ""), err=True)


class PaymentsProblem(str):
    """What is wrong with the folder's payments file (a problem, but of no session)."""


def _report_problems(ctx: click.Context, problems: list[str], marking: bool = False) -> None:
    if problems:
        click.echo("\n".join(problems), err=True)
        count = sum(not isinstance(p, PaymentsProblem) for p in problems)
        if not count:
            ctx.exit(1)
        why = (ngettext("Nothing was marked paid: {count} session cannot be read (scorekeeper "
                        "check lists every problem).",
                        "Nothing was marked paid: {count} sessions cannot be read (scorekeeper "
                        "check lists every problem).", count) if marking else
               ngettext("{count} session left out: it cannot be read (scorekeeper check lists "
                        "every problem).",
                        "{count} sessions left out: they cannot be read (scorekeeper check "
                        "lists every problem).", count))
        click.echo(why.format(count=count), err=True)
        ctx.exit(1)


@click.command(context_settings=CONTEXT, cls=Command, help=_(
    """Count how everyone plays, game by game, from the deals themselves.

    Each player's sittings and deals, and what his game counts of its own (Loo: times
    looed, counters taken from pools), in a table a game.

    \b
    Examples:
      scorekeeper --dir sessions/club stats
      scorekeeper stats --game loo --format json
      scorekeeper stats --format csv --table bridge > bridge.csv
    """))
@filters
@output_options
@output_file_option
@table_option(*NAMES)
@click.pass_context
def stats(ctx: click.Context, game: str | None, since: datetime.date | None,
          until: datetime.date | None, player: str | None, fmt: str | None,
          table: str | None) -> None:
    """Count how everyone plays, game by game."""
    from ..render.book import stats as report

    sittings, problems = read_folder(ctx)
    chosen = choose(sittings, game, since, until, player)
    rows, titles = _tally(chosen, player)
    emit(report(rows, titles), fmt, table)
    _report_problems(ctx, problems)


def _tally(sittings: list[Any], player: str | None) -> tuple[list[dict[str, Any]],
                                                              dict[str, str]]:
    """Each player's counts per game, over `sittings` (as their cached standings keep
    them)."""
    from ..games import GAMES

    counts: dict[tuple[str, str], dict[str, Any]] = {}
    for sitting in sittings:
        for name in sitting.players:
            row = counts.setdefault((sitting.game, name.casefold()), {
                "name": name, "game": sitting.game, "sittings": 0, "deals": 0})
            row["sittings"] += 1
            tally = sitting.counts.get(name, {})
            row["deals"] += tally.get("deals", sitting.deals)  # Bridge: those he played
            for key, n in tally.items():
                if key != "deals":
                    row[key] = row.get(key, 0) + n
    wanted = player.casefold() if player else None
    rows = _every_count([r for (_game, key), r in counts.items()
                         if wanted is None or key == wanted])
    played = {row["game"] for row in rows}  # only their rules are imported
    titles = {name: _(GAMES[name].title) for name in GAMES if name in played}
    from ..i18n import name_order

    return sorted(rows, key=lambda r: (list(GAMES).index(r["game"]), name_order(r["name"]))
                  ), titles


def _every_count(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with every count its game has in any row, 0 where the player has none (a
    newcomer who joined after the deals that count it), in one order a game."""
    keys: dict[str, dict[str, None]] = {}
    for row in rows:
        keys.setdefault(row["game"], {}).update(dict.fromkeys(row))
    return [{key: row.get(key, 0) for key in keys[row["game"]]} for row in rows]
