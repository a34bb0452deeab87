"""The table now at the command line: what the real completion offers (prompt_toolkit's
completer of `play` and click's shell completion alike) after people come and go, what
`join`, `leave` and `bridge rubber --teams` refuse, and who deals, through the command
functions, with undo, against the model of tests/test_tablenow.py."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import play_lines, run
from .test_tablenow import NAMES, Model, entry_for, steps

DATE = "--date 2026-11-27"


def offered(tmp_path: Path, name: str, text: str) -> list[str]:
    """What Tab offers at the prompt of `play` after `text`."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    completer = PlayCompleter(Shell(ctx, str(tmp_path / f"{name}.toml")))
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]


@contextmanager
def folder(tmp_path: Path) -> Iterator[None]:
    """The session folder given as the shell gives it: in the environment."""
    saved = {k: os.environ.get(k) for k in ("SCOREKEEPER_DIR", "SCOREKEEPER_SESSION")}
    os.environ["SCOREKEEPER_DIR"] = str(tmp_path)
    os.environ.pop("SCOREKEEPER_SESSION", None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def completed(tmp_path: Path, line: str) -> list[str]:
    """What the shell's Tab offers after `scorekeeper LINE` (click's shell completion, in
    this process)."""
    from click.shell_completion import ShellComplete

    from scorekeeper.cli import cli

    words = line.split()
    args, incomplete = (words, "") if line.endswith(" ") else (words[:-1], words[-1])
    with folder(tmp_path):
        found = ShellComplete(cli, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE").get_completions(
            args, incomplete)
    return [item.value for item in found]


def both(tmp_path: Path, name: str, line: str) -> list[str]:
    """What the prompt and the shell offer after `line` (at the shell, a game's own
    command after its game): the same, or the test fails."""
    at_prompt = offered(tmp_path, name, line)
    shell = f"bridge {line}" if line.startswith("rubber") else line
    assert completed(tmp_path, shell) == at_prompt, line
    return at_prompt


# --- the cases ---------------------------------------------------------------------


def test_loo_completes_who_joined_and_not_who_left(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"loo new e --players Ann,Bo,Cid,Dan {DATE}", "deal pass",
                          "leave Bo", "join Nina"])
    names = ["Ann=", "Cid=", "Dan=", "Nina="]
    assert [w for w in offered(tmp_path, "e", "") if w.endswith("=")] == names
    assert both(tmp_path, "e", "deal ")[:4] == names
    assert both(tmp_path, "e", "deal a=1 --miss ") == ["Ann", "Cid", "Dan", "Nina"]
    assert both(tmp_path, "e", "deal --order a,") == ["a,Ann", "a,Cid", "a,Dan", "a,Nina"]


def test_pinochles_contractor_is_one_who_plays(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"pinochle new p --players Ann,Bob,Cid,Dan {DATE}", "leave Cid",
                          "join Eve"])  # Ann deals and sits out
    assert both(tmp_path, "p", "deal ") == ["Bob", "Dan", "Eve", "pass"]
    assert both(tmp_path, "p", "deal --bidder ") == ["Bob", "Dan", "Eve"]
    assert both(tmp_path, "p", "deal --dealer ") == ["Ann", "Bob", "Dan", "Eve"]


def test_rubber_teams_completes_everyone_seated_each_once(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"bridge new b --players Anne,Bob,Cid,Dan {DATE}", "join Eve"])
    assert both(tmp_path, "b", "rubber --teams ") == ["Anne", "Bob", "Cid", "Dan", "Eve"]
    assert both(tmp_path, "b", "rubber --teams Anne,") == ["Anne,Bob", "Anne,Cid", "Anne,Dan",
                                                           "Anne,Eve"]
    assert both(tmp_path, "b", "rubber --teams a,C/") == ["a,C/Bob", "a,C/Dan", "a,C/Eve"]
    assert completed(tmp_path, "bridge rubber --teams Anne,E") == ["Anne,Eve"]
    assert both(tmp_path, "b", "deal h ") == ["Anne", "Bob", "Cid", "Dan"]  # Eve is out
    assert both(tmp_path, "b", "deal nt a9 --chicane ") == ["Anne", "Bob", "Cid", "Dan"]


