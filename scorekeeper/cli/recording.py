"""Recording and correcting deals (docs: README, "At the table"): `deal` and `amend` for the
session's own game, `undo`, and `edit` in an editor, checked on save. (`play`, the whole
sitting at one prompt, is cli/play.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..i18n import _, ngettext
from ..text import quoted, visible
from .main import game_cli
from .options import (
    CONTEXT,
    Command,
    echo,
    run_state,
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


def _game_command(ctx: click.Context, spec: str | None, which: str, path: str | None = None
                  ) -> tuple[click.Command, str, str]:
    """The session's game's `deal` (or `amend`) command, the session's file (`path`, if
    found already), its game. The file read to learn the game is the one the command then
    changes, if it still holds the same bytes (it is not read twice)."""
    from .common import amend_command
    from .saving import known_or_open

    path = path or session_path(ctx, spec)
    game = known_or_open(ctx, path).header.game.name
    cli = game_cli(game)
    command = cli.deal if which == "deal" else amend_command(game, cli.form)
    return command, path, game


def _dispatch(ctx: click.Context, which: str, args: tuple[str, ...], spec: str | None) -> None:
    import os

    from .saving import holding

    wants_help = any(a in ("-h", "--help") for a in args)
    path = session_path(ctx, spec) if not wants_help else None
    if path is not None and _writes_at_once(ctx, args) and os.path.lexists(path):
        with holding(ctx, path):  # the file read once, under the lock, for the whole deal
            _run_game_command(ctx, which, args, spec, path)
        return
    _run_game_command(ctx, which, args, spec, path)


def _writes_at_once(ctx: click.Context, args: tuple[str, ...]) -> bool:
    """Whether the command saves what it is given with nothing shown first: not a dry run,
    and not at `play`'s prompt, where a change may be asked about first (the lock is then
    not held while a person answers)."""
    from .options import run_state

    given = args[:args.index("--")] if "--" in args else args
    return run_state(ctx).ask is None and "--dry-run" not in given


def _run_game_command(ctx: click.Context, which: str, args: tuple[str, ...], spec: str | None,
                      found: str | None) -> None:
    """Run the session's game's own `which` on `args` (`found`: the session's file, if
    found already; none for help)."""
    from ..errors import ScorekeeperError

    wants_help = found is None
    try:
        command, path, game = _game_command(ctx, spec, which, found)
    except ScorekeeperError:
        if not wants_help:
            raise
        click.echo(ctx.get_help())  # no session: the help of the command itself
        return
    if wants_help:
        echo(_("Session {whose}, its players {players}; its {command} (whose examples name "
               "Ann, Bob, Cid and Dan):").format(whose=_whose(path, game),
                                                  players=_players(ctx, path), command=which)
             + "\n")
        args = ("--help",)
    # The session goes first: an option left without its value at the end of ARGS must not
    # take it for its value.
    try:
        with command.make_context(which, ["--session", path, *args], parent=ctx.parent) as sub:
            command.invoke(sub)
    except click.NoSuchOption as error:  # perhaps an option of another game
        raise click.NoSuchOption(
            error.option_name, _("{message}: session {whose} ('scorekeeper {command} --help' "
                                 "lists its options).").format(
                message=error.message.rstrip("."), whose=_whose(path, game), command=which),
            error.possibilities, error.ctx) from None


def _players(ctx: click.Context, path: str) -> str:
    """The session's players and the least of each name a player may type: Margaret Ann
    (m), Bob (b)."""
    from ..render.layout import abbreviations
    from .saving import known_or_open

    players = list(known_or_open(ctx, path).table_now.seated)
    short = abbreviations(players, least=1)
    return ", ".join(f"{p} ({short[p].lower()})" if p in short else p for p in players)


def _whose(path: str, game: str) -> str:
    """'friday' is Three-card Loo."""
    from ..files import paths
    from ..games import get_game, in_a_sentence

    return _("'{name}' is {game}").format(name=paths.session_name(path),
                                          game=in_a_sentence(get_game(game)))


def _complete_through(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """Complete a word of ARGS as the session's game's own command would."""
    # click has no public call for the words of a command nested by hand like this one.
    from click.shell_completion import _resolve_incomplete

    try:
        which = ctx.command.name or "deal"
        command, path, _game = _game_command(ctx, ctx.params.get("session"), which)
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


def passing_through(about: str) -> Callable[[Callable[..., None]], click.Command]:
    """A command whose ARGS the session's game's own command parses (and completes)."""

    def command(f: Callable[..., None]) -> click.Command:
        f = click.pass_context(f)
        f = click.argument("args", nargs=-1, type=click.UNPROCESSED,
                           shell_complete=lambda ctx, _param, word: _complete_through(ctx, word)
                           )(f)
        f = session_option(f)
        return click.command(context_settings=PASS_THROUGH, cls=PassThrough, help=about)(f)

    return command


@passing_through(_("""\
Record a deal of the session's own game: ARGS as its `deal` takes them.

