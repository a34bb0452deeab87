"""docs/adding-a-game.md is true: its modules, written as new files into a copy of the
project with the one registry line it gives, make two more games -- High card, a plain
game, and Short whist, a partnership game -- that every command plays (deal, amend, undo,
show, settle, check, history, play and its completion, book, stats and its --table, --lang
da), that the tests of every game take in, and that pass ruff and mypy --strict. Nothing
else of the copy is changed: the test compares every file of it before and after."""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games import NAMES

from .helpers import ROOT

GUIDE = ROOT / "docs" / "adding-a-game.md"
REGISTRY = "scorekeeper/games/__init__.py"
#: What of the project a copy holds: enough to run the program and the tests of every game.
COPIED = ("scorekeeper", "tests", "pyproject.toml")


def guide_files() -> dict[str, str]:
    """Each python block of the guide that begins with a file's path (`# tests/...py`), by
    that path."""
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL)
    found = {}
    for block in blocks:
        first = block.splitlines()[0]
        if first.startswith(("# scorekeeper/", "# tests/")) and first.endswith(".py"):
            found[first[2:]] = block
    return found


def every_file(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the guide's two games added as the guide says."""
    copy = tmp_path_factory.mktemp("project")
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, copy / name,
                            ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        else:
            shutil.copy(ROOT / name, copy / name)
    before = every_file(copy)
    files = guide_files()
    for path, source in files.items():
        (copy / path).write_text(source)
    line = re.search(r"^NAMES = \(.*\)$", GUIDE.read_text(), re.MULTILINE)
    assert line is not None
    registry = copy / REGISTRY
    registry.write_text(re.sub(r"^NAMES = \(.*\)$", line.group(0), registry.read_text(),
                               count=1, flags=re.MULTILINE))
    after = every_file(copy)
    written = {p for p in after if before.get(p) != after[p]}
    assert written == {*files, REGISTRY} and not set(before) - set(after)
    assert not set(files) & set(before), "the guide's modules are new files"
    changed = [d for d in difflib.unified_diff(before[REGISTRY].decode().splitlines(),
                                               after[REGISTRY].decode().splitlines(), n=0)
               if d[:1] in "+-" and d[:3] not in ("+++", "---")]
    assert changed == [f"-NAMES = {NAMES!r}".replace("'", '"'),
                       f"+NAMES = {(*NAMES, 'highcard', 'whist')!r}".replace("'", '"')]
    return copy


def sk(project: Path, folder: Path, line: str | list[str], code: int = 0,
       stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper LINE` run from the copy, its folder `folder`; asserts the exit code."""
    args = line.split() if isinstance(line, str) else line
    environ = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(project),
               "SCOREKEEPER_DIR": str(folder), "HOME": str(folder), "LANG": "C.UTF-8",
               "PYTHONIOENCODING": "utf-8", **env}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=project,
                          env=environ, input=stdin, capture_output=True, text=True,
                          check=False)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def completed(project: Path, folder: Path, words: str) -> list[str]:
    """What the shell completes `words` to (the program's bash completion)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    done = sk(project, folder, [], _SCOREKEEPER_COMPLETE="bash_complete", COMP_WORDS=words,
              COMP_CWORD=str(cword))
    return [line.split(",", 1)[1] for line in done.stdout.splitlines()]


def play_completes(project: Path, folder: Path, line: str) -> list[str]:
    """What `play` offers after `line` (its completer, on the current session)."""
    code = ("import sys\n"
            "from scorekeeper.cli import cli\n"
            "from scorekeeper.cli.options import RunState\n"
            "from scorekeeper.cli.play import Shell\n"
            "from scorekeeper.cli.prompt import PlayCompleter\n"
            "folder, path, line = sys.argv[1:]\n"
            "ctx = cli.make_context('scorekeeper', ['--dir', folder, 'show'], obj=RunState())\n"
            "words = line.split(' ')\n"
            "for value, _about in PlayCompleter(Shell(ctx, path)).candidates(words[:-1],"
            " words[-1]):\n"
            "    print(value)\n")
    done = subprocess.run([sys.executable, "-c", code, str(folder), str(folder / "x.toml"),
                           line], cwd=project, env={"PYTHONPATH": str(project),
                                                    "HOME": str(folder)},
                          capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_the_copy_runs_the_copys_code(project: Path, tmp_path: Path) -> None:
    where = subprocess.run([sys.executable, "-c", "import scorekeeper; print(scorekeeper.__file__)"],
                           cwd=project, env={"PYTHONPATH": str(project)}, capture_output=True,
                           text=True, check=True).stdout
    assert where.startswith(str(project))
    listed = sk(project, tmp_path, "--help").stdout
    assert "highcard" in listed and "whist" in listed


def test_a_plain_game_made_by_the_guide_plays_through_every_command(
        project: Path, tmp_path: Path) -> None:
    out = sk(project, tmp_path, "highcard new x --players Ann,Bob,Cid --stake 2").stdout
    assert out.startswith("New High card session 'x'")
    assert sk(project, tmp_path, "deal a").stdout == (
        "Deal 1, dealt by Ann: Ann takes 2 from each.\nNext dealer: Bob.\n")
    sk(project, tmp_path, "highcard deal --winner Cid")
    sk(project, tmp_path, "deal --winner b --dry-run")
    assert sk(project, tmp_path, "deal --winner Zed", code=1).stderr == (
        "Error: unknown player 'Zed': the players are Ann, Bob, Cid\n")
    assert "give the winner: deal WINNER" in sk(project, tmp_path, "deal", code=2).stderr
    assert "give the winner, one name" in sk(project, tmp_path, "deal a b", code=2).stderr
    settle = json.loads(sk(project, tmp_path, "settle --format json").stdout)
    assert {p["name"]: p["net"] for p in settle["players"]} == {"Ann": 2, "Bob": -4, "Cid": 2}
    sk(project, tmp_path, "amend 2 --winner Bob")
    show = json.loads(sk(project, tmp_path, "show --format json").stdout)
    assert [d["winner"] for d in show["deals"]] == ["Ann", "Bob"]
    assert "Bob takes 2 from each" in sk(project, tmp_path, "show").stdout
    sk(project, tmp_path, "undo")
    path = tmp_path / "x.toml"
    assert sk(project, tmp_path, f"check {path}").stdout == (
        f"{path}: ok (highcard, 3 players, 1 deal)\n")
    assert '{ winner = "Ann" }' in path.read_text()
    assert completed(project, tmp_path, "scorekeeper deal --winner ") == ["Ann", "Bob", "Cid"]
    assert play_completes(project, tmp_path, "deal --winner C") == ["Cid"]
    _every_game_command(project, tmp_path, "highcard", "High card", "Ann takes 2 from each")


def test_a_partnership_game_made_by_the_guide_plays_through_every_command(
        project: Path, tmp_path: Path) -> None:
    out = sk(project, tmp_path, "whist new x --players Ann,Bob,Cid,Dan,Eve").stdout
    assert out == (f"New Short whist session 'x' ({tmp_path / 'x.toml'}).\n"
                   "Rubber 1: Ann & Cid v Bob & Dan (Eve out); 1 point = 1.\nAnn deals first.\n")
    assert sk(project, tmp_path, "deal a8").stdout == (
        "Deal 1 (rubber 1), dealt by Ann: Ann & Cid 2 below.\n"
        "Rubber 1, game 1: Ann & Cid 2, Bob & Dan 0 below; games 0-0; totals 2 to 0.\n"
        "Next dealer: Bob.\n")
    assert "Eve sits out rubber 1" in sk(project, tmp_path, "deal b9 --dealer Eve",
                                         code=1).stderr
    assert "Eve is not in rubber 1" in sk(project, tmp_path, "deal e9", code=1).stderr
    assert "like b8 (b=8)" in sk(project, tmp_path, "deal b", code=2).stderr
    out = sk(project, tmp_path, "whist rubber --teams Ann,Eve/Bob,Cid").stdout
    assert out == "Rubber 2, when rubber 1 is won: Ann & Eve v Bob & Cid (Dan out).\n"
    for deal in ("b12", "d13"):  # Bob & Dan: 6 and 7, two games and the rubber (+2)
        out = sk(project, tmp_path, f"deal {deal}").stdout
    assert "Bob & Dan win rubber 1: Ann & Cid 2, Bob & Dan 15." in out
    assert "Rubber 2 next: Ann & Eve v Bob & Cid." in out
    assert "change the teams first ('whist rubber --teams')" in sk(
        project, tmp_path, "leave Eve", code=1).stderr
    assert sk(project, tmp_path, "deal --tricks a=7").stdout.startswith(
        "Deal 4 (rubber 2), dealt by Ann: Ann & Eve 1 below.")
    settle = sk(project, tmp_path, "settle").stdout
    assert "Rubber 1: Ann & Cid 2, Bob & Dan 15; games 0-2; Bob & Dan +13 each." in settle
    assert "Rubber 2 (unfinished, without the 2): Ann & Eve 1, Bob & Cid 0" in settle
    nets = json.loads(sk(project, tmp_path, "settle --format json").stdout)["players"]
    assert {p["name"]: p["net"] for p in nets} == {"Ann": -12, "Bob": 12, "Cid": -14,
                                                   "Dan": 13, "Eve": 1}
    assert "  Bob & Dan win by 13:" in sk(project, tmp_path, "show").stdout  # the pad
    sk(project, tmp_path, "amend 1 c8")
    sk(project, tmp_path, "undo")
    path = tmp_path / "x.toml"
    assert sk(project, tmp_path, f"check {path}").stdout == (
        f"{path}: ok (whist, 5 players, 3 deals)\n")
    assert '{ teams = [["Ann", "Eve"], ["Bob", "Cid"]] }' in path.read_text()
    stats = sk(project, tmp_path, "stats --table whist --format csv").stdout.splitlines()
    assert stats[0] == "player,sittings,deals,rubbers,rubbers won,games won"
    assert "Bob,1,3,1,1,2" in stats and "Eve,1,0,0,0,0" in stats
    assert completed(project, tmp_path, "scorekeeper deal ") == ["Ann", "Bob", "Eve", "Cid"]
    assert play_completes(project, tmp_path, "deal c") == ["Cid"]  # of the rubber's four
    _every_game_command(project, tmp_path, "whist", "Short whist", "Bob & Dan 6 below, game")


def _every_game_command(project: Path, folder: Path, game: str, title: str, first: str
                        ) -> None:
    """What every game's sitting answers, in English and in Danish: history, play, book,
    stats and its --table and --game, and the messages that list the games."""
    history = sk(project, folder, "history").stdout
    assert history.startswith(f"{title} 'x': 2 changes after the fact.\n")
    assert "  amend deal " in history and "  undo " in history
    players = json.loads(sk(project, folder, "show --format json").stdout)["players"]
    assert "show" in play_completes(project, folder, "sh")
    played = sk(project, folder, "play", stdin="show --format simple\nquit\n").stdout
    assert first in played
    assert f"  {game}  " in sk(project, folder, "book").stdout
    assert f"{title}:" in sk(project, folder, "stats").stdout
    table = sk(project, folder, f"stats --table {game} --format csv").stdout.splitlines()
    assert len(table) == 1 + len(players)
    counted = json.loads(sk(project, folder, f"stats --game {game} --format json").stdout)
    assert [row["game"] for row in counted["players"]] == [game] * len(players)
    assert game in sk(project, folder, "stats --help").stdout
    assert "'highcard', 'whist'." in sk(project, folder, "stats --table x", code=2).stderr
    danish = sk(project, folder, "--lang da show --format simple").stdout
    assert first in danish  # the game's own words: English, as they were written
    assert "hvad der skete" in danish and "Næste giver:" in danish  # the shared: Danish
    assert "betaler" in sk(project, folder, "--lang da settle").stdout
    _names_with_spaces(project, folder / "spaced", game)
    (folder / "empty").mkdir(exist_ok=True)
    nothing = sk(project, folder / "empty", "show", code=1).stderr
    assert "(GAME: loo, pinochle, bridge, highcard or whist)" in nothing


def _names_with_spaces(project: Path, folder: Path, game: str) -> None:
    """The game's SPACED deal (its test data, tests/games/NAME.py, as the guide gives it) at
    a table of names with spaces in them (as tests/test_trust.py plays every game)."""
    code = ("import json, sys\nfrom tests import games\n"
            "print(json.dumps([games.SPACED_NAMES, games.of(sys.argv[1]).SPACED]))")
    names, deal = json.loads(subprocess.run(
        [sys.executable, "-c", code, game], cwd=project, env=_test_env(project),
        capture_output=True, text=True, check=True).stdout)
    folder.mkdir()
    sk(project, folder, [game, "new", "x", "--players", ",".join(names)])
    sk(project, folder, ["deal", *deal])
    settle = json.loads(sk(project, folder, "settle --format json").stdout)
    assert [p["name"] for p in settle["players"]] == names
    assert sk(project, folder, ["check", str(folder / "x.toml")]).stdout.endswith("1 deal)\n")


@pytest.mark.parametrize("test", ["tests/test_games.py", "tests/test_widths.py"])
def test_the_tests_of_every_game_take_the_guides_games_in(project: Path, test: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           test, "-k", "highcard or whist", "--hypothesis-seed=0"],
                          cwd=project, env=_test_env(project), capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert re.search(r"\b[1-9][0-9]* passed", done.stdout) and " failed" not in done.stdout


@pytest.mark.parametrize("check", [["ruff", "check", "."], ["mypy", "scorekeeper"]],
                         ids=["ruff", "mypy"])
def test_the_guides_code_passes_the_projects_checks(project: Path, check: list[str]) -> None:
    """As the project's own code: lint, and mypy --strict (pyproject.toml)."""
    done = subprocess.run([sys.executable, "-m", *check], cwd=project,
                          env={**_test_env(project), "MYPY_CACHE_DIR": str(project / ".mypy")},
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def _test_env(project: Path) -> dict[str, Any]:
    keep = ("PATH", "LANG", "HOME", "XDG_STATE_HOME")
    return {**{k: os.environ[k] for k in keep if k in os.environ},
            "PYTHONPATH": str(project), "COLUMNS": "80"}
