"""Amounts and days typed as the language prints them (scorekeeper.typed), read once and the
same everywhere money or a day is typed: never guessed, a text that reads two ways refused
with both readings; and what `pay` keeps and refuses beside it (issue 24.1-2, 25.5)."""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.errors import RuleError
from scorekeeper.files import payfile
from scorekeeper.ledger import money_text
from scorekeeper.typed import amount, day

from .helpers import ROOT, run, scorekeeper_command

DANISH = i18n.language("da")
TODAY = datetime.date.today()


def printed(value: Decimal, code: str) -> str:
    """`value` as the program prints an amount in language `code`."""
    with i18n.spoken(DANISH if code == "da" else i18n.ENGLISH):
        return i18n.number(money_text(value))


def refusal(text: str, code: str) -> str:
    with pytest.raises(RuleError) as caught:
        amount(text, code)
    return str(caught.value)


# --- the rule, as a function of the text and the language -------------------------------------


@pytest.mark.parametrize(("code", "text", "neutral"), [
    ("da", "3,40", "3.40"), ("da", "1.234,50", "1234.50"), ("da", "12.50", "12.50"),
    ("da", "1.000.000", "1000000"), ("da", "1.000,00", "1000.00"), ("da", "0,05", "0.05"),
    ("da", "1000", "1000"), ("da", "1,000", "1.000"), ("da", " 7 ", "7"),
    ("da", "0.500", "0.500"),  # no Dane groups thousands after a 0
    ("en", "1,234.50", "1234.50"), ("en", "12.50", "12.50"), ("en", "1,000", "1000"),
    ("en", "1,000,000.5", "1000000.5"), ("en", "0.05", "0.05"), ("en", "50", "50"),
])
def test_an_amount_reads_as_the_language_prints_it(code: str, text: str, neutral: str) -> None:
    assert amount(text, code) == neutral


@pytest.mark.parametrize(("text", "thousands", "decimal"), [
    ("1.000", "1000", "1"), ("12.345", "12345", "12,345"), ("999.999", "999999",
                                                                "999,999"),
])
def test_a_danish_point_before_three_digits_is_refused_with_both_readings(
        text: str, thousands: str, decimal: str) -> None:
    said = refusal(text, "da")
    assert said == (f"{text!r} reads two ways: type {thousands} for a point between "
                    f"thousands, {decimal} for a decimal point")
    assert amount(thousands, "da") == thousands.replace(",", ".")  # each typing reads one way
    assert amount(decimal, "da") == decimal.replace(",", ".")


@pytest.mark.parametrize(("code", "text", "said"), [
    ("en", "1,5", "'1,5' has a decimal comma: type 1.5"),
    ("en", "12,50", "'12,50' has a decimal comma: type 12.50"),
    ("en", "1.234,50", "'1.234,50' has a decimal comma: type 1234.50"),
    ("da", "1,234.50", "'1,234.50' is written the English way: type 1234,50"),
    ("da", "1,000,000", "'1,000,000' is written the English way: type 1000000"),
    ("da", "-5", "'-5' must be money like 12,50 or 1.234,50"),
    ("en", "1e3", "'1e3' must be money like 12.50 or 1,234.50"),
    ("en", "١٢", "must be money"), ("da", "12,", "must be money"), ("en", ".5", "must be money"),
    ("en", "1,23", "type 1.23"), ("en", "1,2345", "type 1.2345"), ("da", "1.23", "1.23"),
    ("en", "", "must be money"), ("da", "1 000", "must be money"),
    ("en", "9" * 61, "must be money"),
])
def test_what_is_not_an_amount_here_is_refused_saying_how_to_type_it(code: str, text: str,
                                                                      said: str) -> None:
    if said == text:  # read, not refused: "1.23" is the neutral 1.23 in Danish
        assert amount(text, code) == text
        return
    message = refusal(text, code)
    assert said in message and "\n" not in message


amounts = st.builds(lambda coins, places: Decimal(coins).scaleb(-places),
                    st.integers(0, 10**15 - 1), st.integers(0, 12))
"""Money as the program holds it: up to 15 digits before the point and 12 after."""


