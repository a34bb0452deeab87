"""`pay`: a payment between players, recorded in the folder's book of payments
(payments.toml); `pay --undo` and `pay --amend N` correct one, kept in its history."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal
from typing import Any, NamedTuple

import click

from ..errors import RuleError, ScorekeeperError
from ..i18n import _, day, number
from ..text import quoted
from .interrupts import held_interrupt
from .options import (
    CONTEXT,
    WHY,
    Command,
    dir_option,
    echo,
    folder_to_list,
    mark_recorded,
    run_state,
)
from .params import Count, Date, Label, Note, typed_amount
from .paycheck import check_day, currency_of


class Folder(NamedTuple):
    """What `pay` reads of the folder: its sittings, its payments as read, and the decimal
    places of each currency (book.currency_places, asked once a currency)."""

    sittings: list[Any]
    payments: Any
    places: Callable[[str], int]


@click.command(context_settings={**CONTEXT, "ignore_unknown_options": True}, cls=Command,
               help=_(
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
      scorekeeper pay --amend 2 --date 2026-11-29      (the rest kept)
    """))
@click.argument("words", nargs=-1, metavar=_("FROM TO AMOUNT"),
                shell_complete=lambda ctx, _param, word: complete_players(ctx, word))
@click.option("--currency", type=Label(), metavar="C",
              help=_("The currency [default: the one the two have played in]."))
@click.option("--date", type=Date(), help=_("The day it was paid [default: today]."))
@click.option("--note", type=Note(), metavar=_("TEXT"), help=_("A word on it, kept with it."))
@click.option("--new-player", is_flag=True,
              help=_("FROM or TO has played in no sitting here (the club's kitty)."))
@click.option("--undo", is_flag=True, help=_("Remove the last payment."))
@click.option("--amend", type=Count(1, 1_000_000), metavar="N",
              help=_("Put payment N right: FROM TO AMOUNT and the options as it should be; "
                     "what is not given stays as it was."))
@click.option("--dry-run", is_flag=True, help=_("Say what it would do; save nothing."))
@click.option("--why", **(WHY | {"help": _("Why the change is made, kept in the payments "
                                               "file's history.")}))
@dir_option
@click.pass_context
def pay(ctx: click.Context, words: tuple[str, ...], currency: str | None,
        date: datetime.date | None, note: str | None, new_player: bool, undo: bool,
        amend: int | None, dry_run: bool, why: str | None) -> None:
    """Record a payment between players."""
    for word in words:  # an amount may begin with '-' (and is refused as money); not an option
        if word.startswith("-") and not word[1:2].isdigit():
            import difflib

            options = [o for p in ctx.command.params for o in p.opts if o.startswith("-")]
            raise click.NoSuchOption(word, possibilities=difflib.get_close_matches(
                word, options), ctx=ctx)
    if undo and (words or amend is not None):
        raise click.UsageError(_("--undo removes the last payment: give no FROM TO AMOUNT"))
    if not undo and len(words) != 3 and not (amend is not None and not words):
        raise click.UsageError(_("give FROM TO AMOUNT, e.g. 'scorekeeper pay Bo Ann 50'"))
    root = folder_to_list(ctx)
    sittings = _sittings(root)
    places = places_in(sittings)

    def compute(payments: Any) -> Made:
        found = Folder(sittings, held_to_places(payments, sittings, places), places)
        if undo:
            return _removal(found, why or "")
        made = _payment(found, words, Given(currency, date, note), new_player, amend)
        return _recorded(found, made, amend, why or "")

    _keep(ctx, root, compute, dry_run, asked=undo or amend is None)


def _paying(paid: Any) -> tuple[Any, ...]:
    """What makes two payments the same: who paid whom, how much, in what, on which day."""
    return (paid.payer.casefold(), paid.payee.casefold(), paid.money, paid.currency, paid.date)


class Question(NamedTuple):
    """What a change is asked about with first, in `play`: what is shown before it, the
    question, whether it wants yes typed in full, and what is said to a no."""

    shown: str
    asked: str
    destructive: bool = True
    declined: str = ""
    """Said to a no ("": that nothing changed)."""


class Made(NamedTuple):
    """A change to the payments computed from the file as read, and what it says."""

    change: Any
    """files.payfile.PaymentsChange"""
    lines: list[str]
    what: str
    """It, named once recorded."""
    question: Question | None = None
    """For a change asked about first (in `play`): an undo, and a payment the same as the
    last one (Up then Enter typed it again, as a deal may be)."""


