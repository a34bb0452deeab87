"""Bridge in its old bridge-whist form, with the Danish scoring: odd tricks by suit, game at
30, rubber of two games, honours, chicane and slams (seeds/bridge-danish.txt; English in
bridge-english.txt; readings in docs/rules.md).

Points are reckoned rubber by rubber: each side's total, the difference, and each player of
the side with more +difference, each of the other -difference. The players' balances follow
the reckoning of the rubber as it stands after every deal, so a deal's transfers are the
change it makes to that reckoning, and an unfinished rubber is already reckoned (without the
100) when the sitting ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from ..errors import RuleError
from ..i18n import NP_, _
from ..text import quoted
from ..values import field, value
from .base import Dealing
from .data import DealUpgrade, Fields, counts_from_text, names_from_text, strings_upgraded
from .partnership import (
    DealResult,
    NewPartnerships,
    PartnershipGame,
    PartnershipsResult,
    Rubber,
    RubberState,
    Scoring,
    Teams,
    odd_tricks,
    side_name,
)
from .players import Players
from .rubber import (
    GAME_POINTS,
    RUBBER_BONUS,
    TRICK_VALUE,
    Strain,
    honours_score,
    parse_trump,
)

DEAL_KEYS = frozenset({"dealer", "trump", "tricks", "doubled", "honours", "chicane"})
#: The seed sets no limit on doubling; past 30 a trick would be worth 2**30 times its value.
MOST_DOUBLINGS = 30


@value
class BridgeSettings:
    max_doublings: int = 10
    """The most times a trick value may be doubled (2: a double and a redouble); 10 by
    default, so that a slip like 100 is caught."""

    def __post_init__(self) -> None:
        if not 0 <= self.max_doublings <= MOST_DOUBLINGS:
            raise RuleError(_("max_doublings {doublings} must be from 0 to {most}").format(
                doublings=self.max_doublings, most=MOST_DOUBLINGS), "max_doublings")


@value
class BridgeDeal:
    """A deal's inputs; everything else is replayed."""

    trump: Strain
    side_of: str
    """A player of the side whose tricks are given."""
    tricks: int
    """The tricks that side took; the other took the rest of 13."""
    doubled: int = 0
    honours: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """The honours each player named held (in no trumps the aces); the rest hold none."""
    chicane: tuple[str, ...] = ()
    """The players who held no trump."""
    dealer: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump", Strain(self.trump))
        object.__setattr__(self, "honours", MappingProxyType(dict(self.honours)))
        object.__setattr__(self, "chicane", tuple(self.chicane))
        if not 0 <= self.tricks <= 13:
            raise RuleError(_("tricks {tricks}: a side takes 0 to 13 tricks")
                            .format(tricks=self.tricks), "tricks")
        if self.doubled < 0:
            raise RuleError(_("doubled {times} times: 0 or more").format(times=self.doubled),
                            "doubled")
        nt = self.trump == Strain.NO_TRUMPS
        most = 4 if nt else 5
        for player, held in self.honours.items():
            if not 0 <= held <= most:
                message = (_("{player}={held}: there are {most} aces") if nt else
                           _("{player}={held}: there are {most} honours in {trump}"))
                raise RuleError(message.format(player=player, held=held, most=most,
                                               trump=self.trump.label), "honours")
        if sum(self.honours.values()) > most:
            message = (_("honours total {total}: there are {most} aces in all") if nt else
                       _("honours total {total}: there are {most} honours in {trump} in all"))
            raise RuleError(message.format(total=sum(self.honours.values()), most=most,
                                           trump=self.trump.label), "honours")
        if not nt and not any(self.honours.values()):
            raise RuleError(_("give the honours in {trump}: one side always holds 3 or more of "
                              "A K Q J 10").format(trump=self.trump.label), "honours",
                            asks="honours")
        if len(set(self.chicane)) != len(self.chicane):
            raise RuleError(_("a chicane player is named twice"), "chicane")
        if self.chicane and nt:
            raise RuleError(_("chicane is a void in trumps: there is none in no trumps"),
                            "chicane")
        for player in self.chicane:
            if self.honours.get(player):
                raise RuleError(_("{player} is named with trump honours, so {player} is not "
                                  "void (chicane)").format(player=player), "chicane")


