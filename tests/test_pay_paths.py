"""`pay` the fast way -- the earlier payments from their signed cache (files.paycache), the
payment added as a line of its own (payfile.one_a_line_point) -- and the full way -- the
file read and checked whole, the change made as text and read back against the payments
expected -- give the same file, byte for byte, and say the same, for payments made, put
right, removed and refused, in both languages and in the file as this tool lays it out
and as the bundled club's (a comment in its list)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import cli
from scorekeeper.files import paycache, payfile

from .helpers import ROOT, run

CLUB = ROOT / "sessions" / "club"
NAMES = ["Ann", "bo", "Carl", "dor", "Erik", "Frida", "kitty", "Zed"]
AMOUNTS = ["5", "2.5", "0.50", "1.505", "1.500", "12.50", "0", "3", "-2", "x"]
CURRENCIES = ["", "--currency DKK", "--currency SEK", "--currency dkk", "--currency NOK"]
DATES = ["--date 2026-11-28", "--date 2026-11-30", "--date 2026-10-01", "--date 2099-01-01",
         ""]
#: A revision's time (the file's history) is of the second it was made in: not compared.
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def _club(folder: Path, bundled: bool) -> Path:
    for path in CLUB.glob("*.toml"):
        if bundled or path.name != "payments.toml":
            shutil.copy(path, folder / path.name)
    return folder


@contextmanager
def _full_way(folder: Path) -> Iterator[None]:
    """The next command without the payments' cache, nor a payment added as a line."""
    Path(paycache.path_of(str(folder / payfile.NAME))).unlink(missing_ok=True)
    with mock.patch.object(payfile, "one_a_line_point", lambda text, count: None):
        yield


def _said(folder: Path, line: str) -> Result:
    """`scorekeeper LINE` in-process, in `folder`, whatever it exits with."""
    import shlex

    result = CliRunner().invoke(cli, shlex.split(line), env={
        "SCOREKEEPER_DIR": str(folder), "SCOREKEEPER_SESSION": None})
    assert result.exit_code in (0, 1, 2), (line, result.output, result.exception)
    assert "Traceback" not in result.output
    return result


def _line(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["pay", "pay", "pay", "amend", "undo"]))
    if kind == "undo":
        return "pay --undo --why twice"
    words = (f"{draw(st.sampled_from(NAMES))} {draw(st.sampled_from(NAMES))} "
             f"{draw(st.sampled_from(AMOUNTS))}")
    options = (f"{draw(st.sampled_from(CURRENCIES))} {draw(st.sampled_from(DATES))} "
               f"{draw(st.sampled_from(['', '--new-player', '--note cash']))}")
    if kind == "amend":
        number = draw(st.integers(1, 4))
        kept = draw(st.booleans())  # who and how much kept, only the options given
        return f"pay --amend {number} {'' if kept else words} {options} --why 'put right'"
    return f"pay {words} {options}"


@st.composite
def _lines(draw: st.DrawFn) -> list[str]:
    return [_line(draw) for _ in range(draw(st.integers(1, 6)))]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(lines=_lines(), bundled=st.booleans(), language=st.sampled_from(["en", "da"]))
def test_the_fast_way_and_the_full_way_give_the_same_file_and_words(
        tmp_path_factory: pytest.TempPathFactory, lines: list[str], bundled: bool,
        language: str) -> None:
    fast = _club(tmp_path_factory.mktemp("fast"), bundled)
    full = _club(tmp_path_factory.mktemp("full"), bundled)
    run(fast, "book")  # the caches, as a club has them
    run(full, "book")
    for line in (f"--lang {language} {line}" for line in lines):
        done = _said(fast, line)
        with _full_way(full):
            read_whole = _said(full, line)
        assert (done.exit_code, done.output) == (read_whole.exit_code, read_whole.output), line
        files = [folder / payfile.NAME for folder in (fast, full)]
        assert [f.exists() for f in files] == [files[0].exists()] * 2
        if files[0].exists():
            fast_text, full_text = (TIME.sub("T", f.read_text("utf-8")) for f in files)
            assert fast_text == full_text, line
    if (fast / payfile.NAME).exists():  # what the fast way wrote reads as it says
        raw = (fast / payfile.NAME).read_bytes()
        found = payfile.from_bytes(str(fast / payfile.NAME), raw)
        assert paycache.read(str(fast / payfile.NAME), raw) == (found.payments,
                                                               found.history)


def test_a_payment_into_the_bundled_club_is_added_as_a_line(tmp_path: Path) -> None:
    """The bundled book of payments (a comment in its list) takes a payment as a line of
    its own, the comment kept; a comment after the last payment, or on its line, does not
    (the change is then made as text and read back)."""
    text = (CLUB / payfile.NAME).read_text("utf-8")
    point = payfile.one_a_line_point(text, 3)
    assert point is not None
    added = point.apply(text, {"date": "d", "from": "x"})[0]
    assert added.endswith('"the rest next week" },\n    { date = "d", from = "x" },\n]\n')
    assert "# after the last sitting of November" in added
    assert payfile.one_a_line_point(text, 2) is None
    assert payfile.one_a_line_point(text.replace("\n]\n", "\n    # the end\n]\n"), 3) is None
    assert payfile.one_a_line_point(text.replace('week" },', 'week" }, # x'), 3) is None
    folder = _club(tmp_path, bundled=True)
    run(folder, "pay Bo Frida 1 --currency SEK --date 2026-11-30")
    after = (folder / payfile.NAME).read_text("utf-8")
    assert after == text.replace("\n]\n", '\n    { date = 2026-11-30, from = "Bo", to = '
                                 '"Frida", money = "1.00", currency = "SEK" },\n]\n')