@given(amounts, st.sampled_from(["da", "en"]))
def test_every_amount_printed_reads_back_the_same_or_is_refused_as_two_readings(
        value: Decimal, code: str) -> None:
    for text in (printed(value, code), money_text(value)):
        try:
            assert Decimal(amount(text, code)) == value
        except RuleError as error:
            assert code == "da" and "reads two ways" in str(error), (text, error)


def reading(text: str, group: str, mark: str) -> Decimal | None:
    """What `text` is with thousands grouped by `group` and decimals after `mark`, by
    splitting it (an oracle written apart from typed.py's patterns); None if it is not."""
    whole, has_mark, part = text.partition(mark)
    groups = whole.split(group)
    if not all(g.isdigit() for g in groups) or (has_mark and not part.isdigit()):
        return None
    if len(groups) > 1 and not (1 <= len(groups[0]) <= 3 and groups[0][0] != "0"
                                and all(len(g) == 3 for g in groups[1:])):
        return None
    return Decimal("".join(groups) + ("." + part if has_mark else ""))


@given(st.text(alphabet="0123456789.,", min_size=1, max_size=14), st.sampled_from(["da", "en"]))
def test_no_text_is_misread(text: str, code: str) -> None:
    """What is read is the language's own reading of the text or (Danish) the neutral
    form's, and a text both read, differently, is refused."""
    own = reading(text, ",", ".") if code == "en" else reading(text, ".", ",")
    plain = reading(text, "\0", ".") if code == "da" else None
    try:
        read = Decimal(amount(text, code))
    except RuleError:
        assert own is None or (plain is not None and plain != own), text
        assert not (own is None and plain is not None), text
        return
    assert read in {own, plain} - {None}, text
    assert own is None or plain is None or own == plain, text


# --- days -------------------------------------------------------------------------------------


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2999, 12, 31)),
       st.sampled_from(["da", "en"]))
def test_every_day_printed_reads_back_the_same(when: datetime.date, code: str) -> None:
    with i18n.spoken(DANISH if code == "da" else i18n.ENGLISH):
        shown = i18n.day(when)
    assert day(shown, code, TODAY) == when
    assert day(when.isoformat(), code, TODAY) == when


@pytest.mark.parametrize(("code", "text", "when"), [
    ("da", "01.12.2026", datetime.date(2026, 12, 1)), ("da", "1.12.2026", datetime.date(2026, 12, 1)),
    ("da", "1/12", datetime.date(2026, 12, 1)), ("da", "29.2", None),
    ("da", "2026-12-01", datetime.date(2026, 12, 1)), ("en", "2026-12-01", datetime.date(2026, 12, 1)),
    ("en", "01.12.2026", None), ("en", "1/12", None), ("da", "31.11.2026", None),
    ("da", "1.13.2026", None), ("da", "12/1/2026", None), ("da", "2026-1-1", None),
])
def test_a_day_reads_as_the_language_writes_it(code: str, text: str,
                                               when: datetime.date | None) -> None:
    today = datetime.date(2026, 12, 2)
    if when is None:
        with pytest.raises(RuleError, match="is not a date"):
            day(text, code, today)
    else:
        assert day(text, code, today) == when


# --- every command that takes money or a day ----------------------------------------------------


CLUB = ROOT / "sessions" / "club"


@pytest.fixture
def club(tmp_path: Path) -> Path:
    for path in CLUB.glob("*.toml"):
        if path.name != "payments.toml":
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def money_paid(folder: Path) -> list[str]:
    return [format(p.money, "f") for p in payfile.read(str(folder)).payments]


@pytest.mark.parametrize(("lang", "typed", "kept"), [
    ("da", "3,40", "3.40"), ("da", "1.234,50", "1234.50"), ("da", "12.50", "12.50"),
    ("en", "1,234.50", "1234.50"), ("en", "3.40", "3.40"),
])
def test_pay_keeps_what_was_meant(club: Path, lang: str, typed: str, kept: str) -> None:
    run(club, f"--lang {lang} pay Dorte Ann {typed} --currency DKK --date 2026-11-28")
    assert money_paid(club) == [kept]
    assert f'money = "{kept}"' in (club / "payments.toml").read_text()  # the neutral form


