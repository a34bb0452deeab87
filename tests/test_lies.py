"""Histories that lie: every kind of lie a replay can see, in each game's session file and
in the folder's payments file, is caught by `check` (one line, FILE:LINE: history record N:
what is wrong, exit 1); histories made by the real commands, in any order, pass. What a
replay cannot see (a record deleted, everything rewritten to agree) is said in
docs/history.md, and pinned here as passing, not promised.

Each lie is made from an honest history the commands wrote, by changing its records as a
person with an editor could, the rest of the file left as it was.
"""

from __future__ import annotations

import datetime
import os
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.files import tomltext
from scorekeeper.history import SKEW

from .helpers import run
from .test_trust import sk

NEW = {"loo": "loo new s --players Ann,Bob,Cid,Dan,Eve --date 2026-11-27",
       "pinochle": "pinochle new s --players Ann,Bob,Cid --date 2026-11-27",
       "bridge": "bridge new s --players Ann,Bob,Cid,Dan --date 2026-11-27"}
#: Each game's sitting, whose changes after the fact are, in order: amend, undo, amend,
#: paid, reopened, edit (of the currency); players join and leave between them.
SITTINGS = {
    "loo": ["deal a=1 b=2 c=0", "deal --all-pass", "deal a=2 b=1",
            "amend 1 a=1 b=2 c=0 d=0 --why 'Dan played'", "deal b=3 c=0", "undo",
            "join Fay", "deal a=1 b=2 f=0", "amend 4 a=1 f=2 b=0", "leave Fay"],
    "pinochle": ["deal --bidder Bob --bid 300 --meld 300",
                 "deal --bidder Cid --bid 350 --meld 100 --declined",
                 "amend 1 --bidder Ann --bid 300 --meld 300", "deal --no-bid", "undo",
                 "join Dan", "deal --no-bid", "amend 3 --bidder Bob --bid 300 --meld 300",
                 "leave Dan"],
    "bridge": ["deal --trump nt --tricks Ann=9 --honours none",
               "deal --trump nt --tricks Bob=8 --honours none",
               "amend 1 --trump nt --tricks Ann=10 --honours none",
               "deal --trump nt --tricks Cid=7 --honours none", "undo",
               "amend 2 --trump nt --tricks Bob=9 --honours none"],
}
AFTER = ["paid --date 2026-11-28", "paid --undo --why 'not yet'"]
#: The payments' changes after the fact: amend 3, undo (of 3), amend 1.
PAYMENTS = ["pay Ann Bob 3 --date 2026-11-28", "pay Bob Cid 2 --date 2026-11-28",
            "pay Cid Ann 1 --date 2026-11-29", "pay --amend 3 Cid Ann 2 --date 2026-11-29",
            "pay --undo --why twice", "pay Cid Ann 4", "pay --amend 1 Ann Bob 5"]
GAMES = list(NEW)


def editor(tmp_path: Path, old: str, new: str) -> dict[str, str]:
    """An editor that replaces `old` with `new` in the file it is given."""
    script = tmp_path / "editor.py"
    script.write_text("import sys\np = sys.argv[1]\ntext = open(p).read()\n"
                      f"open(p, 'w').write(text.replace({old!r}, {new!r}, 1))\n")
    return {"EDITOR": f"{sys.executable} {script}", "VISUAL": ""}


def honest(tmp_path: Path, game: str) -> tuple[Path, Path]:
    """A sitting of `game` and the folder's payments, each with its history, made by the
    real commands; both check."""
    for line in [NEW[game], *SITTINGS[game], *AFTER]:
        run(tmp_path, line)
    run(tmp_path, "edit", **editor(tmp_path, 'currency = ""', 'currency = "kr"'))
    for line in PAYMENTS:
        _commanded(tmp_path, line, {}, codes=(0,))
    session, payments = tmp_path / "s.toml", tmp_path / "payments.toml"
    assert [r["change"] for r in records(session)] == ["amend", "undo", "amend", "paid",
                                                       "reopened", "edit"]
    assert [r["change"] for r in records(payments)] == ["amend", "undo", "amend"]
    run(tmp_path, f"check {session} {payments}")
    return session, payments


