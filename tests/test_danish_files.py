"""Danish: what the session files, the sitting, its seating and its history say to a
person, with --lang da (the installed command, as a player runs it). What is written into
the files stays as it was: a test of that here too."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .helpers import go, paused
from .test_trust import sk

LOO = ["loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan", "--date", "2026-11-27"]


def da(folder: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The installed command in Danish, its folder `folder`; asserts the exit code."""
    return sk(folder, "--lang", "da", *args, code=code)


def said(proc: subprocess.CompletedProcess[str]) -> str:
    return proc.stdout + proc.stderr


def test_a_session_not_found_or_not_chosen_is_said_in_danish(tmp_path: Path) -> None:
    assert "ingen session valgt: start en med 'scorekeeper KORTSPIL new NAVN" in da(
        tmp_path, "show", code=1).stderr
    da(tmp_path, *LOO)
    assert f"ingen session 'evenin' i {tmp_path}: mente du evening?" in da(
        tmp_path, "show", "-s", "evenin", code=1).stderr
    assert f"ingen session 'xyz' i {tmp_path} ('scorekeeper sessions' viser dem)" in da(
        tmp_path, "show", "-s", "xyz", code=1).stderr
    assert "sessionen 'evening' findes allerede" in da(tmp_path, *LOO, code=1).stderr


def test_a_damaged_session_file_says_where_and_what_in_danish(tmp_path: Path) -> None:
    da(tmp_path, *LOO)
    path = tmp_path / "evening.toml"
    text = path.read_text()
    path.write_text("extra = 1\n" + text)
    assert (f"{path}:1: ukendt nøgle 'extra' i filen: forventede en af format, version"
            in said(da(tmp_path, "check", str(path), code=1)))
    path.write_text(text.replace("version = 2", "version = 9"))
    assert ("skrevet af en nyere scorekeeper (skemaversion 9; denne læser op til 2): "
            "opgrader scorekeeper") in said(da(tmp_path, "check", str(path), code=1))
    path.write_text("players = 3\n" + text)  # a key given twice
    assert f"{path}:6: ikke gyldig TOML: " in da(tmp_path, "show", code=1).stderr
    path.write_bytes(text.encode() + b"# \xff\n")
    assert "ikke UTF-8-tekst" in da(tmp_path, "show", code=1).stderr


def test_people_joining_and_leaving_are_told_in_danish(tmp_path: Path) -> None:
    da(tmp_path, *LOO)
    assert da(tmp_path, "join", "Eve").stdout.startswith("Eve sætter sig til bordet")
    assert "Ann sidder allerede ved bordet" in da(tmp_path, "join", "Ann", code=1).stderr
    assert da(tmp_path, "leave", "Eve").stdout.startswith("Eve forlader bordet")
    shown = da(tmp_path, "show").stdout
    assert "Eve sætter sig til bordet" in shown and "Eve forlader bordet" in shown
    assert "{ join = \"Eve\" }" in (tmp_path / "evening.toml").read_text()  # the file: as it was


def test_changes_refused_are_said_in_danish_with_danish_days(tmp_path: Path) -> None:
    da(tmp_path, *LOO)
    assert "sessionen 'evening' har ingen spil at fortryde" in da(tmp_path, "undo",
                                                                   code=1).stderr
    da(tmp_path, "deal", "a=3", "b=0")
    assert "der er intet spil 4: sessionen 'evening' har 1 spil" in da(
        tmp_path, "amend", "4", "a=3", "b=0", code=1).stderr
    assert "spil 1 er allerede sådan: intet at ændre" in da(
        tmp_path, "amend", "1", "a=3", "b=0", code=1).stderr
    assert "begrundelsen 'a<TAB>b' indeholder et kontroltegn" in da(
        tmp_path, "undo", "--why", "a\tb", code=2).stderr
    assert "sessionen 'evening' er ikke markeret som betalt: intet at genåbne" in da(
        tmp_path, "paid", "--undo", code=1).stderr
    assert ("sessionen 'evening' blev spillet den 27.11.2026: den kan ikke være betalt den "
            "26.11.2026") in da(tmp_path, "paid", "--date", "2026-11-26", code=1).stderr
    da(tmp_path, "paid", "--date", "2026-11-28")
    assert ("sessionen 'evening' blev betalt den 28.11.2026: genåbn den med 'scorekeeper paid "
            "--undo' for at ændre dens spil") in da(tmp_path, "deal", "a=3", code=1).stderr
    text = (tmp_path / "evening.toml").read_text()
    assert "paid = 2026-11-28" in text and 'change = "paid"' in text  # the file: ISO, English


def test_a_change_made_meanwhile_is_said_in_danish(tmp_path: Path) -> None:
    sk(tmp_path, *LOO)
    sk(tmp_path, "deal", "a=3", "b=0")
    proc = paused(tmp_path, "waiting", "--lang", "da", "book", "--mark-paid",
                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sk(tmp_path, "deal", "b=3", "c=0")  # a deal lands before the marking
    go(proc)
    err = proc.communicate(timeout=30)[1]
    assert proc.returncode == 1
    assert err.endswith(": spil 2 er blevet gemt, siden dette blev vist: intet blev "
                        "ændret; se efter igen\n")


def test_a_damaged_payments_file_is_said_in_danish(tmp_path: Path) -> None:
    path = tmp_path / "payments.toml"
    path.write_text('format = "scorekeeper payments"\nversion = 7\npayments = []\n')
    assert (f'{path}:1: ikke en betalingsfil: den begynder med format = "scorekeeper payments" '
            "og version = 1") in said(da(tmp_path, "check", str(path), code=1))
    path.write_text('format = "scorekeeper payments"\nversion = 1\npayments = [\n'
                    '    { date = 2026-11-28, from = "Bo", to = "bo", money = "2", '
                    'currency = "DKK" },\n]\n')
    assert f"{path}:4: betaling 1: Bo kan ikke betale sig selv" in said(
        da(tmp_path, "check", str(path), code=1))
