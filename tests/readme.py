"""The README's examples, played from top to bottom as a reader would play them, at the
width the README states (80 columns): each command's output is what the README shows.

`python -m tests.readme` writes the outputs into README.md (run it after changing what a
command prints, and read the difference); `tests/test_readme.py` checks them.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: The width the README's examples are drawn at.
WIDTH = 80
#: The session folder the README shows (the per-user data folder of a user ann).
SHOWN_FOLDER = "/home/ann/.local/share/scorekeeper"
#: A time of day the history records, shown as the README shows it.
WHEN = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")


class Example(NamedTuple):
    line: int
    """Where its command is in the README (0-based)."""
    command: str
    shown: list[str]
    """The output the README shows (none: it shows none, and none is checked)."""
    printed: list[str]


def examples(text: str) -> Iterator[tuple[int, str, list[str]]]:
    """Each `    $ command` of the README, with the lines shown after it (blank lines within
    them too)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("    $ "):
            yield i, line[6:], _shown(lines, i + 1)


def _shown(lines: list[str], start: int) -> list[str]:
    shown = []
    for j in range(start, len(lines)):
        line, after = lines[j], lines[j + 1] if j + 1 < len(lines) else ""
        if line.startswith("    ") and not line.startswith("    $ "):
            shown.append(line[4:])
        elif not line and shown and after.startswith("    ") and not after.startswith("    $ "):
            shown.append("")
        else:
            break
    return shown


def interactive(command: str) -> bool:
    """A command the README shows typed at a terminal's prompt: not replayed."""
    return command.strip() == "scorekeeper play"


@contextmanager
def folders() -> Iterator[tuple[Path, Path]]:
    """A working folder holding a copy of the bundled sessions, and a session folder whose
    name is as long as the README's (so lines wrap where the README's do)."""
    base = Path(tempfile.mkdtemp(prefix="rd", dir="/tmp" if os.path.isdir("/tmp") else None))
    try:
        data = base / ("d" * (len(SHOWN_FOLDER) - len(str(base)) - 1))
        assert len(str(data)) == len(SHOWN_FOLDER), "the temporary folder's name is too long"
        shutil.copytree(ROOT / "sessions", base / "sessions",
                        ignore=shutil.ignore_patterns(".*"))
        yield base, data
    finally:
        shutil.rmtree(base, ignore_errors=True)


def play(text: str) -> list[Example]:
    """Every example of `text` run in order; what each printed."""
    with folders() as (work, data):
        return _played(text, work, data)


def play_twice(text: str) -> tuple[list[Example], list[Example], dict[str, bytes]]:
    """Every example of `text` played, then played again in the same working folder (a
    fresh per-user session folder, as a second reader's): what each replay printed, and
    the bundled sessions' files as the working folder holds them after both."""
    with folders() as (work, data):
        first = _played(text, work, data)
        shutil.rmtree(data, ignore_errors=True)
        second = _played(text, work, data)
        return first, second, tracked(work / "sessions")


def tracked(folder: Path) -> dict[str, bytes]:
    """The bundled sessions' files (not the hidden caches and locks a run leaves)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def _played(text: str, work: Path, data: Path) -> list[Example]:
    found = []
    env = {**os.environ, "SCOREKEEPER_DIR": str(data), "COLUMNS": str(WIDTH),
           "HOME": str(work), "NO_COLOR": "1", "LANG": "C.UTF-8",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("SCOREKEEPER_SESSION", None)
    for line, command, shown in examples(text):
        if interactive(command):
            continue
        printed = _run(command, env, work)
        found.append(Example(line, command, shown, [
            WHEN.sub("2026-12-01 21:14", p.replace(str(data), SHOWN_FOLDER))
            for p in printed]))
    return found


def _run(command: str, env: dict[str, str], cwd: Path) -> list[str]:
    shell = "|" in command or not command.startswith("scorekeeper ")
    args: str | list[str] = command if shell else shlex.split(command)
    done = subprocess.run(args, shell=shell, env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=60, check=False)
    return (done.stdout + done.stderr).rstrip("\n").split("\n") if (
        done.stdout + done.stderr).strip() else []


def rewritten(text: str, found: list[Example]) -> str:
    """`text` with each example's shown output replaced by what it printed."""
    lines = text.split("\n")
    for example in reversed(found):
        if example.shown:
            start = example.line + 1
            lines[start:start + len(example.shown)] = [
                f"    {p}".rstrip() for p in example.printed]
    return "\n".join(lines)


if __name__ == "__main__":
    source = README.read_text()
    README.write_text(rewritten(source, play(source)))