def records(path: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = tomllib.loads(path.read_text())["history"]
    return found


def rewritten(path: Path, history: list[dict[str, Any]]) -> None:
    """The file with its history replaced by `history`, all before it as it was."""
    text = path.read_text()
    head = text[:text.index("\n[[history]]\n")]
    path.write_text(head + "".join(
        "\n\n[[history]]\n" + "".join(f"{k} = {tomltext.value(v)}\n" for k, v in r.items())
        for r in history).replace("\n\n\n", "\n\n"))


def caught(tmp_path: Path, path: Path, number: int, words: str) -> None:
    """`check` says record `number` of `path` lies, `words` in what it says, at its line."""
    result = run(tmp_path, f"check {path}", code=1)
    lines = path.read_text().splitlines()
    at = [i + 1 for i, line in enumerate(lines) if line == "[[history]]"][number - 1]
    said = result.output.splitlines()
    assert f"{path}:{at}: history record {number}: " in result.output, result.output
    assert any(words in line for line in said), result.output
    assert not re.search(r"datetime\.|\[\]|\{'|\('", result.output), result.output


Lie = Callable[[list[dict[str, Any]]], int]


def first_name(entry: dict[str, Any]) -> str:
    """The first player an entry names."""
    return next(n for n in ("Ann", "Bob", "Cid", "Dan") if n in repr(entry))


def _zed_nets(h: list[dict[str, Any]]) -> int:
    h[0]["nets"]["Zed"] = [1, 999]
    return 1


def _nets_off(h: list[dict[str, Any]]) -> int:
    name = next(iter(h[0]["nets"]))
    h[0]["nets"][name][1] += 1
    return 1


def _nets_dropped(h: list[dict[str, Any]]) -> int:
    del h[0]["nets"]
    return 1


def _nets_of_paid(h: list[dict[str, Any]]) -> int:
    h[3]["nets"] = {"Ann": [0, 1]}
    return 4


def _future(h: list[dict[str, Any]]) -> int:
    h[5]["when"] = datetime.datetime(2099, 1, 1, 12)
    return 6


def _backwards(h: list[dict[str, Any]]) -> int:
    h[2]["when"] = h[1]["when"] - datetime.timedelta(hours=3)
    return 3


def _before_the_day(h: list[dict[str, Any]]) -> int:
    h[0]["when"] = datetime.datetime(2026, 11, 20, 12)
    return 1


def _relabelled(kind: str, index: int) -> Lie:
    def lie(h: list[dict[str, Any]]) -> int:
        h[index]["change"] = kind
        return index + 1
    return lie


def _wrong_deal(h: list[dict[str, Any]]) -> int:
    h[2]["deal"] -= 1
    return 3


def _relabelled_deal(h: list[dict[str, Any]]) -> int:
    h[0]["deal"] = 2
    return 1


def _paid_on(day: datetime.date) -> Lie:
    def lie(h: list[dict[str, Any]]) -> int:
        h[3]["now"]["paid"] = h[4]["was"]["paid"] = day
        return 4
    return lie


def _before_breaks_a_rule(h: list[dict[str, Any]]) -> int:
    name = first_name(h[0]["before"][0])
    h[0]["before"] = [eval(repr(h[0]["before"][0]).replace(repr(name), "'Zed'"))]
    return 1


def _undo_elsewhere(h: list[dict[str, Any]]) -> int:
    """Said of the undo, it no longer fits the amend before it: the first record that does
    not fit, from the last, is named."""
    h[1]["entry"], h[1]["deal"] = 1, 1
    return 1


def _amend_of_nothing(h: list[dict[str, Any]]) -> int:
    h[2]["before"] = h[2]["after"]
    return 3


def _edit_of_nothing(h: list[dict[str, Any]]) -> int:
    h[5]["was"] = h[5]["now"]
    return 6


def _edit_of_a_same_key(h: list[dict[str, Any]]) -> int:
    h[5]["was"]["settings"]["value"] = h[5]["now"]["settings"]["value"] = "1"
    return 6


def _undo_with_keys(h: list[dict[str, Any]]) -> int:
    h[1]["was"] = h[1]["now"] = {"settings": {"currency": ""}}
    return 2


def _amend_while_paid(h: list[dict[str, Any]]) -> int:
    """The second amend moved to while the sitting was marked paid (the times kept in
    order)."""
    h[2]["when"], h[3]["when"] = h[3]["when"], h[2]["when"]
    h[2], h[3] = h[3], h[2]
    return 4


def _history_says_otherwise(h: list[dict[str, Any]]) -> int:
    h[0]["after"] = h[0]["before"]
    return 1


SESSION_LIES: dict[str, tuple[Lie, str]] = {
    "nets for a player who never sat": (_zed_nets, "Zed, who never sat at the table"),
    "nets other than the replay's": (_nets_off, "it says it moved the nets"),
    "no nets where the replay moves some": (_nets_dropped, "it says it moved the nets (none)"),
    "nets moved by marking paid": (_nets_of_paid, "changes nothing else"),
    "a time to come": (_future, "which has not come yet"),
    "times running backwards": (_backwards, "before the change above it"),
    "a change before the sitting's day": (_before_the_day, "before the sitting's day"),
    "an amend labelled paid": (_relabelled("paid", 0), "marking a sitting paid"),
    "an amend labelled undo": (_relabelled("undo", 0), "an undo takes away one entry"),
    "an undo labelled amend": (_relabelled("amend", 1), "an amend puts deals right"),
    "a reopening labelled paid": (_relabelled("paid", 4), "marking a sitting paid"),
    "an edit labelled reopened": (_relabelled("reopened", 5), "reopening a sitting"),
    "a wrong deal number": (_wrong_deal, "it names deal "),
    "a deal number no entry has": (_relabelled_deal, "deal 2 must be the number of entry 1"),
    "paid after the day it was marked": (_paid_on(datetime.date(2026, 12, 31)) if
                                         datetime.date.today() < datetime.date(2026, 12, 31)
                                         else _paid_on(datetime.date.today()
                                                       + datetime.timedelta(days=30)),
                                         "after the day it was made"),
    "paid before the sitting": (_paid_on(datetime.date(2026, 11, 1)), "before its day"),
    "entries before it that break a rule": (_before_breaks_a_rule, "before it, "),
    "an undo of an entry that was not the last": (_undo_elsewhere, ""),
    "an amend that changes nothing": (_amend_of_nothing, "changes nothing"),
    "an edit that changes nothing": (_edit_of_nothing, "this edit changes nothing"),
    "an edit that says a key changed that did not": (_edit_of_a_same_key,
                                                     "it says value changed, but it is the same"),
    "an undo that changes a setting": (_undo_with_keys, "an undo takes away one entry"),
    "an amend of a sitting marked paid": (_amend_while_paid, "marked paid"),
    "a history that says otherwise than the deals": (_history_says_otherwise,
                                                     "this amend says that from entry 1"),
}


@pytest.fixture(scope="module", params=GAMES)
def made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, bytes, bytes]:
    """Each game's honest files (made once a game), as bytes."""
    folder = tmp_path_factory.mktemp(request.param)
    session, payments = honest(folder, request.param)
    return request.param, session.read_bytes(), payments.read_bytes()