BridgeEntry = BridgeDeal | NewPartnerships
BridgeState = RubberState


BridgeResult = DealResult[BridgeDeal]
BridgeOutcome = BridgeResult | PartnershipsResult


class Bridge(PartnershipGame[BridgeSettings, BridgeDeal]):
    name = "bridge"
    title = "Bridge"
    sentence_name, table_name = NP_("in a sentence", "Bridge"), NP_("in a table", "bridge")
    unit = "point"
    min_players, max_players = 4, 12
    entry_keys = DEAL_KEYS | {"teams"}
    state_version = 5
    rubber_bonus = RUBBER_BONUS
    counts = (*PartnershipGame.counts, "slams")

    def count_more(self, result: BridgeResult) -> Iterable[tuple[str, str, int]]:
        """A slam counts for each player of the side that made it."""
        if any("slam" in what for _side, _points, what in result.above):
            return [(p, "slams", 1) for p in result.rubber.teams.sides[result.side]]
        return []

    def count_title(self, count: str) -> str:
        return _("slams") if count == "slams" else super().count_title(count)

    def from_version_1(self, settings: dict[str, Any], deals: list[object]) -> DealUpgrade:
        # Version 1 set no limit on doubling by default: allow what its deals did.
        doubled = [d.get("doubled") for d in deals if isinstance(d, Mapping)]
        most = max([n for n in doubled if isinstance(n, int) and not isinstance(n, bool)],
                   default=0)
        settings.setdefault("max_doublings", max(10, min(most, MOST_DOUBLINGS)))
        return _deal_of_version_1

    def settings_from_data(self, data: Mapping[str, object]) -> BridgeSettings:
        fields = Fields(data, frozenset({"max_doublings"}), _("settings"))
        most = fields.number("max_doublings", 10, 0, MOST_DOUBLINGS)
        return fields.build(BridgeSettings, most)

    def settings_to_data(self, settings: BridgeSettings) -> dict[str, object]:
        return {"max_doublings": settings.max_doublings}

    def deal_from_data(self, data: Mapping[str, object], players: Players) -> BridgeDeal:
        fields = Fields(data, DEAL_KEYS, _("a deal"))
        trump = Strain.NO_TRUMPS
        if "trump" not in data:
            fields.fail(_("give the trump suit or notrumps"), "trump")
        else:
            try:
                trump = parse_trump(data["trump"])
            except RuleError as error:
                fields.fail(str(error), "trump")
        tricks = fields.counts("tricks", players, 13)
        if len(tricks) != 1 and not fields.errors:
            fields.fail(_("tricks {tricks} must name one player and the tricks his side took, "
                          "like {{ Ann = 9 }}").format(tricks=quoted(data.get("tricks"))), "tricks")
        honours = fields.counts("honours", players, 5)
        chicane = fields.player_list("chicane", players)
        doubled = fields.number("doubled", 0)
        dealer = fields.player("dealer", players)
        fields.done()
        ((side_of, taken),) = tricks.items()
        in_seat_order = {p: honours[p] for p in players if p in honours}
        return fields.build(BridgeDeal, trump, side_of, taken, doubled, in_seat_order, chicane,
                            dealer)

    def deal_to_data(self, deal: BridgeDeal) -> dict[str, object]:
        data: dict[str, object] = {"dealer": deal.dealer} if deal.dealer else {}
        data |= {"trump": deal.trump.value, "tricks": {deal.side_of: deal.tricks}}
        if deal.doubled:
            data["doubled"] = deal.doubled
        if deal.honours:
            data["honours"] = dict(deal.honours)
        if deal.chicane:
            data["chicane"] = list(deal.chicane)
        return data

    def named(self, deal: BridgeDeal) -> Iterable[str]:
        return (deal.side_of, *deal.honours, *deal.chicane)

    def score(self, rubber: Rubber, deal: BridgeDeal, dealing: Dealing[BridgeSettings]
              ) -> Scoring:
        """The session's doublings, and honours that can be; then the deal on the pad."""
        most = dealing.settings.max_doublings
        if deal.doubled > most:
            raise RuleError(_("doubled {times} times: this session allows at most {most}")
                            .format(times=deal.doubled, most=most))
        _check_honours(deal, rubber.teams)
        return _score(rubber, deal)

    def game_points(self, settings: BridgeSettings) -> int:
        return GAME_POINTS


