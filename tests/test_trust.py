"""Trust: nothing trapped, nothing recorded twice, no traceback. Each case runs the
installed `scorekeeper` as a user would and checks what they see and that nothing written
is lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.games import GAMES

from . import games
from .helpers import deals_in, go, paused, scorekeeper_command

LOO = ["loo", "new", "evening", "--players", "Ann,Bob,Cid,Dan", "--date", "2026-11-27"]


def sk(tmp_path: Path, *args: str, code: int = 0, env: dict[str, str] | None = None,
       stdin: str | None = None, timeout: float = 20, **popen: object
       ) -> subprocess.CompletedProcess[str]:
    """The installed command, its folder `tmp_path`; asserts the exit code."""
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SCOREKEEPER_DIR": str(tmp_path),
            "HOME": str(tmp_path), "LANG": "C.UTF-8",
            "XDG_STATE_HOME": os.environ["XDG_STATE_HOME"]}
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE} | popen
    proc = subprocess.run([scorekeeper_command(), *args], env=base | (env or {}), input=stdin,
                          text=True, timeout=timeout, check=False,
                          **streams)  # type: ignore[call-overload]
    assert proc.returncode == code, (args, proc.stdout, proc.stderr)
    assert "Traceback" not in (proc.stderr or "")
    return proc


def evening(tmp_path: Path) -> Path:
    sk(tmp_path, *LOO)
    sk(tmp_path, "deal", "Bob=2", "Cid=0", "Dan=1", "--miss", "Dan")
    return tmp_path / "evening.toml"


# --- data and exit codes ---------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_names_with_inner_spaces_work_in_every_game(tmp_path: Path, game: str) -> None:
    players = ",".join(games.SPACED_NAMES)
    sk(tmp_path, game, "new", "x", "--players", players)
    sk(tmp_path, "deal", *games.of(game).SPACED)
    settle = json.loads(sk(tmp_path, "settle", "--format", "json").stdout)
    assert [p["name"] for p in settle["players"]] == players.split(",")
    assert sk(tmp_path, "check", str(tmp_path / "x.toml")).stdout.endswith("1 deal)\n")
    assert sk(tmp_path, "show").stdout


@pytest.mark.parametrize(("name", "why"), [("Ann\tLee", "control character"),
                                           ("Ann\x1b[2J", "control character"),
                                           ("+Ann", "formula"), ("-Ann", "formula"),
                                           ("@Ann", "formula"), ("A=B", "holds '='")])
def test_names_that_would_trap_a_sitting_are_refused_at_new(tmp_path: Path, name: str,
                                                            why: str) -> None:
    result = sk(tmp_path, "loo", "new", "x", "--players", f"{name},Bob,Cid", code=1)
    assert why in result.stderr and "\x1b" not in result.stderr
    assert not (tmp_path / "x.toml").exists()


def test_a_saved_deal_whose_report_cannot_be_printed_exits_0_and_says_so(tmp_path: Path) -> None:
    path = evening(tmp_path)
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "deal", "Ann=3", "Bob=0", stdout=full)
    assert "Note: deal 2 was recorded, but its report could not be printed" in result.stderr
    assert "deals = [\n" in path.read_text() and deals_in(path) == 2
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "undo", stdout=full)
    assert "the undo of deal 2 was recorded" in result.stderr
    assert deals_in(path) == 1
    # A read that cannot print changed nothing: it fails.
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "show", code=1, stdout=full)
    assert result.stderr.startswith("Error: cannot write the output")


def test_a_closed_pipe_after_a_saved_deal_still_exits_0(tmp_path: Path) -> None:
    path = evening(tmp_path)
    read, write = os.pipe()
    os.close(read)
    try:
        result = sk(tmp_path, "deal", "Ann=3", "Bob=0", stdout=write)
    finally:
        os.close(write)
    assert "deal 2 was recorded" in result.stderr
    assert deals_in(path) == 2


def test_a_read_into_a_closed_pipe_stops_quietly(tmp_path: Path) -> None:
    """Like `scorekeeper show | head`: the reader has what it wanted; no error is shown."""
    evening(tmp_path)
    read, write = os.pipe()
    os.close(read)
    try:
        result = sk(tmp_path, "show", code=1, stdout=write)
    finally:
        os.close(write)
    assert result.stderr == ""


def test_a_terminal_that_cannot_show_the_names_gets_them_escaped(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "x", "--players", "Άννα,Βασίλης,Γιώργος")
    result = sk(tmp_path, "deal", "ά=2", "β=1", "γ=0", env={"PYTHONIOENCODING": "latin-1"})
    assert "\\u" in result.stdout
    assert "Γιώργος" in (tmp_path / "x.toml").read_text(encoding="utf-8")


def test_a_session_reached_through_a_link_is_written_through_it(tmp_path: Path) -> None:
    path = evening(tmp_path)
    (tmp_path / "link.toml").symlink_to(path)
    sk(tmp_path, "deal", "-s", "link", "Ann=3", "Bob=0")
    assert (tmp_path / "link.toml").is_symlink()
    assert deals_in(path) == 2


def test_comments_and_layout_a_person_wrote_survive_deal_undo_and_amend(tmp_path: Path) -> None:
    path = evening(tmp_path)
    text = path.read_text().replace("deals = [\n", "# Friday at Ann's\ndeals = [\n    # hand 1\n")
    text = text.replace('miss = "Dan" },', 'miss = "Dan" },  # Dan was lucky')
    path.write_text(text.replace("[settings]", "[settings]  # stakes agreed"))
    sk(tmp_path, "deal", "Ann=3", "Bob=0")
    sk(tmp_path, "amend", "2", "Ann=3", "Cid=0")
    sk(tmp_path, "undo")
    after = path.read_text()
    for comment in ("# Friday at Ann's", "# hand 1", "# Dan was lucky", "# stakes agreed"):
        assert comment in after
    assert sk(tmp_path, "check", str(path)).stdout.endswith("1 deal)\n")


def test_a_read_only_session_is_refused_even_as_root(tmp_path: Path) -> None:
    path = evening(tmp_path)
    path.chmod(0o444)
    before = path.read_bytes()
    for args in (["deal", "Ann=3", "Bob=0"], ["undo"], ["amend", "1", "Ann=3", "Bob=0"]):
        assert "read-only" in sk(tmp_path, *args, code=1).stderr
    assert path.read_bytes() == before
    assert sk(tmp_path, "deal", "Ann=3", "Bob=0", "--dry-run").stdout.startswith("Dry run")


def test_a_dry_run_needs_no_write_access_to_the_folder(tmp_path: Path) -> None:
    path = evening(tmp_path)
    tmp_path.chmod(0o555)
    try:
        result = sk(tmp_path, "deal", "Ann=3", "Bob=0", "--dry-run",
                    env={"SCOREKEEPER_SESSION": str(path)})
    finally:
        tmp_path.chmod(0o755)
    assert result.stdout.startswith("Dry run: nothing saved.")


def test_a_temporary_file_left_by_a_killed_save_is_removed_by_the_next(tmp_path: Path) -> None:
    evening(tmp_path)
    # a save's own name (PID-RANDOM), and the one name older versions wrote to
    leftovers = [tmp_path / ".evening.toml.4242-0badcafe.tmp", tmp_path / ".evening.toml.tmp"]
    for leftover in leftovers:
        leftover.write_text("half a session")
    kept = tmp_path / ".evening.toml.notes.tmp"  # not a save's: not ours to remove
    kept.write_text("a person's")
    sk(tmp_path, "deal", "Ann=3", "Bob=0")
    assert not any(leftover.exists() for leftover in leftovers)
    kept.unlink()
    assert {p.name for p in tmp_path.iterdir()} == {
        ".current", "evening.toml", ".evening.toml.lock", ".evening.toml.cache"}


def test_a_full_disk_names_the_file_and_changes_nothing(tmp_path: Path) -> None:
    path = evening(tmp_path)
    before = path.read_bytes()
    patch = tmp_path / "patch"
    patch.mkdir()
    (patch / "sitecustomize.py").write_text(
        "import errno, os\n"
        "def fsync(fd):\n"
        "    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))\n"
        "os.fsync = fsync\n")
    result = sk(tmp_path, "deal", "Ann=3", "Bob=0", code=1, env={"PYTHONPATH": str(patch)})
    assert result.stderr == f"Error: cannot save '{path}': No space left on device\n"
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# --- tracebacks, hangs and lies ----------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["deal", "Bob=²", "Cid=1"], ["deal", "Bob=①", "Cid=1"], ["deal", "Bob=" + "9" * 5000],
    ["loo", "new", "y", "--players", "A,B,C", "--ante", "٣"],
    ["loo", "new", "y", "--players", "A,B,C", "--value", "٠.٠٥"],
    ["loo", "new", "y", "--players", "A,B,C", "--value", "𝟓"],
    ["loo", "new", "y", "--players", "A,B,C", "--currency", "kr\nForged line"],
    ["pinochle", "new", "y", "--players", "A,B,C", "--chip-table", "0:²"],
])
def test_numbers_are_ascii_digits_and_bad_values_are_usage_errors(tmp_path: Path,
                                                                  args: list[str]) -> None:
    path = evening(tmp_path)
    before = path.read_bytes()
    result = sk(tmp_path, *args, code=2)
    assert "Error:" in result.stderr
    assert path.read_bytes() == before and not (tmp_path / "y.toml").exists()


def test_bridge_doublings_are_bounded(tmp_path: Path) -> None:
    sk(tmp_path, "bridge", "new", "club", "--players", "N,E,S,W")
    base = ["deal", "--trump", "nt", "--tricks", "N=7"]
    assert "at most 10" in sk(tmp_path, *base, "--doubled", "100", code=1).stderr
    assert "Error:" in sk(tmp_path, *base, "--doubled", "1000000000000", code=2,
                          timeout=5).stderr
    assert "31 is not from 0 to 30" in sk(tmp_path, "bridge", "new", "b", "--players",
                                          "N,E,S,W", "--max-doublings", "31", code=2).stderr


def test_money_is_exact_and_plain_in_json(tmp_path: Path) -> None:
    sk(tmp_path, "loo", "new", "x", "--players", "Ann,Bob,Cid", "--value",
       "0.000000000001", "--currency", "EUR")
    sk(tmp_path, "deal", "--all-pass")  # Ann deals and takes back her own ante
    settle = json.loads(sk(tmp_path, "settle", "--format", "json").stdout)
    assert [p["money"] for p in settle["players"]] == ["0.000000000000"] * 3
    sk(tmp_path, "deal", "Bob=3", "Cid=0")  # Bob deals: Cid looed 3, pool 3, 1 each at the end
    settle = json.loads(sk(tmp_path, "settle", "--format", "json").stdout)
    money = [p["money"] for p in settle["players"]]
    assert money == ["0.000000000001", "0.000000000001", "-0.000000000002"]
    sk(tmp_path, "loo", "new", "big", "--players", "Ann,Bob,Cid", "--value",
       "123456789012345.123456789012")
    sk(tmp_path, "deal", "-s", "big", "Bob=3", "Cid=0")  # Bob +3 +1; Ann -3 +1; Cid -3 +1
    settle = json.loads(sk(tmp_path, "settle", "-s", "big", "--format", "json").stdout)
    assert [p["money"] for p in settle["players"]] == [
        "-246913578024690.246913578024", "493827156049380.493827156048",
        "-246913578024690.246913578024"]


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_files_that_are_not_sessions_never_hang_sessions_or_check(tmp_path: Path,
                                                                  kind: str) -> None:
    evening(tmp_path)
    odd = tmp_path / "odd.toml"
    if kind == "fifo":
        os.mkfifo(odd)
    elif kind == "zero":
        odd.symlink_to("/dev/zero")
    else:
        odd.mkdir()
    listed = json.loads(sk(tmp_path, "sessions", "--format", "json", timeout=10).stdout)
    assert [s["game"] for s in listed["sessions"]] == ["loo", "unreadable"]
    result = sk(tmp_path, "check", str(odd), code=1, timeout=10)
    assert result.stderr.startswith(f"{odd}: ")


def test_a_damaged_current_session_file_is_not_a_traceback(tmp_path: Path) -> None:
    evening(tmp_path)
    (tmp_path / ".current").write_bytes(b"\xff\xfe\x00evening")
    assert sk(tmp_path, "show", code=1).stderr.startswith("Error: no session chosen")


def test_the_session_folder_must_be_a_folder(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    result = sk(tmp_path, "sessions", code=1, env={"SCOREKEEPER_DIR": str(afile)})
    assert result.stderr == (f"Error: the session folder '{afile}' is not a folder (--dir or "
                             "$SCOREKEEPER_DIR)\n")


def test_a_file_nested_hundreds_deep_or_with_a_huge_number_is_reported(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    huge = tmp_path / "huge.toml"
    huge.write_text("x = 1" + "0" * 5000 + "\n")
    result = sk(tmp_path, "check", str(deep), str(huge), code=1)
    assert result.stderr.splitlines() == [
        f"{deep}:1: not a session this tool can read: nested too deep",
        f"{huge}:1: not a session this tool can read: a number of more than 4300 digits",
    ]


def test_a_missing_top_level_key_has_a_line(tmp_path: Path) -> None:
    path = evening(tmp_path)
    path.write_text(path.read_text().replace('game = "loo"\n', ""))
    assert sk(tmp_path, "check", str(path), code=1).stderr.startswith(f"{path}:1: unknown game")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = evening(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    sk(tmp_path, "deal", "Ann=3", "Bob=0")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert sk(tmp_path, "check", str(path)).stdout.endswith("2 deals)\n")


def test_control_characters_and_formulas_never_reach_the_terminal_or_a_csv_cell(
        tmp_path: Path) -> None:
    path = evening(tmp_path)
    path.write_text(path.read_text().replace('currency = ""', 'currency = "k\\u001b[2Jr"'))
    result = sk(tmp_path, "settle", code=1)
    assert "\x1b" not in result.stderr and "<ESC>" in result.stderr
    path.write_text(path.read_text().replace('"Cid"', '"@SUM(A1)"'))
    result = sk(tmp_path, "settle", "--format", "csv", code=1)
    assert "begins with '@': a spreadsheet would read it as a formula" in result.stderr


@pytest.mark.parametrize(("args", "code"), [
    (["deal", "--all-pass", "Ann=3"], 2), (["deal", "--all-pass", "--miss", "Bob"], 2),
    (["pinochle", "deal", "--no-bid", "--bidder", "Ann"], 2),
    (["pinochle", "deal", "--bidder", "Ann", "--bid", "300", "--meld", "10", "--meld-cards",
      "KH QH", "--trump", "H"], 2),
    (["pinochle", "deal", "--bidder", "Ann", "--bid", "300", "--took", "10", "--conceded"], 2),
])
def test_options_that_exclude_each_other_are_usage_errors_saying_what_to_do(
        tmp_path: Path, args: list[str], code: int) -> None:
    sk(tmp_path, "pinochle", "new", "p", "--players", "Ann,Bob,Cid")
    sk(tmp_path, *LOO)
    if args[0] == "pinochle":
        sk(tmp_path, "use", "p")
    result = sk(tmp_path, *args, code=code)
    error = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and (" give " in error[0] or "not both" in error[0])


def test_a_bridge_message_is_never_cut_short(tmp_path: Path) -> None:
    sk(tmp_path, "bridge", "new", "club", "--players", "Nils,Ebbe,Sven,Vagn")
    result = sk(tmp_path, "deal", "--trump", "spar", "--tricks", "Nils=8", "--honours",
                "Nils=2", code=1)
    assert result.stderr == (
        "Error: honours Nils=2: one side always holds 3 or more honours in spades: name that "
        "side's honours (--honours)\n")


def test_the_rules_and_license_are_in_the_repository() -> None:
    root = Path(__file__).resolve().parent.parent
    assert "MIT License" in (root / "LICENSE").read_text()
    rules = (root / "docs" / "rules.md").read_text()
    for game in ("Three-card Loo", "Auction Pinochle", "Bridge"):
        assert game in rules
    assert "docs/rules.md" in (root / "README.md").read_text()


def test_python_m_scorekeeper_is_the_same_program(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "--version"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stdout.startswith("scorekeeper, version ")


def test_ci_runs_the_readmes_test_command() -> None:
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text()
    command = next(line.strip() for line in readme.splitlines()
                   if line.strip().startswith("python3 -m venv .venv") and "pytest" in line)
    assert command in (root / ".ci" / "run").read_text()
    first = next(line.strip() for line in readme.splitlines()
                 if line.strip().startswith("python3 -m venv .venv") and "settle" in line)
    assert "sessions/loo-evening.toml" in first and "pip install" in first


@pytest.mark.parametrize(("step", "saved"), [("waiting", False), ("locked", True),
                                             ("written", True), ("replaced", True)])
def test_ctrl_c_during_a_save_never_hides_a_change(tmp_path: Path, step: str, saved: bool
                                                  ) -> None:
    """Whenever Ctrl-C comes, the exit code and the message say whether the deal was saved:
    0 and a note if it was, 130 and "nothing was changed" if not. Before the lock is taken
    it stops the command at once; once it is, it waits for the save."""
    import signal

    path = evening(tmp_path)
    before = path.read_bytes()
    proc = paused(tmp_path, step, "deal", "a=3", "b=0", stdout=subprocess.DEVNULL,
                  stderr=subprocess.PIPE, text=True)
    proc.send_signal(signal.SIGINT)
    go(proc)
    _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err
    if saved:
        assert proc.returncode == 0, err
        assert err == "Note: deal 2 was recorded; then interrupted.\n"
        assert deals_in(path) == 2
    else:
        assert proc.returncode == 130 and err == "Aborted: nothing was changed.\n"
        assert path.read_bytes() == before
    assert sk(tmp_path, "check", str(path)).returncode == 0


def test_a_closed_stdout_is_an_output_that_fails(tmp_path: Path) -> None:
    path = evening(tmp_path)
    result = sk(tmp_path, "deal", "Ann=3", "Bob=0", stdout=subprocess.DEVNULL,
                preexec_fn=lambda: os.close(1))
    assert "deal 2 was recorded, but its report could not be printed" in result.stderr
    assert deals_in(path) == 2
    result = sk(tmp_path, "show", code=1, preexec_fn=lambda: os.close(1))
    assert result.stderr == "Error: cannot write the output: the output is closed\n"
    assert sk(tmp_path, "play", stdin=None, preexec_fn=lambda: os.close(0)).stderr == ""


def test_piped_play_runs_every_line_when_its_reports_cannot_be_printed(tmp_path: Path) -> None:
    path = evening(tmp_path)
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "play", stdin="--all-pass\n--all-pass\n--all-pass\n", stdout=full)
    assert "every line was recorded, but its report could not be printed" in result.stderr
    assert path.read_text().count("all_pass") == 3
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "play", "--keep-going", stdin="zz=1\n--all-pass\n", stdout=full,
                    code=1)
    assert "(line 1: zz=1)" in result.stderr
    assert path.read_text().count("all_pass") == 4


def test_help_version_use_and_new_into_a_full_disk(tmp_path: Path) -> None:
    evening(tmp_path)
    with open("/dev/full", "w") as full:
        for args in (["--version"], ["--help"]):
            assert "cannot write the output" in sk(tmp_path, *args, code=1, stdout=full).stderr
        result = sk(tmp_path, "loo", "new", "y", "--players", "A,B,C", stdout=full)
        assert "the new session 'y' was recorded" in result.stderr
        result = sk(tmp_path, "use", "evening", stdout=full)
        assert "'evening' as the current session was recorded" in result.stderr
    assert (tmp_path / ".current").read_text() == "evening\n"


def test_completion_with_nonsense_from_the_shell_offers_nothing(tmp_path: Path) -> None:
    result = sk(tmp_path, code=1, env={"_SCOREKEEPER_COMPLETE": "bash_complete",
                                        "COMP_WORDS": "scorekeeper ", "COMP_CWORD": "abc"})
    assert result.stdout == "" and result.stderr == ""


def test_mark_paid_changes_all_or_nothing(tmp_path: Path) -> None:
    for name in ("a1", "b1", "c1"):
        sk(tmp_path, "loo", "new", name, "--players", "Ann,Bob,Cid")
    (tmp_path / "b1.toml").chmod(0o444)
    result = sk(tmp_path, "book", "--mark-paid", code=1)
    assert "read-only" in result.stderr
    assert not any("paid" in (tmp_path / f"{n}.toml").read_text() for n in ("a1", "b1", "c1"))


def test_mark_paid_stopped_part_way_says_which_it_marked(tmp_path: Path) -> None:
    for name in ("a1", "b1", "c1"):
        sk(tmp_path, "loo", "new", name, "--players", "Ann,Bob,Cid")
    lock = tmp_path / ".b1.toml.lock"
    lock.unlink()
    lock.mkdir()  # b1 cannot be locked
    result = sk(tmp_path, "book", "--mark-paid", code=1)
    assert "cannot lock" in result.stderr and "marked paid before it: a1" in result.stderr
    assert "paid" in (tmp_path / "a1.toml").read_text()
    assert "paid" not in (tmp_path / "c1.toml").read_text()  # no mark, no history of one


def test_piped_play_of_reads_into_a_full_disk_fails(tmp_path: Path) -> None:
    evening(tmp_path)
    with open("/dev/full", "w") as full:
        result = sk(tmp_path, "play", stdin="show\nsettle\n", stdout=full, code=1)
    assert result.stderr.startswith("Error: cannot write the output")


def test_help_and_version_twice_are_fine_and_a_closed_stderr_keeps_the_exit_code(
        tmp_path: Path) -> None:
    assert "Usage: scorekeeper show" in sk(tmp_path, "show", "--help", "--help").stdout
    assert "version" in sk(tmp_path, "--version", "--version").stdout
    with open("/dev/full", "w") as full:
        assert sk(tmp_path, "show", "--bogus", code=2, stderr=full).returncode == 2


def test_ctrl_c_while_waiting_for_the_lock_changes_nothing(tmp_path: Path) -> None:
    """Interrupted while another command holds the lock: stopped at the test seam before the
    lock, let on, and interrupted once the kernel says it waits for the lock (no sleep that
    hopes it got there; where the kernel does not say, interrupted at the seam itself)."""
    import fcntl
    import signal

    path = evening(tmp_path)
    before = path.read_bytes()
    with open(tmp_path / ".evening.toml.lock", "a+b") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # another command is saving
        proc = paused(tmp_path, "waiting", "deal", "Ann=3", "Bob=0",
                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if _says_where_it_waits(proc.pid):
            go(proc)
            _wait_until_blocked_on_a_lock(proc)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err.strip() == "Aborted: nothing was changed."
    assert path.read_bytes() == before


def _says_where_it_waits(pid: int) -> bool:
    """Whether the kernel says what a process waits for (Linux: /proc/PID/wchan)."""
    try:
        with open(f"/proc/{pid}/wchan") as wchan:
            return wchan.read() not in ("", "0")
    except OSError:
        return False


def _wait_until_blocked_on_a_lock(proc: subprocess.Popen[str]) -> None:
    import time

    deadline = time.monotonic() + 30
    while True:
        with open(f"/proc/{proc.pid}/wchan") as wchan:
            if "lock" in wchan.read():  # locks_lock_inode_wait, flock_lock_inode_wait
                return
        assert proc.poll() is None, "the deal ended instead of waiting for the lock"
        assert time.monotonic() < deadline, "the deal never waited for the lock"
        time.sleep(0.005)  # polling for a state, not waiting for a race