def _sittings(root: str) -> list[Any]:
    from ..files import folder

    sittings, problems = folder.sittings(root)
    if problems:
        raise ScorekeeperError(_("{problem} (a payment waits until the book reads whole)").format(
            problem=problems[0]))
    return sittings


def _keep(ctx: click.Context, root: str, compute: Callable[[Any], Made], dry_run: bool,
          asked: bool) -> None:
    """Make the change `compute` gives from the payments file. Asking nothing first, the
    file's lock is taken and the file read once under it, so that payments made at once
    queue and all are kept; a change that may be `asked` about (in `play`, on a terminal)
    and has its question is saved only onto the file as it was shown."""
    from ..files import payfile

    state = run_state(ctx)
    if dry_run:
        echo([_("Dry run: nothing saved."), *compute(payfile.read(root)).lines])
        return
    if asked and state.ask is not None:
        shown = payfile.read(root)
        done = compute(shown)
        question = done.question
        if question is not None:
            if question.shown:
                echo(question.shown)
            if not state.ask(question.asked, question.destructive):
                echo(question.declined or _("Nothing changed."))
                return
            with held_interrupt() as on_locked:
                payfile.save(shown, done.change, on_locked)
                mark_recorded(ctx, done.what)
            echo(done.lines)
            return
    with held_interrupt() as on_locked, payfile.editing(root, on_locked) as held:
        done = compute(held.snapshot)
        held.save(done.change)
        mark_recorded(ctx, done.what)
    echo(done.lines)


class Given(NamedTuple):
    """The options of a payment given on the command line (None: not given)."""

    currency: str | None
    date: datetime.date | None
    note: str | None


def _payment(found: Folder, words: tuple[str, ...], given: Given, new_player: bool,
             amend: int | None) -> Any:
    """The payment FROM TO AMOUNT, checked against what the book knows; put in place of
    payment `amend`, what is not given is kept as it was (no words: who and how much)."""
    from .. import book
    from ..files import payfile

    count = len(found.payments.payments)
    if amend is not None and amend > count:
        raise RuleError(_("there is no payment {number}: the book has {count}").format(
            number=amend, count=count))
    was = found.payments.payments[amend - 1] if amend is not None else None
    if was is not None and not words:
        payer, payee = was.payer, was.payee
    else:
        known = known_players(found)
        payer, payee = (_player(known, w, new_player) for w in words[:2])
    if payer.casefold() == payee.casefold():
        raise RuleError(_("{name} cannot pay himself: give two players").format(name=payer))
    chosen = (given.currency if given.currency is not None or was is None else was.currency)
    chosen = currency_of(found, payer, payee, chosen)
    day = given.date or (was.date if was is not None else datetime.date.today())
    check_day(found, day, payer, payee, chosen)
    note = given.note if given.note is not None else was.note if was is not None else ""
    places = _places(found, chosen)
    if words or was is None:
        try:
            typed = typed_amount(words[2])
        except RuleError as error:  # not a number at all: a value of the wrong type
            raise click.UsageError(str(error)) from None
        money = payfile.money(typed, places, typed=words[2])
    else:
        money = payfile.money(format(was.money, "f"), places)
    return book.Paid(amend or count + 1, day, payer, payee, money, chosen, note)


def places_in(sittings: list[Any]) -> Callable[[str], int]:
    """The decimal places of each currency as the sittings `sittings` say
    (book.currency_places), each found once."""
    import functools

    from ..book import currency_places

    return functools.cache(lambda currency: currency_places(sittings, currency))


def held_to_places(payments: Any, sittings: list[Any],
                   places: Callable[[str], int] | None = None) -> Any:
    """The payments file as read, if each payment's currency is spelt as the sittings
    `sittings` spell it and its money is held by that currency as they say
    (files.payfile.check_currencies, check_places; `places`: places_in them, if found
    already); SessionFileError if not."""
    from ..files import payfile

    payfile.check_currencies(payments, {s.currency for s in sittings})
    return payfile.check_places(payments, places or places_in(sittings))


def known_players(found: Folder) -> list[str]:
    """Every player the book knows: of the folder's sittings, then of its payments."""
    from .. import book

    known = book.players_in(found.sittings)
    folded = {k.casefold() for k in known}
    for p in found.payments.payments:
        for name in (p.payer, p.payee):
            if name.casefold() not in folded:
                known.append(name)
                folded.add(name.casefold())
    return known


