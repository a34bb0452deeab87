"""docs/adding-a-game.md is true: its three modules, run as written, make a fourth game
that the whole tool plays -- the command line, the file, the cache, show, settle, undo and
amend -- with no other change but the registry's list of names."""

from __future__ import annotations

import json
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.files import codec, tomlread
from scorekeeper.games import GAMES, NAMES
from scorekeeper.session import replay

from .helpers import ROOT, run

GUIDE = ROOT / "docs" / "adding-a-game.md"


def guide_modules() -> dict[str, str]:
    """Each python block of the guide that begins `# scorekeeper/...py`, by module name."""
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL)
    found = {}
    for block in blocks:
        first = block.splitlines()[0]
        if first.startswith("# scorekeeper/") and first.endswith(".py"):
            found[first[2:-3].replace("/", ".")] = block
    return found


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    modules = guide_modules()
    assert list(modules) == ["scorekeeper.games.highcard", "scorekeeper.cli.highcard",
                             "scorekeeper.render.highcard"]
    for name, source in modules.items():  # in the guide's order: rules, cli, render
        module = types.ModuleType(name)
        module.__package__ = name.rpartition(".")[0]
        monkeypatch.setitem(sys.modules, name, module)
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    line = re.search(r'NAMES = \((.*)\)', GUIDE.read_text())
    assert line is not None
    names = tuple(n.strip().strip('"') for n in line.group(1).split(","))
    assert names == (*NAMES, "highcard")
    monkeypatch.setattr(GAMES, "_names", names)
    yield


def test_a_game_made_by_following_the_guide_plays_through_the_whole_tool(
        tmp_path: Path, highcard: None) -> None:
    out = run(tmp_path, "highcard new night --players Ann,Bob,Cid --stake 2").stdout
    assert out.startswith("New High card session 'night'")
    assert run(tmp_path, "deal a").stdout == (
        "Deal 1, dealt by Ann: Ann takes 2 from each.\nNext dealer: Bob.\n")
    run(tmp_path, "highcard deal --winner Cid")
    run(tmp_path, "deal --winner b --dry-run")
    assert run(tmp_path, "deal --winner Zed", code=1).stderr == (
        "Error: unknown player 'Zed': the players are Ann, Bob, Cid\n")
    assert "give the winner: deal WINNER" in run(tmp_path, "deal", code=2).stderr
    assert "give the winner, one name" in run(tmp_path, "deal a b", code=2).stderr
    settle = json.loads(run(tmp_path, "settle --format json").stdout)
    assert {p["name"]: p["net"] for p in settle["players"]} == {"Ann": 2, "Bob": -4, "Cid": 2}
    run(tmp_path, "amend 2 --winner Bob")
    show = json.loads(run(tmp_path, "show --format json").stdout)
    assert [d["winner"] for d in show["deals"]] == ["Ann", "Bob"]
    assert "Bob takes 2 from each" in run(tmp_path, "show").stdout
    run(tmp_path, "undo")
    path = tmp_path / "night.toml"
    assert run(tmp_path, f"check {path}").stdout == f"{path}: ok (highcard, 3 players, 1 deal)\n"
    text = path.read_text()
    assert 'game = "highcard"' in text and '{ winner = "Ann" }' in text
    session = codec.decode(tomlread.parse(text.encode(), "x")[1], "night").session
    assert session is not None and replay(session)[1].balances == {"Ann": 4, "Bob": -2,
                                                                    "Cid": -2}
    assert "highcard" in run(tmp_path, "--help").stdout
