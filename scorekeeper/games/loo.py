"""Three-card Loo: the pool, division by thirds, loos, single and must.

The rules are those of seeds/three-card-loo.txt (Hoffmann); where it is silent, the reading of
SPEC.md section 2. The pool is an account like a player's, so every hand balances by
construction: the dealer's ante goes into it, shares come out of it, loos go back in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from ..errors import RuleError
from ..ledger import Transfer
from .common import (
    check_keys,
    expect_bool,
    expect_int,
    next_in_seat,
    player_lookup,
    resolve_player,
)

NAME = "loo"
UNIT = "counter"
#: 52 cards make 17 hands of three, one of them miss, with a card left to turn up for trumps.
MIN_PLAYERS, MAX_PLAYERS = 3, 16
#: The pool's account. "/" cannot be in a player's name, so it never clashes with one.
POOL = "/pool"
#: Accounts beside the players'.
ACCOUNTS = (POOL,)

SETTINGS_KEYS = frozenset({"ante", "loo", "limit", "must", "defender_looed", "remainder"})
DEAL_KEYS = frozenset({"dealer", "all_pass", "tricks", "miss", "defend", "order"})

# The four ways a hand can end (SPEC 2, "Outcomes").
DEALER_TAKES = "dealer takes the pool"
MISS_TAKES = "miss takes the pool"
DEFENDED = "dealer defends the pool"
PLAY = "play"


class _LooSettingsFields(NamedTuple):
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
    defender_looed: bool = False
    """Whether a dealer who defends the pool and takes no trick is looed."""
    remainder: str = "early"
    """An uneven pool: "early" gives the odd counters to the first tricks; "carry" leaves
    them in the pool."""


class LooSettings(_LooSettingsFields):
    """How a sitting of Loo is played, checked when made."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> LooSettings:
        self = super().__new__(cls, *args, **kwargs)
        self._check()
        return self

    def _check(self) -> None:
        if self.ante <= 0 or self.ante % 3:
            raise RuleError(f"ante {self.ante} is not a positive multiple of 3 (3, 6, 9, ...)", "ante")
        if self.loo is not None and self.loo <= 0:
            raise RuleError(f"loo {self.loo} must be a positive number of counters", "loo")
        if self.unlimited and self.loo is not None:
            raise RuleError("a loo is either fixed or unlimited, not both", "loo")
        if self.limit is not None:
            if not self.unlimited:
                raise RuleError(
                    f"limit {self.limit} caps an unlimited loo: use it with unlimited", "limit"
                )
            if self.limit <= 0:
                raise RuleError(f"limit {self.limit} must be a positive number of counters", "limit")
        if self.remainder not in ("early", "carry"):
            raise RuleError(f"remainder {self.remainder!r} must be 'early' or 'carry'", "remainder")

    def loo_for(self, pool: int) -> int:
        """What a looed player pays when the hand's pool was `pool`."""
        if self.unlimited:
            return pool if self.limit is None else min(pool, self.limit)
        return self.ante if self.loo is None else self.loo

    def to_toml(self) -> dict[str, Any]:
        loo: int | str = "unlimited" if self.unlimited else ("ante" if self.loo is None else self.loo)
        data: dict[str, Any] = {"ante": self.ante, "loo": loo}
        if self.limit is not None:
            data["limit"] = self.limit
        data |= {
            "must": self.must,
            "defender_looed": self.defender_looed,
            "remainder": self.remainder,
        }
        return data

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> LooSettings:
        check_keys(data, SETTINGS_KEYS, "settings")
        loo = data.get("loo", "ante")
        if isinstance(loo, bool) or not (isinstance(loo, int) or loo in ("ante", "unlimited")):
            raise RuleError(f"loo {loo!r} must be 'ante', 'unlimited' or a number of counters", "loo")
        limit = data.get("limit")
        remainder = data.get("remainder", "early")
        if not isinstance(remainder, str):
            raise RuleError(f"remainder {remainder!r} must be 'early' or 'carry'", "remainder")
        return cls(
            ante=expect_int(data.get("ante", 3), "ante"),
            loo=loo if isinstance(loo, int) else None,
            unlimited=loo == "unlimited",
            limit=None if limit is None else expect_int(limit, "limit"),
            must=expect_bool(data.get("must", True), "must"),
            defender_looed=expect_bool(data.get("defender_looed", False), "defender_looed"),
            remainder=remainder,
        )


