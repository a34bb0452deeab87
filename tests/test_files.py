"""The file form below the store: TOML written by hand (tomltext) reads back the same, the
outline finds every key and deal, a file laid out by a person keeps its comments and layout
through deal, undo, amend and paid, and the table drawn here matches tabulate's."""

from __future__ import annotations

import datetime
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import files
from scorekeeper.errors import SessionError, SessionFileError
from scorekeeper.files import codec, fastread, tomlread, tomltext
from scorekeeper.files.outline import outline
from scorekeeper.games.loo import LooDeal
from scorekeeper.render.layout import Shape, fit

from . import filing
from .helpers import ROOT, without_history

texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
keys = texts | st.sampled_from(["tricks", "Ann", "a b", "Mary Ann", "x.y", "", "=", "é"])
scalars = (st.booleans() | st.integers(-(10**12), 10**12) | texts
           | st.dates(datetime.date(1900, 1, 1), datetime.date(2200, 1, 1)))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(keys, inner, max_size=4), max_leaves=10)


@settings(max_examples=400)
@given(st.dictionaries(keys, values, max_size=5))
def test_a_table_written_on_one_line_reads_back_the_same(table: dict[str, Any]) -> None:
    line = tomltext.inline_table(table)
    assert "\n" not in line
    assert tomllib.loads(f"x = {line}\n")["x"] == table


FAST_HEAD = ('format = "scorekeeper session"\nversion = 2\ngame = "loo"\n'
             'players = ["Ann", "Bob", "x y"]\n')
FAST_TAIL = '\n[settings]\nante = 3\n'
#: Text a hand or a hostile file might put in a deal's line: TOML that JSON reads otherwise,
#: JSON that is not TOML, and bytes that are neither.
MANGLINGS = st.sampled_from([
    " = ", "=", ": ", '"', "'", "\\", "\\/", "\\u00e9", "\\ud800", "\\U0001F600", "\x7f", "\t",
    "null", "1.5", "1e3", "+1", "01", "1_000", "nan", "inf", "true", "[", "]", "{", "}", ",",
    "#", "\n", " ", "a.b = 1", "Ann = 1, Ann = 2", '"Ann" = 1, Ann = 2', "1979-05-27", '"""',
    "[1, 2, ]", "{ }", "[[1], [null]]", "tricks = ", ", Ann = ", "{ Bob = ", "\r", "\r\n",
    '{ "all_pass": true }', '"Ann": 1, ', ":"])


deal_keys = st.sampled_from(["tricks", "miss", "order", "dealer", "Ann", "Bob", "x y"])
deal_texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=6) | st.sampled_from(
    ["Ann", "Bob", "x y", "é", "a\\b", 'q"q', "\x01", "tab\t"])
deal_scalars = st.booleans() | st.integers(-(10**20), 10**20) | deal_texts
deal_values = st.recursive(deal_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(deal_keys, inner, max_size=3), max_leaves=6)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.dictionaries(deal_keys, deal_values, max_size=4), max_size=6),
       st.lists(st.tuples(st.integers(0, 400), MANGLINGS), max_size=3))
def test_deal_lines_read_fast_mean_what_tomllib_reads(deals: list[dict[str, Any]],
                                                       mangles: list[tuple[int, str]]) -> None:
    """The fast reader of the canonical layout's deal lines (JSON for TOML) gives exactly
    what tomllib gives, or leaves the file to tomllib: never another meaning."""
    lines = "".join(f"    {tomltext.inline_table(d)},\n" for d in deals)
    for where, junk in mangles:
        at = min(where, len(lines))
        lines = lines[:at] + junk + lines[at:]
    text = f"{FAST_HEAD}deals = [\n{lines}]\n{FAST_TAIL}"
    try:
        expected: Any = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        expected = None
    fast = fastread.read_fast(text)
    if fast is not None:
        assert fast == expected
    if not mangles and expected is not None:
        assert_read_as_names_are(text, expected)


def assert_read_as_names_are(text: str, expected: Any) -> None:
    """The session reader gives what tomllib gives with every key and text in NFC, as
    names are compared, or refuses a file whose keys become one in that form."""
    try:
        normal = tomlread._normal(expected)
    except tomlread._TwoSpellings:
        with pytest.raises(SessionFileError, match="two Unicode forms"):
            tomlread.parse(text.encode(), "s.toml")
        return
    assert tomlread.parse(text.encode(), "s.toml")[1] == normal


