"""`play`: a whole sitting at one prompt. Each line is a deal, in its short form or with its
options, or a command of the sitting: show, settle, history, undo, amend N ARGS, edit, paid,
the game's own (Bridge's rubber, Pinochle's meld and count), help, quit. The lines run the
very commands the one-shot command line runs; `play` adds no second way to record a deal.

On a terminal it is an interactive prompt (prompt_toolkit, imported only here) that says
what comes next, completes, keeps a history, and asks before what cannot be taken back. Off
a terminal it reads lines from standard input with no prompt and prints what the one-shot
commands print; it stops at the first line refused (--keep-going runs every line) and exits
1 if any was: a file of deals can be piped in, and piped in again from the line refused.
"""

from __future__ import annotations

import gc
import itertools
import shlex
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from ..errors import ScorekeeperError
from ..i18n import _
from ..text import quoted, visible
from .options import (
    Command,
    RunState,
    echo,
    mark_recorded,
    run_state,
    session_option,
    session_path,
)
from .refusal import REFUSALS, refused
from .words import closest, command_name, game_name, said

if TYPE_CHECKING:
    from ..files import Snapshot
    from .common import DealForm

#: The commands of the sitting at the prompt (beside the game's own), and what each does.
COMMANDS = {
    "show": _("the sitting deal by deal"),
    "settle": _("who pays whom"),
    "history": _("every change after the fact"),
    "undo": _("remove the last deal (asks for a typed yes)"),
    "amend": _("change deal N: amend N ARGS (asks for a typed yes)"),
    "edit": _("the session's file in your editor"),
    "paid": _("mark the sitting paid (--undo reopens it)"),
    "join": _("seat a newcomer: join NAME [--after P]"),
    "leave": _("a player leaves the table: leave NAME"),
    "pay": _("a payment between players: pay FROM TO AMOUNT (--undo)"),
    "deal": _("a deal (the word may be left out)"),
    "new": _("start a session and play it: new GAME NAME --players A,B (or new alone)"),
    "use": _("go on with another session: use NAME"),
    "sessions": _("the folder's sessions"),
    "book": _("the club's book of every sitting"),
    "stats": _("how everyone plays"),
    "help": _("this text, or help COMMAND"),
    "quit": _("leave the shell (or Ctrl-D)"),
}
#: The answers to a question that say yes: a typed yes (or ja) to what cannot be taken
#: back, else y (or j) too; and those that say no (any other answer is no as well).
YES = ("yes", "ja")
Y = ("y", "j")
NO = ("n", "no", "nej")

Begin = Callable[[str, list[str]], "list[str] | None"]
"""Asks for what `new` lacks, given the folder and the words typed after it; all its
arguments, or None if the person gave up."""
Ask = Callable[[str, bool], bool]
"""Asks the person at the table a question; whether the answer is yes (for a destructive
change, only a typed yes is)."""


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"],
                                 "max_content_width": 80}, help=_("""\
Play a sitting at one prompt: a deal or a command a line, each deal saved at once.

Lines are a deal as 'scorekeeper deal' takes it (b 350 190 172, h b8 b2d2, b=2 c=1
d=0), or show, settle, history, undo, amend N ARGS, edit, paid, join, leave, the game's
own commands, help, quit. On a terminal the prompt says what comes next, Tab completes,
and undo and amend ask for a typed yes. Piped in, it stops at the first line refused,
saying which lines were not run (--keep-going runs them all); the exit status is 1 if
any was refused.

\b
Examples:
  scorekeeper play
  printf 'b=2 c=0 d=1 miss d\\na=1 c=1 d=1\\nsettle\\n' | scorekeeper play
"""))
@session_option
@click.option("--keep-going", is_flag=True,
              help=_("Piped in: run every line, even after one is refused."))
@click.pass_context
def play(ctx: click.Context, session: str | None, keep_going: bool) -> None:
    """A whole sitting at one prompt, or piped in."""
    gc.enable()  # a sitting is long: collect as usual
    run_state(ctx).at_prompt = True
    shell = Shell(ctx, _chosen(ctx, session))
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if terminal:
        from .prompt import interactive

        refused = interactive(shell)
    else:
        refused = piped(shell, keep_going)
    if refused and not terminal:
        ctx.exit(1)
    if shell.unprinted is not None:  # every line ran; say that the output did not come
        state = ctx.find_object(RunState)
        if state is not None and state.recorded:
            mark_recorded(ctx, "every line")
        raise shell.unprinted


