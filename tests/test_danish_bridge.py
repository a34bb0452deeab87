"""Bridge in Danish: the score pad in the seed's own words (stik, trik, honnører, chikane,
lille slem, store slem, parti, rubber), the deal and its standing, the reckoning, the errors,
the Danish words a player may type (chikane, fordoblet, genfordoblet, ingen), and a pad that
still fits 60 and 80 columns. The installed command is run with --lang da."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from .helpers import scorekeeper_command
from .test_widths import LONG

EVENING = [
    "bridge new club --players Ann,Bob,Cid,Dan,Eve --value 0.01 --date 2026-11-28",
    "deal nt a9 a2c1",
    "deal ruder b8 x b2d2",
    "deal klør a8 b2d1",
    "deal hjerter b12 b4d1 void a",
    "deal sans c10 c4",
]


def sk(folder: Path, line: list[str] | str, columns: int | None = None, code: int = 0,
       lang: str | None = "da", **env: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper --lang da LINE`, installed, in a subprocess (its help is made in the
    language it starts in); asserts the exit code."""
    environ = {**os.environ, "SCOREKEEPER_DIR": str(folder), **env}
    environ.pop("SCOREKEEPER_SESSION", None)
    environ.pop("COLUMNS", None)
    if columns is not None:
        environ["COLUMNS"] = str(columns)
    words = line.split() if isinstance(line, str) else line
    proc = subprocess.run([scorekeeper_command(), *(["--lang", lang] if lang else []), *words],
                          env=environ, capture_output=True, text=True, encoding="utf-8",
                          check=False)
    assert proc.returncode == code, (line, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    return proc


def play(folder: Path, lines: list[str]) -> None:
    for line in lines:
        sk(folder, line)


def test_the_score_pad_reads_as_a_danish_pad(tmp_path: Path) -> None:
    play(tmp_path, EVENING)
    pad = sk(tmp_path, "show", 80).stdout
    lines = pad.splitlines()
    assert lines[0] == ("Rubber 1: Ann & Cid mod Bob & Dan (Ann & Cid vandt rubberen, 2 partier "
                        "mod 1)")
    line = lines.index("  " + "=" * 18 + "+" + "=" * 18)
    assert [s.split("|")[0].split() for s in lines[line - 4:line]] == [
        ["100", "rubber"], ["100", "honnører"], ["16", "chikane"], ["30", "honnører"]]
    assert [s.split("|")[1].split() for s in lines[line - 4:line]] == [
        ["20", "lille", "slem"], ["72", "honnører"], ["8", "honnører"], ["24", "honnører"]]
    assert lines[line + 2].endswith("  parti 1: Ann & Cid")
    assert lines[line + 5].endswith("  parti 2: Bob & Dan")
    assert "    338 i alt       |  196 i alt" in lines
    assert "  Ann & Cid vinder med 142: Ann +142, Cid +142, Bob -142, Dan -142" in lines
    assert "Næste er rubber 2: Ann & Cid mod Bob & Dan." in lines
    # what the file and JSON hold stays as it was
    data = json.loads(sk(tmp_path, "show --format json").stdout)
    assert data["rubbers"][0]["above"][1][-1] == {"points": 20, "what": "little slam"}


def test_a_deal_and_the_standing_in_danish(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:3])
    assert sk(tmp_path, "deal klør a8 b2d1").stdout == (
        "Spil 3 (rubber 1), givet af Cid: klør, Ann & Cid 8 stik, 8 under stregen, Bob & Dan 8 "
        "honnører.\n"
        "Rubber 1, parti 2: Ann & Cid 8, Bob & Dan 24 under stregen; partier 1-0; i alt 74 mod "
        "56.\n"
        "Næste giver: Dan.\n")
    out = sk(tmp_path, "deal hjerter b12 b4d1 chikane a").stdout
    assert "Ann & Cid 16 chikane, Bob & Dan 20 lille slem, parti." in out
    out = sk(tmp_path, "deal sans c10 c4").stdout
    assert "Ann & Cid 100 rubber, parti og rubber." in out
    assert "Ann & Cid vinder rubber 1: Ann & Cid 338, Bob & Dan 196." in out
    assert sk(tmp_path, "bridge rubber --teams Ann,Eve/Bob,Cid").stdout == (
        "Rubber 2: Ann & Eve mod Bob & Cid (Dan sidder over).\n")
    out = sk(tmp_path, "deal nt c13 b4").stdout
    assert "Bob & Cid 40 store slem" in out


def test_an_unfinished_rubber_is_made_up_as_it_stands(tmp_path: Path) -> None:
    play(tmp_path, EVENING[:3])
    settle = sk(tmp_path, "settle", 80).stdout
    assert ("Rubber 1 (gjort op, som den står, uden de 100): Ann & Cid 66, Bob & Dan 48; "
            "partier 1-0;" in " ".join(settle.split()))
    pad = sk(tmp_path, "show").stdout
    assert "(uafsluttet: partier 1-0)" in pad
    assert "Ann & Cid fører med 18 (gjort op, som den står, uden de 100)" in pad


