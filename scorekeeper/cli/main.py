"""The program: the root command, which finds each command where it lives, and `main`, the
one place where errors become messages and exit codes.

Exit codes: 0 done; 1 a refused deal, a bad or missing session file or folder, a failed
check; 2 wrong usage. A change that was saved exits 0 even if its report then cannot be
printed (a note on stderr says it was recorded); anything that exits non-zero changed
nothing.
"""

from __future__ import annotations

import errno
import importlib
import io
import os
import sys
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NoReturn

import click

from .. import __version__, i18n
from ..errors import ScorekeeperError
from ..games import GAMES, listed
from ..i18n import _
from ..text import quoted
from .interrupts import signals
from .options import CONTEXT, Quick, RunState, complete_session
from .refusal import REFUSALS, refused

if TYPE_CHECKING:
    from .common import GameCli

#: The commands every game shares, by the module that holds each ("module:name" where the
#: function has another name): a command is imported only when it is run (or help lists
#: them all).
COMMANDS = {
    "deal": "recording", "amend": "recording", "undo": "recording", "edit": "recording",
    "play": "play",
    "show": "reading", "settle": "reading", "sessions": "reading", "use": "reading",
    "paid": "book", "book": "book:book_command", "stats": "book",
    "join": "seating", "leave": "seating",
    "history": "reading:history_command", "check": "reading", "completion": "reading",
    "pay": "pay",
    "sheet": "sheet",
}


def game_cli(name: str) -> GameCli:
    """A game at the command line: the `CLI` of scorekeeper.cli.<name>."""
    from .common import GameCli

    found = importlib.import_module(f"{__package__}.{name}").CLI
    if not isinstance(found, GameCli):
        raise TypeError(f"scorekeeper.cli.{name}.CLI is not a GameCli")
    return found


#: How writing the output fails: a closed pipe, a full disk, a terminal gone.
OUTPUT_FAILURES = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT,
                   errno.EFBIG, errno.ECONNRESET}


class Interrupted(Exception):
    """Ctrl-C (the command says itself whether anything was changed)."""


class Unwritable(Exception):
    """The output could not be written (a closed pipe, a full disk)."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        super().__init__(str(error))


class Root(Quick, click.Group):
    """The root command; each game's group and each command is imported only when it is
    used. Run as a program (standalone), it is the one place where errors become messages
    and exit codes."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any
             ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        with i18n.spoken(i18n.speaking()):  # a --lang given to this run ends with it
            self._standalone(args, prog_name, complete_var, **extra)

    def _standalone(self, args: Any, prog_name: str | None, complete_var: str | None,
                    **extra: Any) -> NoReturn:
        state = RunState()
        _forgiving_streams()
        if os.environ.get("_SCOREKEEPER_COMPLETE"):
            _complete(lambda: super(Root, self).main(args, prog_name, complete_var, False))
        try:
            result = super().main(args, prog_name, complete_var, False, obj=state, **extra)
            code = result if isinstance(result, int) else 0
        except click.exceptions.Exit as done:
            code = done.exit_code
        except (click.exceptions.Abort, KeyboardInterrupt, Interrupted):
            code = _interrupted(state)
        except REFUSALS as error:
            code = refused(error)
        except Unwritable as error:
            code = _output_failed(state, error.error)
        except OSError as error:  # --help or --version, printed before any command runs
            code = _output_failed(state, error)
        if state.recorded:  # from here on Ctrl-C could only kill it and hide the change
            signal = signals()
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.exit(_finish(state, code))

    def invoke(self, ctx: click.Context) -> Any:
        try:
            _session_taken(self, ctx)
            return super().invoke(ctx)
        except KeyboardInterrupt:  # before click's own answer, a blank line
            raise Interrupted from None
        except OSError as error:  # click would end a closed pipe itself, with no word
            if error.filename is None and error.errno in OUTPUT_FAILURES:
                raise Unwritable(error) from None
            where = f": {error.filename}" if error.filename else ""
            raise ScorekeeperError(f"{error.strerror or error}{where}") from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*GAMES, *COMMANDS]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMANDS:
            module_name, _sep, attribute = COMMANDS[name].partition(":")
            module = importlib.import_module(f"{__package__}.{module_name}")
            command: click.Command = getattr(module, attribute or name)
            return command
        if name in GAMES:
            game: str | None = name
        else:  # its own word in the language spoken (lu), or another case (LOO)
            from .words import game_name

            game = game_name(name)
        if game is None:
            return None
        group: click.Command = game_cli(game).group
        return group

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            _refuse_unknown(ctx, args[0], self.list_commands(ctx))
        return super().resolve_command(ctx, args)


def _refuse_unknown(ctx: click.Context, word: str, commands: list[str]) -> None:
    """A first word that is no command, said with what was meant when there is a guess:
    `new` (or Danish ny) before its game, the prompt's own word for a command (vis: show),
    or a slip (shwo: show)."""
    import difflib

    from .words import command_name, meant

    named = command_name(word)  # the prompt's own word (vis: show), if it is one
    if named == "new":
        raise click.UsageError(_("the game comes first: scorekeeper GAME new NAME --players "
                                 "A,B,C (GAME: {games})").format(games=listed()), ctx)
    close = ([meant(word, commands)] if meant(word, commands) else ["--help"]
             if named == "help" else difflib.get_close_matches(word.lower(), commands, 1, 0.7))
    if close:
        raise click.UsageError(_("no command {word}: did you mean {command}?").format(
            word=quoted(word), command=close[0]), ctx)


