"""The club's money: payments between players (`pay`, in the folder's payments.toml), the
book's outstanding money net of them, a plan that stays as it was when one of it is paid,
and `book --explain` saying how a balance is made up."""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.book import Account, Paid, account, clear, counting, explanation, plan
from scorekeeper.files import payfile

from .helpers import ROOT, go, paused, run, scorekeeper_command

CLUB = ROOT / "sessions" / "club"


@pytest.fixture
def club(tmp_path: Path) -> Path:
    for path in CLUB.glob("*.toml"):
        if path.name != "payments.toml":
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def book(folder: Path, args: str = "", code: int = 0) -> dict[str, Any]:
    return json.loads(run(folder, f"book --format json {args}", code=code).stdout)


def owed(folder: Path, currency: str, args: str = "--unpaid") -> dict[str, str]:
    data = book(folder, args)
    found = next(c for c in data["currencies"] if c["currency"] == currency)
    return {p["name"]: p["outstanding"] for p in found["players"]}


def installed(folder: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder)}
    env.pop("SCOREKEEPER_SESSION", None)
    done = subprocess.run([scorekeeper_command(), *args], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def test_a_payment_comes_off_what_each_is_owed(club: Path) -> None:
    before = owed(club, "DKK")
    assert (before["Dorte"], before["Ann"]) == ("-24.60", "13.35")
    done = installed(club, "pay", "dor", "ann", "10", "--currency", "DKK", "--date",
                     "2026-11-28", "--note", "cash at the door")
    assert done.stdout == ("Payment 1: Dorte paid Ann 10.00 DKK on 2026-11-28 (cash at the "
                           "door).\nNow Dorte owes 14.60 DKK, and Ann is owed 3.35 DKK.\n")
    after = owed(club, "DKK")
    assert (after["Dorte"], after["Ann"]) == ("-14.60", "3.35")
    assert sum(Decimal(v) for v in after.values()) == 0
    assert {k: v for k, v in after.items() if k not in ("Dorte", "Ann")} == {
        k: v for k, v in before.items() if k not in ("Dorte", "Ann")}
    text = (club / "payments.toml").read_text()
    assert ('{ date = 2026-11-28, from = "Dorte", to = "Ann", money = "10.00", currency = '
            '"DKK", note = "cash at the door" },') in text
    assert installed(club, "check", str(club / "payments.toml")).stdout.endswith(
        "ok (payments, 1 payment)\n")


def test_the_currency_is_the_one_the_two_share_or_must_be_given(club: Path) -> None:
    assert "give the currency with --currency: they have played in DKK, SEK" in run(
        club, "pay Dorte Ann 5", code=2).stderr
    run(club, "pay Erik Frida 5 --date 2026-11-28", code=2)  # both currencies, too
    assert "unknown currency 'dkk': did you mean DKK?" in run(
        club, "pay Dorte Ann 5 --currency dkk", code=1).stderr
    assert not (club / "payments.toml").exists()


@pytest.mark.parametrize(("args", "said"), [
    ("Dorte Ann -5", "'-5' must be money"),
    ("Dorte Ann 0", "amount '0' is nothing"),
    ("Dorte Ann 0.00", "amount '0.00' is nothing"),
    ("Dorte Ann 1.005", "amount '1.005' has 3 decimals: the currency has 2"),
    ("Dorte Ann 1e3", "'1e3' must be money"),
    ("Dorte Ann NaN", "'NaN' must be money"),
    ("Dorte Ann Infinity", "'Infinity' must be money"),
    ("Dorte Ann ١٢", "'١٢' must be money"),
    ("Dorte Ann " + "9" * 30, "must be money"),
    ("Dorte Dorte 5", "Dorte cannot pay himself"),
    ("Dorte dorte 5", "Dorte cannot pay himself"),
    ("Dorte Anne 5", "unknown player 'Anne': did you mean Ann?"),
    ("Dorte Kitty 5", "unknown player 'Kitty'"),
    ("Dorte Ann 5 --date 2026-10-01", "before Dorte and Ann first played together here"),
    ("Kitty Ann 5 --new-player --date 2026-10-01", "before Kitty or Ann played here"),
    ("Frida Kitty 5 --new-player --date 2026-11-05", "before Frida or Kitty played here (2026-11-09)"),
    ("Dorte Ann 5 --date 2999-01-01", "2999-01-01 has not come yet"),
    ("Dorte Ann 5 --currency EUR", "unknown currency 'EUR'"),
])
def test_what_is_not_a_payment_is_refused_with_nothing_written(club: Path, args: str,
                                                                said: str) -> None:
    run(club, "pay Erik Bo 1 --currency DKK")
    before = (club / "payments.toml").read_bytes()
    extra = "" if "--currency" in args else " --currency DKK"
    usage = "' must be money" in said  # not a number at all: a value of the wrong type
    result = run(club, f"pay {args}{extra}", code=2 if usage else 1)
    assert said in result.stderr.splitlines()[-1], result.stderr
    assert usage or result.stderr.count("\n") == 1, result.stderr
    assert (club / "payments.toml").read_bytes() == before


def test_paying_more_than_one_owes_says_by_how_much(club: Path) -> None:
    done = run(club, "pay Erik Ann 10 --currency DKK --date 2026-11-28").stdout
    assert "That is 1.40 DKK more than Erik owed (8.60 DKK): Ann owes it back." in done
    done = run(club, "pay Erik Ann 5 --currency DKK --date 2026-11-28").stdout
    assert "Erik owed nothing, so Ann owes the 5.00 DKK back." in done


def test_a_payment_to_the_kitty_and_more_than_is_owed(club: Path) -> None:
    done = run(club, "pay Carl Kitty 20 --currency DKK --new-player --date 2026-11-28").stdout
    assert "Carl owed nothing, so Kitty owes the 20.00 DKK back." in done
    after = owed(club, "DKK")
    assert after["Kitty"] == "-20.00" and after["Carl"] == "20.60"
    run(club, "pay kitty carl 20 --currency DKK")  # now a player of the book
    assert owed(club, "DKK")["Kitty"] == "0.00"


def test_a_payment_counts_until_the_sittings_before_it_are_settled_in_cash(
        club: Path) -> None:
    """Marking the sittings paid settles them in full; a payment made toward them is part
    of that settling, and no longer counts."""
    run(club, "pay Dorte Ann 10 --currency DKK --date 2026-11-28")
    assert owed(club, "DKK", "")["Dorte"] == "-14.60"
    run(club, "book --mark-paid --unpaid")
    data = book(club)
    dkk = next(c for c in data["currencies"] if c["currency"] == "DKK")
    assert all(p["outstanding"] == "0.00" for p in dkk["players"])
    assert dkk["payments"] == [] and dkk["transfers"] == []


def test_the_plan_stays_as_it_was_when_one_payment_of_it_is_made() -> None:
    """Nets where the fewest-payments search, asked afresh after B pays E 1, would reshuffle
    who pays whom: the plan keeps the rest as it was."""
    def accounts(nets: dict[str, int]) -> list[Account]:
        return [Account(n, 1, Decimal(v), Decimal(v), Decimal(0), Decimal(0))
                for n, v in nets.items()]

    nets = {"A": -9, "B": -6, "C": 5, "D": 5, "E": 5}
    day = datetime.date(2026, 11, 30)
    first = plan(accounts(nets), [], day)
    assert [(p.payer, p.payee, p.money) for p in first] == [
        ("A", "C", 5), ("A", "E", 4), ("B", "D", 5), ("B", "E", 1)]
    made = Paid(1, day, "B", "E", Decimal(1), "")
    after = {**nets, "B": -5, "E": 4}
    assert [(p.payer, p.payee) for p in plan(accounts(after), [made], day)] == [
        ("A", "C"), ("A", "E"), ("B", "D")]
    other = Paid(1, day, "B", "E", Decimal(2), "")  # not as proposed: a plan of its own
    moved = {**nets, "B": -4, "E": 3}
    assert plan(accounts(moved), [other], day) == clear(
        {n: Decimal(v) for n, v in moved.items()}, 0)
    assert plan(accounts(after), [made], day) != clear(
        {n: Decimal(v) for n, v in after.items()}, 0)  # what asking afresh would give


def test_the_plan_is_kept_through_the_installed_command(club: Path) -> None:
    plan_before = book(club, "--unpaid")["currencies"][0]["transfers"]
    first = plan_before[0]
    installed(club, "pay", first["from"], first["to"], first["money"], "--currency", "DKK")
    assert book(club, "--unpaid")["currencies"][0]["transfers"] == plan_before[1:]


def test_explain_ends_at_the_figure_the_book_shows_for_everyone(club: Path) -> None:
    run(club, "pay Dorte Ann 10 --currency DKK --date 2026-11-28")
    run(club, "pay Bo Erik 50 --currency SEK --date 2026-11-28")
    accounts = book(club, "--unpaid")["currencies"]
    for currency in accounts:
        for player in currency["players"]:
            told = json.loads(run(club, f"book --unpaid --explain {player['name']} "
                                        "--format json").stdout)
            lines = {c["currency"]: c for c in told["currencies"]}
            if player["outstanding"].strip("-0.") == "":
                assert currency["currency"] not in lines or lines[currency["currency"]][
                    "outstanding"] in ("0.00", "0")
                continue
            mine = lines[currency["currency"]]
            assert mine["outstanding"] == player["outstanding"]
            assert mine["lines"][-1]["total"] == player["outstanding"]
            assert sum(Decimal(x["money"]) for x in mine["lines"]) == Decimal(
                player["outstanding"])
    text = run(club, "book --unpaid --explain dor", COLUMNS="60").stdout
    assert "paid Ann (payment 1)" in text and all(len(line) <= 60 for line in text.split("\n"))


def test_undo_and_amend_of_a_payment_are_kept_in_its_history(club: Path) -> None:
    run(club, "pay Dorte Ann 10 --currency DKK --date 2026-11-28")
    run(club, "pay Erik Bo 2 --currency DKK --date 2026-11-28")
    assert run(club, "pay --amend 2 Erik Bo 3 --currency DKK --date 2026-11-28 --why 'it "
                     "was 3'").stdout.startswith(
        "Payment 2 was: Erik paid Bo 2.00 DKK on 2026-11-28.\n"
        "Payment 2 now: Erik paid Bo 3.00 DKK on 2026-11-28.\n")
    assert "already is that" in run(club, "pay --amend 2 Erik Bo 3 --currency DKK --date "
                                          "2026-11-28", code=1).stderr
    assert run(club, "pay --undo --why 'twice'").stdout.startswith(
        "Removed payment 2: Erik paid Bo 3.00 DKK on 2026-11-28.\n")
    shown = payfile.read(str(club))
    assert [p.number for p in shown.payments] == [1]
    assert [(r.kind, r.entry, r.why) for r in shown.history] == [("amend", 2, "it was 3"),
                                                                 ("undo", 2, "twice")]
    assert shown.history[1].before[0]["money"] == "3.00"
    assert "there is no payment 5" in run(club, "pay --amend 5 Erik Bo 3 --currency DKK",
                                          code=1).stderr


def test_a_payments_file_laid_out_by_hand_keeps_its_comments(club: Path) -> None:
    (club / "payments.toml").write_text(
        '# the treasurer\'s book\nformat = "scorekeeper payments"\nversion = 1\n'
        'payments = [\n    # November\n    { date = 2026-11-28, from = "Dorte", to = "Ann", '
        'money = "10.00", currency = "DKK" },  # at the door\n]\n')
    run(club, "pay Erik Bo 2 --currency DKK --date 2026-11-28")
    text = (club / "payments.toml").read_text()
    assert "# the treasurer's book" in text and "# November" in text and "# at the door" in text
    run(club, "pay --undo")
    assert "# at the door" in (club / "payments.toml").read_text()
    assert len(payfile.read(str(club)).payments) == 1


@pytest.mark.parametrize(("junk", "line"), [
    ('    { date = 2026-11-28, from = "Dorte", to = "Ann", money = "1e3", currency = "DKK" },\n',
     5),
    ('    { date = 2026-11-28, from = "Dorte", to = "Dorte", money = "1", currency = "DKK" },\n',
     5),
    ('    { date = 2026-11-28, from = "Dorte", to = "Ann", money = "1", currency = "DKK", '
     'tip = 2 },\n', 5),
    ("    not toml at all\n", 5),
])
def test_a_damaged_payments_file_is_a_problem_the_rest_of_the_book_still_shown(
        club: Path, junk: str, line: int) -> None:
    path = club / "payments.toml"
    path.write_text('format = "scorekeeper payments"\nversion = 1\npayments = [\n'
                    '    { date = 2026-11-28, from = "Erik", to = "Bo", money = "2", '
                    f'currency = "DKK" }},\n{junk}]\n')
    before = path.read_bytes()
    shown = run(club, "book", code=1)
    assert shown.stderr.startswith(f"{path}:{line}: ")
    assert shown.stderr.endswith("The payments are left out of the book until the file is "
                                 "mended.\n") and "session" not in shown.stderr
    assert "12 sittings" in shown.stdout
    assert run(club, "pay Erik Bo 1 --currency DKK", code=1).stderr.startswith(
        f"Error: {path}:{line}: ")
    assert path.read_bytes() == before


def test_a_payment_waits_for_one_made_meanwhile_and_both_are_kept(club: Path) -> None:
    """A payment shows nothing before it is saved: it takes the file's lock first and reads
    the file under it, so one made by another window while it waited is kept, and so is
    it (SPEC 7: nothing lost)."""
    run(club, "pay Dorte Ann 10 --currency DKK --date 2026-11-28")
    proc = paused(club, "waiting", "pay", "Erik", "Bo", "2", "--currency", "DKK",
                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    run(club, "pay Carl Bo 1 --currency DKK --date 2026-11-28")
    go(proc)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.startswith("Payment 3: Erik paid Bo 2.00 DKK on ")
    assert [p.payer for p in payfile.read(str(club)).payments] == ["Dorte", "Carl", "Erik"]


def test_payments_as_csv_and_at_the_prompt(club: Path) -> None:
    import csv
    import io

    run(club, "pay Dorte Ann 10 --currency DKK --date 2026-11-28 --note 'at the door'")
    rows = list(csv.reader(io.StringIO(run(club, "book --format csv --table payments").stdout)))
    assert rows == [["number", "date", "from", "to", "money", "currency", "note"],
                    ["1", "2026-11-28", "Dorte", "Ann", "10.00", "DKK", "at the door"]]
    import os

    env = {**os.environ, "SCOREKEEPER_DIR": str(club)}
    piped = subprocess.run([scorekeeper_command(), "play", "-s",
                            str(club / "loo-2026-11-25.toml")],
                           input="pay Erik Bo 1 --currency DKK\npay --undo\n", env=env,
                           capture_output=True, text=True, timeout=60, check=False)
    assert piped.returncode == 0, piped.stderr
    assert "Payment 2: Erik paid Bo 1.00 DKK" in piped.stdout
    assert "Removed payment 2" in piped.stdout
    assert len(payfile.read(str(club)).payments) == 1


def test_no_session_may_be_named_as_the_payments_file(tmp_path: Path) -> None:
    assert "payments.toml is the folder's book of payments" in run(
        tmp_path, "loo new payments --players Ann,Bob,Cid", code=1).stderr


def test_counting_and_explanation_agree_with_the_account() -> None:
    class Sat:
        def __init__(self, name: str, day: int, nets: dict[str, int], paid: int | None
                     ) -> None:
            self.name, self.game, self.deals, self.value, self.currency = (
                name, "loo", 1, "0.5", "kr")
            self.date = datetime.date(2026, 11, day)
            self.paid = None if paid is None else datetime.date(2026, 11, paid)
            self.players, self.nets, self.changes = tuple(nets), nets, 0

    sittings = [Sat("a", 1, {"Ann": 4, "Bob": -4}, 3), Sat("b", 5, {"Ann": -2, "Bob": 2}, None)]
    made = [Paid(1, datetime.date(2026, 11, 2), "Bob", "Ann", Decimal(2), "kr"),  # settled
            Paid(2, datetime.date(2026, 11, 6), "Ann", "Bob", Decimal("0.5"), "kr")]
    counted = counting(made, sittings)
    assert [p.number for p in counted] == [2]
    [kr] = account(sittings, counted)
    mine = {a.name: a.outstanding for a in kr.accounts}
    assert mine == {"Ann": Decimal("-0.5"), "Bob": Decimal("0.5")}
    lines = explanation("ann", sittings, counted)
    assert [line.kind for line in lines] == ["sitting", "paid"]
    assert lines[-1].total == mine["Ann"]


def test_the_bundled_month_has_three_partial_payments() -> None:
    data = book(CLUB, "--unpaid")
    dkk, sek = data["currencies"]
    assert [(p["from"], p["to"], p["money"]) for p in dkk["payments"] + sek["payments"]] == [
        ("Dorte", "Ann", "10.00"), ("Erik", "Frida", "5.00"), ("Bo", "Frida", "50.00")]
    outstanding = {p["name"]: p["outstanding"] for p in dkk["players"]}
    assert (outstanding["Dorte"], outstanding["Ann"]) == ("-14.60", "3.35")
    for width in (60, 80):
        for line in ("book --unpaid", "book --unpaid --explain bo", "book --format grid"):
            text = run(CLUB, line, COLUMNS=str(width)).stdout
            assert all(len(row) <= width for row in text.split("\n")), (line, width)


def made(folder: Path) -> list[dict[str, Any]]:
    return [p for c in book(folder)["currencies"] for p in c["payments"]]


PAY_HEAD = 'format = "scorekeeper payments"\nversion = 1\npayments = [\n'
DORTE = '    { date = 2026-11-28, from = "Dorte", to = "Ann", money = "10.00", currency = "DKK" }'


@pytest.mark.parametrize("text", [
    f"{PAY_HEAD}{DORTE} # cash }},\n]\n",  # a comma in a comment is not the list's
    f"{PAY_HEAD}{DORTE}, # cash\n]\n",
    f"\ufeff{PAY_HEAD}{DORTE},\n]\n",  # a byte-order mark
    f"{PAY_HEAD}{DORTE},\n    # the rest next week\n]\n",
])
def test_a_payment_added_to_a_file_laid_out_by_hand_leaves_it_whole(club: Path, text: str
                                                                     ) -> None:
    path = club / "payments.toml"
    path.write_text(text, encoding="utf-8")
    run(club, "pay Erik Frida 5 --currency DKK --date 2026-11-29")
    after = path.read_text(encoding="utf-8")
    assert [(p["from"], p["money"]) for p in made(club)] == [("Dorte", "10.00"),
                                                              ("Erik", "5.00")]
    assert all(c in after for c in ("# cash }", "# cash", "# the rest next week") if c in text)
    run(club, "pay --undo")  # and taken back off it, with the byte-order mark too
    assert [p["from"] for p in made(club)] == ["Dorte"]


def test_the_books_cache_follows_a_folder_moved(club: Path) -> None:
    book(club)
    moved = club.parent / "moved"
    club.rename(moved)
    (moved / "loo-2026-11-25.toml").chmod(0o444)
    try:
        before = {p.name: p.read_bytes() for p in moved.glob("*.toml")}
        result = run(moved, "book --mark-paid", code=1)
        assert "nothing was changed" in result.stderr
        assert {p.name: p.read_bytes() for p in moved.glob("*.toml")} == before
    finally:
        (moved / "loo-2026-11-25.toml").chmod(0o644)


def test_a_payments_currency_spelt_in_another_case_is_refused_naming_its_line(
        tmp_path: Path) -> None:
    """'sek' for the sittings' SEK would be a currency of its own: the payment in no
    account, a plan that pays it back. Refused by check, book, settle and pay alike."""
    for path in CLUB.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    payments = tmp_path / "payments.toml"
    payments.write_text(payments.read_text().replace('currency = "SEK"', 'currency = "sek"', 1))
    before = payments.read_bytes()
    said = "currency 'sek' is SEK in the sittings: write it so"
    for line in (f"check {payments}", "book", "pay Erik Ann 1 --currency DKK"):
        result = run(tmp_path, line, code=1)
        assert said in result.output and f"{payments}:" in result.output, (line, result.output)
    assert payments.read_bytes() == before


@pytest.mark.parametrize(("lang", "typed"), [("en", "none"), ("en", "no currency"),
                                             ("da", "ingen valuta"), ("da", "none")])
def test_no_currency_may_be_typed_as_the_lists_name_it(tmp_path: Path, lang: str,
                                                       typed: str) -> None:
    run(tmp_path, "loo new a --players Ann,Bob,Cid --value 0.5 --currency kr --date 2026-11-01")
    run(tmp_path, "deal a1 b2 c0")
    run(tmp_path, "loo new b --players Ann,Bob,Cid --date 2026-11-02")
    run(tmp_path, "deal a1 b2 c0")
    assert "no currency" in run(tmp_path, "pay Cid Bob 1", code=2).stderr
    run(tmp_path, f'--lang {lang} pay Cid Bob 1 --currency "{typed}" --date 2026-11-02')
    assert 'currency = ""' in (tmp_path / "payments.toml").read_text()
    assert "unknown currency 'nothing'" in run(tmp_path, "pay Cid Bob 1 --currency nothing",
                                               code=1).stderr


def test_a_payment_is_not_dated_before_the_two_first_played_together(tmp_path: Path) -> None:
    """A payment between two counts toward the sittings they played together, in the book
    and in settle alike: one dated before the first of them would count in one only."""
    run(tmp_path, "loo new one --players Ann,Bob,Cid --date 2026-12-01 --value 1 "
                  "--currency kr")
    run(tmp_path, "deal a=2 b=1 c=0")
    run(tmp_path, "loo new two --players Ann,Dan,Eve --date 2026-12-05 --value 1 "
                  "--currency kr")
    run(tmp_path, "deal d=2 e=1 a=0")
    said = run(tmp_path, "pay Ann Dan 3 --date 2026-12-03", code=1).stderr
    assert "before Ann and Dan first played together here (2026-12-05)" in said
    run(tmp_path, "pay Ann Dan 3 --date 2026-12-05")
    paid = json.loads(run(tmp_path, "settle -s two --format json").stdout)["paid"]
    assert [(p["from"], p["to"], p["money"]) for p in paid] == [("Ann", "Dan", "3")]
