"""The book, settle, stats and pay in Danish: the installed command with --lang da, its
money written as Danes write it (1.234,50) and its days (01.12.2026), while JSON and CSV
stay as a program reads them; the tables still fit 60 and 80 columns."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.games import GAMES

from . import games
from .helpers import ROOT, run, scorekeeper_command
from .test_widths import LONG  # names as long as a new player's may be

CLUB = ROOT / "sessions" / "club"
SESSIONS = ROOT / "sessions"


def danish(folder: Path, *args: str, columns: int | None = None, code: int = 0) -> str:
    """`scorekeeper --lang da ARGS` installed, in `folder`; its output (stdout)."""
    env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder)}
    env.pop("SCOREKEEPER_SESSION", None)
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    proc = subprocess.run([scorekeeper_command(), "--lang", "da", *args], env=env,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == code, (args, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    return proc.stdout + proc.stderr if code else proc.stdout


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The bundled month, payments and all, in a folder of its own."""
    for path in CLUB.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_the_book_in_danish(club: Path) -> None:
    out = danish(club, "book")
    assert out.startswith("12 aftener og 3 betalinger mellem spillere fra 02.11.2026 til "
                          "27.11.2026.\n")
    assert "Betalt mellem spillere i DKK:" in out and "I SEK:" in out
    assert "udestående" in out and "modtaget" in out and "betaler" in out
    assert "Ann +13,00, Bo -1,00" in out  # the money of a sitting, as Danes write it
    ann = next(line for line in out.splitlines() if line.startswith("Ann ") and "38" in line)
    assert ann.split() == ["Ann", "7", "+38,75", "0,00", "10,00", "+3,35"]
    assert "28.11.2026" in out and "2026-11-28" not in out
    assert "Intet er udestående" not in out
    assert danish(club, "book", "--since", "2026-12-01") == "0 aftener.\n"
    alone = danish(club, "book", "--since", "2026-11-28", "--player", "dorte")
    assert alone.startswith("0 aftener og 1 betaling mellem spillere.\n")


def test_json_and_csv_stay_as_a_program_reads_them(club: Path) -> None:
    data = json.loads(danish(club, "book", "--format", "json"))
    dkk = next(c for c in data["currencies"] if c["currency"] == "DKK")
    assert {"name": "Ann", "sittings": 7, "money": "38.75", "paid": "0.00",
            "received": "10.00", "outstanding": "3.35"} in dkk["players"]
    assert data["sittings"][0]["date"] == "2026-11-02"
    csv = danish(club, "book", "--format", "csv", "--table", "accounts").splitlines()
    assert csv[0] == "currency,player,sittings,money,paid,received,outstanding"
    assert "DKK,Ann,7,38.75,0.00,10.00,3.35" in csv
    settle = danish(SESSIONS, "settle", "-s", "loo-evening", "--format", "csv",
                    "--table", "payments").splitlines()
    assert settle == ["pays,to,counters,money (kr)", "Cid,Ann,2,0.10", "Dan,Ann,1,0.05",
                      "Dan,Bob,7,0.35"]
    stats = danish(club, "stats", "--format", "csv", "--table", "bridge").splitlines()
    assert stats[0] == "player,sittings,deals,rubbers,rubbers won,games won,slams"
    explained = json.loads(danish(club, "book", "--unpaid", "--explain", "bo", "--format",
                                  "json"))
    sek = next(c for c in explained["currencies"] if c["currency"] == "SEK")
    assert sek["lines"][-1]["what"] == "paid Frida (payment 3)"
    assert danish(club, "book", "--unpaid", "--explain", "bo", "--format", "csv"
                  ).splitlines()[:2] == ["date,what,money (DKK),total",
                                         "2026-11-13,loo-2026-11-13 (loo),+10.00,+10.00"]


def test_explain_and_the_plan_in_danish(club: Path) -> None:
    out = danish(club, "book", "--unpaid", "--explain", "bo")
    assert "Bo i DKK: +11,75 udestående" in out
    assert "Bo i SEK: -115,20 udestående" in out
    assert "30.11.2026  betalte Frida (betaling 3)" in out
    assert "dato" in out and "hvad" in out and "i alt" in out
    nothing = danish(club, "book", "--until", "2026-11-10", "--explain", "ann")
    assert nothing.startswith("Ann skylder intet og har intet til gode: ingen ubetalt aften")
    assert "ingen aften her har en spiller 'ann': regnskabet er tomt" in danish(
        club, "book", "--unpaid", "--since", "2026-12-01", "--explain", "ann", code=2)