class LooDeal(NamedTuple):
    """What happened in one hand: the inputs only; everything else is replayed."""

    tricks: Mapping[str, int] = MappingProxyType({})
    """Each player who played (his own cards or miss) and the tricks he took."""
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

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.dealer:
            data["dealer"] = self.dealer
        if self.all_pass:
            data["all_pass"] = True
        if self.tricks:
            # As typed at the table: a string reads well and parses twice as fast as a table.
            data["tricks"] = " ".join(f"{p}={n}" for p, n in self.tricks.items())
        if self.miss:
            data["miss"] = self.miss
        if self.defend:
            data["defend"] = True
        if self.order:
            data["order"] = ",".join(self.order)  # a string keeps the deal on one line
        return data

    @classmethod
    def from_toml(cls, data: Mapping[str, Any], players: Sequence[str]) -> LooDeal:
        check_keys(data, DEAL_KEYS, "a deal")
        lookup = player_lookup(tuple(players))
        tricks: dict[str, int] = {}
        raw_tricks = data.get("tricks", {})
        if isinstance(raw_tricks, str):
            pairs = [_player_and_tricks(word) for word in raw_tricks.split()]
        elif isinstance(raw_tricks, Mapping):
            pairs = list(raw_tricks.items())
        else:
            raise RuleError(f"tricks {raw_tricks!r} must be PLAYER=TRICKS ... ('Ann=2 Bob=1')")
        for name, count in pairs:
            player = resolve_player(lookup, name)
            if player in tricks:
                raise RuleError(f"{player} is named twice")
            count = expect_int(count, f"{player}'s tricks")
            if not 0 <= count <= 3:
                raise RuleError(f"{player}={count}: a player takes 0 to 3 tricks")
            tricks[player] = count
        tricks = {p: tricks[p] for p in players if p in tricks}  # seat order reads best
        order = data.get("order", [])
        if isinstance(order, str):
            order = [p.strip() for p in order.split(",")]
        if not isinstance(order, list):
            raise RuleError(f"order {order!r} must name the winners of tricks 1, 2, 3: 'A,D,A'")
        miss = data.get("miss")
        dealer = data.get("dealer")
        return cls(
            tricks=tricks,
            miss=None if miss is None else resolve_player(lookup, miss),
            defend=expect_bool(data.get("defend", False), "defend"),
            all_pass=expect_bool(data.get("all_pass", False), "all_pass"),
            order=tuple(resolve_player(lookup, p) for p in order),
            dealer=None if dealer is None else resolve_player(lookup, dealer),
        )


def _player_and_tricks(word: str) -> tuple[str, int]:
    name, _, count = word.partition("=")
    if not name or not count.isdigit():
        raise RuleError(f"{word!r} is not PLAYER=TRICKS (for example Ann=2)")
    return name, int(count)


class LooState(NamedTuple):
    """Where the sitting stands between hands."""

    pool: int = 0
    """Counters in the pool now: what was left plus the loos just paid."""
    hands: int = 0
    """Hands played so far."""


class LooHand(NamedTuple):
    """What one hand did."""

    dealer: str
    pool: int
    """The pool of the hand: the pool before it plus the dealer's ante."""
    must: bool
    outcome: str
    won: dict[str, int]
    """Counters each player took out of the pool."""
    looed: dict[str, int]
    """The loo each looed player paid into the pool."""
    kept: int
    """Counters won that stayed in the pool: the defending dealer's tricks, a carried rest."""
    pool_after: int
    transfers: tuple[Transfer, ...]


def is_single(state: LooState) -> bool:
    """A single: the last hand looed nobody and left the pool empty. Never the first hand."""
    return state.hands > 0 and state.pool == 0


def next_is_must(state: LooState, settings: LooSettings) -> bool:
    return settings.must and is_single(state)


def initial_state(settings: LooSettings) -> LooState:
    return LooState()


def state_to_data(state: LooState) -> tuple[int, int]:
    """The state as plain data, for the cache of a session's standing."""
    return tuple(state)  # type: ignore[return-value]


def state_from_data(data: tuple[int, int]) -> LooState:
    return LooState(*data)


