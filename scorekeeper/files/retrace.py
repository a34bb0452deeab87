"""A file's history replayed forward, each change after the fact checked against what the
replay gives (docs/history.md says what this can and cannot catch).

Undone from today's entries (history.unwind), the history gives the entries as first
recorded; done again one change at a time (history.redo), each change is checked where it
was made: the entries before and after it read and keep the rules, its deal number is that
entry's, the nets it says it moved are what the replay moves, its kind is what it changed,
and a sitting marked paid was not changed. A deal recorded in turn writes no record, so how
many entries the sitting had when a change was made is not kept: it is the fewest (from the
changes before it) for which the nets fit, and a change whose nets fit none is a lie.

The replay is kept, not redone: each change replays only from its first entry on (from the
start only when it changed the settings), and only as far as its nets ask.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import RuleError
from ..history import (
    UNSET,
    Data,
    Disagreement,
    Revision,
    changed_nets,
    kind_word,
    moment,
    nets_text,
    payment_shape_problems,
    redo,
    shape_problems,
    time_problems,
    unwind,
)
from ..i18n import _, day
from ..seating import is_seating_data, seating_from_data
from ..session import AnySession, Standing, everyone, nets, play_next, start
from ..values import replace
from . import codec, tomltext

#: A problem of a history: the record (0-based, in the order written) and what is wrong.
Lie = tuple[int, str]


class Replayed:
    """Entries as a file holds them, under a header, replayed as far as asked: the standing
    after each first so many, up to the first that does not read or breaks a rule.

    A replay made from another (`changed`: a change done on its entries) takes the other's
    standings for the entries before the change, and once the two stand alike again after
    it (the same game state, dealer and table) follows the other's, shifted by what the
    change moved: the entries after a change are replayed only until it stops mattering."""

    def __init__(self, header: AnySession, data: list[Data], decoded: dict[int, Any],
                 entries: Sequence[Any] = ()) -> None:
        self.header, self.data, self.decoded = header, data, decoded
        self.entries = entries
        """The entries `data` holds, read already (none: read here as needed)."""
        self.base = 0
        """The count of entries `own` begins at; those before come from `source`."""
        self.own: list[Standing[Any]] = [start(header)]
        self.source: Replayed | None = None
        self.shift = 0
        """How many more entries this holds than `source`, from `settled` on."""
        self.settled = 0
        """From this count on, the entries are `source`'s, `shift` on."""
        self.follows: int | None = None
        """From this count on, the standings are `source`'s, moved by `moved`."""
        self.moved: dict[str, int] = {}
        self.dealt = 0
        self.error: RuleError | None = None
        """The rule the next entry breaks, once met."""
        self.netted: dict[int, dict[str, int]] = {}

    def changed(self, first: int, settled: int, data: list[Data], header: AnySession
                ) -> Replayed:
        """The replay of `data`, which holds these entries before `first` and from
        `settled` on those after them (shifted): their standings kept unless `header`
        plays otherwise."""
        made = Replayed(header, data, self.decoded)
        if not _plays_alike(header, self.header):
            return made
        made.source, made.settled, made.shift = self, settled, len(data) - len(self.data)
        made.base = first if self.reach(first) else self.last()
        made.own = [self.standing(made.base)]
        made.error = None if made.base == first else self.why()
        made.converge()
        return made

    def last(self) -> int:
        """The most entries replayed so far."""
        if self.follows is not None and self.source is not None:
            return self.source.last() + self.shift
        return self.base + len(self.own) - 1

    def why(self) -> RuleError | None:
        """Why the replay stops where it does (None: it has not met a rule broken)."""
        if self.follows is not None and self.source is not None:
            return self.source.why()
        return self.error

    def standing(self, count: int) -> Standing[Any]:
        """The standing after the first `count` entries (replayed: reach(count))."""
        if count < self.base and self.source is not None:
            return self.source.standing(count)
        if self.follows is not None and self.source is not None and count >= self.follows:
            found = self.source.standing(count - self.shift)
            balances = {k: v + self.moved.get(k, 0) for k, v in found.balances.items()}
            return replace(found, balances=balances, entries=count,
                           deals=found.deals + self.dealt)
        return self.own[count - self.base]

    def reach(self, count: int) -> bool:
        """Whether the first `count` entries replay (replaying as many as needed)."""
        while True:
            if self.follows is not None and self.source is not None:
                return count < self.follows or self.source.reach(count - self.shift)
            last = self.base + len(self.own) - 1
            if count <= last:
                return True
            if self.error is not None or last >= len(self.data):
                return False
            try:
                entry = self._entry(last)
                self.own.append(play_next(self.header, self.own[-1], entry)[1])
            except RuleError as error:
                self.error = error
            self.converge()

    def converge(self) -> None:
        """Follow the source from here on, if this stands as it does here."""
        count = self.base + len(self.own) - 1
        source = self.source
        if source is None or self.follows is not None or count < self.settled or (
                self.error is not None or not source.reach(count - self.shift)):
            return
        mine, theirs = self.own[-1], source.standing(count - self.shift)
        if (mine.state, mine.next_dealer, mine.seated, list(mine.balances)) == (
                theirs.state, theirs.next_dealer, theirs.seated, list(theirs.balances)):
            self.follows = count
            self.moved = {k: v - theirs.balances[k] for k, v in mine.balances.items()}
            self.dealt = mine.deals - theirs.deals

    def _entry(self, index: int) -> Any:
        """Entry `index` read from its data (each read once for those seated then)."""
        if index < len(self.entries):
            return self.entries[index]
        raw, standing = self.data[index], self.own[-1]
        known = tuple(everyone(self.header, standing))
        kept = self.decoded.get(id(raw))
        if kept is not None and kept[0] is raw and kept[1] == known:
            return kept[2]
        players = codec.players_of(known)
        try:
            entry = (seating_from_data(raw, players) if is_seating_data(raw)
                     else self.header.game.entry_from_data(raw, players))
        except RuleError as error:
            if is_seating_data(raw) or not self.header.game.is_deal_data(raw):
                raise RuleError(_("entry {number}: {error}").format(number=index + 1,
                                                                   error=error)) from None
            raise RuleError(_("deal {number}: {error}").format(number=standing.deals + 1,
                                                              error=error)) from None
        self.decoded[id(raw)] = (raw, known, entry)
        return entry

    def number(self, index: int) -> int:
        """Entry `index`'s deal number; 0 if it is not a deal (or does not replay)."""
        if not self.reach(index + 1):
            return 0
        deals = self.standing(index + 1).deals
        return deals if deals > self.standing(index).deals else 0

    def nets(self, count: int) -> dict[str, int]:
        """Each player's net after the first `count` entries (replayed)."""
        found = self.netted.get(count)
        if found is None:
            if self.follows is not None and self.source is not None and count >= self.follows:
                theirs = self.source.nets(count - self.shift)
                found = {p: n + self.moved.get(p, 0) for p, n in theirs.items()}
            else:
                found = nets(self.header, self.standing(count))
            self.netted[count] = found
        return found

    def seen(self) -> set[str]:
        """Everyone who has sat at the table, as far as replayed."""
        return set(everyone(self.header, self.standing(self.last())))


