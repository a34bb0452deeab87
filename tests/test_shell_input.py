"""A shell that input cannot kill (issue 25, item 6): escape sequences typed, pasted or
printed into the terminal while a line runs are dropped, never read as a mouse report or
typed into the line; a file that breaks during the sitting is an error for each line,
never the end of play; Ctrl-C while the program starts is one line and exit 130."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .helpers import deals_in, scorekeeper_command
from .test_races import playing
from .test_trust import sk

LOO = "loo new evening --players Ann,Bob,Cid,Dan --date 2026-11-27"
BROKEN = "\nbroken = [\n"
#: Sequences a terminal receives that are no key: colours (ESC [31m was taken for a mouse
#: report: a traceback), a title, a cleared screen, a hidden cursor, a character set.
NOT_KEYS = ["\x1b[31m", "\x1b[0m", "\x1b[1;31m", "\x1b[38;5;196m", "\x1b]0;a title\x07",
            "\x1b]2;x\x1b\\", "\x1b[2J", "\x1b[?25l", "\x1b(B", "\x1b[99x", "\x1b[<0;1;1M"]


def test_escape_sequences_typed_mid_line_or_while_a_line_runs_are_dropped(tmp_path: Path
                                                                          ) -> None:
    sk(tmp_path, *LOO.split())
    with playing(tmp_path) as screen:
        screen.expect(b"hand 1")
        typed = "b=2 \x1b[31mc=0\x1b[0m d=1 \x1b]0;title\x07miss d\x1b[2J"
        screen.type(typed.encode() + b"\r")
        screen.expect(b"hand 2 \xc2\xb7 Bob deals")
        # the next lines typed ahead, colours and all, while show runs
        screen.type(("show\r" + "".join(NOT_KEYS) + "c=3 b=0\r").encode())
        screen.expect(b"Next dealer: Bob.")
        screen.expect(b"hand 3 \xc2\xb7 Cid deals")
        screen.type(b"\x1b[A\x1b[A\r")  # Up, Up: keys still work (show, Enter)
        screen.expect(b"Next dealer: Cid.")
        screen.expect(b"hand 3 \xc2\xb7 Cid deals")
    text = (tmp_path / "evening.toml").read_text()
    assert deals_in(tmp_path / "evening.toml") == 2 and 'miss = "Dan"' in text
    assert "\x1b" not in text


def _keys(chunks: list[str]) -> list[tuple[str, str]]:
    from scorekeeper.cli.prompt import KeysOnly

    pressed: list[tuple[str, str]] = []
    parser = KeysOnly(lambda key: pressed.append((str(key.key), key.data)))
    for chunk in chunks:
        parser.feed(chunk)
    parser.flush()
    return pressed


TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=12)


@given(st.lists(st.tuples(TEXT, st.sampled_from(NOT_KEYS)), max_size=6), TEXT,
       st.lists(st.integers(0, 200), max_size=4))
def test_what_is_no_key_is_dropped_however_it_comes_in_pieces(
        pieces: list[tuple[str, str]], last: str, cuts: list[int]) -> None:
    """Text with sequences between its letters, read in pieces cut anywhere (in a
    sequence too): exactly the text's letters are typed."""
    whole = "".join(text + noise for text, noise in pieces) + last
    at = sorted({min(cut, len(whole)) for cut in cuts})
    chunks = [whole[i:j] for i, j in zip([0, *at], [*at, len(whole)], strict=True)]
    typed = "".join(text for text, _ in pieces) + last
    assert _keys(chunks) == [(c, c) for c in typed]


@pytest.mark.parametrize(("sent", "key"), [
    ("\x1b[A", "Keys.Up"), ("\x1bOA", "Keys.Up"), ("\x1b[1;5C", "Keys.ControlRight"),
    ("\x1b[3~", "Keys.Delete"), ("\x1b[[A", "Keys.F1"), ("\x1b", "Keys.Escape"),
    ("\x1b[5;3R", "Keys.CPRResponse")])
def test_keys_and_the_cursor_report_still_come_through(sent: str, key: str) -> None:
    assert _keys([sent]) == [(key, sent)]
    assert _keys(["a\x1b[31m", sent[:2], sent[2:] + "b"]) == [("a", "a"), (key, sent),
                                                                 ("b", "b")]


def test_alt_and_a_letter_and_a_paste_keep_what_was_meant() -> None:
    assert _keys(["\x1bb"]) == [("Keys.Escape", "\x1b"), ("b", "b")]  # Alt-b: a word back
    pasted = _keys(["\x1b[200~Ann \x1b[31mBob\x1b[0m\x1b[201~x"])
    assert pasted == [("Keys.BracketedPaste", "Ann Bob"), ("x", "x")]


