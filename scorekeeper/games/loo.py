"""Three-card Loo: the pool, division by thirds, loos, single and must.

The rules are those of seeds/three-card-loo.txt (Hoffmann); where it is silent, the reading
of docs/rules.md. The pool is an account like a player's, so every hand balances by
construction: the dealer's ante goes into it, shares come out of it, loos go back in.
"""

from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..errors import RuleError
from ..i18n import N_, NP_, _, ngettext
from ..ledger import Transfer
from ..text import quoted
from ..values import field, replace, value
from .base import Dealing, Game
from .data import DealUpgrade, Fields, strings_upgraded
from .players import Players

#: The pool's account. "/" cannot be in a player's name, so it never clashes with one.
POOL = "/pool"
#: The most counters an ante, a loo or a limit may be: far past any table's stakes.
MOST = 10**9
#: An unlimited loo doubles the pool and more at every hand ("pence grow to pounds with
#: startling rapidity"); past this no table plays on, and money stays exact and printable.
LARGEST_LOO = 10**15
SETTINGS_KEYS = frozenset({"ante", "loo", "limit", "must", "single", "defender_looed",
                           "remainder"})
DEAL_KEYS = frozenset({"dealer", "all_pass", "tricks", "miss", "defend", "order"})


class Single(StrEnum):
    """Which hands are followed by a single."""

    ONE_EACH = "one-each"
    """"only three players declare to play, and that each of them takes one trick"."""
    EMPTY_POOL = "empty-pool"
    """Any hand that looed nobody and left the pool empty (a pool taken without play too)."""


class Remainder(StrEnum):
    """Where the counters of a pool that does not divide by 3 go."""

    EARLY = "early"
    """To the first tricks: "the winners of the first and second tricks have the
    preference" (Peel, 1895)."""
    CARRY = "carry"
    """They stay in the pool for the next hand."""


class Outcome(StrEnum):
    """The four ways a hand can end (docs/rules.md, "Outcomes")."""

    DEALER_TAKES = "dealer takes the pool"
    MISS_TAKES = "miss takes the pool"
    DEFENDED = "dealer defends the pool"
    PLAY = "play"


@value
class LooSettings:
    """How a sitting of Loo is played."""

    ante: int = 3
    """Counters the dealer puts in the pool; a positive multiple of 3."""
    loo: int | None = None
    """A fixed loo; None: a loo equals the ante ("mulcted in the same amount as was
    originally placed in the pool")."""
    unlimited: bool = False
    """A loo is the pool of the hand ("the amount which may chance to be in the pool")."""
    limit: int | None = None
    """The cap on an unlimited loo ("a maximum beyond which no further advance")."""
    must: bool = True
    """A single is played as a must ("a usual, though not invariable, rule")."""
    single: Single = Single.ONE_EACH
    defender_looed: bool = False
    """Whether a dealer who defends the pool and takes no trick is looed."""
    remainder: Remainder = Remainder.EARLY

    def __post_init__(self) -> None:
        if not 0 < self.ante <= MOST or self.ante % 3:
            raise RuleError(_("ante {ante} is not a positive multiple of 3 (3, 6, 9, ...)")
                            .format(ante=self.ante), "ante")
        for key in ("loo", "limit"):
            amount = getattr(self, key)
            if amount is not None and not 0 < amount <= MOST:
                raise RuleError(_("{key} {amount} must be a positive number of counters")
                                .format(key=key, amount=amount), key)
        if self.unlimited and self.loo is not None:
            raise RuleError(_("a loo is either fixed or unlimited, not both"), "loo")
        if self.limit is not None and not self.unlimited:
            raise RuleError(_("limit {limit} caps an unlimited loo: use it with an "
                              "unlimited loo").format(limit=self.limit), "limit")
        object.__setattr__(self, "single", Single(self.single))
        object.__setattr__(self, "remainder", Remainder(self.remainder))

    def loo_for(self, pool: int) -> int:
        """What a looed player pays when the hand's pool was `pool`."""
        if self.unlimited:
            return pool if self.limit is None else min(pool, self.limit)
        return self.ante if self.loo is None else self.loo


def _mapping(value: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(value))


