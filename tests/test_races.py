"""What another window, a second player or a script can do between two keystrokes, and
what each race now does: a change is saved only onto the file the player was shown, and
otherwise nothing is written and the player is told. Each is driven through the installed
command, in two processes, and the file asserted after."""

from __future__ import annotations

import os
import pty
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .helpers import ROOT, deals_in, go, paused, scorekeeper_command
from .test_table import Terminal
from .test_trust import sk


def loo(tmp_path: Path, name: str = "evening", deals: int = 2) -> Path:
    sk(tmp_path, "loo", "new", name, "--players", "Ann,Bob,Cid,Dan")
    for _ in range(deals):
        sk(tmp_path, "deal", "-s", name, "a=3", "b=0")
    return tmp_path / f"{name}.toml"


@contextmanager
def playing(tmp_path: Path, **more: str) -> Iterator[Terminal]:
    """`scorekeeper play` on a pseudo-terminal in the folder `tmp_path` (`more`: variables
    a test adds or changes), left with Ctrl-D at the end."""
    main, secondary = pty.openpty()
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1", "COLUMNS": "80",
           "LINES": "24", **more}
    proc = subprocess.Popen([scorekeeper_command(), "play"], stdin=secondary, stdout=secondary,
                            stderr=secondary, env=env, close_fds=True, cwd=tmp_path)
    os.close(secondary)
    screen = Terminal(main)
    try:
        yield screen  # which leaves it at the prompt: a Ctrl-D typed between two is lost
        screen.type(b"\x04")
        assert screen.drain_until_exit(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(main)


def test_undo_at_the_prompt_removes_only_the_deal_it_showed(tmp_path: Path) -> None:
    path = loo(tmp_path)
    with playing(tmp_path) as screen:
        screen.expect(b"hand 3")
        screen.type(b"undo\r")
        screen.expect(b"Undo removes deal 2 (dealt by Bob: ")
        sk(tmp_path, "deal", "b=3", "c=0")  # another window records hand 3 meanwhile
        screen.type(b"yes\r")
        screen.expect(b"deal 3 was recorded since this was shown: nothing was changed; look "
                      b"again")
        screen.type(b"undo\r")  # looked again: now it shows hand 3
        screen.expect(b"Undo removes deal 3 (dealt by Cid: ")
        screen.type(b"yes\r")
        screen.expect(b"Removed hand 3 (dealt by Cid)")
        screen.expect(b"hand 3 \xc2\xb7 Cid deals")
    assert deals_in(path) == 2


def test_amend_at_the_prompt_is_saved_only_onto_the_deal_it_showed(tmp_path: Path) -> None:
    path = loo(tmp_path)
    with playing(tmp_path) as screen:
        screen.expect(b"hand 3")
        screen.type(b"amend 2 b=1 c=1 d=1\r")
        screen.expect(b"Type yes to make this change:")
        sk(tmp_path, "amend", "2", "c=3", "d=0")  # another player corrects it meanwhile
        screen.type(b"yes\r")
        screen.expect_words(b"was changed since this was shown: nothing was")  # wrapped at words
        screen.expect(b"look again")
        screen.expect(b"hand 3 \xc2\xb7 Cid deals")
    assert "{ tricks = { Cid = 3, Dan = 0 } }" in path.read_text()
    assert "Bob = 1, Cid = 1, Dan = 1" not in path.read_text()


def test_mark_paid_marks_each_sitting_only_as_the_book_showed_it(tmp_path: Path) -> None:
    first, second = loo(tmp_path, "first", 1), loo(tmp_path, "second", 1)
    proc = paused(tmp_path, "waiting", "book", "--mark-paid", stdout=subprocess.PIPE,
                  stderr=subprocess.PIPE, text=True)  # the book printed, not yet marked
    sk(tmp_path, "deal", "-s", "first", "b=3", "c=0")  # a deal lands before the marking
    go(proc)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 1
    assert re.search(r"first +loo +1 ", out)  # as the book showed it: one deal
    assert err == ("Error: deal 2 was recorded since this was shown: nothing was changed; look "
                   "again\n")
    assert "paid" not in first.read_text() + second.read_text()  # no mark, no history of one
    assert deals_in(first) == 2
    sk(tmp_path, "book", "--mark-paid")  # looked again: marked as now shown
    assert "paid = " in first.read_text() and "paid = " in second.read_text()


def test_new_force_never_replaces_a_paid_sitting_and_keeps_what_it_replaces(
        tmp_path: Path) -> None:
    path = loo(tmp_path)
    sk(tmp_path, "paid")
    before = path.read_bytes()
    result = sk(tmp_path, "loo", "new", "evening", "--players", "A,B,C", "--force", code=1)
    assert result.stderr.startswith("Error: session 'evening' was paid on ")
    assert result.stderr.endswith(": reopen it with 'scorekeeper paid --undo' first to "
                                  "replace it\n")
    assert path.read_bytes() == before
    sk(tmp_path, "paid", "--undo")
    reopened = path.read_bytes()
    for kept in ("evening.toml.~1~", "evening.toml.~2~"):
        result = sk(tmp_path, "loo", "new", "evening", "--players", "A,B,C", "--force")
        assert result.stderr == f"The session it replaces is kept as {tmp_path / kept}.\n"
    assert (tmp_path / "evening.toml.~1~").read_bytes() == reopened
    assert "deals = []" in (tmp_path / "evening.toml.~2~").read_text()


def test_a_version_1_file_upgraded_never_overwrites_a_kept_copy(tmp_path: Path) -> None:
    old = (ROOT / "tests" / "v1" / "loo-evening.toml").read_bytes()
    path = tmp_path / "evening.toml"
    path.write_bytes(old)
    (tmp_path / "evening.toml.v1").write_text("# kept by hand, not the session\n")
    sk(tmp_path, "deal", "-s", "evening", "--all-pass")
    assert (tmp_path / "evening.toml.v1").read_text() == "# kept by hand, not the session\n"
    assert (tmp_path / "evening.toml.v1.~1~").read_bytes() == old
    assert "version = 2" in path.read_text()


def test_a_file_broken_for_a_moment_is_an_error_for_that_line_and_the_shell_stays(
        tmp_path: Path) -> None:
    path = loo(tmp_path)
    good = path.read_bytes()
    with playing(tmp_path) as screen:
        screen.expect(b"hand 3")
        path.write_text("deals = [ half an edit\n")  # a hand edit in another window
        screen.type(b"b=3 c=0\r")
        screen.expect(b"not valid TOML")  # the path before it wrapped at words
        screen.type(b"show\r")
        screen.expect(b"not valid TOML")  # the path before it wrapped at words
        path.write_bytes(good)
        screen.type(b"b=3 c=0\r")
        screen.expect(b"Hand 3, dealt by Cid")
        screen.expect(b"hand 4 \xc2\xb7 Dan deals")
    assert deals_in(path) == 3


def test_a_payment_asked_about_again_is_saved_only_onto_the_payments_it_showed(
        tmp_path: Path) -> None:
    """The same payment typed twice is asked about; if another window pays meanwhile, the
    yes writes nothing and says so, and the payments are the two of them."""
    loo(tmp_path)
    sk(tmp_path, "use", "evening")
    with playing(tmp_path) as screen:
        screen.expect(b"hand 3")
        screen.type(b"pay Bob Ann 1\r")
        screen.expect(b"Payment 1: Bob paid Ann 1")
        screen.type(b"pay Bob Ann 1\r")
        screen.expect(b"Same as payment 1: record it again? [y/N]")
        sk(tmp_path, "pay", "Cid", "Ann", "2")  # another player pays meanwhile
        screen.type(b"y\r")
        screen.expect_words(b"was changed since this was shown: nothing was")
        screen.expect(b"hand 3")
    paid = re.findall(r'from = "(\w+)"', (tmp_path / "payments.toml").read_text())
    assert paid == ["Bob", "Cid"]