@pytest.mark.parametrize(("lang", "typed", "said", "code"), [
    ("da", "1.000", "kan læses på to måder: skriv 1000, hvis punktummet skiller tusinder, "
                    "og 1, hvis det er et decimaltegn", 2),
    ("en", "1,5", "has a decimal comma: type 1.5", 2),
    ("da", "1,234.50", "er skrevet på engelsk", 2),
    ("en", "1.500", "amount '1.500' has 3 decimals: the currency has 2", 1),  # a Dane's 1500?
    ("en", "12.000", "has 3 decimals", 1),
    ("da", "1,500", "beløbet '1,500' har 3 decimaler: valutaen har 2", 1),  # as typed
])
def test_pay_refuses_what_reads_two_ways_and_writes_nothing(club: Path, lang: str, typed: str,
                                                          said: str, code: int) -> None:
    """An amount that is not a number in the language spoken is a value of the wrong type
    (exit 2, as --value's); one the currency cannot hold is refused (exit 1)."""
    run(club, "pay Erik Bo 1 --currency DKK")
    before = (club / "payments.toml").read_bytes()
    result = run(club, f"--lang {lang} pay Dorte Ann {typed} --currency DKK", code=code)
    assert said in result.stderr.splitlines()[-1]
    assert code == 2 or result.stderr.count("\n") == 1
    assert (club / "payments.toml").read_bytes() == before


@pytest.mark.parametrize(("lang", "typed", "kept"), [
    ("da", "0,05", "0.05"), ("da", "1.000,5", "1000.5"), ("en", "1,000.5", "1000.5"),
    ("en", "0.05", "0.05"), ("da", "0.05", "0.05"),
])
def test_new_takes_the_value_as_the_language_writes_it(tmp_path: Path, lang: str, typed: str,
                                                       kept: str) -> None:
    run(tmp_path, f"--lang {lang} loo new x --players Ann,Bob,Cid --value {typed}")
    assert f'value = "{kept}"' in (tmp_path / "x.toml").read_text()


@pytest.mark.parametrize(("lang", "value", "said"), [
    ("da", "1.000", "kan læses på to måder"), ("en", "0,05", "has a decimal comma: type 0.05"),
    ("en", "0", "is nothing"), ("da", "0,00", "er nul"), ("en", "-1", "must be money"),
])
def test_new_refuses_a_value_that_reads_two_ways_or_is_nothing(tmp_path: Path, lang: str,
                                                               value: str, said: str) -> None:
    result = run(tmp_path, f"--lang {lang} loo new x --players Ann,Bob,Cid --value {value}",
                 code=2)
    assert said in result.stderr
    assert not (tmp_path / "x.toml").exists()


