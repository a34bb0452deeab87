"""The errors a user can cause. Anything else is a bug."""

from __future__ import annotations


class ScorekeeperError(Exception):
    """Something the user typed, or a file holds, that the tool refuses."""


class UsageError(ScorekeeperError):
    """Wrong usage the command line's own parsing cannot see (an unknown output format)."""


class RuleError(ScorekeeperError):
    """A deal or a setting that breaks the rules of the game; `key` names the setting."""

    def __init__(self, message: str, key: str | None = None) -> None:
        self.key = key
        super().__init__(message)


class SessionError(ScorekeeperError):
    """A session that cannot be found, named or created."""


class SessionFileError(ScorekeeperError):
    """A session file that does not parse or does not validate."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")
