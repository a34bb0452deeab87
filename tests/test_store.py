"""Session files: round trips, the canonical layout, errors with file and line, version 1
files, atomic saves, the lock, the cached standing, and files laid out by hand."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import files
from scorekeeper.errors import RuleError, ScorekeeperError, SessionError, SessionFileError
from scorekeeper.files import codec, signing, tomlread
from scorekeeper.games import GAMES
from scorekeeper.games.loo import LooDeal, LooSettings
from scorekeeper.session import AnySession, in_full, replay

from . import filing
from .helpers import ROOT, paused, sitting, without_history
from .test_loo import sittings

GOOD_V1 = """\
format = "scorekeeper session"
version = 1
game = "loo"
players = ["Ann", "Bob", "Cid"]
deals = [
    { tricks = { Ann = 2, Bob = 1, Cid = 0 } },
    { tricks = "Ann=1 Bob=1 Cid=1" },
]

[settings]
value = "0.05"
currency = "kr"
ante = 3
"""

GOOD = """\
format = "scorekeeper session"
version = 2
game = "loo"
players = ["Ann", "Bob", "Cid"]
deals = [
    { tricks = { Ann = 2, Bob = 1, Cid = 0 } },
    { tricks = { Ann = 1, Bob = 1, Cid = 1 } },
]

[settings]
value = "0.05"
currency = "kr"
ante = 3
"""


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def three(**options: Any) -> AnySession:
    return sitting("loo", ("Ann", "Bob", "Cid"), LooSettings(must=False), name="s", **options)


def add(path: Path, entry: Any, dry_run: bool = False) -> filing.Recorded:
    return filing.record(str(path), lambda session: entry, dry_run)


def hand(**tricks: int) -> LooDeal:
    return LooDeal(tricks=tricks)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=sittings())
def test_save_then_load_gives_the_same_session(tmp_path: Path, case: tuple[AnySession, Any]
                                               ) -> None:
    from scorekeeper.values import replace

    session = replace(case[0], value="0.05", currency="kr", name="s")
    path = tmp_path / "s.toml"
    path.write_text(codec.dumps(session), encoding="utf-8")
    loaded = filing.load(str(path))
    assert loaded.session == session
    assert loaded.standing.balances == replay(session)[1].balances


def test_a_hand_written_file_loads(tmp_path: Path) -> None:
    loaded = filing.load(str(write(tmp_path, GOOD)))
    assert tuple(loaded.session.players) == ("Ann", "Bob", "Cid")
    assert loaded.session.value == "0.05"
    assert len(loaded.played) == 2


def test_a_version_1_file_is_read_as_version_2_with_its_old_meaning(tmp_path: Path) -> None:
    loaded = filing.load(str(write(tmp_path, GOOD_V1)))
    assert len(loaded.played) == 2 and loaded.played[1].result.won == {"Ann": 2, "Bob": 2,
                                                                         "Cid": 2}
    # Version 1 made a single of any hand that left the pool empty.
    assert loaded.session.settings.single == "empty-pool"
    for name in ("loo-evening", "pinochle-sunday", "bridge-club"):
        old = filing.load(str(ROOT / "tests" / "v1" / f"{name}.toml"))
        new = filing.load(str(ROOT / "sessions" / f"{name}.toml"))
        assert old.standing.balances == new.standing.balances, name


@pytest.mark.parametrize("name", ["loo-evening", "pinochle-sunday", "bridge-club"])
def test_a_version_1_file_without_settings_is_upgraded_with_the_defaults(
        tmp_path: Path, name: str) -> None:
    """No [settings] in a version 1 file means every setting its default, as it does in
    version 2 (it was refused: the old deals were then checked as new ones)."""
    text = (ROOT / "tests" / "v1" / f"{name}.toml").read_text()
    bare = re.sub(r"\n\[settings\]\n(?:[^\n\[]+\n)*", "\n", text)
    assert "[settings]" not in bare and "version = 1" in bare
    old = filing.load(str(write(tmp_path, bare)))
    assert old.standing.deals == filing.load(str(ROOT / "tests" / "v1" / f"{name}.toml")
                                             ).standing.deals
    if name == "loo-evening":  # version 1's own meaning of a single, not version 2's
        assert old.session.settings.single == "empty-pool"


def test_the_first_save_of_a_version_1_file_writes_version_2(tmp_path: Path) -> None:
    path = write(tmp_path, "# Friday at Ann's\n" + GOOD_V1)
    add(path, hand(Ann=3, Bob=0))
    text = path.read_text()
    assert "version = 2" in text and '"Ann=1 Bob=1 Cid=1"' not in text
    assert filing.load(str(path)).standing.deals == 3
    # What was written in the old file is kept beside it, as it was, once.
    kept = tmp_path / f"{path.name}.v1"
    assert kept.read_text() == "# Friday at Ann's\n" + GOOD_V1
    add(path, hand(Ann=3, Bob=0))
    assert kept.read_text() == "# Friday at Ann's\n" + GOOD_V1
    assert filing.load(str(path)).standing.deals == 4


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (("Cid = 0 } },\n    { tricks = { Ann = 1, Bob = 1",
          "Cid = 0 } },\n    { tricks = { Ann = 1, Bob = 2"), 7,
         "deal 2: tricks total 4, not 3: Ann=1 Bob=2 Cid=1"),
        (("{ Ann = 2, Bob = 1, Cid = 0 }", "{ Ann = 2, Bab = 1, Cid = 0 }"), 6,
         "deal 1: tricks: unknown player 'Bab'"),
        (("ante = 3", "ante = 4"), 13, "ante 4 is not a positive multiple of 3"),
        (('value = "0.05"', "value = 0.05"), 11, "value 0.05 must be a money amount written as"),
        (('value = "0.05"', 'value = "٠.٠٥"'), 11, "must be a money amount like 1, 0.05"),
        (("version = 2", "version = 3"), 2, "written by a newer scorekeeper (schema version 3"),
        (('game = "loo"', 'game = "poker"'), 3, "unknown game 'poker'"),
        (('["Ann", "Bob", "Cid"]', '["Ann", "Bob", "ann"]'), 4, "player 'ann' is named twice"),
        (('["Ann", "Bob", "Cid"]', '["Ann", "Bob", "C\\u001bd"]'), 4, "control character"),
        (("ante = 3", "ante = 3\nante = 6"), 14, "not valid TOML: Cannot overwrite a value"),
        (('format = "scorekeeper session"\n', ""), 1, "not a scorekeeper session"),
        (('game = "loo"\n', ""), 1, "unknown game (not set)"),
        (("[settings]", "settings = 5\n[other]"), 10, "settings 5 must be a table"),
        (("[settings]", "[other]"), 10, "unknown key 'other' in the file"),
        (('currency = "kr"', 'currency = "kr"\nfirst_dealer = "Zed"'), 13,
         "first dealer: unknown player 'Zed'"),
        (('["Ann", "Bob", "Cid"]', '["Ann", "Bob", 3]'), 4, "player name 3 must be text"),
        (('ante = 3', 'ante = 1' + '0' * 5000), 13, "not a session this tool can read: a number "
                                                   "of more than 4300 digits"),
        (('currency = "kr"', 'currency = "kr\\n"'), 12, "currency 'kr<LF>' must be a short"),
    ],
)
def test_a_bad_file_says_which_file_which_line_and_what(
    tmp_path: Path, change: tuple[str, str], line: int, message: str
) -> None:
    assert change[0] in GOOD
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(SessionFileError) as caught:
        filing.load(str(path))
    assert caught.value.line == line
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{path}:{line}: ")
    assert str(caught.value) in [str(p) for p in files.check(str(path)).problems]


def test_check_lists_every_problem_it_can_find(tmp_path: Path) -> None:
    text = GOOD.replace("ante = 3", "ante = 4\nmust = 3").replace(
        "{ tricks = { Ann = 2, Bob = 1, Cid = 0 } },",
        "{ tricks = { Ann = 2, Bob = 1, Cid = 0 } },\n    { tricks = { Zed = 3 } },\n"
        "    { trick = 3, miss = \"Q\" },")
    problems = [str(p) for p in files.check(str(write(tmp_path, text))).problems]
    path = tmp_path / "s.toml"
    assert problems == [
        f"{path}:7: deal 2: tricks: unknown player 'Zed': the players are Ann, Bob, Cid",
        f"{path}:8: deal 3: unknown key 'trick' in a deal: expected one of all_pass, dealer, "
        "defend, miss, order, tricks",
        f"{path}:8: deal 3: miss: unknown player 'Q': the players are Ann, Bob, Cid",
        f"{path}:15: ante 4 is not a positive multiple of 3 (3, 6, 9, ...)",
        f"{path}:16: must 3 must be true or false",
    ]


def test_check_replays_the_deals_that_read_well_up_to_the_first_that_breaks_a_rule(
        tmp_path: Path) -> None:
    text = GOOD.replace("Ann = 1, Bob = 1, Cid = 1", "Ann = 3").replace(
        "{ tricks = { Ann = 2, Bob = 1, Cid = 0 } },",
        "{ tricks = { Ann = 2, Bob = 1, Cid = 0 } },\n    { tricks = { Zed = 3 } },")
    problems = [str(p) for p in files.check(str(write(tmp_path, text))).problems]
    path = tmp_path / "s.toml"
    assert problems == [
        f"{path}:7: deal 2: tricks: unknown player 'Zed': the players are Ann, Bob, Cid",
    ]
    text = GOOD.replace("Ann = 1, Bob = 1, Cid = 1", "Ann = 3")
    assert [str(p) for p in files.check(str(write(tmp_path, text))).problems] == [
        f"{path}:7: deal 2: only Ann declared: the dealer Bob must play or defend the pool; "
        "name Bob with his tricks, and say he defended if he played for the pool"]


def test_deal_lines_are_found_in_table_form_too(tmp_path: Path) -> None:
    text = GOOD.split("deals = [", maxsplit=1)[0] + GOOD.split("]\n\n", 1)[1] + (
        "\n[[deals]]\ntricks = { Ann = 3, Bob = 0 }\n\n# a comment\n[[deals]]\n"
        "tricks = { Ann = 3 }\n")
    lines = text.splitlines()
    second = [i for i, s in enumerate(lines, 1) if s == "[[deals]]"][1]
    with pytest.raises(SessionFileError) as caught:
        filing.load(str(write(tmp_path, text)))
    assert caught.value.line == second
    assert "deal 2:" in caught.value.message


def test_a_file_that_is_not_utf8_or_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b'format = "x"\nname = "\xff"\n')
    with pytest.raises(SessionFileError, match=r"s.toml:2: not UTF-8"):
        filing.load(str(path))
    path.write_text("players = [\n", encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"s.toml:2: not valid TOML: Invalid value"):
        filing.load(str(path))
    path.write_text("x = " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"s.toml:1: not a session this tool can read: "
                                               "nested too deep"):
        filing.load(str(path))


def test_a_byte_order_mark_is_accepted_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert filing.load(str(path)).standing.deals == 2
    add(path, hand(Ann=3, Bob=0))
    assert path.read_bytes().startswith(b"\xef\xbb\xbf" + GOOD.encode()[:40])
    assert filing.load(str(path)).standing.deals == 3


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "large"])
def test_files_that_are_not_sessions_are_refused_without_reading_them(tmp_path: Path,
                                                                      kind: str) -> None:
    path = tmp_path / "s.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        with open(path, "wb") as f:
            f.truncate(64 * 1024 * 1024)
    with pytest.raises(SessionError, match=r"not a regular file|is a folder|too large"):
        filing.load(str(path))
    assert files.check(str(path)).problems[0].line is None


def test_a_refused_change_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    before = path.read_bytes()
    with pytest.raises(RuleError, match="tricks total 2"):
        add(path, hand(Ann=2))
    with pytest.raises(RuleError, match="deal 1: only Bob declared"):
        filing.amend(str(path), 1, lambda s: hand(Bob=3))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.toml.cache", ".s.toml.lock", "s.toml"]


def test_session_names_cannot_reach_outside_the_folder(tmp_path: Path) -> None:
    from scorekeeper.files import paths

    for name, why in (("", "empty"), (".hidden", "begins with a dot"), ("a\\b", "separates"),
                      ("..", "begins with a dot"), ("x\x00", "control character")):
        with pytest.raises(SessionError, match=why):
            paths.session_path(str(tmp_path), name)
    assert paths.session_path(str(tmp_path), "friday") == str(tmp_path / "friday.toml")
    assert paths.session_path(str(tmp_path), "a b") == str(tmp_path / "a b.toml")
    assert paths.session_path(str(tmp_path), "u\u0308n") == str(tmp_path / "\u00fcn.toml")


def test_deal_then_undo_gives_back_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    empty = path.read_bytes()
    add(path, hand(Ann=2, Bob=1, Cid=0))
    one = path.read_bytes()
    add(path, hand(Ann=3, Bob=0))
    filing.undo(str(path))  # the file as it was, and the undo at its end, in its history
    assert without_history(path.read_bytes()) == one.decode()
    filing.undo(str(path))
    assert without_history(path.read_bytes()) == empty.decode()
    assert [r.kind for r in filing.load(path).history] == ["undo", "undo"]
    path.write_bytes(empty)
    (tmp_path / ".s.toml.cache").unlink()  # the same without the cached standing
    add(path, hand(Ann=2, Bob=1, Cid=0))
    assert path.read_bytes() == one


WRITER = """
import sys
from scorekeeper import files
from scorekeeper.files.record import record
from scorekeeper.games.loo import LooDeal
for _ in range(int(sys.argv[2])):
    with files.editing(sys.argv[1]) as held:
        held.save(record(held.snapshot, LooDeal(tricks={"Ann": 2, "Bob": 1, "Cid": 0}))[1])
"""


def test_concurrent_writers_never_lose_a_deal(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    writers, each = 8, 10
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(each)])
             for _ in range(writers)]
    try:
        assert [p.wait(timeout=120) for p in procs] == [0] * writers
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
    assert len(filing.load(str(path)).session.entries) == writers * each


@pytest.mark.parametrize(("step", "recorded"), [("locked", False), ("written", False),
                                                ("replaced", True)])
def test_a_writer_killed_while_saving_leaves_the_file_whole_and_the_next_save_tidies_up(
        tmp_path: Path, step: str, recorded: bool) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    before = path.read_bytes()
    proc = paused(tmp_path, step, "deal", "-s", "s", "Ann=3", "Bob=0",
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.kill()
    proc.wait()
    after = filing.load(str(path))
    assert after.standing.deals == (2 if recorded else 1)
    assert (path.read_bytes() != before) == recorded
    left = list(tmp_path.glob(".s.toml.*.tmp"))
    assert len(left) == (step == "written")  # a half-made save: no more than its one file
    add(path, hand(Ann=2, Bob=1, Cid=0))
    assert not any(stray.exists() for stray in left) and filing.load(str(path)).standing.deals == (3 if recorded else 2)


def test_a_session_reached_through_a_link_is_written_through_it(tmp_path: Path) -> None:
    real = tmp_path / "real" / "s.toml"
    real.parent.mkdir()
    filing.create(str(real), three(), force=False)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    add(link, hand(Ann=3, Bob=0))
    assert link.is_symlink() and filing.load(str(real)).standing.deals == 1


def test_a_read_only_session_is_refused_even_for_root(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    path.chmod(0o444)
    before = path.read_bytes()
    for change in (lambda: add(path, hand(Ann=3, Bob=0)), lambda: filing.undo(str(path))):
        with pytest.raises(SessionError, match="is read-only: nothing was changed"):
            change()
    assert path.read_bytes() == before
    # A dry run changes nothing, so it needs no write access.
    assert add(path, hand(Ann=3, Bob=0), dry_run=True).played.number == 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=sittings())
def test_recording_deal_by_deal_writes_what_a_full_save_writes(
    tmp_path: Path, case: tuple[AnySession, list[LooDeal]]
) -> None:
    """The fast path (the cached standing, the deal's line added to the text) gives the same
    file and the same standing as writing and replaying the whole sitting."""
    from scorekeeper.values import replace

    session, deals = case
    session = replace(session, name="s")
    path = tmp_path / "s.toml"
    for leftover in tmp_path.iterdir():
        leftover.unlink()
    filing.create(str(path), replace(session, entries=()), force=True)
    recorded = None
    for d in deals:
        recorded = add(path, d)
    played, standing = replay(session)  # as the file keeps them: each in full (a must's 0s)
    kept = tuple(in_full(session, played, i) for i in range(len(played)))
    assert path.read_text() == codec.dumps(replace(session, entries=kept))
    if recorded is not None:
        assert recorded.standing == standing


def test_a_hand_edit_after_the_last_deal_is_honoured(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    add(path, hand(Ann=2, Bob=1, Cid=0))
    # By hand: the first hand was Bob's, not Ann's.
    path.write_text(path.read_text().replace("Ann = 2, Bob = 1", "Ann = 1, Bob = 2", 1))
    recorded = add(path, hand(Ann=3, Cid=0))
    assert recorded.standing.balances == filing.load(str(path)).standing.balances
    assert recorded.standing.balances["Bob"] == 2 + (2 - 3)  # deal 1 as edited; deal 2, dealer


def test_a_damaged_or_foreign_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    cache = tmp_path / ".s.toml.cache"
    signed = cache.read_bytes()
    good = signing.opened(signed)
    assert good is not None  # signed with the suite's key
    import marshal

    magic, version, game, state_version, size, made_from, fields = marshal.loads(good)

    def kept(*parts: Any) -> bytes:
        return signing.sealed(marshal.dumps(parts)) or b""

    for junk in (b"", b"\x00garbage", signed[:-7], kept("x",),
                 good,  # the very record, unsigned: anyone could have written it
                 bytes(32) + good,  # signed with another key
                 signed[:5] + bytes([signed[5] ^ 1]) + signed[6:],  # its signature damaged
                 signed[:-3] + bytes([signed[-3] ^ 1]) + signed[-2:],  # its record damaged
                 kept(magic, "0.0", game, state_version, size, made_from, fields),
                 kept(magic, version, game, state_version + 1, size, made_from, fields),
                 kept(magic, version, game, state_version, size + 1, made_from, fields),
                 kept(magic, version, game, state_version, size, made_from[:-1] + b"x", fields),
                 kept(magic, version, game, state_version, size, made_from, fields[:3]),
                 # the very bytes, but a state or a header that cannot be
                 kept(magic, version, game, state_version, size, made_from,
                      (fields[0], fields[1], "nonsense", *fields[3:])),
                 kept(magic, version, game, state_version, size, made_from,
                      ({"players": 5}, *fields[1:]))):
        cache.write_bytes(junk)
        assert add(path, hand(Ann=2, Bob=1, Cid=0), dry_run=True).played.number == 2
        assert filing.load_standing(str(path))[1].deals == 1
        cache.write_bytes(junk)
        before = path.read_bytes()
        assert add(path, hand(Ann=2, Bob=1, Cid=0)).played.number == 2
        assert filing.load(str(path)).standing.deals == 2
        path.write_bytes(before)


def _mangled(good: bytes, change: str) -> bytes:
    import marshal

    opened = signing.opened(good)
    assert opened is not None
    magic, version, game, state_version, size, made_from, fields = marshal.loads(opened)
    header, balances, tally = fields[0], fields[3], fields[8]
    fields = {
        "date": ({**header, "date": "2026-13-99"}, *fields[1:]),
        "header": ("junk", *fields[1:]),
        "balances": (*fields[:3], {**balances, "Zed": 1}, *fields[4:]),
        "unbalanced": (*fields[:3], {**balances, "Ann": balances["Ann"] + 247}, *fields[4:]),
        "settings": ({k: v for k, v in header.items() if k != "settings"}, *fields[1:]),
        "append": (*fields[:7], (5, 2, "", "", False, "\n", (0, "", "")), tally),
        "dealer": (*fields[:4], "Zed", *fields[5:]),
        "state": (header, fields[1], ("x",), *fields[3:]),
        "tally": (*fields[:8], {"Ann": {"looed": "x"}}),
        "moved": (*fields[:7], _moved(fields[7], -20), *fields[8:]),
        "layout": (fields[0], "canonicaL", *fields[2:]),
    }[change]
    return signing.sealed(marshal.dumps((magic, version, game, state_version, size, made_from,
                                         tuple(fields)))) or b""


def _moved(append: Any, by: int) -> Any:
    """The cached place for the next deal, moved `by` bytes (as a flipped bit might)."""
    (start, end, *rest), around = append
    return (start + by, end + by, *rest), around


@pytest.mark.parametrize("change", ["date", "header", "balances", "unbalanced", "settings",
                                    "append",
                                    "dealer", "state", "tally", "moved", "layout"])
def test_a_cache_damaged_but_for_the_files_bytes_is_not_trusted(tmp_path: Path,
                                                                 change: str) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    add(path, hand(Ann=2, Bob=1, Cid=0))
    cache = tmp_path / ".s.toml.cache"
    damaged = _mangled(cache.read_bytes(), change)
    for read, expected in ((lambda: filing.load(str(path)).standing.deals, 2),
                           (lambda: filing.load_standing(str(path))[1].deals, 2),
                           (lambda: files.open(str(path)).deals, 2),
                           (lambda: sorted(files.open(str(path)).nets), ["Ann", "Bob", "Cid"])):
        cache.write_bytes(damaged)
        assert read() == expected
    cache.write_bytes(damaged)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    assert path.read_text().startswith('format = "scorekeeper session"\n')
    assert len(tomllib.loads(path.read_text())["deals"]) == 3
    assert filing.load(str(path)).standing.deals == 3


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_cache_that_is_not_a_file_is_neither_waited_on_nor_read(tmp_path: Path,
                                                                   kind: str) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    cache = tmp_path / ".s.toml.cache"
    cache.unlink()
    if kind == "fifo":
        os.mkfifo(cache)
    elif kind == "device":
        cache.symlink_to("/dev/zero")
    else:
        cache.mkdir()
    assert filing.load_standing(str(path))[1].deals == 1
    assert files.open(str(path)).deals == 1


def test_read_commands_use_and_write_the_cached_standing(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    filing.create(str(path), three(), force=False)
    add(path, hand(Ann=2, Bob=1, Cid=0))
    cache = tmp_path / ".s.toml.cache"
    cache.unlink()
    _session, standing = filing.load_standing(str(path))
    assert cache.exists() and standing.deals == 1
    # From the cache, no replay: the session holds no entries, the standing is the same.
    cached_session, cached = filing.load_standing(str(path))
    assert cached_session.entries == () and cached == standing


# --- whatever a file holds, the answer is an error message, never a crash -----------------

EXAMPLE = (ROOT / "sessions" / "loo-evening.toml").read_text()

toml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False)
    | st.sampled_from(["Ann", "bob", "", "A,D,A", "ante", "unlimited", "carry", "0.05", "x",
                       "Ann=2 Bob=1", "Ann=x", "ann=1 Ann=2", "=3", "Bob=9 Dan=0", "²",
                       "one-each"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["Ann", "Bob", "tricks", "miss", "order", "dealer",
                                       "defend", "all_pass", "ante", "loo", "limit", "x"]),
                      inner, max_size=4),
    max_leaves=12,
)


def _check_parse(raw: bytes) -> None:
    for problem in files.examine(raw, "s.toml").problems:
        assert str(problem).startswith("s.toml")
        assert "\n" not in str(problem)
    try:
        _text, data = tomlread.parse(raw, "s.toml")
        decoded = codec.decode(data)
        if decoded.session is not None and not decoded.problems:
            replay(decoded.session)
    except ScorekeeperError as error:
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_change_to_a_good_file_gives_a_message_not_a_crash(data: st.DataObject) -> None:
    import tomllib

    doc = tomllib.loads(EXAMPLE)
    where = data.draw(st.sampled_from(["top", "settings", "deal"]))
    target = {"top": doc, "settings": doc["settings"], "deal": doc["deals"][0]}[where]
    key = data.draw(st.sampled_from([*target, "extra"]))
    value = data.draw(toml_values)
    if value is None:
        target.pop(key, None)
    else:
        target[key] = value
    from scorekeeper.files import tomltext

    try:
        text = "".join(f"{k} = {tomltext.value(v)}\n" for k, v in doc.items()
                       if not isinstance(v, dict))
        for k, v in doc.items():
            if isinstance(v, dict):
                text += f"[{k}]\n" + "".join(f"{tomltext.key(a)} = {tomltext.value(b)}\n"
                                             for a, b in v.items())
    except TypeError:
        return
    _check_parse(text.encode())


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=60), st.integers(0, len(EXAMPLE)))
def test_any_bytes_spliced_into_a_good_file_give_a_message_not_a_crash(junk: bytes, at: int
                                                                        ) -> None:
    raw = EXAMPLE.encode()
    _check_parse(raw[:at] + junk + raw[at:])


@pytest.mark.parametrize("example", ["loo-evening", "pinochle-sunday", "bridge-club"])
def test_every_game_records_deal_by_deal_as_a_full_save_would(tmp_path: Path, example: str
                                                              ) -> None:
    """The cached standing of every game gives the same file and balances as a full
    replay; the bundled sessions are in the canonical layout."""
    from scorekeeper.values import replace

    source = ROOT / "sessions" / f"{example}.toml"
    loaded = filing.load(str(source))
    path = tmp_path / f"{example}.toml"
    filing.create(str(path), replace(loaded.session, entries=()), force=False)
    for entry, played in zip(loaded.session.entries, loaded.played, strict=True):
        recorded = add(path, entry)
        assert recorded.played.balances == played.balances
        assert recorded.played.dealer == played.dealer
    assert path.read_bytes() == source.read_bytes()
    assert codec.dumps(loaded.session) == source.read_text()
    assert set(GAMES) >= {loaded.session.game.name}
