"""What the tests share: playing a deal on its own, a sitting, the command line in-process
and installed."""

from __future__ import annotations

import datetime
import shlex
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from scorekeeper.cli import cli
from scorekeeper.games import GAMES
from scorekeeper.games.base import Dealing
from scorekeeper.games.players import Players
from scorekeeper.session import AnySession, Session

ROOT = Path(__file__).resolve().parent.parent


def play_one(game: str, state: Any, deal: Any, dealer: str, players: tuple[str, ...],
             settings: Any) -> tuple[Any, Any]:
    """One deal on its own: the game's next state and what the deal did."""
    return GAMES[game].play(state, deal, Dealing(Players(players), dealer, settings))


def sitting(game: str, players: tuple[str, ...], settings: Any, *entries: Any,
            **options: Any) -> AnySession:
    """A session (of a day: a file with none is given one when it is next saved)."""
    options.setdefault("date", datetime.date(2026, 11, 1))
    return Session(GAMES[game], Players(players), settings, entries, **options)


def run(tmp_path: Path, line: str, code: int = 0, **env: str | None) -> Result:
    """`scorekeeper LINE` in-process, its folder `tmp_path`; asserts the exit code."""
    result = CliRunner().invoke(
        cli, shlex.split(line),
        env={"SCOREKEEPER_DIR": str(tmp_path), "SCOREKEEPER_SESSION": None, **env})
    assert result.exit_code == code, (line, result.output, result.exception)
    assert "Traceback" not in result.output
    return result


def play_lines(tmp_path: Path, lines: list[str]) -> None:
    for line in lines:
        run(tmp_path, line)


def scorekeeper_command() -> str:
    path = Path(sys.executable).parent / "scorekeeper"
    assert path.exists(), "install the project (pip install -e '.[test]') to run these tests"
    return str(path)


def paused(tmp_path: Path, step: str, *args: str, **popen: Any) -> Any:
    """The installed command run with its test seam set to stop at `step` (files.atomic:
    waiting, locked, written, replaced), once it has stopped there; `go(proc)` lets it on."""
    import os
    import subprocess
    import time

    seam = tmp_path / f"seam-{step}-{time.monotonic_ns()}"
    seam.mkdir()
    env = {**os.environ, "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path),
           "SCOREKEEPER_TEST_PAUSE": f"{step}:{seam}"}
    env.pop("SCOREKEEPER_SESSION", None)
    proc = subprocess.Popen([scorekeeper_command(), *args], env=env, **popen)
    proc.seam = seam
    deadline = time.monotonic() + 30
    while not (seam / "paused").exists():
        assert proc.poll() is None, f"{args} ended before {step}"
        assert time.monotonic() < deadline, f"{args} never reached {step}"
        time.sleep(0.005)
    return proc


def go(proc: Any) -> None:
    """Let a command stopped at its test seam go on."""
    (proc.seam / "go").touch()


def deals_in(path_or_text: Path | str) -> int:
    """How many entries a session file holds (its history aside)."""
    import tomllib

    text = path_or_text.read_text() if isinstance(path_or_text, Path) else path_or_text
    deals: list[object] = tomllib.loads(text).get("deals", [])
    return len(deals)


def without_history(text: str | bytes) -> str:
    """A session's text up to its history of changes (which a change after the fact adds to
    at the end)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    for newline in ("\r\n", "\n"):
        at = text.find(f"{newline}{newline}[[history]]{newline}")
        if at >= 0:
            return text[:at + len(newline)]
    return text
