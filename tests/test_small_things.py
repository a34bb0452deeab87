"""The small things of issue 23 met on the way: -s before the command, a --dir that names no
folder, `check` of the session itself, the editor hint, the marks of `sessions` and the
book, the chart's markers, `amend --help` of the session's own game, `history` in the
short form."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.render.chart import AXIS_CHARACTERS, MARKERS, Canvas, chart

from .helpers import play_lines, run
from .test_trust import sk

#: A session of each game, and a deal of it.
NEW = {"loo": ("loo new ev --players Ann,Bob,Cid,Dan", "deal b=2 c=1"),
       "pinochle": ("pinochle new ev --players Ann,Bob,Cid,Dan", "deal b 350 190 172"),
       "bridge": ("bridge new ev --players Ann,Bob,Cid,Dan", "deal h b8 b2d2")}
#: Commands that read the session they are given, and print the same each time.
READING = ("show", "settle", "history", "check", "show --format json", "settle --format csv")


def two_sessions(tmp_path: Path, game: str = "loo") -> None:
    """Sessions `ev` (a deal) and `other` (none, and the current one)."""
    new, deal = NEW[game]
    play_lines(tmp_path, [new, deal, new.replace(" ev ", " other ")])


# --- -s before the command ----------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(sorted(NEW)), command=st.sampled_from(READING),
       lang=st.sampled_from(["en", "da"]), long=st.booleans())
def test_s_before_the_command_is_the_commands_own(tmp_path_factory: pytest.TempPathFactory,
                                                 game: str, command: str, lang: str,
                                                 long: bool) -> None:
    tmp_path = tmp_path_factory.mktemp("s")
    two_sessions(tmp_path, game)
    option = "--session" if long else "-s"
    after = run(tmp_path, f"--lang {lang} {command} {option} ev").output
    before = run(tmp_path, f"--lang {lang} {option} ev {command}").output
    assert before == after
    assert before != run(tmp_path, f"--lang {lang} {command}").output  # not the current one


def test_s_before_the_command_beats_the_environment_and_yields_to_its_own(tmp_path: Path
                                                                         ) -> None:
    two_sessions(tmp_path)
    ev = run(tmp_path, "show -s ev").output
    other = run(tmp_path, "show -s other").output
    assert run(tmp_path, "-s ev show", SCOREKEEPER_SESSION="other").output == ev
    assert run(tmp_path, "-s ev show -s other").output == other
    run(tmp_path, "-s ev deal a=1 b=2")  # a change goes to the session named before too
    assert run(tmp_path, "show -s other").output == other
    assert "Ann +1, Bob +2" in run(tmp_path, "show -s ev").output


@pytest.mark.parametrize("line", ["book", "sessions", "stats", "loo new x --players A,B,C",
                                  "pay Ann Bob 1 --new-player"])
def test_s_before_a_command_that_takes_no_session_is_a_usage_error_with_a_hint(
        tmp_path: Path, line: str) -> None:
    two_sessions(tmp_path)
    before = sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir())
    result = run(tmp_path, f"-s ev {line}", code=2)
    assert "-s chooses a session" in result.output and "leave it out" in result.output
    assert sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir()) == before


def test_s_before_the_command_is_completed_and_completes_as_its_session(tmp_path: Path
                                                                       ) -> None:
    play_lines(tmp_path, ["loo new ev --players Ann,Bob,Cid", "pinochle new pin --players "
                          "Dora,Eve,Finn", "use ev"])

    def complete(words: str) -> list[str]:
        env = {"_SCOREKEEPER_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split(" ")) - 1)}
        return sk(tmp_path, env=env).stdout.split()

    assert complete("scorekeeper -s p") == ["plain,pin"]
    assert complete("scorekeeper -s pin deal ") == [
        "plain,Dora", "plain,Eve", "plain,Finn", "plain,pass"]


# --- a folder that is not there -------------------------------------------------------------


@pytest.mark.parametrize("line", ["show", "settle", "history", "undo", "edit", "paid",
                                  "deal b=2", "amend 1 b=2", "use ev", "play", "check",
                                  "join Eve", "leave Bob", "sessions", "book", "stats"])
@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_folder_that_is_not_there_is_named_as_such(tmp_path: Path, line: str, lang: str
                                                     ) -> None:
    missing = tmp_path / "no" / "such"
    for typed in (f"--dir {missing} {line}", f"{line} --dir {missing}"):
        result = run(tmp_path, f"--lang {lang} {typed}", code=1)
        assert str(missing) in result.output
        assert "no session chosen" not in result.output and "ingen session" not in \
            result.output.lower()
    proc = sk(tmp_path, "--lang", lang, *line.split(), code=1,
              env={"SCOREKEEPER_DIR": str(missing)})
    assert str(missing) in proc.stderr and "$SCOREKEEPER_DIR" in proc.stderr
    assert not missing.exists()


# --- check with no FILES ------------------------------------------------------------------


def test_check_with_no_files_checks_the_session_as_show_finds_it(tmp_path: Path) -> None:
    two_sessions(tmp_path)
    assert run(tmp_path, "check").output == f"{tmp_path / 'other.toml'}: ok (loo, 4 players, " \
                                            "0 deals)\n"
    assert "ev.toml: ok (loo, 4 players, 1 deal)" in run(tmp_path, "check -s ev").output
    assert "ev.toml: ok" in run(tmp_path, "check", SCOREKEEPER_SESSION="ev").output
    (tmp_path / "ev.toml").write_text((tmp_path / "ev.toml").read_text().replace(
        "Bob = 2", "Bob = 7"))
    result = run(tmp_path, "check -s ev", code=1)
    assert "ev.toml:" in result.output
    # FILES given: those, and the session only if -s names it (not from the environment)
    other = tmp_path / "other.toml"
    named = run(tmp_path, f"check {other}", SCOREKEEPER_SESSION="ev").output
    assert "ev.toml" not in named.replace("other.toml", "")
    run(tmp_path, f"check {other} -s ev", code=1)


def test_check_with_no_session_at_all_says_how_to_choose_one(tmp_path: Path) -> None:
    proc = sk(tmp_path, "check", code=1)
    assert "no session chosen" in proc.stderr and "Traceback" not in proc.stderr


# --- the editor hint --------------------------------------------------------------------


def _bin(tmp_path: Path, *editors: str) -> Path:
    """A PATH folder holding only `editors` (each a script that fails)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name in editors:
        script = folder / name
        script.write_text("#!/bin/sh\nexit 3\n")
        script.chmod(0o755)
    return folder


