"""The errors a user can cause. Anything else is a bug.

The command line and `play` turn them into one-line messages and exit codes in one place
(`cli.refusal.refused`): UsageError exits 2, every other ScorekeeperError exits 1.
"""

from __future__ import annotations


class ScorekeeperError(Exception):
    """Something the user typed, or a file holds, that the tool refuses."""


class UsageError(ScorekeeperError):
    """Wrong usage the command line's own parsing cannot see (options that exclude each
    other, an unknown output format)."""


class RuleError(ScorekeeperError):
    """A deal or a setting that breaks the rules of the game.

    `field` names the input it is about (a setting such as "ante"), so a report can point at
    its line in a file. `asks` names the input the message asks for (a deal's "order"; one
    of several as "a|b"), so the command line can say which option gives it; the message
    itself speaks of the deal, not of options.
    """

    def __init__(self, message: str, field: str | None = None, asks: str | None = None) -> None:
        self.field = field
        self.asks = asks
        super().__init__(message)


class SessionError(ScorekeeperError):
    """A session that cannot be found, named, read, written or created."""


class SessionFileError(ScorekeeperError):
    """A session file that does not parse or does not validate, and where."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


class RuleErrors(RuleError):
    """Several problems found in one table of inputs (a deal, the settings), each on its own."""

    def __init__(self, errors: list[RuleError]) -> None:
        self.errors = errors
        super().__init__(str(errors[0]), errors[0].field)