def test_settle_in_danish() -> None:
    out = danish(SESSIONS, "settle", "-s", "loo-evening")
    assert out.splitlines()[0].endswith(" 'loo-evening': 9 spil, 1 jeton = 0,05 kr.")
    assert "netto (jetoner)" in out and "penge (kr)" in out and "betaler" in out
    assert [line.split() for line in out.splitlines() if line.startswith("Bob ")] == [
        ["Bob", "+7", "+0,35"]]
    pinochle = danish(SESSIONS, "settle", "-s", "pinochle-sunday")
    assert "1 jeton = 0,10." in pinochle and "beholdning" in pinochle
    bridge = danish(SESSIONS, "settle", "-s", "bridge-club")
    assert "8 spil, 1 point = 0,01." in bridge and "netto (points)" in bridge


def test_stats_sessions_and_the_chart_in_danish(club: Path) -> None:
    stats = danish(club, "stats")
    for word in ("spiller", "aftener", "lu'et", "puljer", "bud", "gik hjem", "gik ned",
                 "vundne partier", "slemmer"):
        assert word in stats, word
    listed = danish(club, "sessions")
    row = next(line.split() for line in listed.splitlines() if "loo-2026-11-02" in line)
    assert "spilart" in listed and row[:4] == ["loo-2026-11-02", "trekorts-lu", "02.11.2026",
                                               "03.11.2026"]
    chart = danish(club, "book", "--chart", columns=80)
    assert "Penge vundet, aften for aften (DKK)" in chart
    assert re.search(r"\b\d\d\.11\b", chart) and "aftener" in chart  # 15.11, not 11-15
    assert re.search(r"^ *\+\d+,00 \+", chart, re.MULTILINE)  # a tick of the money axis


def test_pay_in_danish(club: Path) -> None:
    out = danish(club, "pay", "erik", "ann", "3.35", "--currency", "DKK", "--date",
                 "2026-11-30", "--dry-run")
    assert out.splitlines() == ["Prøvekørsel: intet gemt.",
                                "Betaling 4: Erik betalte Ann 3,35 DKK den 30.11.2026.",
                                "Nu skylder Erik 0,25 DKK, og Ann er kvit."]
    more = danish(club, "pay", "bo", "ann", "5", "--currency", "DKK", "--date", "2026-11-30",
                  "--dry-run")
    assert "Nu har Bo 16,75 DKK til gode, og Ann skylder 1,65 DKK." in more
    assert "Bo skyldte intet, så Ann skylder de 5,00 DKK tilbage." in more
    undone = danish(club, "pay", "--undo", "--dry-run")
    assert "Fjernede betaling 3: Bo betalte Frida 50,00 SEK den 30.11.2026 (the rest next " \
           "week)." in undone
    assert "kan ikke betale sig selv" in danish(club, "pay", "bo", "bo", "5", code=1)
    assert "ukendt valuta 'XXX': kendt her: DKK, SEK" in danish(
        club, "pay", "bo", "ann", "5", "--currency", "XXX", code=1)
    long = danish(club, "pay", "bo", "ann", "5", "--currency", "DKK", "--note", "x" * 201,
                  code=2)
    assert "bemærkningen 'xxx" in long and " note " not in long
    helped = " ".join(danish(club, "pay", "--help").split())
    assert "FRA TIL BELØB" in helped and "betalingsfilens historik" in helped
    assert "sessionens historik" not in helped  # a payment's change is the book's
    payments = danish(club, "book", "--table", "payments").splitlines()
    assert any(re.search(r"\bbemærkning$", line) for line in payments), payments


def _sittings(folder: Path, names: list[str]) -> None:
    """A sitting of each game with the longest names there may be (made in English)."""
    for game in GAMES:
        players = ",".join(names[:games.of(game).SIZES[-1]])
        run(folder, f'{game} new {game} --players "{players}" --value 12.5 --currency kr '
                    "--date 2026-11-01")
        for deal in games.of(game).DEALS:
            run(folder, "deal " + deal.format(*(f'"{n}"' for n in names)))
    run(folder, f'pay "{names[0]}" "{names[1]}" 1234.5 --currency kr --date 2026-11-02 '
                '--note "for the kitty"')


def test_settle_and_the_book_fit_60_and_80_columns_in_danish(tmp_path: Path) -> None:
    _sittings(tmp_path, LONG)
    for width in (60, 80):
        for args in (*(["settle", "-s", game] for game in GAMES), ["book"], ["book", "--unpaid"],
                     ["book", "--explain", "ann"], ["stats"], ["sessions"],
                     ["settle", "-s", "bridge", "--format", "grid"]):
            out = danish(tmp_path, *args, columns=width)
            wide = [line for line in out.splitlines() if len(line) > width]
            assert not wide, (width, args, wide)
        book = danish(tmp_path, "book", columns=width)
        assert "1.234,50" in book  # grouped thousands, a decimal comma, never split
