"""What the stateful test (test_stateful.py) found, each as the shortest sitting that shows
it (test_stateful.FOUND). While a bug is open (test_stateful.KNOWN_BUGS) its test is a strict
xfail and the random sittings leave that check out; once it is fixed, drop it from
KNOWN_BUGS: its test here passes like any other, and the random sittings check it too."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from .helpers import play_lines, run
from .test_stateful import FOUND, KNOWN_BUGS

FIVE = "Ann,Bob,Cid,Dan,Eve"
F = TypeVar("F", bound=Callable[..., Any])


def offered(folder: Path, name: str, line: str) -> list[str]:
    """What the prompt of `play` offers after `line` (each text, a player's as Ann=)."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    ctx = cli.make_context("scorekeeper", ["--dir", str(folder), "show"], obj=RunState())
    completer = PlayCompleter(Shell(ctx, str(folder / f"{name}.toml")))
    return [c.text for c in completer.get_completions(Document(line), CompleteEvent())]


def players_in(texts: list[str], names: str) -> list[str]:
    known = names.split(",")
    return [t.removesuffix("=") for t in texts if t.removesuffix("=") in known]


def bug(game: str, check: str) -> Callable[[F], F]:
    """A strict xfail while the bug is open (in KNOWN_BUGS); once fixed, a test like any
    other."""
    assert (game, check) in FOUND
    if (game, check) not in KNOWN_BUGS:
        return lambda test: test
    mark: Callable[[F], F] = pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[(game, check)])
    return mark


