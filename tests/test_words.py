"""Messages in the user's words (issue 25, item 7): a value in a message reads as a person
writes it -- a day 2026-11-02, a zone UTC+05:00, a list as its items, a number by its
digits, a control character by its name, a byte that is not UTF-8 as that byte -- never
as Python's repr, in every message, in English and in Danish."""

from __future__ import annotations

import ast
import datetime
import re
import string
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.text import plain, quoted, visible

from .helpers import ROOT
from .test_trust import sk

#: What Python's repr looks like where a person's words should be.
REPR = re.compile(r"datetime\.|timezone\(|timedelta\(|Decimal\(|sys\.|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}"
                  r"|\\t|\[\]|\['|\[\{'|\{'|\bNone\b|\bTrue\b|\bFalse\b|\\udc")
UTC5 = datetime.timezone(datetime.timedelta(hours=5))
HOSTILE: list[Any] = [
    datetime.date(2026, 11, 2), datetime.datetime(2026, 11, 2, 18, 0, tzinfo=UTC5),
    datetime.datetime(2026, 11, 2, 18, 0, 30), datetime.time(18, 5), UTC5,
    datetime.timezone(-datetime.timedelta(hours=3, minutes=30)), datetime.UTC,
    [], ["Ann", "Bob"], [["Ann", "Cid"], ["Bob", "Dan"]], {}, {"Ann": [1, 0]},
    [{"tricks": {"Ann": 3}, "miss": "Dan"}], 10**5000, -(10**40), 7, True, None,
    Decimal("2.50"), 1.5, "a\x1b[31mb\tc\x07", "Ann\udcff", "lone\ud800", "bid\u202eevil", "O'Neil", "",
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_a_value_in_a_message_is_never_pythons_repr(value: Any) -> None:
    for shown in (quoted(value), plain(value)):
        assert not REPR.search(shown), shown
        assert shown.isprintable(), shown
        assert len(shown) < 180


def test_each_kind_of_value_as_a_person_writes_it() -> None:
    assert quoted(datetime.date(2026, 11, 2)) == "2026-11-02"
    assert quoted(datetime.datetime(2026, 11, 2, 18, 0, tzinfo=UTC5)) == "2026-11-02 18:00 UTC+05:00"
    assert quoted(datetime.timezone(-datetime.timedelta(hours=3, minutes=30))) == "UTC-03:30"
    assert quoted([]) == "an empty list" and quoted({}) == "an empty table"
    assert quoted(["Ann", "Bob"]) == "(Ann, Bob)" and plain(["Ann", "Bob"]) == "Ann, Bob"
    assert plain([]) == "none" and quoted({"Ann": 3}) == "{ Ann = 3 }"
    assert quoted([["Ann", "Cid"], ["Bob", "Dan"]]) == "((Ann, Cid), (Bob, Dan))"
    assert plain([{"tricks": {"Ann": 3}}]) == "{ tricks = { Ann = 3 } }"
    assert quoted(10**5000) == "a number of 5001 digits" and quoted(10**29) == str(10**29)
    assert quoted(True) == "true" and quoted(None) == "(not set)"
    assert quoted("Ann") == "'Ann'" and quoted("O'Neil") == '"O\'Neil"'
    assert quoted("a\x1b[31mb\n") == "'a<ESC>[31mb<LF>'" and visible("x\ty") == "x<TAB>y"
    assert quoted("Ann\udcff") == "'Ann<byte FF>'" and visible("\u202e") == "<U+202E>"
    assert quoted("a" * 500) == "'" + "a" * 100 + "…" + "a" * 40 + "'"


@given(st.integers(10**29, 10**9000))
def test_a_long_number_is_told_by_its_exact_count_of_digits(number: int) -> None:
    import sys

    shown = plain(number)
    digits = len(str(number)) if number < 10**4000 else None
    if digits is None:
        sys.set_int_max_str_digits(0)
        try:
            digits = len(str(number))
        finally:
            sys.set_int_max_str_digits(4300)
    assert shown == (str(number) if digits <= 30 else f"a number of {digits} digits")


def _messages() -> list[tuple[str, str]]:
    """Every message literal of the package given to _ or ngettext, with its file."""
    found = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_", "ngettext")):
                found += [(path.name, a.value) for a in node.args
                          if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def test_no_message_puts_a_value_in_as_pythons_repr() -> None:
    messages = _messages()
    assert len(messages) > 500
    assert [m for m in messages if "!r}" in m] == []


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_message_with_hostile_values_reads_as_words(lang: str) -> None:
    """Each message of the catalogue, its placeholders filled with what quoted makes of a
    date, a zone, a list, a huge number, control characters and a byte that is not UTF-8."""
    from scorekeeper import i18n

    values = [quoted(v) for v in HOSTILE]
    with i18n.spoken(i18n.language(lang)):
        for where, message in _messages():
            fields = [f for f in string.Formatter().parse(message) if f[1]]
            names = {f[1] for f in fields}
            filled: dict[str, object] = {
                name: values[sum(map(ord, name)) % len(values)] for name in names}
            filled |= {f[1]: 65 for f in fields if f[2]}  # a number's format (U+{code:04X})
            if any(not name.isidentifier() for name in names):
                continue
            said = i18n._(message).format(**filled)
            assert not REPR.search(said), (where, said)


LOO = ["loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan", "--date", "2026-11-27"]
HISTORY = "\n[[history]]\nwhen = 2026-11-27T20:00:00\n"
#: Lies in a session's file (added to its text), each with a value Python shows its own way.
LIES = {
    "a paid day the file does not have": (
        "\npaid = 2026-11-03\n", HISTORY + 'change = "paid"\nwas = {}\nnow = { paid = 2026-11-02 }\n'),
    "a time with a zone": (
        "", HISTORY.replace("20:00:00", "20:00:00+05:00") + 'change = "paid"\nwas = {}\nnow = {}\n'),
    "an empty after": (
        "", HISTORY + 'change = "amend"\ndeal = 5\nentry = 5\nbefore = []\nafter = []\n'),
    "players a change says": (
        "", HISTORY + 'change = "edit"\nwas = { players = ["Ann", "Bob"] }\n'
        'now = { players = ["Ann", "Zed"] }\n'),
    "a 5000-digit number": ("\nextra = 1" + "0" * 5000 + "\n", ""),
    "a control character": ('\nextra = "a\\u001b[31mb"\n', ""),
    "a list for a day": ("\npaid = [2026-11-02]\n", ""),
}


def _lying(path: Path, lie: str) -> None:
    """The session at `path` with `lie` told in it: a top key before its first table, a
    history record at its end."""
    top, end = LIES[lie]
    text = path.read_text()
    at = text.index("\n[")
    path.write_text(text[:at] + top + text[at:] + end)


@pytest.mark.parametrize("lie", LIES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_what_check_show_and_history_say_of_a_lying_file_is_in_words(tmp_path: Path,
                                                                      lie: str, lang: str
                                                                      ) -> None:
    sk(tmp_path, *LOO)
    sk(tmp_path, "deal", "b=3", "c=0")
    path = tmp_path / "evening.toml"
    _lying(path, lie)
    for command in (["check", str(path)], ["show"], ["history"], ["settle"]):
        said = _said(tmp_path, "--lang", lang, *command)
        assert not REPR.search(said), (command, said)
        assert "\x1b" not in said


def _said(tmp_path: Path, *args: str) -> str:
    """What the installed command prints, whatever its exit code (never a traceback)."""
    import os
    import subprocess

    from .helpers import scorekeeper_command

    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "XDG_STATE_HOME": os.environ["XDG_STATE_HOME"], "LANG": "C.UTF-8"}
    proc = subprocess.run([scorekeeper_command(), *args], env=env, capture_output=True,
                          text=True, check=False, timeout=30)
    assert proc.returncode in (0, 1, 2) and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout + proc.stderr


def test_the_issues_own_sentences(tmp_path: Path) -> None:
    """The messages issue 25 quotes, as they read now."""
    sk(tmp_path, *LOO)
    sk(tmp_path, "deal", "b=3", "c=0")
    path = tmp_path / "evening.toml"
    text = path.read_text()
    _lying(path, "a paid day the file does not have")
    assert "paid is now 2026-11-02, but the file has 2026-11-03" in sk(
        tmp_path, "check", str(path), code=1).stderr
    path.write_text(text)
    _lying(path, "an empty after")
    assert "this amend changes nothing at entry 5, where the file has nothing" in sk(
        tmp_path, "check", str(path), code=1).stderr
    path.write_text(text)
    sk(tmp_path, "join", "Eve", "--after", "Bob")
    assert "Removed: Eve joins the table, after Bob." in sk(tmp_path, "undo",
                                                           stdin="yes\n").stdout
    bad = sk(tmp_path, "loo", "new", "x", "--players", "A\udcff,Bob,Cid", code=1,
             env={"LANG": "C.UTF-8"})
    assert "player name 'A<byte FF>' holds a byte that is not UTF-8 text" in bad.stderr


def _unquoted(said: str) -> str:
    """What a command said, without what it quotes of what was typed: the text in quotes
    (a repr would leave its brackets outside them) and piped play's "(line N: ...)"."""
    said = re.sub(r"^ *\(line \d+: .*\)$", "", said, flags=re.MULTILINE)
    return re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "''", said)


#: Commands a hostile word is given to, in each place a word may stand.
PLACES = ["deal {w}", "deal b=3 c=0 --dealer {w}", "amend {w} b=3", "join {w}", "leave {w}",
          "use {w}", "show -s {w}", "show --format {w}", "undo --why {w}", "pay {w} Ann 3",
          "loo new {w} --players Ann,Bob,Cid", "loo new x --players Ann,{w},Cid",
          "loo new x --players Ann,Bob,Cid --value {w}", "loo new x --players A,B,C --date {w}",
          "book --player {w}", "history --format {w}", "{w}", "deal --{w}"]
WORDS = st.one_of(st.text(max_size=30), st.sampled_from(
    ["2026-11-02T18:00+05:00", "[]", "['Ann']", "9" * 5000, "\x1b[31m", "a\udcffb", "'", '"',
     "\\x1b", "--", "-1", "0", "nan", "1e999", "\u202e", "\x00"]))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PLACES), WORDS)
