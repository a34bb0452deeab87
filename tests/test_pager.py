"""A long `show` goes through a pager on a terminal, never into a pipe, never with
--no-pager, nor when it fits: the installed command in a pseudo-terminal and piped."""

from __future__ import annotations

import os
import pty
import select
import subprocess
from pathlib import Path

import pytest

from .helpers import run, scorekeeper_command

#: A pager that marks each line it shows, so a test sees that it ran.
PAGER = "sed s/^/PAGED:/"


def on_terminal(tmp_path: Path, *args: str, lines: int) -> bytes:
    """What `scorekeeper ARGS` shows on a terminal of `lines` lines."""
    main, secondary = pty.openpty()
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "TERM": "xterm", "PAGER": PAGER, "LINES": str(lines), "COLUMNS": "80"}
    proc = subprocess.Popen([scorekeeper_command(), *args], stdin=secondary, stdout=secondary,
                            stderr=secondary, env=env, close_fds=True)
    os.close(secondary)
    seen = b""
    try:
        while True:
            if select.select([main], [], [], 10)[0]:
                try:
                    chunk = os.read(main, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
            elif proc.poll() is not None:
                break
        assert proc.wait(timeout=15) == 0, seen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    return seen


@pytest.fixture
def long_evening(tmp_path: Path) -> Path:
    run(tmp_path, "loo new ev --players Ann,Bob,Cid --date 2026-11-01")
    for _hand in range(12):
        run(tmp_path, "deal a=2 b=1 c=0")
    return tmp_path


def test_a_long_show_is_paged_on_a_terminal(long_evening: Path) -> None:
    assert b"PAGED:" in on_terminal(long_evening, "show", lines=10)


def test_never_with_no_pager_nor_when_it_fits(long_evening: Path) -> None:
    shown = on_terminal(long_evening, "show", "--no-pager", lines=10)
    assert b"PAGED:" not in shown and b"Next dealer" in shown
    assert b"PAGED:" not in on_terminal(long_evening, "show", lines=200)


def test_never_into_a_pipe(long_evening: Path) -> None:
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(long_evening),
           "HOME": str(long_evening), "PAGER": PAGER, "LINES": "10"}
    piped = subprocess.run([scorekeeper_command(), "show"], capture_output=True, text=True,
                           env=env, timeout=30, check=True)
    assert "PAGED:" not in piped.stdout and "Next dealer" in piped.stdout
    assert "PAGED:" not in run(long_evening, "show").stdout  # CliRunner: no terminal


def test_show_in_play_is_paged_and_the_shell_goes_on(long_evening: Path) -> None:
    from .test_races import playing

    with playing(long_evening, PAGER=PAGER, LINES="10") as screen:
        screen.expect(b"pool ")
        screen.type(b"show\r")
        screen.expect(b"PAGED:")
        screen.expect(b"hand 13")  # the prompt again, after the pager
        screen.type(b"show --no-pager\r")
        screen.expect(b"\nNext dealer: ")  # a line of its own, not the pager's "PAGED:"
        screen.expect(b"hand 13")
