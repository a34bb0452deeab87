"""`play`: a whole sitting at one prompt. Each line is the arguments of a deal, or a
command: show, settle, undo, amend N ARGS, help, quit. The lines run the very commands the
one-shot command line runs; `play` adds no second way to record a deal.

On a terminal it is an interactive prompt (prompt_toolkit, imported only here) that says
what comes next, completes names, suits and options, and keeps a history. Off a terminal it
reads lines from standard input with no prompt, prints what the one-shot commands print,
and exits 1 if any line was refused: a file of deals can be piped in.
"""

from __future__ import annotations

import gc
import shlex
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import click

from ..errors import ScorekeeperError
from ..text import visible
from .options import RunState, echo, mark_recorded, session_command, session_path

if TYPE_CHECKING:
    from ..files import Snapshot
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


@session_command
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
    """The session a `play` runs on, and how its lines become commands. The file is read
    once and kept in memory; it is read again only when it changed on disk (another window,
    another player), and a file that cannot be read for a moment is an error for the line
    typed then, not the end of the shell."""

    def __init__(self, ctx: click.Context, path: str) -> None:
        from .main import game_cli
        from .saving import known_or_open

        self.root = ctx.find_root()
        self.path = path
        self.unprinted: OSError | None = None
        """Why a report could not be printed, if one could not."""
        read = known_or_open(self.root, path)
        self.game = read.header.game.name
        self.cli = game_cli(self.game)
        self.form: DealForm = self.cli.form
        self.players = read.players

    def snapshot(self) -> Snapshot:
        """The session as it is now (read again only if the file changed)."""
        from .saving import known_or_open

        return known_or_open(self.root, self.path)

    def prompt(self) -> str:
        from ..render import view_of

        try:
            read = self.snapshot()
        except ScorekeeperError:
            return "(the file cannot be read just now)"
        return view_of(read.header.game).prompt(read.header, read.standing)

    def deal_word(self) -> str:
        """What a deal is called here: "hand" in Loo."""
        from ..games import get_game
        from ..render import view_of

        return view_of(get_game(self.game)).deal_word.lower()

    def balances(self) -> str:
        """The running balances in one line: Ann +3 · Bob -2 · pool 6."""
        from ..render import view_of

        try:
            read = self.snapshot()
        except ScorekeeperError as error:
            return visible(str(error))
        session, standing = read.header, read.standing
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
        return "deal", self.cli.deal, words[1:] if name == "deal" else words

    def run(self, command: click.Command, name: str, args: list[str],
            ask: Callable[[str], bool] | None = None) -> bool:
        """Run one command as the one-shot command line would (`ask`: how to ask the
        person at the table before a change); False if it was refused."""
        if {"-s", "--session"} & set(args):
            click.echo(f"Error: play keeps to its session ({self.path}): give no -s here",
                       err=True)
            return False
        state = self.root.find_object(RunState)
        if state is not None:
            state.ask = ask
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
        finally:
            if state is not None:
                state.ask = None
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
    undo and amend show what they would do and want a typed yes, and a change is followed
    by the running balances."""
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
    sure = None if ask is None else (lambda question: ask(question).strip().lower() == "yes")
    done = sitting.run(command, name, args, sure)
    if done and ask and changes:
        echo(sitting.balances())
    return done