@click.group(cls=Root, context_settings=CONTEXT, help=_("""\
Keep the score of card games (each game is a command below); settle up at the end.

Record each deal as it ends with one short command; the balances are kept in a TOML
session file you can read and correct, and 'settle' says who pays whom. The rules, with
their sources, are in docs/rules.md of the source (beside the README).

\b
Example evening:
  scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05
  scorekeeper deal Bob=2 Cid=1 Dan=0
  scorekeeper show
  scorekeeper settle
"""))
@click.option("--dir", envvar="SCOREKEEPER_DIR", metavar=_("DIR"),
              help=_("Session folder [default: $SCOREKEEPER_DIR, else the per-user data "
                     "folder]."))
@click.option("-s", "--session", metavar="S", shell_complete=complete_session,
              help=_("Session name (found in any case), or path to a .toml file (as -s "
                     "after the command)."))
@click.option("--lang", type=click.Choice(i18n.LANGUAGES, case_sensitive=False),
              expose_value=False, is_eager=True,
              callback=lambda ctx, param, value: _use_language(value),
              help=_("Language of what is printed (da: Danish) [default: $SCOREKEEPER_LANG, "
                     "else the locale's, else English]."))
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, param, value: _show_version(ctx, value),
              help=_("Show the version and exit."))
def cli(dir: str | None, session: str | None) -> None:
    """The root command: its help is its `help`, in the language chosen."""


def _session_taken(root: click.Group, ctx: click.Context) -> None:
    """-s before the command is the command's -s: refused (a usage error) for a command
    that takes no session."""
    if ctx.params.get("session") is None or ctx.resilient_parsing:
        return
    args = [*ctx._protected_args, *ctx.args]
    command = root.get_command(ctx, args[0]) if args else None
    if isinstance(command, click.Group) and len(args) > 1:
        command = command.get_command(ctx, args[1])
    if command is not None and not any(p.name == "session" for p in command.params):
        raise click.UsageError(_("-s chooses a session, and '{command}' takes none: leave "
                                 "it out").format(command=command.name), ctx)


def _use_language(value: str | None) -> None:
    """--lang, when the program was not started by its entry point (which chose already)."""
    if value and value != i18n.speaking().code:
        i18n.use(i18n.language(value))


def _show_version(ctx: click.Context, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(_("scorekeeper, version {version}").format(version=__version__))
        ctx.exit()


def main() -> None:
    """Run the program; the exit code says what happened and whether anything changed."""
    cli.main(prog_name="scorekeeper")


def _complete(run: Any) -> None:
    """Shell completion: whatever the shell's variables hold, no traceback."""
    try:
        run()
    except Exception:  # a completion that cannot be made offers nothing
        sys.exit(1)


class _Closed(io.TextIOBase):
    """A standard stream the program was started without (`>&-`): writing to it fails as
    writing to a closed file does, so a change still says it was recorded."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, _("the output is closed"))

    def isatty(self) -> bool:
        return False


def _forgiving_streams() -> None:
    """Never fail on a character the terminal's encoding lacks: show it escaped. A stream
    the program was started without is one that reads nothing, or fails to write."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull)  # noqa: SIM115 - it stays open for the whole run
    if sys.stdout is None:
        sys.stdout = _Closed()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - it stays open for the whole run
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def _say(text: str) -> None:
    with suppress(OSError, ValueError):
        click.echo(text, err=True)


def _interrupted(state: RunState) -> int:
    _say_on_a_new_line()
    if state.recorded:  # the change was made before Ctrl-C took effect: say so, exit 0
        _say(_("Note: {what} was recorded; then interrupted.").format(what=state.recorded))
        return 0
    _say(_("Aborted: nothing was changed."))
    return 130


def _say_on_a_new_line() -> None:
    """After ^C on a terminal, the cursor stands after it."""
    with suppress(OSError, ValueError):
        if sys.stderr.isatty():
            click.echo(err=True)


def _output_failed(state: RunState, error: OSError) -> int:
    reason = error.strerror or str(error)
    _silence(sys.stdout)
    if state.recorded:
        _say(_("Note: {what} was recorded, but its report could not be printed ({reason}).")
             .format(what=state.recorded, reason=reason))
        return 0
    if error.errno != errno.EPIPE:  # a reader that stopped reading (show | head) wants no word
        _say(_("Error: cannot write the output: {reason}").format(reason=reason))
    return 1


def _finish(state: RunState, code: int) -> int:
    """The exit code, once what is left of the output is written (or cannot be)."""
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        _silence(sys.stderr)  # nowhere left to say anything
    try:
        sys.stdout.flush()
    except OSError as error:
        if code == 0:
            return _output_failed(state, error)
        _silence(sys.stdout)  # the exit code already tells
    except ValueError:  # stdout closed
        pass
    return code


def _silence(stream: Any) -> None:
    """Point `stream` at /dev/null, so that Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass
