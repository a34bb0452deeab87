"""The short words of issue 23 (at most 16 keys a deal): Loo's a1 b2 c0, m, o and an order
as initials; Bridge's v and ch for a chicane; Pinochle's = for the meld just counted; an
ambiguous initial asked about at the prompt; and the small refusals of the deal lines."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.players import Players

from .helpers import deals_in, play_lines, run

PLAYERS = Players(("Ann", "Bob", "Cid", "Dan"))
LOO = {"miss": None, "defend": False, "all_pass": False, "order": None, "dealer": None}


def loo(line: str) -> Any:
    from scorekeeper.cli.loo import FORM

    return FORM.build(PLAYERS, LOO | FORM.short(line.split()))


@st.composite
def hands(draw: st.DrawFn) -> list[tuple[str, int]]:
    """Players who played (2 to 4) and their tricks, 3 in all."""
    players = draw(st.permutations(list(PLAYERS)))[: draw(st.integers(2, 4))]
    winners = draw(st.lists(st.sampled_from(players), min_size=3, max_size=3))
    return [(p, winners.count(p)) for p in players]


@settings(max_examples=40, deadline=None)
@given(hands(), st.sampled_from(["", " ", ","]), st.booleans())
def test_tricks_without_the_equals_sign_are_the_same_deal(hand: list[tuple[str, int]],
                                                          between: str, full: bool) -> None:
    name = (lambda p: p) if full else (lambda p: p[0].lower())
    with_equals = " ".join(f"{name(p)}={n}" for p, n in hand)
    short = (between if between != "," else " ").join(f"{name(p)}{n}" for p, n in hand)
    assert loo(short) == loo(with_equals)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(list(PLAYERS)), min_size=3, max_size=3),
       st.sampled_from(["o", "order", "s", "stik"]), st.booleans())
def test_an_order_as_initials_names_the_winners_and_their_tricks(order: list[str], word: str,
                                                                 looed: bool) -> None:
    """o gag is order g,a,g, in English and Danish words; the tricks follow from it, and a
    player named with 0 beside it is looed."""
    others = [p for p in PLAYERS if p not in order][:1] if looed else []
    zero = " ".join(f"{p[0].lower()}0" for p in others)
    initials = "".join(p[0].lower() for p in order)
    deal = loo(f"{zero} {word} {initials}")
    assert deal == loo(f"{zero} {' '.join(f'{p}={order.count(p)}' for p in set(order))} "
                       f"order {','.join(order)}")
    assert deal.order == tuple(order) and sum(deal.tricks.values()) == 3


@pytest.mark.parametrize("line", ["a1 b2 c0 m", "a1 o ab", "a1 o a,b", "a1 zz", "a1 o abcd"])
def test_loo_words_that_cannot_be_read_are_usage_errors(line: str) -> None:
    with pytest.raises((click.UsageError, Exception)):
        loo(line)


@pytest.mark.parametrize("word", ["m", "miss", "e", "ekstra"])
def test_miss_in_short_in_both_languages(word: str) -> None:
    assert loo(f"a1 b2 d0 {word} d") == loo("a=1 b=2 d=0 miss Dan")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["void b", "v b", "vb", "ch b", "chb", "chikane b", "chicane b"]),
       st.sampled_from(["x", "xx", "fordoblet"]))
def test_every_chicane_word_is_the_same_deal(chicane: str, doubled: str) -> None:
    from scorekeeper.cli.bridge import FORM

    def deal(line: str) -> Any:
        return FORM.build(PLAYERS, {"dealer": None} | FORM.short(line.split()))

    assert deal(f"h a10 a2c1 {doubled} {chicane}") == deal(f"h a10 a2c1 {doubled} void Bob")
    assert deal(f"h a10 {chicane} a2c1") == deal("h a10 a2c1 void b")  # in any order


def test_a_short_chicane_word_that_names_nobody_is_refused(tmp_path: Path) -> None:
    play_lines(tmp_path, ["bridge new b --players Ann,Bob,Cid,Dan --date 2026-11-27"])
    assert "unknown player 'z'" in run(tmp_path, "deal h a10 a2c1 vz", code=1).stderr
    assert "give who was void in trumps (v P)" in run(tmp_path, "deal h a10 a2c1 v",
                                                       code=2).stderr


@pytest.mark.parametrize(("lang", "line", "message"), [
    ("en", "deal pass b", "pass is the whole deal when nobody bid: give nothing after it"),
    ("da", "deal pas b", "pas er hele spillet, når ingen bød"),
    ("en", "deal b 300 d", "give his meld before how the deal ended: BIDDER BID MELD d"),
    ("en", "deal b 300 c", "give his meld before how the deal ended: BIDDER BID MELD c"),
    ("da", "deal b 300 o", "angiv hans melding før, hvordan spillet endte"),
    ("en", "deal b 300 =", "'=' takes the meld counted at the prompt, and none was"),
])
def test_pinochle_lines_that_read_wrong_are_refused(tmp_path: Path, lang: str, line: str,
                                                    message: str) -> None:
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid,Pas --date 2026-11-27"])
    before = (tmp_path / "p.toml").read_bytes()
    assert message in run(tmp_path, f"--lang {lang} {line}", code=2).stderr
    assert (tmp_path / "p.toml").read_bytes() == before
    run(tmp_path, "deal pas 300 350")  # a contractor whose name starts so still bids
    run(tmp_path, "deal c 300 c --meld-cards 'AH 10H KH QH JH' --trump h")  # meld left out


@pytest.mark.parametrize(("new", "line", "hint"), [
    ("pinochle new p --players Ann,Bob,Cid --date 2026-11-27", "deal b 300 100",
     "(in short: c, d, TOOK or x; or --conceded, --declined, --took or --no-bury)"),
    ("bridge new b --players Ann,Bob,Cid,Dan --date 2026-11-27", "deal h a8",
     "(in short: b2d2; or --honours)"),
])
def test_a_short_line_refused_names_the_short_form_and_the_option(tmp_path: Path, new: str,
                                                                 line: str, hint: str) -> None:
    play_lines(tmp_path, [new])
    assert hint in run(tmp_path, line, code=1).stderr
    long = run(tmp_path, "deal --bidder b --bid 300 --meld 100" if "pinochle" in new else
               "deal --trump h --tricks a=8", code=1).stderr
    assert "in short" not in long and "(--" in long


def test_the_meld_counted_at_the_prompt_is_the_next_deals_equals_sign(tmp_path: Path) -> None:
    """Piped: meld, then = takes its total once; a deal recorded forgets it."""
    from .test_trust import sk

    sk(tmp_path, "pinochle", "new", "p", "--players", "Ann,Bob,Cid", "--date", "2026-11-27")
    done = sk(tmp_path, "play", stdin="meld --trump h AH 10H KH QH JH\nb 300 = c\nc 300 = c\n",
              code=1)
    assert "Bob bid 300, meld 150, conceded" in done.stdout
    assert "'=' takes the meld counted at the prompt" in done.stderr
    assert deals_in(tmp_path / "p.toml") == 1


def _prompt(tmp_path: Path, name: str, keys: str) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import interactive

    os.environ["HOME"] = str(tmp_path)
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    with ctx, create_pipe_input() as pipe:
        pipe.send_text(keys + "\x04")
        interactive(Shell(ctx, str(tmp_path / f"{name}.toml")), input=pipe,
                    output=DummyOutput())


def test_an_ambiguous_initial_is_asked_about_with_one_key(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    play_lines(tmp_path, ["loo new j --players Karl,Ann,Kim,Bob --date 2026-11-27"])
    _prompt(tmp_path, "j", "k1 a2 b0\r2" "k1 a2 b0\r\r" "a1 b2 k0\rx\r")
    out, err = capsys.readouterr()
    assert "Ann +2, Kim +1, Bob looed 3" in out  # 2: Kim, with no Enter
    assert err.count("'k' could be Karl or Kim: type more of the name") == 2  # no answer
    assert deals_in(tmp_path / "j.toml") == 1
    run(tmp_path, "deal k1 a2 b0", code=1)  # off a terminal: refused, naming both


@pytest.mark.parametrize("answer", ["yes\r", "\x03"])
def test_the_questions_after_a_choice_still_take_their_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str) -> None:
    """The one-key question's keys are its own: after it, undo's and amend's questions are
    answered as before (Enter once returned nothing at every later question)."""
    play_lines(tmp_path, ["loo new j --players Karl,Ann,Kim,Bob --date 2026-11-27"])
    _prompt(tmp_path, "j", "k1 a2 b0\r2" + answer + "a1 b2 k0\r1" "undo\ryes\r"
            "a1 b2 k0\r1" "amend 2 a2 b1 k0\r2yes\r")
    out, err = capsys.readouterr()
    assert "Removed hand 2" in out and "Nothing changed" not in out, (out, err)
    removed = out[out.index("Undo removes deal 2"):out.index("Removed hand 2")]
    after = out[out.index("Removed hand 2"):].split("Hand 2")[0]
    assert "Nets now" in removed and "Nets now" not in after  # shown before the yes, once
    deals = json.loads(run(tmp_path, "show --format json").output)["deals"]
    assert [d["inputs"]["tricks"] for d in deals] == [{"Kim": 1, "Ann": 2, "Bob": 0},
                                                      {"Ann": 2, "Bob": 1, "Kim": 0}], (out, err)


def test_each_ambiguous_initial_of_an_order_is_asked_where_it_is_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`o eee` where e is Edda or Eve: one question a letter, each answer its own trick
    (the first answer was once taken for all three)."""
    play_lines(tmp_path, ["loo new j --players Ann,Edda,Eve,Bob --date 2026-11-27"])
    _prompt(tmp_path, "j", "ed2 ev1 o eee\r" "112")
    out, err = capsys.readouterr()
    assert err.count("e: 1 Edda, 2 Eve?") == 0  # asked on the prompt, not as an error
    deals = json.loads(run(tmp_path, "show --format json").output)["deals"]
    assert [d["inputs"].get("order") for d in deals] == [["Edda", "Edda", "Eve"]], (out, err)


