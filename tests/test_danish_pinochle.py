"""Auction Pinochle in Danish: the deal as it is reported and shown, the meld and count
helpers, the rules' refusals, and the Danish words of the short form (pas; o for opgav, he
declined; i for indrømmet, the opponents conceded), which English accepts too. What a
program reads (JSON, CSV) stays English."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from .helpers import scorekeeper_command


def scorekeeper(folder: Path, *args: str, code: int = 0, lang: str | None = "da"
                ) -> subprocess.CompletedProcess[str]:
    """The installed command in `folder`, in Danish (`lang`) unless told otherwise."""
    env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder)}
    for name in ("SCOREKEEPER_SESSION", "COLUMNS"):
        env.pop(name, None)
    chosen = ["--lang", lang] if lang else []
    done = subprocess.run([scorekeeper_command(), *chosen, *args], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def sunday(folder: Path) -> None:
    scorekeeper(folder, "pinochle", "new", "sunday", "--players", "Ann,Bob,Cid,Dan",
                "--value", "0.10", "--date", "2026-11-27")


def test_a_deal_is_reported_and_shown_in_danish(tmp_path: Path) -> None:
    sunday(tmp_path)
    done = scorekeeper(tmp_path, "deal", "b", "350", "190", "172")
    assert done.stdout.splitlines()[:2] == [
        "Spil 1, givet af Ann (Ann sidder over): Bob bød 350, melding 190, spillede, gik "
        "hjem: får 5 fra hver.",
        "  Ann -5, Bob +15, Cid -5, Dan -5"]
    scorekeeper(tmp_path, "deal", "c", "300", "150", "140")
    scorekeeper(tmp_path, "deal", "a", "280", "300")
    shown = scorekeeper(tmp_path, "show").stdout
    assert "Cid bød 300, melding 150, spillede, gik ned: betaler 6 til hver" in shown
    assert "Ann bød 280, melding 300, vundet på meldingen: får 2 fra hver" in shown
    data = json.loads(scorekeeper(tmp_path, "show", "--format", "json").stdout)
    assert [d["outcome"] for d in data["deals"]] == ["made", "failed", "won on meld"]


def test_the_danish_words_of_the_short_form(tmp_path: Path) -> None:
    sunday(tmp_path)
    assert "Bob bød 350, melding 190, indrømmet: får 5 fra hver." in scorekeeper(
        tmp_path, "deal", "b", "350", "190", "i").stdout
    assert "Cid bød 420, melding 260, opgivet: betaler 10 til hver." in scorekeeper(
        tmp_path, "deal", "c", "420", "260", "opgav").stdout
    assert "(Cid sidder over): alle pas." in scorekeeper(tmp_path, "deal", "pas").stdout
    assert "Ann bød 300, melding 100, opgivet" in scorekeeper(  # the English still does
        tmp_path, "deal", "a", "300", "100", "d").stdout
    assert "Bob bid 300, meld 100, conceded: collects 3 from each." in scorekeeper(
        tmp_path, "deal", "b", "300", "100", "INDRØMMET", lang="en").stdout
    assert "dealt by Bob (Bob out of the play): no bid." in scorekeeper(
        tmp_path, "deal", "pas", lang="en").stdout
    inputs = [d["inputs"] for d in json.loads(
        scorekeeper(tmp_path, "show", "--format", "json").stdout)["deals"]]
    assert inputs[:3] == [{"bidder": "Bob", "bid": 350, "meld": 190, "conceded": True},
                          {"bidder": "Cid", "bid": 420, "meld": 260, "declined": True},
                          {"no_bid": True}]


def test_the_deal_is_explained_and_refused_in_danish(tmp_path: Path) -> None:
    sunday(tmp_path)
    helped = scorekeeper(tmp_path, "deal", "--help").stdout
    assert "SPILFØRER BUD MELDING [ØJNE|o|i|x]" in helped
    assert "Spilføreren (højestbydende)." in helped
    refused = scorekeeper(tmp_path, "deal", "b", "355", "190", "172", code=1).stderr
    assert "buddet 355 er ikke et multiplum af 10" in refused
    refused = scorekeeper(tmp_path, "deal", "b", "350", "400", "d", code=1).stderr
    assert ("meldingen 400 klarer buddet på 350: kontrakten er vundet på meldingen uden "
            "spil, så der er ingen afslutning (opgivet) at angive") in refused
    refused = scorekeeper(tmp_path, "deal", "a", "300", "100", code=1).stderr
    assert "Ann sidder over i dette spil (Ann gav): spilføreren er en af Bob, Cid, Dan" in (
        refused)


def test_meld_and_count_in_danish_their_csv_in_english(tmp_path: Path) -> None:
    cards = ["AH", "10H", "KH", "QH", "JH", "9H", "QS", "JD", "KC", "QC"]
    melded = scorekeeper(tmp_path, "pinochle", "meld", "--trump", "hjerter", *cards).stdout
    lines = melded.splitlines()
    assert lines[0].split() == ["melding", "kort", "points"]
    assert lines[2].split() == ["familie", "AH", "10H", "KH", "QH", "JH", "150"]
    assert lines[3].split()[:3] == ["mariage", "i", "klør"]
    assert lines[-1] == "Melding i alt: 220."
    assert scorekeeper(tmp_path, "pinochle", "meld", "--trump", "h", *cards, "--format",
                       "csv").stdout.splitlines()[:3] == [
        "meld,cards,points", "flush,AH 10H KH QH JH,150", "marriage in clubs,KC QC,20"]
    counted = scorekeeper(tmp_path, "pinochle", "count", "AS", "10S", "KH", "--last-trick")
    assert [line.split() for line in counted.stdout.splitlines()[-2:]] == [
        ["sidste", "stik", "10"], ["I", "alt:", "35", "øjne."]]
    assert scorekeeper(tmp_path, "pinochle", "count", "AS", "--last-trick", "--format",
                       "csv").stdout.splitlines() == ["card,points", "AS,11", "last trick,10"]
    refused = scorekeeper(tmp_path, "pinochle", "meld", "--trump", "h", "AH", "AH", "AH",
                          code=1).stderr
    assert "AH 3 gange: et sæt pinochlekort har hvert kort to gange" in refused
