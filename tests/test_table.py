"""At the table: `deal` for the session's own game, names as typed, a must's silent
players, `amend`, `edit` and `play` -- piped, through prompt_toolkit's pipe input, and in a
real pseudo-terminal."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import deals_in, play_lines, run, scorekeeper_command
from .test_cli import EVENING


def text_of(tmp_path: Path, name: str = "evening") -> str:
    return (tmp_path / f"{name}.toml").read_text()


# --- deal, names as typed, the must ----------------------------------------------------------


def test_deal_records_in_the_sessions_own_game(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:1])
    assert run(tmp_path, "deal b=2 c=0 d=1 --miss d").stdout.startswith("Hand 1, dealt by Ann")
    run(tmp_path, "pinochle new p --players Ann,Bob,Cid")
    assert "collects 2 from each" in run(tmp_path, "deal --bidder b --bid 250 --meld 250").stdout
    run(tmp_path, "bridge new b --players N,E,S,W")
    assert run(tmp_path, "deal --trump NT --tricks n=9 --honours n=3").stdout.startswith(
        "Deal 1 (rubber 1), dealt by N")
    assert "--trump SUIT" in run(tmp_path, "deal --help").stdout
    assert "Record a deal of the session's own game" in run(tmp_path, "deal --help",
                                                            SCOREKEEPER_DIR="/nonexistent").stdout


@pytest.mark.parametrize(("line", "stored"), [
    ("loo deal c=1 b=2 --defend --dealer B", 'dealer = "Bob"'),
    ("loo deal d=2 a=1 b=0 --order d,a,d --dealer c", 'order = ["Dan", "Ann", "Dan"]'),
    ("loo deal B=2 cid=1 --miss c", 'miss = "Cid"'),
])
def test_names_are_found_as_typed_and_stored_in_full(tmp_path: Path, line: str, stored: str
                                                     ) -> None:
    play_lines(tmp_path, EVENING[:2])
    run(tmp_path, line)
    assert stored in text_of(tmp_path)


def test_names_as_typed_in_pinochle_and_bridge(tmp_path: Path) -> None:
    run(tmp_path, "pinochle new p --players Ann,Bob,Cid,Dan")
    run(tmp_path, "deal --bidder b --bid 300 --meld 300 --dealer an")
    assert 'bidder = "Bob"' in text_of(tmp_path, "p") and 'dealer = "Ann"' in text_of(tmp_path, "p")
    run(tmp_path, "bridge new b --players Nils,Ebbe,Sven,Vagn,Olaf")
    run(tmp_path, "bridge rubber --teams n,o/e,s")
    run(tmp_path, "deal --trump spar --tricks n=7 --honours n=2,o=1 --chicane e")
    text = text_of(tmp_path, "b")
    assert 'teams = [["Nils", "Olaf"], ["Ebbe", "Sven"]]' in text
    assert 'honours = { Nils = 2, Olaf = 1 }, chicane = ["Ebbe"]' in text


def test_a_must_names_only_who_took_tricks(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:5])  # the next hand, the fifth, is a must
    run(tmp_path, "deal b=3")
    data = json.loads(run(tmp_path, "show --format json").stdout)
    assert data["deals"][4]["looed"] == {"Ann": 3, "Cid": 3, "Dan": 3}
    # kept as what happened at the table, readable on its own: who took no trick, with 0
    assert "{ tricks = { Ann = 0, Bob = 3, Cid = 0, Dan = 0 } }" in text_of(tmp_path)


# --- amend --------------------------------------------------------------------------------


def test_amend_replaces_a_deal_and_replays_the_rest(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    before = json.loads(run(tmp_path, "settle --format json").stdout)
    result = run(tmp_path, "amend 1 b=2 c=0 d=1 --miss d --dry-run", code=1)
    assert result.stderr == "Error: deal 1 already is that: nothing to change\n"
    result = run(tmp_path, "amend 1 b=2 c=0 d=1 --dry-run")
    assert result.stdout.splitlines()[:3] == [
        "Dry run: nothing saved.",
        "Hand 1 was: Bob +2, Dan +1, Cid looed 3.",
        "Hand 1 now: Bob +2, Dan +1, Cid looed 3.",
    ]
    out = run(tmp_path, "amend 1 Bob=3 Cid=0 --dry-run").stdout
    assert "Nets now: Bob +7 -> +8, Dan -8 -> -9." in out  # as settle reckons them
    run(tmp_path, "amend 1 Bob=3 Cid=0")
    after = json.loads(run(tmp_path, "settle --format json").stdout)
    assert after["deals"] == before["deals"] == 9
    nets = [{row["name"]: row["net"] for row in each["players"]} for each in (before, after)]
    assert [(n["Bob"], n["Dan"]) for n in nets] == [(7, -8), (8, -9)]
    assert "{ tricks = { Bob = 3, Cid = 0 } }," in text_of(tmp_path).splitlines()[6]


def test_amend_is_refused_naming_the_first_deal_it_breaks(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    before = text_of(tmp_path)
    # Three players taking a trick each in deal 7 make deal 8 a must, with no miss.
    result = run(tmp_path, "amend 7 Ann=1 Bob=1 Cid=1", code=1)
    assert result.stderr == (
        "Error: deal 8: this hand is a must: there is no miss and everyone plays\n")
    assert text_of(tmp_path) == before
    assert run(tmp_path, "amend 12 Bob=3", code=1).stderr == (
        "Error: there is no deal 12: session 'evening' has 9 deals\n")
    assert run(tmp_path, "amend 0 Bob=3", code=2).stderr.count("Error:") == 1


@pytest.mark.parametrize(("line", "message"), [
    ("deal b=3 --miss", "Error: Option '--miss' requires an argument."),  # not the session's path
    ("deal b=3 c=0 --dealer", "Error: Option '--dealer' requires an argument."),
    ("deal b=3 c=0 --dealer a --dealer b", "Error: --dealer is given twice; give it once."),
    ("amend 1 b=3 c=0 --miss b --miss c", "Error: --miss is given twice; give it once."),
    ("deal --trump hearts", "Error: No such option '--trump': session 'evening' is Three-card "
                            "Loo ('scorekeeper deal --help' lists its options)."),
    ("deal a=2,b=1", "Error: 'a=2,b=1': give each PLAYER=N as a word of its own, with "
                     "spaces between them: a=2 b=1"),
])
def test_a_slip_in_the_options_of_deal_is_named(tmp_path: Path, line: str, message: str
                                                ) -> None:
    play_lines(tmp_path, EVENING[:2])
    before = text_of(tmp_path)
    assert run(tmp_path, line, code=2).stderr.splitlines()[-1] == message
    assert text_of(tmp_path) == before


@pytest.mark.parametrize(("line", "option"), [
    ("deal -s club --trump hearts --tricks a=9 --tricks e=4 --honours e=3", "--tricks"),
    ("deal -s sunday --bidder a --bid 350 --bid 300 --meld 360", "--bid"),
])
def test_an_option_given_twice_is_refused_in_every_game(tmp_path: Path, line: str, option: str
                                                        ) -> None:
    run(tmp_path, "bridge new club --players Ann,Bob,Cid,Dan,Eve")
    run(tmp_path, "pinochle new sunday --players Ann,Bob,Cid,Dan")
    assert f"Error: {option} is given twice; give it once." in run(tmp_path, line, code=2).stderr


# --- edit ----------------------------------------------------------------------------------

EDITOR = """\
import sys
path = sys.argv[-1]
text = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write({change})
sys.exit({code})
"""


def editor(tmp_path: Path, change: str, code: int = 0) -> dict[str, str]:
    script = tmp_path / "editor.py"
    script.write_text(EDITOR.format(change=change, code=code))
    return {"EDITOR": f"{sys.executable} {script}", "VISUAL": None}  # type: ignore[dict-item]


def test_edit_saves_a_good_edit_as_written(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    env = editor(tmp_path, 'text.replace("deals = [", "# fixed by hand\\ndeals = [").replace('
                           '"Ann = 2, Bob = 0", "Ann = 1, Bob = 1")')
    result = run(tmp_path, "edit", **env)
    assert result.stdout.startswith(f"Saved {tmp_path / 'evening.toml'}: 9 deals")
    assert "# fixed by hand" in text_of(tmp_path)
    assert run(tmp_path, "edit", **editor(tmp_path, "text")).stdout == (
        "No change: nothing to save.\n")


def test_edit_refuses_a_bad_edit_listing_every_problem(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    before = text_of(tmp_path)
    env = editor(tmp_path, 'text.replace("ante = 3", "ante = 4").replace("Ann = 2, Bob = 0", '
                           '"Ann = 3, Bob = 0").replace("Bob = 2, Cid = 1", "Bob = 2, Zed = 1")')
    result = run(tmp_path, "edit", code=1, **env)
    lines = result.stderr.splitlines()
    assert [line.split(": ", 1)[1] for line in lines[:3]] == [
        "deal 2: tricks: unknown player 'Zed': did you mean Ann?",
        "deal 9: tricks total 4, not 3: Ann=3 Bob=0 Cid=1 Dan=0",
        "ante 4 is not a positive multiple of 3 (3, 6, 9, ...)",
    ][:3] or lines
    assert "nothing was saved; your edit is kept in " in lines[-1]
    kept = Path(lines[-1].rsplit(" ", 1)[1])
    assert "ante = 4" in kept.read_text()
    assert text_of(tmp_path) == before


def test_an_editor_that_fails_saves_nothing(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:2])
    before = text_of(tmp_path)
    result = run(tmp_path, "edit", code=1, **editor(tmp_path, '"garbage"', code=3))
    assert "($EDITOR) ended with an error (exit 3): nothing was saved" in result.stderr
    assert text_of(tmp_path) == before


@pytest.mark.parametrize(("env", "said"), [
    ({"EDITOR": 'vi "-c', "VISUAL": None}, "Error: $EDITOR is 'vi \"-c', not a command (No "
                                            "closing quotation): nothing was saved"),
    ({"VISUAL": "no-such-editor --wait", "EDITOR": "nano"},
     "Error: the editor 'no-such-editor' ($VISUAL) could not be run: No such file or "
     "directory; {hint}: nothing was saved"),
    ({"VISUAL": None, "EDITOR": None, "PATH": ""},
     "Error: the editor 'vi' (neither $VISUAL nor $EDITOR is set) could not be run: No such "
     "file or directory; set $VISUAL or $EDITOR to an editor you have (none of nano, vim, "
     "vi, emacs, micro, mg, ed is installed): nothing was saved"),
])
def test_an_editor_that_cannot_be_run_is_named_with_where_it_came_from(
        tmp_path: Path, env: dict[str, str | None], said: str) -> None:
    import tempfile

    play_lines(tmp_path, EVENING[:2])
    before = text_of(tmp_path)
    copies = set(Path(tempfile.gettempdir()).glob("evening.*.toml"))
    from scorekeeper.cli.recording import _editor_hint

    said = said.replace("{hint}", _editor_hint("no-such-editor"))  # an editor on this PATH
    assert run(tmp_path, "edit", code=1, **env).stderr == said + "\n"
    assert text_of(tmp_path) == before
    assert set(Path(tempfile.gettempdir()).glob("evening.*.toml")) == copies  # none left


def test_an_edit_is_refused_if_the_session_changed_meanwhile(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:2])
    session = tmp_path / "evening.toml"
    change = (f'(open({str(session)!r}, "a").write("# changed meanwhile\\n"), '
              'text.replace("deals", "# mine\\ndeals"))[1]')
    result = run(tmp_path, "edit", code=1, **editor(tmp_path, change))
    assert ("evening.toml was changed since the editor opened it: nothing was changed; look "
            "again; your edit is kept in") in result.stderr
    assert "# mine" not in text_of(tmp_path)


# --- play ----------------------------------------------------------------------------------

PLAYED = "b=2 c=0 d=1 --miss d\nc=1 b=2 --defend\nshow\nd=2 a=1 b=0\nsettle --format json\n"


def sk(tmp_path: Path, *args: str, stdin: str = "", code: int = 0
       ) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    proc = subprocess.run([scorekeeper_command(), *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=30, check=False)
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc


def test_a_file_of_deals_can_be_piped_into_play(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan")
    result = sk(tmp_path, "play", stdin=PLAYED, code=1)  # deal 3's pool of 7 needs an order
    assert result.stdout.startswith("Hand 1, dealt by Ann: pool 3.\n")
    assert "the pool of 7 does not divide by 3" in result.stderr
    assert result.stderr.endswith(
        "  (line 4: d=2 a=1 b=0)\nStopped at line 4; line 5 was not run: nothing from line 4 "
        "on was recorded. Correct it and pipe in again from line 4 (or give --keep-going to "
        "run every line).\n")
    assert "{" not in result.stdout and deals_in(tmp_path / "evening.toml") == 2
    (tmp_path / "evening.toml").write_text(
        (tmp_path / "evening.toml").read_text().split("deals = [")[0] + "deals = []\n\n"
        "[settings]\n" + (tmp_path / "evening.toml").read_text().split("[settings]\n")[1])
    result = sk(tmp_path, "play", "--keep-going", stdin=PLAYED, code=1)  # every line runs
    assert json.loads(result.stdout[result.stdout.index("{"):])["deals"] == 2
    good = sk(tmp_path, "play", stdin="# the third hand\nd=2 a=1 b=0 --order d,a,d\nquit\n"
                                      "b=3\n")
    assert good.stdout.startswith("Hand 3, dealt by Cid")
    assert "Hand 4" not in good.stdout  # quit ends the sitting


def test_play_through_prompt_toolkits_pipe_input(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import interactive

    run(tmp_path, "loo new evening --players Ann,Bob,Cid,Dan")
    os.environ["HOME"] = str(tmp_path)
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    sitting = Shell(ctx, str(tmp_path / "evening.toml"))
    with create_pipe_input() as pipe:
        pipe.send_text("b=2 c=0 d=1 --miss d\r" "zed=3\r" "undo\r" "no\r" "undo\r" "yes\r"
                       "b=3 c=0\r" "b=2 c=0 d=1\r" "amend 2 b=1 c=1 d=1\r" "yes\r" "\x04")
        refused = interactive(sitting, input=pipe, output=DummyOutput())
    out, err = capsys.readouterr()
    assert refused is True
    assert "Hand 1, dealt by Ann: pool 3." in out and "Ann -3 · Bob +2 · Cid -3 · Dan +1 · pool 3" in out
    assert "Error: unknown player 'zed': the players are Ann, Bob, Cid, Dan" in err
    assert "Nothing changed." in out and "Removed hand 1 (dealt by Ann)" in out
    assert out.count(" 2 now: Bob +2, Cid +2, Dan +2.") == 1  # shown before the yes
    assert "Saved the change to hand 2." in out
    assert "{ tricks = { Bob = 3, Cid = 0 } }" in text_of(tmp_path)
    assert "{ tricks = { Bob = 1, Cid = 1, Dan = 1 } }" in text_of(tmp_path)
    assert deals_in(text_of(tmp_path)) == 2
    (kept,) = (tmp_path / ".local" / "share" / "scorekeeper" / "history").iterdir()
    assert kept.name.startswith("evening-")  # each session keeps its own lines
    history = kept.read_text()
    assert "+undo" in history and "+amend 2 b=1 c=1 d=1" in history
    assert "+yes" not in history and "+no" not in history


class Terminal:
    """The far side of a pseudo-terminal: what a person types, and what the screen shows,
    read in order (each `expect` goes on from where the last one matched)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.unread = b""
        self.seen = b""

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def expect(self, wanted: bytes, timeout: float = 15) -> None:
        end = time.monotonic() + timeout
        while wanted not in self.unread and time.monotonic() < end:
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.unread += os.read(self.fd, 4096)
                except OSError:
                    break
        assert wanted in self.unread, self.unread[-600:]
        at = self.unread.index(wanted)
        self.seen = self.unread[:at]
        """What came before what was last expected (since the one expected before it)."""
        self.unread = self.unread[at + len(wanted):]

    def expect_words(self, wanted: bytes, timeout: float = 15) -> None:
        """Like expect, the words of `wanted` wherever the lines wrapped between them (at a
        width that depends on a path's length, say)."""
        import re

        pattern = re.compile(rb"\s+".join(re.escape(w) for w in wanted.split()))
        end = time.monotonic() + timeout
        while not pattern.search(self.unread) and time.monotonic() < end:
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.unread += os.read(self.fd, 4096)
                except OSError:
                    break
        found = pattern.search(self.unread)
        assert found, self.unread[-600:]
        self.seen = self.unread[:found.start()]
        self.unread = self.unread[found.end():]

    def drain_until_exit(self, proc: subprocess.Popen[bytes], timeout: float = 15) -> int:
        end = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < end:
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    os.read(self.fd, 4096)
                except OSError:
                    break  # the program closed the terminal: it is ending
        return proc.wait(timeout=max(end - time.monotonic(), 1))


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan")
    main, secondary = pty.openpty()
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1", "COLUMNS": "80",
           "LINES": "24"}
    proc = subprocess.Popen([scorekeeper_command(), "play"], stdin=secondary, stdout=secondary,
                            stderr=secondary, env=env, close_fds=True)
    os.close(secondary)
    screen = Terminal(main)
    try:
        screen.expect(b"hand 1 \xc2\xb7 Ann deals \xc2\xb7 pool 0 + 3>")
        screen.type(b"b=2 c=0 d=1 --mi\t")
        screen.expect(b"ss")  # the completion, drawn whole or as the missing letters
        screen.type(b" d\r")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals \xc2\xb7 pool 3 + 3>")
        screen.type(b"half a line")
        screen.expect(b"half a line")
        screen.type(b"\x03")  # Ctrl-C drops it
        screen.expect(b"pool 3 + 3>")
        screen.type(b"show\r")
        screen.expect(b"Next dealer: Bob.\r\n")
        screen.expect(b"pool 3 + 3>")
        screen.type(b"\x04")  # Ctrl-D leaves
        assert screen.drain_until_exit(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(main)
    assert deals_in(text_of(tmp_path)) == 1
    assert 'miss = "Dan"' in text_of(tmp_path)
    assert (tmp_path / ".local" / "share" / "scorekeeper" / "history").exists()


def test_prompt_toolkit_is_imported_by_play_on_a_terminal_only() -> None:
    code = ("import sys; import scorekeeper.cli.play, scorekeeper.cli.main;"
            "print('prompt_toolkit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_history_that_cannot_be_kept_is_no_error(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.cli.prompt import _history

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    session = tmp_path / "s.toml"
    history = _history(str(session))
    kept = tmp_path / ".local" / "share" / "scorekeeper" / "history"
    there = kept / history.filename  # type: ignore[attr-defined]
    there.unlink()  # made private when the history was chosen; now a folder in its place
    there.mkdir()
    assert list(history.load_history_strings()) == []
    history.store_string("b=2 c=0")  # nothing raised


def test_help_at_the_prompt_asks_nothing_and_changes_nothing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import interactive

    play_lines(tmp_path, EVENING[:2])
    before = text_of(tmp_path)
    os.environ["HOME"] = str(tmp_path)
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    sitting = Shell(ctx, str(tmp_path / "evening.toml"))
    with create_pipe_input() as pipe:
        pipe.send_text("amend 1 --help\r" "undo --help\r" "show -s evening\r" "\x04")
        interactive(sitting, input=pipe, output=DummyOutput())
    out, err = capsys.readouterr()
    assert out.count("Usage:") == 2 and "Saved" not in out and "Removed" not in out
    assert "play keeps to its session" in err
    assert text_of(tmp_path) == before