@value
class LooDeal:
    """What happened in one hand: the inputs only; everything else is replayed."""

    tricks: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Each player who played (his own cards or miss) and the tricks he took, in seat
    order. In a must, players not named took none."""
    miss: str | None = None
    """The player who took miss."""
    defend: bool = False
    """The dealer played for the pool."""
    all_pass: bool = False
    """Everyone but the dealer passed."""
    order: tuple[str, ...] = ()
    """The winners of tricks 1, 2 and 3, when the shares differ."""
    dealer: str | None = None
    """The dealer, when named; otherwise the deal passes round in seat order."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", _mapping(self.tricks))
        object.__setattr__(self, "order", tuple(self.order))
        for player, count in self.tricks.items():
            if type(count) is not int or not 0 <= count <= 3:
                raise RuleError(_("{player}={count}: a player takes 0 to 3 tricks").format(
                    player=player, count=count), "tricks")
        if self.all_pass and (self.tricks or self.miss or self.defend):
            raise RuleError(_("all passed: nobody but the dealer held cards, so nobody plays, "
                              "takes miss or defends the pool"), "all_pass")
        if self.order and len(self.order) != 3:
            raise RuleError(_("the trick winners {winners} name {count} tricks: give the "
                              "winners of all 3 tricks").format(
                                  winners=",".join(self.order), count=len(self.order)),
                            "order", asks="order")


@value
class LooState:
    """Where the sitting stands between hands."""

    pool: int = 0
    """Counters in the pool now: what was left plus the loos just paid."""
    single: bool = False
    """The next hand is a single."""


@value
class LooHand:
    """What one hand did."""

    dealer: str
    pool: int
    """The pool of the hand: the pool before it plus the dealer's ante."""
    must: bool
    outcome: Outcome
    won: dict[str, int]
    """Counters each player took out of the pool."""
    looed: dict[str, int]
    """The loo each looed player paid into the pool."""
    kept: int
    """Counters won that stayed in the pool: the defending dealer's tricks, a carried rest."""
    pool_after: int
    transfers: tuple[Transfer, ...]