def test_leave_join_and_pay_complete_their_players(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"loo new e --players Ann,Bob,Cid,Dan {DATE}", "deal b=3 a=0",
                          "leave Dan", f"pinochle new p --players Eve,Fay,Gus {DATE}",
                          "use e"])
    assert both(tmp_path, "e", "leave ") == ["Ann", "Bob", "Cid"]
    assert both(tmp_path, "e", "join Zoe --after ") == ["Ann", "Bob", "Cid"]
    assert both(tmp_path, "e", "join ") == ["Dan"]  # who left may come back
    assert offered(tmp_path, "e", "pay ") == ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
    assert completed(tmp_path, "pay ") == offered(tmp_path, "e", "pay ")
    assert both(tmp_path, "e", "pay Bob ") == ["Ann", "Cid", "Dan", "Eve", "Fay", "Gus"]
    assert both(tmp_path, "e", "pay Bob A") == ["Ann"]
    assert both(tmp_path, "e", "pay Bob Ann ") == []
    assert completed(tmp_path, "book --player F") == ["Fay"]


def test_who_is_named_in_the_next_rubber_cannot_leave(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"bridge new b --players Ann,Bob,Cid,Dan,Eve {DATE}",
                          "deal nt a9 -", "bridge rubber --teams Eve,Cid/Bob,Dan"])
    before = (tmp_path / "b.toml").read_bytes()
    assert run(tmp_path, "leave Eve", code=1).stderr == (
        "Error: Eve is named in the partnerships set for rubber 2 (Eve & Cid v Bob & Dan): "
        "change the teams first ('bridge rubber --teams'), then Eve may leave\n")
    assert (tmp_path / "b.toml").read_bytes() == before
    run(tmp_path, "bridge rubber --teams Ann,Cid/Bob,Dan")  # the way out
    assert run(tmp_path, "leave Eve").stdout.startswith("Eve leaves the table")
    assert "has left the table already" in run(tmp_path, "bridge rubber --teams Eve,Cid/Bob,Dan",
                                               code=1).stderr
    assert run(tmp_path, f"check {tmp_path / 'b.toml'}").stdout.endswith("1 deal)\n")


def test_leave_twice_says_he_has_left(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"loo new e --players Ann,Bob,Cid,Dan {DATE}", "leave Ann"])
    assert run(tmp_path, "leave Ann", code=1).stderr == (
        "Error: Ann has left the table already\n")
    assert run(tmp_path, "leave a", code=1).stderr == "Error: Ann has left the table already\n"
    assert run(tmp_path, "join ann").stdout.startswith("Ann joins the table")


def test_a_change_made_mid_rubber_and_overridden_decides_nothing(tmp_path: Path) -> None:
    """The issue's case, through the commands."""
    play_lines(tmp_path, [f"bridge new r --players A,B,C,D {DATE}", "deal nt a9 -",
                          "bridge rubber --teams B,A/C,D", "deal nt a9 -"])  # A, B dealt
    assert show(tmp_path)["next_dealer"] == "B"
    run(tmp_path, "bridge rubber --teams A,C/B,D")
    assert show(tmp_path)["next_dealer"] == "C"
    assert offered(tmp_path, "r", "")[0] == "show"
    assert "deal 3 · C deals · rubber 2" in prompt_line(tmp_path, "r")


def show(tmp_path: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(tmp_path, "show --format json").stdout)
    return found


def prompt_line(tmp_path: Path, name: str) -> str:
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell

    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    return Shell(ctx, str(tmp_path / f"{name}.toml")).prompt()


# --- random sittings through the commands -------------------------------------------------


def command_for(model: Model, entry: tuple[Any, ...]) -> str:
    kind = entry[0]
    if kind == "join":
        return f"join {entry[1]}" + (f" --after {entry[2]}" if entry[2] else "")
    if kind in ("leave", "gone"):
        return f"leave {entry[1]}"
    if kind == "change":
        (a, b), (c, d) = entry[1].sides
        return f"bridge rubber --teams {a},{b}/{c},{d}"
    dealer = f" --dealer {entry[3]}" if entry[3] else ""
    if model.game != "bridge":
        return "deal pass" + dealer
    return f"deal nt {entry[1]}{9 if entry[2] == 36 else 7} -" + dealer


