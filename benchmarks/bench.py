"""Time the installed `scorekeeper` command against the floor of starting Python.

    python benchmarks/bench.py [--runs 15]

The floor is `python -c "import click, tomllib, tomli_w"` in the same environment; each
command is timed side by side with it (runs interleaved, medians compared). Targets (SPEC 9):
recording a deal into a 300-deal session within 1.3x the floor; settling 10,000 deals within
10x the floor; settling 20,000 deals within 2.3x settling 10,000 (cost grows linearly).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import store
from scorekeeper.games.loo import LooDeal, LooSettings
from scorekeeper.session import Session

PLAYERS = ("Ann", "Bob", "Cid", "Dan", "Eve")
FLOOR = [sys.executable, "-c", "import click, tomllib, tomli_w"]


def scorekeeper() -> str:
    return str(Path(sys.executable).parent / "scorekeeper")


def make_session(path: Path, deals: int) -> None:
    """A sitting of `deals` hands that are all legal: Cid is always looed, so no hand is a
    must, and the dealer rotation never matters."""
    hands = [
        LooDeal(tricks={"Ann": 2, "Bob": 1, "Cid": 0}),
        LooDeal(tricks={"Bob": 1, "Cid": 0, "Dan": 1, "Eve": 1}, miss="Eve"),
        LooDeal(tricks={"Ann": 3, "Cid": 0}),
    ]
    session = Session("loo", PLAYERS, LooSettings(), [hands[i % 3] for i in range(deals)])
    store.write_atomic(path, store.dumps(session))


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def side_by_side(command: list[str], runs: int) -> tuple[float, float]:
    """Median seconds of the floor and of `command`, runs interleaved."""
    floor, cost = [], []
    timed(FLOOR), timed(command)  # warm the file cache
    for _ in range(runs):
        floor.append(timed(FLOOR))
        cost.append(timed(command))
    return statistics.median(floor), statistics.median(cost)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    os.environ.pop("SCOREKEEPER_SESSION", None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deal_file = folder / "deal.toml"
        make_session(deal_file, 300)
        deal = [scorekeeper(), "loo", "deal", "-s", str(deal_file), "Ann=2", "Bob=1", "Cid=0"]
        floor, deal_time = side_by_side(deal, args.runs)
        rows: list[tuple[str, float, float, float, float | None]] = [
            ("record a deal (300-deal session)", floor, deal_time, deal_time / floor, 1.3)
        ]
        settle_times = {}
        for size in (10_000, 20_000):
            path = folder / f"s{size}.toml"
            make_session(path, size)
            floor, settle_times[size] = side_by_side(
                [scorekeeper(), "settle", "-s", str(path)], max(5, args.runs // 3)
            )
            rows.append((f"settle {size:,} deals", floor, settle_times[size],
                         settle_times[size] / floor, 10.0 if size == 10_000 else None))
    print(f"{'what':36} {'floor':>8} {'time':>8} {'ratio':>6} {'target':>7}")
    failed = False
    for what, floor, cost, ratio, target in rows:
        verdict = ""
        if target is not None:
            failed |= ratio > target
            verdict = f"{target:5.1f}x {'ok' if ratio <= target else 'OVER'}"
        print(f"{what:36} {floor * 1000:7.1f}ms {cost * 1000:7.1f}ms {ratio:5.2f}x {verdict}")
    growth = settle_times[20_000] / settle_times[10_000]
    failed |= growth > 2.3
    print(f"{'settle 20,000 / settle 10,000':36} {'':8} {'':8} {growth:5.2f}x {2.3:5.1f}x "
          f"{'ok' if growth <= 2.3 else 'OVER'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