def complete_players(ctx: click.Context, incomplete: str) -> list[Any]:
    """FROM and TO: the players the book knows (TO: but FROM)."""
    from click.shell_completion import CompletionItem

    words = ctx.params.get("words") or ()
    if len(words) >= 2 or incomplete.startswith("-"):
        return []
    from ..files import payfile

    try:
        root = folder_to_list(ctx)
        sittings = _sittings(root)
        known = known_players(Folder(sittings, payfile.read(root), places_in(sittings)))
    except (ScorekeeperError, click.ClickException):
        return []
    payer = words[0].casefold() if words else None
    return [CompletionItem(p, help=_("player")) for p in known
            if p.casefold().startswith(incomplete.casefold()) and p.casefold() != payer]


def _player(known: list[str], typed: str, new_player: bool) -> str:
    """The player `typed` names, as the book spells him (of the players `known`:
    known_players); with `new_player`, a new one."""
    from ..games.players import Players, check_new_name

    try:
        return Players(tuple(known)).find(typed) if known else _unknown(typed)
    except RuleError:
        if not new_player or any(k.casefold().startswith(typed.strip().casefold())
                                 for k in known):
            raise
        return check_new_name(typed.strip())


def _unknown(typed: str) -> str:
    raise RuleError(_("unknown player {name}: no sitting here has players yet").format(
        name=quoted(typed)))


def _places(found: Folder, currency: str) -> int:
    """The decimal places of `currency` (book.currency_places)."""
    return found.places(currency)


def _recorded(found: Folder, made: Any, amend: int | None, why: str) -> Made:
    """Payment `made` added (or put in place of payment `amend`)."""
    from ..files import payfile
    from ..files.edits import Append, Replace

    places = _places(found, made.currency)
    entry = payfile.paid_data(made, places)
    old = list(found.payments.payments)
    new = [*old[:made.number - 1], made, *old[made.number:]] if amend else [*old, made]
    lines = [_("Payment {number}: {payment}.").format(number=made.number,
                                                      payment=_said(made, places))]
    revision = None
    if amend is not None:
        before = old[amend - 1]
        if payfile.paid_data(before, places) == entry:
            raise RuleError(_("payment {number} already is that: nothing to change").format(
                number=amend))
        revision = _revision("amend", amend, [payfile.paid_data(before, places)], [entry], why)
        lines = [_("Payment {number} was: {payment}.").format(number=amend,
                                                              payment=_said(before, places)),
                 _("Payment {number} now: {payment}.").format(number=amend,
                                                              payment=_said(made, places))]
    lines += _standing(found, new, made)
    edit = (Append(made, entry, "payments") if amend is None
            else Replace(((amend - 1, entry),), "payments"))
    change = payfile.PaymentsChange(edit, tuple(new), lambda: _expected(found, new, made,
                                                                        entry), revision)
    again = amend is None and old and _paying(old[-1]) == _paying(made)
    return Made(change, lines, _("payment {number}").format(number=made.number), Question(
        "", _("Same as payment {number}: record it again? [y/N] ").format(
            number=old[-1].number), False, _("Not recorded.")) if again else None)


def _expected(found: Folder, payments: list[Any], made: Any = None,
              entry: dict[str, object] | None = None) -> tuple[dict[str, object], ...]:
    """How the file is to hold `payments` (`made` as `entry`), each to the decimals of its
    currency."""
    from ..files import payfile

    places_in = {c: _places(found, c) for c in {p.currency for p in payments}}
    return tuple(entry if p is made and entry is not None
                 else payfile.paid_data(p, places_in[p.currency]) for p in payments)


def _removal(found: Folder, why: str) -> Made:
    """The last payment removed."""
    from ..files import payfile
    from ..files.edits import RemoveLast

    old = list(found.payments.payments)
    if not old:
        raise RuleError(_("there is no payment to remove"))
    last = old[-1]
    places = _places(found, last.currency)
    lines = [_("Removed payment {number}: {payment}.").format(number=last.number,
                                                              payment=_said(last, places)),
             *_standing(found, old[:-1], last)]
    revision = _revision("undo", last.number, [payfile.paid_data(last, places)], [], why)
    change = payfile.PaymentsChange(RemoveLast(len(old) - 1, "payments"), tuple(old[:-1]),
                                    lambda: _expected(found, old[:-1]), revision)
    shown = _("Payment {number}: {payment}.").format(number=last.number,
                                                     payment=_said(last, places))
    question = _("Remove payment {number}? Type yes to remove it: ").format(number=last.number)
    return Made(change, lines, _("the removal of payment {number}").format(
        number=last.number), Question(shown, question))


