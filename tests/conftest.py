"""What every test shares: English, whatever the machine's locale (a test of Danish says so
itself); no terminal width from the environment (a test of a width sets COLUMNS itself);
temporary files (an edit's kept copy, say) go to the test's own folder, never the machine's
/tmp; the key that signs caches is made in a state folder of the suite's own."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# before the program is imported: its help is made in the language of the environment
os.environ.update(LC_ALL="C", LANGUAGE="")
for _name in ("SCOREKEEPER_LANG", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
# the key that signs the caches (files.signing) is the suite's own, not the user's
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="scorekeeper-state-")


def _every_command_in_english() -> None:
    """Each game's commands, and every other command, imported now, in English, as a run of the program imports them
    in the language it chose: their help and metavars are made at import, and a test that
    happened to import one first while speaking Danish (--lang da in-process) would leave
    them Danish for every test after it."""
    import importlib
    import pkgutil

    import scorekeeper.cli
    from scorekeeper.cli.main import game_cli
    from scorekeeper.games import NAMES

    for game in NAMES:
        game_cli(game)
    for module in pkgutil.iter_modules(scorekeeper.cli.__path__):  # pay, book, sheet ...
        importlib.import_module(f"scorekeeper.cli.{module.name}")


_every_command_in_english()


@pytest.fixture(autouse=True)
def _own_temp_folder(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder: Path = tmp_path_factory.mktemp("temp")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setenv("TMPDIR", str(folder))


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output into a pipe is not wrapped, and a test's output is a pipe's: a COLUMNS the
    suite was started with (CI sets COLUMNS=80) would wrap every line naming a long path
    (`check`'s "FILE: ok"), and make a test pass or fail by where the checkout is."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