def _plays_alike(one: AnySession, other: AnySession) -> bool:
    """Whether two headers replay their entries alike (the days do not count)."""
    return one is other or replace(one, paid=None, date=None, entries=()) == replace(
        other, paid=None, date=None, entries=())


# --- a session's history ---------------------------------------------------------------------


def session_lies(session: AnySession, history: Sequence[Revision],
                 now: datetime.datetime | None = None, today: Replayed | None = None
                 ) -> list[Lie]:
    """Every problem of a session's history, by record, in the order written (`today`:
    the replay of its entries, if made already)."""
    data, top = codec.entries_data(session), codec.top_data(session)
    try:
        first = unwind(data, top, history)
    except Disagreement as error:
        return [(error.index, disagreement(error, _("entry {number}")))]
    lies = time_problems(history, now or datetime.datetime.now())
    shapeless = set()
    for index, revision in enumerate(history):
        found = shape_problems(revision)
        lies += [(index, problem) for problem in found]
        shapeless |= {index} if found else set()
    states = [first]
    for revision in history:
        states.append(redo(*states[-1], revision))
    lies += _replayed(session, history, states, shapeless, today)
    return sorted(lies, key=lambda lie: lie[0])


def _replayed(session: AnySession, history: Sequence[Revision],
              states: list[tuple[list[Data], dict[str, Any]]], shapeless: set[int],
              today: Replayed | None) -> list[Lie]:
    """The problems the replay finds, each change done again on what was before it (those
    in `shapeless`, whose shape is wrong already, done but not checked again)."""
    lies: list[Lie] = []
    replays = _replays(session, history, states, today, lies)
    floor = 0  # the fewest entries the sitting had by then
    for index, revision in enumerate(history):
        (_data, top), (_new, new_top) = states[index], states[index + 1]
        before, after = replays[index], replays[index + 1]
        lies += [(index, p) for p in _against_the_keys(revision, top, new_top)]
        if before is not None and after is not None and index not in shapeless:
            found, floor = _fits(revision, before, after, floor)
            lies += [(index, p) for p in found]
        elif revision.entry:
            floor = 0  # not known: no more asked of the changes after it
    return lies


