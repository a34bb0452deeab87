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
from .i18n import _, day, number
from .text import has_bad_byte, has_control, quoted
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
    """Revision `index` (0-based, in the order written) does not fit the entries: it says
    `said` stands where the file holds `found` (entries from its first, or a key's value)."""

    def __init__(self, index: int, revision: Revision, key: str, said: object,
                 found: object) -> None:
        self.index = index
        self.revision = revision
        self.key = key
        """The top key it disagrees on; "" for its entries."""
        self.said = said
        self.found = found
        super().__init__(_("it does not fit what the file holds"))


#: Not set: what a key of the file is before a change adds it, or after one removes it.
UNSET = object()


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
            raise Disagreement(index, revision, "", list(revision.after), found)
        now_entries[start:start + len(revision.after)] = list(revision.before)
        now_top = _top_as_was(now_top, revision, index)
    return now_entries, now_top


def redo(entries: Sequence[Data], top: Mapping[str, Any], revision: Revision
         ) -> tuple[list[Data], dict[str, Any]]:
    """The entries and top keys after `revision`, from those before it (unwind's step
    forward, on entries and keys it fits)."""
    after = list(entries)
    if revision.entry:
        start = revision.entry - 1
        after[start:start + len(revision.before)] = list(revision.after)
    new = dict(top)
    for key in {*revision.was, *revision.now}:
        if key == "settings":
            settings = dict(new.get("settings", {}))
            for name in {*revision.was.get(key, {}), *revision.now.get(key, {})}:
                _set(settings, name, revision.now.get(key, {}).get(name, UNSET))
            new["settings"] = settings
        else:
            _set(new, key, revision.now.get(key, UNSET))
    return after, new


def _set(table: dict[str, Any], key: str, item: object) -> None:
    if item is UNSET:
        table.pop(key, None)
    else:
        table[key] = item


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
        if table.get(key, UNSET) != now.get(key, UNSET):
            raise Disagreement(index, revision, key, now.get(key, UNSET),
                               table.get(key, UNSET))
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


# --- what a history can be checked for on its own --------------------------------------------

#: How far ahead of this machine's clock a change may be dated: another machine's clock
#: (a folder kept in sync) may run a little fast.
SKEW = datetime.timedelta(minutes=5)
#: How far before the change above it a change may be dated: times are local, and clocks
#: put back an hour in autumn (and another machine's, SKEW apart) run backwards that far.
BACKWARDS = datetime.timedelta(hours=1) + SKEW


def moment(when: datetime.datetime) -> str:
    """A change's time as the language writes it: its day, then the time to the second."""
    return f"{day(when.date())} {when:%H:%M:%S}"


def time_problems(revisions: Sequence[Revision], now: datetime.datetime
                  ) -> list[tuple[int, str]]:
    """Each revision (by index) dated ahead of `now` (more than SKEW), or before one
    written ahead of it (more than BACKWARDS) -- a revision itself in the future is said
    once, not again for every one after it."""
    problems: list[tuple[int, str]] = []
    latest: Revision | None = None
    for index, revision in enumerate(revisions):
        if revision.when > now + SKEW:
            problems.append((index, _("it was made at {when}, which has not come yet").format(
                when=moment(revision.when))))
            continue
        if latest is not None and revision.when < latest.when - BACKWARDS:
            problems.append((index, _("it was made at {when}, before the change above it "
                                      "({then}): the history runs in the order made").format(
                when=moment(revision.when), then=moment(latest.when))))
        latest = revision if latest is None or revision.when > latest.when else latest
    return problems


