"""The commands that read sessions: list them, choose one, show it, settle it, check files,
and print the shell completion script."""

from __future__ import annotations

import sys
from contextlib import nullcontext, suppress
from typing import TYPE_CHECKING, Any

import click

from .. import i18n
from ..errors import ScorekeeperError
from ..files import paths
from ..i18n import _, ngettext
from ..text import folded, visible
from .interrupts import held_interrupt
from .options import (
    CONTEXT,
    Command,
    complete_session,
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
)

if TYPE_CHECKING:
    from ..files import Snapshot


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
List the sessions in the session folder; the current one is marked >.

\b
Examples:
  scorekeeper sessions
  scorekeeper --dir sessions sessions --format json
"""))
@output_options
@dir_option
@click.pass_context
def sessions(ctx: click.Context, fmt: str | None) -> None:
    """`sessions`: the folder's sessions, as a table or as JSON."""
    from .. import files
    from ..render.reports import sessions as report

    root = folder_to_list(ctx)
    try:
        current = paths.current_session(root)
    except ScorekeeperError as error:  # the list is still worth having
        click.echo(_("Warning: {message}").format(message=visible(str(error))), err=True)
        current = None
    rows = []
    for path in paths.list_sessions(root):
        name = paths.session_name(path)
        mine = current is not None and folded(name) == folded(current)
        row: dict[str, Any] = {"name": name, "current": mine, "path": path}
        try:
            with i18n.english() if fmt == "json" else nullcontext():  # its error: JSON's
                glance = files.glance(path)
                session, deals, players = glance.header, glance.deals, glance.players
        except ScorekeeperError as error:
            row |= {"game": "unreadable", "players": [], "deals": 0, "error": str(error)}
        else:
            row |= {"game": session.game.name, "players": list(players),
                    "deals": deals,
                    "date": session.date.isoformat() if session.date else None,
                    "paid": session.paid.isoformat() if session.paid else None}
        rows.append(row)
    emit(report(rows), fmt)


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Make the session NAME the current one.

\b
Example:
  scorekeeper use friday
"""))
@click.argument("words", nargs=-1, required=True, metavar=_("NAME"),
                shell_complete=complete_session)
@dir_option
@click.pass_context
def use(ctx: click.Context, words: tuple[str, ...]) -> None:
    """`use NAME`: the current session of the folder (a name of words, `use fælles aften`,
    needs no quotes)."""
    from .. import files

    name = " ".join(words)
    root = folder_to_list(ctx)
    path = paths.find_session(root, paths.check_session_name(name))
    files.open(path)
    name = paths.session_name(path)  # as its file is named: LØRDAG finds lørdag
    with held_interrupt():
        paths.set_current(root, name)
        mark_recorded(ctx, _("'{name}' as the current session").format(name=name))
    echo(_("'{name}' is now the current session.").format(name=name))


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Show the session deal by deal, with running balances; Bridge as a score pad.

\b
Examples:
  scorekeeper show
  scorekeeper show -s sessions/loo-evening.toml --format github
  scorekeeper show --format json
  scorekeeper show --chart
  scorekeeper show --format csv --output evening.csv
"""))
@session_option
@click.option("--chart", is_flag=True, help=_("Draw each player's running balance instead."))
@click.option("--no-pager", is_flag=True,
              help=_("Print at once, never through a pager (on a terminal, a show taller "
                     "than it is paged)."))
@output_options
@output_file_option
@click.pass_context
def show(ctx: click.Context, session: str | None, chart: bool, no_pager: bool,
         fmt: str | None) -> None:
    """`show`: the session deal by deal, or its chart."""
    from ..render.reports import show as report
    from .saving import known_or_open

    if chart and fmt:
        raise click.UsageError(_("--chart draws a chart: give it without --format"))
    shown = known_or_open(ctx, session_path(ctx, session))
    if chart:
        from ..render.chart import session_chart

        draw_chart(lambda canvas: session_chart(shown.session, shown.played, canvas))
        return
    from ..render.report import emit as render
    from .options import output_width
    from .pager import page

    if fmt in ("json", "csv"):
        from ..history import changed_entries

        made = report(shown.session, shown.played, shown.standing,
                      changed_entries(shown.history))
        page(render(made, fmt), no_pager)
        return
    page(_formatted(shown, fmt, output_width()), no_pager)


