"""A sitting: its game, players in seat order, settings, and the inputs of each entry.

Everything else -- balances, the pool, scores -- is replayed from the entries, so a corrected
deal flows through everything after it.
"""


import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic

from . import ledger
from .errors import RuleError
from .games import in_a_sentence
from .games.base import Dealing, E, Game, R, S, St
from .games.players import Players
from .i18n import _, ngettext
from .seating import Seating, SeatingResult, seat, seating_data
from .tablenow import TableNow
from .text import has_control, quoted
from .values import replace, value

if TYPE_CHECKING:
    from decimal import Decimal


@value
class Session(Generic[S, E, St, R]):
    """One sitting of one game, checked when made."""

    game: Game[S, E, St, R]
    players: Players
    settings: S
    entries: tuple[E, ...] = ()
    """The deals (and other entries, such as a Bridge change of partnerships) in order."""
    value: str = "1"
    """Money per unit, exact as written ("0.05"); see unit_value."""
    currency: str = ""
    first_dealer: str | None = None
    """The first dealer as set; None: the first player."""
    name: str = ""
    """The session's name (its file name), not stored in the file."""
    date: datetime.date | None = None
    """The day of the sitting; None: unknown (a file's own date is used)."""
    paid: datetime.date | None = None
    """The day the sitting was settled in cash; None: not yet."""

    def __post_init__(self) -> None:
        game = self.game
        if not isinstance(self.players, Players):
            object.__setattr__(self, "players", Players(tuple(self.players)))
        object.__setattr__(self, "entries", tuple(self.entries))
        if not game.min_players <= len(self.players) <= game.max_players:
            raise RuleError(ngettext("{count} player: {game} takes {least} to {most}",
                                     "{count} players: {game} takes {least} to {most}",
                                     len(self.players)).format(
                count=len(self.players), game=in_a_sentence(game), least=game.min_players,
                most=game.max_players), "players")
        ledger.check_value(self.value)
        if not isinstance(self.currency, str) or has_control(self.currency) or len(
                self.currency) > 20:
            raise RuleError(_("currency {currency} must be a short label without control "
                              "characters, like kr or EUR").format(currency=quoted(self.currency)),
                            "currency")
        if self.first_dealer is not None:
            try:
                object.__setattr__(self, "first_dealer", self.players.find(self.first_dealer))
            except RuleError as error:
                raise RuleError(_("first dealer: {error}").format(error=error),
                                "first_dealer") from None
        game.check_seating(self.players, self.settings, self.opening_dealer)

    @property
    def opening_dealer(self) -> str:
        return self.first_dealer or self.players[0]

    @property
    def unit_value(self) -> "Decimal":
        """Money per unit as an exact Decimal."""
        from decimal import Decimal

        return Decimal(self.value)


AnySession = Session[Any, Any, Any, Any]


@value
class Played(Generic[E, St, R]):
    """One entry as replayed."""

    number: int | None
    """The deal's number, counting deals only; None for an entry that is not a deal."""
    dealer: str | None
    """Who dealt; None for an entry that is not a deal."""
    entry: E
    result: R
    balances: dict[str, int]
    """Every account's balance after this entry."""
    state: St
    """The game's state after this entry."""
    seated: Players
    """The table the entry was played at."""


@value
class Standing(Generic[St]):
    """Where a sitting stands after its entries: what the cache keeps."""

    balances: dict[str, int]
    """Every account's balance: each player who has sat at the table, and the game's own."""
    state: St
    next_dealer: str
    deals: int
    entries: int
    seated: Players
    """Who sits at the table now."""


def start(session: Session[S, E, St, R]) -> Standing[St]:
    """Where a sitting stands before its first deal."""
    game = session.game
    accounts = (*session.players, *game.accounts)
    return Standing(dict.fromkeys(accounts, 0), game.initial_state(session.settings,
                                                                   session.players),
                    session.opening_dealer, 0, 0, session.players)


def everyone(session: Session[S, E, St, R], standing: Standing[St]) -> list[str]:
    """Every player who has sat at the table, in seat order and then as they joined."""
    accounts = session.game.accounts
    return [a for a in standing.balances if a not in accounts]


def table_now(session: Session[S, E, St, R], standing: Standing[St]) -> TableNow:
    """The table as the sitting stands: who sits, deals and sits out next, and the
    partnerships of the rubbers being played and to come (the one place they are worked
    out; a snapshot keeps its own)."""
    seated = standing.seated
    seats = session.game.seats(standing.state, seated, standing.next_dealer)
    return TableNow(seated, standing.next_dealer, tuple(everyone(session, standing)),
                    seats.out, seats.dealers, seats.playing, seats.upcoming, seats.pending,
                    session.game.name)


def is_deal(game: Game[Any, Any, Any, Any], entry: Any) -> bool:
    return not isinstance(entry, Seating) and game.is_deal(entry)


def entry_to_data(game: Game[Any, Any, Any, Any], entry: Any) -> dict[str, object]:
    """An entry, a game's or a seating change, as a file holds it."""
    return seating_data(entry) if isinstance(entry, Seating) else game.entry_to_data(entry)


