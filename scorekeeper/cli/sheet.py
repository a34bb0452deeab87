"""`sheet`: one page to share -- a sitting's pad, settlement and chart, or the club's
book -- as HTML or PDF."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from .. import i18n
from ..i18n import _, ngettext
from ..text import quoted
from ..values import replace
from .options import CONTEXT, Command, folder_to_list, session_option

if TYPE_CHECKING:
    from ..files import Snapshot
    from ..render.sheet import Page


def _format(output: str, fmt: str | None) -> str:
    """The format asked for, else the output file's suffix says it, else HTML."""
    if fmt:
        return fmt
    return "pdf" if output.lower().endswith(".pdf") else "html"


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Make one page to share, as HTML or PDF: the session's pad, who pays whom (after the
payments already made) and its running chart; or, with --book, the club's book: the
folder's sittings, each player's money, the payments made and who pays whom.

The format is --format, else the output file's suffix (.pdf), else HTML.

\b
Examples:
  scorekeeper sheet --output friday.html
  scorekeeper sheet -s friday --output friday.pdf --paper letter
  scorekeeper --dir sessions/club sheet --book --output book.pdf
"""))
@session_option
@click.option("--book", "whole_book", is_flag=True,
              help=_("The club's book (the folder's sittings and payments) instead of a "
                     "session."))
@click.option("--output", "-o", default="-", metavar=_("FILE"),
              help=_("The file to write (- for standard output)."))
@click.option("--format", "fmt", type=click.Choice(["pdf", "html"]), default=None,
              help=_("pdf or html (default: from the file's suffix, else html)."))
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
              help=_("The paper size."))
@click.pass_context
def sheet(ctx: click.Context, session: str | None, whole_book: bool, output: str,
          fmt: str | None, paper: str) -> None:
    """`sheet`: the sitting's page, or the book's, written atomically."""
    from ..errors import ScorekeeperError
    from ..files import atomic
    from ..render import sheet as render
    from .options import session_path
    from .saving import known_or_open

    if whole_book and _session_named(ctx, session):
        raise click.UsageError(_("-s chooses a session and --book the whole book: give "
                                 "one of them"))
    fmt = _format(output, fmt)
    if output == "-" and fmt == "pdf" and sys.stdout.isatty():
        raise ScorekeeperError(_("a PDF is not for a terminal: give --output FILE.pdf"))
    folder = os.path.dirname(output) or "."
    if output != "-" and not os.path.isdir(folder):
        raise ScorekeeperError(_("no folder {folder} to write {output} in").format(
            folder=quoted(folder), output=quoted(output)))
    problems: list[str] = []
    if whole_book:
        page = _book_page(ctx, problems, min(BOOK_WIDTH, render.columns(paper)))
    else:
        page = _sitting_page(known_or_open(ctx, session_path(ctx, session)))
    data = render.to_pdf(page, paper) if fmt == "pdf" else render.to_html(page, paper)
    if output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        atomic.write_atomic(output, data)
        click.echo(_("Written to {file}.").format(file=output), err=True)  # as --output is
    if problems:
        from .book import _report_problems

        _report_problems(ctx, problems)


def _session_named(ctx: click.Context, session: str | None) -> bool:
    """Whether -s was given on the command line (after `sheet`, or before it: not when
    before `play`, whose prompt runs this)."""
    from click.core import ParameterSource

    root = ctx.find_root()
    return ((root.params.get("session") is not None and root.invoked_subcommand == "sheet")
            or (session is not None
                and ctx.get_parameter_source("session") == ParameterSource.COMMANDLINE))


def _sitting_page(read: Snapshot) -> Page:
    """A sitting's page: its particulars, the pad, the settlement with the payments made
    of it, and each player's running total. The text as into a pipe, never re-laid for a
    width: the pad shown a deal a record, as a narrow terminal has it, would be far longer
    (the text is set smaller instead)."""
    from ..history import changed_entries
    from ..render.base import worth
    from ..render.chart import session_running
    from ..render.report import emit
    from ..render.reports import show
    from ..render.sheet import Page
    from .settling import settled

    header = read.header
    title = _("{game} -- {name}").format(game=_(header.game.title), name=header.name)
    about = _("{day}. Players: {players}. A unit: {value} {currency}.").format(
        day=i18n.day(header.date) if header.date else "?",
        players=", ".join(read.players), value=worth(header.unit_value),
        currency=header.currency).replace(" .", ".")
    pad = emit(show(read.session, read.played, read.standing, changed_entries(read.history)),
               None, None)
    return Page(i18n.speaking().code, title, about, pad, (emit(settled(read), None, None),),
                (session_running(read.session, read.played),),
                f"scorekeeper show -s {header.name}")


#: The width the book's text is fitted to (its lists of money wrap), in characters.
BOOK_WIDTH = 100


def _book_page(ctx: click.Context, problems: list[str], width: int) -> Page:
    """The club's page: every sitting of the folder, each currency's payments made,
    accounts and who pays whom, as `book` shows them, and the money won, sitting by
    sitting. The sittings that cannot be read are added to `problems` and named."""
    from .. import book
    from ..render.book import book as report
    from ..render.chart import book_running
    from ..render.report import emit
    from ..render.sheet import Page
    from .book import choose, read_folder, read_payments

    sittings, found = read_folder(ctx)
    made = read_payments(ctx, sittings, found)
    problems += found
    chosen = choose(sittings, None, None, None, None)
    shown = report(chosen, book.account(chosen, made))
    listed = shown.tables[:1] if shown.tables and shown.tables[0].name == "sittings" else ()
    pad = emit(replace(shown, title=(), tables=listed, footer=()), None, width)
    rest = emit(replace(shown, title=(), tables=shown.tables[len(listed):]), None, width)
    about = " ".join(line for line in shown.title if line)
    if found:
        about += " " + ngettext("{count} file left out: it cannot be read.",
                                "{count} files left out: they cannot be read.",
                                len(found)).format(count=len(found))
    root = os.path.basename(os.path.abspath(folder_to_list(ctx)))
    return Page(i18n.speaking().code, _("The book: {folder}").format(folder=root), about,
                pad, tuple(b for b in (rest,) if b.strip()), tuple(book_running(chosen)),
                "scorekeeper book")