def _chosen(ctx: click.Context, session: str | None) -> str | None:
    """The session to play, or None if none is chosen (none given, none current)."""
    from ..files import paths
    from .options import folder_to_list

    given = session if session is not None else ctx.find_root().params.get("session")
    if given is None and not paths.current_session(folder_to_list(ctx)):
        return None
    return session_path(ctx, session)


NO_SESSION = _("no session yet: start one with new, or use NAME")
#: Piped in with no session chosen: what to do (one line of 80 columns, "Error: " before it).
NO_SESSION_PIPED = _("no session: give -s NAME, or pipe in 'new GAME NAME --players A,B' first")


@click.command("new", context_settings={"ignore_unknown_options": True,
                                       "allow_extra_args": True})
def no_session() -> None:
    """Any command of a session, before one is chosen."""
    raise ScorekeeperError(NO_SESSION)


#: What may run before a session is chosen.
SESSIONLESS = ("new", "use", "sessions", "book", "stats", "check", "completion")


class Shell:
    """The session a `play` runs on, and how its lines become commands. The file is read
    once and kept in memory; it is read again only when it changed on disk (another window,
    another player), and a file that cannot be read for a moment is an error for the line
    typed then, not the end of the shell."""

    def __init__(self, ctx: click.Context, path: str | None) -> None:
        self.root = ctx.find_root()
        self.unprinted: OSError | None = None
        """Why a report could not be printed, if one could not."""
        self.path = ""
        """The session's file; "" before one is chosen (`new` or `use` at the prompt)."""
        if path is not None:
            self.switch(path)

    def switch(self, path: str) -> None:
        """Go on with the session at `path` (after `new` or `use`)."""
        from .main import game_cli
        from .saving import known_or_open

        read = known_or_open(self.root, path)
        self.game = read.header.game.name
        self.cli = game_cli(self.game)
        self.form: DealForm = self.cli.form
        self.path = path

    def snapshot(self) -> Snapshot:
        """The session as it is now (read again only if the file changed)."""
        from .saving import known_or_open

        if not self.path:
            raise ScorekeeperError(NO_SESSION)
        return known_or_open(self.root, self.path)

    def prompt(self, width: int | None = None) -> str:
        """What comes next, in lines of at most `width` (None: whole): cli/status."""
        from .status import prompt_lines

        try:
            read = self.snapshot()
        except ScorekeeperError:
            return _("(the file cannot be read just now)")
        return "\n".join(prompt_lines(read, width))

    def balances(self, width: int | None = None) -> str:
        """The running balances: Ann +3 · Bob -2 · pool 6 (in money when the session has a
        value), to fit `width` (None: the terminal's): cli/status."""
        import shutil

        from .status import balance_lines

        try:
            read = self.snapshot()
        except ScorekeeperError as error:
            return visible(str(error))
        return "\n".join(balance_lines(read, width or shutil.get_terminal_size().columns))

    def commands(self) -> dict[str, str]:
        """Every command at the prompt, and what each does."""
        if not self.path:
            return {said(name): about for name, about in COMMANDS.items()
                    if name in (*SESSIONLESS, "help", "quit")}
        own = {said(name): (command.get_short_help_str(60) or name)
               for name, command in self.cli.group.commands.items()
               if name not in ("new", "deal")}
        return {**{said(name): about for name, about in COMMANDS.items()}, **own}

    def command(self, words: list[str]) -> tuple[str, click.Command, list[str]] | None:
        """The command a line names, and its arguments; None to quit."""
        import os

        from . import book, pay, reading, recording, seating
        from .common import amend_command

        name = command_name(words[0]) if words else ""
        if name == "quit":
            return None
        found: dict[str, Callable[[], click.Command]] = {
            "show": lambda: reading.show, "settle": lambda: reading.settle,
            "history": lambda: reading.history_command, "undo": lambda: recording.undo,
            "edit": lambda: recording.edit, "paid": lambda: book.paid,
            "join": lambda: seating.join, "leave": lambda: seating.leave,
            "amend": lambda: amend_command(self.game, self.form),
        }
        if name == "new":  # run by Shell.new; its help is the game's own
            from ..games import NAMES
            from .main import game_cli

            game = self.game if self.path else NAMES[0]
            return name, game_cli(game).group.commands["new"], words[1:]
        if not self.path:
            return self.root_command(name, words) or ("deal", no_session, words)
        if name == "deal":  # the word a deal may begin with, as on the command line
            return name, self.cli.deal, words[1:]
        if name == "pay":  # the book of the session's own folder
            return name, pay.pay, ["--dir", os.path.dirname(self.path) or ".", *words[1:]]
        if name in found:
            return name, found[name](), words[1:]
        if name in self.cli.group.commands:
            return name, self.cli.group.commands[name], words[1:]
        return self.root_command(name, words) or ("deal", self.cli.deal, words)

    def root_command(self, name: str, words: list[str]
                     ) -> tuple[str, click.Command, list[str]] | None:
        """Any other command of the program (sessions, use, book, sheet ...), as it would
        run on its own; not play itself, nor a game's name (whose words may be a deal's)."""
        from ..games import GAMES

        group = self.root.command
        if (name in ("play", "deal") or name in GAMES or not isinstance(group, click.Group)
                or name not in group.list_commands(self.root)):
            return None
        if not self.path and name not in SESSIONLESS:
            return name, no_session, words[1:]
        found = group.get_command(self.root, name)
        return None if found is None else (name, found, words[1:])

    def new(self, args: list[str], begin: Begin | None = None) -> bool:
        """`new GAME NAME --players A,B ...`: the game's own `new`; the shell goes on with
        the session made. With `begin` (on a terminal), what is not typed is asked for."""
        from ..games import listed
        from .main import game_cli
        from .options import folder

        if begin is not None and ("--players" not in args or not args):
            asked = begin(folder(self.root), args)
            if asked is None:
                echo(_("No session was started."))
                return True
            args = asked
        game = game_name(args[0]) if args else None
        if game is None:
            click.echo(_("Error: {message}").format(message=_(
                "give the game first: new GAME NAME --players A,B (GAME: {games})").format(
                    games=listed()) if not args else _(
                "{word} is not a game here: new GAME NAME --players A,B (GAME: {games})"
            ).format(word=quoted(args[0]), games=listed())), err=True)
            return False
        state = self.root.find_object(RunState)
        if state is not None:
            state.made = None
        done = self.run(game_cli(game).group.commands["new"], "new", args[1:])
        if done and state is not None and state.made:
            self.switch(state.made)
            echo(_("Playing {path}.").format(path=self.path))
        return done

    def argv(self, command: click.Command, args: list[str]) -> list[str]:
        """A command's arguments at the prompt, with this sitting's session if it takes
        one."""
        if command.name == "sheet" and "--book" in args:  # the book of the session's folder
            import os

            return ["--dir", os.path.dirname(self.path) or ".", *args]
        takes_session = any(p.name == "session" for p in command.params)
        return ["--session", self.path, *args] if takes_session else list(args)

    def run(self, command: click.Command, name: str, args: list[str], ask: Ask | None = None
            ) -> bool:
        """Run one command as the one-shot command line would (`ask`: how to ask the
        person at the table before a change); False if it was refused."""
        if {"-s", "--session"} & set(args):
            click.echo(_("Error: {message}").format(message=_(
                "play keeps to its session ({path}): give no -s here").format(path=self.path)),
                err=True)
            return False
        state = self.root.find_object(RunState)
        recorded = state.recorded if state else None
        if state is not None:
            state.ask = ask
        try:
            with command.make_context(name, self.argv(command, args), parent=self.root) as ctx:
                command.invoke(ctx)
        except click.exceptions.Exit as done:
            return done.exit_code == 0
        except SystemExit as done:  # a command that ends its own run ends it, not the shell
            return done.code in (0, None)
        except REFUSALS as error:
            refused(error, at_prompt=True)
            return False
        except KeyboardInterrupt:  # Ctrl-C during a command: the shell stays
            done_now = state is not None and state.recorded not in (None, recorded)
            if done_now and state:
                echo(_("Interrupted: {what} was recorded.").format(what=state.recorded))
            else:
                echo(_("Interrupted."))
            return bool(done_now)
        except OSError as error:  # its report could not be printed: the next line still runs
            self.unprinted = error
        finally:
            if state is not None:
                state.ask = None
        return True

    def mistyped(self, word: str) -> str | None:
        """The command `word` may be a slip for, if it cannot start a deal (cli/words)."""
        if self.path and self.form.starts(self.snapshot(), word):
            return None
        return closest(word, list(self.commands()))


