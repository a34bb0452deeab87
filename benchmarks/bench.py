"""Time the installed `scorekeeper` command against the floor of starting Python.

    python benchmarks/bench.py [--runs 15]

The floor is `python -c "import click, tomllib, tomli_w"` in the same environment; each
command is timed side by side with it (runs interleaved, medians compared). Targets (SPEC 9):
recording a deal into a 300-deal session within 1.3x the floor; settling 10,000 deals whose
standing is cached within 2x; showing them within 6x; both growing linearly (20,000 deals
within 2.3x the time of 10,000); the book of 500 sittings of 40 deals within 3x (SPEC 11).
Exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import codec
from scorekeeper.games.loo import GAME, LooDeal, LooSettings
from scorekeeper.games.players import Players
from scorekeeper.session import Session

PLAYERS = ("Ann", "Bob", "Cid", "Dan", "Eve")
FLOOR = [sys.executable, "-c", "import click, tomllib, tomli_w"]
#: Python may cache compiled modules, as it does for anyone who runs the tool twice; the
#: output goes to a pipe, with no terminal width to fit.
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "COLUMNS")}


def scorekeeper() -> str:
    return str(Path(sys.executable).parent / "scorekeeper")


def make_session(path: Path, deals: int, date: datetime.date | None = None,
                 value: str = "1") -> None:
    """A sitting of `deals` hands that are all legal: Cid is always looed, so no hand is a
    single, and the dealer rotation never matters."""
    hands = [
        LooDeal(tricks={"Ann": 2, "Bob": 1, "Cid": 0}),
        LooDeal(tricks={"Bob": 1, "Cid": 0, "Dan": 1, "Eve": 1}, miss="Eve"),
        LooDeal(tricks={"Ann": 3, "Cid": 0}),
    ]
    session = Session(GAME, Players(PLAYERS), LooSettings(),
                      tuple(hands[i % 3] for i in range(deals)), value, name=path.stem,
                      date=date)
    path.write_text(codec.dumps(session), encoding="utf-8")


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


def side_by_side(command: list[str], runs: int, before: list[str] | None = None
                 ) -> tuple[float, float]:
    """Median seconds of the floor and of `command`, runs interleaved. `before` runs
    untimed before each run of `command` (to put a file back as it was)."""
    floor, cost = [], []
    timed(FLOOR)
    timed(command)  # warm the file cache and Python's compiled modules
    for _ in range(runs):
        floor.append(timed(FLOOR))
        if before:
            subprocess.run(before, check=True, env=ENV)
        cost.append(timed(command))
    return statistics.median(floor), statistics.median(cost)


Row = tuple[str, float, float, float | None]


def deal_rows(folder: Path, runs: int) -> list[Row]:
    """Recording a deal into a 300-deal session, with its standing cached: each run puts
    the session and its cache back as they were, so every run records deal 301."""
    path = folder / "deal.toml"
    make_session(path, 300)
    subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                   stdout=subprocess.DEVNULL)  # writes the cached standing
    keep = folder / "keep"
    keep.mkdir()
    for name in ("deal.toml", ".deal.toml.cache"):
        shutil.copy2(folder / name, keep / name)
    restore = [sys.executable, "-c",
               f"import shutil; [shutil.copy2({str(keep)!r} + '/' + n, {str(folder)!r} + '/' + n)"
               " for n in ('deal.toml', '.deal.toml.cache')]"]
    rows = []
    for label, command in (("loo deal", ["loo", "deal"]), ("deal", ["deal"])):
        args = [scorekeeper(), *command, "-s", str(path), "Ann=2", "Bob=1", "Cid=0"]
        floor, cost = side_by_side(args, runs, before=restore)
        rows.append((f"{label} into a 300-deal session", floor, cost, 1.3 if label == "loo deal"
                     else None))
    return rows


def read_rows(folder: Path, runs: int) -> tuple[list[Row], list[Row]]:
    """settle and show of 10,000 and 20,000 deals, their standing cached."""
    rows, growth = [], []
    for command, target in (("settle", 2.0), ("show", 6.0)):
        times = {}
        for size in (10_000, 20_000):
            path = folder / f"s{size}.toml"
            if not path.exists():
                make_session(path, size)
            floor, times[size] = side_by_side([scorekeeper(), command, "-s", str(path)],
                                              max(5, runs // 3))
            rows.append((f"{command} {size:,} deals", floor, times[size],
                         target if size == 10_000 else None))
        growth.append((f"{command} 20,000 / {command} 10,000", times[10_000], times[20_000], 2.3))
    return rows, growth


def book_rows(folder: Path, runs: int) -> list[Row]:
    """The book of a folder of 500 sittings of 40 deals each, their standings cached."""
    club = folder / "club"
    club.mkdir()
    start = datetime.date(2025, 1, 1)
    for i in range(500):
        make_session(club / f"s{i:03}.toml", 40, start + datetime.timedelta(days=i),
                     ("0.05", "0.10", "1")[i % 3])
    command = [scorekeeper(), "--dir", str(club), "book"]
    subprocess.run(command, check=True, env=ENV, stdout=subprocess.DEVNULL)  # the caches
    floor, cost = side_by_side(command, max(5, runs // 2))
    return [("book of 500 sittings of 40 deals", floor, cost, 3.0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    ENV.pop("SCOREKEEPER_SESSION", None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = deal_rows(folder, args.runs)
        read, growth = read_rows(folder, args.runs)
        rows += book_rows(folder, args.runs)
    failed = report(rows + read, growth)
    sys.exit(1 if failed else 0)


def report(rows: list[Row], growth: list[Row]) -> bool:
    print(f"{'what':40} {'floor':>9} {'time':>9} {'ratio':>6} {'target':>7}")
    failed = False
    for what, floor, cost, target in rows:
        ratio = cost / floor
        verdict = ""
        if target is not None:
            failed |= ratio > target
            verdict = f"{target:5.1f}x {'ok' if ratio <= target else 'OVER'}"
        print(f"{what:40} {floor * 1000:7.1f}ms {cost * 1000:7.1f}ms {ratio:5.2f}x {verdict}")
    for what, small, large, target in growth:
        ratio = large / small
        failed |= ratio > (target or 0)
        print(f"{what:40} {'':9} {'':9} {ratio:5.2f}x {target:5.1f}x "
              f"{'ok' if ratio <= (target or 0) else 'OVER'}")
    return failed


if __name__ == "__main__":
    main()
