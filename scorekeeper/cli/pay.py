"""`pay`: a payment between players, recorded in the folder's book of payments
(payments.toml); `pay --undo` and `pay --amend N` correct one, kept in its history."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, NamedTuple

import click

from ..errors import RuleError, ScorekeeperError, UsageError
from .options import (
    CONTEXT,
    Command,
    dir_option,
    echo,
    folder_to_list,
    held_interrupt,
    mark_recorded,
    run_state,
    why_option,
)
from .params import Count, Date, Label


class Folder(NamedTuple):
    """What `pay` reads of the folder: its sittings, and its payments as read."""

    sittings: list[Any]
    payments: Any


@click.command(context_settings={**CONTEXT, "ignore_unknown_options": True}, cls=Command)
@click.argument("words", nargs=-1, metavar="FROM TO AMOUNT")
@click.option("--currency", type=Label(), metavar="C",
              help="The currency [default: the one the two have played in].")
@click.option("--date", type=Date(), help="The day it was paid [default: today].")
@click.option("--note", type=Label(), metavar="TEXT", help="A word on it, kept with it.")
@click.option("--new-player", is_flag=True,
              help="FROM or TO has played in no sitting here (the club's kitty).")
@click.option("--undo", is_flag=True, help="Remove the last payment.")
@click.option("--amend", type=Count(1, 1_000_000), metavar="N",
              help="Put payment N right: FROM TO AMOUNT and the options as it should be.")
@click.option("--dry-run", is_flag=True, help="Say what it would do; save nothing.")
@why_option
@dir_option
@click.pass_context
def pay(ctx: click.Context, words: tuple[str, ...], currency: str | None,
        date: datetime.date | None, note: str | None, new_player: bool, undo: bool,
        amend: int | None, dry_run: bool, why: str | None) -> None:
    """Record that FROM paid TO an AMOUNT of money, in the folder's book of payments.

    The book (scorekeeper book) takes it off what FROM owes and TO is owed, and plans the
    rest. Names are matched as the book matches them (case ignored, a start of a name
    where it is the only one); the currency is the one the two have played in, if only
    one. A payment larger than what FROM owes is kept, and said. --undo removes the last
    payment, --amend N puts payment N right; each is kept in the file's history (--why).

    \b
    Examples:
      scorekeeper pay Bo Ann 50
      scorekeeper pay bo ann 12.50 --currency DKK --date 2026-11-28
      scorekeeper pay Cid kitty 20 --currency DKK --new-player --note "the kitty"
      scorekeeper pay --undo --why "paid twice"
      scorekeeper pay --amend 2 Bo Ann 60 --why "it was 60"
    """
    for word in words:  # an amount may begin with '-' (and is refused as money); not an option
        if word.startswith("-") and not word[1:2].isdigit():
            import difflib

            options = [o for p in ctx.command.params for o in p.opts if o.startswith("-")]
            raise click.NoSuchOption(word, possibilities=difflib.get_close_matches(
                word, options), ctx=ctx)
    if undo and (words or amend is not None):
        raise click.UsageError("--undo removes the last payment: give no FROM TO AMOUNT")
    if not undo and len(words) != 3:
        raise click.UsageError("give FROM TO AMOUNT, e.g. 'scorekeeper pay Bo Ann 50'")
    found = _read(ctx)
    if undo:
        _undo(ctx, found, why or "", dry_run)
        return
    made = _payment(found, words, currency, date, note or "", new_player, amend)
    _record(ctx, found, made, amend, why or "", dry_run)


def _read(ctx: click.Context) -> Folder:
    from ..files import folder, payfile

    root = folder_to_list(ctx)
    sittings, problems = folder.sittings(root)
    if problems:
        raise ScorekeeperError(f"{problems[0]} (a payment waits until the book reads whole)")
    return Folder(sittings, payfile.read(root))


def _payment(found: Folder, words: tuple[str, ...], currency: str | None,
             date: datetime.date | None, note: str, new_player: bool, amend: int | None
             ) -> Any:
    """The payment FROM TO AMOUNT, checked against what the book knows."""
    from .. import book
    from ..files import payfile

    payer, payee = (_player(found, w, new_player) for w in words[:2])
    if payer.casefold() == payee.casefold():
        raise RuleError(f"{payer} cannot pay himself: give two players")
    chosen = _currency(found, payer, payee, currency)
    places = _places(found, chosen)
    day = date or datetime.date.today()
    _check_day(found, day)
    number = amend if amend is not None else len(found.payments.payments) + 1
    if amend is not None and amend > len(found.payments.payments):
        raise RuleError(f"there is no payment {amend}: the book has "
                        f"{len(found.payments.payments)}")
    return book.Paid(number, day, payer, payee, payfile.money(words[2], places), chosen, note)


def _player(found: Folder, typed: str, new_player: bool) -> str:
    """The player `typed` names, as the book spells him; with `new_player`, a new one."""
    from .. import book
    from ..games.players import Players, check_new_name

    known = book.players_in(found.sittings)
    folded = {k.casefold() for k in known}
    for p in found.payments.payments:
        for name in (p.payer, p.payee):
            if name.casefold() not in folded:
                known.append(name)
                folded.add(name.casefold())
    try:
        return Players(tuple(known)).find(typed) if known else _unknown(typed)
    except RuleError:
        if not new_player or any(k.casefold().startswith(typed.strip().casefold())
                                 for k in known):
            raise
        return check_new_name(typed.strip())


def _unknown(typed: str) -> str:
    raise RuleError(f"unknown player {typed!r}: no sitting here has players yet")


def _currency(found: Folder, payer: str, payee: str, given: str | None) -> str:
    known = sorted({s.currency for s in found.sittings}
                   | {p.currency for p in found.payments.payments})
    if given is not None:
        if given not in known:
            import difflib

            close = difflib.get_close_matches(given.casefold(), [k.casefold() for k in known],
                                              n=1, cutoff=0.5)
            hint = (f"did you mean {next(k for k in known if k.casefold() == close[0])}?"
                    if close else f"known here: {', '.join(known) or 'none'}")
            raise RuleError(f"unknown currency {given!r}: {hint}")
        return given

    def played(name: str) -> set[str]:
        return {s.currency for s in found.sittings
                if name.casefold() in {p.casefold() for p in s.players}}

    shared = sorted(played(payer) & played(payee))
    if len(shared) == 1:
        return shared[0]
    what = (f"they have played in {', '.join(c or 'no currency' for c in shared)}" if shared
            else "they have played in no currency together")
    raise UsageError(f"give the currency with --currency: {what}")


def _places(found: Folder, currency: str) -> int:
    """The decimal places of `currency`: the most any sitting's value in it has."""
    from ..ledger import places_of

    values = {s.value for s in found.sittings if s.currency == currency}
    return max((places_of(Decimal(v)) for v in values), default=2)


