"""How Three-card Loo reads: hands, the pool, singles and musts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..games.loo import POOL, LooDeal, LooHand, LooSettings, LooState, Outcome, pool_shares
from ..i18n import _, ngettext, number
from ..session import Played, Session, Standing
from .base import View
from .status import Status, status

if TYPE_CHECKING:
    from ..reckoning import Settlement
    from ..tablenow import TableNow

LooSession = Session[LooSettings, LooDeal, LooState, LooHand]


def pool_now(standing: Standing[LooState]) -> int:
    """The counters in the pool now, before the next ante: the pool's account, the one
    answer the prompt and the running balances of `play` both give."""
    return standing.balances.get(POOL, 0)


class LooView(View[LooSettings, LooDeal, LooState, LooHand]):
    positional = "tricks"

    def deal_title(self) -> str:
        # TRANSLATORS: what one deal of Loo is called in titles ("Hand 3").
        return _("Hand")

    def deals(self, count: int) -> str:
        # TRANSLATORS: a deal of Three-card Loo, which its players call a hand.
        return ngettext("hand", "hands", count)

    def units(self, unit: str, count: int) -> str:
        return ngettext("counter", "counters", count)

    def describe(self, result: LooHand) -> str:
        """Who took what, who was looed."""
        if result.outcome in (Outcome.DEALER_TAKES, Outcome.MISS_TAKES):
            ((player, units),) = result.won.items()
            if result.outcome == Outcome.DEALER_TAKES:
                return _("{player} (dealer) takes the pool of {units}").format(
                    player=player, units=units)
            return _("{player} (miss) takes the pool of {units}").format(player=player,
                                                                         units=units)
        parts = [f"{player} +{units}" for player, units in result.won.items()]
        if result.outcome == Outcome.DEFENDED and result.kept:
            parts.append(_("{count} stay in the pool").format(count=result.kept))
        elif result.kept:
            parts.append(_("{count} carried").format(count=result.kept))
        parts += [_("{player} looed {units}").format(player=player, units=units)
                  for player, units in result.looed.items()]
        if result.must:
            return _("must: {parts}").format(parts=", ".join(parts))
        if result.outcome == Outcome.DEFENDED:
            return _("defended: {parts}").format(parts=", ".join(parts))
        return ", ".join(parts)

    def result_data(self, result: LooHand) -> dict[str, Any]:
        return {"pool": result.pool, "must": result.must, "outcome": result.outcome.value,
                "won": result.won, "looed": result.looed, "kept": result.kept,
                "pool_after": result.pool_after}

    def account_name(self, account: str) -> str:
        """The pool's column title in a person's table (CSV wants the account's own name,
        "pool", not this)."""
        return _("pool") if account == POOL else account

    def deal_recorded(self, session: LooSession, played: Played[LooDeal, LooState, LooHand],
                      standing: Standing[LooState]) -> list[str]:
        hand = played.result
        if hand.must:
            title = _("Hand {number}, dealt by {dealer} (a must): pool {pool}.")
        else:
            title = _("Hand {number}, dealt by {dealer}: pool {pool}.")
        return [title.format(number=played.number, dealer=played.dealer, pool=hand.pool),
                f"  {self.describe(hand)}",
                *self.standing_lines(session, standing),
                _("Next dealer: {dealer}.").format(dealer=standing.next_dealer)]

    def standing_lines(self, session: LooSession, standing: Standing[LooState]) -> list[str]:
        lines = [_("Pool now {pool}.").format(pool=standing.state.pool)]
        if standing.state.single:
            lines.append(_("The next hand is a single: a must, everyone plays.")
                         if session.settings.must else _("The next hand is a single."))
        return lines

    def show_data(self, session: LooSession, played: list[Played[LooDeal, LooState, LooHand]],
                  standing: Standing[LooState]) -> dict[str, Any]:
        return {"pool": standing.state.pool,
                "next_must": session.settings.must and standing.state.single}

    def status(self, session: LooSession, standing: Standing[LooState], now: TableNow
               ) -> Status:
        """"hand 7 · Dan deals · pool 6 + 3 · must": the pool as it is now (what the
        balances call the pool) and the dealer's ante to come, whose sum the hand is
        played for."""
        state = standing.state
        kind = (_("must") if session.settings.must else _("single")) if state.single else ""
        return status([(_("hand {number}").format(number=standing.deals + 1), ""),
                       (_("{dealer} deals").format(dealer=now.next_dealer),),
                       (_("pool {pool} + {ante}").format(pool=number(str(pool_now(standing))),
                                                         ante=session.settings.ante),),
                       (kind,)])

    def settle_lines(self, session: LooSession, settlement: Settlement[LooState]) -> list[str]:
        pool = settlement.standing.state.pool
        if not pool:
            return [_("The pool is empty.")]
        seated = settlement.standing.seated  # shared among those at the table at the end
        shares = pool_shares(pool, seated, settlement.standing.next_dealer)
        each = min(units for _player, units in shares) if len(shares) == len(seated) else 0
        extra = ", ".join(p for p, units in shares if units > each)
        parts = [_("{count} each").format(count=each)] if each else []
        if extra and each:
            parts.append(_("1 more to {players}").format(players=extra))
        elif extra:
            parts.append(_("one to {players}").format(players=extra))
        return [ngettext("The pool held {count} counter, shared out: {shares} (in the nets).",
                         "The pool held {count} counters, shared out: {shares} (in the nets).",
                         pool).format(count=pool, shares=", ".join(parts))]

    def settle_data(self, session: LooSession, settlement: Settlement[LooState]
                    ) -> dict[str, Any]:
        return {"pool": settlement.standing.state.pool}


VIEW = LooView()
