"""The reckoning at the end of a sitting: the game's closing transfers (Loo shares out the
pool), each player's net in units and money, and the fewest payments that clear them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, NamedTuple

from . import ledger
from .games.base import E, R, S, St
from .session import Session, Standing, nets

if TYPE_CHECKING:
    from decimal import Decimal


class PlayerNet(NamedTuple):
    name: str
    net: int
    money: Decimal


class Settlement(NamedTuple, Generic[St]):
    """The end-of-sitting reckoning."""

    players: list[PlayerNet]
    """Every player's net, in seat order; the nets sum to zero."""
    payments: list[ledger.Transfer]
    """The fewest payments that clear the nets."""
    standing: Standing[St]


def reckon(session: Session[S, E, St, R], standing: Standing[St]) -> Settlement[St]:
    """Close the sitting: each player's net and money, and the fewest payments."""
    player_nets = list(nets(session, standing).items())
    value = session.unit_value
    players = [PlayerNet(p, n, ledger.money(n, value)) for p, n in player_nets]
    return Settlement(players, ledger.fewest_payments(player_nets), standing)
