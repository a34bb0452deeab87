"""Danish: the language chosen (--lang, SCOREKEEPER_LANG, the locale), numbers and days as
Danes write them, and the catalogue complete (scripts/catalogue.py check)."""

from __future__ import annotations

import datetime
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import i18n

from . import golden
from .helpers import ROOT, run


def catalogue() -> Any:
    spec = importlib.util.spec_from_file_location("catalogue", ROOT / "scripts" / "catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogue"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("given", "environ", "expected"), [
    ("da", {"LANG": "en_US.UTF-8"}, "da"),
    ("en", {"SCOREKEEPER_LANG": "da"}, "en"),
    (None, {"SCOREKEEPER_LANG": "da", "LANG": "en_GB.UTF-8"}, "da"),
    (None, {"SCOREKEEPER_LANG": "", "LANGUAGE": "sv:da", "LANG": "C"}, "da"),
    (None, {"LANGUAGE": "en:da"}, "en"),
    (None, {"LANGUAGE": "", "LC_ALL": "da_DK.UTF-8", "LANG": "en_US"}, "da"),
    (None, {"LC_ALL": "C", "LANG": "da_DK.UTF-8"}, "en"),
    (None, {"LC_MESSAGES": "da_DK@euro"}, "da"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),
    (None, {"LANG": "xx"}, "en"),
    (None, {}, "en"),
])
def test_the_language_is_chosen_in_order(given: str | None, environ: dict[str, str],
                                          expected: str) -> None:
    assert i18n.chosen(given, environ) == expected


@pytest.mark.parametrize(("args", "expected"), [
    (["--lang", "da", "show"], "da"), (["--lang=en", "show"], "en"),
    (["--dir", "x", "--lang", "da"], "da"), (["show", "--lang", "da"], None),
    (["--dir", "--lang", "show"], None), (["--lang"], None), ([], None),
])
def test_lang_is_found_before_the_command(args: list[str], expected: str | None) -> None:
    assert i18n.scan(args) == expected


def test_numbers_and_days_as_danes_write_them() -> None:
    day = datetime.date(2026, 12, 1)
    assert (i18n.number("-1234.50"), i18n.day(day)) == ("-1234.50", "2026-12-01")
    with i18n.spoken(i18n.language("da")):
        assert [i18n.number(n) for n in ("-1234.50", "+3", "1234567", "0.05", "12", "x")] == [
            "-1.234,50", "+3", "1.234.567", "0,05", "12", "x"]
        assert i18n.day(day) == "01.12.2026"
    assert (i18n.number("-1234.50"), i18n.day(day)) == ("-1234.50", "2026-12-01")


def test_the_language_of_a_run_ends_with_it(tmp_path: Path) -> None:
    """`--lang da` given to one run in this process (a test, a script that imports the
    command) is not the language of the next: the language is a value of the run, not a
    setting of the process. Any order of runs in any language reads the same."""
    run(tmp_path, "loo new x --players Ann,Bob,Cid")
    english = run(tmp_path, "settle -s x").output
    danish = run(tmp_path, "--lang da settle -s x").output
    assert danish != english
    assert i18n.speaking() is i18n.ENGLISH
    assert os.environ.get("LANGUAGE") != "da"
    assert run(tmp_path, "settle -s x").output == english
    assert run(tmp_path, "--lang da settle -s x").output == danish


@pytest.mark.parametrize("title", list(golden.EVENINGS))
def test_the_readmes_evenings_in_danish(title: str) -> None:
    """The README's Loo and Bridge evenings, played in Danish, print the golden text (made
    by `python -m tests.golden`)."""
    expected = (golden.GOLDEN / golden.EVENINGS[title]).read_text(encoding="utf-8")
    assert golden.played(title) == expected


def test_every_message_has_its_danish_words_and_the_mo_is_the_po_compiled() -> None:
    """Every message the program gives `_` or `ngettext` is in the .po with a translation
    (none empty, none fuzzy), its placeholders the same in both languages (str.format's
    fields, read by string.Formatter), and the .mo the program reads is the .po compiled."""
    assert list(catalogue().problems()) == []


def test_plural_forms_are_danish() -> None:
    """Danish has two forms, one for 1 and one for every other count."""
    module = catalogue()
    assert module.read().plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("name", ["loo-2026-11-25", "pinochle-2026-11-27", "bridge-2026-11-22"])
def test_what_programs_read_is_the_same_in_danish(name: str) -> None:
    """show's CSV and JSON of every game, word for word the same in both languages (the
    hunt found a Pinochle deal's words made in Danish once, at import, inside the CSV)."""
    import subprocess

    from .helpers import scorekeeper_command

    path = ROOT / "sessions" / "club" / f"{name}.toml"
    for fmt in ("csv", "json"):
        said = [subprocess.run([scorekeeper_command(), "--lang", lang, "show", "-s", str(path),
                                "--format", fmt], capture_output=True, text=True,
                               check=True).stdout for lang in ("en", "da")]
        assert said[0] == said[1] and said[0]


@pytest.mark.parametrize("game", ["loo", "pinochle"])
def test_a_games_title_is_in_the_language_spoken_whenever_it_was_imported(game: str) -> None:
    """A game's title is made when its module is imported; it is shown in the language
    spoken when it is shown (imported in Danish, then spoken in English, and back)."""
    import subprocess

    code = ("from scorekeeper import i18n\n"
            "i18n.use(i18n.language('da'))\n"
            f"from scorekeeper.games import GAMES\ngame = GAMES[{game!r}]\n"
            "with i18n.spoken(i18n.ENGLISH):\n    print(i18n._(game.title))\n"
            "print(i18n._(game.title))\n")
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.splitlines()
    assert said == {"loo": ["Three-card Loo", "Trekorts-lu"],
                    "pinochle": ["Auction Pinochle", "Auktionspinochle"]}[game]


def test_the_catalogue_read_as_asked_gives_what_gettext_gives() -> None:
    """i18n.Catalogue finds a message by bisection over the .mo's originals, which must be
    stored in byte order: every message and plural of the catalogue (and words it has not)
    are what gettext's full parse gives, the first time asked and after (each is looked up
    once and remembered)."""
    import gettext

    from hypothesis import given, settings
    from hypothesis import strategies as st

    mo = Path(i18n.LOCALE) / "da" / "LC_MESSAGES" / "scorekeeper.mo"
    data = mo.read_bytes()
    with mo.open("rb") as file:
        ours, theirs = i18n.Catalogue(data), gettext.GNUTranslations(file)
    originals = [ours._string(ours.originals, i) for i in range(ours.count)]
    assert originals == sorted(originals)
    assert ours.count > 900
    for key in [*originals[1:], *reversed(originals[1:])]:  # asked again: remembered
        singular, _nul, plural = key.decode("utf-8").partition("\0")
        if plural:
            for count in (0, 1, 2, 5):
                assert ours.ngettext(singular, plural, count) == theirs.ngettext(
                    singular, plural, count)
        elif "\x04" in singular:
            context, _eot, message = singular.partition("\x04")
            assert ours.pgettext(context, message) == theirs.pgettext(context, message)
        else:
            assert ours.gettext(singular) == theirs.gettext(singular)

    @settings(max_examples=300, deadline=None)
    @given(st.text(min_size=1, max_size=30) | st.sampled_from(
        [o.decode()[:-1] for o in originals[1:] if len(o) > 1]))
    def unknown_words_are_their_own(text: str) -> None:
        assert ours.gettext(text) == theirs.gettext(text)
        assert ours.ngettext(text, text + "s", 2) == theirs.ngettext(text, text + "s", 2)

    unknown_words_are_their_own()
