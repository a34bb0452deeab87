"""At the table (docs: README, "At the table"): `deal` and `amend` for the session's own
game, `edit` in an editor, checked on save, and `play`, a whole sitting at one prompt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..text import visible
from .main import game_cli
from .options import (
    CONTEXT,
    Command,
    echo,
    session_command,
    session_option,
    session_path,
    why_option,
)

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..files import Snapshot

#: Commands whose arguments are the session's game's own: they are parsed by that game's
#: command, so `--help` and every option reach it untouched.
PASS_THROUGH = {**CONTEXT, "ignore_unknown_options": True, "allow_extra_args": True,
                "help_option_names": []}


def _game_command(ctx: click.Context, spec: str | None, which: str
                  ) -> tuple[click.Command, str, str]:
    """The session's game's `deal` (or `amend`) command, the session's file, its game.
    The file read to learn the game is the one the command then changes, if it still holds
    the same bytes (it is not read twice)."""
    from .common import amend_command
    from .saving import known_or_open

    path = session_path(ctx, spec)
    game = known_or_open(ctx, path).header.game.name
    cli = game_cli(game)
    command = cli.deal if which == "deal" else amend_command(game, cli.form)
    return command, path, game


def _dispatch(ctx: click.Context, which: str, args: tuple[str, ...], spec: str | None) -> None:
    from ..errors import ScorekeeperError

    wants_help = any(a in ("-h", "--help") for a in args)
    try:
        command, path, game = _game_command(ctx, spec, which)
    except ScorekeeperError:
        if not wants_help:
            raise
        click.echo(ctx.get_help())  # no session: the help of the command itself
        return
    if wants_help:
        echo(f"Session {_whose(path, game)}, its players {_players(ctx, path)}; its {which} "
             "(whose examples name Ann, Bob, Cid and Dan):\n")
        args = ("--help",)
    # The session goes first: an option left without its value at the end of ARGS must not
    # take it for its value.
    try:
        with command.make_context(which, ["--session", path, *args], parent=ctx.parent) as sub:
            command.invoke(sub)
    except click.NoSuchOption as error:  # perhaps an option of another game
        raise click.NoSuchOption(
            error.option_name, f"{error.message.rstrip('.')}: session {_whose(path, game)} "
            f"('scorekeeper {which} --help' lists its options).", error.possibilities,
            error.ctx) from None


def _players(ctx: click.Context, path: str) -> str:
    """The session's players and the least of each name a player may type: Margaret Ann
    (m), Bob (b)."""
    from ..render.layout import abbreviations
    from .saving import known_or_open

    players = list(known_or_open(ctx, path).header.players)
    short = abbreviations(players, least=1)
    return ", ".join(f"{p} ({short[p].lower()})" if p in short else p for p in players)


def _whose(path: str, game: str) -> str:
    """'friday' is Three-card Loo."""
    from ..files import paths
    from ..games import get_game

    return f"'{paths.session_name(path)}' is {get_game(game).title}"


def _complete_through(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """Complete a word of ARGS as the session's game's own command would."""
    # click has no public call for the words of a command nested by hand like this one.
    from click.shell_completion import _resolve_incomplete

    try:
        which = ctx.command.name or "deal"
        command, path, _ = _game_command(ctx, ctx.params.get("session"), which)
        args = ["--session", path, *(ctx.params.get("args") or ())]
        with command.make_context(which, args.copy(), parent=ctx.parent,
                                  resilient_parsing=True) as sub:
            found, incomplete = _resolve_incomplete(sub, args, incomplete)
            return found.shell_complete(sub, incomplete)
    except Exception:  # a shell's completion must never print a traceback
        return []


class PassThrough(Command):
    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        return _complete_through(ctx, incomplete)


def passing_through(f: Callable[..., None]) -> click.Command:
    """A command whose ARGS the session's game's own command parses (and completes)."""
    f = click.pass_context(f)
    f = click.argument("args", nargs=-1, type=click.UNPROCESSED,
                       shell_complete=lambda ctx, _, word: _complete_through(ctx, word))(f)
    f = session_option(f)
    return click.command(context_settings=PASS_THROUGH, cls=PassThrough)(f)


@passing_through
def deal(ctx: click.Context, session: str | None, args: tuple[str, ...]) -> None:
    """Record a deal of the session's own game: ARGS as its `deal` takes them.

    `scorekeeper deal --help` shows the options of the current session's game.

    \b
    Examples:
      scorekeeper deal b=2 c=0 d=1 miss d     (Loo)
      scorekeeper deal b 350 190 172          (Pinochle)
      scorekeeper deal nt a9 a2c1             (Bridge)
    """
    _dispatch(ctx, "deal", args, session)


@passing_through
def amend(ctx: click.Context, session: str | None, args: tuple[str, ...]) -> None:
    """Replace deal N's inputs: `amend N ARGS`, ARGS as `deal` takes them.

    Every later deal is replayed; refused, with the file unchanged, if deal N or a later
    deal then breaks a rule. --dry-run shows the nets before and after.

    \b
    Examples:
      scorekeeper amend 3 Bob=2 Cid=1 Dan=0             (Loo)
      scorekeeper amend 2 --took 150 --dry-run          (Pinochle: the rest kept)
      scorekeeper amend 4 nt a10 a2c1                   (Bridge)
    """
    _dispatch(ctx, "amend", args, session)


@session_command
@why_option
def undo(ctx: click.Context, session: str | None, why: str | None) -> None:
    """Remove the last deal, saying what it removed and the nets it moved.

    The undo, and why (--why), is kept in the session's history.

    \b
    Examples:
      scorekeeper undo
      scorekeeper undo --why "recorded twice"
    """
    from ..files import revise
    from ..render import view_of
    from .saving import change

    def compute(before: Any) -> tuple[Any, revise.Undone]:
        done = revise.undo(before, why or "")
        return done.change, done

    def what(done: revise.Undone) -> str:
        number = done.removed.number
        return f"the undo of deal {number}" if number else "the undo"

    def confirm(done: revise.Undone) -> tuple[list[str], str]:
        last, view = done.removed, view_of(done.session.game)
        described = view.what(last.result)
        moved = view.consequences(done.outcome, quiet=True)
        if last.number is None:
            return moved, f"Type yes to remove the {described}: "
        return moved, (f"Type yes to remove deal {last.number} (dealt by {last.dealer}: "
                       f"{described}): ")

    done = change(ctx, session_path(ctx, session), compute, what, confirm)
    if done is None:
        return
    echo(view_of(done.session.game).undone(done.session, done.removed, done.change.standing,
                                           done.outcome))


@session_command
@why_option
def edit(ctx: click.Context, session: str | None, why: str | None) -> None:
    """Edit the session's file in $VISUAL or $EDITOR; it is checked when the editor closes.

    A good edit is saved (unless the session changed meanwhile), and it says each deal
    whose result changed and the nets that moved; an edit of the deals or settings, and
    why (--why), is kept in the session's history, which an edit may not change. An edit
    with a problem is not saved: every problem is listed as FILE:LINE, and on a terminal
    you may edit again. An editor that exits with an error saves nothing. Comments and
    layout are kept as written.

    \b
    Examples:
      EDITOR=nano scorekeeper edit
      scorekeeper edit --why "deal 3 was dealt by Dan"
    """
    from .. import files

    path = session_path(ctx, session)
    shown = files.open(path)
    copy = _editable_copy(path, shown.raw)
    edited = _edit_until_good(copy, path, shown.raw)
    if edited is None:
        return
    _save_edit(ctx, shown, edited, copy, why or "")


def _editable_copy(path: str, original: bytes) -> str:
    """A temporary copy of the session for the editor, named like it."""
    import os
    import tempfile

    fd, copy = tempfile.mkstemp(prefix=os.path.basename(path)[:-5] + ".", suffix=".toml")
    with os.fdopen(fd, "wb") as f:
        f.write(original)
    return copy


def _remove(copy: str) -> None:
    """Remove the editor's copy, whatever the editor made of it (a file, or not)."""
    import os
    import shutil

    try:
        if os.path.isdir(copy) and not os.path.islink(copy):
            shutil.rmtree(copy)
        else:
            os.unlink(copy)
    except OSError:
        pass