@pytest.mark.parametrize("name", ["e\u0301", "\u212b", "Ann"])
def test_a_name_in_another_unicode_form_is_read_in_nfc(name: str) -> None:
    text = f"{FAST_HEAD}deals = [\n    {tomltext.inline_table({'tricks': {name: 1}})},\n]\n"
    assert_read_as_names_are(text + FAST_TAIL, tomllib.loads(text + FAST_TAIL))


history_values = deal_values | st.datetimes(datetime.datetime(1990, 1, 1),
                                           datetime.datetime(2100, 1, 1)).map(
    lambda t: t.replace(microsecond=0)) | st.dates().map(lambda d: {"paid": d})
history_keys = st.sampled_from(["when", "change", "deal", "entry", "before", "after", "was",
                                "now", "nets", "why"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.dictionaries(history_keys, history_values, max_size=5), max_size=4),
       st.lists(st.tuples(st.integers(0, 400), MANGLINGS), max_size=2))
def test_history_tables_read_fast_mean_what_tomllib_reads(
        tables: list[dict[str, Any]], mangles: list[tuple[int, str]]) -> None:
    history = "".join("\n[[history]]\n" + "".join(f"{k} = {tomltext.value(v)}\n"
                                                   for k, v in t.items()) for t in tables)
    for where, junk in mangles:
        at = min(where, len(history))
        history = history[:at] + junk + history[at:]
    text = f"{FAST_HEAD}deals = [\n    {{ tricks = {{ Ann = 1 }} }},\n]\n{FAST_TAIL}{history}"
    try:
        expected: Any = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        expected = None
    fast = fastread.read_fast(text)
    if fast is not None:
        assert fast == expected


PAY_HEAD = '# the club\nformat = "scorekeeper payments"\nversion = 1\n'
payment_keys = st.sampled_from(["date", "from", "to", "money", "currency", "note"])
payment_values = (st.dates() | deal_texts | st.integers(-5, 5) | st.dates().map(str)
                  | st.just("Ann") | st.just("12.50"))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.dates(), st.dictionaries(payment_keys, payment_values,
                                                      max_size=5)), max_size=5),
       st.lists(st.tuples(st.integers(0, 400), MANGLINGS | st.sampled_from(
           ["    { date = 2026-02-30, ", "date = ", "2026-11-28", "    { date = "])),
           max_size=3))
def test_payment_lines_read_fast_mean_what_tomllib_reads(
        rows: list[tuple[Any, dict[str, Any]]], mangles: list[tuple[int, str]]) -> None:
    """The payments file's lines, their day unquoted, read fast exactly as tomllib reads
    them, or left to tomllib."""
    lines = "".join(f"    {tomltext.inline_table({'date': day, **rest})},\n"
                    for day, rest in rows if "date" not in rest)
    for where, junk in mangles:
        at = min(where, len(lines))
        lines = lines[:at] + junk + lines[at:]
    text = f"{PAY_HEAD}payments = [\n{lines}]\n"
    try:
        expected: Any = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        expected = None
    fast = fastread.read_fast(text)
    if fast is not None:
        assert fast == expected


def test_the_payments_this_tool_writes_are_read_fast() -> None:
    from scorekeeper.book import Paid
    from scorekeeper.files import payfile

    paid = [Paid(i, datetime.date(2026, 11, 1 + i), "Ann", "Bø", Decimal(f"{i}.50"), "kr",
                 note) for i, note in enumerate(["", "at the door", 'a "quote": \\'], 1)]
    text = payfile.render([payfile.paid_data(p, 2) for p in paid])
    assert fastread.read_fast(text) == tomllib.loads(text)
    assert [payfile.paid_from_data(i, e) for i, e in enumerate(
        tomllib.loads(text)["payments"], 1)] == paid


@pytest.mark.parametrize("line", ['    { "all_pass": true },', "    { all_pass = true\r},",
                                  '    { tricks = { "Ann": 3 } },'])
def test_json_that_is_not_toml_is_left_to_tomllib(tmp_path: Path, line: str) -> None:
    """A colon for an equals sign, a lone carriage return: JSON reads them, TOML does not,
    so the file is an error (the review's cases)."""
    text = f"{FAST_HEAD}deals = [\n{line}\n]\n{FAST_TAIL}"
    assert fastread.read_fast(text) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)


