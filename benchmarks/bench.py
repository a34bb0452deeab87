"""Time the installed `scorekeeper` command against the floor of starting Python.

    python benchmarks/bench.py [--runs 15] [--only NAME ...]

The floor is `python -c "import click, tomllib, tomli_w"` in the same environment; each
command is timed side by side with it (runs interleaved, medians compared). Targets (SPEC 9,
11 and the issues since): recording a deal into a 300-deal session within 1.3x the floor,
and into one laid out by hand or by tomli-w within 1.1x of that, and a Pinochle and a
Bridge deal into their own 300-deal sessions within 1.3x too; settling 10,000 deals whose
standing is cached within 2x; showing them within 6x; both growing linearly (20,000 deals
within 2.3x the time of 10,000); the book of 500 sittings of 40 deals within 3x, and `stats`
over them within 3x; `pay` into the bundled month (sessions/club) within 1.3x, and the book
of the 500 sittings beside 1,000 payments within 3x, and a payment into it within 1.3x;
every folder command (book, stats, sessions, pay) growing linearly or better from 50
sittings to 500; `undo` and `amend` at 200,000 deals within 3 s; `play` at
most 5 ms a piped deal line at 300 deals; `show` of 100,000 Bridge deals within 2x of
100,000 Pinochle deals, in under 500 MB; `sheet` of a
40-deal evening within 1 s. Exits 1 if a target is missed.
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
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.files import codec
from scorekeeper.games import GAMES
from scorekeeper.games.bridge import BridgeDeal, BridgeSettings
from scorekeeper.games.loo import LooDeal, LooSettings
from scorekeeper.games.pinochle import PinochleDeal, PinochleSettings
from scorekeeper.games.players import Players
from scorekeeper.games.rubber import Strain
from scorekeeper.session import AnySession, Session

PLAYERS = ("Ann", "Bob", "Cid", "Dan", "Eve")
FLOOR = [sys.executable, "-c", "import click, tomllib, tomli_w"]
#: Python may cache compiled modules, as it does for anyone who runs the tool twice; the
#: output goes to a pipe, with no terminal width to fit.
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "COLUMNS",
                                                         "SCOREKEEPER_SESSION")}


def scorekeeper() -> str:
    return str(Path(sys.executable).parent / "scorekeeper")


def loo_sitting(name: str, deals: int, date: datetime.date = datetime.date(2026, 11, 27),
                value: str = "1") -> AnySession:
    """A sitting of `deals` hands that are all legal: Cid is always looed, so no hand is a
    single, and the dealer rotation never matters. It has its day, as every sitting `new`
    makes (one without is given its day by its first change: a rewrite, once)."""
    hands = [
        LooDeal(tricks={"Ann": 2, "Bob": 1, "Cid": 0}),
        LooDeal(tricks={"Bob": 1, "Cid": 0, "Dan": 1, "Eve": 1}, miss="Eve"),
        LooDeal(tricks={"Ann": 3, "Cid": 0}),
    ]
    return Session(GAMES["loo"], Players(PLAYERS), LooSettings(),
                   tuple(hands[i % 3] for i in range(deals)), value, name=name, date=date)


def pinochle_sitting(name: str, deals: int) -> AnySession:
    """Three players, so everyone plays every deal; contracts made on the meld. Dated, as
    every sitting `new` makes (an undated one is dated by its first write: a rewrite)."""
    return Session(GAMES["pinochle"], Players(PLAYERS[:3]), PinochleSettings(),
                   tuple(PinochleDeal(PLAYERS[i % 3], 300, 300) for i in range(deals)), name=name,
                   date=datetime.date(2026, 11, 27))


def bridge_sitting(name: str, deals: int) -> AnySession:
    """Four players; one odd trick in no trumps a deal, so a rubber every six deals."""
    return Session(GAMES["bridge"], Players(PLAYERS[:4]), BridgeSettings(),
                   tuple(BridgeDeal(Strain.NO_TRUMPS, PLAYERS[i % 2], 7) for i in range(deals)),
                   name=name, date=datetime.date(2026, 11, 27))


def write(path: Path, session: AnySession) -> Path:
    path.write_text(codec.dumps(session), encoding="utf-8")
    return path


def hand_laid(path: Path, session: AnySession) -> Path:
    """The session as a person might lay it out: [[deals]] tables, comments."""
    text = codec.dumps(session)
    head, _, rest = text.partition("deals = [\n")
    _, _, tail = rest.partition("]\n")
    tables = "".join(f"\n# deal {i + 1}\n[[deals]]\n" + "".join(
        f"{k} = {v}\n" for k, v in _pairs(session.game.entry_to_data(e)))
        for i, e in enumerate(session.entries))
    path.write_text("# our Tuesday\n" + head + tail + tables, encoding="utf-8")
    return path


def tomli_w_written(path: Path, session: AnySession) -> Path:
    """The session as tomli-w writes it: players one name a line, [[deals]] tables."""
    import tomli_w

    data = {**codec.top_data(session), "deals": codec.entries_data(session)}
    path.write_text(tomli_w.dumps(data, multiline_strings=False), encoding="utf-8")
    return path


def _pairs(entry: dict[str, object]) -> list[tuple[str, str]]:
    from scorekeeper.files import tomltext

    return [(tomltext.key(k), tomltext.value(v)) for k, v in entry.items()]


def timed(command: list[str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENV, input=stdin)
    return time.perf_counter() - start


def side_by_side(command: list[str], runs: int, before: Callable[[], None] | None = None,
                 stdin: bytes | None = None) -> tuple[float, float]:
    """Median seconds of the floor and of `command`, runs interleaved. `before` runs
    untimed before each run of `command` (to put a file back as it was)."""
    floor, cost = [], []
    timed(FLOOR)
    if before:
        before()
    timed(command, stdin)  # warm the file cache and Python's compiled modules
    for _ in range(runs):
        floor.append(timed(FLOOR))
        if before:
            before()
        cost.append(timed(command, stdin))
    return statistics.median(floor), statistics.median(cost)


class Row(NamedTuple):
    what: str
    shown: str
    """The times (or the amounts) measured."""
    value: float
    """The ratio, or the amount, held to `target`."""
    target: float | None


def ratio(what: str, base: float, cost: float, target: float | None) -> Row:
    """`cost` against `base` (seconds)."""
    return Row(what, f"{base * 1000:7.1f}ms {cost * 1000:7.1f}ms", cost / base, target)


def restorer(folder: Path, names: tuple[str, ...]) -> Callable[[], None]:
    """Puts the files `names` of `folder` back as they are now."""
    keep = folder / f".keep-{names[0]}"  # hidden: no sitting of the folder
    keep.mkdir(exist_ok=True)
    for name in names:
        shutil.copy2(folder / name, keep / name)

    def restore() -> None:
        for name in names:
            shutil.copy2(keep / name, folder / name)

    return restore


def deal_rows(folder: Path, runs: int) -> list[Row]:
    """Recording a deal into a 300-deal session, its standing cached: each run puts the
    session and its cache back as they were, so every run records deal 301. The same for
    the session laid out by hand and by tomli-w, compared with the canonical one."""
    rows: list[Row] = []
    canonical = 0.0
    for label, make in (("", write), (" (laid out by hand)", hand_laid),
                        (" (written by tomli-w)", tomli_w_written)):
        name = f"deal{len(rows)}.toml"
        path = make(folder / name, loo_sitting(name[:-5], 300))
        subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                       stdout=subprocess.DEVNULL)  # writes the cached standing
        restore = restorer(folder, (name, f".{name}.cache"))
        for words in ((["loo", "deal"], ["deal"]) if not label else (["loo", "deal"],)):
            args = [scorekeeper(), *words, "-s", str(path), "Ann=2", "Bob=1", "Cid=0"]
            floor, cost = side_by_side(args, runs, restore)
            what = f"{' '.join(words)} into a 300-deal session{label}"
            if not label:
                rows.append(ratio(what, floor, cost, 1.3 if words == ["loo", "deal"] else None))
                canonical = canonical or cost
            else:
                rows.append(ratio(what + " / canonical", canonical, cost, 1.1))
    for game, sitting, words in (("pinochle", pinochle_sitting, ["a", "300", "300"]),
                                 ("bridge", bridge_sitting, ["nt", "a7", "-"])):
        name = f"deal-{game}.toml"
        path = write(folder / name, sitting(name[:-5], 300))
        subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                       stdout=subprocess.DEVNULL)
        floor, cost = side_by_side([scorekeeper(), game, "deal", "-s", str(path), *words],
                                   runs, restorer(folder, (name, f".{name}.cache")))
        rows.append(ratio(f"{game} deal into a 300-deal session", floor, cost, 1.3))
    return rows


def play_rows(folder: Path, runs: int) -> list[Row]:
    """`play` fed 300 deal lines into a 300-deal session: the time of a line."""
    name = "played.toml"
    path = write(folder / name, loo_sitting("played", 300))
    subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                   stdout=subprocess.DEVNULL)
    restore = restorer(folder, (name, f".{name}.cache"))
    lines = b"Ann=2 Bob=1 Cid=0\n" * 300
    empty = b""
    _, idle = side_by_side([scorekeeper(), "play", "-s", str(path)], max(3, runs // 3),
                           restore, empty)
    _, busy = side_by_side([scorekeeper(), "play", "-s", str(path)], max(3, runs // 3),
                           restore, lines)
    per_line = (busy - idle) / 300 * 1000
    return [Row("play: a piped deal line at 300 deals (ms)", f"{idle * 1000:7.1f}ms "
                f"{busy * 1000:7.1f}ms", per_line, 5.0)]


def read_rows(folder: Path, runs: int) -> tuple[list[Row], list[Row]]:
    """settle and show of 10,000 and 20,000 deals, their standing cached."""
    rows, growth = [], []
    for command, target in (("settle", 2.0), ("show", 6.0)):
        times = {}
        for size in (10_000, 20_000):
            path = folder / f"s{size}.toml"
            if not path.exists():
                write(path, loo_sitting(path.stem, size))
            floor, times[size] = side_by_side([scorekeeper(), command, "-s", str(path)],
                                              max(5, runs // 3))
            rows.append(ratio(f"{command} {size:,} deals", floor, times[size],
                              target if size == 10_000 else None))
        growth.append(ratio(f"{command} 20,000 / {command} 10,000", times[10_000],
                            times[20_000], 2.3))
    return rows, growth


def club_of(folder: Path, sittings: int) -> Path:
    """A folder of `sittings` sittings of 40 deals each, a day apart."""
    club = folder / f"club{sittings}"
    club.mkdir()
    start = datetime.date(2025, 1, 1)
    for i in range(sittings):
        day = start + datetime.timedelta(days=i)
        value = ("0.05", "0.10", "1")[i % 3]
        write(club / f"s{i:03}.toml", loo_sitting(f"s{i:03}", 40, day, value))
    return club


def book_rows(folder: Path, runs: int) -> list[Row]:
    """The book, and stats, of a folder of 500 sittings of 40 deals each, their standings
    cached; and how each folder command grows from 50 sittings (and 100 payments) to 500
    (and 1,000): linearly or better is at most 10 times the time."""
    club = club_of(folder, 500)
    rows: list[Row] = []
    for command, target in (("book", 3.0), ("stats", 3.0), ("sessions", None)):
        args = [scorekeeper(), "--dir", str(club), command]
        subprocess.run(args, check=True, env=ENV, stdout=subprocess.DEVNULL)  # the caches
        floor, cost = side_by_side(args, max(5, runs // 2))
        rows.append(ratio(f"{command} of 500 sittings of 40 deals", floor, cost, target))
    small = club_of(folder, 50)
    growth = []
    for command in ("book", "stats", "sessions"):
        times = []
        for where in (small, club):
            args = [scorekeeper(), "--dir", str(where), command]
            subprocess.run(args, check=True, env=ENV, stdout=subprocess.DEVNULL)
            times.append(side_by_side(args, max(5, runs // 3))[1])
        growth.append(ratio(f"{command}: 500 sittings / 50 sittings", *times, 10.0))
    paying = pay_times(club, 1000, runs)
    growth.append(ratio("pay: 500 sittings, 1,000 payments / 50, 100",
                        pay_times(small, 100, runs)[1], paying[1], 10.0))
    return rows + pay_rows(club, runs, paying) + growth


def payments_of(club: Path, count: int) -> None:
    """`count` payments, two a sitting as the sittings are played, in payments.toml."""
    start = datetime.date(2025, 1, 1)
    lines = "".join(
        f'    {{ date = {start + datetime.timedelta(days=i // 2)}, from = "{PLAYERS[i % 5]}", '
        f'to = "{PLAYERS[(i + 1) % 5]}", money = "0.{10 + i % 80}", currency = "" }},\n'
        for i in range(count))
    (club / "payments.toml").write_text(
        f'format = "scorekeeper payments"\nversion = 1\npayments = [\n{lines}]\n',
        encoding="utf-8")


def pay_times(club: Path, count: int, runs: int) -> tuple[float, float]:
    """The floor and a payment recorded into `club` beside `count` payments (each run
    puts payments.toml and its cache back); the book read once before, as a club would
    have (its caches)."""
    payments_of(club, count)
    subprocess.run([scorekeeper(), "--dir", str(club), "book"], check=True, env=ENV,
                   stdout=subprocess.DEVNULL)
    restore = restorer(club, ("payments.toml", ".payments.toml.cache"))
    args = [scorekeeper(), "--dir", str(club), "pay", "Ann", "Bob", "0.50", "--date",
            "2026-05-20"]
    times = side_by_side(args, runs, restore)
    restore()
    return times


def pay_rows(club: Path, runs: int, paying: tuple[float, float]) -> list[Row]:
    """A payment recorded into the book of 500 sittings beside 1,000 payments made as they
    were played (`paying`: pay_times), and that book with its payments; and a payment into
    the bundled month (sessions/club), against the floor."""
    rows = [ratio("pay into a book of 500 sittings, 1,000 payments", *paying, 1.3)]
    args = [scorekeeper(), "--dir", str(club), "book"]
    floor, cost = side_by_side(args, max(5, runs // 2))
    rows.append(ratio("book of 500 sittings and 1,000 payments", floor, cost, 3.0))
    month = club.parent / "month"
    shutil.copytree(Path(__file__).resolve().parent.parent / "sessions" / "club", month)
    args = [scorekeeper(), "--dir", str(month), "pay", "Bo", "Frida", "1", "--currency", "SEK"]
    subprocess.run([scorekeeper(), "--dir", str(month), "book"], check=True, env=ENV,
                   stdout=subprocess.DEVNULL)  # the caches
    floor, cost = side_by_side(args, runs,
                               restorer(month, ("payments.toml", ".payments.toml.cache")))
    rows.append(ratio("pay into the bundled month (sessions/club)", floor, cost, 1.3))
    return rows


def change_rows(folder: Path, runs: int) -> list[Row]:
    """`undo` of the last deal and `amend` of deal 199,990 of a 200,000-deal sitting (5 MB),
    its standing cached: seconds, each run on the file and cache as they were."""
    name = "long.toml"
    path = write(folder / name, loo_sitting("long", 200_000))
    subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                   stdout=subprocess.DEVNULL)
    restore = restorer(folder, (name, f".{name}.cache"))
    rows = []
    for what, words in (("undo", ["undo"]), ("amend", ["amend", "199990", "Ann=3", "Cid=0"])):
        args = [scorekeeper(), *words, "-s", str(path)]
        _, cost = side_by_side(args, max(3, runs // 5), restore, b"")
        rows.append(Row(f"{what} at 200,000 deals, seconds", f"{'':9} {cost * 1000:7.1f}ms",
                        cost, 3.0))
    restore()
    return rows


def long_rows(folder: Path, runs: int) -> list[Row]:
    """show of 100,000 Bridge deals against 100,000 Pinochle deals; Bridge's memory."""
    times, memory = {}, {}
    for game, make in (("pinochle", pinochle_sitting), ("bridge", bridge_sitting)):
        path = write(folder / f"{game}100k.toml", make(f"{game}100k", 100_000))
        args = [scorekeeper(), "show", "-s", str(path)]
        subprocess.run(args, check=True, env=ENV, stdout=subprocess.DEVNULL)  # the cache
        times[game] = statistics.median(timed(args) for _ in range(max(3, runs // 5)))
        memory[game] = _peak_memory(args)
    return [ratio("show 100,000 Bridge / Pinochle deals", times["pinochle"], times["bridge"],
                  2.0),
            Row("  peak memory (MB): Pinochle, Bridge", f"{memory['pinochle']:9.0f} "
                f"{memory['bridge']:9.0f}", memory["bridge"], 500.0)]


def _peak_memory(args: list[str]) -> float:
    """The largest resident size of `args` run to its end, in MB."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *args], check=True, env=ENV,
                         capture_output=True, text=True).stdout
    return int(out) / 1024


def cache_rows(folder: Path) -> list[Row]:
    """The size of a cached standing: the same at 100 deals as at 100,000."""
    sizes = {}
    for deals in (100, 100_000):
        path = write(folder / f"c{deals}.toml", loo_sitting(f"c{deals}", deals))
        subprocess.run([scorekeeper(), "settle", "-s", str(path)], check=True, env=ENV,
                       stdout=subprocess.DEVNULL)
        sizes[deals] = (folder / f".c{deals}.toml.cache").stat().st_size
    return [Row("cache bytes: 100 deals, 100,000 deals", f"{sizes[100]:9} {sizes[100_000]:9}",
                sizes[100_000] / sizes[100], 1.1)]


def history_rows(folder: Path, runs: int) -> list[Row]:
    """`history` of a sitting with 1,000 changes after the fact (deal 1 amended back and
    forth), and a deal into it: the deal reads none of the history."""
    from scorekeeper.history import Revision

    sitting = loo_sitting("changed", 40)
    game = sitting.game
    one, other = (game.entry_to_data(e) for e in sitting.entries[:2])
    when = datetime.datetime(2026, 11, 27, 21, 0)
    revisions = [Revision(when + datetime.timedelta(minutes=i), "amend", 1, 1,
                          ((one, other)[i % 2],), ((other, one)[i % 2],),
                          nets={"Ann": (i, i + 1)}, why=f"change {i}") for i in range(1000)]
    first = game.entry_from_data(one, sitting.players)
    entries = (first if len(revisions) % 2 == 0 else sitting.entries[1], *sitting.entries[1:])
    path = folder / "changed.toml"
    path.write_text(codec.dumps(_with(sitting, entries), revisions), encoding="utf-8")
    args = [scorekeeper(), "history", "-s", str(path)]
    subprocess.run(args, check=True, env=ENV, stdout=subprocess.DEVNULL)
    floor, cost = side_by_side(args, max(5, runs // 2))
    rows = [ratio("history of 1,000 changes", floor, cost, 3.0)]
    restore = restorer(folder, ("changed.toml", ".changed.toml.cache"))
    deal = [scorekeeper(), "loo", "deal", "-s", str(path), "Ann=2", "Bob=1", "Cid=0"]
    floor, cost = side_by_side(deal, max(5, runs // 2), restore)
    rows.append(ratio("loo deal into it", floor, cost, 1.3))
    return rows


def sheet_rows(folder: Path, runs: int) -> list[Row]:
    """`sheet` of a 40-deal evening, as PDF and as HTML: within 1 s each (the value is
    the seconds, a median of the runs)."""
    path = write(folder / "sheet.toml", loo_sitting("sheet", 40))
    rows = []
    for suffix in ("pdf", "html"):
        args = [scorekeeper(), "sheet", "-s", str(path), "--output",
                str(folder / f"sheet.{suffix}")]
        _, cost = side_by_side(args, max(3, runs // 3))
        rows.append(Row(f"sheet of a 40-deal evening ({suffix}), seconds",
                        f"{'':9} {cost * 1000:7.1f}ms", cost, 1.0))
    return rows


def reader_rows(folder: Path, runs: int) -> list[Row]:
    """The hand-written reader and writer kept for speed against the libraries, in this
    process (medians of `runs`): files.fastread against tomllib reading a 10,000-deal
    session and a book of 1,000 payments, and codec.dumps (files.tomltext) against tomli-w
    writing that session. The value is the library's time over ours: above 1 ours is
    faster, and kept for it."""
    import tomllib

    import tomli_w

    from scorekeeper.files import fastread

    sitting = loo_sitting("readers", 10_000)
    text = codec.dumps(sitting)
    club = folder / "readers"
    club.mkdir()
    payments_of(club, 1000)
    payments = (club / "payments.toml").read_text(encoding="utf-8")
    data = {**codec.top_data(sitting), "deals": codec.entries_data(sitting)}
    rows = []
    for what, ours, theirs in (
            ("read 10,000 deals: tomllib / fastread", lambda: fastread.read_fast(text),
             lambda: tomllib.loads(text)),
            ("read 1,000 payments: tomllib / fastread", lambda: fastread.read_fast(payments),
             lambda: tomllib.loads(payments)),
            ("write 10,000 deals: tomli-w / tomltext", lambda: codec.render(
                codec.top_data(sitting), data["deals"]), lambda: tomli_w.dumps(data))):
        mine = statistics.median(_took(ours) for _ in range(max(3, runs // 3)))
        library = statistics.median(_took(theirs) for _ in range(max(3, runs // 3)))
        rows.append(Row(what, f"{library * 1000:7.1f}ms {mine * 1000:7.1f}ms", library / mine,
                        None))
    return rows


def _took(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _with(session: AnySession, entries: tuple[Any, ...]) -> AnySession:
    from scorekeeper.values import replace

    return replace(session, entries=entries)


PARTS: dict[str, Callable[[Path, int], Any]] = {
    "deal": deal_rows, "play": play_rows, "read": read_rows, "book": book_rows,
    "long": long_rows, "change": change_rows, "history": history_rows, "sheet": sheet_rows,
    "cache": lambda folder, runs: cache_rows(folder), "readers": reader_rows,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", nargs="*", choices=list(PARTS), default=list(PARTS))
    args = parser.parse_args()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.only:
            found = PARTS[name](Path(tmp), args.runs)
            rows += [*found[0], *found[1]] if name == "read" else found
    sys.exit(1 if report(rows) else 0)


def report(rows: list[Row]) -> bool:
    print(f"{'what':52} {'base':>9} {'time':>9} {'value':>6} {'target':>7}")
    failed = False
    for row in rows:
        verdict = ""
        if row.target is not None:
            failed |= row.value > row.target
            verdict = f"{row.target:5.1f}  {'ok' if row.value <= row.target else 'OVER'}"
        print(f"{row.what:52} {row.shown} {row.value:6.2f} {verdict}")
    return failed


if __name__ == "__main__":
    main()