def shares(pool: int, remainder: str) -> tuple[int, int, int]:
    """The counters for tricks 1, 2 and 3 of a pool; their sum is `pool` with "early".

    "early": the winners of the first and second tricks have the preference (Peel, 1895):
    11 -> 4, 4, 3 and 10 -> 4, 3, 3. "carry": each trick takes a third; the rest stays.
    """
    if remainder == "carry":
        third = pool // 3  # the pool % 3 left over stays in the pool
        return third, third, third
    first = -(-pool // 3)
    second = -(-(pool - first) // 2)
    return first, second, pool - first - second


def play_deal(
    state: LooState, deal: LooDeal, dealer: str, players: Sequence[str], settings: LooSettings
) -> tuple[LooState, LooHand]:
    """Play one hand: check it against the rules and say what it moves where."""
    pool = state.pool + settings.ante
    must = settings.must and is_single(state)
    outcome = _outcome(deal, dealer, players, must)
    won: dict[str, int] = {}
    looed: dict[str, int] = {}
    kept = 0
    if outcome == DEALER_TAKES:
        # "In the event of all save the dealer 'passing,' the dealer is entitled to the pool."
        won[dealer] = pool
    elif outcome == MISS_TAKES:
        # "Should one player take miss, and all the rest throw up their cards, he is
        # entitled to the pool."
        assert deal.miss is not None
        won[deal.miss] = pool
    else:
        split = shares(pool, settings.remainder)
        kept = pool - sum(split)  # with "carry", what does not divide stays in the pool
        by_trick: dict[str, int] = {}
        for winner, share in zip(_trick_winners(deal, pool, split, players), split):
            if outcome == DEFENDED and winner == dealer:
                # "the proceeds of any tricks he may make remain in the pool"
                kept += share
            else:
                by_trick[winner] = by_trick.get(winner, 0) + share
        loo = settings.loo_for(pool)
        spared = dealer if outcome == DEFENDED and not settings.defender_looed else None
        for player in players:  # in seat order, so the lines read the same every time
            if player in by_trick:
                won[player] = by_trick[player]
            elif deal.tricks.get(player) == 0 and player != spared:
                looed[player] = loo
    transfers = [Transfer(dealer, POOL, settings.ante)]
    transfers += [Transfer(POOL, p, n) for p, n in won.items()]
    transfers += [Transfer(p, POOL, n) for p, n in looed.items()]
    pool_after = pool - sum(won.values()) + sum(looed.values())
    hand = LooHand(dealer, pool, must, outcome, won, looed, kept, pool_after, tuple(transfers))
    return LooState(pool_after, state.hands + 1), hand


def end_of_sitting(state: LooState, players: Sequence[str], next_dealer: str) -> list[Transfer]:
    """Share out what is left in the pool among all the players.

    The counters that do not divide go one each, in seat order, from the player after the
    last dealer (SPEC 2, "End of sitting").
    """
    each, rest = divmod(state.pool, len(players))
    start = players.index(next_dealer)
    transfers = []
    for i in range(len(players)):
        player = players[(start + i) % len(players)]
        units = each + (i < rest)
        if units:
            transfers.append(Transfer(POOL, player, units))
    return transfers


def _outcome(deal: LooDeal, dealer: str, players: Sequence[str], must: bool) -> str:
    """Which of the four outcomes the deal describes, or why it describes none."""
    named = list(deal.tricks)
    if deal.all_pass:
        if named or deal.miss or deal.defend:
            raise RuleError("all-pass means nobody but the dealer held cards: name no players")
        if must:
            raise RuleError("this hand is a must: everyone plays, so nobody can pass")
        return DEALER_TAKES
    if not named:
        if deal.miss is None:
            raise RuleError(
                "say what happened: who played as PLAYER=TRICKS, --miss P, or --all-pass"
            )
        if must:
            raise RuleError("this hand is a must: there is no miss and everyone plays")
        if deal.miss == dealer:
            raise RuleError(
                f"{dealer} dealt: when all the others pass the dealer takes the pool (--all-pass)"
            )
        if deal.defend:
            raise RuleError("--defend needs the players and their tricks")
        return MISS_TAKES
    total = sum(deal.tricks.values())
    if total != 3:
        given = " ".join(f"{p}={n}" for p, n in deal.tricks.items())
        raise RuleError(f"tricks total {total}, not 3: {given}")
    if must:
        missing = [p for p in players if p not in deal.tricks]
        if missing:
            raise RuleError(
                f"this hand is a must: everyone plays; name {', '.join(missing)} too"
            )
        if deal.miss:
            raise RuleError("this hand is a must: there is no miss")
        if deal.defend:
            raise RuleError("this hand is a must: everyone plays, nobody defends the pool")
        return PLAY
    if deal.miss and deal.miss not in deal.tricks:
        raise RuleError(
            f"{deal.miss} took miss and so had to play: name {deal.miss} with his tricks"
        )
    others = [p for p in named if p != dealer]
    if deal.defend:
        if dealer not in deal.tricks:
            raise RuleError(f"--defend: name the dealer {dealer} with the tricks he took")
        if len(others) != 1:
            raise RuleError(
                f"--defend is for a hand where one player besides the dealer declared, "
                f"not {len(others)}"
            )
        if deal.miss and deal.miss != dealer:
            raise RuleError(
                f"{deal.miss} took miss: the dealer defends the pool only against a player "
                "on his own cards"
            )
        return DEFENDED
    if not others:
        raise RuleError(
            f"{dealer} dealt and cannot play alone: if all the others passed, use --all-pass"
        )
    if len(named) == 1:
        (lone,) = named
        if deal.miss == lone:
            raise RuleError(
                f"{lone} took miss and everyone else passed: he takes the pool (--miss {lone} "
                "alone)"
            )
        raise RuleError(
            f"only {lone} declared: the dealer {dealer} must play or defend the pool; name "
            f"{dealer}=TRICKS, with --defend if he played for the pool"
        )
    return PLAY


def _trick_winners(
    deal: LooDeal, pool: int, split: tuple[int, int, int], players: Sequence[str]
) -> list[str]:
    """The winners of tricks 1, 2, 3: from --order, or any order when the shares are equal."""
    by_seat = [p for p in players if deal.tricks.get(p)]
    if deal.order:
        if len(deal.order) != 3:
            raise RuleError(
                f"--order {','.join(deal.order)} names {len(deal.order)} tricks: give the "
                "winners of all 3 tricks"
            )
        for player in by_seat:
            if deal.order.count(player) != deal.tricks[player]:
                raise RuleError(
                    f"--order names {player} {deal.order.count(player)} times but "
                    f"{player} took {deal.tricks[player]}"
                )
        for player in deal.order:
            if player not in deal.tricks:
                raise RuleError(f"--order names {player}, who did not play")
        return list(deal.order)
    winners = [p for p in by_seat for _ in range(deal.tricks[p])]
    if split[0] != split[2] and len(by_seat) > 1:
        raise RuleError(
            f"the pool of {pool} does not divide by 3: give the trick winners in order with "
            f"--order (e.g. --order {','.join(winners)})"
        )
    return winners


def describe(hand: LooHand) -> str:
    """One line: who took what, who was looed."""
    parts = []
    if hand.outcome in (DEALER_TAKES, MISS_TAKES):
        ((player, units),) = hand.won.items()
        who = "dealer" if hand.outcome == DEALER_TAKES else "miss"
        return f"{player} ({who}) takes the pool of {units}"
    for player, units in hand.won.items():
        parts.append(f"{player} +{units}")
    if hand.outcome == DEFENDED and hand.kept:
        parts.append(f"{hand.kept} stay in the pool")
    elif hand.kept:
        parts.append(f"{hand.kept} carried")
    for player, units in hand.looed.items():
        parts.append(f"{player} looed {units}")
    prefix = "must: " if hand.must else ("defended: " if hand.outcome == DEFENDED else "")
    return prefix + ", ".join(parts)


# --- what the tables and JSON show --------------------------------------------------------


def account_name(account: str) -> str:
    return "pool" if account == POOL else account


def result_json(hand: LooHand) -> dict[str, Any]:
    return {
        "pool": hand.pool,
        "must": hand.must,
        "outcome": hand.outcome,
        "won": hand.won,
        "looed": hand.looed,
        "kept": hand.kept,
        "pool_after": hand.pool_after,
    }


def standing_json(state: LooState, settings: LooSettings) -> dict[str, Any]:
    return {"pool": state.pool, "next_must": next_is_must(state, settings)}


def standing_lines(state: LooState, settings: LooSettings) -> list[str]:
    lines = [f"Pool now {state.pool}."]
    if next_is_must(state, settings):
        lines.append("The next hand is a single: a must, everyone plays.")
    elif is_single(state):
        lines.append("The next hand is a single.")
    return lines


def settle_json(state: LooState) -> dict[str, Any]:
    return {"pool": state.pool}


def settle_lines(state: LooState, players: Sequence[str], next_dealer: str) -> list[str]:
    if not state.pool:
        return ["The pool is empty."]
    each, rest = divmod(state.pool, len(players))
    start = players.index(next_dealer)
    extra = [players[(start + i) % len(players)] for i in range(rest)]
    line = f"The pool held {state.pool} counters, shared out: {each} each"
    if extra:
        line += f", 1 more to {', '.join(extra)}"
    return [line + " (in the nets)."]


def settle_player(net: int, settings: LooSettings) -> dict[str, int]:
    return {}


next_dealer = next_in_seat


def is_deal(deal: Any) -> bool:
    return True

Settings = LooSettings
Deal = LooDeal
