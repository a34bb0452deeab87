"""Asking the person at the table, in `play` on a terminal: yes or no (the shell's asker),
and which of a few players a start of a name meant, answered with one key ("k: 1 Karl,
2 Kim?"). Only the prompt imports it, so prompt_toolkit stays off the deal path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _
from .options import echo

#: The most players a question offers, one digit each.
MOST = 9


class Asking:
    """The shell's asker (`ask(question, destructive)`), and `choose`, on the same prompt
    (prompt_toolkit's PromptSession, whose answers stay out of the history)."""

    def __init__(self, ask: Callable[[str, bool], bool], session: Any) -> None:
        self.ask = ask
        self.session = session

    def __call__(self, question: str, destructive: bool) -> bool:
        return self.ask(question, destructive)

    def choose(self, typed: str, players: list[str]) -> str | None:
        """Which of `players` the start `typed` meant: a digit picks one at once; Enter,
        Ctrl-C or Ctrl-D (or more than MOST players) choose none."""
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

        if not 1 < len(players) <= MOST:
            return None
        keys = KeyBindings()

        def picks(number: int) -> Callable[[KeyPressEvent], None]:
            def pick(event: KeyPressEvent) -> None:
                event.current_buffer.text = str(number)  # shown as answered
                event.app.exit(result=str(number))
            return pick

        for number in range(1, len(players) + 1):
            keys.add(str(number))(picks(number))

        @keys.add("enter")
        def none(event: KeyPressEvent) -> None:
            event.app.exit(result="")

        from prompt_toolkit.key_binding import merge_key_bindings

        offered = ", ".join(f"{n} {p}" for n, p in enumerate(players, 1))
        kept = self.session.key_bindings  # prompt() keeps what it is given: put back after
        try:
            answer = self.session.prompt(_("{typed}: {players}? ").format(
                typed=typed, players=offered), key_bindings=merge_key_bindings(
                    [kept, keys]) if kept is not None else keys)
        except (KeyboardInterrupt, EOFError):
            echo("")
            return None
        finally:
            self.session.key_bindings = kept
        return players[int(answer) - 1] if answer.isdigit() else None
