"""One answer for how a refusal is said and what it exits with: the command line and each
line of `play` go through `cli.refusal.refused`, so the same mistake reads the same in both
(and a line of play that is refused is the line the one-shot command refuses)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import click
import pytest

from scorekeeper.cli.refusal import refused
from scorekeeper.errors import RuleError, ScorekeeperError, SessionError, UsageError

from .helpers import run, scorekeeper_command


@pytest.mark.parametrize(("error", "code"), [
    (click.UsageError("no such option: --bogus"), 2),
    (click.BadParameter("'x' is not a number"), 2),
    (click.ClickException("the editor failed"), 1),
    (UsageError("give one of them"), 2),
    (RuleError("13 tricks and more"), 1),
    (SessionError("no session chosen"), 1),
    (ScorekeeperError("line \x1b[31m red"), 1),
])
def test_each_refusal_is_one_visible_line_and_its_code(
        error: click.ClickException | ScorekeeperError, code: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert refused(error) == code
    said = err.getvalue()
    assert "\x1b" not in said
    assert said.endswith("\n")
    assert "Error: " in said
    if not isinstance(error, click.UsageError):
        assert said.count("\n") == 1


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    env = {**os.environ, "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    env.pop("SCOREKEEPER_SESSION", None)
    return env


@pytest.mark.parametrize(("line", "code"), [
    ("Zed=1 Bob=2", 1),              # a rule: an unknown player
    ("Ann=1 Bob=2 --miss", 2),       # usage: an option without its value
    ("Ann=4", 1),                    # a rule: more than three tricks
])
def test_play_says_a_refused_line_as_the_command_line_does(tmp_path: Path, line: str,
                                                           code: int) -> None:
    run(tmp_path, "loo new night --players Ann,Bob,Cid")
    before = (tmp_path / "night.toml").read_bytes()
    alone = subprocess.run([scorekeeper_command(), "deal", *line.split()], check=False,
                           env=_env(tmp_path), capture_output=True, text=True,
                           stdin=subprocess.DEVNULL)
    assert alone.returncode == code
    piped = subprocess.run([scorekeeper_command(), "play"], check=False, env=_env(tmp_path),
                           input=line + "\n", capture_output=True, text=True)
    assert piped.returncode == 1
    said = [text for text in alone.stderr.splitlines() if text.startswith("Error: ")]
    assert len(said) == 1
    assert said[0] in piped.stderr.splitlines()
    assert (tmp_path / "night.toml").read_bytes() == before