def test_a_value_of_nothing_in_a_file_is_refused_as_on_the_command_line(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --value 0.05")
    path = tmp_path / "x.toml"
    path.write_text(path.read_text().replace('value = "0.05"', 'value = "0"'))
    assert "is nothing" in run(tmp_path, "show", code=1).stderr


@pytest.mark.parametrize(("lang", "typed"), [("da", "01.11.2026"), ("da", "1.11.2026"),
                                             ("da", "2026-11-01"), ("en", "2026-11-01")])
def test_new_and_pay_take_a_day_as_the_language_writes_it(club: Path, lang: str,
                                                          typed: str) -> None:
    run(club, f"--lang {lang} loo new x --players Ann,Bob,Cid --date {typed}")
    assert "date = 2026-11-01\n" in (club / "x.toml").read_text()
    run(club, f"--lang {lang} pay Dorte Ann 5 --currency DKK --date {typed.replace('11', '12')}")
    assert payfile.read(str(club)).payments[0].date == datetime.date(2026, 12, 1)


@pytest.mark.parametrize("command", ["loo new x --players Ann,Bob,Cid", "paid",
                                     "pay Dorte Ann 5 --currency DKK"])
def test_a_day_to_come_is_refused_by_every_command(club: Path, command: str) -> None:
    later = (TODAY + datetime.timedelta(days=1)).isoformat()
    if command == "paid":
        run(club, "loo new y --players Ann,Bob,Cid")
    before = {p.name: p.read_bytes() for p in club.glob("*.toml")}
    result = run(club, f"{command} --date {later}", code=1)
    assert "has not come yet" in result.stderr and result.stderr.count("\n") == 1
    assert {p.name: p.read_bytes() for p in club.glob("*.toml")} == before


# --- pay --amend keeps what is not given; the file holds what the command line may ---------


def test_pay_amend_keeps_the_day_note_and_currency_not_given(club: Path) -> None:
    run(club, "pay Bo Ann 5 --currency DKK --date 2026-11-28 --note 'at the door'")
    said = run(club, "pay --amend 1 Bo Ann 6").stdout  # Bo and Ann played in DKK and SEK
    assert said.startswith("Payment 1 was: Bo paid Ann 5.00 DKK on 2026-11-28 (at the door).\n"
                           "Payment 1 now: Bo paid Ann 6.00 DKK on 2026-11-28 (at the door).\n")
    run(club, "--lang da pay --amend 1 --date 29.11.2026")  # the rest kept
    (kept,) = payfile.read(str(club)).payments
    assert (kept.date, kept.money, kept.currency, kept.note, kept.payer) == (
        datetime.date(2026, 11, 29), Decimal("6.00"), "DKK", "at the door", "Bo")
    run(club, "pay --amend 1 --note ''")
    assert payfile.read(str(club)).payments[0].note == ""
    assert "give FROM TO AMOUNT" in run(club, "pay --amend 1 Bo Ann", code=2).stderr


@pytest.mark.parametrize(("note", "code"), [("x" * 21, 0), ("x" * 200, 0), ("x" * 201, 2),
                                            ("a\tb", 2)])
def test_a_note_may_be_what_the_file_may_hold(club: Path, note: str, code: int) -> None:
    result = run(club, f"pay Dorte Ann 5 --currency DKK --note '{note}'", code=code)
    if code:
        assert "at most 200 characters" in result.stderr
    else:
        assert payfile.read(str(club)).payments[0].note == note


@pytest.mark.parametrize(("line", "said"), [
    ('{ date = 2099-01-01, from = "Dorte", to = "Ann", money = "5.00", currency = "DKK" }',
     "betaling 2: 01.01.2099 er ikke kommet endnu"),
    ('{ date = 2026-11-28, from = "Dorte", to = "Ann", money = "50.001", currency = "DKK" }',
     "betaling 2: beløbet '50.001' har 3 decimaler: valutaen har 2"),
])
def test_a_payments_file_holding_what_pay_refuses_is_refused_naming_it(
        club: Path, line: str, said: str) -> None:
    run(club, "pay Erik Bo 1 --currency DKK --date 2026-11-28")
    path = club / "payments.toml"
    path.write_text(path.read_text().replace("\n]\n", f"\n    {line},\n]\n"))
    before = path.read_bytes()
    result = run(club, "--lang da pay Dorte Ann 5 --currency DKK", code=1)
    assert result.stderr.startswith(f"Fejl: {path}:") and said in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and path.read_bytes() == before
    shown = run(club, "--lang da book", code=1)
    assert said in shown.stderr


def test_a_sitting_without_a_date_is_never_of_a_day_to_come(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid --date 2026-11-02")
    path = tmp_path / "x.toml"
    path.write_text(path.read_text().replace("date = 2026-11-02\n", ""))
    ahead = datetime.datetime(2031, 1, 1).timestamp()
    os.utime(path, (ahead, ahead))
    sat = json.loads(run(tmp_path, "book --format json").stdout)["sittings"]
    assert [s["date"] for s in sat] == [TODAY.isoformat()]
    run(tmp_path, "paid")  # today is not before the sitting
    assert f"paid = {TODAY.isoformat()}" in path.read_text()


# --- through the installed command, and in play ----------------------------------------------


def installed(folder: Path, *args: str, code: int = 0, stdin: str | None = None
              ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder)}
    env.pop("SCOREKEEPER_SESSION", None)
    done = subprocess.run([scorekeeper_command(), *args], env=env, capture_output=True,
                          text=True, timeout=60, check=False, input=stdin)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def test_the_installed_command_reads_danish_money_and_refuses_a_thousand_point(
        club: Path) -> None:
    done = installed(club, "--lang", "da", "pay", "Dorte", "Ann", "1.234,50", "--currency",
                     "DKK", "--date", "28.11.2026")
    assert "1.234,50 DKK" in done.stdout and money_paid(club) == ["1234.50"]
    before = (club / "payments.toml").read_bytes()
    refused = installed(club, "--lang", "da", "pay", "Dorte", "Ann", "1.000", "--currency",
                        "DKK", code=2)  # a value of the wrong type, as --value 1.000 is
    assert "skriv 1000, hvis punktummet skiller tusinder, og 1, hvis det" in refused.stderr
    assert (club / "payments.toml").read_bytes() == before
    installed(club, "--lang", "en", "pay", "Dorte", "Ann", "1,5", "--currency", "DKK", code=2)
    assert (club / "payments.toml").read_bytes() == before


def test_play_reads_money_as_the_language_writes_it(club: Path) -> None:
    run(club, "loo new x --players Ann,Bob,Cid --value 0.5")
    done = installed(club, "--lang", "da", "play", "--keep-going",
                     stdin="pay Dorte Ann 3,40 --currency DKK\n"
                           "pay Dorte Ann 1.000 --currency DKK\n"
                           "loo new y --players Ann,Bob,Cid --value 0,05\n", code=1)
    assert "'1.000' kan læses på to måder" in done.stderr
    assert money_paid(club) == ["3.40"]
    assert 'value = "0.05"' in (club / "y.toml").read_text()


def test_check_of_a_payments_file_refuses_what_pay_refuses(club: Path) -> None:
    run(club, "pay Erik Bo 1 --currency DKK --date 2026-11-28")
    path = club / "payments.toml"
    assert "ok (payments, 1 payment)" in run(club, f"check {path}").stdout
    path.write_text(path.read_text().replace('money = "1.00"', 'money = "1.001"'))
    said = run(club, f"check {path}", code=1).stderr
    assert said == (f"{path}:5: payment 1: amount '1.001' has 3 decimals: the currency has "
                    "2\n")


@pytest.mark.parametrize(("first_change", "written", "day_of_it"), [
    (datetime.date(2026, 11, 2), datetime.date(2026, 11, 5), datetime.date(2026, 11, 2)),
    (None, datetime.date(2026, 11, 5), datetime.date(2026, 11, 5)),
    (None, datetime.date(2031, 1, 1), datetime.date(2026, 12, 2)),
    (datetime.date(2099, 1, 1), datetime.date(2031, 1, 1), datetime.date(2026, 12, 2)),
    (datetime.date(2099, 1, 1), datetime.date(2026, 11, 5), datetime.date(2026, 11, 5)),
])
def test_an_undated_sitting_is_of_its_first_change_or_written_day_never_one_to_come(
        first_change: datetime.date | None, written: datetime.date,
        day_of_it: datetime.date) -> None:
    from scorekeeper.files.snapshot import undated_day

    assert undated_day(first_change, written, datetime.date(2026, 12, 2)) == day_of_it


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ahead=st.integers(-3, 4), key=st.sampled_from(["date", "paid"]),
       game=st.sampled_from(["loo", "pinochle", "bridge"]))
