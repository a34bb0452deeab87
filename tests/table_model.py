"""An independent model of the table, rebuilt from a session file's entries as the SPEC
reads (§1 dealer, §2-§4 who plays, §4 partnerships and the dealer of a new rubber, §10
seating): who sits at the table, who deals next, who may be named in the next deal, who may
leave; and whether each entry is allowed where it stands. It knows the entries the
stateful test writes (and refuses what it does not know), not the program's code."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Bridge: the value of an odd trick.
TRICK_VALUE = {"spades": 2, "clubs": 4, "diamonds": 6, "hearts": 8, "notrumps": 12}


class Refused(Exception):
    """An entry the rules do not allow where it stands."""


@dataclass
class Model:
    game: str
    seated: list[str]
    next_dealer: str
    everyone: list[str]
    must: bool = False
    # Bridge: the partnerships playing (the rubber in play, or the one just played), the
    # change made for the next rubber, and the rubber's score
    teams: tuple[tuple[str, str], tuple[str, str]] | None = None
    pending: tuple[tuple[str, str], tuple[str, str]] | None = None
    in_rubber: bool = False
    below: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=lambda: [0, 0])
    rubbers: list[tuple[Any, list[int], bool]] = field(default_factory=list)
    """Bridge: each rubber begun: its partnerships, the games each won, whether it is won."""
    deals: int = 0
    limits: tuple[int, int] = (3, 99)
    first: list[str] = field(default_factory=list)
    """The sitting's players as `new` seated them."""
    """The game's fewest and most players (the registry's)."""

    # --- what the commands may name -------------------------------------------------------

    def next_teams(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """Bridge: the partnerships of the next deal."""
        return self.pending if (self.pending and not self.in_rubber) else self.playing()

    def playing(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """Bridge: the partnerships of the rubber being played or just played; before the
        first deal (none set), seats 1 & 3 against 2 & 4 of the sitting's players, as `new`
        says (a newcomer seated before the first deal moves nobody)."""
        if self.teams is not None:
            return self.teams
        seats = self.first
        return (seats[0], seats[2]), (seats[1], seats[3])

    def dealing_order(self, teams: Any = None) -> list[str]:
        (x1, x2), (y1, y2) = teams or self.next_teams()
        return [x1, y1, x2, y2]

    def next_deal_dealer(self) -> str:
        """Who deals the next deal if it names nobody."""
        if self.game == "bridge" and self.pending and not self.in_rubber:
            if self.teams is not None and _same(self.pending, self.teams):
                return self.next_dealer
            return self.pending[0][0]
        return self.next_dealer

    def in_play(self, dealer: str | None = None) -> list[str]:
        """Who may be named in the next deal (dealt by `dealer`, by default the next)."""
        dealer = dealer or self.next_deal_dealer()
        if self.game == "loo":
            return list(self.seated)
        if self.game == "pinochle":
            if len(self.seated) == 3:
                return list(self.seated)
            at = self.seated.index(dealer)
            after = [self.seated[(at + k) % len(self.seated)] for k in range(1, 4)]
            return after
        return self.dealing_order()

    def may_leave(self, counted: bool = True) -> list[str]:
        """Who may leave now; not `counted`: were the table not at its fewest players."""
        if counted and len(self.seated) <= self.limits[0]:
            return []
        if self.game != "bridge":
            return list(self.seated)
        busy = {*self.next_teams()[0], *self.next_teams()[1]}
        if self.pending:
            busy |= {*self.pending[0], *self.pending[1]}
        return [p for p in self.seated if p not in busy]

    def after(self, player: str, order: list[str] | None = None) -> str:
        order = order or self.seated
        return order[(order.index(player) + 1) % len(order)]

    # --- the entries ----------------------------------------------------------------------

    def play(self, entry: dict[str, Any]) -> None:
        """Play one entry of the file (Refused if it is not allowed here)."""
        if "join" in entry:
            self._join(entry["join"], entry.get("after"))
        elif "leave" in entry:
            self._leave(entry["leave"])
        elif "teams" in entry:
            self._teams(entry["teams"])
        else:
            {"loo": self._loo, "pinochle": self._pinochle, "bridge": self._bridge}[self.game](
                entry)
            self.deals += 1

    def _join(self, name: str, after: str | None) -> None:
        if any(p.casefold() == name.casefold() for p in self.seated):
            raise Refused(f"{name} is seated")
        if len(self.seated) >= self.limits[1]:
            raise Refused("too many")
        if after is None:
            self.seated.append(name)
        else:
            if after not in self.seated:
                raise Refused(f"{after} is not seated")
            self.seated.insert(self.seated.index(after) + 1, name)
        if name not in self.everyone:
            self.everyone.append(name)

    def _leave(self, name: str) -> None:
        if name not in self.seated:
            raise Refused(f"{name} is not seated")
        if name not in self.may_leave():
            raise Refused(f"{name} may not leave")
        if self.next_dealer == name:
            self.next_dealer = self.after(name)
        self.seated.remove(name)

    def _dealer(self, entry: dict[str, Any], allowed: list[str]) -> str:
        dealer = entry.get("dealer") or self.next_deal_dealer()
        if dealer not in allowed:
            raise Refused(f"dealer {dealer} not allowed")
        return dealer

    def _loo(self, entry: dict[str, Any]) -> None:
        dealer = self._dealer(entry, self.seated)
        tricks: dict[str, int] = entry.get("tricks", {})
        if set(entry) - {"dealer", "tricks", "miss", "all_pass"}:
            raise Refused(f"unknown Loo entry {entry}")
        if any(p not in self.seated for p in tricks):
            raise Refused("a player not seated")
        played = [p for p, n in tricks.items()]
        single = False
        if self.must:
            if "miss" in entry or "all_pass" in entry or sum(tricks.values()) != 3:
                raise Refused("a must")
            if set(tricks) != set(self.seated):
                # as the file keeps a must: every player named (Game.in_full); a deal kept
                # otherwise would read otherwise, and is refused
                raise Refused("a must names every player")
            played = list(self.seated)
            named = {p: tricks.get(p, 0) for p in played}
            single = len(played) == 3 and all(n == 1 for n in named.values())
        elif entry.get("all_pass"):
            if tricks or "miss" in entry:
                raise Refused("all pass and more")
        elif "miss" in entry:
            if tricks or entry["miss"] == dealer or entry["miss"] not in self.seated:
                raise Refused("miss alone, not the dealer's")
        else:
            if len(tricks) < 2 or sum(tricks.values()) != 3 or any(
                    not 0 <= n <= 3 for n in tricks.values()):
                raise Refused("play: two or more, three tricks")
            single = len(played) == 3 and all(n == 1 for n in tricks.values())
        self.must = single
        self.next_dealer = self.after(dealer)

    def _pinochle(self, entry: dict[str, Any]) -> None:
        dealer = self._dealer(entry, self.seated)
        if entry.get("no_bid"):
            if set(entry) - {"dealer", "no_bid"}:
                raise Refused("no bid and more")
        else:
            if set(entry) - {"dealer", "bidder", "bid", "meld", "declined"}:
                raise Refused(f"unknown Pinochle entry {entry}")
            bid, meld = entry["bid"], entry.get("meld", 0)
            if entry["bidder"] not in self.in_play(dealer):
                raise Refused("the bidder sits out")
            if bid <= 0 or bid % 10 or meld % 10 or meld < 0:
                raise Refused("bid or meld")
            if (meld >= bid) == bool(entry.get("declined")):
                raise Refused("declined a made bid, or a short meld without an outcome")
        self.next_dealer = self.after(dealer)

    def _teams(self, teams: list[list[str]]) -> None:
        names = [p for team in teams for p in team]
        if len(teams) != 2 or any(len(t) != 2 for t in teams) or len(set(names)) != 4 or any(
                p not in self.seated for p in names):
            raise Refused(f"teams {teams}")
        new = ((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1]))
        if new == (self.pending or self.playing()):
            # the same, named the same way (named otherwise before the first deal, they
            # say who deals first)
            raise Refused("the partnerships to be played already: they change nothing")
        self.pending = ((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1]))

    def _bridge(self, entry: dict[str, Any]) -> None:
        if set(entry) - {"dealer", "trump", "tricks", "honours"}:
            raise Refused(f"unknown Bridge entry {entry}")
        if self.teams is None and not self.pending:
            self.teams = self.playing()
        if not self.in_rubber and self.pending:
            # the first rubber's partnerships, or new ones: X1 deals first
            if self.teams is None or not _same(self.pending, self.teams):
                self.teams = self.pending
                self.next_dealer = self.pending[0][0]
            self.pending = None
        if not self.in_rubber:
            self.rubbers.append((self.teams, [0, 0], False))
        order = self.dealing_order(self.teams)
        dealer = entry.get("dealer") or self.next_dealer
        if dealer not in order:
            raise Refused(f"dealer {dealer} sits out")
        tricks = entry["tricks"]
        honours = entry.get("honours", {})
        if len(tricks) != 1 or any(p not in order for p in [*tricks, *honours]):
            raise Refused("a player sitting out")
        (player, n), = tricks.items()
        _check_tricks_and_honours(entry["trump"], n, sum(honours.values()))
        assert self.teams is not None
        side = 0 if player in self.teams[0] else 1
        winner, odd = (side, n - 6) if n >= 7 else (1 - side, 13 - n - 6)
        if odd > 0:
            self.below[winner] += odd * TRICK_VALUE[entry["trump"]]
        self.in_rubber = True
        if self.below[winner] >= 30:
            self.below = [0, 0]
            self.games[winner] += 1
            teams, _games, _won = self.rubbers[-1]
            self.rubbers[-1] = (teams, list(self.games), self.games[winner] == 2)
            if self.games[winner] == 2:
                self.games = [0, 0]
                self.in_rubber = False
        self.next_dealer = self.after(dealer, order)


def _check_tricks_and_honours(trump: str, tricks: int, honours: int) -> None:
    """Bridge: the entries the test writes name one honour holder, with 3 (or none in no
    trumps)."""
    if not 0 <= tricks <= 13:
        raise Refused("tricks")
    if trump == "notrumps":
        if honours and honours not in (3, 4):
            raise Refused("aces")
    elif not 3 <= honours <= 5:
        raise Refused("honours")


def same_partnerships(a: Any, b: Any) -> bool:
    """Whether two pairs of partnerships are the same, however named."""
    return _same(a, b)


def _same(a: Any, b: Any) -> bool:
    return {frozenset(a[0]), frozenset(a[1])} == {frozenset(b[0]), frozenset(b[1])}


def rebuild(game: str, data: dict[str, Any]) -> Model:
    """The model of a file's table (Refused if an entry is not allowed)."""
    from scorekeeper.games import GAMES

    players = list(data["players"])
    limits = GAMES[game].min_players, GAMES[game].max_players
    model = Model(game, list(players), players[0], list(players), limits=limits,
                  first=list(players))
    for entry in data.get("deals", []):
        model.play(entry)
    return model
