"""Session names are names (any letters of any script, refused only for what cannot be a
file name on Linux, macOS or Windows), one session whatever their case or Unicode form; and
player names are one player whatever their Unicode form (NFC), in a file as typed."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import cli

from .helpers import scorekeeper_command

#: Letters of several scripts (with and without case, some that decompose: é, ü, å, 한),
#: digits, and what may stand inside a name.
LETTERS = ("abcxyzABCXYZæøåÆØÅüÜéÉñÑßöÖçÇαβγΔΣσжЖяЯ中文字한국語日本אבגعربमराठी")
INSIDE = LETTERS + "0123456789 -_'+()&"
#: The device names Windows keeps, said here apart from the program's own list.
DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)),
           *(f"LPT{n}" for n in range(10))}
PLAYERS = {"loo": "Ann,Bob,Cid", "pinochle": "Ann,Bob,Cid", "bridge": "Ann,Bob,Cid,Dan"}


def form(name: str, decomposed: bool) -> str:
    return unicodedata.normalize("NFD" if decomposed else "NFC", name)


def caseless(name: str) -> str:
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


@st.composite
def names(draw: st.DrawFn) -> str:
    """A good session name, in NFC."""
    first = draw(st.sampled_from(LETTERS))
    middle = draw(st.text(st.sampled_from(INSIDE), max_size=20))
    last = draw(st.sampled_from(LETTERS + "0123456789"))
    name = unicodedata.normalize("NFC", first + middle + last)
    return name if name.split(".")[0].upper() not in DEVICES else name + "x"


def sk(folder: str, *args: str, lang: str = "en") -> Result:
    return CliRunner().invoke(cli, ["--lang", lang, *args],
                              env={"SCOREKEEPER_DIR": folder, "SCOREKEEPER_SESSION": None})


def contents(folder: str) -> dict[str, bytes]:
    """Every file in `folder` (hidden ones too), with its bytes."""
    return {n: (Path(folder) / n).read_bytes() for n in sorted(os.listdir(folder))}


def one_line_error(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names(), st.booleans(), st.booleans(), st.sampled_from(sorted(PLAYERS)),
       st.sampled_from(["en", "da"]))
def test_a_good_name_round_trips_new_sessions_use_show(name: str, decomposed: bool,
                                                       upper: bool, game: str,
                                                       lang: str) -> None:
    typed = form(name, decomposed)
    other = form(name.upper() if upper and caseless(name.upper()) == caseless(name)
                 else name, not decomposed)
    with tempfile.TemporaryDirectory() as folder:
        made = sk(folder, game, "new", typed, "--players", PLAYERS[game], lang=lang)
        assert made.exit_code == 0, (made.output, made.exception)
        files = [n for n in os.listdir(folder) if not n.startswith(".")]
        assert files == [f"{name}.toml"]  # the name in NFC, whatever form it was typed in
        listed = json.loads(sk(folder, "sessions", "--format", "json").stdout)["sessions"]
        assert [(r["name"], r["current"]) for r in listed] == [(name, True)]
        assert (Path(folder) / ".current").read_text("utf-8") == name + "\n"
        used = sk(folder, "use", other, lang=lang)
        assert used.exit_code == 0, (used.output, used.exception)
        assert (Path(folder) / ".current").read_text("utf-8") == name + "\n"
        shown = sk(folder, "-s", other, "show", "--format", "json")
        assert shown.exit_code == 0, (shown.output, shown.exception)
        assert json.loads(shown.stdout)["game"] == game
        assert json.loads(shown.stdout)["session"] == name
        before = contents(folder)
        again = one_line_error(sk(folder, game, "new", other, "--players", PLAYERS[game],
                                  lang=lang))
        assert ("exists already" if lang == "en" else "findes allerede") in again
        assert contents(folder) == before


#: Each way a name cannot be a file name: how it is made of a good name, and the reason in
#: English and in Danish.
BAD = {
    "empty": (lambda n: "", "cannot be empty", "kan ikke være tomt"),
    "colon": (lambda n: n[:1] + ":" + n[1:], "holds ':', which macOS and Windows",
              "indeholder ':', som macOS og Windows"),
    "backslash": (lambda n: n + "\\x", "holds '\\', which separates folders",
                  "indeholder '\\', som adskiller mapper"),
    "windows": (lambda n: n[:1] + "*?\"<>|"[len(n) % 6] + n[1:], "which Windows does not allow",
                "som Windows ikke tillader"),
    "control": (lambda n: n[:1] + "\x00\t\n\x1b\x7f\x85\u2028\u202e"[len(n) % 8] + n[1:],
                "holds a control character (U+", "indeholder et kontroltegn (U+"),
    "dot first": (lambda n: "." + n, "begins with a dot", "begynder med et punktum"),
    "space first": (lambda n: " " + n, "begins with a space", "begynder med et mellemrum"),
    "dot last": (lambda n: n + ".", "ends with a dot", "ender med et punktum"),
    "space last": (lambda n: n + " ", "ends with a space", "ender med et mellemrum"),
    "device": (lambda n: ["CON", "nul", "Com1", "lpt9", "aux.x", "PRN .y"][len(n) % 6],
               "is kept by Windows for a device", "er forbeholdt en enhed i Windows"),
    "long": (lambda n: (n + "ø") * (1 + 200 // len((n + "ø").encode())), "bytes long",
             "byte"),
    "payments": (lambda n: "Payments", "book of payments", "betalingsfil"),
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names(), st.sampled_from(sorted(BAD)), st.sampled_from(sorted(PLAYERS)),
       st.sampled_from(["en", "da"]))
def test_a_name_no_file_may_have_is_refused_with_its_reason(name: str, kind: str, game: str,
                                                           lang: str) -> None:
    make, english, danish = BAD[kind]
    bad = make(name)
    with tempfile.TemporaryDirectory() as folder:
        sk(folder, "loo", "new", "kept", "--players", "Ann,Bob,Cid")
        before = contents(folder)
        for line in ([game, "new", bad, "--players", PLAYERS[game]], ["use", bad],
                     ["-s", bad, "show"], ["show", "-s", bad]):
            if not bad.strip() and "-s" in line:
                continue  # -s with nothing is wrong usage, said as such
            message = one_line_error(sk(folder, *line, lang=lang))
            assert message.startswith("Error: " if lang == "en" else "Fejl: ")
            assert (english if lang == "en" else danish) in message, (line, message)
            assert contents(folder) == before


def test_a_slash_makes_a_path_for_new_and_is_refused_as_a_name(tmp_path: Path) -> None:
    folder = str(tmp_path)
    assert "(or give a name without '/')" in one_line_error(
        sk(folder, "loo", "new", "a/b", "--players", "Ann,Bob,Cid"))
    assert "which separates folders" in one_line_error(sk(folder, "use", "a/b"))
    assert os.listdir(folder) == []


def test_one_session_whatever_its_case_or_form(tmp_path: Path) -> None:
    folder = str(tmp_path)
    assert sk(folder, "loo", "new", "lørdag", "--players", "Ann,Bob,Cid").exit_code == 0
    assert "exists already (" in one_line_error(
        sk(folder, "pinochle", "new", "Lørdag", "--players", "Ann,Bob,Cid"))
    forced = sk(folder, "pinochle", "new", "LØRDAG", "--players", "Ann,Bob,Cid", "--force")
    assert forced.exit_code == 0  # the session replaced is lørdag's, under its own name
    assert sorted(os.listdir(folder)) == [".current", ".lørdag.toml.cache", ".lørdag.toml.lock",
                                          "lørdag.toml", "lørdag.toml.~1~"]
    decomposed = unicodedata.normalize("NFD", "LØRDAG")
    assert json.loads(sk(folder, "-s", decomposed, "show", "--format", "json").stdout)[
        "game"] == "pinochle"
    used = sk(folder, "--lang", "da", "use", "lØrdag")
    assert used.stdout == "'lørdag' er nu den aktuelle session.\n"
    missing = one_line_error(sk(folder, "-s", "lordag", "show"))
    assert "did you mean lørdag?" in missing


def test_a_session_file_made_decomposed_elsewhere_is_found(tmp_path: Path) -> None:
    folder = str(tmp_path)
    sk(folder, "loo", "new", "fælles aften", "--players", "Ann,Bob,Cid")
    os.rename(tmp_path / "fælles aften.toml", tmp_path / unicodedata.normalize(
        "NFD", "Fælles Aften.toml"))  # as a Mac may hand it on
    shown = sk(folder, "-s", "fælles aften", "show", "--format", "json")
    assert shown.exit_code == 0, shown.output
    os.symlink("x", tmp_path / "FÆLLES AFTEN.toml")  # a second file for one session
    message = one_line_error(sk(folder, "-s", "fælles aften", "show"))
    assert "are one session spelt in two ways" in message


def complete(folder: Path, words: str) -> list[str]:
    env = {"SCOREKEEPER_DIR": str(folder), "_SCOREKEEPER_COMPLETE": "bash_complete",
           "COMP_WORDS": words, "PATH": "/usr/bin:/bin",
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    proc = subprocess.run([scorekeeper_command()], env=env, capture_output=True, text=True,
                          check=False)
    return [line.split(",", 1)[1] for line in proc.stdout.splitlines()]


def installed(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"SCOREKEEPER_DIR": str(folder), "HOME": str(folder), "PATH": "/usr/bin:/bin",
           "LC_ALL": "C.UTF-8", "XDG_STATE_HOME": str(folder / "state")}
    return subprocess.run([scorekeeper_command(), *args], env=env, capture_output=True,
                          text=True, check=False)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_installed_command_makes_lordag_toml(tmp_path: Path, lang: str) -> None:
    made = installed(tmp_path, "--lang", lang, "loo", "new", "lørdag", "--players", "Ann,Bob,Cid")
    assert made.returncode == 0, made.stderr
    assert "'lørdag'" in made.stdout and "lørdag.toml" in made.stdout
    assert b"l\xc3\xb8rdag.toml" in os.listdir(os.fsencode(tmp_path))
    assert installed(tmp_path, "--lang", lang, "pinochle", "new", "fælles aften",
                     "--players", "Ann,Bob,Cid").returncode == 0
    assert installed(tmp_path, "-s", "LØRDAG", "deal", "Ann=2", "Bob=1", "Cid=0").returncode == 0
    listed = installed(tmp_path, "--lang", lang, "sessions")
    assert "lørdag" in listed.stdout and "fælles aften" in listed.stdout
    refused = installed(tmp_path, "--lang", lang, "loo", "new", "CON", "--players", "A,B,C")
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1
    before = sorted(os.listdir(tmp_path))
    for args in (["loo", "new", os.fsdecode(b"a\xffb"), "--players", "A,B,C"],
                 ["-s", os.fsdecode(b"\xff"), "show"]):  # a byte of Latin-1 typed
        refused = installed(tmp_path, "--lang", lang, *args)
        assert refused.returncode == 1 and refused.stderr.count("\n") == 1
        assert "<byte FF>" in refused.stderr
        assert ("is not UTF-8" if lang == "en" else "er ikke UTF-8") in refused.stderr
    assert sorted(os.listdir(tmp_path)) == before
    assert complete(tmp_path, "scorekeeper use ") == ["'fælles aften'", "lørdag"]
    assert complete(tmp_path, "scorekeeper -s LØ") == ["lørdag"]
    assert complete(tmp_path, "scorekeeper use 'fæ") == ["'fælles aften'"]


def test_play_completes_a_session_name_with_a_space_escaped(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    folder = str(tmp_path)
    sk(folder, "loo", "new", "fælles aften", "--players", "Ann,Bob,Cid")
    sk(folder, "loo", "new", "lørdag", "--players", "Ann,Bob,Cid")
    ctx = cli.make_context("scorekeeper", ["--dir", folder, "show"], obj=RunState())
    with ctx:
        completer = PlayCompleter(Shell(ctx, str(tmp_path / "lørdag.toml")))
        offered = [c.text for c in completer.get_completions(Document("use F"), CompleteEvent())]
    assert offered == ["fælles\\ aften"]


# --- player names, in NFC ------------------------------------------------------------------

MARKS = "\u0301\u0300\u0308\u030a\u0303\u0327\u0302\u030c"


@st.composite
def accented(draw: st.DrawFn) -> str:
    """A player's name (in NFC) that holds what NFC and NFD spell apart, told apart from
    Bob's and Cid's."""
    known = draw(st.sampled_from(["René", "Zoë", "Åse", "Søren", "Jürgen", "Ελένη", "Đức",
                                  "Mỹ", "한결", ""]))
    if known:
        return known
    letters = st.sampled_from("aeiouynsczAEIOUYNSCZαοеи")
    pieces = draw(st.lists(st.tuples(letters, st.text(st.sampled_from(MARKS), max_size=2)),
                           min_size=1, max_size=8))
    name = unicodedata.normalize("NFC", "".join(a + m for a, m in pieces))
    folded = caseless(name)
    if any(folded.startswith(caseless(p)) or caseless(p).startswith(folded)
           for p in ("Bob", "Cid")) or unicodedata.is_normalized("NFD", name):
        return "René"
    return name


ACCENTED = accented()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACCENTED, st.lists(st.booleans(), min_size=6, max_size=6), st.sampled_from(["en", "da"]))
def test_a_player_is_one_player_whatever_form_his_name_is_typed_in(
        name: str, forms: list[bool], lang: str) -> None:
    spelt = [form(name, d) for d in forms]
    with tempfile.TemporaryDirectory() as folder:
        assert sk(folder, "loo", "new", "x", "--players", f"{spelt[0]},Bob,Cid").exit_code == 0
        dealt = sk(folder, "deal", f"{spelt[1]}=2", "Bob=1", "Cid=0", lang=lang)
        assert dealt.exit_code == 0, dealt.output
        twice = one_line_error(sk(folder, "join", spelt[2], lang=lang))
        assert name in twice
        assert sk(folder, "pay", "Bob", spelt[3], "1").exit_code == 0
        book = json.loads(sk(folder, "book", "--player", spelt[4], "--format", "json").stdout)
        names = {p["name"] for s in book["sittings"] for p in s["players"]}
        assert names == {name, "Bob", "Cid"}
        settled = json.loads(sk(folder, "-s", "x", "settle", "--format", "json").stdout)
        assert [p["name"] for p in settled["players"]] == [name, "Bob", "Cid"]
        text = (Path(folder) / "x.toml").read_text("utf-8")
        assert unicodedata.is_normalized("NFC", text)  # written as one spelling
        doubled = one_line_error(sk(folder, "loo", "new", "y", "--players",
                                    f"{form(name, False)},{form(name, True)},Cid", lang=lang))
        assert "(case is ignored)" in doubled or "store og små" in doubled


def test_a_file_that_spells_a_player_decomposed_names_the_same_player(tmp_path: Path) -> None:
    folder = str(tmp_path)
    sk(folder, "loo", "new", "x", "--players", "René,Bob,Cid")
    sk(folder, "deal", "René=2", "Bob=1", "Cid=0")
    (tmp_path / "payments.toml").write_text(unicodedata.normalize("NFD", (
        'format = "scorekeeper payments"\nversion = 1\npayments = [\n    { date = 2026-12-01, '
        'from = "René", to = "Bob", money = "1", currency = "" },\n]\n')), "utf-8")
    accounts = json.loads(sk(folder, "book", "--format", "json").stdout)["currencies"][0]
    assert {p["name"] for p in accounts["players"]} == {"René", "Bob", "Cid"}
    path = tmp_path / "x.toml"
    path.write_text(unicodedata.normalize("NFD", path.read_text("utf-8")), "utf-8")
    assert sk(folder, "check", str(path)).exit_code == 0
    dealt = sk(folder, "deal", "René=3", "b=0")  # typed composed
    assert dealt.exit_code == 0, dealt.output
    settled = json.loads(sk(folder, "settle", "--format", "json").stdout)
    assert [p["name"] for p in settled["players"]] == ["René", "Bob", "Cid"]
    nfd = unicodedata.normalize("NFD", "René")
    two = path.read_text("utf-8").replace(f'{{ "{nfd}" = 2', f'{{ "{nfd}" = 2, "René" = 2', 1)
    assert two != path.read_text("utf-8")
    path.write_text(two, "utf-8")
    before = path.read_bytes()
    refused = one_line_error(sk(folder, "show"))
    assert "'René' is given twice, spelt in two Unicode forms" in refused
    assert path.read_bytes() == before


def test_play_names_a_new_session_apart_from_one_in_another_case(tmp_path: Path) -> None:
    import datetime

    from scorekeeper.cli.begin import free_name

    day = datetime.date(2026, 12, 2)
    assert free_name(str(tmp_path), "loo", day) == "loo-2026-12-02"
    (tmp_path / "LOO-2026-12-02.toml").write_text("")
    assert free_name(str(tmp_path), "loo", day) == "loo-2026-12-02-2"


@given(st.text(st.sampled_from(INSIDE + "#\\\"\t"), min_size=1, max_size=30))
def test_what_play_completes_its_line_reads_back(word: str) -> None:
    import shlex

    from scorekeeper.cli.prompt import escaped

    assert shlex.split(f"use {escaped(word)} # a comment", comments=True) == ["use", word]


def test_play_goes_on_with_a_session_whose_name_holds_a_quote_and_a_hash(tmp_path: Path
                                                                          ) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    folder = str(tmp_path)
    sk(folder, "loo", "new", "Bo's #2", "--players", "Ann,Bob,Cid")
    sk(folder, "loo", "new", "other", "--players", "Ann,Bob,Cid")
    ctx = cli.make_context("scorekeeper", ["--dir", folder, "show"], obj=RunState())
    with ctx:
        completer = PlayCompleter(Shell(ctx, str(tmp_path / "other.toml")))
        offered = [c.text for c in completer.get_completions(Document("use b"), CompleteEvent())]
    assert offered == ["Bo\\'s\\ \\#2"]
    played = CliRunner().invoke(cli, ["play"], input=f"use {offered[0]}\nshow\n",
                                env={"SCOREKEEPER_DIR": folder, "SCOREKEEPER_SESSION": None})
    assert played.exit_code == 0, played.output
    assert "'Bo's #2' is now the current session." in played.output


@pytest.mark.parametrize("name", ["\u0301", "\u0301Ann", "\u20dd"])
def test_a_name_beginning_with_a_mark_on_nothing_is_refused(name: str) -> None:
    """An accent with no letter under it prints as nothing: 'the players are A, B, ́'."""
    from scorekeeper.errors import RuleError
    from scorekeeper.games.players import check_name

    with pytest.raises(RuleError, match="begins with a mark"):
        check_name(name)
    assert check_name("Zoë") == "Zoë" and check_name("e\u0301") == "e\u0301"