def laid_out(tmp_path: Path, made: tuple[str, bytes, bytes]) -> tuple[Path, Path]:
    _game, session, payments = made
    (tmp_path / "s.toml").write_bytes(session)
    (tmp_path / "payments.toml").write_bytes(payments)
    return tmp_path / "s.toml", tmp_path / "payments.toml"


def test_a_time_finer_than_a_second_is_not_this_tools(tmp_path: Path, made: Any) -> None:
    """The history's times are to the second (docs/history.md): a fraction is refused as
    any time this tool does not write is."""
    session, _payments = laid_out(tmp_path, made)
    text = session.read_text()
    at = text.index("\nwhen = ", text.index("[[history]]")) + len("\nwhen = ") + 19
    session.write_text(text[:at] + ".999999" + text[at:])
    said = run(tmp_path, f"check {session}", code=1).output
    assert "must be a local date and time" in said and "ok (" not in said


@pytest.mark.parametrize("lie", SESSION_LIES)
def test_each_lie_of_a_sittings_history_is_caught(tmp_path: Path, made: Any, lie: str
                                                  ) -> None:
    session, _payments = laid_out(tmp_path, made)
    history = records(session)
    change, words = SESSION_LIES[lie]
    number = change(history)
    rewritten(session, history)
    before = session.read_bytes()
    caught(tmp_path, session, number, words)
    assert session.read_bytes() == before


def _payment_future(h: list[dict[str, Any]]) -> int:
    h[2]["when"] = datetime.datetime.now() + SKEW + datetime.timedelta(minutes=5)
    return 3


def _payment_backwards(h: list[dict[str, Any]]) -> int:
    h[1]["when"] = h[0]["when"] - datetime.timedelta(days=1)
    return 2


def _payment_nets(h: list[dict[str, Any]]) -> int:
    h[0]["nets"] = {"Ann": [0, 1]}
    return 1


def _payment_money(h: list[dict[str, Any]]) -> int:
    h[0]["before"][0]["money"] = "a lot"
    return 1


def _payment_by_hand(h: list[dict[str, Any]]) -> int:
    h[2]["after"][0]["money"] = "6"
    return 3


def _payment_made_later(h: list[dict[str, Any]]) -> int:
    h[0]["when"] = datetime.datetime(2026, 11, 28, 23)
    return 1


def _payment_undone_not_last(h: list[dict[str, Any]]) -> int:
    """Said of the undo, it no longer fits the amend before it (the first that does not
    fit, from the last, is named)."""
    h[1]["entry"] = 2
    return 1


