"""One more entry recorded after where a snapshot stands: the change a deal makes. Kept apart
from the changes after the fact (files.revise) because it runs at the table after every
deal: it reads no more than the snapshot holds, and a deal imports no more than it needs."""

from __future__ import annotations

from typing import Any

from .. import i18n
from ..errors import SessionError
from ..games.base import Dealing
from ..i18n import _
from ..seating import Seating
from ..session import AnySession, DealError, Played, entry_to_data, play_next, tally
from ..text import quoted
from .change import Append, Change
from .snapshot import Snapshot


def check_open(session: AnySession) -> None:
    if session.paid:
        raise SessionError(_("session {name} was paid on {paid}: reopen it with "
                             "'scorekeeper paid --undo' to change its deals").format(
                                 name=quoted(session.name), paid=i18n.day(session.paid)))


def record(before: Snapshot, entry: Any) -> tuple[Played[Any, Any, Any], Change]:
    """One more entry, played after where `before` stands: what it did, and the change.

    This runs at the table after every deal, so it reads no more than the snapshot holds:
    from its cached standing, the whole sitting is not replayed."""
    header, standing = before.header, before.standing
    check_open(header)
    if not isinstance(entry, Seating):
        dealer = entry.dealer or standing.next_dealer
        entry = header.game.in_full(standing.state, entry, Dealing(standing.seated, dealer,
                                                                 header.settings))
    try:
        played, after = play_next(header, standing, entry)
    except DealError as error:
        raise error.error from None  # the deal being recorded needs no number
    data = entry_to_data(header.game, entry)
    counts = tally(header, (played.result,), before.counts)
    return played, Change(Append(entry, data), None, after, counts)
