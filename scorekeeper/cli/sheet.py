"""`sheet`: one page to share -- the pad and the settlement -- as HTML or PDF."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from .. import i18n
from ..i18n import _
from ..text import quoted
from .options import CONTEXT, Command, session_option

if TYPE_CHECKING:
    from ..files import Snapshot


def _format(output: str, fmt: str | None) -> str:
    """The format asked for, else the output file's suffix says it, else HTML."""
    if fmt:
        return fmt
    return "pdf" if output.lower().endswith(".pdf") else "html"


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Make one page to share: the session's pad and who pays whom, as HTML or PDF.

The format is --format, else the output file's suffix (.pdf), else HTML.

\b
Examples:
  scorekeeper sheet --output friday.html
  scorekeeper sheet -s friday --output friday.pdf --paper letter
"""))
@session_option
@click.option("--output", "-o", default="-", metavar=_("FILE"),
              help=_("The file to write (- for standard output)."))
@click.option("--format", "fmt", type=click.Choice(["pdf", "html"]), default=None,
              help=_("pdf or html (default: from the file's suffix, else html)."))
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
              help=_("The paper size."))
@click.pass_context
def sheet(ctx: click.Context, session: str | None, output: str, fmt: str | None,
          paper: str) -> None:
    """`sheet`: the sitting's page, written atomically."""
    from ..errors import ScorekeeperError
    from ..files import atomic
    from .options import session_path
    from .saving import known_or_open

    fmt = _format(output, fmt)
    if output == "-" and fmt == "pdf" and sys.stdout.isatty():
        raise ScorekeeperError(_("a PDF is not for a terminal: give --output FILE.pdf"))
    folder = os.path.dirname(output) or "."
    if output != "-" and not os.path.isdir(folder):
        raise ScorekeeperError(_("no folder {folder} to write {output} in").format(
            folder=quoted(folder), output=quoted(output)))
    data = _made(known_or_open(ctx, session_path(ctx, session)), fmt, paper)
    if output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        atomic.write_atomic(output, data)


def _made(read: Snapshot, fmt: str, paper: str) -> bytes:
    """The sheet's bytes for a session as read."""
    from ..history import changed_entries
    from ..reckoning import reckon
    from ..render import sheet as render
    from ..render.report import emit
    from ..render.reports import settle, show

    header = read.header
    title = _("{game} -- {name}").format(game=header.game.name, name=header.name)
    about = _("{day}. Players: {players}. A unit: {value} {currency}.").format(
        day=i18n.day(header.date) if header.date else "?",
        players=", ".join(header.players), value=i18n.number(header.value),
        currency=header.currency).replace(" .", ".")
    blocks = [emit(show(read.session, read.played, read.standing,
                        changed_entries(read.history)), None, None),
              emit(settle(header, reckon(header, read.standing)), None, None)]
    if fmt == "pdf":
        return render.to_pdf(title, about, blocks, paper)
    return render.to_html(i18n.speaking().code, title, about, blocks, paper)