def refused(model: Model, at: dict[str, Any], entry: tuple[Any, ...]) -> bool:
    """Whether the command is to be refused: the model's rules, and at the command line
    a change to the partnerships already to come (a slip)."""
    from .test_tablenow import expected_refusal

    if entry[0] == "change" and entry[1] == model.upcoming(at):
        return True
    return expected_refusal(model, at, entry)


def sitting_through_commands(game: str, size: int, drawn: list[Any]) -> None:
    tmp_path = Path(tempfile.mkdtemp())
    try:
        model = Model(game, tuple("ABCDEF"[:size]))
        run(tmp_path, f"{game} new s --players {','.join(model.players)} {DATE}")
        for step in drawn:
            _step(tmp_path, model, step)
            at = model.fold()
            assert show(tmp_path)["next_dealer"] == model.next_dealer(at)
            free = [p for p in at["seated"] if model.may_leave(at, p, counted=False)]
            assert offered(tmp_path, "s", "leave ") == free
            assert completed(tmp_path, "leave ") == free
            plays = offered(tmp_path, "s", "deal nt " if game == "bridge" else "deal ")
            names = {*NAMES, *(f"{p}=" for p in NAMES)}
            assert set(plays) & names == {f"{p}=" if game == "loo" else p
                                          for p in model.four(at)}
    finally:
        shutil.rmtree(tmp_path)


def _step(tmp_path: Path, model: Model, step: Any) -> None:
    at = model.fold()
    if step[0] == "undo":
        run(tmp_path, "undo", code=0 if model.entries else 1)
        if model.entries:
            model.entries.pop()
        return
    made = entry_for(model, at, step)
    if made is None:
        return
    entry = made[0]
    line = command_for(model, entry)
    if refused(model, at, entry):
        run(tmp_path, line, code=1)
    else:
        run(tmp_path, line)
        model.entries.append(entry)


@pytest.mark.parametrize("game", ["bridge", "pinochle", "loo"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(4, 5), drawn=steps)
def test_random_sittings_through_the_commands(game: str, size: int, drawn: list[Any]) -> None:
    """Each command refused or done as the rules say; after each, who deals and whom the
    completion of leave and of a deal offers are the model's."""
    sitting_through_commands(game, size, drawn[:16])


@pytest.mark.parametrize("game, first, later", [
    ("loo", "deal a1 b2 c0", "deal a1 b2 e0"),
    ("pinochle", "deal pass", "deal pass"),
    ("bridge", "deal nt a9 -", "deal nt a9 -"),
])
def test_amend_n_completes_the_players_as_deal_n_was_dealt(tmp_path: Path, game: str,
                                                           first: str, later: str) -> None:
    """Dan leaves and Eve joins after deal 1: amend 1 names Dan's table, amend 2 Eve's;
    at the prompt and in the shell, from one answer (the table as deal N was dealt)."""
    players = "Ann,Bob,Cid,Dan,Eve" if game == "bridge" else "Ann,Bob,Cid,Dan"
    setup = [f"{game} new s --players {players} {DATE}", first]
    if game == "bridge":  # Eve sat out rubber 1; after it, the next four are set without Dan
        setup += ["deal nt a9 -", "bridge rubber --teams Ann,Cid/Bob,Eve", "leave Dan",
                  "join Fay", later]
    else:
        setup += ["leave Dan", "join Eve", later]
    play_lines(tmp_path, setup)
    now = show(tmp_path)
    word = "nt " if game == "bridge" else ""
    last = len(now["deals"])
    for number in (1, last):
        played = set(now["deals"][number - 1]["players"]) if "players" in now["deals"][
            number - 1] else None
        line = f"amend {number} {word}"
        people = {"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"}
        at_prompt = {n.removesuffix("=") for n in offered(tmp_path, "s", line)} & people
        in_shell = {n.removesuffix("=") for n in completed(tmp_path, line)} & people
        assert at_prompt == in_shell, (number, at_prompt, in_shell)
        assert ("Dan" in at_prompt) == (number == 1), (number, at_prompt)
        if played is not None:
            assert at_prompt <= set(played) | {"Eve", "Fay"}
