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
    from .payfile import Payments
    from .retrace import Replayed


@value
class Checked:
    """What `check` finds in a session file."""

    problems: list[SessionFileError]
    """Every problem, as FILE:LINE: message, in the order of the lines."""
    session: AnySession | None
    """The session, when there is no problem."""
    deals: int
    """Its deals, when there is no problem."""
    players: tuple[str, ...] = ()
    """Every player who sat at its table (one who joined too), when there is no problem."""


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
    from ..session import everyone

    problems, standing = list(decoded.problems), None
    session = decoded.session
    if session is not None and history and decoded.history and not problems:
        standing = _replayed_with_history(session, decoded.history, problems)
    elif session is not None:
        try:
            standing = replay(session, session.entries[:decoded.valid])[1]
        except DealError as error:
            problems.append(codec.deal_problem(error))
    if problems or session is None or standing is None:
        return Checked(codec.located(text, label, problems), None, 0)
    return Checked([], session, standing.deals, tuple(everyone(session, standing)))


def _replayed_with_history(session: AnySession, history: tuple[Revision, ...],
                           problems: list[Any]) -> Any:
    """The session's standing, replayed once for the deals and their history: the first
    entry that breaks a rule, else the history's problems, added to `problems` (None if
    a deal breaks one)."""
    from . import codec
    from .retrace import Replayed

    today = Replayed(session, codec.entries_data(session), {}, session.entries)
    if not today.reach(len(session.entries)):
        error = today.why()
        if isinstance(error, DealError):
            problems.append(codec.deal_problem(error))
            return None
    problems += history_problems(session, history, today)
    return today.standing(today.last())


def history_problems(session: AnySession, history: tuple[Revision, ...],
                     today: Replayed | None = None) -> list[Any]:
    """Where the history and the deals disagree, each change after the fact replayed where
    it was made (files.retrace): every problem, at its record (`today`: the replay of the
    deals, made already)."""
    from . import codec
    from .retrace import session_lies

    return [codec.Problem(("history", index), told(index, problem))
            for index, problem in session_lies(session, history, today=today)]


def told(index: int, problem: str) -> str:
    """A problem of record `index` (0-based) of a history, as `check` says it."""
    return _("history record {number}: {problem}").format(number=index + 1, problem=problem)


def check_payments(path: str) -> tuple[list[SessionFileError], int]:
    """Every problem of a folder's payments file (its payments, then its history replayed),
    and how many payments it holds."""
    from . import payfile

    try:
        raw = atomic.read_file(atomic.real_path(path))
        found = payfile.from_bytes(path, raw)
    except (SessionError, SessionFileError) as error:
        error_of = error if isinstance(error, SessionFileError) else SessionFileError(
            path, None, str(error))
        return [error_of], 0
    return payment_history_problems(found), len(found.payments)


def payment_history_problems(found: Payments) -> list[SessionFileError]:
    """Where the payments file's history and its payments disagree (files.retrace)."""
    from . import payfile
    from .outline import outline
    from .retrace import payment_lies

    if not found.history:
        return []
    text, data = tomlread.parse(found.raw, found.path)
    lies = payment_lies(data.get("payments", []), found.history, payfile.paid_from_data)
    lines = outline(text, "payments").headers.get(("history",), [])
    return [SessionFileError(found.path, lines[index] if index < len(lines) else 1,
                             told(index, problem)) for index, problem in lies]
