"""The shape of the code: the core never imports the CLI, the table printer or the file
format, and the deal command imports nothing it does not need."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
CORE = ["ledger.py", "session.py", "errors.py", *(f"games/{p.name}" for p in (PACKAGE / "games").glob("*.py"))]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", CORE)
def test_the_core_imports_no_cli_table_or_file_format(module: str) -> None:
    assert not imported_modules(PACKAGE / module) & {"click", "tabulate", "tomllib", "tomli_w"}


def test_only_cli_imports_click() -> None:
    users = {p.name for p in PACKAGE.rglob("*.py") if "click" in imported_modules(p)}
    assert users == {"cli.py"}


def test_recording_a_deal_imports_only_what_it_needs() -> None:
    """tabulate, pathlib, decimal, json and hashlib cost milliseconds at every deal."""
    code = (
        "import sys; before = set(sys.modules);"
        "import scorekeeper.cli, scorekeeper.games.loo;"
        "print(' '.join(m for m in ('tabulate', 'pathlib', 'decimal', 'json', 'hashlib',"
        " 'dataclasses') if m in set(sys.modules) - before))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == []
