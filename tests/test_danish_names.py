"""A game named in Danish text (trekorts-lu, auktionspinochle, bridge: lower case, as
running text writes a card game) where the English names it by its title or its id; the
Danish words a word of the catalogue says two ways (Pinochle's øjne and points); a time of
day as Danes write it (01.12); --honours ingen. English, JSON and CSV as they were."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.games import GAMES, in_a_sentence, in_a_table

from .test_trust import sk

DANISH = {"loo": "trekorts-lu", "pinochle": "auktionspinochle", "bridge": "bridge"}
PLAYERS = {"loo": "Ann,Bob,Cid", "pinochle": "Ann,Bob,Cid", "bridge": "Ann,Bob,Cid,Dan"}
DEAL = {"loo": "b=2 c=1", "pinochle": "b 300 150 172", "bridge": "hj a8 a3"}


def test_every_game_has_its_danish_name_in_a_sentence_and_in_a_table() -> None:
    with i18n.spoken(i18n.language("da")):
        assert {name: in_a_table(name) for name in GAMES} == DANISH
        assert {name: in_a_sentence(GAMES[name]) for name in GAMES} == DANISH
        assert in_a_table("unreadable") == "unreadable"
    assert {name: in_a_table(name) for name in GAMES} == {name: name for name in GAMES}
    assert [in_a_sentence(GAMES[name]) for name in GAMES] == [
        "Three-card Loo", "Auction Pinochle", "Bridge"]
    for name in GAMES:  # the words marked for the catalogue are the title and the id
        assert (GAMES[name].sentence_name, GAMES[name].table_name) == (
            GAMES[name].title, name)


@pytest.mark.parametrize("game", list(GAMES))
def test_sessions_check_explain_and_the_wrong_game_name_it_in_danish(tmp_path: Path,
                                                                      game: str) -> None:
    sk(tmp_path, "--lang", "da", game, "new", "aften", "--players", PLAYERS[game],
       "--value", "1")
    sk(tmp_path, "--lang", "da", "deal", *DEAL[game].split())
    name = DANISH[game]
    listed = sk(tmp_path, "--lang", "da", "sessions").stdout
    assert re.search(rf"aften\s+{name}\s", listed), listed
    assert f": i orden ({name}, " in sk(tmp_path, "--lang", "da", "check").stdout
    explained = sk(tmp_path, "--lang", "da", "book", "--explain", "Bob").stdout
    assert f"aften ({name})" in explained
    other = next(g for g in GAMES if g != game)
    err = sk(tmp_path, "--lang", "da", other, "deal", *DEAL[other].split(), code=1).stderr
    assert f"er en session i {name}, ikke i {DANISH[other]}" in err
    # English, JSON and CSV keep the id
    assert re.search(rf"aften\s+{game}\s", sk(tmp_path, "sessions").stdout)
    assert f"aften ({game})" in sk(tmp_path, "book", "--explain", "Bob").stdout
    data = json.loads(sk(tmp_path, "--lang", "da", "sessions", "--format", "json").stdout)
    assert [s["game"] for s in data["sessions"]] == [game]
    csv = sk(tmp_path, "--lang", "da", "sessions", "--format", "csv").stdout
    assert f",{game}," in csv and (name == game or name not in csv)


def test_a_game_in_a_sentence_is_lower_case_in_danish(tmp_path: Path) -> None:
    sk(tmp_path, "--lang", "da", "loo", "new", "aften", "--players", "Ann,Bob,Cid")
    err = sk(tmp_path, "--lang", "da", "leave", "Ann", code=1).stderr
    assert "Ann kan ikke gå: trekorts-lu " in err
    assert "Trekorts-lu" not in err
    shown = sk(tmp_path, "--lang", "da", "deal", "--help").stdout
    assert shown.startswith("Session 'aften' (trekorts-lu) med spillerne ")
    assert "Three-card Loo takes at least 3" in sk(tmp_path, "leave", "Ann", code=1).stderr


def test_pinochles_count_says_ojne_and_meld_says_points(tmp_path: Path) -> None:
    counted = sk(tmp_path, "--lang", "da", "pinochle", "count", "AH", "10H").stdout
    assert counted.split("\n")[0].split() == ["kort", "øjne"]
    assert "I alt: 21 øjne." in counted
    melded = sk(tmp_path, "--lang", "da", "pinochle", "meld", "--trump", "hjerter",
                "KH", "QH").stdout
    assert melded.split("\n")[0].split()[-1] == "points"
    english = sk(tmp_path, "pinochle", "count", "AH", "10H").stdout
    assert english.split("\n")[0].split() == ["card", "points"]
    csv = sk(tmp_path, "--lang", "da", "pinochle", "count", "AH", "--format", "csv").stdout
    assert csv.split("\n")[0].strip() == "card,points"


@given(st.times())
def test_a_time_of_day_is_hh_mm_in_english_and_hh_dot_mm_in_danish(moment: datetime.time
                                                                    ) -> None:
    assert i18n.clock(moment) == f"{moment.hour:02}:{moment.minute:02}"
    with i18n.spoken(i18n.language("da")):
        assert i18n.clock(moment) == f"{moment.hour:02}.{moment.minute:02}"


def test_history_times_are_written_the_danish_way(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "aften", "--players", "Ann,Bob,Cid")
    sk(tmp_path, "deal", "b=2", "c=1")
    sk(tmp_path, "undo", "--why", "x", stdin="yes\n")
    danish = sk(tmp_path, "--lang", "da", "history").stdout
    english = sk(tmp_path, "history").stdout
    assert re.search(r"^\d\d\.\d\d\.\d{4} \d\d\.\d\d  ", danish, re.MULTILINE), danish
    assert re.search(r"^\d{4}-\d\d-\d\d \d\d:\d\d  ", english, re.MULTILINE), english


@pytest.mark.parametrize("word", ["ingen", "none", "-", "INGEN"])
def test_honours_none_is_ingen_in_both_languages(tmp_path: Path, word: str) -> None:
    sk(tmp_path, "bridge", "new", "b", "--players", "Ann,Bob,Cid,Dan")
    for lang in ("da", "en"):
        sk(tmp_path, "--lang", lang, "deal", "--trump", "nt", "--tricks", "a=7",
           "--honours", word, "--dry-run")
    assert "--honours P=N,...|ingen" in sk(tmp_path, "--lang", "da", "deal", "--help").stdout
    assert "--honours P=N,...|none" in sk(tmp_path, "deal", "--help").stdout


@pytest.mark.parametrize(("args", "danish", "english"), [
    (["bridge", "deal", "tern", "a8"], "'tern' er ikke en af spar, klør, ruder, hjerter eller sans",
     "'tern' is not one of spades, clubs, diamonds, hearts or notrumps"),
    (["pinochle", "meld", "--trump", "x", "AH"], "'x' er ikke en af spar, hjerter, ruder eller klør",
     "'x' is not one of spades, hearts, diamonds or clubs"),
])
def test_a_suit_refused_is_answered_with_the_suits_of_the_language(
        tmp_path: Path, args: list[str], danish: str, english: str) -> None:
    sk(tmp_path, "bridge", "new", "b", "--players", "Ann,Bob,Cid,Dan")
    assert danish in sk(tmp_path, "--lang", "da", *args, code=2).stderr
    assert english in sk(tmp_path, *args, code=2).stderr


@pytest.mark.parametrize(("lang", "order"), [
    ("da", ["Ann", "bo", "Émile", "Zoë", "Ærø", "øjvind", "Åse"]),
    ("en", ["Ann", "Åse", "bo", "Émile", "Zoë", "Ærø", "øjvind"]),  # æ, ø: no base letter
])
def test_names_are_sorted_as_the_language_sorts_them(lang: str, order: list[str]) -> None:
    """Case and accents ignored; Danish Æ, Ø, Å after Z (a code point order put 'a' after
    'Z', and Å before Æ)."""
    from scorekeeper import i18n

    with i18n.spoken(i18n.language(lang)):
        shuffled = order[3:] + order[:3]
        assert sorted(shuffled, key=i18n.name_order) == order


def test_stats_and_the_book_list_players_in_danish_order(tmp_path: Path) -> None:
    from .helpers import run

    run(tmp_path, "loo new x --players Åse,Zoë,Ærø,bo,Øjvind --date 2026-11-01")
    run(tmp_path, "deal å1 z2 æ0")
    for command in ("stats", "book"):
        shown = run(tmp_path, f"--lang da {command}").output
        at = [shown.index(f"\n{n} ") for n in ("bo", "Zoë", "Ærø", "Øjvind", "Åse")]
        assert at == sorted(at), (command, shown)
