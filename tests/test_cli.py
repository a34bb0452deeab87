"""The command line, as a user and a script see it: output, errors, exit codes, files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scorekeeper.cli import cli

from .helpers import ROOT, play_lines, run, scorekeeper_command

# A four-player unlimited Loo sitting covering every outcome, a defended pool, uneven pools,
# a must and a pool left over at the end. Worked by hand in the comments.
EVENING = [
    "loo new evening --players Ann,Bob,Cid,Dan --unlimited --value 0.05 --currency kr "
    "--date 2026-11-27",
    # 1 Ann deals, pool 3: Bob 2 tricks, Dan (miss) 1; Cid looed 3 (the pool). Pool 3.
    "loo deal Bob=2 Cid=0 Dan=1 --miss Dan",
    # 2 Bob deals, pool 6: only Cid declares, Bob defends: Cid +2, Bob's 4 stay. Pool 4.
    "loo deal Cid=1 Bob=2 --defend",
    # 3 Cid deals, pool 7 (uneven): Dan, Ann, Dan win tricks 1-3: shares 3, 2, 2; Bob looed 7.
    "loo deal Dan=2 Ann=1 Bob=0 --order Dan,Ann,Dan",
    # 4 Dan deals, pool 10: one trick each to three players, in the order Cid, Ann, Bob:
    # 4, 3, 3. Nobody looed: the next hand is a single, a must.
    "loo deal Ann=1 Bob=1 Cid=1 --order Cid,Ann,Bob",
    # 5 Ann deals a must, pool 3: Bob takes all three; Ann, Cid, Dan looed 3. Pool 9.
    "loo deal Ann=0 Bob=3 Cid=0 Dan=0",
    # 6 Bob deals, pool 12: everyone else passes; Bob takes it. Pool 0 (not a single).
    "loo deal --all-pass",
    # 7 Cid deals, pool 3: one trick each to Ann, Bob, Cid; Dan played and is looed 3. Pool 3.
    "loo deal Ann=1 Bob=1 Cid=1 Dan=0",
    # 8 Dan deals, pool 6: Ann takes miss, all others pass: Ann +6. Pool 0.
    "loo deal --miss Ann",
    # 9 Ann deals, pool 3: Ann 2, Cid 1; Bob, Dan looed 3. Pool 6.
    "loo deal Ann=2 Bob=0 Cid=1 Dan=0",
]
# Before the pool is shared: Ann +2, Bob +5, Cid -4, Dan -9, pool 6. The 6 go 1 each, and the
# 2 left over to Bob (after Ann, the last dealer) and Cid.
EVENING_NETS = {"Ann": 3, "Bob": 7, "Cid": -2, "Dan": -8}


def test_a_loo_evening_settles_to_the_right_nets_money_and_payments(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert data["game"] == "loo" and data["unit"] == "counter" and data["deals"] == 9
    assert data["pool"] == 6
    assert {p["name"]: p["net"] for p in data["players"]} == EVENING_NETS
    assert [p["money"] for p in data["players"]] == ["0.15", "0.35", "-0.10", "-0.40"]
    assert data["transfers"] == [
        {"from": "Cid", "to": "Ann", "units": 2, "money": "0.10"},
        {"from": "Dan", "to": "Ann", "units": 1, "money": "0.05"},
        {"from": "Dan", "to": "Bob", "units": 7, "money": "0.35"},
    ]


def test_the_bundled_example_is_that_evening(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    typed = (tmp_path / "evening.toml").read_text()
    assert (ROOT / "sessions" / "loo-evening.toml").read_text() == typed


def test_after_a_deal_it_says_what_happened_and_what_comes_next(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:4])
    result = run(tmp_path, "loo deal Ann=1 Bob=1 Cid=1 --order Cid,Ann,Bob")
    assert result.stdout == (
        "Hand 4, dealt by Dan: pool 10.\n"
        "  Ann +3, Bob +3, Cid +4\n"
        "Pool now 0.\n"
        "The next hand is a single: a must, everyone plays.\n"
        "Next dealer: Ann.\n"
    )
    result = run(tmp_path, "loo deal b=3")  # a must: the others took no trick
    assert result.stdout.splitlines()[:2] == [
        "Hand 5, dealt by Ann (a must): pool 3.",
        "  must: Bob +3, Ann looed 3, Cid looed 3, Dan looed 3",
    ]


def test_dry_run_shows_the_deal_and_saves_nothing(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:2])
    path = tmp_path / "evening.toml"
    before = path.read_bytes()
    result = run(tmp_path, "loo deal Cid=1 Bob=2 --defend --dry-run")
    assert result.stdout.startswith("Dry run: nothing saved.\nHand 2, dealt by Bob: pool 6.\n")
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("loo deal Ann=2 Bob=2", "Error: tricks total 4, not 3: Ann=2 Bob=2\n"),
        ("loo deal Zed=3", "Error: unknown player 'Zed': the players are Ann, Bob, Cid, Dan\n"),
        ("loo deal Dna=3", "Error: unknown player 'Dna': did you mean Dan?\n"),
        ("loo deal Bob=4", "Error: Bob=4: a player takes 0 to 3 tricks\n"),
        ("loo deal bob=2 BOB=1", "Error: Bob is named twice\n"),
        ("loo deal", "Error: say what happened: who played and the tricks each took, who took "
                     "miss, or that all passed (PLAYER=TRICKS)\n"),
        ("loo deal Cid=3", "Error: only Cid declared: the dealer Bob must play or defend the "
                           "pool; name Bob with his tricks, and say he defended if he played "
                           "for the pool (in short: def; or --defend)\n"),
        ("loo deal Cid=2 Dan=1 --miss Ann", "Error: Ann took miss and so had to play: name Ann "
                                            "with his tricks (PLAYER=TRICKS)\n"),
        ("loo deal Cid=2 Dan=1 --dealer Eve", "Error: unknown player 'Eve': the players are "
                                              "Ann, Bob, Cid, Dan\n"),
        ("loo deal Cid=1 Bob=2 --defend --order Cid,Bob", "Error: the trick winners Cid,Bob "
                                                          "name 2 tricks: give the winners of "
                                                          "all 3 tricks (--order)\n"),
        ("loo deal Cid=1 Bob=2 --defend --order Cid,Bob,Dan", "Error: the trick winners name "
                                                              "Dan, who did not play "
                                                              "(--order)\n"),
    ],
)
def test_a_refused_deal_is_one_line_exit_1_and_the_file_unchanged(
    tmp_path: Path, line: str, message: str
) -> None:
    play_lines(tmp_path, EVENING[:2])
    path = tmp_path / "evening.toml"
    before = path.read_bytes()
    result = run(tmp_path, line, code=1)
    assert result.stderr == message
    assert result.stdout == ""
    assert path.read_bytes() == before


def test_an_uneven_pool_without_the_order_says_how_to_give_it(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:3])
    result = run(tmp_path, "loo deal Dan=2 Ann=1 Bob=0", code=1)
    assert result.stderr == (
        "Error: the pool of 7 does not divide by 3: give the winners of tricks 1, 2 and 3 in "
        "order, e.g. Ann,Dan,Dan (in short: o P,P,P; or --order)\n"
    )


def test_a_must_refuses_a_miss(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:5])
    assert run(tmp_path, "loo deal --miss Bob", code=1).stderr == (
        "Error: this hand is a must: there is no miss and everyone plays\n"
    )


@pytest.mark.parametrize(
    "line",
    [
        "loo deal Ann=x",
        "loo deal Ann",
        "loo deal Ann=²",
        "loo deal Ann=①",
        "loo deal Ann=" + "9" * 5000,
        "loo deal --bogus",
        "loo deal --miss",
        "loo deal --all-pass Ann=3",
        "loo deal --all-pass --miss Bob",
        "loo new",
        "loo new x",
        "loo new x --players A,B,C --remainder late",
        "loo new x --players A,B,C --ante three",
        "loo new x --players A,B,C --ante ３",
        "loo new x --players A,B,C --limit 10",
        "loo new x --players A,B,C --unlimited --loo 5",
        "loo new x --players A,B,C --value abc",
        "loo new x --players A,B,C --value ٠.٠٥",
        "loo new x --players A,B,C --value 𝟓",
        "loo new x --players A,B,C --currency 'k\nr'",
        "loo new x --players A,B,C --date 2026-13-01",
        "loo new x --players A,,C",
        "loo new x --players A,B,C,",
        "loo deal a=1 b=2 --order a,,b",
        "loo deal a=1 b=1 c=1 --miss a --miss b",
        "deal a=1 b=1 c=1 --miss",
        "show --format nope",
        "settle --format",
        "check -s",  # check alone checks the current session
        "-s evening book",
        "frobnicate",
    ],
)
def test_wrong_usage_exits_2(tmp_path: Path, line: str) -> None:
    play_lines(tmp_path, EVENING[:1])
    before = (tmp_path / "evening.toml").read_bytes()
    result = run(tmp_path, line, code=2)
    assert "Error:" in result.stderr
    assert (tmp_path / "evening.toml").read_bytes() == before
    assert not (tmp_path / "x.toml").exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("loo new x --players A,B", "Error: 2 players: Three-card Loo takes 3 to 16\n"),
        ("loo new x --players A,B,a", "Error: player 'a' is named twice (case is ignored)\n"),
        ("loo new x --players A,B=,C", "Error: player name 'B=' holds '=': not allowed\n"),
        ("loo new x --players A,+B,C", "Error: player name '+B' begins with '+': a "
                                       "spreadsheet would read it as a formula\n"),
        ("loo new x --players A,-B,C", None),
        ("loo new x --players A,@B,C", None),
        ("loo new x --players 'A,B\tC,D'", "Error: player name 'B<TAB>C' holds a control "
                                           "character\n"),
        ("loo new x --players 'A,\x1b[31mB,C'", None),
        ("loo new x --players A,B,C --ante 4", "Error: ante 4 is not a positive multiple of 3 "
                                               "(3, 6, 9, ...)\n"),
        ("loo new x --players A,B,C --first-dealer Q", "Error: first dealer: unknown player "
                                                       "'Q': the players are A, B, C\n"),
        ("loo new ../x --players A,B,C", "Error: '../x' is a path, and a session file's name "
                                         "ends in .toml (or give a name without '/')\n"),
        ("loo new 'a:b' --players A,B,C", "Error: session name 'a:b' holds ':', which macOS "
                                          "and Windows do not allow in a file name\n"),
        ("loo new NUL --players A,B,C", "Error: session name 'NUL' is kept by Windows for a "
                                        "device (CON, NUL, COM1 and the like): give another\n"),
        ("use nothing", None),
        ("use ../../etc/passwd", "Error: session name '../../etc/passwd' holds '/', which "
                                 "separates folders\n"),
        ("show -s nothing", None),
        ("undo -s nothing", None),
    ],
)
def test_refused_commands_exit_1(tmp_path: Path, line: str, message: str | None) -> None:
    result = run(tmp_path, line, code=1)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    assert "\x1b" not in result.stderr
    if message:
        assert result.stderr == message
    assert not (tmp_path / "x.toml").exists()


def test_names_with_inner_spaces_work_everywhere(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players 'Mary Ann,Bob,Jo\u00a0Lee' --date 2026-11-27")
    run(tmp_path, "loo deal 'Mary Ann=2' Bob=1 jo=0")
    run(tmp_path, "loo deal m=3 b=0")
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert [p["name"] for p in data["players"]] == ["Mary Ann", "Bob", "Jo\u00a0Lee"]
    assert run(tmp_path, "check x.toml".replace("x.toml", str(tmp_path / "x.toml"))).stdout
    assert 'tricks = { "Mary Ann" = 2, Bob = 1, "Jo\u00a0Lee" = 0 }' in (
        tmp_path / "x.toml").read_text()


def test_an_ambiguous_start_of_a_name_is_refused_naming_the_candidates(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Anna,Bob")
    assert run(tmp_path, "loo deal an=2 b=1", code=1).stderr == (
        "Error: 'an' could be Ann or Anna: type more of the name\n")
    run(tmp_path, "loo deal ann=2 b=1")  # a whole name is never ambiguous


def test_new_refuses_to_replace_a_session_without_force(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:2])
    path = tmp_path / "evening.toml"
    before = path.read_bytes()
    result = run(tmp_path, "loo new evening --players A,B,C", code=1)
    assert result.stderr == (
        f"Error: session 'evening' exists already ({path}): use --force to replace it (the "
        "old file is kept)\n")
    assert path.read_bytes() == before
    result = run(tmp_path, "loo new evening --players A,B,C --force")
    assert result.stderr == f"The session it replaces is kept as {path}.~1~.\n"
    assert "deals = []" in path.read_text()
    assert (tmp_path / "evening.toml.~1~").read_bytes() == before
    run(tmp_path, "loo new evening --players A,B --force", code=1)  # Loo takes 3 or more
    run(tmp_path, "loo new evening --players A,B,D --force")
    assert (tmp_path / "evening.toml.~2~").read_text().count("deals = []") == 1


def test_no_session_yet_says_how_to_start_one(tmp_path: Path) -> None:
    said = run(tmp_path, "show", code=1).stderr
    assert said.startswith("Error: no session chosen: start one with 'scorekeeper GAME new NAME")
    assert all(game in said for game in ("loo", "pinochle", "bridge"))


def test_sessions_use_and_the_session_option(tmp_path: Path) -> None:
    run(tmp_path, "loo new first --players A,B,C --date 2026-11-01")
    run(tmp_path, "loo new second --players D,E,F --date 2026-11-02")
    listed = json.loads(run(tmp_path, "sessions --format json").stdout)["sessions"]
    assert [(s["name"], s["current"], s["deals"], s["date"]) for s in listed] == [
        ("first", False, 0, "2026-11-01"), ("second", True, 0, "2026-11-02")
    ]
    run(tmp_path, "loo deal D=3 E=0")
    run(tmp_path, "use first")
    run(tmp_path, "loo deal A=2 B=1")
    run(tmp_path, "loo deal -s second D=3 E=0 F=0")
    assert json.loads(run(tmp_path, "show -s second --format json").stdout)["next_dealer"] == "F"
    assert len(json.loads(run(tmp_path, "show --format json").stdout)["deals"]) == 1
    table = run(tmp_path, "sessions").stdout
    assert table.splitlines()[2].startswith(">")
    assert "first" in table.splitlines()[2]


def test_session_by_path_and_by_environment(tmp_path: Path) -> None:
    example = ROOT / "sessions" / "loo-evening.toml"
    data = json.loads(run(tmp_path, f"settle -s {example} --format json").stdout)
    assert {p["name"]: p["net"] for p in data["players"]} == EVENING_NETS
    result = CliRunner().invoke(
        cli, ["settle", "--format", "json"],
        env={"SCOREKEEPER_DIR": str(tmp_path), "SCOREKEEPER_SESSION": str(example)},
    )
    assert json.loads(result.stdout)["session"] == "loo-evening"


def test_show_deal_by_deal(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    lines = run(tmp_path, "show", COLUMNS="200").stdout.splitlines()
    assert lines[0].split() == ["#", "dealer", "what", "happened", "Ann", "Bob", "Cid", "Dan",
                                "pool"]
    assert lines[2].split() == ["1", "Ann", "Bob", "+2,", "Dan", "+1,", "Cid", "looed", "3",
                                "-3", "+2", "-3", "+1", "3"]
    assert lines[-2:] == ["Pool now 6.", "Next dealer: Bob."]
    data = json.loads(run(tmp_path, "show --format json").stdout)
    assert data["pool"] == 6 and data["next_dealer"] == "Bob" and data["next_must"] is False
    assert [d["dealer"] for d in data["deals"]] == ["Ann", "Bob", "Cid", "Dan"] * 2 + ["Ann"]
    assert [d["number"] for d in data["deals"]] == list(range(1, 10))
    assert data["deals"][2]["looed"] == {"Bob": 7}
    assert data["deals"][4]["must"] is True and data["deals"][6]["must"] is False
    csv_lines = run(tmp_path, "show --format csv").stdout.splitlines()
    assert csv_lines[0] == "#,dealer,what happened,Ann,Bob,Cid,Dan,pool"
    assert len(csv_lines) == 10


def test_show_fits_an_80_column_terminal(tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid,Dan,Eve")
    play_lines(tmp_path, ["loo deal a=0 b=0 c=2 d=1 --miss d", "loo deal b=3 c=0 d=0 e=0"])
    out = run(tmp_path, "show", COLUMNS="80").stdout
    assert max(map(len, out.splitlines())) <= 80
    assert out.count("looed 3") == 5 and "Eve looed 3\n" in out
    wide = run(tmp_path, "show", COLUMNS="200").stdout
    assert "Bob +9, Cid looed 3, Dan looed 3, Eve looed 3" in wide


def test_a_pool_too_small_to_give_everyone_one_goes_one_each_from_the_next_dealer(
        tmp_path: Path) -> None:
    run(tmp_path, "loo new x --players Ann,Bob,Cid,Dan")
    run(tmp_path, "deal b=3 c=0")  # Cid looed: 3 left in the pool for 4 players
    assert "The pool held 3 counters, shared out: one to Bob, Cid, Dan (in the nets)." in run(
        tmp_path, "settle").stdout


def test_settle_table(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    out = run(tmp_path, "settle").stdout
    assert out.splitlines()[0] == "Three-card Loo 'evening': 9 deals, 1 counter = 0.05 kr."
    assert "The pool held 6 counters, shared out: 1 each, 1 more to Bob, Cid (in the nets)." in out
    assert ["Dan", "-8", "-0.40"] in [line.split() for line in out.splitlines()]
    csv_out = run(tmp_path, "settle --format csv --table payments").stdout
    assert csv_out.splitlines() == [
        "pays,to,counters,money (kr)", "Cid,Ann,2,0.10", "Dan,Ann,1,0.05", "Dan,Bob,7,0.35"
    ]


def test_undo_removes_the_last_deal_and_says_what(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING)
    result = run(tmp_path, "undo")
    assert result.stdout == (
        "Removed hand 9 (dealt by Ann): Ann +2, Cid +1, Bob looed 3, Dan looed 3.\n"
        "8 hands left; next dealer: Ann.\n"
        "Nets now: Bob +7 -> +8, Cid -2 -> -5, Dan -8 -> -6.\n"
    )
    for _ in range(8):
        run(tmp_path, "undo")
    assert run(tmp_path, "undo", code=1).stderr == "Error: session 'evening' has no deals to undo\n"


def test_check_reports_every_bad_file_with_its_line(tmp_path: Path) -> None:
    good = ROOT / "sessions" / "loo-evening.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text().replace("Ann = 2, Bob = 0", "Ann = 3, Bob = 0"))
    broken = tmp_path / "broken.toml"
    broken.write_text("players = [\n")
    result = run(tmp_path, f"check {good} {bad} {broken} {tmp_path} {tmp_path / 'none.toml'}",
                 code=1)
    assert result.stdout == f"{good}: ok (loo, 4 players, 9 deals)\n"
    line = bad.read_text().splitlines().index(
        "    { tricks = { Ann = 3, Bob = 0, Cid = 1, Dan = 0 } },") + 1
    assert result.stderr.splitlines() == [
        f"{bad}:{line}: deal 9: tricks total 4, not 3: Ann=3 Bob=0 Cid=1 Dan=0",
        f"{broken}:2: not valid TOML: Invalid value",
        f"{tmp_path}: '{tmp_path}' is a folder, not a session file",
        f"{tmp_path / 'none.toml'}: no session file '{tmp_path / 'none.toml'}'",
    ]


def test_a_bad_file_is_never_overwritten(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:3])
    path = tmp_path / "evening.toml"
    path.write_text(path.read_text().replace("ante = 3", "ante = 4"))
    before = path.read_bytes()
    for line in ("loo deal --all-pass", "undo", "show", "settle", "deal --all-pass"):
        result = run(tmp_path, line, code=1)
        assert result.stderr.startswith(f"Error: {path}:")
        assert "ante 4 is not a positive multiple of 3" in result.stderr
    assert path.read_bytes() == before


def test_every_command_has_help_with_an_example() -> None:
    def walk(command: click.Command, path: list[str]) -> list[list[str]]:
        found = [path]
        if isinstance(command, click.Group):
            for name in command.list_commands(click.Context(command)):
                sub = command.get_command(click.Context(command), name)
                assert sub is not None
                found += walk(sub, [*path, name])
        return found

    for path in walk(cli, []):
        result = CliRunner().invoke(cli, [*path, "--help"])
        assert result.exit_code == 0, path
        if len(path) == 1 and path[0] in ("loo", "pinochle", "bridge"):
            continue
        assert "Example" in result.stdout, path


def test_version() -> None:
    from scorekeeper import __version__

    assert CliRunner().invoke(cli, ["--version"]).stdout == f"scorekeeper, version {__version__}\n"


def test_shell_completion_of_sessions_players_suits_and_formats(tmp_path: Path) -> None:
    play_lines(tmp_path, EVENING[:1])
    run(tmp_path, "loo new other --players X,Y,Z")
    run(tmp_path, "use evening")

    def complete(words: str) -> list[str]:
        env = {
            "SCOREKEEPER_DIR": str(tmp_path),
            "_SCOREKEEPER_COMPLETE": "bash_complete",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
        }
        proc = subprocess.run([scorekeeper_command()], env=env, capture_output=True, text=True, check=False)
        return [line.split(",", 1)[1] for line in proc.stdout.splitlines()]

    assert complete("scorekeeper use ") == ["evening", "other"]
    assert complete("scorekeeper loo deal B") == ["Bob="]
    assert complete("scorekeeper loo deal --miss ") == ["Ann", "Bob", "Cid", "Dan"]
    assert complete("scorekeeper loo deal -s other ") == ["X=", "Y=", "Z=", "miss", "m",
                                                          "defend", "def", "pass", "order",
                                                          "o"]
    assert complete("scorekeeper deal b2 a") == ["Ann="]  # b2 names Bob as b=2 does
    assert complete("scorekeeper deal b=2 a") == ["Ann="]  # Bob is named already
    assert complete("scorekeeper deal b=2 miss ") == ["Ann", "Bob", "Cid", "Dan"]
    assert complete("scorekeeper show --format g") == ["github", "grid"]
    assert complete("scorekeeper bridge deal --trump h") == ["hearts", "hjerter"]
    assert complete("scorekeeper pinochle meld --trump c") == ["clubs"]
    # deal and amend complete as the session's own game
    assert complete("scorekeeper deal B") == ["Bob="]
    assert complete("scorekeeper deal b=2 --mi") == ["--miss"]
    assert complete("scorekeeper deal -s other --miss ") == ["X", "Y", "Z"]
    assert complete("scorekeeper amend 1 --miss C") == ["Cid"]
    assert complete("scorekeeper book --game p") == ["pinochle"]
    run(tmp_path, "pinochle new p --players Ann,Bob,Cid,Dan")  # Ann deals, and sits out
    assert complete("scorekeeper deal ") == ["Bob", "Cid", "Dan", "pass"]
    assert complete("scorekeeper deal b 350 190 ") == ["d", "c", "x"]
    run(tmp_path, "bridge new b --players Ann,Bob,Cid,Dan,Eve")  # Eve sits out rubber 1
    assert complete("scorekeeper deal h ") == ["Ann", "Bob", "Cid", "Dan"]
    assert complete("scorekeeper deal h b8 b2 ") == ["Ann", "Cid", "Dan", "x", "xx", "-",
                                                     "void", "v"]
    assert "complete -o nosort -F" in run(tmp_path, "completion bash").stdout


# --- the installed command, as a subprocess -------------------------------------------------


def test_the_installed_command_records_and_settles(tmp_path: Path) -> None:
    import shlex

    env = {"SCOREKEEPER_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for line in EVENING:
        proc = subprocess.run([scorekeeper_command(), *shlex.split(line)], env=env,
                              capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stderr
    proc = subprocess.run([scorekeeper_command(), "settle", "--format", "json"], env=env,
                          capture_output=True, text=True, check=False)
    assert {p["name"]: p["net"] for p in json.loads(proc.stdout)["players"]} == EVENING_NETS
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "loo", "deal", "Zed=3"], env=env,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert proc.stderr == "Error: unknown player 'Zed': the players are Ann, Bob, Cid, Dan\n"
    proc = subprocess.run([scorekeeper_command(), "loo", "deal", "Ann=x"], env=env,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_the_installed_command_reports_a_damaged_file_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_bytes(b"\x00\xff garbage [[[")
    for args in (["show", "-s", str(path)], ["check", str(path)],
                 ["loo", "deal", "-s", str(path), "--all-pass"], ["deal", "-s", str(path)]):
        proc = subprocess.run([scorekeeper_command(), *args], capture_output=True, text=True, check=False,
                              env={"SCOREKEEPER_DIR": str(tmp_path)})
        assert proc.returncode == 1, args
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert f"{path}:1: not UTF-8 text" in proc.stderr


def test_a_control_character_in_a_mistake_of_usage_is_shown_escaped() -> None:
    """click's own messages quote what was typed: never raw to the terminal."""
    from .helpers import scorekeeper_command

    proc = subprocess.run([scorekeeper_command(), "show", "\x1b]0;pwned\x07"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr
    assert "Got unexpected extra argument (<ESC>]0;pwned<BEL>)" in proc.stderr


@pytest.mark.parametrize("line", ["book --dir {d}", "stats --dir {d}", "sessions --dir {d}",
                                  "show --dir {d} -s x", "settle -s x --dir {d}",
                                  "deal --dir {d} -s x --dry-run a=3 b=0",
                                  "loo new y --players A,B,C --dir {d}", "use x --dir {d}"])
def test_dir_is_taken_after_the_command_too(tmp_path: Path, line: str) -> None:
    club = tmp_path / "club"
    club.mkdir()
    run(club, "loo new x --players Ann,Bob,Cid")
    run(club, "deal a=3 b=0")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = run(club, line.replace(" --dir {d}", "")).stdout if "new" not in line else None
    after = run(elsewhere, line.format(d=club)).stdout
    if before is not None:
        assert after == before
    assert not list(elsewhere.iterdir())


@pytest.mark.parametrize(("value", "money"), [("0.5", ["+0.50", "-1.00", "+0.50"]),
                                              ("1", ["+1", "-2", "+1"]),
                                              ("0.005", ["+0.005", "-0.010", "+0.005"])])
def test_money_is_shown_to_the_currency_places_or_whole(tmp_path: Path, value: str,
                                                        money: list[str]) -> None:
    run(tmp_path, f"loo new x --players Ann,Bob,Cid --value {value}")
    run(tmp_path, "deal a=3 b=0")
    nets = run(tmp_path, "settle").stdout.split("\n\n")[1]
    rows = [line.split() for line in nets.splitlines()]
    assert [r[-1] for r in rows if r and r[0] in ("Ann", "Bob", "Cid")] == money
    data = json.loads(run(tmp_path, "settle --format json").stdout)
    assert [p["money"] for p in data["players"]] == [m.lstrip("+") for m in money]
    book = json.loads(run(tmp_path, "book --format json").stdout)
    assert [p["money"] for p in book["sittings"][0]["players"]] == [m.lstrip("+")
                                                                     for m in money]
