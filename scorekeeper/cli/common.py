"""What every game's command line shares: a game's deal as a form (its options and how they
make the entry), and the `deal` and `amend` commands built from it, so the one-shot
commands, `scorekeeper deal`, `amend` and `play` parse and record a deal the same way."""


from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import RuleError, ScorekeeperError, SessionError
from ..games import in_a_table
from ..games.players import Players
from ..i18n import _
from ..session import AnySession

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..files.revise import Amended
    from ..tablenow import TableNow
from ..text import quoted
from ..values import value
from .options import CONTEXT, Command, echo, run_state, session_params, session_path, why_param
from .params import Count, Player, dealers

Values = dict[str, Any]
"""A deal's inputs as the long options give them, by option name."""


def _keep(old: Values, given: Values) -> Values:
    return old | given


@value
class DealForm:
    """A game's deal at the command line: its short form (words) and its long options,
    both read into the same values, from which the entry is built."""

    params: list[click.Parameter]
    """The game's own options (not --dealer, --dry-run or -s)."""
    words: str
    """The short form, as usage shows it: BIDDER BID MELD [TOOK|d|c|x]."""
    short: Callable[[list[str]], Values]
    """The values the short form's words give (click.UsageError for a word it cannot
    read); players stay as typed."""
    build: Callable[[Players, Values], Any]
    """Make the entry from the values (players as typed; `dealer` among them), found
    among the players at the table."""
    values_of: Callable[[Any], Values]
    """A recorded entry as values: what `amend N --one-option` starts from."""
    help: str
    amend_example: str
    """N and a deal's arguments, for the examples of `amend --help`."""
    check: Callable[[Values], None] = lambda values: None
    """Refuse options that exclude each other (click.UsageError), before any file is read."""
    merge: Callable[[Values, Values], Values] = _keep
    """A deal's values with some of them given anew (`amend N --took 150`): an option that
    excludes others clears them."""
    hints: Mapping[str, str] = MappingProxyType({})
    """What gives an input that is not an option of its own (Loo's tricks: PLAYER=N)."""
    said: Mapping[str, str] = MappingProxyType({})
    """How the short form gives an input a rule error asks for (Pinochle's took: TOOK; Loo's
    order: o ada), named beside the option when the deal was typed short."""
    complete: Callable[[Any, list[str], str], list[tuple[str, str]]] = (
        lambda read, words, incomplete: [])
    """What may come next in the short form: given the session as read (its `table_now`:
    who sits, who deals; for amend N the table as deal N was dealt), the words typed before
    and the one being typed, each candidate and what it is."""
    starts: Callable[[Any, str], bool] = lambda read, word: True
    """Whether a deal may begin with `word` (given the session as read): a word that
    cannot, but is near a command's name, is taken for a slip (`shwo`)."""


@value
class GameCli:
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


OFFERED = "scorekeeper.offered"
"""Where a helper at the prompt keeps what it counted for the next deal to take (Pinochle's
`meld`, whose total `=` takes): in the `meta` every command of one shell shares (a one-shot
command has none), forgotten once a deal is recorded."""

DEAL_HINT = "deal"
"""Given as `hint`: the error says to use 'scorekeeper deal', which knows each session's
game."""


def of_game(session: AnySession, game: str, hint: str = "") -> AnySession:
    """`session`, if it is a session of `game` (else an error, with DEAL_HINT's if `hint`
    is it)."""
    if session.game.name != game:
        if hint == DEAL_HINT:
            raise SessionError(_("session {name} is a {game} session, not {wanted}: use "
                                 "'scorekeeper deal', which knows each session's game").format(
                                     name=quoted(session.name),
                                     game=in_a_table(session.game.name),
                                     wanted=in_a_table(game)))
        raise SessionError(_("session {name} is a {game} session, not {wanted}").format(
            name=quoted(session.name), game=in_a_table(session.game.name),
            wanted=in_a_table(game)))
    return session


def find(players: Players, typed: str | None) -> str | None:
    """The player `typed` names, or None for nothing typed."""
    return None if typed is None else players.find(typed)


def find_all(players: Players, named: tuple[tuple[str, int], ...] | None) -> dict[str, int]:
    """Each PLAYER=N as typed, the players found, in seat order; each at most once."""
    found: dict[str, int] = {}
    for typed, count in named or ():
        player = players.find(typed)
        if player in found:
            raise RuleError(_("{player} is named twice").format(player=player))
        found[player] = count
    return {p: found[p] for p in players if p in found}


