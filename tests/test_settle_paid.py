"""`settle` once payments were made of the sitting: the payments made, and what is still
owed, in text, JSON (keys added, never changed) and CSV (tables added); the nets sum to
zero with what was paid, and payments of other sittings, players or currencies are left
out."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.book import Paid, made_for, paid_up

from .helpers import run

PLAYERS = ("Hans", "Kim", "Lis", "Mo")
DAY = datetime.date(2026, 12, 1)


def evening(tmp_path: Path, day: str = "2026-12-01") -> None:
    run(tmp_path, "loo new ev --players Hans,Kim,Lis,Mo --value 0.5 --currency kr "
                  f"--date {day}")
    run(tmp_path, "deal h=2 k=0 l=1")  # Hans -0.50, Kim -1.00, Lis +1.00, Mo +0.50


def test_four_payments_change_what_settle_shows(tmp_path: Path) -> None:
    evening(tmp_path)
    before = run(tmp_path, "settle").stdout
    assert "Hans    Mo             1          0.50" in before
    for line in ("pay Hans Mo 0.25 --date 2026-12-01", "pay Hans Mo 0.25 --date 2026-12-01",
                 "pay Kim Lis 0.50 --date 2026-12-02", "pay Kim Lis 0.50 --date 2026-12-02"):
        run(tmp_path, line)
    after = run(tmp_path, "settle").stdout
    assert after != before
    assert "Paid since the sitting:" in after and "2026-12-02  Kim        Lis" in after
    assert "Everything is paid." in after and "Still to pay:" in after
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert data["transfers"] == json.loads(run(tmp_path, "settle --format json").stdout)[
        "transfers"] and len(data["transfers"]) == 2  # the contract's key is as it was
    assert [p["money"] for p in data["paid"]] == ["0.25", "0.25", "0.50", "0.50"]
    assert data["owed"] == []
    assert run(tmp_path, "settle --format csv --table payments").stdout.startswith(
        "pays,to,counters,money (kr)")  # CSV's tables as they were
    assert run(tmp_path, "settle --format csv --table paid").stdout.count("\n") == 5
    danish = run(tmp_path, "--lang da settle").stdout
    assert "02.12.2026" in danish and "0,50" in danish


def test_part_paid_leaves_the_rest_owed(tmp_path: Path) -> None:
    evening(tmp_path)
    run(tmp_path, "pay Kim Lis 0.40 --date 2026-12-01")
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    owed = {(t["from"], t["to"]): t["money"] for t in data["owed"]}
    assert owed == {("Hans", "Mo"): "0.50", ("Kim", "Lis"): "0.60"}
    assert "Still to pay:" in run(tmp_path, "settle").stdout


def test_a_payment_between_players_who_joined_counts_as_the_book_counts_it(
        tmp_path: Path) -> None:
    """Who sat in a sitting is everyone at its table, one who joined too: settle, the
    book, check and the sheet say the same players (settle once left out a payment
    between two who joined)."""
    evening(tmp_path)
    run(tmp_path, "join Eve")
    run(tmp_path, "join Edda")
    run(tmp_path, "deal ev=2 ed=0 h=1")
    book = {p["name"]: p["outstanding"] for p in json.loads(run(
        tmp_path, "book --format json").stdout)["currencies"][0]["players"]}
    owes = next(n for n in ("Eve", "Edda") if book[n].startswith("-"))
    owed = "Edda" if owes == "Eve" else "Eve"
    run(tmp_path, f"pay {owes} {owed} 0.25 --date 2026-12-01")
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert [(p["from"], p["to"]) for p in data["paid"]] == [(owes, owed)]
    after = {p["name"]: p["outstanding"] for p in json.loads(run(
        tmp_path, "book --format json").stdout)["currencies"][0]["players"]}
    still = sum(Decimal(t["money"]) for t in data["owed"] if t["from"] == owes)
    assert still == -Decimal(after[owes])
    assert "6 players" in run(tmp_path, "check").stdout


def test_payments_of_other_sittings_are_left_out(tmp_path: Path) -> None:
    run(tmp_path, "loo new last --players Hans,Kim,Lis,Mo --value 0.5 --currency kr "
                  "--date 2026-11-20")
    evening(tmp_path, "2026-11-25")
    run(tmp_path, "pay Kim Lis 0.40 --date 2026-11-22")  # before the sitting: the last one's
    before = run(tmp_path, "settle").stdout
    assert "Paid since" not in before
    run(tmp_path, "loo new next --players Hans,Kim,Lis,Mo --value 0.5 --currency kr "
                  "--date 2026-11-28")
    run(tmp_path, "pay Kim Lis 0.40 --date 2026-11-29")  # after the next sitting
    assert "Paid since" not in run(tmp_path, "settle -s ev").stdout
    assert "Paid since" in run(tmp_path, "settle -s next").stdout


money = st.decimals(Decimal("0.01"), Decimal("20"), places=2)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-40, 40), min_size=3, max_size=3),
       st.lists(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS), money,
                          st.sampled_from(["kr", "SEK"]), st.integers(-2, 2)), max_size=6))
def test_what_is_owed_clears_the_nets_less_what_was_paid(
        nets: list[int], payments: list[tuple[str, str, Decimal, str, int]]) -> None:
    units = [*nets, -sum(nets)]
    won = {p: Decimal(n) / 2 for p, n in zip(PLAYERS, units, strict=True)}
    paid = [Paid(i + 1, DAY + datetime.timedelta(days=shift), a, b.lower(), m, c)
            for i, (a, b, m, c, shift) in enumerate(payments)]
    made = made_for(PLAYERS, "kr", DAY, paid, DAY + datetime.timedelta(days=2))
    assert all(p.currency == "kr" and DAY <= p.date < DAY + datetime.timedelta(days=2)
               and p.payer.casefold() != p.payee.casefold() for p in made)
    up = paid_up(won, made, 2)
    assert sum(up.outstanding.values()) == 0
    after = dict(up.outstanding)
    for t in up.owed:  # paying what is still owed clears everyone
        after[t.payer] += t.money
        after[t.payee] -= t.money
        assert t.money > 0
    assert all(v == 0 for v in after.values())
    assert len(up.owed) < len(PLAYERS)