def test_points_are_written_as_danes_write_numbers(tmp_path: Path) -> None:
    sk(tmp_path, "bridge new n --players N,E,S,W --date 2026-11-28")
    out = sk(tmp_path, "deal ut n13 n4 x5").stdout  # 7 x 12 x 32 below
    assert "uden trumf fordoblet 5 gange, N & S 13 stik, 2.688 under stregen" in out
    assert "2.688" in sk(tmp_path, "show").stdout
    assert "i alt 2.828 mod 0." in sk(tmp_path, "show").stdout
    english = sk(tmp_path, "show", lang="en").stdout
    assert "totals 2828 to 0." in english and "2.688" not in english


MISTAKES = [
    ("deal h b8", 1, "angiv honnørerne i hjerter: et makkerpar har altid 3 eller flere af es, "
                     "konge, dame, knægt og 10 (i kort form: b2d2; eller --honours)"),
    ("deal ut a7 a2 chikane b", 1, "chikane er, at en spiller ingen trumf har: det kan ikke forekomme i "
                                   "uden trumf"),
    ("deal h a8 a2 c1 b2", 2, "honnørerne er angivet to gange; angiv dem én gang"),
    ("deal h a8 a3 zz", 2, "'zz' er hverken honnører (b2d2), en fordobling (x, xx) eller "
                           "chikane P"),
    ("deal h e8 e3", 1, "Eve spiller ikke med i rubber 1 (Ann & Cid mod Bob & Dan): spillerne "
                        "er Ann, Bob, Cid, Dan"),
    ("deal h b14 b3", 1, "stik 14: et makkerpar tager 0 til 13 stik"),
]


def test_the_mistakes_are_told_in_danish(tmp_path: Path) -> None:
    sk(tmp_path, EVENING[0])
    for line, code, message in MISTAKES:
        proc = sk(tmp_path, line, code=code)
        assert message in " ".join(proc.stderr.split()), (line, proc.stderr)


def test_danish_words_are_read_beside_the_english(tmp_path: Path) -> None:
    english = tmp_path / "en"
    danish = tmp_path / "da"
    for folder, words in ((english, ["nt a7 -", "c b9 xx b2d1 void c", "d a8 x a3"]),
                          (danish, ["sans a7 ingen", "kl b9 genfordoblet b2d1 chikane c",
                                    "ru a8 fordoblet a3"])):
        folder.mkdir()
        sk(folder, EVENING[0], lang="en")
        for deal in words:
            sk(folder, f"deal {deal}", lang="en")  # the words are read in English too
    assert (english / "club.toml").read_text() == (danish / "club.toml").read_text()


def test_completion_offers_the_danish_words(tmp_path: Path) -> None:
    sk(tmp_path, EVENING[0])

    def complete(words: str) -> list[str]:
        proc = sk(tmp_path, [], lang=None, SCOREKEEPER_LANG="da",
                  _SCOREKEEPER_COMPLETE="bash_complete", COMP_WORDS=words,
                  COMP_CWORD=str(len(words.split())))
        return [line.split(",", 1)[1] for line in proc.stdout.splitlines()]

    assert complete("scorekeeper deal h b8 b2 ") == ["Ann", "Cid", "Dan", "x", "xx", "-",
                                                     "void", "v", "fordoblet", "genfordoblet",
                                                     "chikane", "ch"]
    assert complete("scorekeeper deal h b8 chikane ") == ["Ann", "Bob", "Cid", "Dan"]


def _too_wide(text: str, width: int) -> list[str]:
    return [line for line in text.split("\n") if len(line) > width]


def test_the_danish_pad_fits_60_and_80_columns(tmp_path: Path) -> None:
    """As tests/test_widths.py, in Danish: the longest names a new player may have."""
    for size in (6,):  # the widest tables; the pad's columns are the rubber's four
        folder = tmp_path / f"{size}"
        folder.mkdir()
        names = LONG[:size]
        sk(folder, ["bridge", "new", "b", "--players", ",".join(names), "--value", "0.5",
                    "--currency", "kr"])
        for deal in ["ut a9 a2c1", "ruder b8 fordoblet b2d2", "klør a8 b2d1",
                     "hjerter b12 b4d1 chikane a", "sans c10 c4", "ut a13 a4 x5"]:
            sk(folder, ["deal", *deal.split()])
        for width in (60, 80):
            for report in ("show", "show --format simple", "settle", "deal --dry-run h b8 b3"):
                out = sk(folder, report, width).stdout
                assert not _too_wide(out, width), (size, width, report, _too_wide(out, width))
            assert "i alt" in sk(folder, "show", width).stdout
    for line in ("bridge --help", "bridge new --help", "bridge deal --help",
                 "bridge rubber --help"):
        out = sk(tmp_path / "4", line, 80).stdout
        assert not _too_wide(out, 80), (line, _too_wide(out, 80))