@pytest.mark.parametrize("lang", ["en", "da"])
def test_with_no_editor_the_hint_names_none_that_is_missing(tmp_path: Path, lang: str) -> None:
    sk(tmp_path, "loo", "new", "ev", "--players", "Ann,Bob,Cid")
    before = (tmp_path / "ev.toml").read_bytes()
    proc = sk(tmp_path, "--lang", lang, "edit", code=1, env={"PATH": str(_bin(tmp_path))})
    message = proc.stderr
    assert "'vi'" in message  # the editor that failed is named ...
    assert "EDITOR=" not in message  # ... and none is suggested that is not there
    assert "$VISUAL" in message and "$EDITOR" in message
    assert (tmp_path / "ev.toml").read_bytes() == before


@pytest.mark.parametrize("there", ["nano", "vim", "emacs"])
def test_the_hint_names_an_editor_there_is_never_the_one_that_failed(tmp_path: Path,
                                                                      there: str) -> None:
    sk(tmp_path, "loo", "new", "ev", "--players", "Ann,Bob,Cid")
    folder = _bin(tmp_path, there)
    proc = sk(tmp_path, "edit", code=1, env={"PATH": str(folder), "EDITOR": "nosuch"})
    assert f"EDITOR={there}" in proc.stderr and "'nosuch' ($EDITOR)" in proc.stderr
    proc = sk(tmp_path, "edit", code=1, env={"PATH": str(folder), "EDITOR": "nano -w"})
    if there != "nano":
        assert f"EDITOR={there}" in proc.stderr
    assert "EDITOR=nano" not in proc.stderr or there != "nano"


# --- marks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("columns", ["60", "80"])
def test_the_current_session_and_a_change_after_the_fact_have_marks_of_their_own(
        tmp_path: Path, lang: str, columns: str) -> None:
    two_sessions(tmp_path)
    run(tmp_path, "amend 1 b=1 c=2 -s ev --why slip")
    listed = run(tmp_path, f"--lang {lang} sessions", COLUMNS=columns).output
    book = run(tmp_path, f"--lang {lang} book", COLUMNS=columns).output
    current = [line for line in listed.splitlines() if line.startswith(">")]
    assert len(current) == 2 and "other" in current[0]  # the row, and its footnote
    assert "*" not in listed
    assert "ev*" in book and not re.search(r"^>", book, re.M)
    assert re.search(r"^\* ", book, re.M)  # the book's footnote says what * is
    for line in (listed + book).splitlines():
        assert len(line) <= int(columns)


def test_the_chart_draws_with_markers_the_legend_names_and_axis_characters_only() -> None:
    assert not set(MARKERS) & set(AXIS_CHARACTERS)
    assert len(set(MARKERS)) == len(MARKERS)
    names = [f"P{i}" for i in range(len(MARKERS))]
    running = {n: [0, *((i + 1) * d * (-1) ** i for d in range(1, 9))]
               for i, n in enumerate(names)}
    drawn = chart("t", "counters", "deals", running, Canvas(80, 30))
    legend = drawn.split("\n\n")[-1]
    assert set(re.findall(r"(\S) P[0-9]+", legend)) == set(MARKERS)
    plot = [m.group(1) for line in drawn.splitlines()
            if (m := re.match(r"^ *[-+]?[0-9.]* [|+](.*)$", line))]
    assert len(plot) >= 15
    assert set("".join(plot)) - {" "} <= set(MARKERS) | set(AXIS_CHARACTERS)


@pytest.mark.parametrize("width", [40, 60, 80])
def test_a_long_chart_title_is_wrapped_at_words_and_the_chart_keeps_its_height(
        width: int) -> None:
    title = "Auktionspinochle 'en lang aften hos Dorte': jetoner vundet, spil for spil"
    drawn = chart(title, "jetoner", "spil", {"Ann": [0, 3, -2], "Bo": [0, -3, 2]},
                  Canvas(width, 20)).splitlines()
    assert all(len(line) <= width for line in drawn) and len(drawn) <= 20
    unit = next(i for i, line in enumerate(drawn) if line.strip() == "(jetoner)")
    assert " ".join(drawn[:unit]) == title and (unit > 1) == (width < len(title))


# --- the examples come from the session's game ----------------------------------------------


@pytest.mark.parametrize("game", sorted(NEW))
@pytest.mark.parametrize("command", ["amend", "deal", "undo", "edit", "history"])
@pytest.mark.parametrize("lang", ["en", "da"])
def test_help_in_a_session_names_only_its_own_games_options(tmp_path: Path, game: str,
                                                            command: str, lang: str) -> None:
    play_lines(tmp_path, [NEW[game][0]])
    shown = run(tmp_path, f"--lang {lang} {command} --help").output
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", shown))
    own = set(re.findall(r"^ +(?:-\w, )?(--[a-z][a-z-]+)", shown, re.M))
    assert options <= own | {"--dir", "--help", "--session"}, options - own


def test_json_of_sessions_keeps_current_as_true(tmp_path: Path) -> None:
    two_sessions(tmp_path)
    rows = json.loads(run(tmp_path, "sessions --format json").output)["sessions"]
    assert [r["name"] for r in rows if r["current"]] == ["other"]


# --- history in the short form --------------------------------------------------------------