def _formatted(shown: Snapshot, fmt: str | None, width: int | None) -> str:
    """`show` for a person, in a table format (`fmt`) or as the game's own (None), fitted
    to `width`: what was kept of its last show of these bytes in this language
    (files.shown: the rows, or a drawing as drawn for this width), else the sitting
    replayed, and what it printed kept for next time."""
    from ..files import shown as kept
    from ..history import changed_entries
    from ..render.report import emit
    from ..render.reports import draws, show, show_formatted, show_rows
    from ..session import everyone

    header, language = shown.header, i18n.speaking().code
    drawn = draws(header)
    if drawn and fmt is not None:  # a table of a game that draws: not kept
        return emit(show(shown.session, shown.played, shown.standing,
                         changed_entries(shown.history)), fmt, width)
    found = kept.read(shown.real, shown.raw, language)
    if found is not None and not drawn:
        return emit(show_formatted(header, shown.standing, found.rows, found.changed), fmt,
                    width)
    if found is not None and found.drawing is not None and found.width == width:
        return found.drawing
    changed = frozenset(changed_entries(shown.history))
    if drawn:
        text = emit(show(shown.session, shown.played, shown.standing, changed), fmt, width)
        _keep(shown, language, kept.Shown([], changed, text, width))
        return text
    rows = show_rows(shown.session, shown.played, everyone(shown.session, shown.standing),
                     changed)
    _keep(shown, language, kept.Shown(rows, changed))
    return emit(show_formatted(shown.session, shown.standing, rows, changed), fmt, width)


def _keep(shown: Snapshot, language: str, printed: Any) -> None:
    """Keep what `show` printed (files.shown.Shown), if the session's lock is free: a
    reader never waits to keep it."""
    from ..files import atomic
    from ..files import shown as kept

    with suppress(ScorekeeperError), atomic.locked(shown.real, wait=False) as mine:
        if mine:
            kept.write(shown.real, shown.raw, language, printed)


@click.command("history", context_settings=CONTEXT, cls=Command, help=_("""\
List the session's changes after the fact: each amend, undo, edit, and marking paid
or reopening -- when, what it changed, whose nets it moved, and why.

Recording a deal in turn is the sitting itself and is not listed. 'show' marks a deal
changed after it was played with *; 'check' replays the history backwards to verify it.

\b
Examples:
  scorekeeper history
  scorekeeper history -s friday --format json
  scorekeeper history --format csv > changes.csv
"""))
@session_option
@output_options
@output_file_option
@click.pass_context
def history_command(ctx: click.Context, session: str | None, fmt: str | None) -> None:
    """`history`: the session's changes after the fact."""
    from ..errors import SessionError
    from ..files import Layout
    from ..render.reports import history as report
    from .saving import known_or_open

    shown = known_or_open(ctx, session_path(ctx, session))
    if shown.layout == Layout.OLDER:
        raise SessionError(_("{path} is a version 1 file, which keeps no history of changes: "
                             "it is upgraded, and keeps one, when next changed").format(
                                 path=shown.path))
    emit(report(shown.session, shown.history), fmt)


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
End-of-sitting reckoning: each player's net and money, and who pays whom.

The payments are the fewest that clear every net.

\b
Examples:
  scorekeeper settle
  scorekeeper settle -s sessions/loo-evening.toml --format json
  scorekeeper settle --format csv --table payments > payments.csv
  scorekeeper settle --output settle.txt
