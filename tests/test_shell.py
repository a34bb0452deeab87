"""The shell at the table: keys that do what a person expects, slips named, the whole
sitting's commands at the prompt, piped play that stops at the first refused line, and
hostile input that is an error for its line, never a crash or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .helpers import deals_in, play_lines, scorekeeper_command
from .test_races import playing
from .test_table import Terminal
from .test_trust import sk

LOO = "loo new evening --players Ann,Bob,Cid,Dan --date 2026-11-27"


@contextmanager
def shell(tmp_path: Path, *lines: str) -> Iterator[Terminal]:
    play_lines(tmp_path, [LOO, *lines])
    with playing(tmp_path) as screen:
        yield screen


@pytest.mark.parametrize("key", [b"\x03", b"\x04", b"n\r", b"\r", b"no\r"])
def test_every_way_of_saying_no_to_undo_keeps_the_deal_and_the_shell(tmp_path: Path,
                                                                    key: bytes) -> None:
    with shell(tmp_path, "deal b=3 c=0") as screen:
        screen.expect(b"hand 2")
        screen.type(b"undo\r")
        screen.expect(b"Type yes to remove deal 1")
        screen.type(key)
        screen.expect(b"Nothing changed.")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals")  # the shell stays
        assert b"Bob +" not in screen.seen  # nothing changed: the balances not said again
    assert deals_in(tmp_path / "evening.toml") == 1


def test_y_is_not_enough_to_undo_and_says_so(tmp_path: Path) -> None:
    with shell(tmp_path, "deal b=3 c=0") as screen:
        screen.expect(b"hand 2")
        screen.type(b"undo\r")
        screen.expect(b"Type yes to remove deal 1")
        screen.type(b"y\r")
        screen.expect(b"Type yes in full to make this change (Enter: no).")
        screen.expect(b"Type yes to remove deal 1")  # asked again
        screen.type(b"\r")
        screen.expect(b"Nothing changed.")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals")
    assert deals_in(tmp_path / "evening.toml") == 1


def test_a_slip_of_a_command_is_named_and_help_gives_a_commands_own(tmp_path: Path) -> None:
    with shell(tmp_path) as screen:
        screen.expect(b"hand 1")
        screen.type(b"shwo\r")
        screen.expect(b"Error: unknown command 'shwo': did you mean show? ('help' lists them)")
        screen.type(b"help deal\r")
        screen.expect(b"PLAYER=TRICKS... [miss P]")
        screen.type(b"help amend\r")
        screen.expect(b"Replace deal N's inputs")
        screen.type(b"help shwo\r")
        screen.expect(b"Error: no command 'shwo': did you mean show?")
        screen.expect(b"hand 1 \xc2\xb7 Ann deals")
    assert deals_in(tmp_path / "evening.toml") == 0


def test_the_same_deal_again_is_asked_about(tmp_path: Path) -> None:
    with shell(tmp_path) as screen:
        screen.expect(b"hand 1")
        screen.type(b"b=3 c=0\r")
        screen.expect(b"hand 2")
        screen.type(b"\x1b[A\r")  # Up, then Enter: the last line again
        screen.expect(b"Same as deal 1: record it again? [y/N]")
        screen.type(b"\r")
        screen.expect(b"Not recorded.")
        screen.type(b"c=3 b=0\r")  # another hand is no question
        screen.expect(b"hand 3")
        screen.type(b"c=3 b=0\r")
        screen.expect(b"Same as deal 2: record it again? [y/N]")
        screen.type(b"y\r")  # not destructive: y will do
        screen.expect(b"Hand 3, dealt by Cid")
        screen.expect(b"hand 4 \xc2\xb7 Dan deals")
    assert deals_in(tmp_path / "evening.toml") == 3


def test_ctrl_c_at_the_prompt_or_during_a_question_never_ends_the_shell(tmp_path: Path) -> None:
    with shell(tmp_path, "deal b=3 c=0") as screen:
        screen.expect(b"hand 2")
        screen.type(b"amend 1 b=2 c=1\r")
        screen.expect(b"Type yes to make this change:")
        screen.type(b"\x03")
        screen.expect(b"Nothing changed.")
        screen.type(b"half a line\x03")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals")
        screen.type(b"show\r")
        screen.expect(b"Next dealer: Bob.")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals")


def test_piped_play_stops_at_the_first_refused_line_and_can_be_piped_again(
        tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    lines = ["b=2 c=0 d=1 miss d", "c=1 b=2 defend", "d=2 a=1 b=0", "a=1 c=1 d=1", "show"]
    result = sk(tmp_path, "play", stdin="\n".join(lines) + "\n", code=1)
    assert result.stderr.endswith("Stopped at line 3; lines 4 to 5 were not run: nothing from "
                                  "line 3 on was recorded. Correct it and pipe in again from "
                                  "line 3 (or give --keep-going to run every line).\n")
    assert deals_in(tmp_path / "evening.toml") == 2
    lines[2] = "d=2 a=1 b=0 order d,a,d"  # corrected, and piped in again from line 3
    sk(tmp_path, "play", stdin="\n".join(lines[2:]) + "\n")
    assert deals_in(tmp_path / "evening.toml") == 4  # nothing recorded twice


def test_a_byte_that_is_not_utf8_is_an_error_for_its_line(tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "PYTHONIOENCODING": "utf-8:strict"}
    result = subprocess.run([scorekeeper_command(), "play", "--keep-going"], env=env,
                            input=b"b=3 c=0\n\xff\xfe=1\nc=3 b=0\n", capture_output=True,
                            timeout=30, check=False)
    assert result.returncode == 1
    assert b"Error: line 2 is not UTF-8 text (byte 1)" in result.stderr
    assert b"Traceback" not in result.stderr
    assert deals_in(tmp_path / "evening.toml") == 2


def test_a_line_that_never_ends_is_not_held_in_memory(tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    # 200 MB of a line without an end: read a bounded piece at a time, refused, not held
    code = ("import resource, subprocess, sys; "
            "p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,"
            " stderr=subprocess.PIPE); chunk = b'x' * (1 << 20)\n"
            "try:\n    [p.stdin.write(chunk) for _ in range(200)]\n    p.stdin.write(b'\\nb=3 c=0\\n')"
            "\n    p.stdin.close()\nexcept BrokenPipeError:\n    pass\n"
            "err = p.stderr.read(); p.wait()\n"
            "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, err)")
    out = subprocess.run([sys.executable, "-c", code, scorekeeper_command(), "play",
                          "--keep-going"], env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    returncode, peak_kb = out.split()[:2]
    assert returncode == "1" and int(peak_kb) < 150_000  # well under the line's 200 MB
    assert "line 1 is longer than 4096 bytes: not read" in out
    assert deals_in(tmp_path / "evening.toml") == 1  # the line after it still ran


def test_a_long_line_takes_no_time_to_refuse(tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    start = time.monotonic()
    result = sk(tmp_path, "play", stdin="a=1 " * 250_000 + "\n", code=1)  # 1 MB
    assert time.monotonic() - start < 5
    assert "line 1 is longer than 4096 bytes: not read" in result.stderr


def test_the_prompt_refuses_a_line_too_long_to_be_a_deal(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell, one_line

    play_lines(tmp_path, [LOO])
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    sitting = Shell(ctx, str(tmp_path / "evening.toml"))
    assert one_line(sitting, "b=3 " * 2000) is False
    assert "a line is at most 4096 bytes" in capsys.readouterr().err


def test_the_whole_sitting_at_the_prompt(tmp_path: Path) -> None:
    """Each command of the sitting runs at the prompt with its own options."""
    play_lines(tmp_path, ["bridge new club --players Ann,Bob,Cid,Dan,Eve --date 2026-11-27"])
    with playing(tmp_path) as screen:
        screen.expect(b"deal 1")
        screen.type(b"nt a9 a2c1\r")
        screen.expect(b"Deal 1 (rubber 1), dealt by Ann")
        screen.type(b"rubber --teams Ann,Eve/Bob,Cid\r")
        screen.expect(b"when rubber 1 is won: Ann & Eve v Bob & Cid (Dan out)")
        screen.type(b"history\r")
        screen.expect(b"has not been changed after the fact")
        screen.type(b"settle --format json\r")
        screen.expect(b'"deals": 1')
        screen.type(b"paid --date 2026-11-28\r")
        screen.expect(b"'club' was paid on 2026-11-28.")
        screen.type(b"paid --undo\r")
        screen.expect(b"'club' is open again")
        screen.expect(b"\xc2\xb7 Bob deals")


def test_pinochles_own_commands_at_the_prompt(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid --date 2026-11-27"])
    with playing(tmp_path) as screen:
        screen.expect(b"deal 1")
        screen.type(b"meld --trump hearts AH 10H KH QH JH\r")
        screen.expect(b"Total meld: 150.")
        screen.type(b"count AS 10S KH --last-trick\r")
        screen.expect(b"35")
        screen.type(b"b 300 150 160\r")
        screen.expect(b"Deal 1, dealt by Ann: Bob bid 300, meld 150, played, made")
        screen.expect(b"\xc2\xb7 Bob deals")


def test_completion_at_the_prompt_knows_the_sitting(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    def offered(name: str, text: str) -> list[tuple[str, str]]:
        ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
        completer = PlayCompleter(Shell(ctx, str(tmp_path / f"{name}.toml")))
        return [(c.text, c.display_meta_text) for c in completer.get_completions(
            Document(text), CompleteEvent())]

    play_lines(tmp_path, [LOO, "deal b=3 c=0"])
    assert ("show", "the sitting deal by deal") in offered("evening", "")
    assert [t for t, _ in offered("evening", "b=2 ")] == ["Ann=", "Cid=", "Dan=", "miss", "m",
                                                          "defend", "def", "pass", "order",
                                                          "o"]
    assert offered("evening", "amend ") == [("1", "Bob +3, Cid looed 3")]
    assert offered("evening", "b=2 --mi") == [("--miss", "P took miss.")]
    assert offered("evening", "show --f") == [("--format", "json, csv, or a table format: "
                                                           "simple (the default), github, "
                                                           "grid, plain, ...")]
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid,Dan --date 2026-11-27"])
    assert [t for t, _ in offered("p", "")][-4:] == ["Bob", "Cid", "Dan", "pass"]  # Ann deals
    assert offered("p", "b 350 190 ") == [("d", "he declined to play"),
                                          ("c", "the opponents conceded"),
                                          ("x", "he played without laying out three cards")]
    play_lines(tmp_path, ["bridge new b --players Ann,Bob,Cid,Dan,Eve --date 2026-11-27"])
    assert [t for t, _ in offered("b", "h ")] == ["Ann", "Bob", "Cid", "Dan"]  # Eve is out
    assert [t for t, _ in offered("b", "h b8 b2 ")] == ["Ann", "Cid", "Dan", "x", "xx", "-",
                                                       "void", "v"]
    assert offered("b", "rubber --teams A") == [("Ann", "player")]


@pytest.mark.parametrize(("new", "lines", "settled"), [
    ("loo new e --players Ann,Bob,Cid,Dan --unlimited --date 2026-11-27",
     ["b=2 c=0 d=1 miss d", "c=1 b=2 defend", "d=2 a=1 b=0 order d,a,d", "a=1 b=1 c=1 order c,a,b",
      "b=3", "pass", "a=1 b=1 c=1 d=0", "miss a", "a=2 c=1 b=0 d=0"],
     {"Ann": 3, "Bob": 7, "Cid": -2, "Dan": -8}),
    ("pinochle new p --players Ann,Bob,Cid,Dan --date 2026-11-27",
     ["b 350 190 172", "c 300 150 140", "a 280 300", "b 420 260 d", "d 350 100 x", "pass",
      "a 320 c --meld-cards 'AH 10H KH QH JH 9H QS JD KC QC' --trump hearts"],
     {"Ann": 36, "Bob": -4, "Cid": -8, "Dan": -24}),
    ("bridge new b --players Ann,Bob,Cid,Dan --date 2026-11-27",
     ["nt a9 a2c1", "ruder b8 x b2d2", "klør a8 b2d1", "hjerter b12 b4d1 void a", "sans c10 c4"],
     {"Ann": 142, "Bob": -142, "Cid": 142, "Dan": -142}),
])
def test_a_sitting_of_every_game_played_in_the_short_form(tmp_path: Path, new: str,
                                                          lines: list[str],
                                                          settled: dict[str, int]) -> None:
    """Piped into the installed command, then settled; the README's own sittings."""
    import json

    sk(tmp_path, *new.split())
    sk(tmp_path, "play", stdin="\n".join(lines) + "\n")
    data = json.loads(sk(tmp_path, "settle", "--format", "json").stdout)
    assert {p["name"]: p["net"] for p in data["players"]} == settled
    assert data["deals"] == len(lines)