#: Every kind of line at the prompt, each run on a file broken meanwhile.
LINES = ["help deal", "help shwo", "help help", "help nothing", "help", "shwo", "show",
         "settle", "history", "undo", "amend 1 b=3 c=0", "b=3 c=0", "deal b=3 c=0", "paid",
         "join Eve", "leave Ann", "pay ann bob 1", "edit", "check", "book", "stats",
         "sessions", "use evening", "use", "new", "sheet"]


def test_every_line_piped_on_a_broken_file_is_an_error_for_that_line(tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    sk(tmp_path, "deal", "b=3", "c=0")
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "XDG_STATE_HOME": os.environ["XDG_STATE_HOME"], "EDITOR": "true"}
    proc = subprocess.Popen([scorekeeper_command(), "play", "--keep-going"], cwd=tmp_path,
                            env=env, text=True, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.write("shwo\n")
    proc.stdin.flush()
    assert "did you mean show?" in proc.stderr.readline()  # play runs: the file was read
    with open(tmp_path / "evening.toml", "a") as file:
        file.write(BROKEN)
    out, err = proc.communicate("\n".join([*LINES, "help"]) + "\n", timeout=60)
    assert proc.returncode == 1
    assert "Traceback" not in err
    assert out.rstrip().endswith("At a question, Enter, n, Ctrl-C and Ctrl-D all mean no.")
    assert f"(line {len(LINES) + 2}: help)" not in err  # the last line ran, and was no error
    assert "evening.toml:" in err and "not valid TOML" in err


def test_help_and_every_command_at_the_prompt_survive_a_broken_file(tmp_path: Path) -> None:
    sk(tmp_path, *LOO.split())
    with playing(tmp_path, EDITOR="true") as screen:
        screen.expect(b"hand 1")
        with open(tmp_path / "evening.toml", "a") as file:
            file.write(BROKEN)
        for line in LINES:
            screen.type(line.encode() + b"\r")
            if line == "new":  # on a terminal it asks for the game: Ctrl-C, not now
                screen.expect(b"Game (")
                screen.type(b"\x03")
                screen.expect(b"No session was started.")
            screen.expect(b"(the file cannot be read just now)")
        screen.type(b"help\r")
        screen.expect(b"Type a deal")
        screen.expect(b"(the file cannot be read just now)")


def _shadowing(tmp_path: Path, module: str) -> str:
    """A folder with a module `module` that sends Ctrl-C to the process importing it: a
    Ctrl-C that comes exactly while that module is imported."""
    folder = tmp_path / "interrupting"
    folder.mkdir()
    (folder / f"{module}.py").write_text(
        "import os\nos.kill(os.getpid(), 2)\n"  # SIGINT
        "raise ImportError('interrupted')\n")
    return str(folder)


@pytest.mark.parametrize(("module", "lang", "said"), [
    ("gettext", "en", "Aborted: nothing was changed."),  # the language not yet read
    ("click", "en", "Aborted: nothing was changed."),
    ("click", "da", "Afbrudt: intet blev ændret."),
    ("fcntl", "en", "Aborted: nothing was changed."),  # taking the lock: its own answer
    ("fcntl", "da", "Afbrudt: intet blev ændret."),
])
def test_ctrl_c_while_starting_is_one_line_and_exit_130(tmp_path: Path, module: str,
                                                         lang: str, said: str) -> None:
    sk(tmp_path, *LOO.split())
    sk(tmp_path, "deal", "b=3", "c=0")
    before = (tmp_path / "evening.toml").read_bytes()
    result = sk(tmp_path, "--lang", lang, "deal", "c=3", "b=0", code=130,
                env={"PYTHONPATH": _shadowing(tmp_path, module)})
    assert result.stderr == said + "\n"
    assert (tmp_path / "evening.toml").read_bytes() == before


def test_the_answer_to_ctrl_c_while_starting_imports_nothing() -> None:
    """Measured in a plain install: Ctrl-C while contextlib itself was being imported made
    an answer that imported it fail (a half-made module); it may use only what the
    interpreter's start has already imported."""
    import ast

    from .helpers import ROOT

    tree = ast.parse((ROOT / "scorekeeper" / "entry.py").read_text())
    answer = next(node for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef) and node.name == "_aborted")
    assert not [node for node in ast.walk(answer) if isinstance(node, (ast.Import,
                                                                        ast.ImportFrom))]
    names = {node.id for node in ast.walk(answer) if isinstance(node, ast.Name)}
    assert names <= {"os", "ABORTED", "OSError", "int", "object"}, names