def at_table(before: Any, game: str, hint: str = "") -> Players:
    """The players at the table of the session `before` (a Snapshot), if it is of
    `game`."""
    of_game(before.header, game, hint)
    seated: Players = before.table_now.seated
    return seated


class GameCommand(Command):
    """A command whose rule errors may ask for an input: the message then names the option
    that gives it ("... (--order)")."""

    hints: Mapping[str, str] = MappingProxyType({})
    said: Mapping[str, str] = MappingProxyType({})
    own: frozenset[str] = frozenset()
    """The game's own options: a deal given with none of them was typed in short."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RuleError as error:
            flag = self.flag_for(error.asks)
            if flag and flag not in str(error):
                words = self.said_for(error.asks) if _in_short(ctx, self.own) else None
                if words:
                    flag = _("in short: {words}; or {flags}").format(words=words, flags=flag)
                raise RuleError(f"{error} ({flag})", error.field) from None
            raise

    def said_for(self, asks: str | None) -> str | None:
        """How the short form gives what a rule error asks for: "c, d, TOOK or x"."""
        if asks and asks in self.said:  # the alternatives said as one
            return self.said[asks]
        found = [self.said[name] for name in (asks or "").split("|") if name in self.said]
        if len(found) > 1:
            return _("{flags} or {last}").format(flags=", ".join(found[:-1]), last=found[-1])
        return found[0] if found else None

    def flag_for(self, asks: str | None) -> str | None:
        """The option (or options, for "a|b|c") that give what a rule error asks for."""
        flags = []
        for name in (asks or "").split("|"):
            for param in self.params:
                if param.name == name:
                    flags.append(max(param.opts, key=len) if isinstance(param, click.Option)
                                 else param.human_readable_name.rstrip("."))
            if name in self.hints and not flags:
                flags.append(self.hints[name])
        if len(flags) > 1:
            return _("{flags} or {last}").format(flags=", ".join(flags[:-1]), last=flags[-1])
        return flags[0] if flags else None


def _in_short(ctx: click.Context, own: frozenset[str]) -> bool:
    """Whether a deal was typed in short: words, and none of the game's options."""
    from click.core import ParameterSource

    return bool(ctx.params.get("words")) and not any(
        ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE for name in own)


def _common_deal_options() -> list[click.Parameter]:
    return [
        click.Option(["--dealer"], type=Player(dealers), metavar="P",
                     help=_("Who dealt [default: the next in turn].")),
        click.Option(["--dry-run"], is_flag=True,
                     help=_("Show what the deal would do; save nothing.")),
    ]


def deal_command(game: str, form: DealForm) -> click.Command:
    """The game's `deal`: record one deal, say what it did and what comes next."""

    def record(words: tuple[str, ...], **values: Any) -> None:
        from ..render import view_of
        from .saving import again, known_or_open, record

        ctx = click.get_current_context()
        dry_run = values.pop("dry_run")
        path = session_path(ctx, values.pop("session"))
        values = _with_words(form, values, words, _given(ctx, form))
        form.check(values)
        values = _chosen(ctx, values, lambda chosen: form.build(at_table(
            known_or_open(ctx, path), game, DEAL_HINT), chosen))

        def build(before: Any) -> Any:
            return away_named(before.players, at_table(before, game, DEAL_HINT),
                              lambda seated: form.build(seated, values))

        if not dry_run and not again(ctx, path, build):
            return
        done = record(ctx, path, build, dry_run)
        if not dry_run:
            ctx.meta.pop(OFFERED, None)  # it was this deal's
        header = done.before.header
        lines = view_of(header.game).recorded(header, done.played, done.standing)
        echo([_("Dry run: nothing saved.")] * dry_run + lines)

    params = [_words(form), *form.params, *_common_deal_options(), *session_params()]
    command = GameCommand("deal", params=params, callback=record, help=form.help,
                          context_settings=CONTEXT)
    command.hints, command.said = form.hints, form.said
    command.own = frozenset(p.name for p in form.params if p.name)
    return command


def _words(form: DealForm) -> click.Argument:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str
                 ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        from .saving import known_or_open

        try:
            read = as_dealt(known_or_open(ctx, session_path(ctx, ctx.params.get("session"))),
                            ctx.params.get("number"))
            words = list(ctx.params.get("words") or ())
            return [CompletionItem(value, help=about)
                    for value, about in form.complete(read, words, incomplete)]
        except (ScorekeeperError, click.ClickException):
            return []

    return click.Argument(["words"], nargs=-1, metavar=form.words, shell_complete=complete)


