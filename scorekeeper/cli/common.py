"""What every game's command line shares: a game's deal as a form (its options and how they
make the entry), and the `deal` and `amend` commands built from it, so the one-shot
commands, `scorekeeper deal`, `amend` and `play` parse and record a deal the same way."""


from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..errors import RuleError, SessionError
from ..session import AnySession

if TYPE_CHECKING:
    from ..files.revise import Amended
from .options import CONTEXT, Command, echo, run_state, session_param, session_path, why_param
from .params import Count, Player


class DealForm(NamedTuple):
    """A game's deal at the command line."""

    params: list[click.Parameter]
    """The game's own options and arguments (not --dealer, --dry-run or -s)."""
    build: Callable[[AnySession, dict[str, Any]], Any]
    """Make the entry from the parsed values (players as typed; `dealer` among them),
    found among the session's players."""
    help: str
    amend_example: str
    """N and a deal's arguments, for the examples of `amend --help`."""
    check: Callable[[dict[str, Any]], None] = lambda values: None
    """Refuse options that exclude each other (click.UsageError), before any file is read."""


class GameCli(NamedTuple):
    """A game at the command line: its group (`new`, `deal` and the game's own commands)
    and the form of its deal."""

    group: click.Group
    form: DealForm

    @property
    def deal(self) -> click.Command:
        return self.group.commands["deal"]


def game_command_line(game: str, group: click.Group, form: DealForm) -> GameCli:
    """The game's command line: its group, given the game's `deal` made from `form`."""
    group.add_command(deal_command(game, form))
    return GameCli(group, form)


DEAL_HINT = ": use 'scorekeeper deal', which knows each session's game"


def of_game(session: AnySession, game: str, hint: str = "") -> AnySession:
    """`session`, if it is a session of `game` (else an error ending with `hint`)."""
    if session.game.name != game:
        raise SessionError(f"session {session.name!r} is a {session.game.name} session, not "
                           f"{game}{hint}")
    return session


def find(session: AnySession, typed: str | None) -> str | None:
    """The player `typed` names, or None for nothing typed."""
    return None if typed is None else session.players.find(typed)


def find_all(session: AnySession, named: tuple[tuple[str, int], ...] | None
             ) -> dict[str, int]:
    """Each PLAYER=N as typed, the players found, in seat order; each at most once."""
    found: dict[str, int] = {}
    for typed, count in named or ():
        player = session.players.find(typed)
        if player in found:
            raise RuleError(f"{player} is named twice")
        found[player] = count
    return {p: found[p] for p in session.players if p in found}


class GameCommand(Command):
    """A command whose rule errors may ask for an input: the message then names the option
    that gives it ("... (--order)")."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RuleError as error:
            flag = self.flag_for(error.asks)
            if flag and flag not in str(error):
                raise RuleError(f"{error} ({flag})", error.field) from None
            raise

    def flag_for(self, asks: str | None) -> str | None:
        """The option (or options, for "a|b|c") that give what a rule error asks for."""
        flags = []
        for name in (asks or "").split("|"):
            for param in self.params:
                if param.name == name:
                    flags.append(max(param.opts, key=len) if isinstance(param, click.Option)
                                 else param.human_readable_name.rstrip("."))
        if len(flags) > 1:
            return f"{', '.join(flags[:-1])} or {flags[-1]}"
        return flags[0] if flags else None


def _common_deal_options() -> list[click.Parameter]:
    return [
        click.Option(["--dealer"], type=Player(), metavar="P",
                     help="Who dealt [default: the next in turn]."),
        click.Option(["--dry-run"], is_flag=True, help="Show what the deal would do; save "
                                                       "nothing."),
    ]


def deal_command(game: str, form: DealForm) -> click.Command:
    """The game's `deal`: record one deal, say what it did and what comes next."""

    def record(**values: Any) -> None:
        from ..render import view_of
        from .saving import record

        ctx = click.get_current_context()
        form.check(values)
        dry_run = values.pop("dry_run")
        path = session_path(ctx, values.pop("session"))
        done = record(ctx, path, lambda before: form.build(
            of_game(before.header, game, DEAL_HINT), values), dry_run)
        header = done.before.header
        lines = view_of(header.game).recorded(header, done.played, done.standing)
        echo(["Dry run: nothing saved."] * dry_run + lines)

    params = [*form.params, *_common_deal_options(), session_param()]
    return GameCommand("deal", params=params, callback=record, help=form.help,
                       context_settings=CONTEXT)


def amend_command(game: str, form: DealForm) -> click.Command:
    """`amend N`: deal N gets new inputs; every later deal is replayed."""

    def amend(number: int, **values: Any) -> None:
        from ..files import revise
        from ..render import view_of
        from .saving import change, known_or_open

        ctx = click.get_current_context()
        form.check(values)
        dry_run, why, as_recorded = (values.pop(k) for k in ("dry_run", "why", "as_recorded"))
        why = why or ""
        path = session_path(ctx, values.pop("session"))

        def compute(before: Any) -> tuple[Any, Amended]:
            done = revise.amend(before, number, form.build(of_game(before.header, game),
                                                           values), why, as_recorded)
            return done.change, done

        if dry_run:
            echo(["Dry run: nothing saved.", *amended_lines(
                compute(known_or_open(ctx, path))[1], number)])
            return
        asking = run_state(ctx).ask is not None
        done = change(ctx, path, compute, lambda _: f"the change to deal {number}",
                      lambda made: (amended_lines(made, number), "Type yes to make this change: "))
        if done is None:
            return
        if asking:  # its change was shown before the yes
            word = view_of(done.before.header.game).deal_word.lower()
            echo(f"Saved the change to {word} {number}.")
        else:
            echo(amended_lines(done, number))

    number = click.Argument(["number"], type=Count(1), metavar="N")
    as_recorded = click.Option(
        ["--as-recorded"], is_flag=True,
        help="Keep a later deal that would read otherwise as it was played, written out in "
             "full (a Loo must recorded in short).")
    params = [number, *form.params, *_common_deal_options(), why_param(), as_recorded,
              session_param()]
    return GameCommand("amend", params=params, callback=amend, context_settings=CONTEXT,
                       help=AMEND_HELP.format(example=form.amend_example))


AMEND_HELP = """Replace deal N's inputs with ARGS (as `deal` takes them); replay every later deal.

It says what deal N was and is, each later deal whose result changes, and the nets that
move; the change, and why (--why), is kept in the session's history. Refused, with the file
unchanged, if deal N or any later deal then breaks a rule (the message names the first), or
if a later deal would read otherwise than it was recorded (--as-recorded keeps it as it was
played). --dry-run shows it all and saves nothing.

\b
Examples:
  scorekeeper amend {example}
  scorekeeper amend {example} --dry-run
  scorekeeper amend {example} --why "the miss was Bob's"
"""


def amended_lines(done: Amended, number: int) -> list[str]:
    from ..render import view_of

    view = view_of(done.before.header.game)
    lines = view.amended(number, done.outcome, done.position)
    for index in done.rewritten:
        played = done.played[index]
        what = f"{view.deal_word} {played.number}" if played.number else f"Entry {index + 1}"
        lines.insert(2, f"{what} is kept as it was played, written out in full.")
    return lines
