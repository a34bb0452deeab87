"""What a game is: the one interface every game implements (python-chess keeps its variants
the same way: one base class, one subclass each, a registry by name).

A game is generic over four types of its own:

- S, its settings (frozen, checked when made);
- E, an entry of the sitting: a deal, or another kind of entry that sits between deals
  (Bridge: a change of partnerships). `is_deal` tells them apart;
- St, the state carried from one entry to the next (Loo: the pool; Bridge: the rubbers);
- R, what one entry did: at least its transfers between the accounts.

`play(state, entry, dealing)` is a pure function: it checks the entry against the rules and
returns the next state and the result. The session folds its entries through it.
"""


from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from ..i18n import _
from ..ledger import Transfer
from ..values import value
from .data import DealUpgrade
from .players import Players

if TYPE_CHECKING:
    from .partnership import Teams


class Entry(Protocol):
    """An entry of a sitting: it may name its dealer."""

    @property
    def dealer(self) -> str | None: ...


class Result(Protocol):
    """What an entry did: the units it moved between the accounts (summing to zero)."""

    @property
    def transfers(self) -> tuple[Transfer, ...]: ...


S = TypeVar("S")
E = TypeVar("E", bound=Entry)
St = TypeVar("St")
R = TypeVar("R", bound=Result)


@value
class Dealing(Generic[S]):
    """How a deal is dealt: the players at the table in seat order, the dealer, the settings
    (one word for it: the table now, scorekeeper.tablenow, is the table between deals)."""

    players: Players
    dealer: str
    settings: S


@value
class Partnerships:
    """The partnerships of a partnership game's rubber, and its number."""

    number: int
    teams: Teams


@value
class Seats:
    """What a game says of the table before its next deal, beside who sits at it (the
    defaults: a game where everyone seated plays every deal and anyone seated deals)."""

    out: tuple[str, ...] = ()
    """Who sits out the next deal: named in it as nobody (Pinochle's dealer, with four)."""
    dealers: tuple[str, ...] | None = None
    """Who may deal it; None: anyone seated."""
    playing: Partnerships | None = None
    """A partnership game: the rubber being played, if one is."""
    upcoming: Partnerships | None = None
    """A partnership game: the rubber to be played next (after the one being played)."""
    pending: Teams | None = None
    """A partnership game: partnerships set and not yet played under."""


#: The catalogue's contexts of a game's name inside a sentence and in a table.
IN_A_SENTENCE = "in a sentence"
IN_A_TABLE = "in a table"


