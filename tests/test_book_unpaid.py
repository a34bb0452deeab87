"""The book's answers that `pay` asks of every sitting, made cheap for 500 sittings, are the
answers as defined: each player's unpaid money is the sum of his money in each sitting not
yet paid (money_of), exactly, to the same decimals; a currency's places are the most any of
its sittings' values asks."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import NamedTuple

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import book, ledger


class Sitting(NamedTuple):
    name: str
    game: str
    date: datetime.date
    paid: datetime.date | None
    deals: int
    value: str
    currency: str
    players: tuple[str, ...]
    nets: dict[str, int]
    changes: int


VALUES = ["1", "0.05", "0.10", "0.1", "2.50", "0.005", "100"]
NAMES = ["Ann", "ann", "Bo", "Carl", "Dorte", "BO"]


@st.composite
def sittings(draw: st.DrawFn) -> list[Sitting]:
    found = []
    for i in range(draw(st.integers(0, 12))):
        players = tuple(dict.fromkeys(draw(st.lists(st.sampled_from(NAMES), min_size=1,
                                                    max_size=4))))
        nets = {p: draw(st.integers(-10**6, 10**6)) for p in players}
        paid = draw(st.sampled_from([None, datetime.date(2026, 12, 1)]))
        found.append(Sitting(f"s{i}", "loo", datetime.date(2026, 11, 1 + i), paid, 1,
                             draw(st.sampled_from(VALUES)), draw(st.sampled_from(["", "DKK"])),
                             players, nets, 0))
    return found


@given(sittings(), st.sampled_from(["", "DKK", "SEK"]))
def test_unpaid_is_the_sum_of_each_unpaid_sitting(found: list[Sitting], currency: str) -> None:
    expected: dict[str, list[Decimal]] = {}
    for s in found:
        if s.currency == currency and s.paid is None:
            for player, money in book.money_of(s).items():
                expected.setdefault(player.casefold(), []).append(money)
    got = book.unpaid(found, currency)
    want = {name: ledger.add_money(amounts) for name, amounts in expected.items()}
    assert got == want
    assert {n: m.as_tuple() for n, m in got.items()} == {
        n: m.as_tuple() for n, m in want.items()}  # to the same decimals, too


@given(sittings(), st.sampled_from(["", "DKK", "SEK"]))
def test_a_currencys_places_are_the_most_its_values_ask(found: list[Sitting],
                                                        currency: str) -> None:
    values = [ledger.places_of(Decimal(s.value)) for s in found if s.currency == currency]
    assert book.currency_places(found, currency) == max(values, default=2)


@given(sittings(), st.sets(st.sampled_from([*(n.casefold() for n in NAMES), "kitty"])),
       st.lists(st.tuples(st.sampled_from([*NAMES, "kitty"]), st.sampled_from(NAMES),
                          st.sampled_from(["1", "0.05", "2.50"]),
                          st.sampled_from(["", "DKK"])), max_size=6))
def test_asked_of_some_players_only_it_answers_as_for_all(
        found: list[Sitting], only: set[str], moves: list[tuple[str, str, str, str]]) -> None:
    paid = [book.Paid(i, datetime.date(2026, 12, 2), a, b, Decimal(m), c)
            for i, (a, b, m, c) in enumerate(moves, start=1) if a.casefold() != b.casefold()]
    for currency in ("", "DKK"):
        everyone = book.owed(book.unpaid(found, currency), paid, currency)
        some = book.owed(book.unpaid(found, currency, only), paid, currency, only)
        assert some == {name: money for name, money in everyone.items() if name in only}
