"""Time `check` on a 400-deal Loo sitting with 10 changes after the fact, made by the real
commands (amends spread over the sitting, an undo, paid and reopened):

    python benchmarks/check_history.py [--runs 15]

Prints the median of the installed `scorekeeper check` and of the check itself in-process.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ENV, loo_sitting, scorekeeper, write

CHANGES = [["amend", str(n), "Ann=3", "Cid=0"] for n in (10, 61, 121, 199, 280, 349, 397)]
CHANGES += [["undo"], ["paid"], ["paid", "--undo"]]


def made(folder: Path) -> Path:
    """The sitting, and its ten changes made by the installed command."""
    path = write(folder / "long.toml", loo_sitting("long", 400))
    for change in CHANGES:
        subprocess.run([scorekeeper(), "--dir", str(folder), *change[:1], "-s", "long",
                        *change[1:], "--why", "bench"], check=True, env=ENV, input=b"yes\n",
                       stdout=subprocess.DEVNULL)
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    from scorekeeper.files.checking import check

    with tempfile.TemporaryDirectory() as folder:
        path = made(Path(folder))
        assert path.read_text().count("[[history]]") == 10
        times = []
        for _ in range(runs):
            begin = time.perf_counter()
            subprocess.run([scorekeeper(), "check", str(path)], check=True, env=ENV,
                           stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - begin)
        inside = []
        for _ in range(runs):
            begin = time.perf_counter()
            assert not check(os.fspath(path)).problems
            inside.append(time.perf_counter() - begin)
    print(f"scorekeeper check: {statistics.median(times) * 1000:.0f} ms; "
          f"check() in-process: {statistics.median(inside) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
