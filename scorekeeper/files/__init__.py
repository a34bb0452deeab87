"""The session file and the folder's book of payments: everything that reads or writes one.

One read, `open(path) -> Snapshot`: the file's bytes, its layout, the session and where it
stands (from the cached standing when it was made from those bytes). One write,
`save(snapshot, change)`: a change computed from a snapshot (files.revise) is written only
onto the file that snapshot was read from, and only if the file still holds its bytes; or,
for a command that asks nothing in between, `editing(path)` takes the lock, reads the file
once under it and saves onto it. The book of payments (payfile) is kept the same way: both
are kinds of file of one store (store), which holds the lock, the compare-and-swap, the
atomic write and the read-back check of a change made as text.

Inside: store (the one store), snapshot and change (a session's read and write), checking
(what `check` finds), revise
(what each command changes), edits and textedit (the changes to a file's text, keeping its
layout), codec (the file form), upgrade (older forms), cache (the cached standing), append,
outline and tomltext (the text of a file), atomic (safe reads and writes, the lock), paths
(where sessions live), folder (the book's summaries of a folder), payfile (its payments).

The names below are imported when first used: `from scorekeeper.files import paths` costs
a command that needs only paths nothing of the rest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .change import Change as Change
    from .change import Stale as Stale
    from .change import create as create
    from .change import editing as editing
    from .change import save as save
    from .checking import check as check
    from .checking import examine as examine
    from .snapshot import Layout as Layout
    from .snapshot import Snapshot as Snapshot
    from .snapshot import glance as glance
    from .snapshot import open as open

#: Where each name of the package is defined.
NAMES = {"Change": "change", "Stale": "change", "create": "change", "editing": "change",
         "save": "change", "Layout": "snapshot", "Snapshot": "snapshot", "check": "checking",
         "examine": "checking", "glance": "snapshot", "open": "snapshot"}

__all__ = ["Change", "Layout", "Snapshot", "Stale", "check", "create", "editing", "examine",
           "glance", "open", "save"]


def __getattr__(name: str) -> Any:
    if name not in NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{NAMES[name]}"), name)
