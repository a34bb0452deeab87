"""Options every command shares, the session a command works on, and printing."""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..files import paths
from ..i18n import _
from ..text import quoted
from .params import Date, Label, Names, Player, Value, Why

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..files import Snapshot
    from ..render.chart import Canvas
    from .saving import Holding

F = TypeVar("F", bound=Callable[..., Any])
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 80}
FORMATS = ["simple", "json", "csv", "github", "grid", "plain", "pipe", "rst", "tsv"]
#: The word click marks a required option with ("[required]"): click looks it up by a
#: variable, so it is given here as a literal for the catalogue to hold.
REQUIRED = _("required")


class Quick:
    """What makes a command start fast, for click.Command and click.Group alike.

    - Short options (-s) are found at once: click tries a single-dash option as a long one
      first, and the error it builds and throws away imports difflib (2 ms a deal).
    - -h/--help is made without click's translated help text: click looking the text up
      loads the locale machinery (1 ms a deal) for a message nobody asked to see; this
      program's `_` looks nothing up in English.

    Its usage line says [OPTIONS] and COMMAND [ARGS]... in the language chosen.

    It also refuses an option given twice (click would keep the last without a word):
    `--tricks a=9 --tricks e=4` is a slip, not a correction.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, english, shown in (("options_metavar", "[OPTIONS]", _("[OPTIONS]")), (
                "subcommand_metavar", "COMMAND [ARGS]...", _("COMMAND [ARGS]..."))):
            if getattr(self, name, None) == english:  # click's own, not the command's
                setattr(self, name, shown)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, at `play`'s prompt without -s, which the shell gives itself (and
        refuses)."""
        state = ctx.find_object(RunState)
        if state is None or not state.at_prompt:
            super().format_options(ctx, formatter)  # type: ignore[misc]
            return
        command: click.Command = self  # type: ignore[assignment]
        kept = command.params
        command.params = [p for p in kept if p.name != "session"]
        try:
            super().format_options(ctx, formatter)  # type: ignore[misc]
        finally:
            command.params = kept

    def get_help(self, ctx: click.Context) -> str:
        """The help, its example lines fitted to the terminal (cli/helpformat)."""
        import shutil

        from .helpformat import fitted

        return fitted(super().get_help(ctx),  # type: ignore[misc]
                      ctx.terminal_width or shutil.get_terminal_size().columns)

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)  # type: ignore[misc]
        parser._long_opt.update(parser._short_opt)
        parse = parser.parse_args

        def parse_once(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            if not ctx.resilient_parsing:
                _refuse_repeats(ctx, order)
            return {k: _normal(v) if k != "dir" else v for k, v in opts.items()}, rest, order

        parser.parse_args = parse_once
        return parser

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        names = ctx.help_option_names
        if not names or not getattr(self, "add_help_option", True):
            return None
        made = getattr(self, "_quick_help", None)
        if made is None:  # made once: click orders eager options by identity
            made = click.Option(names, is_flag=True, expose_value=False, is_eager=True,
                                callback=_show_help, help=_("Show this message and exit."))
            self._quick_help = made
        return made


def _normal(typed: Any) -> Any:
    """What was typed with its names in NFC (text.normal), where a name comes in from the
    command line (and from play's lines, which run the same commands); a path (a folder,
    a file: on Linux its name is its bytes) is left as typed."""
    from ..files.paths import is_path
    from ..text import normal

    if isinstance(typed, str):
        return typed if typed.isascii() or is_path(typed) else normal(typed)
    if isinstance(typed, (list, tuple)):
        return type(typed)(_normal(t) for t in typed)
    return typed


def _refuse_repeats(ctx: click.Context, order: list[click.Parameter]) -> None:
    seen: set[int] = set()
    for param in order:
        if isinstance(param, click.Option) and not (param.multiple or param.count
                                                    or param.is_eager):
            if id(param) in seen:
                name = max(param.opts, key=len)
                raise click.UsageError(_("{name} is given twice; give it once.").format(name=name),
                                       ctx)
            seen.add(id(param))


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


class Command(Quick, click.Command):
    pass


class Group(Quick, click.Group):
    command_class = Command

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """A command of the group; the prompt's own word for one (Danish ny: new) names
        it in the refusal."""
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            from .words import meant

            named = meant(args[0], self.commands)
            if named is not None:
                raise click.UsageError(_("no command {word}: did you mean {command}?").format(
                    word=quoted(args[0]), command=named), ctx)
        return super().resolve_command(ctx, args)


class RunState:
    """What a run did that its exit code must tell: a change recorded. Set before the
    report is printed, so that a report that cannot be printed does not hide it. `play`
    adds how to ask the person at the table, and keeps the file as it last read it."""

    def __init__(self) -> None:
        self.recorded: str | None = None
        self.ask: Callable[[str, bool], bool] | None = None
        """Asks a question and says whether the answer is yes (to a destructive change,
        only a typed yes is); set by `play` on a terminal, where undo and amend show what
        they would do and wait for a yes."""
        self.last_deal: tuple[int, dict[str, object]] | None = None
        """The deal recorded last in this run: its number, and its inputs."""
        self.known: Snapshot | None = None
        """The session as last read, which a change may be made from if the file still
        holds its bytes (so that it is not read again)."""
        self.made: str | None = None
        """The file of the session `new` made last in this run (`play` goes on with it)."""
        self.at_prompt = False
        """Whether the commands run at `play`'s prompt (their help names no -s, --dir)."""
        self.held: Holding | None = None
        """The session's lock, when the command took it before reading the file at all
        (`scorekeeper deal`, which learns the game from the file it then changes)."""


def run_state(ctx: click.Context) -> RunState:
    state = ctx.find_object(RunState)
    return state if state is not None else RunState()


def mark_recorded(ctx: click.Context, what: str) -> None:
    state = ctx.find_object(RunState)
    if state is not None:
        state.recorded = what


def echo(lines: list[str] | str) -> None:
    """Print lines of text, each wrapped to the terminal's width (into a pipe, as they are)."""
    from ..text import visible

    text = visible(lines if isinstance(lines, str) else "\n".join(lines))
    width = output_width()
    if width is not None:
        from ..render.layout import prose

        text = "\n".join(part for line in text.split("\n") for part in prose(line, width))
    click.echo(text)


def folder(ctx: click.Context) -> str:
    """The session folder: --dir, $SCOREKEEPER_DIR, or the per-user data folder."""
    return paths.session_dir(ctx.find_root().params.get("dir"))


def folder_to_list(ctx: click.Context) -> str:
    """The session folder, for a command that lists it: one named with --dir or
    $SCOREKEEPER_DIR must exist (the per-user one need not, before the first session)."""
    from ..errors import SessionError

    root = folder(ctx)
    if ctx.find_root().params.get("dir") and not os.path.isdir(root):
        raise SessionError(_("no folder {root} (--dir or $SCOREKEEPER_DIR)").format(
            root=quoted(root)))
    return root


def session_path(ctx: click.Context, spec: str | None) -> str:
    """The file of the session a command names (-s after it, else before it, else
    $SCOREKEEPER_SESSION, else the current one)."""
    from click.core import ParameterSource

    before = ctx.find_root().params.get("session")
    if before is not None and ctx.get_parameter_source("session") != ParameterSource.COMMANDLINE:
        spec = before
    if spec is not None and not spec.strip():
        raise click.UsageError(_("-s needs a session name (or leave it out for the current "
                                 "session)"))
    if spec and paths.is_path(spec):
        return paths.session_path("", spec)
    return paths.find_session(folder_to_list(ctx), spec)  # a folder named must exist


def complete_session(ctx: click.Context, param: click.Parameter, incomplete: str
                     ) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    try:
        names = [paths.session_name(p) for p in paths.list_sessions(folder(ctx))]
    except Exception:
        return []
    return [CompletionItem(for_bash(n)) for n in paths.starting(names, incomplete.lstrip("'\""))]


def for_bash(word: str) -> str:
    """`word` as bash must be given it, quoted if it holds a space or a quote: bash inserts
    what it is given as it is, where zsh and fish quote it, and play escapes its spaces."""
    import shlex

    special = any(c.isspace() or c in "'\"\\$`|&;<>()*?[]#~!{}" for c in word)
    if special and os.environ.get("_SCOREKEEPER_COMPLETE", "").startswith("bash"):
        return shlex.quote(word)
    return word


SESSION: dict[str, Any] = {
    "metavar": "S", "envvar": "SCOREKEEPER_SESSION", "shell_complete": complete_session,
    "help": _("Session name, or path to a .toml file [default: $SCOREKEEPER_SESSION, else the "
              "current session]; a name is found in any case."),
}


def _take_dir(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.find_root().params["dir"] = value


#: --dir after the command, as before it: `book --dir sessions/club`.
DIR: dict[str, Any] = {
    "metavar": _("DIR"), "expose_value": False, "is_eager": True, "callback": _take_dir,
    "help": _("Session folder (as --dir before the command)."),
}


def dir_option(f: F) -> F:
    return click.option("--dir", **DIR)(f)


def session_params() -> list[click.Option]:
    """-s and --dir, as objects (for a command built of its parameters)."""
    return [click.Option(["-s", "--session"], **SESSION), click.Option(["--dir"], **DIR)]


def session_option(f: F) -> F:
    """-s, and --dir."""
    return dir_option(click.option("-s", "--session", **SESSION)(f))


WHY: dict[str, Any] = {"type": Why(), "metavar": _("TEXT"),
                       "help": _("Why the change is made, kept in the session's history.")}


def why_param() -> click.Option:
    return click.Option(["--why"], **WHY)


def why_option(f: F) -> F:
    return click.option("--why", **WHY)(f)


def session_command(f: Callable[..., None]) -> click.Command:
    """A command on one session, `f(ctx, session)`: -s, and the context."""
    return click.command(context_settings=CONTEXT, cls=Command)(session_option(
        click.pass_context(f)))


def _check_format(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from ..errors import UsageError
    from ..render.report import check_format

    try:
        chosen = None if value is None else check_format(value)
    except UsageError as error:
        raise click.BadParameter(str(error), ctx, param) from None
    return chosen


def _complete_format(ctx: click.Context, param: click.Parameter, incomplete: str
                     ) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(f) for f in FORMATS if f.startswith(incomplete)]


def output_options(f: F) -> F:
    """--format: json, csv or a table format; the default is a simple table (or the
    command's own drawing, such as the Bridge score pad)."""
    return click.option(
        "--format", "fmt", metavar="F", callback=_check_format,
        shell_complete=_complete_format,
        help=_("json, csv, or a table format: simple (the default), github, grid, plain, ..."),
    )(f)


def table_option(*names: str) -> Callable[[F], F]:
    """--table NAME: which of a command's tables a CSV holds (the first if not given), or
    a table format prints (all if not given)."""
    return click.option("--table", type=click.Choice(names, case_sensitive=False),
                        help=_("The table to print: {names} (a CSV holds one: the first, "
                               "{first}, if not given).").format(names=", ".join(names),
                                                                 first=names[0]))


def emit(report: Any, fmt: str | None, table: str | None = None) -> None:
    """Print a report in `fmt`, its tables fitted to the width of the terminal (or of
    $COLUMNS); into a pipe or a file, lines are not wrapped."""
    from ..render.report import emit as render

    to_file = _output_file()
    width = output_width() if fmt not in ("json", "csv") and to_file is None else None
    if table is not None and fmt == "json":
        raise click.UsageError(_("--table chooses a table of csv or a table format, not json"))
    put(render(report, fmt, width, table))


def _take_output(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        if not value.strip():
            raise click.BadParameter(_("give a file name"), ctx, param)
        where = os.path.dirname(os.path.abspath(value))
        if not os.path.isdir(where):
            from ..errors import SessionError

            raise SessionError(_("no folder {folder} to write {file} in").format(
                folder=quoted(where), file=quoted(value)))
        vars(ctx)["scorekeeper_output"] = value  # this command's own (meta is shared)


def output_file_option(f: F) -> F:
    """--output FILE: the report written to FILE (replaced atomically) instead of printed."""
    return click.option("--output", metavar=_("FILE"), expose_value=False,
                        callback=_take_output,
                        help=_("Write it to FILE (replaced whole) instead of printing it."))(f)


def _output_file() -> str | None:
    ctx = click.get_current_context(silent=True)
    found = getattr(ctx, "scorekeeper_output", None)
    return found if isinstance(found, str) else None


def writes_to_file() -> bool:
    """Whether the report goes to the file --output names."""
    return _output_file() is not None


def put(text: str) -> None:
    """Print a report, or write it to the file --output names (whole, or not at all)."""
    to_file = _output_file()
    if to_file is None:
        click.echo(text)
        return
    from ..files.atomic import write_atomic

    write_atomic(os.path.abspath(to_file), (text + "\n").encode("utf-8"))
    click.echo(_("Written to {file}.").format(file=to_file), err=True)


def canvas() -> Canvas:
    """A chart's size, to fit the terminal (or $COLUMNS and $LINES), and its colour: on a
    terminal, unless $NO_COLOR is set and not empty or $TERM is dumb."""
    import shutil

    from ..render.chart import Canvas

    size = shutil.get_terminal_size()
    return Canvas(min(size.columns, 100), min(max(size.lines - 2, 12), 24), colour())


def colour() -> bool:
    """Whether output may be in colour (https://no-color.org)."""
    return (sys.stdout.isatty() and _output_file() is None and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb")


def draw_chart(draw: Callable[[Canvas], str]) -> None:
    """Print a chart drawn to fit the terminal; a terminal too small is said plainly."""
    from ..errors import ScorekeeperError
    from ..render.chart import TooSmall

    try:
        put(draw(canvas()))
    except TooSmall as error:
        raise ScorekeeperError(_("{message} (widen it, or set COLUMNS and LINES)").format(
            message=error)) from None


def output_width() -> int | None:
    """The terminal's width, or $COLUMNS; None when writing to a pipe or a file."""
    if "COLUMNS" in os.environ or sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size().columns
    return None


def new_session_options(f: F) -> F:
    """The options every game's `new` shares."""
    options = [
        click.argument("name", metavar=_("NAME")),
        click.option("--players", required=True, type=Names(new=True), metavar="A,B,C",
                     help=_("The players in seat order, comma-separated.")),
        click.option("--value", type=Value(), default="1", show_default=True,
                     help=_("Money per unit, e.g. 0.05.")),
        click.option("--currency", type=Label(), default="", metavar="C",
                     help=_("Currency label, e.g. kr.")),
        click.option("--first-dealer", type=Player(), metavar="P",
                     help=_("Who deals first [default: the first player].")),
        click.option("--date", type=Date(), help=_("The day of the sitting [default: today].")),
        click.option("--force", is_flag=True, help=_("Replace a session of the same name.")),
        dir_option,
    ]
    for option in reversed(options):
        f = option(f)
    return f


def create_session(ctx: click.Context, game: str, settings: Any, options: dict[str, Any]
                   ) -> tuple[Any, str]:
    """Write a new session from `new`'s shared options; make it the current one."""
    from .. import files
    from ..errors import ScorekeeperError
    from ..games import get_game
    from ..session import Session
    from ..typed import not_after
    from .interrupts import held_interrupt

    today = datetime.date.today()
    name: str = options["name"]
    root = "" if paths.is_path(name) else folder(ctx)
    path = (root and paths.same_session(root, name)) or paths.session_path(root, name)
    session = Session(get_game(game), options["players"], settings, (), options["value"],
                      options["currency"], options["first_dealer"], paths.session_name(path),
                      not_after(options["date"] or today, today))
    with held_interrupt() as on_locked:
        kept = files.create(path, session, options["force"], on_locked)
        mark_recorded(ctx, _("the new session {name}").format(name=quoted(session.name)))
        run_state(ctx).made = path
    if kept:
        click.echo(_("The session it replaces is kept as {kept}.").format(kept=kept), err=True)
    if root:
        try:
            paths.set_current(root, session.name)
        except (OSError, ScorekeeperError) as error:
            click.echo(_("Warning: {session} was made, but could not be made the current "
                         "session ({error}): name it with -s {name}").format(
                             session=quoted(session.name), error=error, name=session.name),
                   err=True)
    where = os.path.relpath(path) if not os.path.isabs(name) and root == "" else path
    return session, where