def _revision(kind: str, number: int, before: list[dict[str, object]],
              after: list[dict[str, object]], why: str) -> Any:
    from ..history import Revision, check_why

    return Revision(datetime.datetime.now().replace(microsecond=0), kind, number, 0,
                    tuple(before), tuple(after), why=check_why(why, allow_empty=True))


def _said(p: Any, places: int) -> str:
    said = _("{payer} paid {payee} {money} on {day} ({note})") if p.note else _(
        "{payer} paid {payee} {money} on {day}")
    return said.format(payer=p.payer, payee=p.payee, money=_money(p.money, places, p.currency),
                       day=_day(p.date), note=p.note)


def _money(amount: Decimal, places: int, currency: str) -> str:
    """Money in text, as the language writes it, and its currency: "3.35 DKK" ("3,35 DKK")."""
    from ..ledger import shown

    return number(shown(amount, places)) + (f" {currency}" if currency else "")


def _day(when: datetime.date) -> str:
    return day(when)


def _standing(found: Folder, payments: list[Any], made: Any) -> list[str]:
    """What the payer and the payee are still owed or owe, once `payments` count."""
    from .. import book
    from ..ledger import add_money

    places = _places(found, made.currency)
    counted = book.counting(payments, found.sittings)  # each payment counts or not by itself
    pair = {made.payer.casefold(), made.payee.casefold()}  # all it says of: the two
    now = book.owed(book.unpaid(found.sittings, made.currency, pair), counted, made.currency,
                    pair)

    def where(name: str) -> tuple[str, str]:
        """Whether `name` owes, is owed or is square, and how much."""
        money = now.get(name.casefold(), Decimal(0))
        state = "square" if not money else "owes" if money < 0 else "owed"
        return state, _money(abs(money), places, made.currency)

    (payer, payer_money), (payee, payee_money) = where(made.payer), where(made.payee)
    lines = [_NOW[payer, payee]().format(payer=made.payer, payee=made.payee,
                                         payer_money=payer_money, payee_money=payee_money)]
    owed = -now.get(made.payer.casefold(), Decimal(0))  # before `made`, if it counts
    if made in counted:
        owed = add_money([owed, made.money])
    if made in payments and made.money > max(owed, Decimal(0)):
        extra = _money(made.money - max(owed, Decimal(0)), places, made.currency)
        said = (_("That is {extra} more than {payer} owed ({owed}): {payee} owes it back.")
                if owed > 0 else _("{payer} owed nothing, so {payee} owes the {extra} back."))
        lines.append(said.format(extra=extra, payer=made.payer, payee=made.payee,
                                 owed=_money(max(owed, Decimal(0)), places, made.currency)))
    return lines


#: Where the payer and the payee stand after a payment: each owes, is owed, or is square.
_NOW: dict[tuple[str, str], Callable[[], str]] = {
    ("owes", "owes"): lambda: _("Now {payer} owes {payer_money}, and {payee} owes "
                                "{payee_money}."),
    ("owes", "owed"): lambda: _("Now {payer} owes {payer_money}, and {payee} is owed "
                                "{payee_money}."),
    ("owes", "square"): lambda: _("Now {payer} owes {payer_money}, and {payee} is square."),
    ("owed", "owes"): lambda: _("Now {payer} is owed {payer_money}, and {payee} owes "
                                "{payee_money}."),
    ("owed", "owed"): lambda: _("Now {payer} is owed {payer_money}, and {payee} is owed "
                                "{payee_money}."),
    ("owed", "square"): lambda: _("Now {payer} is owed {payer_money}, and {payee} is square."),
    ("square", "owes"): lambda: _("Now {payer} is square, and {payee} owes {payee_money}."),
    ("square", "owed"): lambda: _("Now {payer} is square, and {payee} is owed "
                                  "{payee_money}."),
    ("square", "square"): lambda: _("Now {payer} is square, and {payee} is square."),
}
