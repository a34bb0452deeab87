"""Three-card Loo in Danish (--lang da): the report of a hand, `show`, the pool shared out
at `settle`, `loo new`, the rules' refusals, the players' names, and the Danish words of the
short form (ekstra P, forsvar, pas, stik P,P,P) beside the English ones. What a program
reads (JSON, the session file) stays as it was."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n

from .helpers import scorekeeper_command

EVENING = [
    "loo new evening --players Ann,Bob,Cid,Dan --unlimited --value 0.05 --currency kr "
    "--date 2026-11-27",
    "deal Bob=2 Cid=0 Dan=1 miss Dan",
    "deal c=1 b=2 defend",
    "deal d=2 a=1 b=0 order d,a,d",
    "deal a=1 b=1 c=1 order c,a,b",
    "deal b=3",
    "deal pass",
    "deal a=1 b=1 c=1 d=0",
    "deal miss a",
    "deal a=2 c=1 b=0 d=0",
]


def da(tmp_path: Path, line: str, code: int = 0, lang: str = "da") -> subprocess.CompletedProcess[str]:
    """`scorekeeper --lang da LINE`, installed, its folder `tmp_path`; asserts the exit code."""
    env = {**os.environ, "SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path)}
    env.pop("SCOREKEEPER_SESSION", None)
    proc = subprocess.run([scorekeeper_command(), "--lang", lang, *line.split()], env=env,
                          capture_output=True, encoding="utf-8", check=False)
    assert proc.returncode == code, (line, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    return proc


def test_an_evening_in_danish(tmp_path: Path) -> None:
    out = da(tmp_path, EVENING[0]).stdout
    assert "Ny session 'evening' i trekorts-lu (" in out
    assert "Spillerne i rækkefølge ved bordet: Ann, Bob, Cid, Dan." in out
    assert "Indsats 3, lubøde hele puljen, enkeltspil er tvangsspil;" in out
    assert "Ann giver først." in out
    assert da(tmp_path, EVENING[1]).stdout.splitlines() == [
        "Spil 1, givet af Ann: pulje 3.",
        "  Bob +2, Dan +1, Cid lu'et 3",
        "Puljen er nu 3.",
        "Næste giver: Bob.",
    ]
    assert "  forsvaret: Cid +2, 4 bliver i puljen" in da(tmp_path, EVENING[2]).stdout
    da(tmp_path, EVENING[3])
    out = da(tmp_path, EVENING[4]).stdout
    assert "Næste spil er et enkeltspil: tvangsspil, alle spiller med." in out
    out = da(tmp_path, EVENING[5]).stdout.splitlines()
    assert out[:2] == ["Spil 5, givet af Ann (tvangsspil): pulje 3.",
                       "  tvang: Bob +3, Ann lu'et 3, Cid lu'et 3, Dan lu'et 3"]
    assert "  Bob (giver) tager puljen på 12" in da(tmp_path, EVENING[6]).stdout
    for line in EVENING[7:]:
        da(tmp_path, line)
    # show and settle in Danish; JSON as it was
    shown = da(tmp_path, "show").stdout.splitlines()
    assert shown[0].split()[-1] == "pulje"  # the pool's column
    assert "Ann (ekstrahånd) tager" in "\n".join(shown)
    assert shown[-2] == "Puljen er nu 6."
    settled = da(tmp_path, "settle").stdout
    assert ("Puljen indeholdt 6 jetoner, fordelt: 1 til hver, 1 ekstra til Bob, Cid "
            "(medregnet i netto).") in settled
    data = json.loads(da(tmp_path, "show --format json").stdout)
    assert data["pool"] == 6 and data["unit"] == "counter"
    assert data["deals"][7]["outcome"] == "miss takes the pool"
    assert json.loads(da(tmp_path, "settle --format json").stdout)["pool"] == 6


def test_the_danish_words_of_a_deal_are_the_english_ones(tmp_path: Path) -> None:
    danish, english = tmp_path / "da", tmp_path / "en"
    for folder, words in ((danish, ("ekstra Dan", "forsvar", "stik d,a,d", "pas")),
                          (english, ("miss Dan", "defend", "order d,a,d", "pass"))):
        folder.mkdir()
        da(folder, EVENING[0])
        for deal, word in zip(("Bob=2 Cid=0 Dan=1", "c=1 b=2", "d=2 a=1 b=0", ""), words,
                              strict=True):
            da(folder, f"deal {deal} {word}")
    assert (danish / "evening.toml").read_text() == (english / "evening.toml").read_text()
    # the English words stay, in Danish too; a word given twice is named in Danish
    da(danish, "deal Ann=3 miss Ann", code=1)  # a rule broken: the words were read
    refused = da(danish, "deal Bob=3 ekstra Bob miss Bob", code=2).stderr
    assert "ekstra er angivet to gange; angiv det én gang" in refused
    refused = da(danish, "deal Bob=3 foo", code=2).stderr
    assert ("'foo' er ikke en spillers stik (b2, Bob=2), ekstra P, forsvar, pas eller stik "
            "P,P,P") in refused


def test_refusals_and_names_in_danish(tmp_path: Path) -> None:
    da(tmp_path, "loo new e --players Ann,Anna,Bob,Dan")
    err = da(tmp_path, "deal d=2 a=1 b=0", code=1).stderr
    assert "'a' kan være Ann eller Anna: skriv mere af navnet" in err
    err = da(tmp_path, "deal Dna=3", code=1).stderr
    assert "ukendt spiller 'Dna': mente du Dan?" in err
    err = da(tmp_path, "deal Xyzzy=3", code=1).stderr
    assert "ukendt spiller 'Xyzzy': spillerne er Ann, Anna, Bob, Dan" in err
    err = da(tmp_path, "deal ann=2 bob=2", code=1).stderr
    assert "stikkene er i alt 4, ikke 3: Ann=2 Bob=2" in err
    err = da(tmp_path, "deal ekstra Ann", code=1).stderr
    assert "Ann gav: når alle de andre melder pas, tager giveren puljen" in err
    err = da(tmp_path, "loo new f --players Ann,Bob,Cid --ante 4", code=1).stderr
    assert "indsatsen 4 er ikke et positivt multiplum af 3 (3, 6, 9, ...)" in err
    err = da(tmp_path, "loo new g --players Ann,Bob,Cid --limit 4", code=2).stderr
    assert "--limit er et loft over en ubegrænset lubøde: angiv også --unlimited" in err


def test_loo_help_in_danish(tmp_path: Path) -> None:
    out = da(tmp_path, "loo new --help").stdout
    assert "Start en session NAVN i trekorts-lu, og gør den til den aktuelle." in out
    assert "Eksempler:" in out and "Lubøden er hele spillets pulje." in out
    da(tmp_path, "loo new e --players Ann,Bob,Cid")
    out = da(tmp_path, "deal --help").stdout
    assert "SPILLER=STIK... [ekstra P] [forsvar] [pas]" in out
    assert "scorekeeper deal pas                   (giveren tager puljen)" in out
    assert "scorekeeper deal c0 s ada              (puljen går ikke op: Ann 2, Dan 1)" in out
    assert max(len(line) for line in out.splitlines() if "scorekeeper deal" in line) <= 80


@pytest.fixture
def danish() -> Iterator[None]:
    """Danish in this process, for what only a terminal shows (the prompt of `play`)."""
    with i18n.spoken(i18n.language("da")):
        yield


def test_the_prompt_and_a_misread_must_in_danish(danish: None) -> None:
    from scorekeeper.games.loo import GAME, LooDeal, LooSettings, LooState
    from scorekeeper.render.loo import VIEW
    from scorekeeper.session import Standing

    from .helpers import sitting

    session = sitting("loo", ("Ann", "Bob", "Cid"), LooSettings())
    standing = Standing({"Ann": 0, "Bob": 0, "Cid": 0, "/pool": 0}, LooState(0, True), "Bob",
                        4, 4, session.players)
    from scorekeeper.session import table_now

    assert VIEW.prompt(session, standing, table_now(session, standing)) == (
        "spil 5 · Bob giver · pulje 0 + 3 · tvang")
    then = LooDeal(tricks={"Ann": 3, "Bob": 0, "Cid": 0})
    now = LooDeal(tricks={"Ann": 3})
    assert GAME.misread(then, now) == (
        "det var et tvangsspil, så Bob og Cid tog intet stik; det ville ikke længere være et "
        "tvangsspil, og den samme linje ville betyde, at de meldte pas")