`scorekeeper deal --help` shows the options of the current session's game.

\b
Examples:
  scorekeeper deal b=2 c=0 d=1 miss d     (Loo)
  scorekeeper deal b 350 190 172          (Pinochle)
  scorekeeper deal nt a9 a2c1             (Bridge)
"""))
def deal(ctx: click.Context, session: str | None, args: tuple[str, ...]) -> None:
    """A deal of the session's own game."""
    _dispatch(ctx, "deal", args, session)


@passing_through(_("""\
Replace deal N's inputs: `amend N ARGS`, ARGS as `deal` takes them.

Every later deal is replayed; refused, with the file unchanged, if deal N or a later
deal then breaks a rule. --dry-run shows the nets before and after.

\b
Examples:
  scorekeeper amend 3 Bob=2 Cid=1 Dan=0             (Loo)
  scorekeeper amend 2 --took 150 --dry-run          (Pinochle: the rest kept)
  scorekeeper amend 4 nt a10 a2c1                   (Bridge)
"""))
def amend(ctx: click.Context, session: str | None, args: tuple[str, ...]) -> None:
    """Deal N replaced."""
    _dispatch(ctx, "amend", args, session)


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Remove the last deal, saying what it removed and the nets it moved.

The undo, and why (--why), is kept in the session's history.

\b
Examples:
  scorekeeper undo
  scorekeeper undo --why "recorded twice"
"""))
@session_option
@why_option
@click.pass_context
def undo(ctx: click.Context, session: str | None, why: str | None) -> None:
    """The last deal removed."""
    from ..files import revise
    from ..render import view_of
    from .saving import save_revision

    def compute(before: Any) -> tuple[Any, revise.Undone]:
        done = revise.undo(before, why or "")
        return done.change, done

    def what(done: revise.Undone) -> str:
        number = done.removed.number
        return (_("the undo of deal {number}").format(number=number) if number else
                _("the undo"))

    def confirm(done: revise.Undone) -> tuple[list[str], str]:
        last, view = done.removed, view_of(done.session.game)
        described = view.what(last.result)
        moved = view.consequences(done.outcome, quiet=True)
        if last.number is None:  # what it removes, the nets it moves, then the question
            return ([_("Undo removes the {what}.").format(what=described), *moved],
                    _("Type yes to remove it: "))
        return ([_("Undo removes deal {number} (dealt by {dealer}: {what}).").format(
            number=last.number, dealer=last.dealer, what=described), *moved],
                _("Type yes to remove deal {number}: ").format(number=last.number))

    asked = run_state(ctx).ask is not None  # the nets it moves were shown before the yes
    done = save_revision(ctx, session_path(ctx, session), compute, what, confirm)
    if done is None:
        return
    echo(view_of(done.session.game).undone(done.session, done.removed, done.change.standing,
                                           None if asked else done.outcome))


@click.command(context_settings=CONTEXT, cls=Command, help=_("""\
Edit the session's file in $VISUAL or $EDITOR; it is checked when the editor closes.

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
"""))
@session_option
@why_option
@click.pass_context
def edit(ctx: click.Context, session: str | None, why: str | None) -> None:
    """The session's file edited."""
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
            raise click.ClickException(_("{message}: nothing was saved").format(
                message=message)) from None
        if edited == original:
            os.unlink(copy)
            echo(_("No change: nothing to save."))
            return None
        problems = files.examine(edited, path, history=False).problems  # its own is to come
        if not problems:
            return edited
        click.echo("\n".join(visible(str(p)) for p in problems), err=True)
        if not (sys.stdin.isatty() and _edit_again()):
            raise click.ClickException(_("nothing was saved; your edit is kept in {copy}")
                                       .format(copy=copy))