def test_any_word_anywhere_is_refused_in_words_never_a_traceback(place: str, word: str) -> None:
    import tempfile

    from scorekeeper.cli import cli

    args = [part.replace("{w}", word) for part in place.split()]
    with tempfile.TemporaryDirectory() as folder:
        env = {"SCOREKEEPER_DIR": folder, "SCOREKEEPER_SESSION": None}
        assert CliRunner().invoke(cli, LOO, env=env).exit_code == 0
        result = CliRunner().invoke(cli, args, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, result.output, result.exception)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    said = result.output
    assert "Traceback" not in said
    for typed in (word, word.lower()):  # what was typed, said back (a format lowercased)
        for echoed in (typed, visible(typed), quoted(typed)[1:-1]):
            said = said.replace(echoed, "") if echoed else said
    assert not REPR.search(_unquoted(said)), (args, said)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(WORDS, st.sampled_from(PLACES).map(lambda p: p.replace("{w}", "x"))),
                min_size=1, max_size=4))
def test_any_line_piped_into_play_is_refused_in_words(lines: list[str]) -> None:
    import tempfile

    from scorekeeper.cli import cli

    typed = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    with tempfile.TemporaryDirectory() as folder:
        env = {"SCOREKEEPER_DIR": folder, "SCOREKEEPER_SESSION": None}
        assert CliRunner().invoke(cli, LOO, env=env).exit_code == 0
        result = CliRunner().invoke(cli, ["play", "--keep-going"], env=env,
                                    input=("\n".join(typed) + "\n").encode(
                                        "utf-8", "surrogateescape"))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        typed, result.output, result.exception)
    assert result.exit_code in (0, 1), (typed, result.output)
    said = _unquoted(result.output)
    assert "Traceback" not in said
    assert not REPR.search(said), (typed, said)
