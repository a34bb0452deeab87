"""People coming and going: `join` seats a newcomer between deals, `leave` unseats a player.
Each is an entry of the sitting, like a change of partnerships (not numbered as a deal)."""

from __future__ import annotations

from typing import Any

import click

from ..i18n import _
from .options import CONTEXT, Command, echo, session_option, session_path
from .params import Player, leaving, seated


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Seat NAME, who arrives late, at the table between deals.

He deals when his seat comes round, and plays from the next deal (in Bridge, from the
rubber whose partnerships name him). The game's most players hold.

\b
Examples:
  scorekeeper join Eve
  scorekeeper join Eve --after Bob
"""))
@click.argument("name", metavar=_("NAME"),
                shell_complete=lambda ctx, _param, word: _returning(ctx, word))
@click.option("--after", type=Player(seated), metavar="P",
              help=_("The player he sits after [default: he takes the last seat]."))
@session_option
@click.pass_context
def join(ctx: click.Context, name: str, after: str | None, session: str | None) -> None:
    """A newcomer seated."""
    from ..games.players import check_new_name
    from ..seating import Seating

    check_new_name(name.strip())

    def build(before: Any) -> Seating:
        now = before.table_now
        back = [p for p in now.left if p.casefold() == name.strip().casefold()]
        return Seating(back[0] if back else name.strip(), True,
                       None if after is None else now.seated_player(after))

    # TRANSLATORS: put in "Note: {what} was recorded"
    _record(ctx, session, build, _("{name}'s joining").format(name=name.strip()))


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
NAME leaves the table between deals; he keeps his balance to settle.

If it was his deal, the next seated after him deals. The game's fewest players hold;
in Bridge, only a player outside the rubber being played (or to be played next) may
leave.

\b
Example:
  scorekeeper leave Bob
"""))
@click.argument("name", type=Player(leaving), metavar=_("NAME"))
@session_option
@click.pass_context
def leave(ctx: click.Context, name: str, session: str | None) -> None:
    """A player unseated."""
    from ..seating import Seating

    def build(before: Any) -> Seating:
        return Seating(before.table_now.seated_player(name), False)

    # TRANSLATORS: put in "Note: {what} was recorded"
    _record(ctx, session, build, _("{name}'s leaving").format(name=name))


def _returning(ctx: click.Context, incomplete: str) -> list[Any]:
    """Who may join: a new name (nothing to offer), or one who left and comes back."""
    from click.shell_completion import CompletionItem

    from .params import session_table

    now = session_table(ctx)
    return [] if now is None else [
        CompletionItem(p, help=_("left the table")) for p in now.left
        if p.casefold().startswith(incomplete.casefold())]


def _record(ctx: click.Context, session: str | None, build: Any, what: str) -> None:
    from ..render import view_of
    from .saving import record

    done = record(ctx, session_path(ctx, session), build, what=what)
    header = done.before.header
    echo(view_of(header.game).recorded(header, done.played, done.standing))
