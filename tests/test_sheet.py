"""`sheet`: one page, HTML or PDF, with the players, the money, in English and Danish."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import NAMES as NAMES_OF_GAMES
from scorekeeper.render import sheet as layout
from scorekeeper.render.chart import Running
from tests.helpers import run, scorekeeper_command

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


# --- the chart, the payments made, the book, the fit (issue 23, item 2) ---------------------

def _html_of(path: Path) -> _Text:
    parsed = _Text()
    parsed.feed(path.read_text("utf-8"))
    return parsed


def _lines_drawn(parsed: _Text) -> dict[str, list[tuple[float, float]]]:
    """Each drawn line's points, by whose line it is (data-names)."""
    return {str(attrs["data-names"]): [tuple(map(float, p.split(",")))  # type: ignore[misc]
                                       for p in str(attrs["points"]).split()]
            for tag, attrs in parsed.tags if tag == "polyline" and attrs.get("data-names")}


def _balances(tmp_path: Path) -> list[dict[str, int]]:
    import json

    shown = json.loads(run(tmp_path, "show --format json").output)
    return [dict.fromkeys(NAMES, 0), *(deal["balances"] for deal in shown["deals"])]


@pytest.mark.parametrize("lang", ["en", "da"])
def test_html_chart_draws_each_running_total(tmp_path: Path, lang: str) -> None:
    _evening(tmp_path, 3)
    run(tmp_path, "deal Åse=3 'Bøb&=0' '<script>=0' Dan=0")
    run(tmp_path, f"--lang {lang} sheet --output {tmp_path / 's.html'}")
    parsed = _html_of(tmp_path / "s.html")
    assert [tag for tag, _ in parsed.tags].count("svg") == 1
    drawn = _lines_drawn(parsed)
    assert sorted(drawn) == sorted(NAMES)  # one line a player, none left out
    balances = _balances(tmp_path)
    for points in drawn.values():
        assert len(points) == len(balances)
        assert [x for x, _ in points] == sorted({x for x, _ in points})  # deal by deal
    for deal, balance in enumerate(balances):  # higher total, higher on the page
        for a in NAMES:
            for b in NAMES:
                if balance[a] > balance[b]:
                    assert drawn[a][deal][1] < drawn[b][deal][1]
                elif balance[a] == balance[b]:
                    assert drawn[a][deal][1] == drawn[b][deal][1]
    text = "".join(parsed.text)
    title = {"en": "counters won, deal by deal", "da": "spil for spil"}[lang]
    assert title in text


def test_partners_are_one_line(tmp_path: Path) -> None:
    run(tmp_path, "bridge new b --players Ann,Bob,Cid,Dan")
    run(tmp_path, "bridge deal --trump nt --tricks Ann=9 --honours Ann=2,Cid=1")
    run(tmp_path, "bridge deal --trump klør --tricks Bob=8 --honours Bob=2,Dan=1")
    run(tmp_path, f"sheet --output {tmp_path / 's.html'}")
    drawn = _lines_drawn(_html_of(tmp_path / "s.html"))
    assert sorted(drawn) == ["Ann & Cid", "Bob & Dan"]


def _content(reader: pypdf.PdfReader) -> bytes:
    contents = reader.pages[0].get_contents()
    assert contents is not None
    return contents.get_data()


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_chart_is_drawn_in_lines(tmp_path: Path, lang: str, paper: str) -> None:
    _evening(tmp_path, 40)
    run(tmp_path, f"--lang {lang} sheet --paper {paper} --output {tmp_path / 's.pdf'}")
    reader = pypdf.PdfReader(tmp_path / "s.pdf")
    assert len(reader.pages) == 1
    size = {"a4": (595, 841), "letter": (612, 792)}[paper]
    assert tuple(int(v) for v in reader.pages[0].mediabox[2:]) == size
    text = reader.pages[0].extract_text()
    assert {"en": "counters won, deal by deal", "da": "jetoner vundet"}[lang] in text
    assert " ".join(NAMES) in " ".join(text.splitlines()[-1].split())  # the legend
    assert "40  Dan" in text  # the pad whole: its last deal
    assert "left out" not in text and "udeladt" not in text
    # every line drawn point by point: a line-to a deal for each of the four players
    assert _content(reader).count(b" l\n") >= 4 * 40


