"""The ledger: balances, exact money, and the fewest payments that settle a sitting."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.ledger import EXACT_LIMIT, Transfer, balances, fewest_payments, money


def most_zero_groups(values: list[int]) -> int:
    """Brute force: the most disjoint zero-sum groups the non-zero values split into."""
    values = [v for v in values if v]
    if not values:
        return 0
    best = 1
    first, rest = values[0], values[1:]
    for size in range(len(rest)):
        for picked in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in picked) == 0:
                others = [rest[i] for i in range(len(rest)) if i not in picked]
                best = max(best, 1 + most_zero_groups(others))
    return best


def zero_sum(draw: st.DrawFn, size: int, bound: int = 30) -> list[int]:
    values = draw(st.lists(st.integers(-bound, bound), min_size=size - 1, max_size=size - 1))
    return [*values, -sum(values)]


@st.composite
def nets(draw: st.DrawFn, most: int = 8) -> list[tuple[str, int]]:
    size = draw(st.integers(1, most))
    values = zero_sum(draw, size, bound=draw(st.sampled_from([3, 30])))
    return [(f"P{i}", v) for i, v in enumerate(values)]


def apply(start: list[tuple[str, int]], payments: list[Transfer]) -> dict[str, int]:
    result = dict(start)
    for t in payments:
        result[t.payer] += t.units
        result[t.payee] -= t.units
    return result


@settings(max_examples=300, deadline=None)
@given(nets())
def test_settlement_clears_every_net_with_the_fewest_payments(given_nets: list[tuple[str, int]]) -> None:
    payments = fewest_payments(given_nets)
    assert all(v == 0 for v in apply(given_nets, payments).values())
    assert all(t.units > 0 for t in payments)
    non_zero = sum(1 for _, v in given_nets if v)
    assert len(payments) == non_zero - most_zero_groups([v for _, v in given_nets])


@settings(max_examples=30, deadline=None)
@given(nets(most=EXACT_LIMIT + 6))
def test_large_tables_still_clear_every_net(given_nets: list[tuple[str, int]]) -> None:
    payments = fewest_payments(given_nets)
    assert all(v == 0 for v in apply(given_nets, payments).values())
    assert len(payments) <= max(0, sum(1 for _, v in given_nets if v) - 1)


def test_pairs_that_cancel_are_paid_directly() -> None:
    # Largest-first would pay A->D 4, B->E 3, C->D 1, C->E 1: four payments; three suffice.
    nets_ = [("A", -4), ("B", -3), ("C", -2), ("D", 5), ("E", 4)]
    assert fewest_payments(nets_) == [Transfer("A", "E", 4), Transfer("B", "D", 3), Transfer("C", "D", 2)]


def test_ties_are_broken_by_seat_so_the_list_is_stable() -> None:
    nets_ = [("A", -2), ("B", -2), ("C", 2), ("D", 2)]
    assert fewest_payments(nets_) == [Transfer("A", "C", 2), Transfer("B", "D", 2)]
    assert fewest_payments(nets_) == fewest_payments(list(nets_))


def test_nets_that_do_not_sum_to_zero_are_a_bug() -> None:
    with pytest.raises(ValueError, match="do not sum to zero"):
        fewest_payments([("A", 1), ("B", 0)])


def test_all_square_needs_no_payment() -> None:
    assert fewest_payments([("A", 0), ("B", 0)]) == []


def test_money_is_exact() -> None:
    assert money(-4, Decimal("0.05")) == Decimal("-0.20")
    assert str(money(3, Decimal("0.10"))) == "0.30"
    assert sum((money(1, Decimal("0.1")) for _ in range(10)), Decimal(0)) == Decimal("1.0")


def test_balances_of_transfers() -> None:
    got = balances(["A", "B", "pool"], [Transfer("A", "pool", 3), Transfer("pool", "B", 2)])
    assert got == {"A": -3, "B": 2, "pool": 1}