def piped(shell: Shell, keep_going: bool) -> bool:
    """Run the lines of standard input; whether any was refused. Stopped at the first
    refused (unless `keep_going`), it says which lines were not run."""
    from .lines import count_rest, lines_of

    refused = False
    for line in lines_of(sys.stdin):
        if not shell.path and not _starts(line.text or ""):
            click.echo(_("Error: {message}").format(message=NO_SESSION_PIPED), err=True)
            return True
        outcome = False if line.text is None else one_line(shell, line.text)
        if line.text is None:
            click.echo(_("Error: {message}").format(message=line.problem), err=True)
        if outcome is None:
            break
        if not outcome:
            if line.text is not None:
                click.echo(_("  (line {number}: {text})").format(
                    number=line.number, text=visible(line.text.strip())), err=True)
            refused = True
            if not keep_going:
                _stopped(line.number, count_rest(sys.stdin))
                break
    return refused


def _starts(text: str) -> bool:
    """Whether a line piped in may come before any session: a new one, or a blank line."""
    words = text.split("#", maxsplit=1)[0].split()
    return not words or command_name(words[0]) in ("new", "use") or (
        len(words) > 1 and command_name(words[1]) == "new")


def _stopped(number: int, left: int) -> None:
    if left > 1:
        said = _("Stopped at line {number}; lines {first} to {last} were not run: nothing from "
                 "line {number} on was recorded. Correct it and pipe in again from line "
                 "{number} (or give --keep-going to run every line).")
    elif left:
        said = _("Stopped at line {number}; line {first} was not run: nothing from line "
                 "{number} on was recorded. Correct it and pipe in again from line {number} "
                 "(or give --keep-going to run every line).")
    else:
        said = _("Stopped at line {number}: nothing from line {number} on was recorded. "
                 "Correct it and pipe in again from line {number} (or give --keep-going to "
                 "run every line).")
    click.echo(said.format(number=number, first=number + 1, last=number + left), err=True)


