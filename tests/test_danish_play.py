"""`play` in Danish: the command words of its Danish help (hjælp, afslut, vis, fortryd, opgør,
ret, ...) work at the prompt and piped in, the English words work in both languages, and a
word that is no command is answered "mente du ...?" with the closest word of the language
spoken, in every game, before the line is read as a deal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.cli.words import ALIASES, WORDS

from .helpers import deals_in, play_lines
from .test_races import playing
from .test_trust import sk

NEW = {
    "loo": "loo new aften --players Ann,Bob,Cid,Dan --date 2026-11-27",
    "pinochle": "pinochle new aften --players Ann,Bob,Cid --date 2026-11-27",
    "bridge": "bridge new aften --players Ann,Bob,Cid,Dan --date 2026-11-27",
}
DEAL = {"loo": "b=2 c=1", "pinochle": "b 300 150 172", "bridge": "hj a8 a3"}


def command_name(word: str) -> str:
    """The command a word names in Danish or English (the Danish words are known in Danish
    only, but no two languages' words name different commands)."""
    return WORDS["da"].get(word) or ALIASES.get(word, word)


def play(tmp_path: Path, lang: str, *lines: str, code: int = 0) -> tuple[str, str]:
    """`scorekeeper --lang LANG play --keep-going`, the lines piped in."""
    proc = sk(tmp_path, "--lang", lang, "play", "--keep-going",
              stdin="\n".join(lines) + "\n", code=code)
    return proc.stdout, proc.stderr


def listed(help_text: str) -> list[str]:
    """The command words `help` lists (its lines "  WORD  what it does")."""
    return [m.group(1) for m in re.finditer(r"^  (\S+) +\S", help_text, re.MULTILINE)]


@pytest.mark.parametrize("game", list(NEW))
def test_every_word_the_danish_help_names_is_a_command(tmp_path: Path, game: str) -> None:
    play_lines(tmp_path, [NEW[game]])
    out, _err = play(tmp_path, "da", "hjælp")
    words = listed(out)
    assert {"hjælp", "afslut", "vis", "fortryd", "opgør", "ret"} <= set(words)
    assert not {"help", "quit", "show", "undo", "settle", "amend"} & set(words)
    out, err = play(tmp_path, "da", *(f"hjælp {word}" for word in words))
    # hjælp, afslut, and ny (new names its game here): a line each
    assert err == "" and out.count("Brug: ") == len(words) - 3
    assert "ny SPIL NAVN" in out
    english, _err = play(tmp_path, "en", "help")
    assert len(listed(english)) == len(words)
    assert {command_name(word) for word in words} <= {
        command_name(word) for word in listed(english)} | {"count"}


def test_a_danish_evening_of_loo_piped_in_with_the_danish_words(tmp_path: Path) -> None:
    play_lines(tmp_path, [NEW["loo"]])
    out, err = play(tmp_path, "da", "spil b=2 c=1", "a=1 d=2", "fortryd", "vis", "opgør",
                    "historik", "afslut", "b=3")
    assert err == ""
    assert "Fjernede spil 2" in out and "hvad der skete" in out and "betaler" in out
    assert deals_in(tmp_path / "aften.toml") == 1  # the line after afslut was not run
    out, err = play(tmp_path, "da", "ret 1 b=1 c=2 --dry-run", "show", "quit", "b=3")
    assert err == "" and "Prøvekørsel" in out and "hvad der skete" in out
    assert deals_in(tmp_path / "aften.toml") == 1


@pytest.mark.parametrize("game", list(NEW))
@pytest.mark.parametrize("lang", ["da", "en"])
def test_a_slip_of_any_command_word_is_answered_with_the_word_meant(tmp_path: Path, game: str,
                                                                   lang: str) -> None:
    """Every word of the language's help, each with one letter left out: "did you mean"
    names a word of that language for the same command, never a deal's error."""
    play_lines(tmp_path, [NEW[game]])
    words = [w for w in listed(play(tmp_path, lang, "help" if lang == "en" else "hjælp")[0])
             if len(w) > 3]
    slips = {w[:i] + w[i + 1:]: w for w in words for i in range(len(w))}
    slips = {slip: word for slip, word in slips.items() if command_name(slip) == slip
             and slip not in words}
    _out, err = play(tmp_path, lang, *slips, code=1)
    meant = re.findall(r"'(.+?)': (?:did you mean|mente du) (\S+)\?", err)
    assert len(meant) == len(slips), err
    for slip, suggested in meant:
        assert command_name(suggested) == command_name(slips[slip]), (slip, suggested)
    assert deals_in(tmp_path / "aften.toml") == 0


@pytest.mark.parametrize("game", list(NEW))
@pytest.mark.parametrize("lang", ["da", "en"])
def test_two_letters_swapped_in_a_command_word_is_answered_with_the_word_meant(
        tmp_path: Path, game: str, lang: str) -> None:
    """vsi, rte, ivs: the short words too (vis, ret), two letters swapped anywhere."""
    play_lines(tmp_path, [NEW[game]])
    words = [w for w in listed(play(tmp_path, lang, "help" if lang == "en" else "hjælp")[0])
             if len(w) >= 3]
    slips = {w[:i] + w[i + 1] + w[i] + w[i + 2:]: w for w in words for i in range(len(w) - 1)}
    slips |= {w[1:] + w[0]: w for w in words if len(w) == 3}  # vis -> isv
    slips = {slip: word for slip, word in slips.items() if command_name(slip) == slip
             and slip not in words}
    _out, err = play(tmp_path, lang, *slips, code=1)
    meant = dict(re.findall(r"'(.+?)': (?:did you mean|mente du) (\S+)\?", err))
    assert set(meant) == set(slips), set(slips) - set(meant)
    assert deals_in(tmp_path / "aften.toml") == 0


@pytest.mark.parametrize("game", list(NEW))
def test_english_words_work_in_danish_and_a_danish_word_in_english_is_named(
        tmp_path: Path, game: str) -> None:
    play_lines(tmp_path, [NEW[game]])
    out, err = play(tmp_path, "da", DEAL[game], "show", "undo", "settle", "quit", DEAL[game])
    assert err == "" and "Fjernede spil 1" in out
    assert deals_in(tmp_path / "aften.toml") == 0
    _out, err = play(tmp_path, "en", "hjælp", "vis", "afslut", code=1)
    assert re.findall(r"did you mean (\S+)\?", err) == ["help", "show", "quit"]
    assert "give his bid" not in err and "is not PLAYER=TRICKS" not in err


def test_the_danish_words_start_no_deal_in_any_game() -> None:
    """A command word is read before a deal: none may be a word a deal starts with."""
    from scorekeeper.cli.bridge import FORM as BRIDGE
    from scorekeeper.cli.loo import FORM as LOO
    from scorekeeper.cli.pinochle import PASSED

    for word, name in WORDS["da"].items():
        assert word not in PASSED and not LOO.starts(None, word), word
        assert not BRIDGE.starts(None, word), word
        assert name in WORDS["da"].values() and command_name(word) == name


def test_at_the_terminal_the_danish_words_help_and_undo(tmp_path: Path) -> None:
    play_lines(tmp_path, [NEW["loo"]])
    with playing(tmp_path, SCOREKEEPER_LANG="da") as screen:
        screen.expect("spil 1 · Ann giver".encode())
        screen.type("hjælp\r".encode())
        screen.expect(b"afslut     forlad prompten")
        screen.type(b"b=2 c=1\r")
        screen.expect(b"Spil 1, givet af Ann")
        screen.expect("spil 2 · Bob giver".encode())
        screen.type(b"fortryd\r")
        screen.expect(b"Skriv ja for at fjerne spil 1")
        screen.type(b"ja\r")
        screen.expect(b"Fjernede spil 1")
        screen.expect("spil 1 · Ann giver".encode())
    assert deals_in(tmp_path / "aften.toml") == 0


def test_completion_offers_the_danish_words_and_completes_their_arguments(
        tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper import i18n
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    play_lines(tmp_path, [NEW["loo"], "deal b=2 c=1"])
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    # made in English: a module imported while Danish is spoken would keep its Danish help
    completer = PlayCompleter(Shell(ctx, str(tmp_path / "aften.toml")))
    for line in ("show --f", "leave ", "amend "):
        completer.candidates(line.split(), "")  # imports the commands' modules
    with i18n.spoken(i18n.language("da")):

        def offered(text: str) -> list[str]:
            return [c.text for c in completer.get_completions(Document(text),
                                                               CompleteEvent())]

        assert offered("hj") == ["hjælp"] and offered("af") == ["afmeld", "afslut"]
        assert offered("afmeld ") == offered("leave ") == ["Ann", "Bob", "Cid", "Dan"]
        assert offered("ret ") == offered("amend ") == ["1"]
        assert "--format" in offered("vis --f") and offered("vis --f") == offered("show --f")
