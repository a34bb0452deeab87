"""Commands run at once, and the one store they share (files.store): a command that shows
nothing before it writes (a deal, a payment) takes the file's lock first and reads the file
once under it, so commands run at once queue and every one is kept; what a person was
shown is saved only onto the file as shown. The same for a session and the book of
payments: the lock, the compare-and-swap, the read-back check and the comments kept."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.book import Paid
from scorekeeper.errors import SessionError
from scorekeeper.files import atomic, payfile, store, textedit
from scorekeeper.files.edits import Append, RemoveLast, Replace

from .helpers import ROOT, scorekeeper_command
from .test_trust import sk

WRITERS = 8


def started_together(folder: Path, commands: list[list[str]]) -> list[subprocess.Popen[str]]:
    """Each command started as its own process, all stopped at the test seam before they
    take a lock (so none has read the file it changes), then all let go at once: the race
    is certain, with no sleep to make it."""
    runs = []
    for number, args in enumerate(commands):
        seam = folder.parent / f"seam-{number}"
        seam.mkdir()
        env = {**os.environ, "SCOREKEEPER_DIR": str(folder), "HOME": str(folder.parent),
               "SCOREKEEPER_TEST_PAUSE": f"waiting:{seam}"}
        env.pop("SCOREKEEPER_SESSION", None)
        runs.append((subprocess.Popen([scorekeeper_command(), *args], env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE), seam))
    deadline = time.monotonic() + 120
    for proc, seam in runs:
        while not (seam / "paused").exists():  # waiting for a state, not for a race
            assert proc.poll() is None, (proc.args, proc.communicate())
            assert time.monotonic() < deadline, f"{proc.args} never reached the lock"
            time.sleep(0.005)
    for _proc, seam in runs:
        (seam / "go").touch()
    return [proc for proc, _seam in runs]


def test_deals_and_payments_at_once_all_succeed_each_kept_once(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    for path in (ROOT / "sessions" / "club").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    sk(folder, "pinochle", "new", "cards", "--players", "Bo,Ann,Erik")
    bids = [300 + 10 * n for n in range(WRITERS)]
    amounts = [f"{n}.00" for n in range(1, WRITERS + 1)]
    deals = [["deal", "-s", "cards", "b", str(bid), "190", "172"] for bid in bids]
    pays = [["pay", "Bo", "Ann", amount, "--currency", "DKK"] for amount in amounts]
    procs = started_together(folder, [c for pair in zip(deals, pays, strict=True) for c in pair])
    try:
        done = [(p.args, p.wait(timeout=120), p.communicate()[1]) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert [(args, code, err) for args, code, err in done if code] == []
    session = tomllib.loads((folder / "cards.toml").read_text())
    assert sorted(d["bid"] for d in session["deals"]) == bids  # each once, none lost
    assert "history" not in session  # each a deal in turn, none a change after the fact
    made = tomllib.loads((folder / "payments.toml").read_text())["payments"]
    assert Counter(p["money"] for p in made[3:]) == Counter(amounts)
    assert [p["money"] for p in made[:3]] == ["10.00", "5.00", "50.00"]  # the club's own
    assert "# after the last sitting of November" in (folder / "payments.toml").read_text()


# --- the store, for both kinds of file ----------------------------------------------------


def payment(number: int, money: str = "2.00", note: str = "") -> Paid:
    import datetime
    from decimal import Decimal

    return Paid(number, datetime.date(2026, 11, 28), "Bo", "Ann", Decimal(money), "DKK", note)


def added(read: payfile.Payments, made: Paid) -> payfile.PaymentsChange:
    data = payfile.paid_data(made, 2)
    after = (*read.payments, made)
    return payfile.PaymentsChange(Append(made, data, "payments"), after,
                                  lambda: tuple(payfile.paid_data(p, 2) for p in after))


def test_the_first_payment_makes_the_book_as_this_tool_lays_it_out(tmp_path: Path) -> None:
    with payfile.editing(str(tmp_path)) as held:
        assert held.snapshot.raw == b"" and held.snapshot.payments == ()
        after = held.save(added(held.snapshot, payment(1)))
    text = (tmp_path / "payments.toml").read_text()
    assert text == payfile.render([payfile.paid_data(payment(1), 2)])
    assert after.raw == text.encode() and payfile.read(str(tmp_path)) == after


@pytest.mark.parametrize("kind", ["session", "payments"])
def test_editing_holds_the_lock_and_reads_once_under_it(tmp_path: Path, kind: str) -> None:
    path = _made(tmp_path, kind)
    the_kind: Any = store_kind(kind)
    with store.editing(the_kind, str(path)) as held:
        with atomic.locked(str(path), wait=False) as mine:
            assert not mine  # another writer waits: it reads the file once this one is done
        assert held.snapshot.raw == path.read_bytes()
    with store.editing(the_kind, str(path), known=held.snapshot) as again:
        assert again.snapshot is held.snapshot  # the same bytes: not decoded again


@pytest.mark.parametrize("kind", ["session", "payments"])
def test_a_change_shown_is_saved_only_onto_the_file_as_shown(tmp_path: Path, kind: str
                                                           ) -> None:
    path = _made(tmp_path, kind)
    the_kind: Any = store_kind(kind)
    shown = store.read(the_kind, str(path))
    change = _a_change(tmp_path, kind, shown)
    with path.open("a") as f:
        f.write("# a word added meanwhile\n")
    before = path.read_bytes()
    with pytest.raises(store.Stale, match=r"was changed since this was shown: nothing was "
                                          r"changed; look again"):
        store.save(the_kind, shown, change)
    assert path.read_bytes() == before


def store_kind(kind: str) -> object:
    from scorekeeper.files import change

    return change.SESSIONS if kind == "session" else payfile.PAYMENTS_FILE


def _made(tmp_path: Path, kind: str) -> Path:
    if kind == "session":
        sk(tmp_path, "loo", "new", "evening", "--players", "Ann,Bob,Cid")
        return tmp_path / "evening.toml"
    (tmp_path / "payments.toml").write_text(payfile.render([payfile.paid_data(payment(1), 2)]))
    return tmp_path / "payments.toml"


def _a_change(tmp_path: Path, kind: str, shown: Any) -> Any:
    if kind == "payments":
        return added(shown, payment(2))
    from scorekeeper.files.record import record
    from scorekeeper.games.loo import LooDeal

    return record(shown, LooDeal(tricks={"Ann": 2, "Bob": 1, "Cid": 0}))[1]


HAND_LAID = ('# the treasurer\'s book\nformat = "scorekeeper payments"\nversion = 1\n'
             'payments = [\n    # November\n    { date = 2026-11-28, from = "Bo", to = "Ann", '
             'money = "1.00", currency = "DKK" },  # at the door\n'
             '    { date = 2026-11-28, from = "Bo", to = "Ann", money = "2.00", '
             'currency = "DKK" },\n]\n')


@pytest.mark.parametrize("text", [payfile.render([payfile.paid_data(payment(n), 2)
                                                  for n in (1, 2)]), HAND_LAID])
def test_a_payment_added_at_its_place_is_what_the_text_edit_makes(text: str) -> None:
    """The one-a-line place of the next payment (no reading back) and the layout-keeping
    edit of any layout (files.textedit) give the same text, where both apply."""
    entry = payfile.paid_data(payment(3, "3.00", "a note"), 2)
    point = payfile.one_a_line_point(text, 2)
    by_text = textedit.append_entry(text, entry, "payments")
    assert (point is None) == (text == HAND_LAID)  # a comment line among the payments
    if point is not None:
        assert point.apply(text, entry)[0] == by_text
    assert [p.money for p in payfile.from_bytes("p", by_text.encode()).payments][-1] == 3


@pytest.mark.parametrize("edit", ["remove", "replace"])
def test_a_payments_change_as_text_keeps_every_comment_or_writes_nothing(
        tmp_path: Path, edit: str) -> None:
    path = tmp_path / "payments.toml"
    path.write_text(HAND_LAID)
    read = payfile.read(str(tmp_path))
    first, _second = read.payments
    if edit == "remove":
        change = payfile.PaymentsChange(RemoveLast(1, "payments"), (first,),
                                        lambda: (payfile.paid_data(first, 2),))
    else:
        new = payfile.paid_data(payment(2, "5.00"), 2)
        change = payfile.PaymentsChange(Replace(((1, new),), "payments"),
                                        (first, payment(2, "5.00")),
                                        lambda: (payfile.paid_data(first, 2), new))
    payfile.save(read, change)
    text = path.read_text()
    assert all(c in text for c in ("# the treasurer's book", "# November", "# at the door"))
    assert len(payfile.read(str(tmp_path)).payments) == (1 if edit == "remove" else 2)
    # the file says otherwise than the change expects: refused, nothing written
    wrong = change._replace(expected=lambda: tuple({**e, "money": "9.00"}
                                                   for e in change.expected()))
    before = path.read_bytes()
    with pytest.raises(SessionError, match="laid out in a way this change cannot be made"):
        payfile.save(payfile.read(str(tmp_path)), wrong)
    assert path.read_bytes() == before


def test_comments_kept_spares_only_those_on_the_line_of_an_entry_removed() -> None:
    old = 'deals = [\n    { a = 1 },  # first\n    { a = 2 },  # second\n]\n# end\n'
    assert store.comments_kept(old, 'deals = [\n    { a = 1 },  # first\n]\n# end\n',
                               dropped=1)
    assert not store.comments_kept(old, 'deals = [\n    { a = 1 },\n]\n# end\n', dropped=1)
    assert not store.comments_kept(old, old.replace("# end\n", ""))
    payments = HAND_LAID.replace("# November", "# Nov")
    assert not store.comments_kept(HAND_LAID, payments, "payments")


@pytest.mark.parametrize("line", ["deal a=2 b=1 c=0", "amend 1 a=1 b=2 c=0",
                                  "pay Ann Bob 1 --currency kr", "join Dan", "pay --undo"])
def test_a_command_that_shows_nothing_reads_its_file_once_under_the_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str) -> None:
    """`scorekeeper deal` learns the game from the file it then changes: it takes the lock
    before it reads the file at all, and reads it once."""
    from .helpers import run

    run(tmp_path, "loo new evening --players Ann,Bob,Cid --value 1 --currency kr")
    run(tmp_path, "deal a=2 b=1 c=0")
    run(tmp_path, "pay Bob Ann 1 --currency kr")
    changed = tmp_path / ("payments.toml" if line.startswith("pay") else "evening.toml")
    reads: list[bool] = []
    read_with_identity = atomic.read_with_identity

    def read(path: str, *rest: Any) -> Any:
        if path == str(changed):
            with atomic.locked(path, wait=False) as free:
                reads.append(not free)  # whether its lock was held (by the command)
        return read_with_identity(path, *rest)

    monkeypatch.setattr(atomic, "read_with_identity", read)
    run(tmp_path, line)
    assert reads == [True]


def test_an_empty_book_of_payments_is_refused_and_a_link_to_none_is_made_where_it_leads(
        tmp_path: Path) -> None:
    """Read with its lock or without, the book is the same: an empty file is not a book of
    payments (and is left as it is); a link to no file is a book with no payments yet."""
    from .helpers import run

    run(tmp_path, "loo new evening --players Ann,Bob,Cid --value 1 --currency kr")
    run(tmp_path, "deal a=2 b=1 c=0")
    book = tmp_path / "payments.toml"
    book.write_bytes(b"")
    refused = run(tmp_path, "pay Bob Ann 1", code=1).stderr
    assert refused.startswith(f"Error: {book}:1: not a payments file")
    assert book.read_bytes() == b""
    book.unlink()
    book.symlink_to(tmp_path / "kept" / "money.toml")
    (tmp_path / "kept").mkdir()
    assert payfile.read(str(tmp_path)).payments == ()
    run(tmp_path, "pay Bob Ann 1")
    assert book.is_symlink() and len(payfile.read(str(tmp_path)).payments) == 1
    assert (tmp_path / "kept" / "money.toml").read_text().count("from = \"Bob\"") == 1


def test_a_payment_removed_at_the_prompt_is_removed_only_from_the_book_it_showed(
        tmp_path: Path) -> None:
    from .test_races import loo, playing

    loo(tmp_path)
    sk(tmp_path, "pay", "Bob", "Ann", "1", "--currency", "")
    with playing(tmp_path) as screen:
        screen.expect(b"hand 3")
        screen.type(b"pay --undo\r")
        screen.expect(b"Remove payment 1? Type yes to remove it:")
        sk(tmp_path, "pay", "Cid", "Ann", "2", "--currency", "")  # another window, meanwhile
        screen.type(b"yes\r")
        screen.expect_words(b"was changed since this was shown: nothing was")  # wrapped at words
        screen.expect(b"look again")
        screen.expect(b"hand 3")
    assert [p.payer for p in payfile.read(str(tmp_path)).payments] == ["Bob", "Cid"]