@pytest.mark.parametrize(("lang", "offered"), [("en", ["loo", "pinochle", "bridge"]),
                                               ("da", ["loo", "pinochle", "bridge", "lu"])])
@pytest.mark.parametrize("session", [True, False])
def test_tab_after_new_offers_the_games(tmp_path: Path, lang: str, offered: list[str],
                                        session: bool) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper import i18n
    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import PlayCompleter

    if session:
        play_lines(tmp_path, ["loo new j --players Ann,Bob,Cid --date 2026-11-27"])
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    with ctx, i18n.spoken(i18n.language(lang)):
        completer = PlayCompleter(Shell(ctx, str(tmp_path / "j.toml") if session else None))
        shown = [c.text for c in completer.get_completions(Document("new "), CompleteEvent())]
        assert shown[:len(offered)] == offered
        assert [c.text for c in completer.get_completions(Document("ny p" if lang == "da"
                                                                    else "new p"),
                                                          CompleteEvent())] == ["pinochle"]


@pytest.mark.parametrize("typed", ["lu", "l", "trekorts-lu", "tr"])
def test_the_game_asked_for_takes_its_danish_word(typed: str) -> None:
    from scorekeeper import i18n
    from scorekeeper.cli.begin import game_named

    with i18n.spoken(i18n.language("da")):
        assert game_named(typed) == "loo"
    with i18n.spoken(i18n.language("en")):
        assert game_named("l") == "loo" and game_named("lu") == "lu"


