"""What every test shares: English, whatever the machine's locale (a test of Danish says so
itself); temporary files (an edit's kept copy, say) go to the test's own folder, never the
machine's /tmp."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# before the program is imported: its help is made in the language of the environment
os.environ.update(LC_ALL="C", LANGUAGE="")
for _name in ("SCOREKEEPER_LANG", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)


@pytest.fixture(autouse=True)
def _own_temp_folder(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder: Path = tmp_path_factory.mktemp("temp")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setenv("TMPDIR", str(folder))
