"""Corrections a treasurer can trust: deals kept as facts, every consequence of a change
shown, and a history of every change after the fact, which `check` replays backwards."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scorekeeper.files import codec
from scorekeeper.history import Revision, changed_entries, unwind

from .helpers import ROOT, deals_in, play_lines, run, scorekeeper_command, without_history
from .test_trust import sk

FIVE = "loo new evening --players Ann,Bob,Cid,Dan,Eve --date 2026-11-27"
#: A file written before deals were kept in full: hand 3, a must, in short (Bob=2 Dan=1
#: meant Ann, Cid and Eve took no trick and were looed).
SHORTHAND = """\
format = "scorekeeper session"
version = 2
game = "loo"
date = 2026-11-27
players = ["Ann", "Bob", "Cid", "Dan", "Eve"]
deals = [
    { tricks = { Ann = 1, Bob = 2, Cid = 0 } },
    { tricks = { Ann = 1, Bob = 1, Cid = 1 } },
    { tricks = { Bob = 2, Dan = 1 } },
    { tricks = { Ann = 2, Bob = 1 } },
]

[settings]
value = "1"
currency = ""
ante = 3
loo = "ante"
must = true
single = "one-each"
defender_looed = false
remainder = "early"
"""


def history_of(tmp_path: Path, name: str = "evening") -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads(
        run(tmp_path, f"history -s {name} --format json").stdout)["history"]
    return found


def table_of(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


# --- facts, not context --------------------------------------------------------------------


def test_a_must_is_kept_as_what_happened_whatever_was_typed(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=1 c=1"])  # hand 2 is a must
    run(tmp_path, "deal b=2 d=1")
    assert table_of(tmp_path / "evening.toml")["deals"][1] == {  # type: ignore[index]
        "tricks": {"Ann": 0, "Bob": 2, "Cid": 0, "Dan": 1, "Eve": 0}}
    run(tmp_path, "amend 2 b=3")  # a must amended in short is kept in full too
    assert table_of(tmp_path / "evening.toml")["deals"][1] == {  # type: ignore[index]
        "tricks": {"Ann": 0, "Bob": 3, "Cid": 0, "Dan": 0, "Eve": 0}}


def test_an_amend_that_would_make_an_older_must_read_otherwise_is_refused(tmp_path: Path
                                                                         ) -> None:
    """The treasurer's case, through the installed command: amending hand 2 ends the must
    of hand 3, which an older file keeps in short."""
    path = tmp_path / "evening.toml"
    path.write_text(SHORTHAND)
    before = path.read_bytes()
    result = sk(tmp_path, "amend", "2", "a=2", "c=1", "e=0", "-s", "evening", code=1)
    assert result.stderr == (
        "Error: deal 3 would read otherwise after this change: it was a must, so Ann, Cid and "
        "Eve took no trick; it would no longer be one, and the same line would say they "
        "passed. Give --as-recorded to keep deal 3 as it was played, or change both in one "
        "'scorekeeper edit'; nothing was changed\n")
    assert path.read_bytes() == before
    sk(tmp_path, "use", "evening")
    result = sk(tmp_path, "amend", "2", "a=2", "c=1", "e=0", "--as-recorded", "--why",
                "Ann took two")
    assert result.stdout == (
        "Hand 2 was: Ann +2, Bob +2, Cid +2.\n"
        "Hand 2 now: Ann +4, Cid +2, Eve looed 3.\n"
        "Hand 3 is kept as it was played, written out in full.\n"
        "Hand 3: must: Bob +2, Dan +1, Ann looed 3, Cid looed 3, Eve looed 3 -> Bob +4, "
        "Dan +2, Ann looed 3, Cid looed 3, Eve looed 3.\n"
        "Nets now: Ann +5 -> +7, Dan -2 -> -1, Eve -3 -> -6.\n")
    deals = table_of(path)["deals"]
    assert deals[2] == {"tricks": {"Ann": 0, "Bob": 2, "Cid": 0, "Dan": 1, "Eve": 0}}  # type: ignore[index]
    show = json.loads(sk(tmp_path, "show", "--format", "json").stdout)
    assert show["deals"][2]["looed"] == {"Ann": 3, "Cid": 3, "Eve": 3}  # still looed
    assert [d["changed"] for d in show["deals"]] == [False, True, True, False]
    assert sk(tmp_path, "check", str(path)).returncode == 0


def test_an_edit_that_would_make_an_older_must_read_otherwise_is_refused(
        tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text(SHORTHAND)
    run(tmp_path, "use evening")
    env = {**_editor(tmp_path, "Ann = 1, Bob = 1, Cid = 1", "Ann = 2, Cid = 1, Eve = 0")}
    result = run(tmp_path, "edit", code=1, **env)
    assert "deal 3 would read otherwise after this change" in result.stderr
    assert "Change deal 3 too, in the same edit; nothing was changed" in result.stderr
    assert path.read_text() == SHORTHAND
    # Both changed in one edit: saved, and kept as one change of the history.
    env = _editor(tmp_path, "{ tricks = { Ann = 1, Bob = 1, Cid = 1 } },\n    "
                  "{ tricks = { Bob = 2, Dan = 1 } }",
                  "{ tricks = { Ann = 2, Cid = 1, Eve = 0 } },\n    "
                  "{ tricks = { Ann = 0, Bob = 2, Cid = 0, Dan = 1, Eve = 0 } }")
    out = run(tmp_path, "edit --why 'the same hand, told right'", **env).stdout
    assert "Hand 3: must: Bob +2, Dan +1, Ann looed 3, Cid looed 3, Eve looed 3 -> " in out
    (change,) = history_of(tmp_path)
    assert (change["change"], change["deal"], change["entry"]) == ("edit", 2, 2)
    assert change["why"] == "the same hand, told right"
    assert len(change["before"]) == len(change["after"]) == 2  # type: ignore[arg-type]


def _editor(tmp_path: Path, old: str, new: str) -> dict[str, str]:
    """An editor that replaces `old` with `new` in the file it is given."""
    script = tmp_path / "editor.py"
    script.write_text("import sys\np = sys.argv[1]\ntext = open(p).read()\n"
                      f"assert {old!r} in text\n"
                      f"open(p, 'w').write(text.replace({old!r}, {new!r}))\n")
    return {"EDITOR": f"{sys.executable} {script}", "VISUAL": ""}


# --- every consequence shown ---------------------------------------------------------------


def test_a_loo_amend_that_turns_a_hand_into_a_single_shows_the_must_that_follows(
        tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal a=2 b=1", "deal a=3 b=0"])
    # Hand 3 becomes a must, where everyone plays: as played, Cid, Dan and Eve passed it,
    # which a must cannot be. The two changes go together, in one edit.
    before = (tmp_path / "evening.toml").read_bytes()
    assert run(tmp_path, "amend 2 a=1 b=1 c=1", code=1).stderr == (
        "Error: deal 3 would read otherwise after this change: it was not a must, so Cid, Dan "
        "and Eve passed; it would be one, where everyone plays, and the same line would say "
        "they took no trick. Change deal 3 too, in one 'scorekeeper edit'; nothing was "
        "changed\n")
    assert run(tmp_path, "amend 2 a=1 b=1 c=1 --as-recorded", code=1).stderr.startswith(
        "Error: deal 3 would read otherwise after this change")
    assert (tmp_path / "evening.toml").read_bytes() == before
    out = run(tmp_path, "edit", **_editor(
        tmp_path, "{ tricks = { Ann = 2, Bob = 1 } },\n    { tricks = { Ann = 3, Bob = 0 } }",
        "{ tricks = { Ann = 1, Bob = 1, Cid = 1 } },\n    "
        "{ tricks = { Ann = 3, Bob = 0, Cid = 0, Dan = 0, Eve = 0 } }")).stdout.splitlines()
    assert out[1:3] == [
        "Hand 2: Ann +4, Bob +2 -> Ann +2, Bob +2, Cid +2.",
        "Hand 3: Ann +3, Bob looed 3 -> must: Ann +3, Bob looed 3, Cid looed 3, Dan looed 3, "
        "Eve looed 3."]
    assert out[3].startswith("Nets now: ") and len(out) == 4


def test_a_loo_amend_that_changes_the_pool_carried_shows_every_later_hand(
        tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass", "deal a=2 b=1"])
    # Dan played too and was looed: the pool Bob takes as dealer in hand 2 grows; hand 3,
    # played from a fresh pool, reads the same and is not listed.
    assert run(tmp_path, "amend 1 a=1 b=2 c=0 d=0").stdout.splitlines() == [
        "Hand 1 was: Ann +1, Bob +2, Cid looed 3.",
        "Hand 1 now: Ann +1, Bob +2, Cid looed 3, Dan looed 3.",
        "Hand 2: Bob (dealer) takes the pool of 6 -> Bob (dealer) takes the pool of 9.",
        "Nets now: Bob +6 -> +9, Dan 0 -> -3."]


def test_a_bridge_amend_that_moves_a_game_and_the_rubber_shows_each_later_deal(
        tmp_path: Path) -> None:
    play_lines(tmp_path, ["bridge new club --players N,E,S,W --date 2026-11-27",
                          "deal --trump nt --tricks N=9 --honours none",   # game to N-S
                          "deal --trump nt --tricks E=8 --honours none",   # E-W 24
                          "deal --trump nt --tricks N=9 --honours none"])  # N-S game, rubber
    # Deal 1 no longer makes game, so deal 3 makes the first game, not the rubber.
    assert run(tmp_path, "amend 1 --trump nt --tricks N=8 --honours none").stdout.splitlines(
        ) == ["Deal 1 was: no trumps, N & S 9 tricks, 36 below, game.",
              "Deal 1 now: no trumps, N & S 8 tricks, 24 below.",
              "Deal 3: no trumps, N & S 9 tricks, 36 below, N & S 100 rubber, game and rubber "
              "-> no trumps, N & S 9 tricks, 36 below, game.",
              "Nets now: N +148 -> +36, E -148 -> -36, S +148 -> +36, W -148 -> -36."]


def test_a_pinochle_amend_stands_alone_and_shows_the_nets(tmp_path: Path) -> None:
    play_lines(tmp_path, ["pinochle new p --players Ann,Bob,Cid,Dan --date 2026-11-27",
                          "deal --bidder Bob --bid 350 --meld 190 --took 172",
                          "deal --bidder Cid --bid 300 --meld 300"])
    out = run(tmp_path, "amend 1 --bidder Bob --bid 350 --meld 190 --took 150").stdout
    # Made, Bob took 5 from each; failed, he pays each double: 10. Deal 2 stands alone.
    assert out.splitlines()[1:] == [
        "Deal 1 now: Bob bid 350, meld 190, played, failed: pays 10 to each.",
        "Nets now: Ann -8 -> +7, Bob +12 -> -33, Cid +4 -> +19, Dan -8 -> +7."]


# --- the history ---------------------------------------------------------------------------


def test_every_kind_of_change_is_kept_in_the_history_and_check_replays_it(
        tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass", "deal a=2 b=1"])
    path = tmp_path / "evening.toml"
    first = path.read_text()
    run(tmp_path, "amend 1 a=1 b=2 c=0 d=0 --why 'Dan played'")
    run(tmp_path, "deal b=3 c=0")
    run(tmp_path, "undo --why 'recorded in the wrong sitting'")
    run(tmp_path, "paid --date 2026-11-28")
    run(tmp_path, "paid --undo --why 'Dan has not paid'")
    run(tmp_path, "edit", **_editor(tmp_path, "ante = 3", "ante = 6"))
    changes = history_of(tmp_path)
    assert [c["change"] for c in changes] == ["amend", "undo", "paid", "reopened", "edit"]
    assert [c["why"] for c in changes] == ["Dan played", "recorded in the wrong sitting", "",
                                           "Dan has not paid", ""]
    assert changes[0]["nets"] == [{"name": "Bob", "before": 6, "after": 9},
                                  {"name": "Dan", "before": 0, "after": -3}]
    assert changes[2]["now"] == {"paid": "2026-11-28"} and changes[3]["was"] == {
        "paid": "2026-11-28"}
    assert changes[4]["was"] == {"settings": {"ante": 3}} and changes[4]["now"] == {
        "settings": {"ante": 6}}
    assert sk(tmp_path, "check", str(path)).stdout.endswith("ok (loo, 5 players, 3 deals)\n")
    # Replayed backwards, the history gives the sitting as first recorded: the three deals
    # as played, and the one recorded in turn and undone after.
    read = codec.decode(tomllib.loads(path.read_text()), "evening")
    assert read.session is not None
    entries, header = unwind(codec.entries_data(read.session), codec.top_data(read.session),
                             read.history)
    original = codec.decode(tomllib.loads(first), "evening").session
    assert original is not None
    assert entries == [*codec.entries_data(original), {"tricks": {"Bob": 3, "Cid": 0}}]
    assert header == codec.top_data(original)


def test_a_deal_recorded_in_turn_writes_no_history(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass"])
    assert "history" not in (tmp_path / "evening.toml").read_text()
    assert run(tmp_path, "history").stdout == (
        "'evening' has not been changed after the fact.\n")


def test_the_history_reads_as_text_json_and_csv(tmp_path: Path) -> None:
    import csv
    import io

    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0 --miss c", "deal --all-pass",
                          "amend 1 a=1 b=2 c=0 --why \"Cid's miss was Bob's\""])
    text = run(tmp_path, "history").stdout.splitlines()
    today = datetime.date.today().isoformat()
    assert text[0] == "Three-card Loo 'evening': 1 change after the fact."
    assert text[1].startswith(today) and text[1].endswith("  amend hand 1: Cid's miss was Bob's")
    assert text[2:] == ["  was: Ann=1 Bob=2 Cid=0 miss Cid", "  now: Ann=1 Bob=2 Cid=0"]
    rows = list(csv.reader(io.StringIO(run(tmp_path, "history --format csv").stdout)))
    assert rows[0] == ["when", "change", "deal", "entry", "before", "after", "was", "now",
                       "nets", "why"]
    assert rows[1][1:4] == ["amend", "1", "1"] and rows[1][9] == "Cid's miss was Bob's"
    data = history_of(tmp_path)
    assert data[0]["before"] == [{"tricks": {"Ann": 1, "Bob": 2, "Cid": 0}, "miss": "Cid"}]


def test_show_and_the_book_mark_what_was_changed_after_it_was_played(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass", "deal a=2 b=1",
                          "amend 2 a=3 b=0"])
    lines = run(tmp_path, "show").stdout.splitlines()
    assert lines[3].lstrip().startswith("2*") and lines[2].lstrip().startswith("1 ")
    assert lines[-1] == "* changed after it was played ('scorekeeper history' says how)."
    book = run(tmp_path, "book").stdout
    assert "evening*" in book and "* changed after it was played" in book
    assert json.loads(run(tmp_path, "book --format json").stdout)["sittings"][0]["changes"] == 1


def test_which_entries_a_history_marks_moves_with_later_changes() -> None:
    when = datetime.datetime(2026, 11, 27, 21)
    amend2 = Revision(when, "amend", 2, 2, ({"a": 1},), ({"a": 2},))
    insert = Revision(when, "edit", 1, 1, (), ({"x": 1},))  # one put before them all
    undo = Revision(when, "undo", 4, 3, ({"z": 1},), ())
    assert changed_entries([amend2]) == {1}
    assert changed_entries([amend2, insert]) == {0, 2}
    assert changed_entries([amend2, insert, undo]) == {0, 2}


def test_check_says_where_the_history_and_the_deals_disagree(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass",
                          "amend 1 a=1 b=2 c=0 d=0"])
    path = tmp_path / "evening.toml"
    text = path.read_text()
    # By hand, deal 1 changed again without a word in the history: the history no longer fits.
    path.write_text(text.replace("{ tricks = { Ann = 1, Bob = 2, Cid = 0, Dan = 0 } },",
                                 "{ tricks = { Ann = 2, Bob = 1, Cid = 0, Dan = 0 } },", 1))
    result = sk(tmp_path, "check", str(path), code=1)
    line = path.read_text().splitlines().index("[[history]]") + 1
    assert result.stderr == (
        f"{path}:{line}: history record 1: this amend says that from entry 1 on the file "
        "holds { tricks = { Ann = 1, Bob = 2, Cid = 0, Dan = 0 } }, but it holds "
        "{ tricks = { Ann = 2, Bob = 1, Cid = 0, Dan = 0 } }\n")


def test_edit_cannot_rewrite_the_history(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "amend 1 a=2 b=1 c=0 --why 'a slip'"])
    before = (tmp_path / "evening.toml").read_bytes()
    result = run(tmp_path, "edit", code=1, **_editor(tmp_path, 'why = "a slip"',
                                                     'why = "nothing happened"'))
    assert "the history of changes cannot be edited" in result.stderr
    assert (tmp_path / "evening.toml").read_bytes() == before


@pytest.mark.parametrize(("why", "message"), [
    ("", "give a reason with --why, or leave --why out"),
    ("   ", "give a reason with --why, or leave --why out"),
    ("a\\x1b]0;owned\\x07", "holds a control character"),
    ("x" * 201, "the reason is 201 characters: at most 200"),
])
def test_a_reason_must_be_a_line_of_text(tmp_path: Path, why: str, message: str) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0"])
    before = (tmp_path / "evening.toml").read_bytes()
    value = why.encode().decode("unicode_escape")
    result = sk(tmp_path, "amend", "1", "a=2", "b=1", "c=0", "--why", value, code=2)
    assert message in result.stderr and "\x1b" not in result.stderr
    assert (tmp_path / "evening.toml").read_bytes() == before


def test_an_amend_that_changes_nothing_is_refused(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=1 c=1", "deal b=3"])
    # the same deal, typed in short in the must, is the same deal
    assert run(tmp_path, "amend 2 b=3", code=1).stderr == (
        "Error: deal 2 already is that: nothing to change\n")
    assert run(tmp_path, "amend 1 Ann=1 bob=1 c=1", code=1).stderr == (
        "Error: deal 1 already is that: nothing to change\n")


def test_history_of_an_older_or_a_damaged_file_is_one_clear_line(tmp_path: Path) -> None:
    old = tmp_path / "old.toml"
    old.write_bytes((ROOT / "tests" / "v1" / "loo-evening.toml").read_bytes())
    result = sk(tmp_path, "history", "-s", str(old), code=1)
    assert result.stderr == (f"Error: {old} is a version 1 file, which keeps no history of "
                             "changes: it is upgraded, and keeps one, when next changed\n")
    bad = tmp_path / "bad.toml"
    bad.write_text(SHORTHAND.replace("[settings]", "[settings"))
    assert sk(tmp_path, "history", "-s", str(bad), code=1).stderr.startswith(
        f"Error: {bad}:13: not valid TOML")


def test_a_hand_laid_file_keeps_its_comments_and_gets_its_history_at_the_end(
        tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text("# our Friday\n" + SHORTHAND.replace(
        "    { tricks = { Ann = 2, Bob = 1 } },", "    { tricks = { Ann = 2, Bob = 1 } },  # late"))
    sk(tmp_path, "amend", "4", "a=3", "b=0", "--why", "Ann's third", "-s", "evening")
    text = path.read_text()
    assert text.startswith("# our Friday\n") and "# late" in text
    assert without_history(text).count("Ann = 3, Bob = 0") == 1
    assert text.endswith('why = "Ann\'s third"\n')
    assert deals_in(path) == 4 and sk(tmp_path, "check", str(path)).returncode == 0
    assert sk(tmp_path, "history", "-s", "evening").stdout.count("amend hand 4") == 1


def test_the_undo_question_at_the_prompt_shows_the_nets_it_would_move(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]
                                                                     ) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorekeeper.cli import cli
    from scorekeeper.cli.options import RunState
    from scorekeeper.cli.play import Shell
    from scorekeeper.cli.prompt import interactive

    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0"])
    os.environ["HOME"] = str(tmp_path)
    ctx = cli.make_context("scorekeeper", ["--dir", str(tmp_path), "show"], obj=RunState())
    sitting = Shell(ctx, str(tmp_path / "evening.toml"))
    with create_pipe_input() as pipe:
        pipe.send_text("undo --why 'wrong table'\r" "yes\r" "\x04")
        interactive(sitting, input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert out.index("Nets now: Ann -2 -> 0") < out.index("Removed hand 1")
    assert history_of(tmp_path)[0]["why"] == "wrong table"


def test_the_history_is_read_fast_and_as_tomllib_reads_it(tmp_path: Path) -> None:
    from scorekeeper.files.fastread import read_fast

    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0", "deal --all-pass"])
    for n in range(3):
        run(tmp_path, f"amend 1 a=1 b=2 c=0 d=0 --why 'try {n}'" if n % 2 == 0 else
            "amend 1 a=1 b=2 c=0")
    run(tmp_path, "paid")
    text = (tmp_path / "evening.toml").read_text()
    assert text.count("[[history]]") == 4
    assert read_fast(text) == tomllib.loads(text)


def test_the_installed_command_lists_a_long_history(tmp_path: Path) -> None:
    play_lines(tmp_path, [FIVE, "deal a=1 b=2 c=0"])
    for n in range(6):
        run(tmp_path, f"amend 1 a=1 b={1 + n % 2} c={1 - n % 2}")
    out = subprocess.run([scorekeeper_command(), "--dir", str(tmp_path), "history", "-s",
                          "evening"], capture_output=True, text=True, check=True).stdout
    assert out.count("amend hand 1") == 6
