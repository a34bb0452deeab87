"""A sitting: players in seat order, settings, and the inputs of each deal.

Everything else -- balances, the pool, scores -- is replayed from the deals, so a corrected
deal flows through everything after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import ModuleType
from typing import Any

from . import ledger
from .errors import RuleError
from .games import get_game
from .games.common import check_player_names, player_lookup, resolve_player


@dataclass
class Session:
    """One sitting of one game."""

    game: str
    players: tuple[str, ...]
    settings: Any
    """The game's own settings (LooSettings, ...)."""
    deals: list[Any] = field(default_factory=list)
    """The game's deal inputs (LooDeal, ...), in the order they were played."""
    value: Decimal = Decimal(1)
    """Money per unit."""
    currency: str = ""
    first_dealer: str | None = None
    """The first dealer; None: the first player."""
    name: str = ""
    """The session's name (its file name), not stored in the file."""

    def __post_init__(self) -> None:
        rules = self.rules
        check_player_names(self.players, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        if not self.value.is_finite() or self.value < 0:
            raise RuleError(f"value {str(self.value)!r} must be a money amount of 0 or more")
        if self.first_dealer is not None:
            self.first_dealer = self.player(self.first_dealer)

    @property
    def rules(self) -> ModuleType:
        """The module with the rules of this session's game."""
        return get_game(self.game)

    def player(self, name: str) -> str:
        """The player called `name`, as the session spells it (case is ignored)."""
        return resolve_player(player_lookup(self.players), name)


@dataclass(frozen=True)
class PlayedDeal:
    """One deal as replayed."""

    number: int
    dealer: str
    deal: Any
    result: Any
    """The game's account of the deal (LooHand, ...); has .transfers."""
    balances: dict[str, int]
    """Every account's balance after this deal."""


@dataclass(frozen=True)
class Standing:
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
    balance = dict.fromkeys((*players, *rules.ACCOUNTS), 0)
    dealer = session.first_dealer or players[0]
    played = []
    for number, deal in enumerate(session.deals if deals is None else deals, start=1):
        if deal.dealer is not None:
            dealer = deal.dealer
        try:
            state, result = rules.play_deal(state, deal, dealer, players, session.settings)
        except RuleError as error:
            raise DealError(number, error) from None
        ledger.add_transfers(balance, result.transfers)
        played.append(PlayedDeal(number, dealer, deal, result, dict(balance)))
        dealer = players[(players.index(dealer) + 1) % len(players)]
    return Standing(played, balance, state, dealer)


@dataclass(frozen=True)
class PlayerNet:
    name: str
    net: int
    money: Decimal


@dataclass(frozen=True)
class Settlement:
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
    players = [PlayerNet(p, n, ledger.money(n, session.value)) for p, n in player_nets]
    return Settlement(players, ledger.settle(player_nets), standing)
