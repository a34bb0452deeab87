"""Where sessions live: the folder, a session's file by name or path, the current session.

Paths are plain strings and os.path: pathlib costs milliseconds to import at every deal.
"""

from __future__ import annotations

import os

from ..errors import SessionError
from ..i18n import _
from ..text import folded, normal, quoted

CURRENT_FILE = ".current"


#: The folder's book of payments between players (files.payfile), which is no session.
PAYMENTS = "payments.toml"


#: The most bytes of a session name (UTF-8, decomposed as macOS keeps it): the longest
#: file made beside the session (.NAME.toml.PID-RANDOM.tmp, NAME.toml.~N~) must fit the 255
#: bytes a file name may have.
LONGEST_NAME = 200
#: What a file name cannot hold: '/' and '\\' separate folders, ':' does on macOS and
#: Windows, and Windows refuses the rest.
NOT_IN_FILE_NAMES = '/\\:*?"<>|'
#: The names Windows keeps for devices, whatever follows a dot (CON.toml is one).
RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", *(
    f"{port}{n}" for port in ("COM", "LPT") for n in "0123456789\u00b9\u00b2\u00b3")})


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a session (a file NAME.toml on Linux, macOS and Windows
    alike), or None: any letters, digits, spaces and marks but those a file name cannot
    hold."""
    from ..text import has_control

    if not name:
        return _("a session name cannot be empty")
    if any("\ud800" <= c <= "\udfff" for c in name):  # bytes of another encoding
        return _("session name {name} is not UTF-8 text").format(name=quoted(name))
    if has_control(name):
        hidden = next(c for c in name if has_control(c))
        return _("session name {name} holds a control character (U+{code:04X})").format(
            name=quoted(name), code=ord(hidden))
    bad = next((c for c in name if c in NOT_IN_FILE_NAMES), None)
    if bad in ("/", "\\"):
        return _("session name {name} holds '{char}', which separates folders").format(
            name=quoted(name), char=bad)
    if bad == ":":
        return _("session name {name} holds ':', which macOS and Windows do not allow in "
                 "a file name").format(name=quoted(name))
    if bad is not None:
        return _("session name {name} holds '{char}', which Windows does not allow in a "
                 "file name").format(name=quoted(name), char=bad)
    return _edge_problem(name) or _length_problem(name)


def _edge_problem(name: str) -> str | None:
    """What is wrong with how `name` begins or ends, or with the whole of it."""
    if name.startswith("."):
        return _("session name {name} begins with a dot, which hides a file").format(
            name=quoted(name))
    if name.startswith(" "):
        return _("session name {name} begins with a space").format(name=quoted(name))
    if name.endswith(" "):
        return _("session name {name} ends with a space, which Windows drops from a file "
                 "name").format(name=quoted(name))
    if name.endswith("."):
        return _("session name {name} ends with a dot, which Windows drops from a file "
                 "name").format(name=quoted(name))
    if name.split(".", maxsplit=1)[0].rstrip(" ").upper() in RESERVED:
        return _("session name {name} is kept by Windows for a device (CON, NUL, COM1 and "
                 "the like): give another").format(name=quoted(name))
    if folded(name) == PAYMENTS[:-5]:
        return _("{payments} is the folder's book of payments: give the session another "
                 "name").format(payments=PAYMENTS)
    return None


def _length_problem(name: str) -> str | None:
    if name.isascii():
        size = len(name)
    else:
        import unicodedata

        size = max(len(form.encode("utf-8")) for form in (
            name, unicodedata.normalize("NFD", name)))
    if size > LONGEST_NAME:
        return _("session name {name} is {size} bytes long: give one of at most "
                 "{longest}").format(name=quoted(name), size=size, longest=LONGEST_NAME)
    return None


def is_session_name(name: str) -> bool:
    """Whether `name` may name a session."""
    return name_problem(name) is None


def check_session_name(name: str) -> str:
    """`name` as a session's file is named (NFC), else SessionError saying why it cannot
    be one."""
    problem = name_problem(name)
    if problem is not None:
        raise SessionError(problem)
    return normal(name)


def default_dir() -> str:
    """The platform's per-user data folder for scorekeeper."""
    import platformdirs

    return platformdirs.user_data_dir("scorekeeper", appauthor=False)


def session_dir(option: str | None) -> str:
    """The session folder: --dir (or $SCOREKEEPER_DIR), else the per-user data folder."""
    folder = os.path.expanduser(option) if option else default_dir()
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise SessionError(_("the session folder {folder} is not a folder (--dir or "
                             "$SCOREKEEPER_DIR)").format(folder=quoted(folder)))
    return folder


