"""What `check` finds in a session file: every problem, as FILE:LINE: message, in the order
of the lines -- the header's and each entry's on its own, then the first entry the replay
finds breaking a rule, then where the history and the deals disagree. A reading of the file
(files.snapshot) stops at its first problem; the checker goes on to list them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import SessionError, SessionFileError
from ..i18n import _
from ..session import AnySession, DealError, replay
from ..values import value
from . import atomic, tomlread
from .paths import session_name

if TYPE_CHECKING:
    from ..history import Revision


@value
class Checked:
    """What `check` finds in a session file."""

    problems: list[SessionFileError]
    """Every problem, as FILE:LINE: message, in the order of the lines."""
    session: AnySession | None
    """The session, when there is no problem."""
    deals: int
    """Its deals, when there is no problem."""


def check(path: str) -> Checked:
    """Every problem of a session file: the header's and each entry's on its own, then the
    first entry the replay finds breaking a rule."""
    try:
        raw = atomic.read_file(atomic.real_path(path))
    except SessionError as error:
        return Checked([SessionFileError(path, None, str(error))], None, 0)
    return examine(raw, path)


def examine(raw: bytes, label: str, history: bool = True) -> Checked:
    """What `check` says of a file holding `raw` (`history` False: but whether its history
    fits its deals)."""
    from . import codec

    try:
        text, data = tomlread.parse(raw, label)
    except SessionFileError as error:
        return Checked([error], None, 0)
    decoded = codec.decode(data, session_name(label))
    problems, deals = list(decoded.problems), 0
    if decoded.session is not None:
        try:
            deals = replay(decoded.session, decoded.session.entries[:decoded.valid])[1].deals
        except DealError as error:
            problems.append(codec.deal_problem(error))
    if decoded.session is not None and not problems and history:
        problems += history_problems(decoded.session, decoded.history)
    if problems:
        return Checked(codec.located(text, label, problems), None, 0)
    return Checked([], decoded.session, deals)


def history_problems(session: AnySession, history: tuple[Revision, ...]) -> list[Any]:
    """Where the history and the deals disagree: its changes, undone from the last, must
    each find what it says it made."""
    from ..history import Disagreement, unwind
    from . import codec

    try:
        unwind(codec.entries_data(session), codec.top_data(session), history)
    except Disagreement as error:
        return [codec.Problem(("history", error.index), _(
            "change {number} of the history does not fit the deals: {error}").format(
                number=error.index + 1, error=error))]
    return []