def _edit_again() -> bool:
    """Edit again? [Y/n]: Enter, y, yes (or j, ja) are yes; n, no (or nej) are no."""
    from .play import NO, YES, Y

    def answer(typed: str) -> bool:
        word = typed.strip().lower()
        if word in ("", *YES, *Y):
            return True
        if word in NO:
            return False
        raise click.UsageError(_("invalid input"))

    return click.prompt(_("Edit again? [Y/n]"), default="", show_default=False, err=True,
                        value_proc=answer)


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
    where = f"${source}" if source else _("neither $VISUAL nor $EDITOR is set")
    try:
        argv = shlex.split(editor)
    except ValueError as error:
        raise click.ClickException(_("{where} is {editor}, not a command ({error})").format(
            where=where, editor=quoted(editor), error=error)) from None
    if not argv:
        raise click.ClickException(_("{where} is {editor}, not a command").format(
            where=where, editor=quoted(editor)))
    try:
        code = subprocess.call([*argv, copy])
    except OSError as error:
        raise click.ClickException(_(
            "the editor {editor} ({where}) could not be run: {error}; {hint}").format(
                editor=quoted(argv[0]), where=where, error=error.strerror or error,
                hint=_editor_hint(argv[0]))) from None
    if code != 0:
        raise click.ClickException(_("the editor {editor} ({where}) ended with an error "
                                     "(exit {code})").format(editor=quoted(argv[0]), where=where,
                                                             code=code))


#: Editors a hint may name, the first found on PATH.
EDITORS = ("nano", "vim", "vi", "emacs", "micro", "mg", "ed")


def _editor_hint(failed: str) -> str:
    """Set $VISUAL or $EDITOR, naming an editor there is on PATH (never `failed`)."""
    import os
    import shutil

    found = next((e for e in EDITORS if e != os.path.basename(failed) and shutil.which(e)),
                 None)
    if found is None:
        return _("set $VISUAL or $EDITOR to an editor you have (none of {editors} is "
                 "installed)").format(editors=", ".join(EDITORS))
    return _("set $VISUAL or $EDITOR to an editor you have, e.g. EDITOR={editor}").format(
        editor=found)


def _save_edit(ctx: click.Context, shown: Snapshot, edited: bytes, copy: str, why: str
               ) -> None:
    """Save `edited` over the file as it was when the editor opened (`shown`): refused if
    it changed meanwhile, the edit kept in `copy`."""
    import os

    from .. import files
    from ..errors import ScorekeeperError
    from ..files import revise
    from ..render import view_of
    from .interrupts import held_interrupt
    from .options import mark_recorded

    with held_interrupt() as on_locked:
        try:
            done = revise.new_text(shown, edited, why)
            # TRANSLATORS: put in "FILE was changed since {since}: nothing was changed"
            after = files.save(shown, done.change, on_locked, since=_("the editor opened it"))
        except ScorekeeperError as error:
            raise click.ClickException(_("{error}; your edit is kept in {copy}").format(
                error=error, copy=copy)) from None
        mark_recorded(ctx, _("the edit"))
    os.unlink(copy)
    for lie in done.old_lies:  # the file's already: 'check' says them too
        click.echo(visible(_("{path}: {problem}").format(path=shown.path, problem=lie)),
                   err=True)
    deals = after.standing.deals
    lines = [ngettext("Saved {path}: {count} deal, next dealer {dealer}.",
                      "Saved {path}: {count} deals, next dealer {dealer}.", deals).format(
        path=shown.path, count=deals, dealer=after.standing.next_dealer)]
    if done.outcome is not None:
        lines += view_of(after.header.game).consequences(done.outcome)
    echo(lines)