def _paid_evening(tmp_path: Path) -> None:
    _evening(tmp_path)
    run(tmp_path, "pay Dan 'Bøb&' 1000")


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("fmt", ["pdf", "html"])
def test_payments_made_and_who_still_pays(tmp_path: Path, lang: str, fmt: str) -> None:
    """The sheet says what `settle` says, line for line: the payments made of the sitting
    and who still pays whom after them."""
    _paid_evening(tmp_path)
    out = tmp_path / f"s.{fmt}"
    run(tmp_path, f"--lang {lang} sheet --output {out}")
    settled = run(tmp_path, f"--lang {lang} settle").output
    paid, owed = {"en": ("Paid since the sitting:", "Still to pay:"),
                  "da": ("Betalt siden aftenen:", "Mangler at blive betalt:")}[lang]
    assert paid in settled and owed in settled
    if fmt == "pdf":
        text = pypdf.PdfReader(out).pages[0].extract_text()
        lines = {" ".join(line.split()) for line in text.splitlines()}
        for line in filter(str.strip, settled.splitlines()):
            assert " ".join(line.split()) in lines, line
    else:
        text = "".join(_html_of(out).text)
        assert settled.strip() in text
    assert {"en": "250.50", "da": "250,50"}[lang] in text  # Dan's 1250.50 less 1000 paid