def shape_problems(revision: Revision) -> list[str]:
    """Where a session's revision is not what its kind changes: an undo takes away one
    entry, an amend replaces entries with as many, paid and reopened set or remove the day
    of payment and nothing else, an edit changes something."""
    entries, keys = bool(revision.before or revision.after), bool(revision.was or revision.now)
    kind = kind_word(revision.kind)
    if revision.kind == "undo" and (len(revision.before) != 1 or revision.after or keys):
        return [_("an undo takes away one entry and changes nothing else")]
    if revision.kind == "amend" and (not revision.before or keys or len(revision.before)
                                     != len(revision.after)):
        return [_("an amend puts deals right, as many as it replaces, and changes nothing "
                  "else")]
    if revision.kind in ("paid", "reopened"):
        return _paid_problems(revision, entries)
    if revision.before == revision.after and _same_keys(revision.was, revision.now):
        return [_("this {kind} changes nothing").format(kind=kind)]
    was, now = _flat(revision.was), _flat(revision.now)
    return [_("it says {key} changed, but it is the same before and after").format(key=key)
            for key in sorted({*was, *now}) if was.get(key, UNSET) == now.get(key, UNSET)]


def _flat(keys: Mapping[str, Any]) -> dict[str, Any]:
    """A revision's top keys with its settings among them."""
    settings = keys.get("settings")
    return {**{k: v for k, v in keys.items() if k != "settings"},
            **(settings if isinstance(settings, dict) else {})}


def _paid_problems(revision: Revision, entries: bool) -> list[str]:
    """Where a revision marking the sitting paid (or reopening it) does more, or less."""
    day_of = revision.now.get("paid") if revision.kind == "paid" else revision.was.get("paid")
    other = {*revision.was, *revision.now} - {"paid"}
    sets = revision.kind == "paid"
    if entries or other or revision.nets or ("paid" in revision.was) == sets or (
            "paid" in revision.now) != sets:
        if revision.kind == "paid":
            return [_("marking a sitting paid sets the day of payment and changes nothing "
                      "else")]
        return [_("reopening a sitting removes the day of payment and changes nothing else")]
    if type(day_of) is not datetime.date:
        return [_("the day of payment must be a day, like 2026-11-28")]
    if revision.kind == "paid" and day_of > revision.when.date():
        return [_("it marks the sitting paid on {paid}, after the day it was made "
                  "({day})").format(paid=day(day_of), day=day(revision.when.date()))]
    return []


def _same_keys(was: Mapping[str, Any], now: Mapping[str, Any]) -> bool:
    return all(was.get(k) == now.get(k) for k in {*was, *now})


def payment_shape_problems(revision: Revision) -> list[str]:
    """Where a revision of the book of payments is not what its kind changes: `pay --undo`
    takes away the last payment, `pay --amend N` puts one right; neither moves a net or a
    key of the file."""
    if revision.was or revision.now or revision.nets or revision.deal:
        return [_("a change to the payments moves no nets and no keys of the file")]
    if revision.kind == "undo" and (len(revision.before) != 1 or revision.after):
        return [_("an undo takes away one payment and changes nothing else")]
    if revision.kind == "amend" and (len(revision.before) != 1 or len(revision.after) != 1):
        return [_("an amend puts one payment right and changes nothing else")]
    if revision.kind not in ("undo", "amend"):
        return [_("the payments are changed by an undo or an amend, not by {kind}").format(
            kind=kind_word(revision.kind))]
    if revision.before == revision.after:
        return [_("this amend changes nothing")]
    return []


def kind_word(kind: str) -> str:
    """A change's kind (KINDS) in the words of the language chosen."""
    # TRANSLATORS: the kinds of a change after the fact, as the history lists them.
    words = {"amend": _("amend"), "undo": _("undo"), "edit": _("edit"), "paid": _("paid"),
             "reopened": _("reopened")}
    return words.get(kind, kind)


def nets_text(nets: Mapping[str, tuple[int, int]]) -> str:
    """Nets moved, as `history` shows them: "Ann +3 -> +7, Bob 0 -> -2"."""
    def signed(units: int) -> str:
        return number(f"{units:+d}" if units else "0")

    return ", ".join(f"{p} {signed(a)} -> {signed(b)}" for p, (a, b) in nets.items())