def _deals_of_the_bundled_sessions() -> list[tuple[str, list[str], dict[str, object]]]:
    import tomllib

    from .helpers import ROOT

    found = []
    for path in sorted((ROOT / "sessions").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "game" in data:
            found += [(data["game"], data["players"], deal) for deal in data["deals"]
                      if isinstance(deal, dict) and not {"teams", "join", "leave"} & set(deal)]
    return found


def _read_back(game: str, line: str, players: list[str]) -> dict[str, object]:
    """`line` read as `deal` reads it (its short words and options), as the file holds it."""
    import shlex

    import click

    from scorekeeper.cli.main import game_cli
    from scorekeeper.games import GAMES
    from scorekeeper.games.players import Players

    form = game_cli(game).form
    command = click.Command("deal", params=[click.Argument(["words"], nargs=-1),
                                            *form.params, click.Option(["--dealer"])])
    with command.make_context("deal", shlex.split(line)) as ctx:
        values = dict(ctx.params)
    words = values.pop("words")
    given = {k for k, v in values.items() if v not in (None, False, ())}
    typed = form.short(list(words)) if words else {}
    assert not given & set(typed), (line, given & set(typed))  # as `deal` refuses it
    values |= typed
    form.check(values)
    return GAMES[game].entry_to_data(form.build(Players(players), values))


DEALS = _deals_of_the_bundled_sessions()


@pytest.mark.parametrize("lang", ["en", "da"])
def test_history_writes_every_bundled_deal_in_a_short_form_that_reads_back_the_same(
        lang: str) -> None:
    from scorekeeper import i18n
    from scorekeeper.render.base import View
    from scorekeeper.render.shortform import short_form

    assert {game for game, _players, _deal in DEALS} == {"loo", "pinochle", "bridge"}
    with i18n.spoken(i18n.language(lang)):
        for game, players, deal in DEALS:
            line = short_form(game, deal, lambda d: View.inputs(None, d))  # type: ignore[arg-type]
            assert not line.startswith("--") and "--bidder" not in line and "--tricks" not in line
            assert _read_back(game, line, players) == deal, (game, line)


#: A Pinochle deal with its meld cards: card points then follow as --took.
WITH_CARDS = next(i for i, (_game, _players, deal) in enumerate(DEALS) if "meld_cards" in deal)


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, len(DEALS) - 1), dealer=st.booleans(), took=st.integers(0, 250),
       lang=st.sampled_from(["en", "da"]))
@example(index=WITH_CARDS, dealer=False, took=100, lang="en")
@example(index=WITH_CARDS, dealer=True, took=0, lang="da")
def test_a_neighbour_of_a_bundled_deal_reads_back_the_same(index: int, dealer: bool,
                                                           took: int, lang: str) -> None:
    """The same deals with a dealer named, a Pinochle deal's card points changed (with
    its meld cards too)."""
    from scorekeeper import i18n
    from scorekeeper.render.base import View
    from scorekeeper.render.shortform import short_form

    game, players, deal = DEALS[index]
    deal = dict(deal)
    if dealer:
        deal = {"dealer": players[-1], **deal}
    if game == "pinochle" and "bidder" in deal and int(deal["meld"]) < int(deal["bid"]):
        deal = {k: v for k, v in deal.items() if k not in ("declined", "conceded", "no_bury")}
        deal["took"] = took
    with i18n.spoken(i18n.language(lang)):
        line = short_form(game, deal, lambda d: View.inputs(None, d))  # type: ignore[arg-type]
    assert _read_back(game, line, players) == deal, (game, line)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_history_shows_each_games_changes_in_the_short_form(tmp_path: Path, lang: str
                                                            ) -> None:
    import shutil

    from .helpers import ROOT

    for name in ("pinochle-sunday", "bridge-club", "loo-evening"):
        shutil.copy(ROOT / "sessions" / f"{name}.toml", tmp_path)
    run(tmp_path, "amend 1 Bob 350 190 180 -s pinochle-sunday")
    run(tmp_path, "amend 1 nt Ann=9 - x -s bridge-club")
    run(tmp_path, "amend 1 b=3 c=0 -s loo-evening")
    shown = {name: run(tmp_path, f"--lang {lang} history -s {name}").output
             for name in ("pinochle-sunday", "bridge-club", "loo-evening")}
    assert "Bob 350 190 172" in shown["pinochle-sunday"]
    assert "Bob 350 190 180" in shown["pinochle-sunday"]
    no = "ingen" if lang == "da" else "-"
    assert (f"{'ut' if lang == 'da' else 'nt'} Ann=9 {no} x") in shown["bridge-club"]
    assert "Bob=3 Cid=0" in shown["loo-evening"]
    assert "--" not in "".join(shown.values())
    csv = run(tmp_path, "history -s pinochle-sunday --format csv").output
    assert "Bob 350 190 180" in csv
    run(tmp_path, "amend 7 -s pinochle-sunday --took 100 --why 'a slip of the pencil at the "
                  "end of a long night'")
    for columns in (60, 80):
        narrow = run(tmp_path, f"--lang {lang} history -s pinochle-sunday",
                     COLUMNS=str(columns)).output
        assert max(map(len, narrow.splitlines())) <= columns
        assert "--took 100" in narrow.replace("\n    ", " ")


