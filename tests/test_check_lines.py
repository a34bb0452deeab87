"""`check` says each file in one line, its name first, however long its path and however
narrow the terminal: a script greps for ': ok', and a person reads one line a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import run


@pytest.mark.parametrize("columns", ["40", "60", "80"])
def test_an_ok_line_is_never_wrapped(tmp_path: Path, columns: str) -> None:
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4)
    folder.mkdir()
    run(folder, "bridge new x --players Ann,Bob,Cid,Dan")
    (folder / "payments.toml").write_text('format = "scorekeeper payments"\nversion = 1\n')
    said = run(folder, f"check {folder / 'x.toml'} {folder / 'payments.toml'}",
               COLUMNS=columns).output.splitlines()
    assert said == [f"{folder / 'x.toml'}: ok (bridge, 4 players, 0 deals)",
                    f"{folder / 'payments.toml'}: ok (payments, 0 payments)"]
