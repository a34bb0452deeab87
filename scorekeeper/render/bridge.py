"""How Bridge reads: a deal on the rubber's pad (trumps, doublings, honours, chicane,
slams); the rest of what a partnership game shows is render/partnership.py's."""

from __future__ import annotations

from ..games.bridge import BridgeDeal, BridgeResult, BridgeSettings
from ..games.partnership import side_name
from ..i18n import _
from .partnership import PartnershipView, figure


def _strain(result: BridgeResult) -> str:
    """The trumps of a deal and its doublings: "hearts", "clubs redoubled"."""
    deal = result.deal
    trump = deal.trump.label
    if deal.doubled == 0:
        return trump
    if deal.doubled == 1:
        return _("{trump} doubled").format(trump=trump)
    if deal.doubled == 2:
        return _("{trump} redoubled").format(trump=trump)
    return _("{trump} doubled {times} times").format(trump=trump, times=deal.doubled)


class BridgeView(PartnershipView[BridgeSettings, BridgeDeal]):
    def above_word(self, what: str) -> str:
        return {"honours": _("honours"), "chicane": _("chicane"), "grand slam": _("grand slam"),
                "little slam": _("little slam")}.get(what) or super().above_word(what)

    def describe_deal(self, result: BridgeResult) -> str:
        deal, sides = result.deal, result.rubber.teams.sides
        tricks = deal.tricks if deal.side_of in sides[result.side] else 13 - deal.tricks
        parts = [_("{trumps}, {side} {tricks} tricks").format(
            trumps=_strain(result), side=side_name(sides[result.side]), tricks=tricks)]
        if result.below:
            parts.append(_("{points} below").format(points=figure(result.below)))
        parts += [_("{side} {points} {what}").format(side=side_name(sides[s]),
                                                     points=figure(p), what=self.above_word(what))
                  for s, p, what in result.above]
        what = ", ".join(parts)
        if not result.game_won:
            return what
        return (_("{what}, game") if result.rubber.winner is None else
                _("{what}, game and rubber")).format(what=what)

VIEW = BridgeView()
