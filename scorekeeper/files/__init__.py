"""The session file: everything that reads or writes one.

One read, `open(path) -> Snapshot`: the file's bytes, its layout, the session and where it
stands (from the cached standing when it was made from those bytes). One write,
`save(snapshot, change)`: a change computed from a snapshot (files.revise) is written only
onto the file that snapshot was read from, and only if the file still holds its bytes; or,
for a command that asks nothing in between, `editing(path)` reads the file under the lock
and saves onto it.

Inside: snapshot and change (the read and the write), revise (what each command changes),
codec (the file form), upgrade (older forms), cache (the cached standing), append, textedit,
outline and tomltext (the text of a file), atomic (safe reads and writes, the lock), paths
(where sessions live).
"""

from .change import Change, Stale, create, editing, save
from .snapshot import Layout, Snapshot, check, examine, glance, open

__all__ = ["Change", "Layout", "Snapshot", "Stale", "check", "create", "editing", "examine",
           "glance", "open", "save"]