def test_a_sessions_days_in_a_file_have_come_give_or_take_a_time_zone(
        tmp_path_factory: pytest.TempPathFactory, ahead: int, key: str, game: str) -> None:
    """A session's date (or paid day) written by hand: up to tomorrow is read (a folder
    shared with a machine where it is tomorrow already); a day after that is refused by
    every command that reads it, naming the file and line, the file left as it was."""
    folder = tmp_path_factory.mktemp("ahead")
    run(folder, f"{game} new x --players Ann,Bob,Cid,Dan --date 2026-11-02")
    path = folder / "x.toml"
    day = TODAY + datetime.timedelta(days=ahead)
    text = path.read_text()
    text = (text.replace("date = 2026-11-02", f"date = {day}") if key == "date" else
            text.replace("date = 2026-11-02", f"date = 2026-11-02\npaid = {day}"))
    path.write_text(text)
    before = path.read_bytes()
    for line in ("show", "check", "settle"):
        result = run(folder, line, code=0 if ahead <= 1 else 1)
        if ahead > 1:
            assert f"{key} {day} has not come yet" in result.output, result.output
            assert result.output.count("\n") == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("ahead, code", [(1, 0), (2, 1)])
def test_a_payments_day_in_the_file_may_be_tomorrow_somewhere(club: Path, ahead: int,
                                                             code: int) -> None:
    run(club, "pay Erik Bo 1 --currency DKK --date 2026-11-28")
    path = club / "payments.toml"
    day = TODAY + datetime.timedelta(days=ahead)
    path.write_text(path.read_text().replace("2026-11-28", day.isoformat()))
    run(club, "book", code=code)
    run(club, f"check {path}", code=code)
