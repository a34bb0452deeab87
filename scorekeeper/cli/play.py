"""`play`: a whole sitting at one prompt. Each line is the arguments of a deal, or a
command: show, settle, undo, amend N ARGS, help, quit. The lines run the very commands the
one-shot command line runs; `play` adds no second way to record a deal.

On a terminal it is an interactive prompt (prompt_toolkit, imported only here) that says
what comes next, completes names, suits and options, and keeps a history. Off a terminal it
reads lines from standard input with no prompt, prints what the one-shot commands print,
and exits 1 if any line was refused: a file of deals can be piped in.
"""

from __future__ import annotations

import contextlib
import gc
import io
import shlex
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import click

from ..errors import ScorekeeperError
from ..text import visible
from .options import (
    CONTEXT,
    Command,
    RunState,
    echo,
    mark_recorded,
    session_option,
    session_path,
)

if TYPE_CHECKING:
    from .common import DealForm

COMMANDS = ("show", "settle", "undo", "amend", "deal", "help", "quit")
HELP = """\
Type a deal as you would after 'scorekeeper deal', or a command:
  show [--format F]      the sitting deal by deal
  settle [--format F]    who pays whom
  undo                   remove the last deal (after a yes)
  amend N ARGS           replace deal N (after a yes)
  help                   this text
  quit                   leave (or Ctrl-D)
A name may be cut short (b=2 for Bob). Tab completes names, suits and options;
Up and Ctrl-R find earlier lines."""


@click.command(context_settings=CONTEXT, cls=Command)
@session_option
@click.pass_context
def play(ctx: click.Context, session: str | None) -> None:
    """Play a sitting at one prompt: a deal or a command a line, each deal saved at once.

    Lines are a deal's arguments as 'scorekeeper deal' takes them, or show, settle, undo,
    amend N ARGS, help, quit. On a terminal the prompt says what comes next, Tab completes,
    and undo and amend ask for a typed yes. Off a terminal lines are read from standard
    input, and the exit status is 1 if any was refused.

    \b
    Examples:
      scorekeeper play
      printf 'b=2 c=0 d=1 --miss d\\na=1 c=1 d=1\\nsettle\\n' | scorekeeper play
    """
    gc.enable()  # a sitting is long: collect as usual
    sitting = Sitting(ctx, session_path(ctx, session))
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if terminal:
        from .prompt import interactive

        refused = interactive(sitting)
    else:
        refused = piped(sitting, sys.stdin)
    if refused and not terminal:
        ctx.exit(1)
    if sitting.unprinted is not None:  # every line ran; say that the output did not come
        state = ctx.find_object(RunState)
        if state is not None and state.recorded:
            mark_recorded(ctx, "every line")
        raise sitting.unprinted


