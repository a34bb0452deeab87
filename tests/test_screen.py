"""What `play` shows beside the line typed fits the width and says what it means: the
status of every game fitted in English and Danish to 40, 60, 80 and 120 columns by parts
given up whole (never a name or a word cut), scores that say whose is first, the running
balances in money with the pool the status names, questions and errors wrapped at words.
"""

from __future__ import annotations

import datetime
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.games import GAMES, NAMES
from scorekeeper.games.partnership import Rubber, RubberState, Teams
from scorekeeper.games.players import Players, check_new_name
from scorekeeper.render import view_of
from scorekeeper.render.status import SEPARATOR, Status, broken, fitted, initials, status
from scorekeeper.session import Session, replay, table_now
from scorekeeper.text import width_of, wrap_words
from scorekeeper.values import replace

from .helpers import run

WIDTHS = (40, 60, 80, 120)
LANGUAGES = ("en", "da")
#: The most players each game seats in these tests (and the fewest).
SEATS = {"loo": (3, 6), "pinochle": (3, 5), "bridge": (4, 5)}

LETTERS = "abcdefghijklmnopqrstuvwxyzæøåé"
name = st.text(LETTERS + LETTERS.upper(), min_size=1, max_size=9).flatmap(
    lambda first: st.one_of(
        st.just(first.capitalize()),
        st.text(LETTERS, min_size=1, max_size=10).map(lambda more: f"{first.capitalize()} "
                                                                   f"{more}"[:20].rstrip()),
        st.just((first.capitalize() * 20)[:20])))


def players(game: str) -> st.SearchStrategy[tuple[str, ...]]:
    fewest, most = SEATS[game]
    return st.lists(name.map(check_new_name), min_size=fewest, max_size=most,
                    unique_by=str.casefold).map(tuple)


def spoken(lang: str) -> Any:
    return i18n.spoken(i18n.language(lang))


def at_start(game: str, seated: tuple[str, ...]) -> tuple[Any, Any]:
    engine = GAMES[game]
    session = Session(engine, Players(seated), engine.settings_from_data({}), (),
                      date=datetime.date(2026, 11, 1))
    return session, replay(session)[1]


def check_fits(line: Status, width: int) -> list[str]:
    """The status at `width`: each line within it, made of whole forms of its parts in
    their order, each part in one of its forms or not at all."""
    lines = fitted(line, width)
    assert all(width_of(each) <= width for each in lines), (width, lines)
    parts = " ".join(lines).split(SEPARATOR)  # a line broken between parts ends " ·"
    forms = list(line.parts)
    for part in parts:  # in order, each a whole form of a part
        while forms and part not in forms[0]:
            forms.pop(0)
        assert forms, (part, line.parts, lines)
        forms.pop(0)
    return lines


# --- the fitting, as a rule ---------------------------------------------------------------

words = st.text("abcdefghij", min_size=1, max_size=12)
forms = st.lists(st.lists(words, min_size=1, max_size=3).map(" ".join), min_size=1,
                 max_size=3).map(lambda f: sorted(f, key=len, reverse=True))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(forms, st.booleans()), min_size=1, max_size=6),
       st.integers(20, 120))
def test_a_status_is_fitted_by_whole_forms_never_cutting_a_word(
        parts: list[tuple[list[str], bool]], width: int) -> None:
    line = status([[*f, ""] if drop else f for f, drop in parts])
    lines = fitted(line, width)
    for each in lines:
        assert width_of(each) <= width or " " not in each.strip(" ·")
    said = set(" ".join(lines).replace("·", " ").split())
    every = {w for f, _drop in parts for form in f for w in form.split()}
    assert said <= every  # no word is a piece of one
    kept = [f for f, drop in parts if not drop]  # a part that may not go is there
    for f in kept:
        assert any(form in " ".join(lines) or all(w in said for w in form.split())
                   for form in f)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(forms, st.booleans()), min_size=1, max_size=6),
       st.integers(20, 110), st.integers(1, 30))
def test_a_wider_screen_never_shows_less(parts: list[tuple[list[str], bool]], width: int,
                                         more: int) -> None:
    line = status([[*f, ""] if drop else f for f, drop in parts])
    narrow, wide = fitted(line, width), fitted(line, width + more)
    if len(narrow) == 1 and len(wide) == 1:
        assert width_of(wide[0]) >= width_of(narrow[0])


# --- every game's status, each language and width -------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_games_status_fits_every_width(game: str, lang: str, data: st.DataObject
                                             ) -> None:
    seated = data.draw(players(game))
    session, standing = at_start(game, seated)
    deals = data.draw(st.integers(0, 250))
    standing = replace(standing, deals=deals)
    if game == "loo":
        pool = data.draw(st.integers(0, 2000))
        standing = replace(standing, state=replace(standing.state,
            pool=pool, single=data.draw(st.booleans())),
            balances={**standing.balances, "/pool": pool})
    if game == "bridge":
        standing = replace(standing, state=RubberState(last=data.draw(rubbers(seated))))
    now = table_now(session, standing)
    with spoken(lang):
        line = view_of(session.game).status(session, standing, now)
        for width in WIDTHS:
            lines = check_fits(line, width)
            text = " ".join(lines)
            assert f"{now.next_dealer} " in text  # the dealer, whole
            if width >= 60:
                assert len(lines) == 1, lines  # names of at most 20 fit one line
            if game == "loo":
                assert f" {i18n.number(str(standing.balances['/pool']))} + 3" in text
            if game == "bridge":
                rubber = standing.state.last
                (a, b), (ga, gb) = rubber.current_game(), rubber.games()
                first, second = rubber.teams.sides
                score = (f"{initials(first, second)} {i18n.number(str(a))}-"
                         f"{i18n.number(str(b))} {initials(second, first)}")
                named = (f"{' & '.join(first)} {i18n.number(str(a))}-"
                         f"{i18n.number(str(b))} {' & '.join(second)}")
                assert score in text or named in text  # whose score is first
                games = ("games" if lang == "en" else "partier") + f" {ga}-{gb}"
                if ga and gb:  # who is vulnerable is said, or the games that make it
                    assert i18n._("both vulnerable") in text or games in text
                elif ga or gb:
                    side = first if ga else second
                    said = [i18n._("{side} vulnerable").format(side=s) for s in (
                        " & ".join(side), initials(side, second if ga else first))]
                    assert any(s in text for s in said) or games in text, text
        assert fitted(line, None) == [view_of(session.game).prompt(session, standing, now)]


@st.composite
def rubbers(draw: st.DrawFn, seated: tuple[str, ...]) -> Rubber:
    four = draw(st.permutations(seated[:4]))
    teams = Teams((four[0], four[1]), (four[2], four[3]))
    winners = draw(st.sampled_from([(), (0,), (1,), (0, 1), (1, 0)]))
    below = tuple(((w, 30 + draw(st.integers(0, 200))),) for w in winners)
    now = draw(st.lists(st.tuples(st.integers(0, 1), st.integers(1, 29)), max_size=1))
    return Rubber(draw(st.integers(1, 30)), teams, (*below, tuple(now)), winners)


def test_the_issues_bridge_status_at_each_width() -> None:
    """The issue's case: at 60 columns Olaf was cut from his partner; in Danish at 80 the
    line ended "Anne & Carl i"."""
    rubber = Rubber(2, Teams(("Anne", "Carl"), ("Olaf", "Quinn")), (((0, 60),), ((1, 16),)),
                    (1,))
    from scorekeeper.render.partnership import rubber_status

    with spoken("en"):
        line = rubber_status(rubber, "deal 7", "Per deals")
        assert fitted(line, 120) == ["deal 7 · Per deals · rubber 2 · Anne & Carl 0-16 Olaf "
                                     "& Quinn below, games 0-1 · Olaf & Quinn vulnerable"]
        assert fitted(line, 80) == ["deal 7 · Per deals · AC 0-16 OQ below, games 0-1 · "
                                    "Olaf & Quinn vulnerable"]
        assert fitted(line, 60) == ["Per deals · AC 0-16 OQ below, games 0-1 · OQ vulnerable"]
        assert fitted(line, 40) == ["Per deals · AC 0-16 OQ · OQ vulnerable"]
    with spoken("da"):
        line = rubber_status(rubber, "spil 7", "Per giver")
        assert fitted(line, 80) == ["spil 7 · Per giver · AC 0-16 OQ under, partier 0-1 · "
                                    "Olaf & Quinn i zonen"]  # as the English, now as short
        assert fitted(line, 40) == ["Per giver · AC 0-16 OQ · OQ i zonen"]