"""))
@session_option
@output_options
@output_file_option
@table_option("players", "payments", "paid", "owed")
@click.pass_context
def settle(ctx: click.Context, session: str | None, fmt: str | None, table: str | None
           ) -> None:
    """`settle`: the session's nets and who pays whom."""
    from .saving import known_or_open
    from .settling import settled

    emit(settled(known_or_open(ctx, session_path(ctx, session))), fmt, table)


def _payments_held(name: str) -> tuple[Any, ...]:
    """The payments of the payments file `name`, each held by its currency as the sittings
    beside it say (cli.pay.held_to_places); SessionFileError for the first problem."""
    import os

    from ..files import atomic, folder, payfile
    from .pay import held_to_places

    read = payfile.from_bytes(name, atomic.read_file(name))
    sittings, _problems = folder.sittings(os.path.dirname(name) or ".")
    return tuple(held_to_places(read, sittings).payments)


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Check session FILES (and a folder's payments.toml); print every problem as
FILE:LINE: message. With no FILES, the session (-s, else the current one) and the
payments.toml beside it.

Each deal's inputs are checked on their own (every problem is listed), then the deals
are replayed up to the first that breaks a rule, then each record of the history of
changes is checked where it was made (docs/history.md). Exits 1 if any file has a
problem.

\b
Examples:
  scorekeeper check
  scorekeeper check sessions/*.toml
"""))
@click.argument("files", nargs=-1, metavar=_("[FILES]..."))
@session_option
@click.pass_context
def check(ctx: click.Context, files: tuple[str, ...], session: str | None) -> None:
    """`check [FILES]`: every problem of each file (none given: the session, as `show`
    finds it), or that it is good."""
    import os

    from click.core import ParameterSource

    from ..files import check as check_file
    from ..files import payfile
    from ..files.checking import check_payments
    from ..games import in_a_table

    if not files or ctx.get_parameter_source("session") == ParameterSource.COMMANDLINE:
        chosen = session_path(ctx, session)
        beside = os.path.join(os.path.dirname(chosen), payfile.NAME)  # its settle reads it
        files = (*files, chosen, *([beside] if os.path.isfile(beside) and beside not in files
                                  else []))
    failed = False
    for name in files:
        if os.path.basename(name) == payfile.NAME:
            found, count = check_payments(name)
            told: list[Exception] = list(found)
            if not told:  # each payment held by its currency's places, too
                try:
                    _payments_held(name)
                except ScorekeeperError as error:
                    told = [error]
            if told:
                failed = True
                click.echo("\n".join(visible(str(p)) for p in told), err=True)
            else:
                _said(ngettext("{name}: ok (payments, {count} payment)",
                               "{name}: ok (payments, {count} payments)", count).format(
                                   name=name, count=count))
            continue
        checked = check_file(name)
        problems, header, deals = checked.problems, checked.session, checked.deals
        if header is None:
            failed = True
            click.echo("\n".join(visible(str(p)) for p in problems), err=True)
            continue
        players = ngettext("{count} player", "{count} players", len(checked.players)).format(
            count=len(checked.players))
        dealt = ngettext("{count} deal", "{count} deals", deals).format(count=deals)
        _said(_("{name}: ok ({game}, {players}, {deals})").format(
            name=name, game=in_a_table(header.game.name), players=players,
            deals=dealt))
    if failed:
        sys.exit(1)


def _said(line: str) -> None:
    """A line of `check`, which begins with the file's name as its problems do: never
    wrapped, so that it reads (and greps) as one line however long the path."""
    click.echo(visible(line))


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Print the shell completion script for SHELL.

\b
Examples:
  eval "$(scorekeeper completion bash)"       (add to ~/.bashrc)
  scorekeeper completion zsh > ~/.zfunc/_scorekeeper
  scorekeeper completion fish > ~/.config/fish/completions/scorekeeper.fish
"""))
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """`completion SHELL`: the script that makes the shell complete scorekeeper."""
    from click.shell_completion import get_completion_class

    from .main import cli

    completer = get_completion_class(shell)
    assert completer is not None
    click.echo(completer(cli, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE").source())