def _check_day(found: Folder, day: datetime.date) -> None:
    first = min((s.date for s in found.sittings), default=None)
    if first is not None and day < first:
        raise RuleError(f"{day} is before the first sitting here ({first}): a payment is "
                        "made after a sitting")
    if day > datetime.date.today():
        raise RuleError(f"{day} has not come yet: a payment is recorded once it is made")


def _record(ctx: click.Context, found: Folder, made: Any, amend: int | None, why: str,
            dry_run: bool) -> None:
    from ..files import payfile

    places = _places(found, made.currency)
    entry = payfile.paid_data(made, places)
    old = list(found.payments.payments)
    new = [*old[:made.number - 1], made, *old[made.number:]] if amend else [*old, made]
    places_in = {c: _places(found, c) for c in {p.currency for p in new}}
    expected = [entry if p is made else payfile.paid_data(p, places_in[p.currency])
                for p in new]
    lines = [f"Payment {made.number}: {_said(made, places)}."]
    revision = None
    if amend is not None:
        before = old[amend - 1]
        if payfile.paid_data(before, places) == entry:
            raise RuleError(f"payment {amend} already is that: nothing to change")
        revision = _revision("amend", amend, [payfile.paid_data(before, places)], [entry], why)
        lines = [f"Payment {amend} was: {_said(before, places)}.",
                 f"Payment {amend} now: {_said(made, places)}."]
    lines += _standing(found, new, made)
    if dry_run:
        echo(["Dry run: nothing saved.", *lines])
        return
    edit = payfile.added(entry) if amend is None else payfile.replaced(amend - 1, entry)
    with held_interrupt() as on_locked:
        payfile.save(found.payments, edit, expected, revision, on_locked)
        mark_recorded(ctx, f"payment {made.number}")
    echo(lines)