@pytest.mark.parametrize("where", ["before", "after"])
def test_play_takes_the_session_given_before_or_after_it_with_none_current(
        tmp_path: Path, where: str) -> None:
    from click.testing import CliRunner

    from scorekeeper.cli import cli
    from scorekeeper.files import paths

    play_lines(tmp_path, [LOO])
    (tmp_path / paths.CURRENT_FILE).unlink()
    assert paths.current_session(str(tmp_path)) is None
    args = ["-s", "evening", "play"] if where == "before" else ["play", "-s", "evening"]
    result = CliRunner().invoke(cli, ["--dir", str(tmp_path), *args], input="show\n")
    assert result.exit_code == 0, result.output
    assert "No deals yet." in result.output


@pytest.mark.parametrize("lang, line, said", [
    ("en", "help new", "new GAME NAME --players A,B,...: start a session of GAME (loo, "
                       "pinochle, bridge)"),
    ("da", "hjælp ny", "ny SPIL NAVN --players A,B,...: start en session i SPIL (loo, "
                       "pinochle, bridge)"),
    ("en", "help new bridge", "Start a Bridge session NAME"),
    ("en", "help new pinochle", "Start an Auction Pinochle session NAME"),
])
def test_help_new_is_how_new_is_typed_here_whatever_the_game(
        tmp_path: Path, lang: str, line: str, said: str) -> None:
    """In a Loo sitting, `help new` is not Loo's new: new at the prompt names its game."""
    from click.testing import CliRunner

    from scorekeeper.cli import cli

    play_lines(tmp_path, [LOO])
    result = CliRunner().invoke(cli, ["--lang", lang, "--dir", str(tmp_path), "play"],
                                input=line + "\n")
    assert result.exit_code == 0, result.output
    assert said in result.output, result.output
    assert "Three-card Loo" not in result.output and "trekorts-lu" not in result.output


def test_the_lines_typed_are_kept_for_the_user_alone(tmp_path: Path) -> None:
    """Up and Ctrl-R's history holds the players' names and money: 0600 in a 0700 folder,
    as the caches are, whatever the umask."""
    import stat

    with shell(tmp_path) as screen:
        screen.expect(b"hand 1")
        screen.type(b"b=3 c=0\r")
        screen.expect(b"hand 2")
    folder = tmp_path / ".local" / "share" / "scorekeeper" / "history"
    kept = list(folder.iterdir())
    assert kept and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in kept)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert any("b=3 c=0" in p.read_text() for p in kept)