def test_initials_tell_the_partnerships_apart() -> None:
    assert initials(("Anne", "Carl"), ("Olaf", "Quinn")) == "AC"
    assert initials(("Anne", "Carl"), ("Adam", "Chris")) == "An&Ca"
    assert initials(("Adam", "Chris"), ("Anne", "Carl")) == "Ad&Ch"


# --- wrapping at words --------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text("abcdefghij&-", min_size=1, max_size=15), min_size=1, max_size=30),
       st.sampled_from([20, 40, 60, 80]), st.integers(0, 2))
def test_wrapping_never_cuts_a_word(said: list[str], width: int, indent: int) -> None:
    text = " ".join(said)
    lines = wrap_words(text, width, indent)
    assert [w for line in lines for w in line.split()] == text.split()
    for line in lines:
        assert width_of(line) <= width or len(line.split()) == 1


# --- the prompt through prompt_toolkit ------------------------------------------------------


def screen_of(tmp_path: Path, session: str, keys: str, columns: int,
              capsys: pytest.CaptureFixture[str]) -> tuple[str, str, str]:
    """What `play` draws at `columns` for `keys` typed: the screen (escapes removed), and
    what it printed on stdout and stderr."""
    import re

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import interactive

    drawn = io.StringIO()
    output = Vt100_Output(drawn, lambda: Size(rows=24, columns=columns), term="xterm")
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    shell = Shell(ctx, str(tmp_path / f"{session}.toml"))
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        interactive(shell, input=pipe, output=output)
    out, err = capsys.readouterr()
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Z]|\r", "", drawn.getvalue())
    return screen, out, err


