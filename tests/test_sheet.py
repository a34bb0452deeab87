"""`sheet`: one page, HTML or PDF, with the players, the money, in English and Danish."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest

from scorekeeper.games import NAMES as NAMES_OF_GAMES
from tests.helpers import run

NAMES = ("Åse", "Bøb&", "<script>", "Dan")


def _evening(tmp_path: Path, deals: int = 2) -> None:
    run(tmp_path, f"loo new friday --players '{','.join(NAMES)}' --value 1250.5")
    for _ in range(deals):
        run(tmp_path, "deal 'Bøb&=2' '<script>=1' Dan=0")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.mark.parametrize(("lang", "money"), [("en", "3751.50"), ("da", "3.751,50")])
def test_pdf_one_page_players_money_fonts(tmp_path: Path, lang: str, money: str) -> None:
    _evening(tmp_path)
    run(tmp_path, f"--lang {lang} sheet --output {tmp_path / 's.pdf'}")
    reader = pypdf.PdfReader(tmp_path / "s.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert all(name in text for name in NAMES)
    assert money in text
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        descendant = ref.get_object()["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


@pytest.mark.parametrize(("lang", "money"), [("en", "3751.50"), ("da", "3.751,50")])
def test_html_escaped_lang_money(tmp_path: Path, lang: str, money: str) -> None:
    _evening(tmp_path)
    run(tmp_path, f"--lang {lang} sheet --output {tmp_path / 's.html'}")
    page = (tmp_path / "s.html").read_text("utf-8")
    parsed = _Text()
    parsed.feed(page)
    assert ("html", {"lang": lang}) in parsed.tags
    assert "script" not in [tag for tag, _ in parsed.tags]
    assert not any(attrs.get("src") or attrs.get("href") for _, attrs in parsed.tags)
    text = "".join(parsed.text)
    assert all(name in text for name in NAMES)
    assert money in text


def test_forty_deals_fit_one_letter_page(tmp_path: Path) -> None:
    _evening(tmp_path, 40)
    run(tmp_path, f"sheet --paper letter --output {tmp_path / 's.pdf'}")
    reader = pypdf.PdfReader(tmp_path / "s.pdf")
    assert len(reader.pages) == 1
    assert "40" in reader.pages[0].extract_text()


def test_folder_missing_is_refused(tmp_path: Path) -> None:
    _evening(tmp_path)
    result = run(tmp_path, f"sheet --output {tmp_path / 'none' / 's.pdf'}", code=1)
    assert result.output.count("\n") == 1
    assert not (tmp_path / "none").exists()


def test_html_to_stdout(tmp_path: Path) -> None:
    _evening(tmp_path)
    result = run(tmp_path, "sheet --output -")
    assert result.output.startswith("<!DOCTYPE html>")
    assert "Bøb&amp;" in result.output


def test_deal_does_not_import_fpdf(tmp_path: Path) -> None:
    _evening(tmp_path)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", "--dir", str(tmp_path),
         "deal", "Bøb&=2", "<script>=1", "Dan=0"],
        capture_output=True, text=True, check=True)
    assert "fpdf" not in done.stderr
    assert "scorekeeper.cli" in done.stderr  # importtime did list the imports


BUNDLED = {"loo": "loo-evening.toml", "pinochle": "pinochle-sunday.toml",
           "bridge": "bridge-club.toml"}


@pytest.mark.parametrize("game", NAMES_OF_GAMES)
@pytest.mark.parametrize("fmt", ["pdf", "html"])
def test_every_game_has_its_sheet(tmp_path: Path, game: str, fmt: str) -> None:
    source = Path(__file__).parent.parent / "sessions" / BUNDLED[game]
    shutil.copy(source, tmp_path / BUNDLED[game])
    out = tmp_path / f"s.{fmt}"
    run(tmp_path, f"sheet -s {tmp_path / BUNDLED[game]} --output {out}")
    if fmt == "pdf":
        reader = pypdf.PdfReader(out)
        assert len(reader.pages) == 1
        text = reader.pages[0].extract_text()
    else:
        parsed = _Text()
        parsed.feed(out.read_text("utf-8"))
        text = "".join(parsed.text)
    players = tomllib.loads(source.read_text("utf-8"))["players"]
    assert all(str(name) in text for name in players)
    assert "pays" in text


def test_pdf_to_a_terminal_is_refused(tmp_path: Path) -> None:
    import os
    import pty

    _evening(tmp_path)
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--dir", str(tmp_path), "sheet",
             "--format", "pdf"], check=False, stdout=follower, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 1
    assert "--output" in done.stderr and done.stderr.count("\n") == 1