def test_a_seating_and_partnerships_are_shown_as_their_commands() -> None:
    from scorekeeper.render.shortform import short_form

    def options(data: dict[str, object]) -> str:
        raise AssertionError(data)

    assert short_form("loo", {"join": "Eve", "after": "Bob"}, options) == "join Eve --after Bob"
    assert short_form("pinochle", {"leave": "Mary Ann"}, options) == 'leave "Mary Ann"'
    assert short_form("bridge", {"teams": [["Ann", "Cid"], ["Bob", "Dan"]]}, options) == \
        "rubber --teams Ann,Cid/Bob,Dan"
    assert short_form("whist", {"bid": 3}, lambda data: "--bid 3") == "--bid 3"


@pytest.mark.parametrize("game", sorted(NEW))
@pytest.mark.parametrize(("lang", "none"), [("en", "No deals yet."), ("da", "Ingen spil endnu.")])
def test_a_sitting_with_no_deals_says_so_once(tmp_path: Path, game: str, lang: str,
                                              none: str) -> None:
    play_lines(tmp_path, [NEW[game][0]])
    assert run(tmp_path, f"--lang {lang} show").output.count(none) == 1


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("columns", [50, 60, 80])
@pytest.mark.parametrize("command", ["--help", "deal --help", "book --help", "pay --help",
                                     "loo new --help", "amend --help", "sheet --help",
                                     "edit --help", "bridge new --help"])
def test_every_help_fits_the_terminal_its_examples_still_copied_whole(
        tmp_path: Path, lang: str, columns: int, command: str) -> None:
    """click keeps an example block's lines as written; here one too wide has its note put
    under it, and a command too wide is continued with a backslash outside quotes, so that
    a shell reads the same words: each example's words at `columns` are its words whole."""
    import shlex

    play_lines(tmp_path, [NEW["loo"][0]])

    def examples(text: str) -> list[list[str]]:
        read = re.sub(r" \\\n", " ", text)  # the shell's continuation, outside quotes
        return [shlex.split(re.sub(r" {2,}\(.*\)$", "", line))
                for line in read.splitlines() if line.strip().startswith("scorekeeper ")]

    shown = sk(tmp_path, "--lang", lang, *command.split(), env={"COLUMNS": str(columns)}).stdout
    assert all(len(line) <= columns for line in shown.splitlines()), [
        line for line in shown.splitlines() if len(line) > columns]
    whole = sk(tmp_path, "--lang", lang, *command.split(), env={"COLUMNS": "300"}).stdout
    assert examples(shown) == examples(whole) and examples(whole)


@pytest.mark.parametrize(("lang", "said"), [("en", "0.50 kr"), ("da", "0,50 kr")])
def test_a_units_value_is_written_with_its_moneys_places_wherever_shown(
        tmp_path: Path, lang: str, said: str) -> None:
    """new, settle and the sheet write 0.5 a unit as its money is written: 0.50."""
    made = run(tmp_path, f"--lang {lang} loo new ev --players Ann,Bob,Cid --value 0.5 "
                         "--currency kr").output
    assert f"= {said}." in made
    run(tmp_path, "deal a1 b2 c0")
    assert f"= {said}." in run(tmp_path, f"--lang {lang} settle").output
    run(tmp_path, f"--lang {lang} sheet --output {tmp_path / 'x.html'}")
    assert f": {said}." in (tmp_path / "x.html").read_text()