BRIDGE = ["bridge new rub --players Anne,Olaf,Carl,Quinn,Per --date 2026-11-01",
          "deal nt o9 -", "deal h o8 a3"]  # Olaf & Quinn a game up, 16 below


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("columns", [60, 80])
def test_the_bridge_prompt_fits_the_terminal(tmp_path: Path, columns: int, lang: str,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    for line in BRIDGE:
        run(tmp_path, line)
    with spoken(lang):
        screen, _out, _err = screen_of(tmp_path, "rub", "\x04", columns, capsys)
    prompt_line = next(line for line in screen.split("\n") if " · " in line).rstrip()
    assert width_of(prompt_line) <= columns
    assert "AC 0-16 OQ" in prompt_line  # whose score is first
    assert prompt_line.endswith(("OQ vulnerable", "Olaf & Quinn vulnerable", "OQ i zonen",
                                 "Olaf & Quinn i zonen")), prompt_line
    assert "\n> " in screen  # the line typed under the status


LOO = "loo new ev --players Ann,Bob,Cid,Dan --value 0.05 --currency kr --date 2026-11-01"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("columns", [60, 80])
def test_questions_and_errors_wrap_at_words(tmp_path: Path, columns: int, lang: str,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", str(columns))
    run(tmp_path, LOO)
    keys = ("b=2 c=0 d=1 miss d\r"
            "zed=3 bob=1 cid=1 dan=1 and what a person types at the end of a long evening\r"
            "order a,b,c\r"  # an error longer than 80 columns
            "undo\r" "no\r" "\x04")
    with spoken(lang):
        screen, out, err = screen_of(tmp_path, "ev", keys, columns, capsys)
        (tmp_path / "ev.toml").unlink()
        run(tmp_path, LOO)
        wide, wide_out, wide_err = screen_of(tmp_path, "ev", keys, 1000, capsys)
        question = i18n._("Type yes to remove deal {number}: ").split("{")[0]
    assert len(err.split("\n")) > len(wide_err.split("\n")) >= 2  # wrapped at `columns`
    assert err.split() == wide_err.split() and out.split() == wide_out.split()  # no word cut
    for line in [*err.split("\n"), *out.split("\n")]:
        assert width_of(line) <= columns, line
    asked = screen[screen.index(question):].split("\n")
    whole = wide[wide.index(question):].split(": ")[0] + ": "  # the question, one line
    if width_of(whole) <= columns:
        assert asked[0].startswith(whole)
        return
    assert width_of(asked[0]) <= columns
    assert whole.startswith(asked[0] + " ")  # broken between two words
    rest = whole[len(asked[0]) + 1:]
    assert asked[1].startswith(rest[:10])  # the words that follow, on the next line


part = st.tuples(st.text("AEbdæø", min_size=1, max_size=12),
                 st.sampled_from(["0", "+3", "-0.15", "= 0.15 kr"])).map(" ".join)


@settings(max_examples=300)
@given(st.lists(part, min_size=1, max_size=10), st.integers(20, 100))
def test_the_bars_parts_are_broken_between_never_inside_one_that_fits(
        parts: list[str], width: int) -> None:
    """A player's name and balance stay on one line ('Edda 0.00', 'pool 3 = 0.15'); only
    a part wider than a line is broken, at its spaces."""
    lines = broken(parts, width)
    assert " ".join(lines) == SEPARATOR.join(parts)
    pieces = [line.removeprefix(SEPARATOR.lstrip()).split(SEPARATOR) for line in lines]
    for each in parts:
        if width_of(each) + 2 <= width:
            assert any(each in line for line in pieces), (each, lines)
    assert all(width_of(line) <= width for line in lines if " " in line.strip("· "))


def test_the_bar_keeps_whole_names_on_two_lines_before_cutting_them(tmp_path: Path) -> None:
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell

    run(tmp_path, "loo new six --players Ann,Bob,Cid,Dan --value 0.05 --currency kr")
    run(tmp_path, "deal a1 b2 c0")
    run(tmp_path, "join Eve")
    run(tmp_path, "join Edda")
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    shell = Shell(ctx, str(tmp_path / "six.toml"))
    for width in (60, 80):
        lines = shell.balances(width).split("\n")
        assert len(lines) == 2 and "Edda 0.00" in lines[0] + lines[1]
        assert all(width_of(line) <= width for line in lines)
        assert "pool 3 = 0.15" in lines[1]


def test_the_bar_and_the_prompt_name_one_pool_in_money(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell

    run(tmp_path, LOO)
    run(tmp_path, "deal b=2 c=0 d=1 miss d")  # Cid looed 3: the pool holds 3
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    shell = Shell(ctx, str(tmp_path / "ev.toml"))
    assert shell.prompt() == "hand 2 · Bob deals · pool 3 + 3"
    assert shell.balances(80) == ("Ann -0.15 · Bob +0.10 · Cid -0.15 · Dan +0.05 · pool 3 = "
                                  "0.15 · in kr")
    with spoken("da"):
        assert shell.prompt() == "spil 2 · Bob giver · pulje 3 + 3"
        assert shell.balances(80) == ("Ann -0,15 · Bob +0,10 · Cid -0,15 · Dan +0,05 · pulje 3 "
                                      "= 0,15 · i kr")
    for width in (40, 60):
        lines = shell.balances(width).split("\n")
        assert all(width_of(line) <= width for line in lines)
        assert "pool 3 = 0.15" in " ".join(lines)
    run(tmp_path, "loo new plain --players Ann,Bob,Cid --date 2026-11-01")
    plain = Shell(ctx, str(tmp_path / "plain.toml"))
    assert plain.balances(80) == "Ann 0 · Bob 0 · Cid 0 · pool 0"  # no value: in units
    assert plain.prompt() == "hand 1 · Ann deals · pool 0 + 3"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.permutations(["Ann", "Bob", "Cid"]), max_size=8), st.booleans())
def test_the_pool_the_prompt_names_is_the_pools_account(hands: list[list[str]], must: bool
                                                        ) -> None:
    """One answer: the pool the status says is the balance of the pool's account, which
    the bar shows, after any hands (and the state's pool agrees with it)."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.games.loo import LooDeal, LooSettings
    from scorekeeper.render.loo import VIEW, pool_now

    from .helpers import sitting

    deals = [LooDeal(tricks={a: 2, b: 1, c: 0}) for a, b, c in hands]  # c looed
    session = sitting("loo", ("Ann", "Bob", "Cid"), LooSettings(must=must), *deals)
    try:
        _played, standing = replay(session)
    except ScorekeeperError:  # a hand the rules refuse (a must, say) is no case
        return
    assert pool_now(standing) == standing.state.pool == standing.balances["/pool"]
    assert f"pool {pool_now(standing)} + 3" in VIEW.prompt(session, standing,
                                                           table_now(session, standing))