def one_line(shell: Shell, line: str, ask: Ask | None = None, begin: Begin | None = None
             ) -> bool | None:
    """Run one line: True done, False refused, None to quit. With `ask` (on a terminal),
    undo and amend show what they would do and want a typed yes, and a change is followed
    by the running balances. A file that cannot be read (broken meanwhile, in another
    window) is an error for the line, never the end of the shell."""
    try:
        return _one_line(shell, line, ask, begin)
    except REFUSALS as error:
        refused(error)
        return False


def _one_line(shell: Shell, line: str, ask: Ask | None, begin: Begin | None) -> bool | None:
    from .lines import LONGEST, redirected
    from .saving import stamp

    if len(line.encode("utf-8", "surrogateescape")) > LONGEST:
        click.echo(_("Error: {message}").format(message=_(
            "a line is at most {longest} bytes: not read").format(longest=LONGEST)), err=True)
        return False
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        click.echo(_("Error: {message}").format(message=_(
            "{error} (a quote is not closed?)").format(error=error)), err=True)
        return False
    if not words:
        return True
    first = command_name(words[0])
    if first == "help":
        from .helping import help_line

        return help_line(shell, words[1:])
    if first == "new" or (len(words) > 1 and command_name(words[1]) == "new"
                          and _is_game(first)):
        return shell.new(words[1:] if first == "new" else [first, *words[2:]], begin)
    found = shell.command(words)
    if found is None:
        return None
    name, command, args = found
    if name == "deal" and first != "deal" and (slip := slip_for(shell, words[0])):
        click.echo(_("Error: {message}").format(message=_(
            "unknown command {word}: did you mean {command}? ('help' lists them)").format(
                word=quoted(words[0]), command=slip)), err=True)
        return False
    changes = (name in ("deal", "undo", "amend", "join", "leave", "rubber", "pay")
               and "--dry-run" not in args and not {"-h", "--help"} & set(args))
    given = redirected(command, args)
    if given is None:
        return False
    args = given
    before = stamp(shell.path) if changes else None
    done = shell.run(command, name, args, ask)
    if done and name == "use" and args and not args[0].startswith("-"):
        _use(shell, " ".join(itertools.takewhile(lambda a: not a.startswith("-"), args)),
             args)
    if done and ask and changes and stamp(shell.path) != before:
        echo(shell.balances())
    return done


def _is_game(word: str) -> bool:
    return game_name(word) is not None


def _use(shell: Shell, name: str, args: list[str]) -> None:
    """After `use NAME` (its `args`, which may name a folder): the shell goes on with that
    session."""
    from ..files import paths
    from .options import folder

    given = args[args.index("--dir") + 1] if "--dir" in args[:-1] else None
    try:
        shell.switch(paths.find_session(given or folder(shell.root), name))
    except ScorekeeperError as error:
        click.echo(_("Error: {message}").format(message=visible(str(error))), err=True)
        return
    echo(_("Playing {path}.").format(path=shell.path))


def slip_for(shell: Shell, word: str) -> str | None:
    """The command `word` may be a slip for (Shell.mistyped), or None, also when the file
    cannot be read."""
    try:
        return shell.mistyped(word)
    except ScorekeeperError:
        return None  # the file cannot be read: the deal says so
