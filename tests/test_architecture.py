"""The shape of the code: the package's top reads as its layers -- the domain (errors,
ledger, session, reckoning, book, games/), the session file (files/), the views (render/),
the command line (cli/) -- and imports point one way (cli -> files, render -> session ->
games, ledger -> errors); the core never imports the command line, the table printer or the
file format, and recording a deal imports nothing it does not need."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.games import NAMES

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MODULES = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))
CORE = ["ledger.py", "session.py", "seating.py", "tablenow.py", "errors.py", "reckoning.py",
        "book.py", "history.py", "i18n.py", "values.py",
        *(m for m in MODULES if m.startswith("games/"))]
#: What each part of the package may import of the others.
ALLOWED = {
    # the domain (i18n: the words a person reads, in the language chosen)
    "errors": {"i18n"},
    "text": {"i18n"},
    "i18n": {"values"},
    "values": set(),
    "ledger": {"errors", "i18n", "text", "values"},
    "games": {"errors", "ledger", "games", "text", "i18n", "values"},
    "tablenow": {"errors", "games", "i18n", "values"},
    "seating": {"errors", "ledger", "games", "tablenow", "text", "i18n", "values"},
    "session": {"errors", "ledger", "games", "seating", "tablenow", "text", "i18n", "values"},
    "reckoning": {"errors", "ledger", "games", "session", "i18n"},
    "book": {"errors", "ledger", "text", "i18n"},
    "history": {"errors", "text", "i18n", "values"},
    "typed": {"errors", "i18n", "text"},  # amounts and days as a person types them
    "__init__": set(),
    # the session file, on the domain (FILES says what its modules may import of each other)
    "files": {"errors", "ledger", "games", "session", "seating", "tablenow", "history", "text",
              "files", "book", "__init__", "i18n", "values"},
    # the views
    "render": {"errors", "ledger", "games", "session", "seating", "tablenow", "reckoning", "book",
               "history", "render", "text", "i18n", "values"},
    # the command line: the top, anything
    "cli": None,
    "entry": None,
    "__main__": None,
    "locale": set(),
}
#: Inside the files: the read and the write on the file form, on the text, on the disk.
FILES = {
    "__init__": {"change", "checking", "snapshot"},
    "revise": {"change", "checking", "codec", "inplace", "record", "snapshot", "tomlread"},
    "inplace": {"cache", "change", "codec", "fastread", "record", "snapshot", "tomltext"},
    "record": {"change", "snapshot"},
    "checking": {"atomic", "codec", "outline", "paths", "payfile", "retrace", "tomlread"},
    "retrace": {"codec", "tomltext"},
    "change": {"append", "atomic", "cache", "codec", "edits", "snapshot", "store", "tomlread"},
    "store": {"atomic", "codec", "edits", "outline"},
    "edits": {"textedit"},
    "snapshot": {"append", "atomic", "cache", "codec", "marks", "paths", "textedit",
                 "tomlread"},
    "marks": {"atomic", "cache", "codec", "signing"},
    "shown": {"atomic", "cache", "signing"},
    "payfile": {"append", "atomic", "codec", "edits", "fastread", "outline", "paths", "store",
                "tomlread", "tomltext", "paycache"},
    "paycache": {"atomic", "cache", "codec", "signing"},
    "folder": {"atomic", "paths", "signing", "snapshot"},
    "cache": {"append", "atomic", "codec", "signing"},
    "signing": set(),
    "codec": {"tomlread", "tomltext", "outline", "upgrade"},
    "tomlread": {"fastread"},
    "fastread": {"tomltext"},
    "textedit": {"append", "outline", "tomltext"},
    "append": {"tomltext"},
    "paths": {"atomic", "tomltext"},
    "atomic": set(),
    "outline": set(),
    "tomltext": set(),
    "upgrade": set(),
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
                    names.add("scorekeeper." + ".".join(parts))
                    continue
                for alias in node.names:  # from . import x, y: modules, or names in __init__
                    is_module = (PACKAGE.joinpath(*base, alias.name + ".py").exists()
                                 or PACKAGE.joinpath(*base, alias.name).is_dir())
                    parts = [*base, alias.name if is_module else "__init__"]
                    names.add("scorekeeper." + ".".join(parts))
    return names


@pytest.mark.parametrize("module", CORE)
def test_the_core_imports_no_cli_table_or_file_format(module: str) -> None:
    assert not imports(PACKAGE / module) & {"click", "tabulate", "tomllib", "tomli_w",
                                            "prompt_toolkit", "platformdirs"}


@pytest.mark.parametrize("module", MODULES)
def test_imports_point_one_way(module: str) -> None:
    part = module.split("/", maxsplit=1)[0].removesuffix(".py")
    assert part in ALLOWED, f"{module}: say in ALLOWED what it may import"
    allowed = ALLOWED[part]
    if allowed is None:
        return
    found = [name.split(".")[1:] for name in imports(PACKAGE / module)
             if name.startswith("scorekeeper.")]
    own = {parts[0] for parts in found}
    assert own <= allowed | {part}, f"{module} imports {sorted(own - allowed - {part})}"
    if part == "files":
        inner = module.removeprefix("files/").removesuffix(".py")
        assert inner in FILES, f"{module}: say in FILES what it may import"
        used = {parts[1] if len(parts) > 1 else "__init__" for parts in found
                if parts[0] == "files"}
        assert used <= FILES[inner], f"{module} imports {sorted(used - FILES[inner])}"


def test_the_top_of_the_package_reads_as_its_layers() -> None:
    top = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__")
    assert top == ["__init__.py", "__main__.py", "book.py", "cli", "entry.py", "errors.py",
                   "files", "fonts", "games", "history.py", "i18n.py", "ledger.py", "locale",
                   "reckoning.py", "render", "seating.py", "session.py", "tablenow.py", "text.py",
                   "typed.py", "values.py"]


def test_only_the_command_line_imports_click() -> None:
    users = {m for m in MODULES if "click" in imports(PACKAGE / m)}
    assert users and all(m.startswith("cli/") for m in users)


def test_recording_a_deal_imports_only_what_it_needs(tmp_path: Path) -> None:
    """tabulate, decimal, json, hashlib, the prompt and the plots cost milliseconds at every
    deal; the other games' modules (of every game the registry names), the TOML parser and
    the text editing of files laid out by hand too. Counted after a real deal, from the
    cached standing."""
    from .helpers import scorekeeper_command

    env = {"SCOREKEEPER_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for line in ("loo new n --players Ann,Bob,Cid", "deal a=2 b=1 c=0"):
        subprocess.run([scorekeeper_command(), *line.split()], env=env, check=True,
                       capture_output=True)
    code = (
        "import sys\n"
        "unneeded = sys.argv[1:]\n"
        "from scorekeeper.entry import main\n"
        "sys.argv = ['scorekeeper', 'deal', 'a=1', 'b=2', 'c=0']\n"
        "try:\n    main()\nexcept SystemExit as done:\n    assert done.code == 0, done.code\n"
        "print(' '.join(m for m in unneeded if m in sys.modules), file=sys.stderr)"
    )
    others = [f"scorekeeper.{part}.{name}" for name in NAMES if name != "loo"
              for part in ("games", "cli", "render")]
    unneeded = ["tabulate", "decimal", "json", "hashlib", "difflib", "prompt_toolkit",
                "platformdirs", *others, "scorekeeper.games.partnership",
                "scorekeeper.render.reports", "scorekeeper.reckoning",
                "scorekeeper.files.outline", "scorekeeper.files.textedit", "unicodedata",
                "click.shell_completion", "tomllib", "tomli_w"]
    out = subprocess.run([sys.executable, "-c", code, *unneeded], capture_output=True,
                         text=True, check=True, env=env)
    assert "Hand 2" in out.stdout
    assert out.stderr.split() == []