def test_the_same_payment_again_is_asked_about_as_a_deal_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    play_lines(tmp_path, ["loo new j --players Ann,Bob,Cid --date 2026-11-27 --value 0.5",
                          "deal a1 b2 c0"])
    _prompt(tmp_path, "j", "pay Cid Bob 1\r" "pay cid bob 1\r\r" "pay Cid Bob 1\ry\r"
            "pay Cid Bob 2\r")
    out, err = capsys.readouterr()
    assert out.count("Not recorded.") == 1, (out, err)  # the question is the prompt's
    money = tomllib.loads((tmp_path / "payments.toml").read_text())["payments"]
    assert [p["money"] for p in money] == ["1.00", "1.00", "2.00"]


def test_tab_in_the_meld_place_offers_the_meld_counted(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell, one_line
    from scorekeeper.cli.prompt import PlayCompleter

    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid --date 2026-11-27"])
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    with ctx:
        shell = Shell(ctx, str(tmp_path / "p.toml"))
        completer = PlayCompleter(shell)

        def offered(text: str) -> list[str]:
            return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

        assert offered("b 300 ") == []  # nothing counted yet
        assert one_line(shell, "meld --trump h AH 10H KH QH JH 9H")
        assert offered("b 300 ") == ["160"]
        assert one_line(shell, "b 300 = c")
        assert offered("c 300 ") == []  # the deal took it
    assert "meld = 160" in (tmp_path / "p.toml").read_text()