def shares(pool: int, remainder: Remainder) -> tuple[int, int, int]:
    """The counters for tricks 1, 2 and 3 of a pool; their sum is `pool` when early.

    Early: the winners of the first and second tricks have the preference (Peel, 1895):
    11 -> 4, 4, 3 and 10 -> 4, 3, 3. Carry: each trick takes a third; the rest stays.
    """
    if remainder == Remainder.CARRY:
        third = pool // 3  # the pool % 3 left over stays in the pool
        return third, third, third
    first = -(-pool // 3)
    second = -(-(pool - first) // 2)
    return first, second, pool - first - second


class Loo(Game[LooSettings, LooDeal, LooState, LooHand]):
    name = "loo"
    title = N_("Three-card Loo")
    sentence_name, table_name = NP_("in a sentence", "Three-card Loo"), NP_("in a table", "loo")
    unit = "counter"
    #: 52 cards make 17 hands of three, one of them miss, and a card to turn up for trumps.
    min_players, max_players = 3, 16
    entry_keys = DEAL_KEYS
    accounts = (POOL,)
    state_version = 3
    counts = ("looed", "pools")

    def count(self, result: LooHand) -> Iterable[tuple[str, str, int]]:
        """Who was looed, and the counters each took out of the pool."""
        return [*((p, "looed", 1) for p in result.looed),
                *((p, "pools", n) for p, n in result.won.items())]

    def count_title(self, count: str) -> str:
        # TRANSLATORS: Loo: how many times a player was looed; counters taken from pools.
        return {"looed": _("looed"), "pools": _("pools")}[count]

    def from_version_1(self, settings: dict[str, Any], deals: list[object]) -> DealUpgrade:
        # Version 1 made a single of any hand that left the pool empty.
        settings.setdefault("single", "empty-pool")
        return lambda deal: strings_upgraded(deal, counts=("tricks",), names=("order",))

    def settings_from_data(self, data: Mapping[str, object]) -> LooSettings:
        fields = Fields(data, SETTINGS_KEYS, "settings")
        loo = data.get("loo", "ante")
        if isinstance(loo, bool) or not (isinstance(loo, int) or loo in ("ante", "unlimited")):
            fields.fail(_("loo {loo} must be 'ante', 'unlimited' or a number of counters")
                        .format(loo=quoted(loo)), "loo")
            loo = "ante"
        limit = fields.number("limit", 1, 1, MOST) if fields.has("limit") else None
        ante = fields.number("ante", 3, 3, MOST)
        must = fields.flag("must", True)
        single = Single(fields.text("single", Single.ONE_EACH, tuple(Single)))
        defender_looed = fields.flag("defender_looed")
        remainder = Remainder(fields.text("remainder", Remainder.EARLY, tuple(Remainder)))
        return fields.build(LooSettings, ante, loo if isinstance(loo, int) else None,
                            loo == "unlimited", limit, must, single, defender_looed, remainder)

    def settings_to_data(self, settings: LooSettings) -> dict[str, object]:
        if settings.unlimited:
            loo: int | str = "unlimited"
        else:
            loo = "ante" if settings.loo is None else settings.loo
        data: dict[str, object] = {"ante": settings.ante, "loo": loo}
        if settings.limit is not None:
            data["limit"] = settings.limit
        return data | {
            "must": settings.must,
            "single": settings.single.value,
            "defender_looed": settings.defender_looed,
            "remainder": settings.remainder.value,
        }

    def entry_from_data(self, data: Mapping[str, object], players: Players) -> LooDeal:
        fields = Fields(data, DEAL_KEYS, "a deal")
        tricks = fields.counts("tricks", players)
        miss = fields.player("miss", players)
        defend = fields.flag("defend")
        all_pass = fields.flag("all_pass")
        order = fields.player_list("order", players, repeats=True)
        dealer = fields.player("dealer", players)
        in_seat_order = {p: tricks[p] for p in players if p in tricks}
        return fields.build(LooDeal, in_seat_order, miss, defend, all_pass, order, dealer)

    def entry_to_data(self, entry: LooDeal) -> dict[str, object]:
        data = {"dealer": entry.dealer, "all_pass": entry.all_pass, "tricks": dict(entry.tricks),
                "miss": entry.miss, "defend": entry.defend, "order": list(entry.order)}
        return {key: value for key, value in data.items() if value}  # only what was given

    def in_full(self, state: LooState, entry: LooDeal, dealing: Dealing[LooSettings]) -> LooDeal:
        """In a must everyone plays, so a player not named took no trick: named so here,
        the hand reads the same whatever the hand before it was."""
        must = dealing.settings.must and state.single
        if not must or not entry.tricks or entry.all_pass:
            return entry
        return replace(entry, tricks=dict(_played(entry, dealing.players, must)))

    def misread(self, then: LooDeal, now: LooDeal) -> str:
        """A must's players who took no trick, named or not: the line read before a must
        and in one says two things."""
        ended = [p for p in then.tricks if p not in now.tricks]
        began = [p for p in now.tricks if p not in then.tricks]
        if ended:
            return ngettext(
                "it was a must, so {names} took no trick; it would no longer be one, and the "
                "same line would say {names} passed",
                "it was a must, so {names} took no trick; it would no longer be one, and the "
                "same line would say they passed", len(ended)).format(names=_and(ended))
        if began:
            return ngettext(
                "it was not a must, so {names} passed; it would be one, where everyone plays, "
                "and the same line would say {names} took no trick",
                "it was not a must, so {names} passed; it would be one, where everyone plays, "
                "and the same line would say they took no trick", len(began)).format(
                    names=_and(began))
        return super().misread(then, now)

    def initial_state(self, settings: LooSettings, players: Players) -> LooState:
        return LooState()

    def play(self, state: LooState, entry: LooDeal, dealing: Dealing[LooSettings]) -> tuple[
            LooState, LooHand]:
        """Play one hand: check it against the rules and say what it moves where."""
        settings, dealer = dealing.settings, dealing.dealer
        pool = state.pool + settings.ante
        must = settings.must and state.single
        dealing.players.require_all(entry.tricks.keys(), entry.order, (entry.miss,))
        tricks = _played(entry, dealing.players, must)
        outcome = _outcome(entry, tricks, dealer, must)
        looed: dict[str, int] = {}
        kept = 0
        if entry.order and outcome in (Outcome.DEALER_TAKES, Outcome.MISS_TAKES):
            raise RuleError(_("the pool was taken without play: there are no trick winners "
                              "to give"), asks="order")
        if outcome == Outcome.DEALER_TAKES:
            # "In the event of all save the dealer 'passing,' the dealer is entitled to the pool."
            won = {dealer: pool}
        elif outcome == Outcome.MISS_TAKES:
            # "Should one player take miss, and all the rest throw up their cards, he is
            # entitled to the pool."
            won = {str(entry.miss): pool}
        else:
            won, looed, kept = _divide(entry, tricks, pool, outcome, dealing)
        transfers = (Transfer(dealer, POOL, settings.ante),
                     *[Transfer(POOL, p, n) for p, n in won.items()],
                     *[Transfer(p, POOL, n) for p, n in looed.items()])
        pool_after = pool - sum(won.values()) + sum(looed.values())
        hand = LooHand(dealer, pool, must, outcome, won, looed, kept, pool_after, transfers)
        return LooState(pool_after, _is_single(hand, tricks, settings)), hand

    def end_of_sitting(self, state: LooState, players: Players, next_dealer: str) -> list[
            Transfer]:
        """Share out what is left in the pool among all the players: the counters that do
        not divide go one each, in seat order, from the player after the last dealer."""
        return [Transfer(POOL, player, units)
                for player, units in pool_shares(state.pool, players, next_dealer)]

    def state_to_data(self, state: LooState) -> object:
        return (state.pool, state.single)

    def state_from_data(self, data: object) -> LooState:
        if not isinstance(data, tuple) or len(data) != 2:
            raise ValueError(f"not a Loo state: {data!r}")
        pool, single = data
        return LooState(int(pool), bool(single))


def _and(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def pool_shares(pool: int, players: Players, next_dealer: str) -> list[tuple[str, int]]:
    """Each player's share of what is left in the pool at the end, in seat order from
    `next_dealer` (the player after the last dealer); players who get nothing left out."""
    each, rest = divmod(pool, len(players))  # the rest go one each, from next_dealer on
    start = players.seat(next_dealer)
    order = [players[(start + i) % len(players)] for i in range(len(players))]
    return [(p, each + (i < rest)) for i, p in enumerate(order) if each + (i < rest)]


def _played(deal: LooDeal, players: Players, must: bool) -> Mapping[str, int]:
    """Who played and the tricks each took. In a must everyone plays, so the players not
    named took none."""
    if not must or deal.all_pass or not deal.tricks:
        return deal.tricks
    return {p: deal.tricks.get(p, 0) for p in players}


def _is_single(hand: LooHand, tricks: Mapping[str, int], settings: LooSettings) -> bool:
    """Whether the hand after `hand` is a single."""
    if settings.single == Single.EMPTY_POOL:
        return not hand.looed and hand.pool_after == 0
    # "only three players declare to play, and ... each of them takes one trick" (the
    # tricks of a hand played total 3, so three players with none at 0 took one each)
    return hand.outcome == Outcome.PLAY and len(tricks) == 3 and 0 not in tricks.values()


def _outcome(deal: LooDeal, tricks: Mapping[str, int], dealer: str, must: bool) -> Outcome:
    """Which of the four outcomes the deal describes, or why it describes none."""
    if deal.all_pass:
        if must:
            raise RuleError(_("this hand is a must: everyone plays, so nobody can pass"))
        return Outcome.DEALER_TAKES
    if not tricks:
        return _miss_alone(deal, dealer, must)
    total = sum(tricks.values())
    if total != 3:
        given = " ".join(f"{p}={n}" for p, n in deal.tricks.items())
        raise RuleError(_("tricks total {total}, not 3: {given}").format(total=total,
                                                                          given=given))
    if must:
        if deal.miss:
            raise RuleError(_("this hand is a must: there is no miss"))
        if deal.defend:
            raise RuleError(_("this hand is a must: everyone plays, nobody defends the pool"))
        return Outcome.PLAY
    if deal.miss and deal.miss not in tricks:
        raise RuleError(_("{player} took miss and so had to play: name {player} with his "
                          "tricks").format(player=deal.miss), asks="tricks")
    others = len(tricks) - (dealer in tricks)
    if deal.defend:
        return _defended(deal, tricks, dealer, others)
    if not others:
        raise RuleError(_("{dealer} dealt and cannot play alone: if all the others passed, "
                          "the dealer takes the pool").format(dealer=dealer), asks="all_pass")
    if len(tricks) == 1:
        (lone,) = tricks
        if deal.miss == lone:
            raise RuleError(_("{player} took miss and everyone else passed: he takes the pool "
                              "without play; name nobody with tricks").format(player=lone),
                            asks="miss")
        raise RuleError(_("only {player} declared: the dealer {dealer} must play or defend the "
                          "pool; name {dealer} with his tricks, and say he defended if he "
                          "played for the pool").format(player=lone, dealer=dealer),
                        asks="defend")
    return Outcome.PLAY


def _miss_alone(deal: LooDeal, dealer: str, must: bool) -> Outcome:
    """A hand where nobody is named with tricks: miss took the pool, or nothing was said."""
    if deal.miss is None:
        raise RuleError(_("say what happened: who played and the tricks each took, who took "
                          "miss, or that all passed"), asks="tricks")
    if must:
        raise RuleError(_("this hand is a must: there is no miss and everyone plays"))
    if deal.miss == dealer:
        raise RuleError(_("{dealer} dealt: when all the others pass the dealer takes the "
                          "pool").format(dealer=dealer), asks="all_pass")
    if deal.defend:
        raise RuleError(_("a defended pool needs the player and the dealer with their "
                          "tricks"), asks="tricks")
    return Outcome.MISS_TAKES


def _defended(deal: LooDeal, tricks: Mapping[str, int], dealer: str, others: int
              ) -> Outcome:
    # "Should only one player have declared to play, and not have taken miss, the dealer
    # ... is bound to take miss and play for the pool."
    if dealer not in tricks:
        raise RuleError(_("the dealer {dealer} defended the pool: name him with the tricks "
                          "he took").format(dealer=dealer), asks="tricks")
    if others != 1:
        raise RuleError(_("the dealer defends the pool only when one other player "
                          "declared, not {count}").format(count=others))
    if deal.miss and deal.miss != dealer:
        raise RuleError(_("{player} took miss: the dealer defends the pool only against a "
                          "player on his own cards").format(player=deal.miss))
    return Outcome.DEFENDED


def _divide(deal: LooDeal, tricks: Mapping[str, int], pool: int, outcome: Outcome,
            dealing: Dealing[LooSettings]) -> tuple[dict[str, int], dict[str, int], int]:
    """A hand that was played: the pool divided by tricks, and the loos."""
    settings, dealer, seats = dealing.settings, dealing.dealer, dealing.players.names
    split = shares(pool, settings.remainder)
    kept = pool - sum(split)  # carried: what does not divide stays in the pool
    if split[0] == split[2] and not deal.order:  # equal shares: a third for every trick
        by_trick = {p: n * split[0] for p, n in tricks.items() if n}
    else:
        by_trick = {}
        for winner, share in zip(_trick_winners(deal, tricks, pool, split, dealing.players),
                                 split, strict=True):
            by_trick[winner] = by_trick.get(winner, 0) + share
    defended = outcome == Outcome.DEFENDED
    if defended and dealer in by_trick:
        # "the proceeds of any tricks he may make remain in the pool"
        kept += by_trick.pop(dealer)
    loo = settings.loo_for(pool)
    spared = dealer if defended and not settings.defender_looed else None
    # in seat order, so the lines read the same every time
    won = {p: by_trick[p] for p in seats if p in by_trick}
    looed = {p: loo for p in seats if tricks.get(p) == 0 and p != spared}
    if looed and loo > LARGEST_LOO:
        raise RuleError(_("a loo of the pool, {pool} counters, is more than this tool keeps "
                          "(10^{power}): an unlimited loo needs a limit").format(
                              pool=pool, power=len(str(LARGEST_LOO)) - 1))
    return won, looed, kept


def _trick_winners(deal: LooDeal, tricks: Mapping[str, int], pool: int,
                   split: tuple[int, int, int], players: Players) -> list[str]:
    """The winners of tricks 1, 2, 3: as given, or any order when the shares are equal."""
    by_seat = [p for p in players if tricks.get(p)]
    if deal.order:
        for player in deal.order:
            if player not in tricks:
                raise RuleError(_("the trick winners name {player}, who did not play").format(
                    player=player), asks="order")
        for player in by_seat:
            if deal.order.count(player) != tricks[player]:
                named = deal.order.count(player)
                # TRANSLATORS: the English says "times" whatever the count.
                raise RuleError(ngettext(
                    "the trick winners name {player} {count} times but {player} took {tricks}",
                    "the trick winners name {player} {count} times but {player} took {tricks}",
                    named).format(player=player, count=named, tricks=tricks[player]),
                    asks="order")
        return list(deal.order)
    winners = [p for p in by_seat for _trick in range(tricks[p])]
    if split[0] != split[2] and len(by_seat) > 1:
        raise RuleError(_("the pool of {pool} does not divide by 3: give the winners of tricks "
                          "1, 2 and 3 in order, e.g. {winners}").format(
                              pool=pool, winners=",".join(winners)), asks="order")
    return winners


GAME = Loo()
