"""The program: the root command, the commands every game shares, and `main`, the one place
where errors become messages and exit codes.

Exit codes: 0 done; 1 a refused deal, a bad or missing session file or folder, a failed
check; 2 wrong usage. A change that was saved exits 0 even if its report then cannot be
printed (a note on stderr says it was recorded); anything that exits non-zero changed
nothing.
"""

from __future__ import annotations

import importlib
import os
import sys
from contextlib import suppress
from types import ModuleType
from typing import Any

import click

from .. import __version__, paths
from ..errors import ScorekeeperError, UsageError
from ..games import NAMES
from .options import (
    CONTEXT,
    RunState,
    complete_session,
    echo,
    emit,
    folder,
    mark_recorded,
    output_options,
    session_option,
    session_path,
)


def game_cli(name: str) -> ModuleType:
    """The command-line module of a game: scorekeeper.cli.<name>, with its `group` and the
    `FORM` of its deal."""
    return importlib.import_module(f"{__package__}.{name}")


class Root(click.Group):
    """The root command; each game's group is imported only when it is used. Run as a
    program (standalone), it is the one place where errors become messages and exit codes."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any
             ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        state = RunState()
        _forgiving_streams()
        try:
            result = super().main(args, prog_name, complete_var, False, obj=state, **extra)
            code = result if isinstance(result, int) else 0
        except click.exceptions.Exit as done:
            code = done.exit_code
        except click.ClickException as error:
            error.show()
            code = error.exit_code
        except (click.exceptions.Abort, KeyboardInterrupt):
            _say("Aborted: nothing more was done.")
            code = 130
        except ScorekeeperError as error:
            _say(f"Error: {_visible(str(error))}")
            code = 2 if isinstance(error, UsageError) else 1
        except OSError as error:  # the output could not be written
            code = _output_failed(state, error)
        sys.exit(_finish(state, code))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*NAMES, *sorted(self.commands)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in NAMES:
            group: click.Command = game_cli(name).group
            return group
        return self.commands.get(name)


@click.group(cls=Root, context_settings=CONTEXT)
@click.option("--dir", envvar="SCOREKEEPER_DIR", metavar="DIR",
              help="Session folder [default: $SCOREKEEPER_DIR, else the per-user data folder].")
@click.version_option(__version__, prog_name="scorekeeper")
def cli(dir: str | None) -> None:
    """Keep the score of Three-card Loo, Auction Pinochle and Bridge; settle up at the end.

    Record each deal as it ends with one short command; the balances are kept in a TOML
    session file you can read and correct, and 'settle' says who pays whom. The rules are in
    docs/rules.md.

    \b
    Example evening:
      scorekeeper loo new friday --players Ann,Bob,Cid,Dan --value 0.05 --currency kr
      scorekeeper deal Bob=2 Cid=1 Dan=0
      scorekeeper show
      scorekeeper settle
    """


@cli.command(context_settings=CONTEXT)
@output_options
@click.pass_context
def sessions(ctx: click.Context, fmt: str | None) -> None:
    """List the sessions in the session folder; the current one is marked *.

    \b
    Examples:
      scorekeeper sessions
      scorekeeper --dir sessions sessions --format json
    """
    from .. import store
    from ..render.reports import sessions as report

    root = folder(ctx)
    current = paths.current_session(root)
    rows = []
    for path in paths.list_sessions(root):
        name = paths.session_name(path)
        row: dict[str, Any] = {"name": name, "current": name == current, "path": path}
        try:
            session, standing = store.load_standing(path)
        except ScorekeeperError as error:
            row |= {"game": "unreadable", "players": [], "deals": 0, "error": str(error)}
        else:
            row |= {"game": session.game.name, "players": list(session.players),
                    "deals": standing.deals,
                    "date": session.date.isoformat() if session.date else None,
                    "paid": session.paid.isoformat() if session.paid else None}
        rows.append(row)
    emit(report(rows), fmt)


@cli.command(context_settings=CONTEXT)
@click.argument("name", shell_complete=complete_session)
@click.pass_context
def use(ctx: click.Context, name: str) -> None:
    """Make the session NAME the current one.

    \b
    Example:
      scorekeeper use friday
    """
    from .. import store

    root = folder(ctx)
    path = paths.session_path(root, paths.check_session_name(name))
    if not os.path.lexists(path):
        raise ScorekeeperError(f"no session {name!r} in {root} ('scorekeeper sessions' lists "
                               "them)")
    store.load_standing(path)
    paths.set_current(root, name)
    echo(f"'{name}' is now the current session.")


@cli.command(context_settings=CONTEXT)
@session_option
@output_options
@click.pass_context
def show(ctx: click.Context, session: str | None, fmt: str | None) -> None:
    """Show the session deal by deal, with running balances; Bridge as a score pad.

    \b
    Examples:
      scorekeeper show
      scorekeeper show -s sessions/loo-evening.toml --format github
      scorekeeper show --format json
    """
    from .. import store
    from ..render.reports import show as report

    loaded = store.load(session_path(ctx, session))
    emit(report(loaded.session, loaded.played, loaded.standing), fmt)


@cli.command(context_settings=CONTEXT)
@session_option
@output_options
@click.pass_context
def settle(ctx: click.Context, session: str | None, fmt: str | None) -> None:
    """End-of-sitting reckoning: each player's net and money, and who pays whom.

    The payments are the fewest that clear every net.

    \b
    Examples:
      scorekeeper settle
      scorekeeper settle -s sessions/loo-evening.toml --format json
    """
    from .. import store
    from ..render.reports import settle as report
    from ..session import settle as reckon

    loaded, standing = store.load_standing(session_path(ctx, session))
    emit(report(loaded, reckon(loaded, standing)), fmt)


@cli.command(context_settings=CONTEXT)
@session_option
@click.pass_context
def undo(ctx: click.Context, session: str | None) -> None:
    """Remove the last deal, saying what it removed.

    \b
    Example:
      scorekeeper undo
    """
    from .. import store
    from ..render import view_of

    done = store.undo(session_path(ctx, session))
    last = done.removed
    mark_recorded(ctx, f"the undo of deal {last.number}" if last.number else "the undo")
    view = view_of(done.session.game)
    what = view.describe(last.result)
    if last.number is not None:
        lines = [f"Removed deal {last.number} (dealt by {last.dealer}): {what}."]
    else:
        lines = [f"Removed the {what}."]
    left = done.standing.deals
    lines.append(f"{left} deal{'' if left == 1 else 's'} left; next dealer: "
                 f"{done.standing.next_dealer}.")
    echo(lines + view.undone_lines(done.session, last, done.standing))


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True)
def check(files: tuple[str, ...]) -> None:
    """Check session FILES; print every problem as FILE:LINE: message.

    Each deal's inputs are checked on their own (every problem is listed), then the deals
    are replayed up to the first that breaks a rule. Exits 1 if any file has a problem.

    \b
    Example:
      scorekeeper check sessions/*.toml
    """
    from .. import store

    failed = False
    for name in files:
        problems = store.check(name)
        if problems:
            failed = True
            click.echo("\n".join(_visible(str(p)) for p in problems), err=True)
            continue
        session, standing = store.load_standing(name)
        echo(f"{name}: ok ({session.game.name}, {len(session.players)} players, "
             f"{standing.deals} deals)")
    if failed:
        sys.exit(1)


def _visible(text: str) -> str:
    from ..render.report import visible

    return visible(text)


@cli.command(context_settings=CONTEXT)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the shell completion script for SHELL.

    \b
    Examples:
      eval "$(scorekeeper completion bash)"       (add to ~/.bashrc)
      scorekeeper completion zsh > ~/.zfunc/_scorekeeper
      scorekeeper completion fish > ~/.config/fish/completions/scorekeeper.fish
    """
    from click.shell_completion import get_completion_class

    completer = get_completion_class(shell)
    assert completer is not None
    click.echo(completer(cli, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE").source())


def main() -> None:
    """Run the program; the exit code says what happened and whether anything changed."""
    cli.main(prog_name="scorekeeper")


def _forgiving_streams() -> None:
    """Never fail on a character the terminal's encoding lacks: show it escaped."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def _say(text: str) -> None:
    with suppress(OSError, ValueError):
        click.echo(text, err=True)


def _output_failed(state: RunState, error: OSError) -> int:
    reason = error.strerror or str(error)
    _silence_stdout()
    if state.recorded:
        _say(f"Note: {state.recorded} was recorded, but its report could not be printed "
             f"({reason}).")
        return 0
    _say(f"Error: cannot write the output: {reason}")
    return 1


def _finish(state: RunState, code: int) -> int:
    try:
        sys.stdout.flush()
    except OSError as error:
        return _output_failed(state, error) if code == 0 else code
    except ValueError:  # stdout closed
        pass
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