def _edit_until_good(copy: str, path: str, original: bytes) -> bytes | None:
    """Run the editor on `copy` until what it holds checks (or the person gives up); its
    bytes, or None when nothing is to be saved."""
    import os
    import sys

    from .. import files
    from ..errors import ScorekeeperError
    from ..files import atomic

    while True:
        try:
            _run_editor(copy)
            edited = atomic.read_file(copy)
        except (click.ClickException, ScorekeeperError) as error:
            _remove(copy)
            message = error.message if isinstance(error, click.ClickException) else str(error)
            raise click.ClickException(f"{message}: nothing was saved") from None
        if edited == original:
            os.unlink(copy)
            echo("No change: nothing to save.")
            return None
        problems = files.examine(edited, path, history=False).problems  # its own is to come
        if not problems:
            return edited
        click.echo("\n".join(visible(str(p)) for p in problems), err=True)
        if not (sys.stdin.isatty() and click.confirm("Edit again?", default=True, err=True)):
            raise click.ClickException(f"nothing was saved; your edit is kept in {copy}")


def _run_editor(copy: str) -> None:
    """Run $VISUAL or $EDITOR (else the first of sensible-editor, vim, nano, vi there is)
    on `copy`; a ClickException that names the editor and where it came from if it cannot
    be run or ends in an error."""
    import os
    import shlex
    import shutil
    import subprocess

    source = next((key for key in ("VISUAL", "EDITOR") if os.environ.get(key)), None)
    editor = os.environ[source] if source else next(
        (e for e in ("sensible-editor", "vim", "nano") if shutil.which(e)), "vi")
    where = f"${source}" if source else "neither $VISUAL nor $EDITOR is set"
    try:
        argv = shlex.split(editor)
    except ValueError as error:
        raise click.ClickException(f"{where} is {editor!r}, not a command ({error})") from None
    if not argv:
        raise click.ClickException(f"{where} is {editor!r}, not a command")
    try:
        code = subprocess.call([*argv, copy])
    except OSError as error:
        raise click.ClickException(
            f"the editor {argv[0]!r} ({where}) could not be run: {error.strerror or error}; "
            "set $VISUAL or $EDITOR to an editor you have, e.g. EDITOR=nano") from None
    if code != 0:
        raise click.ClickException(f"the editor {argv[0]!r} ({where}) ended with an error "
                                   f"(exit {code})")


def _save_edit(ctx: click.Context, shown: Snapshot, edited: bytes, copy: str, why: str
               ) -> None:
    """Save `edited` over the file as it was when the editor opened (`shown`): refused if
    it changed meanwhile, the edit kept in `copy`."""
    import os

    from .. import files
    from ..errors import ScorekeeperError
    from ..files import revise
    from ..render import view_of
    from .options import held_interrupt, mark_recorded

    with held_interrupt() as on_locked:
        try:
            done = revise.new_text(shown, edited, why)
            after = files.save(shown, done.change, on_locked, since="the editor opened it")
        except ScorekeeperError as error:
            raise click.ClickException(f"{error}; your edit is kept in {copy}") from None
        mark_recorded(ctx, "the edit")
    os.unlink(copy)
    deals = after.standing.deals
    lines = [f"Saved {shown.path}: {deals} deal{'' if deals == 1 else 's'}, next dealer "
             f"{after.standing.next_dealer}."]
    if done.outcome is not None:
        lines += view_of(after.header.game).consequences(done.outcome)
    echo(lines)