def _club(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    shutil.copytree(Path(__file__).parent.parent / "sessions" / "club", club)
    return club


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_book_sheet_pdf(tmp_path: Path, lang: str, paper: str) -> None:
    import json

    club = _club(tmp_path)
    out = tmp_path / "book.pdf"
    run(tmp_path, f"--lang {lang} --dir {club} sheet --book --paper {paper} --output {out}")
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    book = json.loads(run(tmp_path, f"--dir {club} book --format json").output)
    for sitting in book["sittings"]:
        assert sitting["session"] in text
    for currency in book["currencies"]:
        places = {"en": ".", "da": ","}[lang]
        for p in currency["players"]:
            assert p["name"] in text
        for t in currency["transfers"]:  # who pays whom, in money
            money = t["money"].replace(".", places)
            assert f"{t['from']} {t['to']} {money}" in text
        for p in currency["payments"]:
            assert p["note"] in text
        title = {"en": "Money won, sitting by sitting ({})",
                 "da": "({})"}[lang].format(currency["currency"])
        assert title in text
    assert {"en": "The book: club", "da": "Regnskabet: club"}[lang] in text


def test_book_sheet_html_has_a_chart_a_currency(tmp_path: Path) -> None:
    club = _club(tmp_path)
    run(tmp_path, f"--dir {club} sheet --book --output {tmp_path / 'b.html'}")
    parsed = _html_of(tmp_path / "b.html")
    assert [tag for tag, _ in parsed.tags].count("svg") == 2  # DKK and SEK
    text = "".join(parsed.text)
    assert "at the door" in text and "Paid between players in SEK:" in text
    assert not any(attrs.get("src") or attrs.get("href") for _, attrs in parsed.tags)


@pytest.mark.parametrize("line", ["sheet --book -s loo-2026-11-25", "-s loo-2026-11-25 sheet --book"])
def test_book_and_a_session_are_refused(tmp_path: Path, line: str) -> None:
    club = _club(tmp_path)
    result = run(tmp_path, f"--dir {club} {line} --output {tmp_path / 'b.pdf'}", code=2)
    assert "--book" in result.output and "-s" in result.output
    assert not (tmp_path / "b.pdf").exists()


def test_book_sheet_names_a_file_left_out(tmp_path: Path) -> None:
    club = _club(tmp_path)
    (club / "broken.toml").write_text("format = 'scorekeeper session'\nversion = 2\nx = [\n")
    result = run(tmp_path, f"--dir {club} sheet --book --output {tmp_path / 'b.html'}", code=1)
    assert "broken.toml" in result.output
    text = "".join(_html_of(tmp_path / "b.html").text)
    assert "1 file left out: it cannot be read." in text


@pytest.mark.parametrize("fmt", ["pdf", "html"])
def test_a_pad_too_long_is_cut_and_says_so(tmp_path: Path, fmt: str) -> None:
    """150 deals do not fit at 5 pt: the pad loses lines from its middle, says how many and
    which command prints them, and keeps its headings, its end and the whole settlement."""
    _evening(tmp_path, 150)
    out = tmp_path / f"s.{fmt}"
    run(tmp_path, f"sheet --paper letter --output {out}")
    if fmt == "pdf":
        reader = pypdf.PdfReader(out)
        assert len(reader.pages) == 1
        text = reader.pages[0].extract_text()
    else:
        text = "".join(_html_of(out).text)
    assert "lines left out to fit one page ('scorekeeper show -s friday' prints them all)" in text
    flat = " ".join(text.split())
    assert "# dealer" in flat and "150 Bøb&" in flat  # the headings and the last deal
    assert not any(line.split()[:1] == ["75"] and "looed" in line
                   for line in text.splitlines())  # a deal of the middle
    assert any(line.split()[:1] == ["3"] and "looed" in line for line in text.splitlines())
    for line in run(tmp_path, "settle").output.splitlines():
        assert " ".join(line.split()) in flat


def test_installed_command_writes_the_book_sheet(tmp_path: Path) -> None:
    club = _club(tmp_path)
    out = tmp_path / "b.pdf"
    done = subprocess.run([scorekeeper_command(), "--lang", "da", "--dir", str(club), "sheet",
                           "--book", "--output", str(out)], capture_output=True, text=True,
                          check=False, env={**os.environ, "SCOREKEEPER_SESSION": ""})
    assert done.returncode == 0, done.stderr
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert "Regnskabet: club" in text and "Frida" in text and "Betalt mellem" in text
    done = subprocess.run([scorekeeper_command(), "--dir", str(club), "sheet", "--book", "-s",
                           "loo-2026-11-25"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stderr.count("Error:") == 1


# --- the layout, by itself ---------------------------------------------------------------



_line = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
                max_size=120)


@given(pad=st.lists(_line, max_size=300), rest=st.lists(_line, max_size=120),
       height=st.floats(40, 250))
def test_fit_keeps_within_the_room_and_the_settlement_whole(pad: list[str], rest: list[str],
                                                             height: float) -> None:
    page = layout.Page("en", "t", "a", "\n".join(pad), ("\n".join(rest),), (), "show")
    fitted = layout.fit(page, 186.0, height)
    assert fitted.size <= layout.MOST
    assert len(fitted.lines) * layout.line_height(fitted.size) <= height + 1e-6
    widest = max((len(line) for line in fitted.lines), default=0)
    assert widest * layout.MONO * fitted.size * layout.PT <= 186.0 + 1e-6
    shown_rest = ["", *"\n".join(rest).splitlines()]
    assert fitted.lines[len(fitted.lines) - len(shown_rest):] == shown_rest  # never cut
    kept = fitted.lines[:len(fitted.lines) - len(shown_rest)]
    lines = "\n".join(pad).splitlines()
    if fitted.size < layout.LEAST:  # only where the width asks it, or the pad is cut to
        # its least and the settlement alone is too long
        assert (widest * layout.MONO * layout.LEAST * layout.PT > 186
                or len(kept) <= min(len(lines), 4))
    if kept != lines:  # cut: its headings and its end kept, one line saying how many went
        said = [line for line in kept if "lines left out" in line]
        assert len(said) == 1
        assert kept[:2] == lines[:2] and kept[-1] == lines[-1]
        gone = len(lines) - len(kept) + 1
        assert f"... {gone} lines left out" in said[0]


@given(running=st.dictionaries(st.text("abcdefgh", min_size=1, max_size=6),
                               st.lists(st.integers(-10**6, 10**6), min_size=1, max_size=60),
                               min_size=1, max_size=16),
       places=st.integers(0, 2), width=st.floats(60, 190))
def test_drawing_puts_each_total_in_its_place(running: dict[str, list[int]], places: int,
                                              width: float) -> None:
    count = max(map(len, running.values()))
    running = {n: [*v, *[v[-1]] * (count - len(v))] for n, v in running.items()}
    made = layout.drawing(Running("t", "u", "x", running, None, places), width, 62.0)
    lines = {s.names: s.points for s in made.strokes if s.names}
    assert sorted(n for names in lines for n in names.split(" & ")) == sorted(running)
    everyone = [(running[names.split(" & ")[0]][i], y) for names, points in lines.items()
                for i, (_x, y) in enumerate(points)]
    for value, y in everyone:  # the same total at the same height, a higher one higher
        for other, y2 in everyone:
            assert (value > other) == (y < y2 - 1e-9) or value == other
            if value == other:
                assert abs(y - y2) < 1e-9
    for stroke in made.strokes:
        for x, y in stroke.points:
            assert 0 <= x <= width and 0 <= y <= 62.0
    for label in made.labels:
        assert 0 <= label.y <= 62.0


def test_sheets_from_plays_prompt(tmp_path: Path) -> None:
    """In play (piped), `sheet` is the sitting's page and `sheet --book` the book of its
    folder: play's own session is not taken for an -s beside --book."""
    club = _club(tmp_path)
    lines = f"sheet --book --output {tmp_path / 'b.pdf'}\nsheet --output {tmp_path / 's.html'}\n"
    done = subprocess.run([scorekeeper_command(), "--dir", str(club), "play", "-s",
                           "loo-2026-11-25"], input=lines, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "The book: club" in pypdf.PdfReader(tmp_path / "b.pdf").pages[0].extract_text()
    text = "".join(_html_of(tmp_path / "s.html").text)
    assert "loo-2026-11-25" in text and "Still to pay:" in text


def test_a_sheet_written_says_where_as_every_output_does(tmp_path: Path) -> None:
    from .helpers import run

    run(tmp_path, "loo new s --players Ann,Bob,Cid --date 2026-11-27")
    made = run(tmp_path, f"sheet --output {tmp_path / 's.html'}")
    assert made.stderr == f"Written to {tmp_path / 's.html'}.\n"
    assert made.stdout == ""