def _undo(ctx: click.Context, found: Folder, why: str, dry_run: bool) -> None:
    from ..files import payfile

    old = list(found.payments.payments)
    if not old:
        raise RuleError("there is no payment to remove")
    last = old[-1]
    places = _places(found, last.currency)
    places_in = {c: _places(found, c) for c in {p.currency for p in old}}
    expected = [payfile.paid_data(p, places_in[p.currency]) for p in old[:-1]]
    lines = [f"Removed payment {last.number}: {_said(last, places)}.",
             *_standing(found, old[:-1], last)]
    if dry_run:
        echo(["Dry run: nothing saved.", *lines])
        return
    state = run_state(ctx)
    if state.ask is not None:
        echo(f"Payment {last.number}: {_said(last, places)}.")
        if not state.ask(f"Remove payment {last.number}? Type yes to remove it: ", True):
            echo("Nothing changed.")
            return
    revision = _revision("undo", last.number, [payfile.paid_data(last, places)], [], why)
    with held_interrupt() as on_locked:
        payfile.save(found.payments, payfile.removed(len(old) - 1), expected, revision,
                     on_locked, drops=len(old) - 1)
        mark_recorded(ctx, f"the removal of payment {last.number}")
    echo(lines)


def _revision(kind: str, number: int, before: list[dict[str, object]],
              after: list[dict[str, object]], why: str) -> Any:
    from ..history import Revision, check_why

    return Revision(datetime.datetime.now().replace(microsecond=0), kind, number, 0,
                    tuple(before), tuple(after), why=check_why(why, allow_empty=True))


def _said(p: Any, places: int) -> str:
    from ..ledger import shown

    currency = f" {p.currency}" if p.currency else ""
    note = f" ({p.note})" if p.note else ""
    return f"{p.payer} paid {p.payee} {shown(p.money, places)}{currency} on {p.date}{note}"


def _standing(found: Folder, payments: list[Any], made: Any) -> list[str]:
    """What the payer and the payee are still owed or owe, once `payments` count."""
    from .. import book
    from ..ledger import shown

    places = _places(found, made.currency)
    counted = book.counting(payments, found.sittings)
    before = book.counting([p for p in payments if p.number != made.number], found.sittings)
    unpaid = book.unpaid(found.sittings, made.currency)
    now, was = (book.owed(unpaid, c, made.currency) for c in (counted, before))
    currency = f" {made.currency}" if made.currency else ""

    def where(name: str) -> str:
        money = now.get(name.casefold(), Decimal(0))
        if not money:
            return f"{name} is square"
        owes = "owes" if money < 0 else "is owed"
        return f"{name} {owes} {shown(abs(money), places)}{currency}"

    lines = [f"Now {where(made.payer)}, and {where(made.payee)}."]
    owed = -was.get(made.payer.casefold(), Decimal(0))
    if made in payments and made.money > max(owed, Decimal(0)):
        extra = made.money - max(owed, Decimal(0))
        lines.append(f"That is {shown(extra, places)}{currency} more than {made.payer} owed "
                     f"({shown(max(owed, Decimal(0)), places)}{currency}): {made.payee} owes "
                     "it back.")
    return lines