class DealError(RuleError):
    """Entry `index` (0-based), deal `number` if it is one, breaks a rule."""

    def __init__(self, index: int, number: int | None, error: RuleError) -> None:
        self.index = index
        self.number = number
        self.error = error
        told = (_("deal {number}: {error}").format(number=number, error=error)
                if number is not None else
                _("entry {number}: {error}").format(number=index + 1, error=error))
        super().__init__(told, error.field, error.asks)


def play_next(session: Session[S, E, St, R], standing: Standing[St], entry: E,
              ) -> tuple[Played[E, St, R], Standing[St]]:
    """Play `entry` after `standing`: what it did and where the sitting then stands.

    The entry's dealer is the one it names, else the next in turn. A rule it breaks is a
    DealError naming its deal number.
    """
    game, seated = session.game, standing.seated
    if isinstance(entry, Seating):
        moved: tuple[Played[Any, St, Any], Standing[St]] = _seated(session, standing, entry)
        return moved  # a seating change sits among the E entries
    dealing = game.is_deal(entry)
    number = standing.deals + 1 if dealing else None
    dealer = (entry.dealer or standing.next_dealer) if dealing else standing.next_dealer
    try:
        if entry.dealer is not None:
            seated.require(entry.dealer)
        state, result = game.play(standing.state, entry, Dealing(seated, dealer,
                                                               session.settings))
        balances = dict(standing.balances)
        ledger.add_transfers(balances, result.transfers)
    except RuleError as error:
        raise DealError(standing.entries, number, error) from None
    except KeyError as error:  # a transfer to an account that is not there
        raise DealError(standing.entries, number,
                        RuleError(_("unknown player {name}").format(
                            name=quoted(error.args[0])))) from None
    next_dealer = game.next_dealer(state, seated, dealer, entry)
    played = Played(number, dealer if dealing else None, entry, result, balances, state, seated)
    return played, Standing(balances, state, next_dealer, standing.deals + dealing,
                            standing.entries + 1, seated)


def _seated(session: Session[S, E, St, R], standing: Standing[St], seating: Seating
            ) -> tuple[Played[Any, St, Any], Standing[St]]:
    """A player joins the table or leaves it."""
    try:
        seated, next_dealer = seat(session.game, table_now(session, standing), seating)
    except RuleError as error:
        raise DealError(standing.entries, None, error) from None
    balances = {**standing.balances, seating.player: standing.balances.get(seating.player, 0)}
    played: Played[Any, St, Any] = Played(None, None, seating, SeatingResult(seating, seated),
                                          balances, standing.state, standing.seated)
    return played, replace(standing, balances=balances, next_dealer=next_dealer,
                                     entries=standing.entries + 1, seated=seated)


def in_full(session: Session[S, E, St, R], played: Sequence[Played[E, St, R]], index: int
            ) -> E:
    """Entry `index` of a replay, as it reads in its place (Game.in_full)."""
    before = played[index - 1].state if index else start(session).state
    entry = played[index].entry
    if isinstance(entry, Seating):
        return entry
    dealing = Dealing(played[index].seated, played[index].dealer or session.opening_dealer,
                  session.settings)
    return session.game.in_full(before, entry, dealing)


def replay(session: Session[S, E, St, R], entries: Sequence[E] | None = None,
           ) -> tuple[list[Played[E, St, R]], Standing[St]]:
    """Play the entries (by default the session's) in order from the start."""
    standing = start(session)
    played = []
    for entry in session.entries if entries is None else entries:
        last, standing = play_next(session, standing, entry)
        played.append(last)
    return played, standing


def nets(session: Session[S, E, St, R], standing: Standing[St]) -> dict[str, int]:
    """Each player's net if the sitting ended now: his balance and his part of what the
    game moves to close it (Loo's pool)."""
    balances = dict(standing.balances)
    ledger.add_transfers(balances, session.game.end_of_sitting(standing.state, standing.seated,
                                                               standing.next_dealer))
    return {p: balances[p] for p in everyone(session, standing)}


Tally = dict[str, dict[str, int]]
"""What `stats` counts of each player's play, by player and count (Game.counts)."""


def tally(session: Session[S, E, St, R], results: Iterable[R],
          counted: Mapping[str, Mapping[str, int]] | None = None) -> Tally:
    """Each player's counts: those `counted` so far (none: from zero), and what each of
    `results` adds."""
    game = session.game
    counts = {p: dict.fromkeys(game.counts, 0) | dict((counted or {}).get(p, {}))
              for p in [*session.players, *(counted or {})]}
    for result in results:
        if isinstance(result, SeatingResult):
            continue
        for player, key, n in game.count(result):
            counts.setdefault(player, dict.fromkeys(game.counts, 0))[key] += n
    return counts


@value
class Consequences:
    """What a change to past entries did to the sitting, to show before it is saved."""

    before: list[Played[Any, Any, Any]]
    """Every entry as played before it."""
    after: list[Played[Any, Any, Any]]
    """... and after it."""
    changed: list[tuple[int, int]]
    """The entries (0-based, before and after) it replaced, and every later one whose
    result it moved, in order."""
    nets: tuple[dict[str, int], dict[str, int]]
    """Each player's net, if the sitting ended, before and after."""