def _replays(session: AnySession, history: Sequence[Revision],
             states: list[tuple[list[Data], dict[str, Any]]], today: Replayed | None,
             lies: list[Lie]) -> list[Replayed | None]:
    """The replay of the entries before each change, and after the last: today's, and
    each before it made from the one after it (None where the keys make no session; what
    is wrong with them added to `lies`)."""
    replays: list[Replayed | None] = [today or Replayed(session, states[-1][0], {},
                                                        session.entries)]
    header: AnySession | None = session
    for index in reversed(range(len(history))):
        revision, (data, top) = history[index], states[index]
        if top != states[index + 1][1]:
            header, problem = _header(top, session.name)
            if problem:
                lies.append((index, _("before it, {problem}").format(problem=problem)))
        later = replays[0]
        first = max(revision.entry - 1, 0)
        replays.insert(0, None if header is None else Replayed(header, data, {})
                       if later is None else
                       later.changed(first, first + len(revision.before), data, header))
    return replays


def _header(top: Mapping[str, Any], name: str) -> tuple[AnySession | None, str]:
    """The session without its entries that `top` makes, or what is wrong with it."""
    decoded = codec.decode({**top, "deals": []}, name)
    if decoded.session is None or decoded.problems:
        return None, decoded.problems[0].message if decoded.problems else ""
    return decoded.session, ""


def _against_the_keys(revision: Revision, top: Mapping[str, Any], new_top: Mapping[str, Any]
                      ) -> list[str]:
    """What a change cannot have been, with the file's keys as they were: made before the
    sitting's day, a change to a sitting marked paid, a day of payment before its day."""
    played = top.get("date")
    lies = []
    if isinstance(played, datetime.date) and revision.when.date() < played:
        lies.append(_("it was made at {when}, before the sitting's day ({day})").format(
            when=moment(revision.when), day=day(played)))
    paid = new_top.get("paid")
    if revision.kind == "paid" and isinstance(played, datetime.date) and isinstance(
            paid, datetime.date) and paid < played:
        lies.append(_("it marks the sitting paid on {paid}, before its day ({day})").format(
            paid=day(paid), day=day(played)))
    changed = revision.before != revision.after or {*revision.was, *revision.now} - {"paid"}
    if "paid" in top and "paid" in new_top and changed:
        lies.append(_("it changes a sitting marked paid, which must be reopened first"))
    return lies


def _fits(revision: Revision, before: Replayed, after: Replayed, floor: int
          ) -> tuple[list[str], int]:
    """What is wrong with `revision`, done on `before` to give `after`, and the fewest
    entries the sitting then has; `floor`: the fewest it had before."""
    if revision.kind in ("paid", "reopened"):
        return [], floor  # it moves no entry (its shape says so)
    first = revision.entry - 1 if revision.entry else 0
    shift = len(revision.after) - len(revision.before)
    least = max(floor, first + len(revision.before))
    lies = []
    if revision.kind == "undo" and floor > first + 1:
        lies.append(_("it takes away entry {entry} as the last, but by then the sitting had "
                      "{count} entries").format(entry=revision.entry, count=floor))
    if revision.kind == "undo":
        least = first + 1
    if not before.reach(least):
        return [*lies, _unplayable(_("before it"), before)], least + shift
    if not after.reach(least + shift):
        return [*lies, _unplayable(_("after it"), after)], least + shift
    if revision.entry:
        lies += _numbered(revision, before, after, first, floor)
    counts = [least] if revision.kind == "undo" else range(least, len(before.data) + 1)
    for count in counts:
        if not (before.reach(count) and after.reach(count + shift)):
            break
        if changed_nets(before.nets(count), after.nets(count + shift)) == revision.nets:
            return lies, count + shift
    return [*lies, _nets_lie(revision, before, after, least, shift, len(counts) == 1)
            ], least + shift


def _unplayable(when: str, replayed: Replayed) -> str:
    """Why the entries before or after a change do not replay as far as it needs."""
    if replayed.why():
        return _("{when}, {error}").format(when=when, error=replayed.why())
    return _("{when}, the sitting has fewer entries than it changes").format(when=when)


def _numbered(revision: Revision, before: Replayed, after: Replayed, first: int, floor: int
              ) -> list[str]:
    """Whether the deal number a change gives is its first entry's (an entry put in at
    the end: the new one's), and an amend's first entry a deal."""
    numbers = {before.number(first)}
    if not revision.before and first >= floor:
        numbers.add(after.number(first))
    if revision.kind == "amend" and not any(numbers):
        return [_("an amend puts a deal right, but entry {entry} is not a deal").format(
            entry=revision.entry)]
    if revision.deal in numbers:
        return []
    found = max(numbers)
    if not found:
        return [_("it names deal {deal}, but entry {entry} is not a deal").format(
            deal=revision.deal, entry=revision.entry)]
    if not revision.deal:
        return [_("entry {entry} is deal {number}, which it does not name").format(
            entry=revision.entry, number=found)]
    return [_("it names deal {deal}, but entry {entry} is deal {number}").format(
        deal=revision.deal, entry=revision.entry, number=found)]


def _nets_lie(revision: Revision, before: Replayed, after: Replayed, least: int, shift: int,
              exact: bool) -> str:
    """What is wrong with the nets a change says it moved, which the replay moves at no
    length the sitting could then have had."""
    strangers = [p for p in revision.nets if p not in before.seen() | after.seen()]
    if strangers:
        return _("its nets name {names}, who never sat at the table").format(
            names=", ".join(strangers))
    said = nets_text(revision.nets) or _("(none)")
    made = nets_text(changed_nets(before.nets(least), after.nets(least + shift))) or _(
        "(none)")
    if exact:
        return _("it says it moved the nets {said}, but replayed it moves {made}").format(
            said=said, made=made)
    return _("it says it moved the nets {said}, but replayed with any number of deals "
             "after it, it never does (with none after it: {made})").format(said=said,
                                                                           made=made)


def disagreement(error: Disagreement, place: str) -> str:
    """Where a record and the file disagree, in the file's own words (`place`: "entry
    {number}" or "payment {number}", the first of the list it changed)."""
    kind = kind_word(error.revision.kind)
    if error.key:
        def shown(item: object) -> str:
            return _("(not set)") if item is UNSET else tomltext.value(item)

        return _("this {kind} says {key} is now {said}, but the file has {found}").format(
            kind=kind, key=error.key, said=shown(error.said), found=shown(error.found))

    def listed(items: object) -> str:
        return "; ".join(map(tomltext.inline_table, items if isinstance(items, list) else [])
                         ) or _("(none)")

    where = (place.format(number=error.revision.entry) if error.revision.entry
             else _("the end"))
    if not error.said and not error.found:  # nothing there, and it says nothing changed
        return _("this {kind} changes nothing at {where}, where the file has nothing").format(
            kind=kind, where=where)
    return _("this {kind} says that from {where} on the file holds {said}, but it holds "
             "{found}").format(kind=kind, where=where, said=listed(error.said),
                               found=listed(error.found))


# --- the payments' history -------------------------------------------------------------------


def payment_lies(payments: Sequence[Data], history: Sequence[Revision],
                 check: Any, now: datetime.datetime | None = None) -> list[Lie]:
    """Every problem of the history of the book of payments (`payments` as its file holds
    them; `check(number, data)` a RuleError for a payment that cannot be), by record."""
    try:
        data, _top = unwind(list(payments), {}, history)
    except Disagreement as error:
        return [(error.index, disagreement(error, _("payment {number}")))]
    lies = time_problems(history, now or datetime.datetime.now())
    floor = 0  # the fewest payments the book had by then
    for index, revision in enumerate(history):
        found = payment_shape_problems(revision)
        if not found:
            found, floor = _payment_fits(revision, check, floor)
        lies += [(index, problem) for problem in found]
        data = redo(data, {}, revision)[0]
    return sorted(lies, key=lambda lie: lie[0])


def _payment_fits(revision: Revision, check: Any, floor: int) -> tuple[list[str], int]:
    """What is wrong with a payment's amend or undo, and the fewest payments the book then
    has (`floor`: before it)."""
    lies = []
    number = revision.entry
    if revision.kind == "undo" and floor > number:
        lies.append(_("it takes away payment {number} as the last, but by then there were "
                      "{count} payments").format(number=number, count=floor))
    for when, raw in ((_("before it"), revision.before[0]), *(
            (_("after it"), e) for e in revision.after)):
        try:
            paid = check(number, raw)
        except RuleError as error:
            lies.append(_("{when}, payment {number}: {error}").format(when=when, number=number,
                                                                      error=error))
            continue
        if paid.date > revision.when.date():
            lies.append(_("{when}, payment {number} was made on {paid}, after the day of "
                          "the change ({day})").format(when=when, number=number,
                                                       paid=day(paid.date),
                                                       day=day(revision.when.date())))
    return lies, number - 1 if revision.kind == "undo" else max(floor, number)