def _deal_of_version_1(d: dict[str, Any]) -> dict[str, Any]:
    if isinstance(d.get("teams"), str):
        d["teams"] = [names_from_text(side) for side in d["teams"].split("/")]
        return d
    if isinstance(d.get("honours"), str):
        honours = counts_from_text(d["honours"], ",")
        if d["honours"].strip().lower() == "none":
            del d["honours"]
        else:
            d["honours"] = honours
    return strings_upgraded(d, counts=("tricks",), names=("chicane",))


def _check_honours(deal: BridgeDeal, teams: Teams) -> None:
    """Honours that cannot be are refused: one side always holds 3 or more of the five
    trump honours; in no trumps 3 or 4 of the aces, or they split 2-2 (none)."""
    if not deal.honours:
        return  # in no trumps: a 2-2 split
    nt = deal.trump == Strain.NO_TRUMPS
    most = 4 if nt else 5
    held = [0, 0]
    for player, n in deal.honours.items():
        held[teams.side_of(player)] += n
    given = ",".join(f"{p}={n}" for p, n in deal.honours.items())
    if not nt:
        _check_voids(deal, teams, held)
    if max(held) < 3:
        if nt and held == [2, 2]:
            message = _("honours {given}: the aces split 2-2, which counts for neither side: "
                        "give none (- in short) instead")
        elif nt:
            message = _("honours {given}: in no trumps the aces count only for a side that "
                        "holds 3 or 4: name that side's aces, or none (-) for a 2-2 split")
        else:
            message = _("honours {given}: one side always holds 3 or more honours in {trump}: "
                        "name that side's honours")
        raise RuleError(message.format(given=given, trump=deal.trump.label), asks="honours")
    if len({*deal.honours, *deal.chicane}) == 4 and sum(held) < most:
        message = (_("honours {given}: all four players are accounted for but only {count} of "
                     "the {most} aces") if nt else
                   _("honours {given}: all four players are accounted for but only {count} of "
                     "the {most} honours in {trump}"))
        raise RuleError(message.format(given=given, count=sum(held), most=most,
                                       trump=deal.trump.label))


def _check_voids(deal: BridgeDeal, teams: Teams, held: list[int]) -> None:
    """A side both of whose players held no trump leaves all five honours to the other."""
    for side in (0, 1):
        pair = teams.sides[side]
        if all(p in deal.chicane for p in pair) and held[1 - side] != 5:
            others = side_name(teams.sides[1 - side])
            raise RuleError(_("{first} and {second} held no trumps, so {others} held all five "
                              "honours: name them").format(first=pair[0], second=pair[1],
                                                           others=others), asks="honours")


def _score(rubber: Rubber, deal: BridgeDeal) -> Scoring:
    """What `deal` writes on the pad of `rubber`."""
    sides = rubber.teams
    trump, t = deal.trump, TRICK_VALUE[deal.trump]
    side, tricks = odd_tricks(sides, deal.side_of, deal.tricks)
    below = max(tricks - 6, 0) * t * 2**deal.doubled
    above: list[tuple[int, int, str]] = []
    for s in (0, 1):
        points = honours_score(trump, [n for p, n in deal.honours.items()
                                       if sides.side_of(p) == s])
        if points:
            above.append((s, points, "honours"))
    for s in (0, 1):
        # "Chikane godtgøres med 2 gange værdien af 1 trik i trumffarven": per void player.
        voids = sum(1 for p in deal.chicane if sides.side_of(p) == s)
        if voids:
            above.append((s, 2 * t * voids, "chicane"))
    if tricks == 13:
        above.append((side, 40, "grand slam"))
    elif tricks == 12:
        above.append((side, 20, "little slam"))
    return Scoring(side, below, tuple(above))


GAME = Bridge()
