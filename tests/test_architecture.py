"""The shape of the code: imports point one way (cli -> store, render -> session -> games,
ledger -> errors), the core never imports the command line, the table printer or the file
format, and recording a deal imports nothing it does not need."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MODULES = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))
CORE = ["ledger.py", "session.py", "errors.py", *(m for m in MODULES if m.startswith("games/"))]
#: What each part of the package may import of the others.
ALLOWED = {
    "games": {"errors", "ledger", "games", "text"},
    "session": {"errors", "ledger", "games", "text"},
    "render": {"errors", "ledger", "games", "session", "reckoning", "book", "render", "text"},
    "reckoning": {"errors", "ledger", "games", "session"},
    "book": {"errors", "ledger", "text"},
    # the files: the store reads and writes them, through the parts below it
    "store": {"errors", "ledger", "games", "session", "codec", "textedit", "outline", "atomic",
              "cache", "paths", "text"},
    "revise": {"errors", "session", "store", "atomic", "textedit"},
    "codec": {"errors", "ledger", "games", "session", "tomltext", "outline", "upgrade", "text"},
    "textedit": {"outline", "tomltext"},
    "cache": {"atomic", "__init__"},
    "paths": {"errors", "atomic", "tomltext"},
    "atomic": {"errors"},
    "outline": set(),
    "tomltext": set(),
    "upgrade": set(),
    "ledger": {"errors"},
    "text": set(),
    "errors": set(),
    "__init__": set(),
    "cli": None,  # the top: anything
    "entry": None,
    "__main__": None,
}


def imports(path: Path) -> set[str]:
    """The modules `path` imports: third-party by name, the package's own as
    'scorekeeper.x'."""
    names = set()
    package = path.relative_to(PACKAGE).parent.parts
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
            else:
                base = package[: len(package) - node.level + 1]
                if node.module:
                    parts = [*base, *node.module.split(".")]
                    names.add("scorekeeper." + parts[0])
                    continue
                for alias in node.names:  # from . import x, y: modules, or names in __init__
                    is_module = (PACKAGE.joinpath(*base, alias.name + ".py").exists()
                                 or PACKAGE.joinpath(*base, alias.name).is_dir())
                    parts = [*base, alias.name if is_module else "__init__"]
                    names.add("scorekeeper." + parts[0])
    return names


@pytest.mark.parametrize("module", CORE)
def test_the_core_imports_no_cli_table_or_file_format(module: str) -> None:
    assert not imports(PACKAGE / module) & {"click", "tabulate", "tomllib", "tomli_w",
                                            "prompt_toolkit", "plotext", "platformdirs"}


@pytest.mark.parametrize("module", MODULES)
def test_imports_point_one_way(module: str) -> None:
    part = module.split("/", maxsplit=1)[0].removesuffix(".py")
    assert part in ALLOWED, f"{module}: say in ALLOWED what it may import"
    allowed = ALLOWED[part]
    if allowed is None:
        return
    own = {name.split(".")[1] for name in imports(PACKAGE / module) if name.startswith("scorekeeper.")}
    assert own <= allowed | {part}, f"{module} imports {sorted(own - allowed - {part})}"


def test_only_the_command_line_imports_click() -> None:
    users = {m for m in MODULES if "click" in imports(PACKAGE / m)}
    assert users and all(m.startswith("cli/") for m in users)


def test_recording_a_deal_imports_only_what_it_needs() -> None:
    """tabulate, decimal, json, hashlib, the prompt and the plots cost milliseconds at every
    deal; the other games' rules too."""
    code = (
        "import sys; before = set(sys.modules);"
        "import scorekeeper.cli, scorekeeper.cli.loo, scorekeeper.store;"
        "print(' '.join(m for m in ('tabulate', 'decimal', 'json', 'hashlib', 'difflib',"
        " 'prompt_toolkit', 'plotext', 'platformdirs', 'scorekeeper.games.bridge',"
        " 'scorekeeper.games.pinochle', 'scorekeeper.render.reports', 'scorekeeper.reckoning',"
        " 'scorekeeper.outline', 'scorekeeper.textedit', 'unicodedata', 'click.shell_completion',"
        " 'tomllib')"
        " if m in set(sys.modules) - before))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == []
