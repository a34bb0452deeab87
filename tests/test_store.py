"""Session files: round trips, errors with file and line, atomic saves, the lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper import store
from scorekeeper.errors import SessionFileError
from scorekeeper.games.loo import LooDeal, LooSettings
from scorekeeper.session import Session, replay

from .test_loo import sittings

GOOD = """\
format = "scorekeeper session"
version = 1
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


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=sittings())
def test_save_then_load_gives_the_same_session(tmp_path: Path, case: tuple[Session, list[LooDeal]]) -> None:
    session, _ = case
    session = session._replace(value="0.05", currency="kr", name="s")
    path = tmp_path / "s.toml"
    store.write_atomic(path, store.dumps(session))
    loaded, standing = store.load(path)
    assert loaded == session
    assert standing.balances == replay(session).balances


def test_a_hand_written_file_loads(tmp_path: Path) -> None:
    session, standing = store.load(write(tmp_path, GOOD))
    assert session.players == ("Ann", "Bob", "Cid")
    assert session.value == "0.05"
    assert len(standing.played) == 2


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (("Cid = 0 } },\n    { tricks = { Ann = 1, Bob = 1",
          "Cid = 0 } },\n    { tricks = { Ann = 1, Bob = 2"), 7,
         "deal 2: tricks total 4, not 3: Ann=1 Bob=2 Cid=1"),
        (("{ Ann = 2, Bob = 1, Cid = 0 }", "{ Ann = 2, Bab = 1, Cid = 0 }"), 6,
         "deal 1: unknown player 'Bab'"),
        (("ante = 3", "ante = 4"), 13, "ante 4 is not a positive multiple of 3"),
        (('value = "0.05"', "value = 0.05"), 11, "value 0.05 must be a money amount written as a string"),
        (("version = 1", "version = 2"), 2, "written by a newer scorekeeper (schema version 2"),
        (('game = "loo"', 'game = "poker"'), 3, "unknown game 'poker'"),
        (('["Ann", "Bob", "Cid"]', '["Ann", "Bob", "ann"]'), 4, "player 'ann' is named twice"),
        (("ante = 3", "ante = 3\nante = 6"), 14, "not valid TOML: Cannot overwrite a value"),
        (('format = "scorekeeper session"\n', ""), None, "not a scorekeeper session"),
        (("[settings]", "settings = 5\n[other]"), 11, "unknown key 'other' in the file"),
        (('currency = "kr"', 'currency = "kr"\nfirst_dealer = "Zed"'), 13,
         "first dealer: unknown player 'Zed'"),
        (('["Ann", "Bob", "Cid"]', '["Ann", "Bob", 3]'), 4, "player name 3 must be text"),
    ],
)
def test_a_bad_file_says_which_file_which_line_and_what(
    tmp_path: Path, change: tuple[str, str], line: int | None, message: str
) -> None:
    assert change[0] in GOOD
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(SessionFileError) as caught:
        store.load(path)
    assert caught.value.line == line
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{path}:{line}: " if line else f"{path}: ")
    assert store.check(path) == [str(caught.value)]


def test_deal_lines_are_found_in_table_form_too(tmp_path: Path) -> None:
    text = GOOD.split("deals = [")[0] + GOOD.split("]\n\n", 1)[1] + (
        "\n[[deals]]\ntricks = { Ann = 3, Bob = 0 }\n\n[[deals]]\ntricks = { Ann = 3 }\n"
    )
    lines = text.splitlines()
    second = [i for i, s in enumerate(lines, 1) if s == "[[deals]]"][1]
    with pytest.raises(SessionFileError) as caught:
        store.load(write(tmp_path, text))
    assert caught.value.line == second
    assert "deal 2:" in caught.value.message


def test_a_file_that_is_not_utf8_or_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b'format = "x"\nname = "\xff"\n')
    with pytest.raises(SessionFileError, match=r"s.toml:2: not UTF-8"):
        store.load(path)
    path.write_text("players = [\n", encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"s.toml:2: not valid TOML: Invalid value"):
        store.load(path)


def test_a_refused_change_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    before = path.read_bytes()

    def bad(session: Session) -> Session:
        return session._replace(deals=(*session.deals, LooDeal(tricks={"Ann": 2})))

    with pytest.raises(Exception, match="tricks total 2"):
        store.update(path, bad)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.toml.lock", "s.toml"]


def test_session_names_cannot_reach_outside_the_folder(tmp_path: Path) -> None:
    for name in ("../evil", "a b", "", ".hidden", "x/../../y"):
        spec_is_path = store.is_path(name)
        if spec_is_path:
            continue  # a path is the user's own choice of file, not a name in the folder
        with pytest.raises(Exception, match="may hold only letters, digits"):
            store.session_path(tmp_path, name)
    assert store.session_path(str(tmp_path), "friday") == str(tmp_path / "friday.toml")


WRITER = """
import sys
from pathlib import Path
from scorekeeper import store
path = Path(sys.argv[1])
for _ in range(int(sys.argv[2])):
    store.add_deal(path, {"tricks": {"Ann": 2, "Bob": 1, "Cid": 0}}, "loo")
"""


def test_concurrent_writers_never_lose_a_deal(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    session = Session("loo", ("Ann", "Bob", "Cid"), LooSettings(must=False), [])
    store.create(path, session, force=False)
    writers, each = 8, 10
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(each)])
        for _ in range(writers)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0] * writers
    loaded, _ = store.load(path)
    assert len(loaded.deals) == writers * each


SAVER = """
import sys
from pathlib import Path
from scorekeeper import store
path = Path(sys.argv[1])
data = [Path(sys.argv[2]).read_bytes(), Path(sys.argv[3]).read_bytes()]
print("ready", flush=True)
i = 0
while True:
    store.write_atomic(path, data[i % 2])
    i += 1
"""


def test_a_writer_killed_while_saving_leaves_the_file_whole(tmp_path: Path) -> None:
    players = ("Ann", "Bob", "Cid")
    big = [LooDeal(tricks={"Ann": 1, "Bob": 1, "Cid": 1}, dealer="Ann")] * 20000
    versions = []
    for n, deals in (("a", big), ("b", big[:15000])):
        session = Session("loo", players, LooSettings(must=False), list(deals))
        versions.append(tmp_path / f"{n}.bytes")
        versions[-1].write_bytes(store.dumps(session))
    path = tmp_path / "s.toml"
    path.write_bytes(versions[0].read_bytes())
    whole = {v.read_bytes() for v in versions}
    for attempt in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(path), str(versions[0]), str(versions[1])],
            stdout=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        time.sleep(0.05 + 0.07 * attempt)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        assert path.read_bytes() in whole
        store.load(path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=sittings())
def test_recording_deal_by_deal_writes_what_a_full_save_writes(
    tmp_path: Path, case: tuple[Session, list[LooDeal]]
) -> None:
    """add_deal's fast path (the cached standing, the deal's line added to the text) must give
    the same file and the same standing as replaying and saving the whole sitting."""
    session, deals = case
    session = store.from_toml(store.to_toml(session))  # the tricks in seat order, as read
    deals = list(session.deals)
    path = tmp_path / "s.toml"
    for leftover in tmp_path.iterdir():
        leftover.unlink()
    store.create(path, session._replace(deals=(), name="s"), force=True)
    for deal in deals:
        recorded = store.add_deal(path, deal.to_toml(), "loo")
    assert path.read_bytes() == store.dumps(session)
    if deals:
        standing = replay(session)
        assert recorded.played.balances == standing.balances
        assert recorded.played.state == standing.state
        assert recorded.next_dealer == standing.next_dealer


def test_a_hand_edit_after_the_last_deal_is_honoured(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    store.create(path, Session("loo", ("Ann", "Bob", "Cid"), LooSettings(must=False)), False)
    store.add_deal(path, {"tricks": {"Ann": 2, "Bob": 1, "Cid": 0}}, "loo")
    store.add_deal(path, {"tricks": {"Ann": 2, "Bob": 1, "Cid": 0}}, "loo")
    # By hand: the first hand was Bob's, not Ann's.
    path.write_text(path.read_text().replace("Ann=2 Bob=1", "Ann=1 Bob=2", 1))
    recorded = store.add_deal(path, {"tricks": {"Ann": 3, "Cid": 0}}, "loo")
    assert recorded.played.balances == replay(store.load(path)[0]).balances
    assert recorded.played.balances["Bob"] == 2 + (2 - 3)  # deal 1 as edited; deal 2, dealer


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    store.create(path, Session("loo", ("Ann", "Bob", "Cid"), LooSettings(must=False)), False)
    store.add_deal(path, {"tricks": {"Ann": 2, "Bob": 1, "Cid": 0}}, "loo")
    cache = tmp_path / ".s.toml.cache"
    for junk in (b"", b"\x00garbage", cache.read_bytes()[:-7]):
        cache.write_bytes(junk)
        recorded = store.add_deal(path, {"tricks": {"Ann": 2, "Bob": 1, "Cid": 0}}, "loo",
                                  save=False)
        assert recorded.played.number == 2


# --- whatever a file holds, the answer is an error message, never a crash -----------------

from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError

EXAMPLE = (Path(__file__).resolve().parent.parent / "sessions" / "loo-evening.toml").read_text()

toml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False)
    | st.sampled_from(["Ann", "bob", "", "A,D,A", "ante", "unlimited", "carry", "0.05", "x",
                       "Ann=2 Bob=1", "Ann=x", "ann=1 Ann=2", "=3", "Bob=9 Dan=0"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["Ann", "Bob", "tricks", "miss", "order", "dealer",
                                       "defend", "all_pass", "ante", "loo", "limit", "x"]),
                      inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_change_to_a_good_file_gives_a_message_not_a_crash(data: st.DataObject) -> None:
    import tomllib

    import tomli_w

    doc = tomllib.loads(EXAMPLE)
    where = data.draw(st.sampled_from(["top", "settings", "deal"]))
    target = {"top": doc, "settings": doc["settings"], "deal": doc["deals"][0]}[where]
    key = data.draw(st.sampled_from([*target, "extra"]))
    value = data.draw(toml_values)
    if value is None:
        target.pop(key, None)
    else:
        target[key] = value
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        return
    try:
        store.parse(text.encode(), "s.toml")
    except ScorekeeperError as error:
        assert str(error).startswith("s.toml")
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=60), st.integers(0, len(EXAMPLE)))
def test_any_bytes_spliced_into_a_good_file_give_a_message_not_a_crash(junk: bytes, at: int) -> None:
    raw = EXAMPLE.encode()
    try:
        store.parse(raw[:at] + junk + raw[at:], "s.toml")
    except ScorekeeperError as error:
        assert str(error).startswith("s.toml")


@pytest.mark.parametrize("example", ["loo-evening", "pinochle-sunday", "bridge-club"])
def test_every_game_records_deal_by_deal_as_a_full_save_would(tmp_path: Path, example: str) -> None:
    """The cached standing (state_to_data / state_from_data) of every game gives the same
    file and balances as a full replay."""
    source = Path(__file__).resolve().parent.parent / "sessions" / f"{example}.toml"
    session, standing = store.load(source)
    path = tmp_path / f"{example}.toml"
    store.create(path, session._replace(deals=()), force=False)
    for deal, played in zip(session.deals, standing.played):
        recorded = store.add_deal(path, deal.to_toml(), session.game)
        assert recorded.played.balances == played.balances
        assert recorded.played.dealer == played.dealer
    assert path.read_bytes() == source.read_bytes()