def test_the_bundled_sessions_are_read_fast() -> None:
    for path in (ROOT / "sessions").glob("*.toml"):
        text = path.read_text()
        assert fastread.read_fast(text) == tomllib.loads(text), path
    text = (ROOT / "sessions/club/payments.toml").read_text()  # a comment among the lines
    assert fastread.read_fast(text) is None
    plain = "".join(line + "\n" for line in text.splitlines() if "    #" not in line)
    assert fastread.read_fast(plain) == tomllib.loads(plain)


@settings(max_examples=200)
@given(st.lists(st.lists(st.text(st.characters(codec="ascii", exclude_categories=["Cc"]),
                                 max_size=8).map(str.strip), min_size=3, max_size=3),
                min_size=1, max_size=6),
       st.lists(st.booleans(), min_size=3, max_size=3))
def test_the_simple_table_is_tabulates(rows: list[list[str]], numeric: list[bool]) -> None:
    from tabulate import tabulate  # type: ignore[import-untyped]

    headers = ["#", "name", "what happened"]
    align = ["right" if n else "left" for n in numeric]
    expected = tabulate(rows, headers, tablefmt="simple", disable_numparse=True, colalign=align)
    shape = Shape(headers, rows, numeric, [False] * 3, [False] * 3)
    assert "\n".join(fit(shape, None)) == expected


HAND_LAID = """\
# Friday at Ann's: a comment the tool must keep
format = "scorekeeper session"
version = 2
game = "loo"   # three-card
date = 2026-11-01
players = [
    "Ann",  # the host
    "Bob",
    "Cid",
]
deals = [
    # the first hand
    { tricks = { Ann = 2, Bob = 1, Cid = 0 } },
    { tricks = { Ann = 1, Bob = 1, Cid = 1 } }, # a single followed
    { tricks = { Ann = 3, Cid = 0 } }
    # more to come
]

[settings]   # stakes
value = "0.05"
must = false
"""

TABLES = """\
format = "scorekeeper session"
version = 2
game = "loo"
date = 2026-11-01
players = ["Ann", "Bob", "Cid"]

[settings]
value = "0.05"
must = false

# hand 1
[[deals]]
tricks = { Ann = 2, Bob = 1, Cid = 0 }

[[deals]]
# Bob dealt this one
dealer = "Bob"
tricks = { Ann = 1, Bob = 1, Cid = 1 }
"""


def test_the_outline_finds_keys_tables_and_deals() -> None:
    layout = outline(HAND_LAID)
    lines = HAND_LAID.splitlines()
    assert layout.keys[("game",)].line == 4
    assert layout.keys[("settings", "must")].line == lines.index("must = false") + 1
    assert [d.line for d in layout.entries] == [13, 14, 15]
    assert [HAND_LAID[d.start:d.end] for d in layout.entries][2] == "{ tricks = { Ann = 3, Cid = 0 } }"
    layout = outline(TABLES)
    assert [d.line for d in layout.entries] == [12, 15]
    assert TABLES[layout.entries[1].start:layout.entries[1].end].endswith("Cid = 1 }")


@settings(max_examples=400, deadline=None)
@given(quote=st.sampled_from(['"', "'", '"""', "'''"]),
       body=st.text(alphabet="\"'\\\n ab", max_size=12))
def test_the_outline_reads_past_any_string_tomllib_accepts(quote: str, body: str) -> None:
    from hypothesis import assume

    text = f"k = {quote}{body}{quote}\n[t]\nnext = 1\n"
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assume(False)
    layout = outline(text)
    assert layout.keys[("t", "next")].line == text[:text.rindex("next = 1")].count("\n") + 1
    assert layout.keys[("k",)].end == text.rindex("\n[t]")


def hand(**tricks: int) -> LooDeal:
    return LooDeal(tricks=tricks)


