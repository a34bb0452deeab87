"""A sitting: players in seat order, settings, and the inputs of each deal.

Everything else -- balances, the pool, scores -- is replayed from the deals, so a corrected
deal flows through everything after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from . import ledger
from .errors import RuleError
from .games import get_game
from .games.common import check_player_names, player_lookup, resolve_player

if TYPE_CHECKING:
    from decimal import Decimal


#: A money amount as written in a file or on the command line: 1, 0.05, 2.50.
MONEY = re.compile(r"\d+(\.\d+)?")


class _SessionFields(NamedTuple):
    game: str
    players: tuple[str, ...]
    settings: Any
    """The game's own settings (LooSettings, ...)."""
    deals: tuple[Any, ...] = ()
    """The game's deal inputs (LooDeal, ...), in the order they were played."""
    value: str = "1"
    """Money per unit, exact as written ("0.05"); see unit_value."""
    currency: str = ""
    first_dealer: str | None = None
    """The first dealer; None: the first player."""
    name: str = ""
    """The session's name (its file name), not stored in the file."""


class Session(_SessionFields):
    """One sitting of one game, checked when made."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Session:
        self = super().__new__(cls, *args, **kwargs)
        rules = self.rules
        check_player_names(self.players, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        if not isinstance(self.value, str) or not MONEY.fullmatch(self.value):
            raise RuleError(f"value {self.value!r} must be a money amount like 1 or 0.05", "value")
        try:
            first = self.first_dealer and self.player(self.first_dealer)
        except RuleError as error:
            raise RuleError(f"first dealer: {error}", "first_dealer") from None
        return self._replace(players=tuple(self.players), deals=tuple(self.deals),
                             first_dealer=first or None)

    @property
    def rules(self) -> ModuleType:
        """The module with the rules of this session's game."""
        return get_game(self.game)

    @property
    def unit_value(self) -> Decimal:
        """Money per unit as an exact Decimal."""
        from decimal import Decimal

        return Decimal(self.value)

    def player(self, name: str) -> str:
        """The player called `name`, as the session spells it (case is ignored)."""
        return resolve_player(player_lookup(tuple(self.players)), name)


class PlayedDeal(NamedTuple):
    """One deal as replayed."""

    number: int
    dealer: str
    deal: Any
    result: Any
    """The game's account of the deal (LooHand, ...); has .transfers."""
    balances: dict[str, int]
    """Every account's balance after this deal."""
    state: Any
    """The game's state after this deal."""


class Standing(NamedTuple):
    """Where a sitting stands after its deals."""

    played: list[PlayedDeal]
    balances: dict[str, int]
    state: Any
    next_dealer: str


class DealError(RuleError):
    """Deal `number` (1-based) breaks a rule."""

    def __init__(self, number: int, error: RuleError) -> None:
        self.number = number
        super().__init__(f"deal {number}: {error}")


def replay(session: Session, deals: Sequence[Any] | None = None) -> Standing:
    """Play the deals (by default the session's) in order from the start."""
    rules = session.rules
    players = session.players
    state = rules.initial_state(session.settings)
    balances = dict.fromkeys((*players, *rules.ACCOUNTS), 0)
    dealer = session.first_dealer or players[0]
    played = []
    for number, deal in enumerate(session.deals if deals is None else deals, start=1):
        try:
            last = play_next(session, state, balances, dealer, number, deal)
        except RuleError as error:
            raise DealError(number, error) from None
        played.append(last)
        state, balances = last.state, last.balances
        dealer = rules.next_dealer(state, players, last.dealer, deal)
    return Standing(played, balances, state, dealer)


def play_next(
    session: Session, state: Any, balances: dict[str, int], dealer: str, number: int, deal: Any
) -> PlayedDeal:
    """Play `deal`, deal `number`, after `state`; `dealer` deals unless the deal names one."""
    dealer = deal.dealer or dealer
    state, result = session.rules.play_deal(state, deal, dealer, session.players, session.settings)
    balances = dict(balances)
    ledger.add_transfers(balances, result.transfers)
    return PlayedDeal(number, dealer, deal, result, balances, state)


class PlayerNet(NamedTuple):
    name: str
    net: int
    money: Decimal


class Settlement(NamedTuple):
    """The end-of-sitting reckoning."""

    players: list[PlayerNet]
    """Every player's net, in seat order; the nets sum to zero."""
    payments: list[ledger.Transfer]
    """The fewest payments that clear the nets."""
    standing: Standing


def settle(session: Session, standing: Standing | None = None) -> Settlement:
    """Close the sitting: the game's end-of-sitting transfers, then who pays whom."""
    standing = standing or replay(session)
    nets = dict(standing.balances)
    ledger.add_transfers(
        nets,
        session.rules.end_of_sitting(standing.state, session.players, standing.next_dealer),
    )
    player_nets = [(p, nets[p]) for p in session.players]
    value = session.unit_value
    players = [PlayerNet(p, n, ledger.money(n, value)) for p, n in player_nets]
    return Settlement(players, ledger.settle(player_nets), standing)