PAYMENT_LIES: dict[str, tuple[Lie, str]] = {
    "a time to come": (_payment_future, "which has not come yet"),
    "times running backwards": (_payment_backwards, "before the change above it"),
    "a change labelled paid": (_relabelled("paid", 0), "not by paid"),
    "a change labelled edit": (_relabelled("edit", 2), "not by edit"),
    "an undo labelled amend": (_relabelled("amend", 1), "an amend puts one payment right"),
    "an amend labelled undo": (_relabelled("undo", 0), "an undo takes away one payment"),
    "nets in the payments": (_payment_nets, "moves no nets"),
    "a payment that cannot be": (_payment_money, "before it, payment 3: amount"),
    "a payment changed by hand, the history saying otherwise": (
        _payment_by_hand, "this amend says that from payment 1 on the file holds"),
    "a payment made after the change to it": (_payment_made_later, "after the day of the "
                                                                   "change"),
    "an undo of a payment not the last": (_payment_undone_not_last, ""),
}


@pytest.mark.parametrize("lie", PAYMENT_LIES)
def test_each_lie_of_the_payments_history_is_caught(tmp_path: Path, made: Any, lie: str
                                                    ) -> None:
    _session, payments = laid_out(tmp_path, made)
    history = records(payments)
    change, words = PAYMENT_LIES[lie]
    number = change(history)
    rewritten(payments, history)
    before = payments.read_bytes()
    caught(tmp_path, payments, number, words)
    assert payments.read_bytes() == before


def test_the_honest_histories_pass_and_the_times_allow_a_fast_clock(tmp_path: Path,
                                                                    made: Any) -> None:
    session, payments = laid_out(tmp_path, made)
    for path in (session, payments):
        history = records(path)
        history[-1]["when"] = datetime.datetime.now().replace(microsecond=0) + SKEW - (
            datetime.timedelta(seconds=30))
        rewritten(path, history)
        run(tmp_path, f"check {path}")


def test_what_a_replay_cannot_see_passes_as_said_in_the_docs(tmp_path: Path, made: Any
                                                             ) -> None:
    """A record deleted (the paid and reopened pair, or the last change) leaves a history
    that fits: docs/history.md says so."""
    session, payments = laid_out(tmp_path, made)
    history = records(session)
    rewritten(session, history[:3] + history[5:])
    run(tmp_path, f"check {session}")
    rewritten(payments, records(payments)[:2])
    run(tmp_path, f"check {payments}")


def test_the_installed_check_says_each_lie_on_one_line(tmp_path: Path, made: Any) -> None:
    session, payments = laid_out(tmp_path, made)
    history = records(session)
    _zed_nets(history)
    _future(history)
    rewritten(session, history)
    result = sk(tmp_path, "check", str(session), code=1)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{session}:") for line in lines)
    assert "history record 1: its nets name Zed, who never sat at the table" in lines[0]
    assert "history record 6: it was made at 2099-01-01 12:00:00, which has not come yet" in (
        lines[1])
    history = records(payments)
    _payment_by_hand(history)
    rewritten(payments, history)
    result = sk(tmp_path, "check", str(payments), code=1)
    assert result.stderr.count("\n") == 1 and "history record 3: this amend says" in (
        result.stderr)


def test_an_edit_of_a_file_whose_history_lies_is_saved_and_the_old_lie_said(
        tmp_path: Path, made: Any) -> None:
    """The lie is the file's already, not the edit's: the edit is saved (its own change
    fits) and the lie said, as check says it."""
    session, _payments = laid_out(tmp_path, made)
    history = records(session)
    _zed_nets(history)
    rewritten(session, history)
    result = run(tmp_path, "edit -s s", **editor(tmp_path, 'currency = "kr"', 'currency = "DKK"'))
    assert "history record 1: its nets name Zed" in result.output
    assert records(session)[-1]["now"] == {"settings": {"currency": "DKK"}}
    caught(tmp_path, session, 1, "Zed, who never sat at the table")


# --- honest histories, in any order -------------------------------------------------------

LOO_STEPS = ["deal a=1 b=2 c=0", "deal --all-pass", "deal a=3 c=0", "deal b=2 c=1 --miss d",
             "undo", "amend 1 a=2 b=1 c=0", "amend 2 a=1 b=1 c=1", "join Fay", "leave Fay",
             "join Gus", "paid", "paid --undo", "edit", "pay Ann Bob 2", "pay Bob Cid 1.5",
             "pay --undo", "pay --amend 1 Ann Bob 3"]


@settings(max_examples=int(os.environ.get("SK_LIES_EXAMPLES", "15")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(LOO_STEPS), min_size=1, max_size=10))
def test_any_sequence_of_real_commands_leaves_histories_that_check(
        tmp_path_factory: pytest.TempPathFactory, steps: list[str]) -> None:
    folder = tmp_path_factory.mktemp("any")
    run(folder, NEW["loo"])
    edits = iter(["ante = 3", "ante = 4"] * 10)
    for step in steps:
        if step == "edit":
            old = next(edits)
            new = "ante = 4" if old == "ante = 3" else "ante = 3"
            env = editor(folder, old, new)
            _commanded(folder, "edit", env)
        else:
            _commanded(folder, step, {})
    files = [p for p in (folder / "s.toml", folder / "payments.toml") if p.exists()]
    run(folder, "check " + " ".join(map(str, files)))


def _commanded(folder: Path, line: str, env: dict[str, str], codes: tuple[int, ...] = (0, 1)
               ) -> None:
    """A command, answered yes if it asks; it may be refused (exit 1: a deal the rules
    forbid, an undo of nothing), never with a traceback."""
    import shlex

    from click.testing import CliRunner

    from scorekeeper.cli import cli

    result = CliRunner().invoke(cli, shlex.split(line), input="yes\n", env={
        "SCOREKEEPER_DIR": str(folder), "SCOREKEEPER_SESSION": None, **env})
    assert result.exit_code in codes, (line, result.output)
    assert "Traceback" not in result.output


def test_a_lie_is_said_in_danish_with_danish_days(tmp_path: Path, made: Any) -> None:
    session, _payments = laid_out(tmp_path, made)
    history = records(session)
    _zed_nets(history)
    _future(history)
    rewritten(session, history)
    result = run(tmp_path, f"--lang da check {session}", code=1)
    assert "historikpost 1: dens netto nævner Zed, som aldrig har siddet ved bordet" in (
        result.output)
    assert "historikpost 6: den blev lavet 01.01.2099 12:00:00, som endnu ikke er kommet" in (
        result.output)


def test_a_damaged_payments_file_is_one_line_and_the_other_files_are_checked(
        tmp_path: Path, made: Any) -> None:
    session, payments = laid_out(tmp_path, made)
    payments.write_text('format = "scorekeeper payments"\nversion = 1\npayments = [ 3 ]\n')
    result = sk(tmp_path, "check", str(payments), str(session), code=1)
    assert result.stdout == f"{session}: ok ({made[0]}, " + result.stdout.split(", ", 1)[1]
    assert result.stderr == f"{payments}:3: payment 1: must be a table: {{ date = ..., from " \
                            "= ..., to = ..., money = ... }\n"


def test_check_of_a_session_checks_the_payments_beside_it(tmp_path: Path, made: Any) -> None:
    """With no FILES, the session (-s, or the current one) and the payments its settle
    reads: a payments file gone wrong is found by the check a player runs."""
    session, payments = laid_out(tmp_path, made)
    good = sk(tmp_path, "check", "-s", session.stem).stdout
    assert f"{payments}: ok (payments" in good
    payments.write_text('format = "scorekeeper payments"\nversion = 1\npayments = [ 3 ]\n')
    sk(tmp_path, "use", session.stem)
    for args in (["-s", session.stem], ["-s", str(session)], []):
        result = sk(tmp_path, "check", *args, code=1)
        assert result.stderr.startswith(f"{payments}:3: payment 1: must be a table")
        assert ": ok (" in result.stdout  # the session itself is good


def test_the_kept_replays_give_what_replays_from_scratch_give(made: Any) -> None:
    """Each change's replay is kept from the one after it, and follows it once the two
    stand alike: at every length, its standings and nets are a replay's from scratch."""
    from scorekeeper.files import codec, retrace
    from scorekeeper.history import redo, unwind

    decoded = codec.decode(tomllib.loads(made[1].decode()), "s")
    session, history = decoded.session, decoded.history
    assert session is not None
    states = [unwind(codec.entries_data(session), codec.top_data(session), history)]
    for revision in history:
        states.append(redo(*states[-1], revision))
    kept = retrace._replays(session, history, states, None, [])
    assert any(r is not None and r.follows is not None for r in kept)
    for (data, top), replay in zip(states, kept, strict=True):
        header = retrace._header(top, "s")[0]
        assert header is not None and replay is not None
        fresh = retrace.Replayed(header, data, {})
        for count in range(len(data) + 1):
            assert replay.reach(count) == fresh.reach(count)
            assert replay.standing(count) == fresh.standing(count)
            assert replay.nets(count) == fresh.nets(count)
