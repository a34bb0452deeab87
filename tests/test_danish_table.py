"""At the table in Danish (--lang da): play piped and at a real prompt (its questions, which
take ja and nej beside yes and no), the help and messages of deal, amend, undo, edit, join and
leave."""

from __future__ import annotations

import os
import pty
import subprocess
from pathlib import Path

from .helpers import deals_in, scorekeeper_command
from .test_table import Terminal, sk, text_of

NEW = ("loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan", "--date", "2026-11-27")


def da(tmp_path: Path, *args: str, stdin: str = "", code: int = 0, **env: str
       ) -> subprocess.CompletedProcess[str]:
    """`scorekeeper --lang da ARGS`, installed, in a subprocess."""
    if not env:
        return sk(tmp_path, "--lang", "da", *args, stdin=stdin, code=code)
    proc = subprocess.run([scorekeeper_command(), "--lang", "da", *args], input=stdin,
                          capture_output=True, text=True, timeout=30, check=False,
                          env={"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path),
                               "HOME": str(tmp_path), **env})
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc


def test_piped_play_says_in_danish_where_it_stopped(tmp_path: Path) -> None:
    sk(tmp_path, *NEW)
    result = da(tmp_path, "play", stdin="b=2 c=0 d=1 miss d\nshwo\nhelp\nsettle\n", code=1)
    assert result.stderr.endswith(
        "Fejl: ukendt kommando 'shwo': mente du show? ('hjælp' viser dem)\n"
        "  (linje 2: shwo)\n"
        "Stoppede ved linje 2; linje 3 til 4 blev ikke kørt: intet fra linje 2 og frem blev "
        "gemt. Ret den, og send filen ind igen fra linje 2 (eller angiv --keep-going for at "
        "køre alle linjer).\n")
    assert deals_in(tmp_path / "evening.toml") == 1
    result = da(tmp_path, "play", stdin="help\nhelp zzz\nshow -s evening\n'\n", code=1)
    assert "  fortryd    fjern det sidste spil (beder om et skrevet ja)\n" in result.stdout
    assert "Ved et spørgsmål betyder Enter, n, Ctrl-C og Ctrl-D alle nej." in result.stdout
    assert "Fejl: ingen kommando 'zzz' ('hjælp' viser dem)\n  (linje 2: help zzz)\n" in (
        result.stderr)
    assert "Stoppede ved linje 2; linje 3 til 4 blev ikke kørt" in result.stderr
    result = da(tmp_path, "play", "--keep-going", stdin="show -s evening\n'\n\xff\n", code=1)
    assert "Fejl: play holder sig til sin session (" in result.stderr
    assert "(et citationstegn er ikke lukket?)" in result.stderr


def test_the_help_of_the_table_commands_in_danish(tmp_path: Path) -> None:
    assert "Fjern det sidste spil, og vis, hvad der blev fjernet" in da(
        tmp_path, "undo", "--help").stdout
    assert "Brug: scorekeeper join [TILVALG] NAVN" in da(tmp_path, "join", "--help").stdout
    assert "Fra en pipe: kør hver linje" in da(tmp_path, "play", "--help").stdout
    sk(tmp_path, *NEW)
    shown = da(tmp_path, "amend", "--help").stdout
    assert shown.startswith("Session 'evening' (trekorts-lu) med spillerne ")
    assert ". Her er hjælpen til amend (eksemplerne bruger Ann, Bob, Cid og Dan):" in shown


def test_edit_says_in_danish_why_nothing_was_saved(tmp_path: Path) -> None:
    sk(tmp_path, *NEW)
    sk(tmp_path, "deal", "b=2", "c=0", "d=1", "miss", "d")
    assert da(tmp_path, "edit", EDITOR="true").stdout == "Ingen ændring: intet at gemme.\n"
    failed = da(tmp_path, "edit", code=1, EDITOR="false")
    assert failed.stderr == ("Fejl: editoren 'false' ($EDITOR) sluttede med en fejl "
                             "(slutkode 1): intet blev gemt\n")
    saved = da(tmp_path, "edit", EDITOR="sed -i s/Bob\\ =\\ 2,\\ Cid\\ =\\ 0/Bob\\ =\\ 1,"
                                         "\\ Cid\\ =\\ 1/")
    assert saved.stdout.startswith(f"Gemte {tmp_path / 'evening.toml'}: 1 spil; næste giver: ")


def test_a_danish_sitting_at_a_real_prompt_asks_for_ja(tmp_path: Path) -> None:
    sk(tmp_path, *NEW)
    main, secondary = pty.openpty()
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1", "COLUMNS": "200",
           "LINES": "24"}
    proc = subprocess.Popen([scorekeeper_command(), "--lang", "da", "play"], stdin=secondary,
                            stdout=secondary, stderr=secondary, env=env, close_fds=True)
    os.close(secondary)
    screen = Terminal(main)
    try:
        screen.expect("Skriv hjælp for at få hjælp; afslut eller Ctrl-D lukker prompten.".encode())
        screen.expect(b"pulje 0 + 3>")
        screen.type(b"b=2 c=0 d=1 miss d\r")
        screen.expect(b"Ann -3 \xc2\xb7 Bob +2 \xc2\xb7 Cid -3 \xc2\xb7 Dan +1")
        screen.expect(b"pulje 3 + 3>")
        screen.type(b"b=2 c=0 d=1 miss d\r")  # the same again: asked
        screen.expect(b"Samme som spil 1: gem det igen? [j/N]")
        screen.type(b"nej\r")
        screen.expect(b"Ikke gemt.")
        screen.expect(b"pulje 3 + 3>")
        screen.type(b"undo\r")
        screen.expect(b"Fortryd fjerner spil 1")
        screen.expect(b"Skriv ja for at fjerne spil 1:")
        screen.type(b"j\r")  # not enough for what cannot be taken back: asked again
        screen.expect(b"Skriv ja helt ud for at foretage \xc3\xa6ndringen (Enter: nej).")
        screen.expect(b"Skriv ja for at fjerne spil 1:")
        screen.type(b"\r")
        screen.expect("Intet blev ændret.".encode())
        screen.expect(b"pulje 3 + 3>")
        screen.type(b"undo\r")
        screen.expect(b"Skriv ja for at fjerne spil 1:")
        screen.type(b"ja\r")
        screen.expect(b"Ann 0 \xc2\xb7 Bob 0")
        screen.expect(b"pulje 0 + 3>")
        screen.type(b"\x04")
        assert screen.drain_until_exit(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(main)
    assert deals_in(text_of(tmp_path)) == 0