class Sitting:
    """The session a `play` runs on, and how its lines become commands."""

    def __init__(self, ctx: click.Context, path: str) -> None:
        from .. import store
        from .main import game_cli

        self.root = ctx.find_root()
        self.path = path
        self.unprinted: OSError | None = None
        """Why a report could not be printed, if one could not."""
        self.game = store.game_of(path)
        self.module = game_cli(self.game)
        self.form: DealForm = self.module.FORM

    def standing(self) -> tuple[Any, Any]:
        from .. import store

        return store.load_standing(self.path)

    def prompt(self) -> str:
        from ..render import view_of

        session, standing = self.standing()
        return view_of(session.game).prompt(session, standing)

    def deal_word(self) -> str:
        """What a deal is called here: "hand" in Loo."""
        from ..games import get_game
        from ..render import view_of

        return view_of(get_game(self.game)).deal_word.lower()

    def balances(self) -> str:
        """The running balances in one line: Ann +3 · Bob -2 · pool 6."""
        from ..render import view_of

        session, standing = self.standing()
        view = view_of(session.game)
        parts = [f"{p} {n:+d}" if n else f"{p} 0" for p, n in
                 ((p, standing.balances[p]) for p in session.players)]
        parts += [f"{view.account_name(a)} {standing.balances[a]}" for a in session.game.accounts]
        return " · ".join(parts)

    def command(self, words: list[str]) -> tuple[str, click.Command, list[str]] | None:
        """The command a line names, and its arguments; None to quit."""
        from . import reading, table
        from .common import amend_command

        name = words[0].lower() if words else ""
        if name in ("quit", "exit", "q"):
            return None
        if name in ("show", "settle"):
            return name, getattr(reading, name), words[1:]
        if name == "undo":
            return name, table.undo, words[1:]
        if name == "amend":
            return name, amend_command(self.game, self.form), words[1:]
        deal: click.Command = self.module.group.commands["deal"]
        return "deal", deal, words[1:] if name == "deal" else words

    def run(self, command: click.Command, name: str, args: list[str]) -> bool:
        """Run one command as the one-shot command line would; False if it was refused."""
        if {"-s", "--session"} & set(args):
            click.echo(f"Error: play keeps to its session ({self.path}): give no -s here",
                       err=True)
            return False
        try:
            with command.make_context(name, ["--session", self.path, *args],
                                      parent=self.root) as ctx:
                command.invoke(ctx)
        except click.exceptions.Exit as done:
            return done.exit_code == 0
        except click.ClickException as error:
            error.show()
            return False
        except ScorekeeperError as error:
            click.echo(f"Error: {visible(str(error))}", err=True)
            return False
        except OSError as error:  # its report could not be printed: the next line still runs
            self.unprinted = error
        return True


def piped(sitting: Sitting, lines: Iterable[str]) -> bool:
    """Run every line; whether any was refused."""
    refused = False
    for number, line in enumerate(lines, 1):
        outcome = one_line(sitting, line)
        if outcome is None:
            break
        if not outcome:
            click.echo(f"  (line {number}: {visible(line.strip())})", err=True)
            refused = True
    return refused


Ask = Callable[[str], str]
"""Asks a person a question and gives the answer (on a terminal only)."""


def one_line(sitting: Sitting, line: str, ask: Ask | None = None) -> bool | None:
    """Run one line: True done, False refused, None to quit. With `ask` (on a terminal),
    undo and amend want a typed yes, and a change is followed by the running balances."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        click.echo(f"Error: {error} (a quote is not closed?)", err=True)
        return False
    if not words:
        return True
    if words[0].lower() in ("help", "?"):
        echo(HELP)
        return True
    found = sitting.command(words)
    if found is None:
        return None
    name, command, args = found
    changes = (name in ("deal", "undo", "amend") and "--dry-run" not in args
               and not {"-h", "--help"} & set(args))
    if ask and changes and name != "deal" and not _sure(sitting, command, name, args, ask):
        return True
    if ask and name == "amend" and changes:  # its change was shown before the yes
        with contextlib.redirect_stdout(io.StringIO()):
            done = sitting.run(command, name, args)
        if done:
            echo(f"Saved the change to {sitting.deal_word()} {args[0]}.")
    else:
        done = sitting.run(command, name, args)
    if done and ask and changes:
        echo(sitting.balances())
    return done


def _sure(sitting: Sitting, command: click.Command, name: str, args: list[str], ask: Ask
          ) -> bool:
    """Whether the person, shown what an undo or an amend would do, types yes to it. An
    amend is tried first without saving, and one that would be refused asks nothing."""
    if name == "undo":
        what = _last_deal(sitting)
        if what is None:
            return True  # nothing to undo: undo says so
        question = f"Type yes to remove {what}: "
    else:
        if not sitting.run(command, name, [*args, "--dry-run"]):
            return False
        question = "Type yes to make this change: "
    if ask(question).strip().lower() == "yes":
        return True
    echo("Nothing changed.")
    return False


def _last_deal(sitting: Sitting) -> str | None:
    """The last entry, as undo would name it; None if there is none."""
    from .. import store
    from ..render import view_of

    loaded = store.load(sitting.path)
    if not loaded.played:
        return None
    last = loaded.played[-1]
    what = view_of(loaded.session.game).describe(last.result)
    if last.number is None:
        return f"the {what}"
    return f"deal {last.number} (dealt by {last.dealer}: {what})"
