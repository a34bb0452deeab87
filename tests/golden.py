"""The README's Loo evening and Bridge evening played in Danish (SCOREKEEPER_LANG=da), each
command with what it printed, kept in tests/golden/ and compared by tests/test_danish.py.

`python -m tests.golden` writes them anew (after a change to the words: read the
difference).
"""

from __future__ import annotations

from pathlib import Path

from .readme import README, _run, examples, folders, interactive

GOLDEN = Path(__file__).resolve().parent / "golden"
#: The README's sections played, and the file each is kept in.
EVENINGS = {"A Loo evening": "loo-evening.da.txt", "A Bridge evening": "bridge-evening.da.txt"}


def section(text: str, title: str) -> str:
    """The README's section `title`, as far as the next section."""
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def played(title: str) -> str:
    """Each command of the README's section `title`, run in Danish, and what it printed."""
    import os
    import sys

    text = README.read_text()
    out = []
    with folders() as (work, data):
        env = {**os.environ, "SCOREKEEPER_DIR": str(data), "COLUMNS": "80", "HOME": str(work),
               "NO_COLOR": "1", "LANG": "C.UTF-8", "SCOREKEEPER_LANG": "da",
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        env.pop("SCOREKEEPER_SESSION", None)
        env.pop("LANGUAGE", None)
        for _line, command, _shown in examples(section(text, title)):
            if interactive(command):
                continue
            printed = _run(command, env, work)
            out += [f"$ {command}", *(p.replace(str(data), "DATA") for p in printed)]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for title, name in EVENINGS.items():
        (GOLDEN / name).write_text(played(title), encoding="utf-8")
