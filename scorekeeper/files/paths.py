"""Where sessions live: the folder, a session's file by name or path, the current session.

Paths are plain strings and os.path: pathlib costs milliseconds to import at every deal.
"""

from __future__ import annotations

import os

from ..errors import SessionError
from ..i18n import _
from ..text import quoted

CURRENT_FILE = ".current"


#: The folder's book of payments between players (files.payfile), which is no session.
PAYMENTS = "payments.toml"


def is_session_name(name: str) -> bool:
    """Letters, digits, '-' and '_' (ASCII), 1 to 100 of them: a bare TOML key."""
    from .tomltext import is_bare

    return len(name) <= 100 and is_bare(name)

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


def check_session_name(name: str) -> str:
    if name == PAYMENTS[:-5]:
        raise SessionError(_("{payments} is the folder's book of payments: give the session "
                             "another name").format(payments=PAYMENTS))
    if not is_session_name(name):
        raise SessionError(_("session name {name} may hold only letters, digits, '-' and "
                             "'_' (or give a path to a .toml file)").format(name=quoted(name)))
    return name


def is_path(spec: str) -> bool:
    """A session given as a file path rather than a name in the folder."""
    return "/" in spec or os.sep in spec or spec.endswith(".toml")


def session_path(folder: str, spec: str) -> str:
    """The file of a session named `spec` in `folder`, or at the path `spec`."""
    if is_path(spec):
        return os.path.expanduser(spec)
    return os.path.join(folder, f"{check_session_name(spec)}.toml")


def find_session(folder: str, spec: str | None) -> str:
    """The file of the session to use: `spec` (-s or $SCOREKEEPER_SESSION), else the
    current one."""
    spec = spec or current_session(folder)
    if not spec:
        from ..games import listed

        raise SessionError(_("no session chosen: start one with 'scorekeeper GAME new NAME "
                             "--players A,B,C' (GAME: {games}), pick one with 'scorekeeper "
                             "use NAME', or give -s NAME").format(games=listed()))
    path = session_path(folder, spec)
    if not os.path.lexists(path):
        raise SessionError(_("no session {name}").format(name=quoted(spec)) if is_path(spec)
                           else _near(folder, spec))
    return path


def _near(folder: str, spec: str) -> str:
    """No session `spec`: where it was looked for, and the session meant, if one is close."""
    import difflib

    names = [session_name(p) for p in list_sessions(folder)] if os.path.isdir(folder) else []
    by_case = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(spec.casefold(), list(by_case), n=1, cutoff=0.6)
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
        name = read_file(path, 200).decode("ascii").strip()
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
    return [os.path.join(folder, name) for name in names
            if name.endswith(".toml") and len(name) > 5 and not name.startswith(".")
            and name != PAYMENTS]