@pytest.mark.parametrize("text", [HAND_LAID, TABLES, "\ufeff" + TABLES])
def test_a_hand_laid_file_keeps_its_comments_and_layout(tmp_path: Path, text: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    comments = [line.strip() for line in text.splitlines() if "#" in line]
    kept = [c for c in comments if "a single followed" not in c and "Bob dealt" not in c]
    before = filing.load(str(path)).session.entries
    filing.record(str(path), lambda s: hand(Bob=3, Cid=0))
    filing.amend(str(path), 1, lambda s: hand(Ann=1, Bob=2, Cid=0))
    filing.set_paid(str(path), datetime.date(2026, 11, 28))
    new = path.read_text(encoding="utf-8")
    for comment in comments:
        assert comment in new
    assert "paid = 2026-11-28" in new
    loaded = filing.load(str(path)).session
    assert loaded.entries == (hand(Ann=1, Bob=2, Cid=0), *before[1:], hand(Bob=3, Cid=0))
    assert loaded.paid == datetime.date(2026, 11, 28)
    filing.set_paid(str(path), None)
    filing.undo(str(path))
    filing.undo(str(path))
    new = path.read_text(encoding="utf-8")
    assert [c for c in kept if c in new] == kept
    assert "\npaid = " not in new
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") == text.startswith("\ufeff")
    assert filing.load(str(path)).session.entries == (hand(Ann=1, Bob=2, Cid=0), *before[1:-1])


def test_amend_keeps_the_comment_at_the_end_of_a_tables_line(tmp_path: Path) -> None:
    text = TABLES.replace('[[deals]]\n# Bob', '[[deals]]  # the second\n# Bob').replace(
        'dealer = "Bob"', 'dealer = "Bob"  # not Ann')
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    filing.amend(str(path), 2, lambda s: LooDeal(tricks={"Ann": 2, "Bob": 1}, dealer="Bob"))
    new = path.read_text(encoding="utf-8")
    assert '[[deals]]  # the second\n# Bob dealt this one\ndealer = "Bob"  # not Ann\n' in new
    filing.amend(str(path), 2, lambda s: hand(Ann=3, Cid=0))
    new = path.read_text(encoding="utf-8")
    assert "# not Ann" in new and "# the second" in new and "dealer" not in without_history(new)
    assert filing.load(str(path)).session.entries[1] == hand(Ann=3, Cid=0)


@pytest.mark.parametrize("text", [HAND_LAID, TABLES])
def test_a_deal_added_to_a_hand_laid_file_is_laid_out_as_the_one_before(
        tmp_path: Path, text: str) -> None:
    text = text.replace("\n", "\r\n").replace("    { tricks", "  { tricks")
    path = tmp_path / "s.toml"
    path.write_bytes(text.encode())
    filing.record(str(path), lambda s: hand(Bob=3, Cid=0))
    filing.amend(str(path), 1, lambda s: hand(Ann=1, Bob=2, Cid=0))
    filing.set_paid(str(path), datetime.date(2026, 11, 28))
    new = path.read_bytes()
    assert new.count(b"\n") == new.count(b"\r\n")
    if "deals = [" in text:
        assert b"\r\n  { tricks = { Bob = 3, Cid = 0 } },\r\n" in new


def test_the_comments_on_a_tables_last_line_and_on_paid_stay(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    text = TABLES.replace("tricks = { Ann = 1, Bob = 1, Cid = 1 }",
                          "tricks = { Ann = 1, Bob = 1, Cid = 1 }  # a single")
    text = text.replace('game = "loo"', 'game = "loo"\npaid = 2026-11-28  # in cash')
    path.write_text(text, encoding="utf-8")
    filing.set_paid(str(path), None)
    assert "# in cash" in path.read_text(encoding="utf-8")
    filing.amend(str(path), 2, lambda s: LooDeal(tricks={"Ann": 2, "Bob": 1}, dealer="Bob"))
    new = path.read_text(encoding="utf-8")
    assert "tricks = { Ann = 2, Bob = 1 }  # a single" in new


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_deal_then_undo_gives_back_a_file_of_tables_byte_for_byte(tmp_path: Path,
                                                                     newline: str) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(TABLES.replace("\n", newline).encode())
    before = path.read_bytes()
    filing.record(str(path), lambda s: hand(Bob=3, Cid=0))
    filing.undo(str(path))
    assert without_history(path.read_bytes()) == before.decode()  # and the undo, in history
    assert "\n[[history]]" in path.read_text(encoding="utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize(("text", "change"), [
    # a comment inside a deal written over several lines
    (HAND_LAID.replace("{ tricks = { Ann = 3, Cid = 0 } }",
                       "{ tricks = { Ann = 3, Cid = 0 }, order = [\n  \"Ann\",  # Ann led\n"
                       "  \"Ann\", \"Ann\"] }"), "amend 3"),
    # a comment on a sub-table's header
    (TABLES.replace("[[deals]]\ntricks = { Ann = 2, Bob = 1, Cid = 0 }",
                    "[[deals]]\n[deals.tricks]  # who took what\nAnn = 2\nBob = 1\nCid = 0"),
     "amend 1"),
])
def test_a_change_that_would_lose_a_comment_is_refused(tmp_path: Path, text: str,
                                                       change: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    number = int(change.split()[1])
    with pytest.raises(SessionError, match="nothing was changed"):
        filing.amend(str(path), number, lambda s: hand(Ann=1, Bob=1, Cid=1))
    assert path.read_text(encoding="utf-8") == text


def test_undo_takes_the_comment_on_its_deals_line_with_it(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    text = HAND_LAID.replace("{ tricks = { Ann = 3, Cid = 0 } }",
                             "{ tricks = { Ann = 3, Cid = 0 } },  # Ann's hand")
    path.write_text(text, encoding="utf-8")
    filing.undo(str(path))
    new = path.read_text(encoding="utf-8")
    assert "# Ann's hand" not in new and "# more to come" in new and "# the first hand" in new


@pytest.mark.parametrize("deals", ["deals = []", "deals = [ ]", "deals = [{ tricks = { Ann = 3, Bob = 0 } }]", ""])
def test_deals_written_on_one_line_or_not_at_all(tmp_path: Path, deals: str) -> None:
    text = TABLES.split("# hand 1", maxsplit=1)[0].replace("[settings]", f"{deals}\n\n[settings]")
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    count = filing.load(str(path)).standing.deals
    filing.record(str(path), lambda s: hand(Bob=3, Cid=0))
    filing.record(str(path), lambda s: hand(Ann=3, Cid=0))
    assert filing.load(str(path)).standing.deals == count + 2
    filing.undo(str(path))
    assert filing.load(str(path)).standing.deals == count + 1


def test_a_layout_the_edits_cannot_follow_is_refused_and_kept(tmp_path: Path) -> None:
    # deals as an array of tables written out as [deals.x]-style sub-tables is beyond them
    text = TABLES.replace("[[deals]]\ntricks = { Ann = 2, Bob = 1, Cid = 0 }",
                          "[[deals]]\n[deals.tricks]\nAnn = 2\nBob = 1\nCid = 0")
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    assert filing.load(str(path)).standing.deals == 2
    try:
        filing.amend(str(path), 1, lambda s: hand(Ann=3, Bob=0))
    except SessionError as error:
        assert "nothing was changed" in str(error)
        assert path.read_text(encoding="utf-8") == text
    else:  # the edit could follow it after all: it must say what was meant
        assert filing.load(str(path)).session.entries[0] == hand(Ann=3, Bob=0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["deal", "undo", "amend", "paid"]), max_size=8),
       st.sampled_from([HAND_LAID, TABLES]))
def test_any_run_of_changes_to_a_hand_laid_file_says_what_the_session_holds(
        tmp_path: Path, changes: list[str], text: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    for change in changes:
        loaded = filing.load(str(path)).session
        if loaded.paid and change != "paid":  # a paid sitting is closed to changes
            before = path.read_bytes()
            with pytest.raises(SessionError, match="reopen it with 'scorekeeper paid --undo'"):
                filing.record(str(path), lambda s: hand(Ann=2, Bob=1))
            assert path.read_bytes() == before
        elif change == "deal":
            filing.record(str(path), lambda s: hand(Ann=2, Bob=1))
        elif change == "undo" and loaded.entries:
            filing.undo(str(path))
        elif change == "amend" and loaded.entries and loaded.entries[0] != hand(Cid=2, Bob=1):
            filing.amend(str(path), 1, lambda s: hand(Cid=2, Bob=1))
        elif change == "paid":
            filing.set_paid(str(path), None if loaded.paid else datetime.date(2026, 11, 28))
        tomllib.loads(path.read_text(encoding="utf-8"))  # every step leaves valid TOML
    assert files.check(str(path)).problems == []
    assert "# " in path.read_text(encoding="utf-8")
    assert codec.dumps(filing.load(str(path)).session).count("\n") > 5


@pytest.mark.parametrize("text", [
    PAY_HEAD + 'payments = [\n    { date = 2026-01-01, note =     { date = 2026-01-02 } },\n]\n',
    PAY_HEAD + 'payments = []\nx = """\npayments = [\n    { date = 2026-01-01 },\n]\n"""\n',
    FAST_HEAD + 'deals = []\nx = """\ndeals = [\n    { tricks = { Ann = 1 } },\n]\n"""\n',
])
def test_what_only_looks_like_the_list_is_read_as_tomllib_reads_it(text: str) -> None:
    """The review's cases: a day inside a table of a payment, a list inside a string."""
    fast = fastread.read_fast(text)
    assert fast is None or fast == tomllib.loads(text)