@value
class AsDealt:
    """What a deal's completion reads of a session (its table), as deal N was dealt."""

    table_now: TableNow


def as_dealt(read: Any, number: object) -> Any:
    """What the words of `amend N` are completed from: the table as deal N was dealt (who
    sat, who dealt, who sat out); `read` itself when N is not a deal of it (or not given,
    as for `deal`)."""
    if isinstance(number, str):
        number = int(number) if number.isdigit() and len(number) < 10 else None
    table = read.table_at(number) if isinstance(number, int) else None
    return read if table is None else AsDealt(table)


T = TypeVar("T")


def away_named(everyone: Sequence[str], seated: Players, build: Callable[[Players], T]) -> T:
    """What `build` makes of the table `seated`; a name that is no one's there but one of
    `everyone`'s who sat in the sitting (one who left, or joined later) is refused as not
    at the table, never as unknown."""
    from ..games.players import Unknown

    try:
        return build(seated)
    except Unknown as error:
        away = [p for p in everyone if p not in seated]
        if not away or not isinstance(error.typed, str):
            raise
        try:
            name = Players(tuple(away)).find(error.typed)
        except RuleError:
            raise error from None
        raise RuleError(_("{name} is not at the table for this deal: the players are "
                          "{players}").format(name=name, players=", ".join(seated))) from None


def _chosen(ctx: click.Context, values: Values, build: Callable[[Values], object]) -> Values:
    """`values`, each start of a name that more than one player's begins with (k: Karl or
    Kim) replaced by the player the person at the table chose, when there is one to ask
    (`play` on a terminal); else as given, for the deal to refuse. `build` makes the deal
    of some values (raising games.players.Ambiguous for a start that names two). Each
    start is asked about where it is typed: `o eee` may name Edda, Edda and Eve."""
    from ..games.players import Ambiguous

    choose = getattr(run_state(ctx).ask, "choose", None)
    if choose is None:
        return values
    for _name in range(MOST_NAMES):
        try:
            build(values)
        except Ambiguous as error:
            chosen = choose(error.typed, error.players)
            if chosen is None:
                raise
            once = [True]
            values = {key: _named(value, error.typed, chosen, once)
                      for key, value in values.items()}
        except ScorekeeperError:
            return values  # recording it says what is wrong
        else:
            return values
    return values


#: The most names a deal's words hold (a Bridge deal of ten players' honours and voids).
MOST_NAMES = 40


def _named(value: Any, typed: str, player: str, once: list[bool]) -> Any:
    """`value` (a name as typed, or tuples holding names) with its first `typed` read as
    `player` (`once` is [True] until one is)."""
    if type(value) is str:
        if once[0] and value == typed:
            once[0] = False
            return player
        return value
    if isinstance(value, tuple):
        return tuple(_named(item, typed, player, once) for item in value)
    return value


def _given(ctx: click.Context, form: DealForm) -> set[str]:
    """The game's options (and --dealer) given on the command line, not left to default."""
    from click.core import ParameterSource

    names = [p.name for p in form.params if p.name] + ["dealer"]
    return {name for name in names
            if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE}


def _with_words(form: DealForm, values: Values, words: tuple[str, ...], given: set[str]
                ) -> Values:
    """`values` with those of the short form's `words`; an input given both ways is a
    usage error."""
    if not words:
        return values
    short = form.short(list(words))
    twice = sorted(given & set(short))
    if twice:
        raise click.UsageError(_("{option} is given twice: in the short form and as an "
                                 "option; give it once").format(
                                     option=f"--{twice[0].replace('_', '-')}"))
    return values | short


