"""The short form of a deal, in every game: typed as a scorer says it, read into the same
deal as the long options, and a partial amend that keeps the rest of the deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import play_lines, run

PINOCHLE = "pinochle new sunday --players Ann,Bob,Cid,Dan --date 2026-11-27"
BRIDGE = "bridge new club --players Ann,Bob,Cid,Dan --date 2026-11-27"
LOO = "loo new evening --players Ann,Bob,Cid,Dan --date 2026-11-27"


def inputs(tmp_path: Path) -> list[dict[str, object]]:
    return [d["inputs"] for d in json.loads(run(tmp_path, "show --format json").stdout)["deals"]]


@pytest.mark.parametrize(("new", "short", "long"), [
    (PINOCHLE, "b 350 190 172", "--bidder Bob --bid 350 --meld 190 --took 172"),
    (PINOCHLE, "b 350 400", "--bidder Bob --bid 350 --meld 400"),
    (PINOCHLE, "b 350 190 d", "--bidder Bob --bid 350 --meld 190 --declined"),
    (PINOCHLE, "b 350 190 c", "--bidder Bob --bid 350 --meld 190 --conceded"),
    (PINOCHLE, "b 350 190 x", "--bidder Bob --bid 350 --meld 190 --no-bury"),
    (PINOCHLE, "pass", "--no-bid"),
    (BRIDGE, "h b8 b2d2", "--trump hearts --tricks Bob=8 --honours Bob=2,Dan=2"),
    (BRIDGE, "nt c10 c4", "--trump nt --tricks Cid=10 --honours Cid=4"),
    (BRIDGE, "d a9 x a2c1", "--trump diamonds --tricks Ann=9 --doubled 1 --honours Ann=2,Cid=1"),
    (BRIDGE, "nt a7 -", "--trump nt --tricks Ann=7 --honours none"),
    (BRIDGE, "hj b=8 b=2,d=2", "--trump hearts --tricks Bob=8 --honours Bob=2,Dan=2"),
    (BRIDGE, "sp a12 a4c1 xx void b", "--trump spades --tricks Ann=12 --doubled 2 "
                                      "--honours Ann=4,Cid=1 --chicane Bob"),
    (BRIDGE, "ruder a9 x3 a3", "--trump diamonds --tricks Ann=9 --doubled 3 --honours Ann=3"),
    (LOO, "b=2 c=0 d=1 miss d", "Bob=2 Cid=0 Dan=1 --miss Dan"),
    (LOO, "c=1 a=2 defend", "Cid=1 Ann=2 --defend"),
    (LOO, "pass", "--all-pass"),
    (LOO, "miss b", "--miss Bob"),
])
def test_the_short_form_is_the_same_deal_as_the_long_one(tmp_path: Path, new: str, short: str,
                                                         long: str) -> None:
    play_lines(tmp_path, [new])
    typed = run(tmp_path, f"deal {short}").stdout
    run(tmp_path, "undo")
    assert run(tmp_path, f"deal {long}").stdout == typed
    assert inputs(tmp_path)[0] == inputs(tmp_path)[-1]


@pytest.mark.parametrize(("new", "line", "message"), [
    (PINOCHLE, "deal b", "give his bid"),
    (PINOCHLE, "deal b 35x 190", "'35x' is not a bid, a whole number"),
    (PINOCHLE, "deal b 350", "give his meld after the bid: BIDDER BID MELD (0 if he had none)"),
    (PINOCHLE, "deal b 350 d", "give his meld before how the deal ended: BIDDER BID MELD d"),
    (BRIDGE, "deal h b8 b2d2 x1234567890", "'x1234567890' is more doublings than a deal can"),
    (PINOCHLE, "deal b 350 190 172 9", "'9': a deal is BIDDER BID MELD and how it ended"),
    (PINOCHLE, "deal b 350 190 q", "'q' is not the card points he took (or d, c or x)"),
    (PINOCHLE, "deal b 350 190 172 --took 150", "--took is given twice"),
    (BRIDGE, "deal q b8", "'q' is not one of spades"),
    (BRIDGE, "deal h bob", "give a side's tricks as a player and a number, like b8 (b=8)"),
    (BRIDGE, "deal h b8 b2d2 b2d2", "the honours given twice"),
    (BRIDGE, "deal h b8 zz", "'zz' is not honours (b2d2), a doubling (x, xx) or void P"),
    (BRIDGE, "deal h b8 b2d2 --trump s", "--trump is given twice"),
    (LOO, "deal b=2 c=1 miss", "give the player who took miss (miss P)"),
    (LOO, "deal shwo", "'shwo' is not a player's tricks (b2, Bob=2), miss P, defend, pass or "
                            "order"),
    (LOO, "deal b=2 c=1 miss c miss b", "miss is given twice"),
])
def test_a_short_form_that_cannot_be_read_is_a_usage_error(tmp_path: Path, new: str,
                                                           line: str, message: str) -> None:
    play_lines(tmp_path, [new])
    before = (tmp_path / f"{new.split()[2]}.toml").read_bytes()
    result = run(tmp_path, line, code=2)
    assert message in result.stderr
    assert (tmp_path / f"{new.split()[2]}.toml").read_bytes() == before


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 40) | st.integers(0, 10**9 - 1))
def test_x_and_any_number_is_that_many_doublings(tmp_path: Path, times: int) -> None:
    """xN is --doubled N for every N a deal may be typed with: x100 is refused as a
    hundred doublings are, never read as honours of a player called x."""
    import tempfile

    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    play_lines(folder, [BRIDGE])
    code = 0 if times <= 10 else 1
    short = run(folder, f"deal h a10 a2c1 x{times} --dry-run", code=code)
    long = run(folder, f"deal --trump h --tricks Ann=10 --honours Ann=2,Cid=1 --doubled {times} "
                       "--dry-run", code=code)
    assert short.output == long.output


def test_the_meld_that_makes_the_bid_takes_no_fourth_word(tmp_path: Path) -> None:
    play_lines(tmp_path, [PINOCHLE])
    assert run(tmp_path, "deal b 350 400 172", code=1).stderr == (
        "Error: meld 400 makes the bid of 350: the contract is won on meld without play, so "
        "there are no card points to give\n")


def test_a_partial_amend_keeps_the_rest_of_the_deal(tmp_path: Path) -> None:
    play_lines(tmp_path, [PINOCHLE, "deal b 350 190 172", "deal c 300 310"])
    run(tmp_path, "amend 1 --took 150")
    run(tmp_path, "amend 2 --meld 250 --conceded")
    assert inputs(tmp_path) == [
        {"bidder": "Bob", "bid": 350, "meld": 190, "took": 150},
        {"bidder": "Cid", "bid": 300, "meld": 250, "conceded": True}]
    run(tmp_path, "amend 2 --took 60")  # one way a deal ended replaces the other
    assert inputs(tmp_path)[1] == {"bidder": "Cid", "bid": 300, "meld": 250, "took": 60}
    run(tmp_path, "amend 2 --no-bid")  # nobody bid: the rest goes
    assert inputs(tmp_path)[1] == {"no_bid": True}
    run(tmp_path, "amend 2 c 300 310")  # the short form gives the whole deal again
    assert inputs(tmp_path)[1] == {"bidder": "Cid", "bid": 300, "meld": 310}
    assert "give deal 1's new inputs" in run(tmp_path, "amend 1", code=2).stderr


def test_a_partial_amend_of_bridge_and_loo(tmp_path: Path) -> None:
    play_lines(tmp_path, [BRIDGE, "deal h b8 b2d2", "deal nt c10 c4"])
    run(tmp_path, "amend 1 --honours b=3")
    run(tmp_path, "amend 2 --doubled 1")
    assert inputs(tmp_path) == [
        {"trump": "hearts", "tricks": {"Bob": 8}, "honours": {"Bob": 3}},
        {"trump": "notrumps", "tricks": {"Cid": 10}, "doubled": 1, "honours": {"Cid": 4}}]
    (tmp_path / ".current").unlink()
    play_lines(tmp_path, [LOO, "deal b=2 c=0 d=1 miss d", "deal a=2 c=1"])
    run(tmp_path, "amend 1 --miss c")
    run(tmp_path, "amend 2 --all-pass")
    assert inputs(tmp_path) == [
        {"tricks": {"Bob": 2, "Cid": 0, "Dan": 1}, "miss": "Cid"}, {"all_pass": True}]


def test_a_typical_deal_of_every_game_takes_at_most_16_keys() -> None:
    """The line typed at the prompt, and Enter."""
    typical = {"loo": "a=1 b=2 c=0", "pinochle": "b 350 190 172", "bridge": "h b8 b2d2"}
    assert {game: len(line) + 1 for game, line in typical.items()} == {
        "loo": 12, "pinochle": 14, "bridge": 10}
    assert all(len(line) + 1 <= 16 for line in typical.values())


def test_deal_help_shows_the_short_form_first(tmp_path: Path) -> None:
    play_lines(tmp_path, [PINOCHLE])
    text = run(tmp_path, "deal --help").stdout
    assert "deal [OPTIONS] BIDDER BID MELD [TOOK|d|c|x]" in text
    assert text.index("deal b 350 190 172") < text.index("--bidder Ann --bid 350")
