"""The interactive prompt of `play` (prompt_toolkit, whose import only `play` on a terminal
pays): a prompt that says what comes next, completion that knows the sitting, a history
kept in the per-user data folder, and the running balances at the bottom."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

import click
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from .options import FORMATS, echo
from .params import Choice, PlayerCount, PlayerCounts
from .play import COMMANDS, Sitting, one_line


def interactive(sitting: Sitting, **app: Any) -> bool:
    """The prompt, until quit or Ctrl-D; `app` may give prompt_toolkit's input and output
    (tests do)."""
    session: PromptSession[str] = PromptSession(
        history=_history(), completer=PlayCompleter(sitting), complete_while_typing=False,
        bottom_toolbar=sitting.balances, **app)
    confirm: PromptSession[str] = PromptSession(history=InMemoryHistory(), **app)
    echo(f"Playing {sitting.path}. Type help for help, quit or Ctrl-D to leave.")
    refused = False
    while True:
        try:
            line = session.prompt(_message(sitting.prompt()))
        except KeyboardInterrupt:
            continue  # Ctrl-C drops the line being typed
        except EOFError:
            break
        outcome = one_line(sitting, line, ask=confirm.prompt)  # a yes is kept out of history
        if outcome is None:
            break
        refused |= not outcome
    return refused


def _message(status: str) -> str:
    """The prompt: what comes next, and the line typed after it (under it, when the
    status would leave too little of the line, as Bridge's does)."""
    return f"{status}> " if len(status) <= 40 else f"{status}\n> "


class _KeptHistory(FileHistory):
    """The history file; one that cannot be read or written (a read-only folder, a file
    left by sudo) only means no history, never an error at the prompt."""

    def load_history_strings(self) -> Iterator[str]:
        try:
            yield from list(super().load_history_strings())
        except (OSError, UnicodeError):
            return

    def store_string(self, string: str) -> None:
        with contextlib.suppress(OSError):
            super().store_string(string)


def _history() -> History:
    """Lines typed at earlier sittings, kept in the per-user data folder."""
    from ..files.paths import default_dir

    try:
        folder = default_dir()
        os.makedirs(folder, exist_ok=True)
        return _KeptHistory(os.path.join(folder, "history"))
    except OSError:
        return InMemoryHistory()


class PlayCompleter(Completer):
    """Completes what can come next: commands, the game's options, player names (as
    PLAYER= where a count follows), suits and formats."""

    def __init__(self, sitting: Sitting) -> None:
        self.players = [name.replace(" ", "\\ ") for name in sitting.players]
        self.params = {opt: param for param in sitting.form.params
                       for opt in getattr(param, "opts", [])}
        self.flags = sorted([*self.params, "--dealer", "--dry-run"])
        self.positional = [p for p in sitting.form.params if isinstance(p, click.Argument)]

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        before = document.text_before_cursor[: len(document.text_before_cursor) - len(word)]
        words = before.split()
        done, _, last = word.rpartition(",")
        prefix = f"{done}," if done else ""
        for candidate in self.candidates(words):
            if candidate.lower().startswith(last.lower()):
                yield Completion(prefix + candidate, start_position=-len(word))

    def candidates(self, words: list[str]) -> list[str]:
        previous = words[-1] if words else None
        if previous == "--format":
            return FORMATS
        param = self.params.get(previous or "")
        if param is not None and not getattr(param, "is_flag", False):
            return self.values(param)
        counts = [f"{p}=" for p in self.players] if self.positional else []
        if not words:
            return [*COMMANDS, *counts, *self.flags]
        return [*counts, *self.flags]

    def values(self, param: click.Parameter) -> list[str]:
        if isinstance(param.type, (PlayerCount, PlayerCounts)):
            return [f"{p}=" for p in self.players]
        if isinstance(param.type, Choice):
            return list(param.type.shown)
        if param.type.name in ("PLAYER", "A,B,C", "A,C/B,D"):
            return list(self.players)
        return []