def amend_command(game: str, form: DealForm) -> click.Command:
    """`amend N`: deal N gets new inputs; every later deal is replayed."""

    def amend(number: int, words: tuple[str, ...], **values: Any) -> None:
        from ..files import revise
        from ..render import view_of
        from .saving import known_or_open, save_revision

        ctx = click.get_current_context()
        dry_run, why, as_recorded = (values.pop(k) for k in ("dry_run", "why", "as_recorded"))
        path = session_path(ctx, values.pop("session"))
        given = _given(ctx, form)
        if not words and not given:
            raise click.UsageError(_("give deal {number}'s new inputs: all of them, or only "
                                     "the ones that change (amend {number} --one-option "
                                     "VALUE)").format(number=number))
        values = _with_words(form, values, words, given)

        def built(before: Any, typed: Values) -> Any:
            """Deal N's entry of the inputs `typed`, seated as deal N was."""
            deal = revise.played_deal(before, number)  # from a mark: not every deal replayed
            old = form.values_of(deal.entry)
            if words:  # the deal's words anew; its dealer as named unless given anew
                new = typed if "dealer" in given else typed | {"dealer": old["dealer"]}
            else:  # some options given anew: the rest as deal N has them
                new = form.merge(old, {k: typed[k] for k in given})
            form.check(new)
            of_game(before.header, game)
            return away_named(before.players, deal.seated,
                              lambda seated: form.build(seated, new))

        values = _chosen(ctx, values, lambda typed: built(known_or_open(ctx, path), typed))

        def compute(before: Any) -> tuple[Any, Amended]:
            done = revise.amend(before, number, built(before, values), why or "", as_recorded)
            return done.change, done

        if dry_run:
            echo([_("Dry run: nothing saved."), *amended_lines(
                compute(known_or_open(ctx, path))[1], number)])
            return
        asking = run_state(ctx).ask is not None
        done = save_revision(ctx, path, compute,
                             lambda _done: _("the change to deal {number}").format(number=number),
                             lambda made: (amended_lines(made, number),
                                           _("Type yes to make this change: ")))
        if done is None:
            return
        if asking:  # its change was shown before the yes
            word = view_of(done.before.header.game).deals(1)
            echo(_("Saved the change to {word} {number}.").format(word=word, number=number))
        else:
            echo(amended_lines(done, number))

    number = click.Argument(["number"], type=Count(1), metavar="N")
    as_recorded = click.Option(
        ["--as-recorded"], is_flag=True,
        help=_("Keep a later deal that would read otherwise as it was played, written out in "
               "full (a Loo must recorded in short)."))
    params = [number, _words(form), *form.params, *_common_deal_options(), why_param(),
              as_recorded, *session_params()]
    command = GameCommand("amend", params=params, callback=amend, context_settings=CONTEXT,
                          help=AMEND_HELP.format(example=form.amend_example,
                                                 one=one_option_example(form)))
    command.hints, command.said = form.hints, form.said
    command.own = frozenset(p.name for p in form.params if p.name)
    return command


AMEND_HELP = _("""Replace deal N's inputs with ARGS (as `deal` takes them); replay every later deal.

Give the whole deal, short or with its options, or only the options that change: the rest
stays as deal N has it (amend {one}). It says what deal N was and is, each later
deal whose result changes, and the nets that move; the change, and why (--why), is kept in
the session's history. Refused, with the file unchanged, if deal N or any later deal then
breaks a rule (the message names the first), or if a later deal would read otherwise than
it was recorded (--as-recorded keeps it as it was played). --dry-run shows it all and saves
nothing.

\b
Examples:
  scorekeeper amend {example}
  scorekeeper amend {example} --dry-run
  scorekeeper amend {example} --why "a slip of the pencil"
""")


def one_option_example(form: DealForm) -> str:
    """N and one option of the game's deal given anew, for `amend --help`, made from its
    `amend_example`: the last option that takes a value it gives (`2 --took 140`), else
    the game's first flag (`3 --defend`)."""
    number, _sep, words = form.amend_example.partition(" ")
    values = form.short(words.split())
    options = [p for p in form.params if isinstance(p, click.Option) and p.name]
    for option in reversed(options):
        value = values.get(option.name or "")
        if not option.is_flag and isinstance(value, int | str) and value is not True:
            shown = getattr(value, "value", value)  # an enum (a suit) as the file writes it
            return f"{number} {max(option.opts, key=len)} {shown}"
    flags = [p for p in options if p.is_flag]
    return f"{number} {max(flags[0].opts, key=len)}" if flags else form.amend_example


def amended_lines(done: Amended, number: int) -> list[str]:
    from ..render import view_of

    view = view_of(done.before.header.game)
    lines = view.amended(number, done.outcome, done.position)
    for index in done.rewritten:
        played = done.played[index]
        if played.number:
            kept = _("{word} {number} is kept as it was played, written out in full.").format(
                word=view.deal_title(), number=played.number)
        else:
            kept = _("Entry {number} is kept as it was played, written out in full.").format(
                number=index + 1)
        lines.insert(2, kept)
    return lines