class Game(ABC, Generic[S, E, St, R]):
    """The rules of one game. Subclasses set the class attributes and the abstract methods;
    the others have defaults that suit a game where every entry is a deal, the deal passes
    to the next seat and nothing is left over at the end."""

    name: ClassVar[str]
    """How a session file and the command line name the game: "loo"."""
    title: ClassVar[str]
    """How people name it, in English: "Three-card Loo"; shown as `_(game.title)`, in the
    language spoken (a title of the catalogue is marked with `N_`)."""
    sentence_name: ClassVar[str] = ""
    """Its title inside a sentence, marked for the catalogue in its context:
    `NP_(IN_A_SENTENCE, title)` (English "Three-card Loo", Danish "trekorts-lu"); shown by
    games.in_a_sentence. Empty: the title."""
    table_name: ClassVar[str] = ""
    """Its name in a table, or in parentheses after a session's: `NP_(IN_A_TABLE, name)`
    (English "loo", Danish "trekorts-lu"); shown by games.in_a_table. Empty: the name."""
    unit: ClassVar[str]
    """What the balances count: "counter", "chip", "point"."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    accounts: ClassVar[tuple[str, ...]] = ()
    """Accounts beside the players' (Loo: the pool); their names hold a '/', which no
    player's can."""
    entry_keys: ClassVar[frozenset[str]] = frozenset()
    """The keys an entry's table may hold (beside players' names), so that a file can be
    read fast; a key not listed is still read, only slower."""
    state_version: ClassVar[int] = 1
    """Raise it when the state or its data form changes: cached standings are then
    replayed afresh."""

    # --- settings and entries as plain data (what a file holds) -----------------------------

    @abstractmethod
    def settings_from_data(self, data: Mapping[str, object]) -> S:
        """The settings from a file's [settings] table (RuleError for what is wrong)."""

    @abstractmethod
    def settings_to_data(self, settings: S) -> dict[str, object]:
        """The settings as plain data, every key written."""

    @abstractmethod
    def entry_from_data(self, data: Mapping[str, object], players: Players) -> E:
        """An entry from a file's table, its players named as the session names them."""

    @abstractmethod
    def entry_to_data(self, entry: E) -> dict[str, object]:
        """An entry as plain data: only its inputs, only what was given."""

    # --- the rules ---------------------------------------------------------------------------

    @abstractmethod
    def initial_state(self, settings: S, players: Players) -> St:
        """The state before the first deal."""

    @abstractmethod
    def play(self, state: St, entry: E, dealing: Dealing[S]) -> tuple[St, R]:
        """Check `entry` against the rules (RuleError) and play it: the next state and what
        it did. Pure: `state` is not changed."""

    def in_full(self, state: St, entry: E, dealing: Dealing[S]) -> E:
        """`entry` as it reads after `state`, written out so that it reads the same on its
        own, whatever came before it (Loo: a must's players who took no trick, named with
        0). What the file keeps of a deal: the facts, not their context."""
        return entry

    def misread(self, then: E, now: E) -> str:
        """How an entry, the same in the file, reads otherwise: `then` as it was played,
        `now` after a change before it (both as `in_full` gives them)."""
        return _("it was played as {then}, and would be {now}").format(
            then=self.entry_to_data(then), now=self.entry_to_data(now))

    def check_seating(self, players: Players, settings: S, first_dealer: str) -> None:
        """Refuse a table the game cannot be played at (RuleError)."""

    def is_deal(self, entry: E) -> bool:
        """Whether `entry` is a deal (and so numbered and dealt); True unless overridden."""
        return True

    def is_deal_data(self, data: Mapping[str, object]) -> bool:
        """Whether a file's entry is a deal, before it is read (for numbering its problems);
        agrees with `is_deal`."""
        return True

    def next_dealer(self, state: St, players: Players, dealer: str, entry: E) -> str:
        """Who deals after `entry`, dealt by `dealer`: by default the next seat."""
        return players.after(dealer)

    def seats(self, state: St, seated: Players, next_dealer: str) -> Seats:
        """Who plays, deals and sits out the next deal, and a partnership game's rubbers:
        what the table now (scorekeeper.tablenow) holds beside who is seated."""
        return Seats()

    def end_of_sitting(self, state: St, players: Players, next_dealer: str) -> list[Transfer]:
        """Transfers that close the sitting (Loo shares out the pool); none by default."""
        return []

    def from_version_1(self, settings: dict[str, Any], deals: list[object]
                       ) -> DealUpgrade | None:
        """A file of version 1 (which wrote a deal's players and counts as strings, "Bob=2
        Cid=0"): its `settings` put right in place, and how each deal is (games.data has
        the readers of those strings). None, the default: the game had no version 1, and a
        file of it is read as it is."""
        return None

    # --- what stats counts -------------------------------------------------------------------

    counts: ClassVar[tuple[str, ...]] = ()
    """What `stats` counts of each player's play, in the order shown (Loo: "looed",
    "pools"). "deals", when counted, is the deals he played (Bridge: not those he sat out);
    otherwise every deal of the sitting counts for every player."""

    def count(self, result: R) -> Iterable[tuple[str, str, int]]:
        """What one entry adds to the counts: (player, count, how many)."""
        return ()

    def count_title(self, count: str) -> str:
        """How `stats` titles one of `counts`, in the language chosen (JSON and CSV keep
        the key): by default the key, its underscores spaces."""
        return count.replace("_", " ")

    # --- the cached standing -----------------------------------------------------------------

    @abstractmethod
    def state_to_data(self, state: St) -> object:
        """The state as plain data (ints, text, tuples, lists, dicts) for the cache."""

    @abstractmethod
    def state_from_data(self, data: object) -> St:
        """The state back from `state_to_data`; ValueError or TypeError if it is not one."""
