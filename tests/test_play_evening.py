"""The evening in one shell: play with no session starts one, the folder's commands at
the prompt, reports written to a file, Ctrl-C marking the dropped line."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from .helpers import scorekeeper_command
from .test_races import playing
from .test_trust import sk


def test_piped_play_with_no_session_says_how_in_one_line_of_80(tmp_path: Path) -> None:
    result = sk(tmp_path, "play", stdin="show\n", code=1)
    assert result.stderr.count("\n") == 1 and len(result.stderr.rstrip("\n")) <= 80
    assert "-s NAME" in result.stderr and "new" in result.stderr


@pytest.mark.parametrize("first", ["new loo fri --players Ann,Bob,Cid",
                                   "loo new fri --players Ann,Bob,Cid"])
def test_piped_play_may_start_with_new_and_goes_on_with_it(tmp_path: Path, first: str
                                                           ) -> None:
    lines = [first, "b=2 c=1", "sessions", "book", "settle --format csv > s.csv",
             "stats --output st.txt"]
    result = sk(tmp_path, "play", stdin="\n".join(lines) + "\n", cwd=tmp_path)
    assert "Playing " in result.stdout and "Hand 1, dealt by Ann" in result.stdout
    assert "'book' is not" not in result.stderr
    assert (tmp_path / "s.csv").read_text().startswith("player,net")
    assert "looed" in (tmp_path / "st.txt").read_text()


def test_a_redirect_to_a_command_that_writes_no_file_names_output(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    result = sk(tmp_path, "play", stdin="sessions > x\n", code=1, cwd=tmp_path)
    assert "--output FILE" in result.stderr and not (tmp_path / "x").exists()


def test_output_to_a_folder_that_does_not_exist_is_one_line(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    result = sk(tmp_path, "settle", "--output", str(tmp_path / "no" / "x.txt"), code=1)
    assert result.stderr.count("\n") == 1 and "no folder" in result.stderr


def test_use_in_play_switches_the_session(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "bridge", "new", "sat", "--players", "N,E,S,W")
    result = sk(tmp_path, "play", stdin="use fri\nb=2 c=1\n")
    assert "Hand 1, dealt by Ann" in result.stdout


def test_bare_play_on_a_terminal_starts_an_evening(tmp_path: Path) -> None:
    with playing(tmp_path) as screen:
        screen.expect(b"Game (")
        screen.type(b"l\r")
        screen.expect(b"Players")
        screen.type(b"Ann,Bob,Cid\r")
        screen.expect(b"Money per unit")
        screen.type(b"0.05 kr\r")
        screen.expect(b"pool 0 + 3>")
        screen.type(b"b=2 c=1\r")
        screen.expect(b"hand 2")
        screen.type(b"half a line\x03")
        screen.expect(b"half a line^C")
        screen.type(b"undo\r")
        screen.expect(b"Undo removes deal 1")
        screen.expect(b"Nets now")
        screen.expect(b"Type yes to remove deal 1")
        screen.type(b"y\r")
        screen.expect(b"Type yes in full")
        screen.expect(b"Type yes to remove deal 1")
        screen.type(b"\r")
        screen.expect(b"Nothing changed.")
        screen.type(b"book\r")
        screen.expect(b"1 sitting")
        screen.type(b"settle --format csv > s.csv\r")
        screen.expect(b"Written to s.csv.")
        screen.expect(b" deals")  # the prompt again: a Ctrl-D typed before it is the tty's
    assert (tmp_path / "s.csv").read_text().startswith("player,net")


@pytest.mark.parametrize(("game", "line"), [("loo", "deal a=1 b=1 c=1"),
                                             ("pinochle", "deal c 300 300"),
                                             ("bridge", "deal sans a8")])
def test_a_deal_may_begin_with_the_word_deal_in_play(tmp_path: Path, game: str, line: str
                                                     ) -> None:
    """`deal ...` at the prompt is the deal, as on the command line (it once said "unknown
    command 'deal': did you mean deal?"), in any case of the word."""

    env = {**os.environ, "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    lines = f"{game} new e --players Ann,Bob,Cid,Dan --date 2026-11-01\n{line}\n" \
            f"{line.replace('deal', 'Deal', 1)}\n"
    done = subprocess.run([scorekeeper_command(), "play", "--keep-going"], input=lines,
                          text=True, capture_output=True, env=env, check=False)
    assert "unknown command" not in done.stderr
    assert ", dealt by Ann" in done.stdout and ", dealt by Bob" in done.stdout, done.stdout


@pytest.mark.parametrize(("lang", "wrong", "right", "kept"), [
    ("en", b"0,05 kr", b"0.05 kr", 'value = "0.05"'),
    ("da", b"0.05.1 kr", b"0,05 kr", 'value = "0.05"'),
    ("en", b"0 kr", b"\r", 'value = "1"'),
])
def test_a_stake_that_does_not_read_is_asked_again(tmp_path: Path, lang: str, wrong: bytes,
                                                   right: bytes, kept: str) -> None:
    """The stake asked for at the start reads as --value reads it, in the language spoken;
    a slip is said and asked again, not the end of the start (the game and players kept)."""
    with playing(tmp_path, SCOREKEEPER_LANG=lang) as screen:
        screen.expect(b"(")
        screen.type(b"l\r")
        screen.expect(b"Ann,Bob,Cid")
        screen.type(b"Ann,Bob,Cid\r")
        screen.expect(b"[1]:")
        screen.type(wrong + b"\r")
        screen.expect(b"Error: " if lang == "en" else b"Fejl: ")
        screen.expect(b"[1]:")
        screen.type(right + (b"" if right.endswith(b"\r") else b"\r"))
        screen.expect(b" + 3>")
    text = next(tmp_path.glob("loo-*.toml")).read_text()
    assert kept in text


def test_a_line_before_any_session_says_how_to_start_one(tmp_path: Path) -> None:
    with playing(tmp_path) as screen:
        screen.expect(b"Game (")
        screen.type(b"\x03")  # not now
        screen.expect(b"no session>")
        for line in (b"a1 b2", b"show --format json", b"undo"):
            screen.type(line + b"\r")
            screen.expect_words(b"no session yet: start one with new, or use NAME")
            assert b"unexpected extra" not in screen.seen
        screen.expect(b"no session>")


@pytest.mark.parametrize(("args", "said"), [
    (["new", "loo", "fri"], "the game comes first: scorekeeper GAME new NAME"),
    (["shwo"], "no command 'shwo': did you mean show?"),
    (["lo", "new", "fri"], "no command 'lo': did you mean loo?"),
    (["--lang", "da", "vis"], "ingen kommando 'vis': mente du show?"),
    (["--lang", "da", "fortryd"], "ingen kommando 'fortryd': mente du undo?"),
    (["--lang", "da", "hjælp"], "ingen kommando 'hjælp': mente du --help?"),
    (["--lang", "da", "ny", "lu", "fri"], "kortspillet kommer først: scorekeeper KORTSPIL new"),
    (["--lang", "da", "lu", "ny", "fri"], "ingen kommando 'ny': mente du new?"),
])
def test_a_slip_in_the_first_word_says_what_was_meant(tmp_path: Path, args: list[str],
                                                      said: str) -> None:
    result = sk(tmp_path, *args, code=2)
    assert said in result.stderr and not list(tmp_path.glob("*.toml"))


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_game_that_is_not_one_is_named_at_the_prompt(tmp_path: Path, lang: str) -> None:
    lines = "new poker fri --players Ann,Bob,Cid\nnew\n"
    result = sk(tmp_path, "--lang", lang, "play", "--keep-going", stdin=lines, code=1)
    first, second = [line for line in result.stderr.splitlines() if "GAME" in line
                     or "KORTSPIL" in line]
    assert "'poker'" in first and "'poker'" not in second
    assert "loo, pinochle" in first and not list(tmp_path.glob("*.toml"))


@pytest.mark.parametrize("line", ["new lu fri --players Ann,Bob,Cid",
                                  "lu new fri --players Ann,Bob,Cid",
                                  "new Trekorts-lu fri --players Ann,Bob,Cid"])
def test_loo_is_lu_in_danish_at_the_prompt(tmp_path: Path, line: str) -> None:
    sk(tmp_path, "--lang", "da", "play", stdin=f"{line}\nb2 c1\n")
    assert '\ngame = "loo"\n' in (tmp_path / "fri.toml").read_text()


def test_loo_is_lu_in_danish_on_the_command_line(tmp_path: Path) -> None:
    sk(tmp_path, "--lang", "da", "lu", "new", "fri", "--players", "Ann,Bob,Cid")
    assert '\ngame = "loo"\n' in (tmp_path / "fri.toml").read_text()
    assert "'lu'" in sk(tmp_path, "--lang", "en", "lu", "new", "sat", "--players", "A,B,C",
                        code=2).stderr


def test_a_book_of_one_game_takes_its_danish_word(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "pinochle", "new", "sat", "--players", "Ann,Bob,Cid")
    for args in (["--lang", "da", "book", "--game", "lu"], ["book", "--game", "LOO"]):
        shown = sk(tmp_path, *args).stdout
        assert "fri" in shown and "sat" not in shown
    assert "'lu'" in sk(tmp_path, "--lang", "en", "book", "--game", "lu", code=2).stderr


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_usage_error_at_the_prompt_is_one_line_without_the_command_lines_usage(
        tmp_path: Path, lang: str) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    lines = "a1 b2 c0 dd\namend 0 a1 c2\nshow --bogus\n"
    result = sk(tmp_path, "--lang", lang, "play", "--keep-going", stdin=lines, code=1)
    errors = [line for line in result.stderr.splitlines() if not line.startswith("  (")]
    assert len(errors) == 3, result.stderr
    assert "Usage:" not in result.stderr and "Brug:" not in result.stderr
    assert "scorekeeper deal --help" not in result.stderr


def test_a_start_of_one_sessions_name_is_suggested(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "loo-2026-12-08", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "loo", "new", "plain", "--players", "Ann,Bob,Cid")
    assert "did you mean loo-2026-12-08?" in sk(tmp_path, "use", "loo", code=1).stderr
    result = sk(tmp_path, "play", stdin="use loo\n", code=1)
    assert "did you mean loo-2026-12-08?" in result.stderr


def test_use_takes_a_name_of_words_without_quotes(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "fælles aften", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "loo", "new", "plain", "--players", "Ann,Bob,Cid")
    assert "'fælles aften' is now the current" in sk(tmp_path, "use", "fælles", "aften").stdout
    shown = sk(tmp_path, "play", stdin="use plain\nuse Fælles Aften\n").stdout
    assert shown.rstrip().endswith("fælles aften.toml.")
    assert "NAME" in sk(tmp_path, "use", code=2).stderr


@pytest.mark.parametrize("lang", ["en", "da"])
def test_help_at_the_prompt_names_no_option_the_prompt_refuses(tmp_path: Path,
                                                               lang: str) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    shown = sk(tmp_path, "--lang", lang, "play", stdin="help amend\nhelp pay\nhelp show\n"
               "help new lu\n" if lang == "da" else "help amend\nhelp pay\nhelp show\n").stdout
    assert "--why" in shown and "--session" not in shown
    assert "--session" in sk(tmp_path, "amend", "--help").stdout  # on the command line, yes
    if lang == "da":
        assert "--unlimited" in shown  # help new lu: Loo's own options


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_refusal_at_the_prompt_names_commands_as_the_prompt_takes_them(
        tmp_path: Path, lang: str) -> None:
    sk(tmp_path, "loo", "new", "fri", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "paid")
    said = sk(tmp_path, "--lang", lang, "play", "--keep-going", stdin="a1 b2 c0\n",
              code=1).stderr
    assert "'paid --undo'" in said and "scorekeeper" not in said
    assert "'scorekeeper paid --undo'" in sk(tmp_path, "--lang", lang, "deal", "a1", "b2",
                                             "c0", code=1).stderr


def test_use_at_the_prompt_takes_its_folder_too(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "j", "--players", "Ann,Bob,Cid")
    other = tmp_path / "other"
    other.mkdir()
    sk(tmp_path, "--dir", str(other), "loo", "new", "j", "--players", "Xi,Yo,Zu")
    shown = sk(tmp_path, "play", "-s", str(tmp_path / "j.toml"),
               stdin=f"use j --dir {other}\nshow\n").stdout
    assert f"Playing {other / 'j.toml'}." in shown
