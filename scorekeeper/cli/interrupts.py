"""Ctrl-C around a change: before the session's lock it stops the command at once
(nothing was changed); once the lock is taken it waits until the change is made and
noted, so that the exit code still says the change was made."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def signals() -> Any:
    """The signal module's signal(), SIGINT and SIG_IGN: CPython's C module _signal where
    there is one, as importing `signal` makes enums of every signal (0.5 ms of a deal)."""
    import importlib

    try:
        return importlib.import_module("_signal")
    except ImportError:  # another Python
        import signal

        return signal


@contextmanager
def held_interrupt() -> Iterator[Callable[[], None]]:
    """Around a change and its marking as recorded; yields what to call once the session's
    lock is taken. From then on (the file may change) Ctrl-C waits until the change is made
    and noted, then takes effect, so that the exit code still says the change was made.
    Before the lock, while waiting for it, Ctrl-C stops the command at once: nothing was
    changed."""
    signal = signals()
    locked: list[bool] = []
    caught: list[int] = []

    def on_interrupt(number: int, frame: object) -> None:
        if not locked:
            raise KeyboardInterrupt
        caught.append(number)

    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:  # not the main thread: nothing to hold
        previous = None
    try:
        yield lambda: locked.append(True)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