def session_name(path: str) -> str:
    """A session's name: its file name without .toml."""
    return os.path.splitext(os.path.basename(path))[0]


def starting(names: list[str], typed: str) -> list[str]:
    """The session names among `names` that begin as `typed` does, in any case or Unicode
    form: what completes it."""
    start = folded(typed)
    return [n for n in names if folded(n).startswith(start)]


def is_path(spec: str) -> bool:
    """A session given as a file path rather than a name in the folder."""
    return "/" in spec or os.sep in spec or spec.endswith(".toml")


def session_path(folder: str, spec: str) -> str:
    """The file of a session named `spec` in `folder` (NAME.toml, the name in NFC), or at
    the path `spec`."""
    if is_path(spec):
        return os.path.expanduser(spec)
    return os.path.join(folder, f"{check_session_name(spec)}.toml")


def same_session(folder: str, name: str) -> str | None:
    """The file in `folder` of the session `name` names, spelt as it is or otherwise in
    case or Unicode form (`LØRDAG` finds lørdag.toml): one session, whatever the file
    system tells apart. SessionError if two files are that session (made before)."""
    exact = session_path(folder, name)
    if os.path.lexists(exact):
        return exact
    wanted = folded(name)
    found = [p for p in list_sessions(folder) if folded(session_name(p)) == wanted]
    if len(found) > 1:
        raise SessionError(_("{files} are one session spelt in two ways: give its file "
                             "(-s {file})").format(
                                 files=", ".join(os.path.basename(p) for p in found),
                                 file=found[0]))
    return found[0] if found else None


def find_session(folder: str, spec: str | None) -> str:
    """The file of the session to use: `spec` (-s or $SCOREKEEPER_SESSION), else the
    current one; a name is found whatever its case or Unicode form (same_session)."""
    spec = spec or current_session(folder)
    if not spec:
        from ..games import listed

        raise SessionError(_("no session chosen: start one with 'scorekeeper GAME new NAME "
                             "--players A,B,C' (GAME: {games}), pick one with 'scorekeeper "
                             "use NAME', or give -s NAME").format(games=listed()))
    if is_path(spec):
        path = session_path(folder, spec)
        if not os.path.lexists(path):
            raise SessionError(_("no session {name}").format(name=quoted(spec)))
        return path
    found = same_session(folder, spec)
    if found is None:
        raise SessionError(_near(folder, spec))
    return found


def _near(folder: str, spec: str) -> str:
    """No session `spec`: where it was looked for, and the session meant, if one is close."""
    import difflib

    names = [session_name(p) for p in list_sessions(folder)] if os.path.isdir(folder) else []
    by_case = {folded(n): n for n in names}
    starting = [n for n in by_case if n.startswith(folded(spec))] if spec else []
    close = starting if len(starting) == 1 else difflib.get_close_matches(
        folded(spec), list(by_case), n=1, cutoff=0.6)  # loo: loo-2026-12-08, the one so named
    if close:
        return _("no session {name} in {folder}: did you mean {close}?").format(
            name=quoted(spec), folder=folder, close=by_case[close[0]])
    return _("no session {name} in {folder} ('scorekeeper sessions' lists them)").format(
        name=quoted(spec), folder=folder)


def current_session(folder: str) -> str | None:
    """The name `use` or `new` last chose in `folder`, if it is still a good name."""
    from .atomic import read_file

    path = os.path.join(folder, CURRENT_FILE)
    if not os.path.lexists(path):
        return None
    try:  # a regular file of a line, like any file read: a FIFO there is not waited on
        name = read_file(path, 4 * LONGEST_NAME).decode("utf-8").strip()
    except UnicodeDecodeError:
        return None
    except SessionError:
        raise SessionError(_("{path} is not a file naming the current session: remove it "
                             "and choose one with 'scorekeeper use NAME'").format(path=quoted(path))
                           ) from None
    return name if is_session_name(name) else None


def set_current(folder: str, name: str) -> None:
    from .atomic import write_atomic

    os.makedirs(folder, exist_ok=True)
    write_atomic(os.path.join(folder, CURRENT_FILE), (name + "\n").encode(), durable=False)


def list_sessions(folder: str) -> list[str]:
    """The session files in `folder`, by name: every NAME.toml, whatever NAME holds (a
    session reached with -s "friday night.toml" is counted too), but for hidden files."""
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SessionError(_("cannot read the session folder {folder}: {reason}").format(
            folder=quoted(folder), reason=error.strerror)) from None
    inside = os.path.join(folder, "")  # the folder and its separator, joined once
    return [inside + name for name in names
            if name.endswith(".toml") and len(name) > 5 and not name.startswith(".")
            and name != PAYMENTS]
