"""The history of a sitting's changes after the fact: each amend, undo, edit, and marking
paid or reopening, as a revision kept in the session's file -- when, what it changed (the
entries there before and after it, the file's top keys as they were and are), whose nets it
moved, and why. Recording a deal in turn is the sitting itself and writes none.

Entries and top keys are kept as the file holds them (plain data), so the history reads
on its own and can be replayed backwards over today's entries to give the sitting as first
recorded (`unwind`), which `check` does to verify it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import RuleError
from .i18n import _
from .text import has_bad_byte, has_control, plain, quoted
from .values import field, value

#: What a revision may be.
KINDS = ("amend", "undo", "edit", "paid", "reopened")
#: The most characters of a reason (--why).
LONGEST_WHY = 200

Data = dict[str, Any]


@value
class Revision:
    """One change after the fact."""

    when: datetime.datetime
    """Local date and time, to the second."""
    kind: str
    """One of KINDS."""
    entry: int = 0
    """The first entry it changed, counting from 1 (every entry, not deals only); 0 if it
    changed none."""
    deal: int = 0
    """That entry's deal number, as `show` numbered it then; 0 if it is not a deal."""
    before: tuple[Data, ...] = ()
    """The entries from `entry` on that it replaced, as they were."""
    after: tuple[Data, ...] = ()
    """What stands there now (an undo: nothing)."""
    was: Data = field(default_factory=dict)
    """The file's top keys it changed, as they were (a key it added: absent)."""
    now: Data = field(default_factory=dict)
    """The same keys now (a key it removed: absent)."""
    nets: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each player whose net it changed: before and after."""
    why: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RuleError(_("change {kind} is not one of {kinds}").format(
                kind=quoted(self.kind), kinds=", ".join(KINDS)))
        if self.entry < 0 or (self.entry == 0 and (self.before or self.after)):
            raise RuleError(_("entry {entry} must be the first entry changed, from 1").format(
                entry=self.entry))
        if not 0 <= self.deal <= self.entry:
            raise RuleError(_("deal {deal} must be the number of entry {entry}, or 0").format(
                deal=self.deal, entry=self.entry))
        check_why(self.why, allow_empty=True)


def check_why(why: str, allow_empty: bool = False) -> str:
    """`why` if it may be a reason for a change: a line of text without control
    characters, not empty, at most LONGEST_WHY characters."""
    if not why.strip() and not allow_empty:
        raise RuleError(_("give a reason with --why, or leave --why out"))
    if has_bad_byte(why):
        raise RuleError(_("the reason {why} holds a byte that is not UTF-8 text").format(
            why=quoted(why)))
    if has_control(why):
        raise RuleError(_("the reason {why} holds a control character").format(why=quoted(why)))
    if len(why) > LONGEST_WHY:
        raise RuleError(_("the reason is {length} characters: at most {most}").format(
            length=len(why), most=LONGEST_WHY))
    return why.strip()


def changed_nets(before: Mapping[str, int], after: Mapping[str, int]
                 ) -> dict[str, tuple[int, int]]:
    """Each player whose net differs, with both."""
    return {p: (before.get(p, 0), after.get(p, 0)) for p in {**before, **after}
            if before.get(p, 0) != after.get(p, 0)}


def span(before: Sequence[Data], after: Sequence[Data]) -> tuple[int, int, int]:
    """Where two lists of entries differ: the first index that differs, and the ends of
    the differing parts of each (the same tail after them): before[i:j] became after[i:k]."""
    i = 0
    while i < min(len(before), len(after)) and before[i] == after[i]:
        i += 1
    j, k = len(before), len(after)
    while j > i and k > i and before[j - 1] == after[k - 1]:
        j, k = j - 1, k - 1
    return i, j, k


class Disagreement(RuleError):
    """Revision `index` (0-based, in the order written) does not fit the entries."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        super().__init__(message)


def unwind(entries: Sequence[Data], top: Mapping[str, Any], revisions: Sequence[Revision]
           ) -> tuple[list[Data], dict[str, Any]]:
    """The entries and top keys as first recorded: today's, with every revision undone, the
    last first. Disagreement names the first (from the last) that does not fit."""
    now_entries, now_top = list(entries), dict(top)
    for index in reversed(range(len(revisions))):
        revision = revisions[index]
        start = revision.entry - 1 if revision.entry else len(now_entries)
        found = now_entries[start:start + len(revision.after)] if start >= 0 else []
        if start > len(now_entries) or found != list(revision.after):
            # TRANSLATORS: {kind} is the change as the file names it (amend, undo, edit...)
            raise Disagreement(index, _("this {kind} says entry {entry} and after it are "
                                        "{after}, but the deals hold {found}").format(
                kind=revision.kind, entry=revision.entry, after=plain(list(revision.after)),
                found=plain(found)))
        now_entries[start:start + len(revision.after)] = list(revision.before)
        now_top = _top_as_was(now_top, revision, index)
    return now_entries, now_top


def _top_as_was(top: dict[str, Any], revision: Revision, index: int) -> dict[str, Any]:
    """`top` with the keys `revision` changed put back as they were."""
    for key in {*revision.was, *revision.now}:
        if key == "settings":
            settings = dict(top.get("settings", {}))
            settings = _put_back(settings, revision.was.get(key, {}), revision.now.get(key, {}),
                                 revision, index)
            top = {**top, "settings": settings}
        else:
            top = _put_back(top, {k: v for k, v in revision.was.items() if k == key},
                               {k: v for k, v in revision.now.items() if k == key}, revision,
                               index)
    return top


def _put_back(table: dict[str, Any], was: Mapping[str, Any], now: Mapping[str, Any],
              revision: Revision, index: int) -> dict[str, Any]:
    table = dict(table)
    for key in {*was, *now}:
        if table.get(key) != now.get(key):
            unset = _("(not set)")
            # TRANSLATORS: {kind} is the change as the file names it; {key} a key of the file
            raise Disagreement(index, _("this {kind} says {key} is now {now}, but the file "
                                        "has {found}").format(
                kind=revision.kind, key=key, now=quoted(now[key]) if key in now else unset,
                found=quoted(table[key]) if key in table else unset))
        if key in was:
            table[key] = was[key]
        else:
            table.pop(key, None)
    return table


def changed_entries(revisions: Sequence[Revision]) -> set[int]:
    """The entries (0-based, as they stand now) some revision changed and that are still
    there: those it put in place, moved along by the revisions after it."""
    marked: set[int] = set()
    for revision in revisions:
        start = revision.entry - 1
        shift = len(revision.after) - len(revision.before)
        if revision.entry:
            marked = {i if i < start + len(revision.before) else i + shift for i in marked
                      if not start <= i < start + len(revision.before)}
            marked |= set(range(start, start + len(revision.after)))
    return marked