@bug("*", "leave")
def test_leave_completes_the_players_who_may_leave(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan"])
    assert players_in(offered(tmp_path, "s", "leave "), "Ann,Bob,Cid,Dan") == [
        "Ann", "Bob", "Cid", "Dan"]


@bug("*", "pay")
def test_pay_completes_the_players(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan"])
    assert players_in(offered(tmp_path, "s", "pay "), "Ann,Bob,Cid,Dan") == [
        "Ann", "Bob", "Cid", "Dan"]


@bug("*", "join --after")
def test_join_after_completes_the_table_now(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan", "join Eve", "leave Bob"])
    assert players_in(offered(tmp_path, "s", "join Fay --after "), "Ann,Bob,Cid,Dan,Eve") == [
        "Ann", "Cid", "Dan", "Eve"]


@bug("bridge", "rubber --teams")
def test_rubber_teams_completes_everyone_seated(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"bridge new s --players {FIVE}", "join Fay"])
    assert players_in(offered(tmp_path, "s", "rubber --teams "), f"{FIVE},Fay") == [
        "Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


@bug("loo", "deal")
def test_a_loo_deal_completes_the_table_now(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan", "leave Dan", "join Eve"])
    assert players_in(offered(tmp_path, "s", ""), "Ann,Bob,Cid,Dan,Eve") == [
        "Ann", "Bob", "Cid", "Eve"]


@bug("pinochle", "deal")
def test_a_pinochle_deal_completes_the_contractors_of_the_table_now(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new s --players Ann,Bob,Cid,Dan", "leave Dan"])
    # three at the table: all three play, the dealer too
    assert sorted(players_in(offered(tmp_path, "s", ""), "Ann,Bob,Cid,Dan")) == [
        "Ann", "Bob", "Cid"]


@bug("bridge", "deal")
def test_a_bridge_deal_completes_the_players_of_the_rubber(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"bridge new s --players {FIVE}", "join Fay --after Bob"])
    # rubber 1 is Ann & Cid v Bob & Dan, as `new` said: the newcomer sits out
    run(tmp_path, "deal --trump nt --tricks Dan=7 --honours none --dry-run")
    assert sorted(players_in(offered(tmp_path, "s", "h "), f"{FIVE},Fay")) == [
        "Ann", "Bob", "Cid", "Dan"]


@bug("bridge", "leave of a pending partner")
def test_a_player_in_the_next_rubbers_partnerships_cannot_leave(tmp_path: Path) -> None:
    """SPEC §4: a player named in a pending change cannot leave until it is altered."""
    play_lines(tmp_path, [f"bridge new s --players {FIVE}",
                          "deal --trump spades --tricks Ann=7 --honours Ann=3",
                          "bridge rubber --teams Ann,Eve/Bob,Cid"])
    before = (tmp_path / "s.toml").read_bytes()
    result = run(tmp_path, "leave Eve", code=1)
    assert result.stderr.startswith("Error: ")
    assert (tmp_path / "s.toml").read_bytes() == before


@bug("bridge", "dealer after unchanged partnerships")
def test_partnerships_that_never_played_decide_no_dealer(tmp_path: Path) -> None:
    """SPEC §4: a change made in the middle of rubber 1, replaced once it is won by the
    partnerships just played, never took effect: the deal goes on round the table."""
    play_lines(tmp_path, [f"bridge new s --players {FIVE}",
                          "deal --trump spades --tricks Ann=7 --honours Ann=3",  # Ann deals
                          "bridge rubber --teams Ann,Eve/Bob,Cid",
                          "deal --trump nt --tricks Ann=13 --honours none",  # Bob: game
                          "deal --trump nt --tricks Ann=13 --honours none",  # Cid: rubber
                          "bridge rubber --teams Ann,Cid/Bob,Dan"])  # as rubber 1 was
    shown = json.loads(run(tmp_path, "show --format json").stdout)
    assert shown["next_dealer"] == "Dan"  # after Ann, Bob, Cid: Dan, as if never changed


@bug("bridge", "rubber --teams")
def test_rubber_teams_completes_a_partner_not_named_yet(tmp_path: Path) -> None:
    play_lines(tmp_path, [f"bridge new s --players {FIVE}"])
    texts = offered(tmp_path, "s", "rubber --teams Ann,")
    assert "Ann,Ann" not in texts
    assert texts == ["Ann,Bob", "Ann,Cid", "Ann,Dan", "Ann,Eve"]


@bug("loo", "amend keeps the dealer")
def test_an_amend_of_the_tricks_keeps_the_dealer_the_deal_named(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan", "deal Ann=2 Bob=1 --dealer Cid",
                          "deal Ann=2 Bob=1"])  # dealt by Dan, after Cid
    run(tmp_path, "amend 1 Ann=1 Bob=2")
    shown = json.loads(run(tmp_path, "show --format json").stdout)
    assert [d["dealer"] for d in shown["deals"]] == ["Cid", "Dan"]


@bug("*", "leave twice")
def test_leaving_twice_says_he_has_left(tmp_path: Path) -> None:
    play_lines(tmp_path, ["loo new s --players Ann,Bob,Cid,Dan", "leave Ann"])
    err = run(tmp_path, "leave Ann", code=1).stderr
    assert "unknown player" not in err and "Ann" in err


def shell_offers(folder: Path, line: str) -> list[str]:
    """What the shell's completion (click's, bash) offers after `scorekeeper LINE`."""
    from click.testing import CliRunner

    from scorekeeper.cli import cli

    words = f"scorekeeper {line}"
    result = CliRunner().invoke(cli, [], prog_name="scorekeeper", env={
        "SCOREKEEPER_DIR": str(folder), "SCOREKEEPER_SESSION": None,
        "_SCOREKEEPER_COMPLETE": "bash_complete", "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()))})
    assert result.exit_code == 0
    return [item.partition(",")[2] for item in result.output.splitlines()]


SHELL = [  # (game, check): the sitting, the line, the players it should offer
    (("*", "shell pay"), ["loo new s --players Ann,Bob,Cid,Dan"], "pay ",
     ["Ann", "Bob", "Cid", "Dan"]),
    (("*", "shell leave"), ["loo new s --players Ann,Bob,Cid,Dan", "leave Dan"], "leave ",
     ["Ann", "Bob", "Cid"]),
    (("*", "shell join --after"), ["loo new s --players Ann,Bob,Cid,Dan", "leave Dan"],
     "join Eve --after ", ["Ann", "Bob", "Cid"]),
    (("bridge", "shell rubber --teams"), [f"bridge new s --players {FIVE}"],
     "bridge rubber --teams ", FIVE.split(",")),
    (("pinochle", "shell --bidder"), ["pinochle new s --players Ann,Bob,Cid,Dan"],
     "deal --bidder ", ["Bob", "Cid", "Dan"]),  # Ann deals and sits out
    (("loo", "shell deal"), ["loo new s --players Ann,Bob,Cid,Dan", "leave Dan", "join Eve"],
     "deal ", ["Ann=", "Bob=", "Cid=", "Eve="]),
    (("pinochle", "shell deal"), ["pinochle new s --players Ann,Bob,Cid,Dan", "leave Dan"],
     "deal ", ["Ann", "Bob", "Cid"]),
    (("bridge", "shell deal"), [f"bridge new s --players {FIVE}", "join Fay --after Bob"],
     "deal h ", ["Ann", "Bob", "Cid", "Dan"]),
]


@pytest.mark.parametrize(("known", "lines", "line", "expected"), [
    pytest.param(known, lines, line, expected, id=f"{known[0]}-{known[1]}",
                 marks=() if known not in KNOWN_BUGS else pytest.mark.xfail(
                     strict=True, reason=KNOWN_BUGS[known]))
    for known, lines, line, expected in SHELL])
def test_shell_completion_offers_who_may_be_named(tmp_path: Path, known: tuple[str, str],
                                                  lines: list[str], line: str,
                                                  expected: list[str]) -> None:
    play_lines(tmp_path, lines)
    names = {"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"}
    offered = [t for t in shell_offers(tmp_path, line) if t.removesuffix("=") in names]
    assert sorted(offered) == sorted(expected)


@bug("pinochle", "--bidder")
def test_bidder_at_the_prompt_offers_the_contractors(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new s --players Ann,Bob,Cid,Dan"])  # Ann deals, sits out
    assert sorted(players_in(offered(tmp_path, "s", "--bidder "), "Ann,Bob,Cid,Dan")) == [
        "Bob", "Cid", "Dan"]
