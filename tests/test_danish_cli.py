"""The command line in Danish (`--lang da`): the root help, the options every command shares,
click's own words (usage, errors), the reading commands' messages; JSON stays English."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from .helpers import ROOT, scorekeeper_command

EVENING = ROOT / "sessions" / "loo-evening.toml"


def sk(tmp_path: Path, *args: str, code: int = 0, lang: str = "da", columns: str | None = "80"
       ) -> subprocess.CompletedProcess[str]:
    """The installed command, in `lang`, its folder `tmp_path`, 80 columns wide (None: into a
    pipe, as wide as its lines are)."""
    env = {"SCOREKEEPER_DIR": str(tmp_path), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           "LC_ALL": "C", "XDG_STATE_HOME": os.environ["XDG_STATE_HOME"],
           **({} if columns is None else {"COLUMNS": columns})}
    proc = subprocess.run([scorekeeper_command(), "--lang", lang, *args], env=env,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == code, (args, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    return proc


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > 80]


def test_the_root_help_is_danish_and_fits_80_columns(tmp_path: Path) -> None:
    out = sk(tmp_path, "--help").stdout
    assert out.startswith("Brug: scorekeeper [TILVALG] KOMMANDO [ARGS]...\n")
    for danish in ("Før regnskabet i kortspil (hvert kortspil er en kommando herunder)",
                   "En aften som eksempel:", "Tilvalg:", "Kommandoer:",
                   "Sessionsmappe [standard: $SCOREKEEPER_DIR",
                   "Vis versionen og afslut.", "Vis denne hjælp og afslut.",
                   "Gør sessionen NAVN til den aktuelle."):
        assert danish in out
    for english in ("Usage:", "Options:", "Commands:", "Show this message", "Keep the score"):
        assert english not in out
    assert not too_wide(out)


def test_the_options_a_deal_shares_are_danish(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "aften", "--players", "Ann,Bob,Cid,Dan")
    out = sk(tmp_path, "deal", "--help").stdout
    assert "Brug: scorekeeper deal [TILVALG]" in out
    for danish in ("Hvem der gav [standard: den, hvis tur det er].",
                   "Vis, hvad spillet ville gøre; gem intet.",
                   "Sessionens navn eller stien til en .toml-fil",
                   "--dir MAPPE", "Vis denne hjælp og afslut."):
        assert danish in out
    assert not too_wide(out)
    new = sk(tmp_path, "loo", "new", "--help").stdout
    assert "--date DD.MM.ÅÅÅÅ" in new and "[påkrævet]" in new and not too_wide(new)


def test_a_usage_error_is_danish(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "aften", "--players", "Ann,Bob,Cid,Dan")
    err = sk(tmp_path, "deal", "--nope", code=2).stderr
    assert err.startswith("Brug: scorekeeper deal [TILVALG] ")
    assert "Prøv 'scorekeeper deal --help' for at få hjælp." in err
    assert "Fejl: Tilvalget '--nope' findes ikke" in err
    err = sk(tmp_path, "loo", "new", "x", "--players", "A,,B", code=2).stderr
    assert ("Fejl: Ugyldig værdi for '--players': 'A,,B' har et tomt navn: skriv navnene med "
            "ét komma imellem, f.eks. Ann,Bob,Cid") in err
    err = sk(tmp_path, "show", "--chart", "--format", "json", code=2).stderr
    assert err.endswith("Fejl: --chart tegner et diagram: angiv det uden --format\n")
    assert "Fejl: Manglende argument 'NAVN'." in sk(tmp_path, "use", code=2).stderr


def test_the_reading_commands_speak_danish(tmp_path: Path) -> None:
    # the words, not the width: the lines name files of the checkout, as long as its path
    out = sk(tmp_path, "check", str(EVENING), str(ROOT / "sessions/club/payments.toml"),
             columns=None).stdout
    assert out == (f"{EVENING}: i orden (trekorts-lu, 4 spillere, 9 spil)\n"
                   f"{ROOT / 'sessions/club/payments.toml'}: i orden (betalinger, "
                   "3 betalinger)\n")
    sk(tmp_path, "loo", "new", "aften", "--players", "Ann,Bob,Cid,Dan")
    sk(tmp_path, "loo", "new", "fredag", "--players", "Ann,Bob,Cid")
    assert sk(tmp_path, "use", "aften").stdout == "'aften' er nu den aktuelle session.\n"
    out = sk(tmp_path, "deal", "a=1", "b=1", "c=1", "--dry-run").stdout
    assert out.startswith("Prøvekørsel: intet gemt.\n")
    err = sk(tmp_path, "sessions", "--dir", str(tmp_path / "nowhere"), code=1).stderr
    assert err == f"Fejl: ingen mappe '{tmp_path / 'nowhere'}' (--dir eller $SCOREKEEPER_DIR)\n"


def test_json_stays_english(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "aften", "--players", "Ann,Bob,Cid,Dan")
    (tmp_path / "broken.toml").write_text('format = "scorekeeper session"\nversion = 2\n')
    english = json.loads(sk(tmp_path, "sessions", "--format", "json", lang="en").stdout)
    danish = json.loads(sk(tmp_path, "sessions", "--format", "json").stdout)
    assert danish == english
    broken = {row["name"]: row for row in english["sessions"]}["broken"]
    assert broken["game"] == "unreadable" and broken["error"].isascii()
