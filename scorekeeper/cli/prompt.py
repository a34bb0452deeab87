"""The interactive prompt of `play` (prompt_toolkit, whose import only `play` on a terminal
pays): a prompt that says what comes next, completion that knows the sitting (each
candidate with a word on what it is, pgcli's way), a history of each session's own lines
kept in the per-user data folder, questions that no key can turn into a crash, escape
sequences that are not keys dropped before they are read, and the running balances at the
bottom."""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

import click
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input, create_input
from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from ..i18n import _
from ..text import wrap_words
from .choosing import Asking
from .lines import LONGEST
from .options import FORMATS, echo
from .params import Choice, Completes
from .play import YES, Ask, Begin, Shell, Y, one_line
from .words import command_name, said


def interactive(shell: Shell, **app: Any) -> bool:
    """The prompt, until quit or Ctrl-D; `app` may give prompt_toolkit's input and output
    (tests do). With no session yet, it first offers to start one."""
    app["input"] = _keys_only(app.get("input") or create_input())
    questions: PromptSession[str] = PromptSession(history=InMemoryHistory(),
                                                  key_bindings=_dropping(), **app)

    def columns() -> int:
        return max(questions.output.get_size().columns, 20)

    ask = Asking(asker(questions, columns), questions)  # answers stay out of history
    begin = beginner(PromptSession(history=InMemoryHistory(), key_bindings=_dropping(),
                                   complete_while_typing=False, reserve_space_for_menu=0,
                                   **app))
    with wrapped_errors(columns):
        if shell.path:
            echo(_("Playing {path}. Type help for help, quit or Ctrl-D to leave.").format(
                path=shell.path))
        else:
            echo(_("No session yet: start one (Ctrl-C: not now). Type help for help."))
            shell.new([], begin)
        return _sitting(shell, ask, begin, columns, app)


def _sitting(shell: Shell, ask: Ask, begin: Begin, columns: Callable[[], int],
             app: dict[str, Any]) -> bool:
    """The lines of the sitting, until quit or Ctrl-D; whether any was refused."""
    refused = False
    session, path = _session(shell, columns, **app), shell.path
    while True:
        if shell.path != path:  # new or use: that session's own history
            session, path = _session(shell, columns, **app), shell.path
        try:
            line = session.prompt(lambda: _message(shell, columns()) if shell.path
                                  else _("no session") + "> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C drops the line being typed (marked ^C on the screen)
        except EOFError:
            break
        outcome = one_line(shell, line, ask, begin)
        if outcome is None:
            break
        refused |= not outcome
    return refused


def _session(shell: Shell, columns: Callable[[], int], **app: Any) -> PromptSession[str]:
    """The prompt of the session played (or of none yet)."""
    return PromptSession(
        history=_history(shell.path) if shell.path else InMemoryHistory(),
        completer=PlayCompleter(shell), key_bindings=_dropping(),
        complete_while_typing=False,
        bottom_toolbar=(lambda: shell.balances(columns())) if shell.path else None, **app)


def _dropping() -> Any:
    """Ctrl-C drops the line, left on the screen marked ^C (as a shell does), so that it
    is not taken for a line entered."""
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()

    @keys.add("c-c")
    def _drop(event: Any) -> None:
        buffer = event.app.current_buffer
        buffer.cursor_position = len(buffer.text)
        buffer.insert_text("^C")
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    return keys


#: An escape sequence, whole: a control sequence (ESC [, parameters, a final letter: a
#: colour, a cursor move; ESC [ [ A is the Linux console's F1), a string (ESC ] a title ...
#: BEL or ESC \), a character set (ESC ( B), or ESC O and a letter.
ESCAPE = re.compile(r"\x1b(?:\[\[[A-E]|\[[0-?]*[ -/]*[@-Z\\-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)"
                    r"|[#(-+][0-~]|O.)")
#: The beginning of one, held until the rest comes (or the key Escape is taken alone).
ESCAPE_BEGUN = re.compile(r"\x1b(?:\[(?:\[|[0-?]*[ -/]*)|[\]PX^_][^\x07\x1b]*\x1b?|[#(-+]|O)?\Z")
#: A cursor position the terminal reports, asked for by prompt_toolkit itself.
POSITION = re.compile(r"\x1b\[\d+;\d+R\Z")


class KeysOnly(Vt100Parser):
    """The terminal's input with every escape sequence that is not a key dropped: a colour
    (ESC [31m), a title or a cursor move printed by another program, echoed back or typed
    ahead while a line runs. prompt_toolkit reads any ESC [ digits m as a mouse report,
    though play never turns the mouse on, and its mouse handler fails on one that is not
    (a traceback that ended the shell); others it would type into the line as text."""

    def __init__(self, feed_key_callback: Callable[[KeyPress], None]) -> None:
        def taken(key: KeyPress) -> None:
            if key.key == Keys.BracketedPaste:  # pasted: the text, without its colours
                key = KeyPress(key.key, ESCAPE.sub("", key.data))
            feed_key_callback(key)

        super().__init__(taken)

    def reset(self, request: bool = False) -> None:
        self.held = ""
        super().reset(request)

    def feed(self, data: str) -> None:
        if self._in_bracketed_paste:  # pasted text comes whole to `taken`
            super().feed(data)
            return
        text, self.held, kept, at = self.held + data, "", [], 0
        while (start := text.find("\x1b", at)) >= 0:
            kept.append(text[at:start])
            whole = ESCAPE.match(text, start)
            if whole is None and ESCAPE_BEGUN.match(text, start):
                self.held, at = text[start:], len(text)
                break
            at = whole.end() if whole else start + 1  # ESC and a letter: Alt and the letter
            if whole is None or whole.group() in ANSI_SEQUENCES or POSITION.match(whole.group()):
                kept.append(text[start:at])
            if whole is not None and ANSI_SEQUENCES.get(whole.group()) == Keys.BracketedPaste:
                super().feed("".join(kept) + text[at:])
                return
        super().feed("".join(kept) + text[at:])

    def flush(self) -> None:
        held, self.held = self.held, ""
        if held:  # what began a sequence and never ended one: as prompt_toolkit takes it
            super().feed(held)
        super().flush()


def _keys_only(keyboard: Input) -> Input:
    """`keyboard` read through KeysOnly (a terminal's, or a test's pipe)."""
    parser = getattr(keyboard, "vt100_parser", None)
    if isinstance(parser, Vt100Parser) and not isinstance(parser, KeysOnly):
        keyboard.vt100_parser = KeysOnly(parser.feed_key_callback)  # type: ignore[attr-defined]
    return keyboard


def beginner(session: PromptSession[str]) -> Begin:
    """How to ask for what `new` lacks: each question completed (the games, the names
    played under in the folder)."""
    from .begin import asked

    def read(question: str, words: list[str], many: bool) -> str | None:
        try:
            return session.prompt(question, completer=_Words(words, many))
        except (KeyboardInterrupt, EOFError):
            return None

    return lambda folder, typed: asked(folder, typed, read)


class _Words(Completer):
    """Completes one of `words`, or in a list (A,B,C) each name after a comma."""

    def __init__(self, words: list[str], many: bool) -> None:
        self.words, self.many = words, many

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        text = document.text_before_cursor
        typed = text.rsplit(",", 1)[-1].lstrip() if self.many else text.strip()
        chosen = {w.strip().casefold() for w in text.split(",")[:-1]} if self.many else set()
        for word in self.words:
            if word.casefold().startswith(typed.casefold()) and word.casefold() not in chosen:
                yield Completion(word, start_position=-len(typed))


def _cut(text: str, most: int) -> str:
    """`text` in at most `most` characters, cut at a word with an ellipsis if longer."""
    if len(text) <= most:
        return text
    kept = text[:most - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return kept + "…"


def asker(session: PromptSession[str], columns: Callable[[], int] | None = None) -> Ask:
    """How to ask a question at the table: Enter, n, Ctrl-C and Ctrl-D mean no, and the
    shell stays; y is yes but to what cannot be taken back, which wants yes in full (in
    Danish j and ja, beside y and yes), and is asked again."""

    def ask(question: str, destructive: bool) -> bool:
        asked = question if columns is None else "\n".join(wrap_words(question, columns()))
        while True:
            try:
                answer = session.prompt(asked).strip().lower()
            except (KeyboardInterrupt, EOFError):
                return False
            if answer in YES or (answer in Y and not destructive):
                return True
            if answer not in Y:
                return False
            echo(_("Type yes in full to make this change (Enter: no)."))

    return ask


def _message(shell: Shell, width: int) -> str:
    """The prompt: what comes next, fitted to `width`, and the line typed after it (under
    it, when the status would leave too little of the line, as Bridge's does)."""
    from .status import message

    return message(shell.prompt(width).split("\n"), width)


@contextlib.contextmanager
def wrapped_errors(columns: Callable[[], int]) -> Iterator[None]:
    """While the shell runs, what is said on stderr (errors, warnings) wrapped at its
    words to the terminal's width, as `echo` wraps what goes to stdout: the terminal
    itself would fold a line mid-word."""
    import sys

    kept = sys.stderr
    sys.stderr = _Wrapping(kept, columns)
    try:
        yield
    finally:
        sys.stderr.flush()
        sys.stderr = kept


class _Wrapping(io.TextIOBase):
    """A text stream that writes each whole line to `into` wrapped at its words to
    `columns()`, the lines it wraps onto indented by two."""

    def __init__(self, into: IO[str], columns: Callable[[], int]) -> None:
        super().__init__()
        self.into = into
        self.columns = columns
        self.pending = ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.into, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.into, "errors", None)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.into.isatty()

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("a text stream")  # click tells a text stream from a binary so
        *lines, self.pending = (self.pending + text).split("\n")
        width = self.columns()
        for line in lines:
            self.into.write("\n".join(wrap_words(line, width, 2)) + "\n")
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.into.write(self.pending)
            self.pending = ""
        self.into.flush()


class _KeptHistory(FileHistory):
    """The history file; one that cannot be read or written (a read-only folder, a file
    left by sudo) only means no history, never an error at the prompt."""

    def load_history_strings(self) -> Iterator[str]:
        try:
            yield from list(super().load_history_strings())
        except (OSError, UnicodeError):
            return

    def store_string(self, string: str) -> None:
        if len(string) > LONGEST:
            return
        with contextlib.suppress(OSError):
            super().store_string(string)


def _history(path: str) -> History:
    """The lines typed at earlier sittings of this session (each session has its own: a
    Loo line is no Bridge deal), kept in the per-user data folder."""
    from ..files.paths import default_dir, session_name
    from ..files.signing import digest

    try:
        folder = os.path.join(default_dir(), "history")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        real = os.path.realpath(path)
        kept = os.path.join(folder, f"{session_name(path)}-{digest(real.encode()).hex()[:12]}")
        _private(kept)
        return _KeptHistory(kept)
    except OSError:
        return InMemoryHistory()


def _private(path: str) -> None:
    """The history file made (or kept) readable by the user alone, as the caches are: the
    lines typed hold the players' names and their money. Never followed through a link."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0),
                 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


def escaped(word: str) -> str:
    """`word` as a line of play (read as the shell reads words, # a comment) gives it back:
    a space, a quote, a backslash or a # after a backslash (`fælles\\ aften`)."""
    import re

    return re.sub(r"([\s'\"\\#])", r"\\\1", word)


class PlayCompleter(Completer):
    """Completes what can come next, each candidate with a word on what it is: commands,
    the short form of a deal (players not yet named and not sitting out, the game's words),
    the game's options and their values, deal numbers after amend, formats."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.deal: dict[str, click.Parameter] = {}
        if shell.path:
            deal = [p for p in shell.cli.deal.params if p.name != "session"]
            self.deal = {opt: param for param in deal for opt in getattr(param, "opts", [])}

    def options(self, words: list[str]) -> dict[str, click.Parameter]:
        """The options of the command a line is (a deal's, if it names none)."""
        found = self.shell.command(words) if words else None
        if found is None or found[0] == "deal":
            return self.deal
        return {opt: param for param in found[1].params if param.name != "session"
                for opt in getattr(param, "opts", [])}

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        before = document.text_before_cursor[: len(document.text_before_cursor) - len(word)]
        try:
            found = self.candidates(before.split(), word)
        except Exception:  # a completion that cannot be made offers nothing, never a crash
            return
        for value, about in found:
            yield Completion(escaped(value), start_position=-len(word),
                             display_meta=about)

    def candidates(self, words: list[str], word: str) -> list[tuple[str, str]]:
        from .short import starting

        if len(words) == 1 and command_name(words[0]) == "new":  # new GAME: the games
            from ..games import GAMES, in_a_sentence
            from .words import game_words

            return starting([(said, in_a_sentence(GAMES[game]))
                             for said, game in game_words().items()], word)
        if not self.shell.path:  # no session yet: the commands that need none
            if not words:
                return starting(list(self.shell.commands().items()), word)
            return self.arguments(words, word) if command_name(words[0]) != "new" else []
        read = self.shell.snapshot()
        previous = words[-1] if words else ""
        if previous == "--format":
            return starting([(f, _("output format")) for f in FORMATS], word)
        options = self.options(words)
        param = options.get(previous)
        if param is not None and not getattr(param, "is_flag", False):
            return self.values(param, read, word)
        if word.startswith("-"):
            return starting([(opt, getattr(p, "help", None) or "") for opt, p in options.items()
                             if opt.startswith("--")], word)
        command = command_name(words[0]) if words else ""
        if command == "amend":
            return self.amending(read, words, word)
        if not words:
            deal = self.shell.form.complete(read, [], word)
            return [*starting(list(self.shell.commands().items()), word), *deal]
        if said(command) in self.shell.commands() and command != "deal":
            return self.arguments(words, word)
        typed = words[1:] if command == "deal" else words
        return self.shell.form.complete(read, typed, word)

    def amending(self, read: Any, words: list[str], word: str) -> list[tuple[str, str]]:
        """After amend: the deal numbers (with what each was); then the deal's words."""
        from ..render import view_of
        from .short import starting

        if len(words) == 1:
            view = view_of(read.header.game)
            numbered = [(str(p.number), _cut(view.what(p.result), 40)) for p in read.played
                        if p.number is not None]
            return starting(numbered[::-1], word)
        from .common import as_dealt

        return self.shell.form.complete(as_dealt(read, words[1]), words[2:], word)

    def values(self, param: click.Parameter, read: Any, word: str) -> list[tuple[str, str]]:
        """An option's values: players as the table now has them, or the option's words."""
        from .short import starting

        if isinstance(param.type, Completes):
            return param.type.candidates(read.table_now, word)
        if isinstance(param.type, Choice):
            return starting([(w, param.type.name.lower()) for w in param.type.shown], word)
        return []

    def arguments(self, words: list[str], word: str) -> list[tuple[str, str]]:
        """A command's own arguments (join's NAME, leave's, pay's FROM TO), completed as
        the command line completes them."""
        from click.shell_completion import _resolve_incomplete

        found = self.shell.command(words)
        if found is None:
            return []
        name, command, args = found
        argv = self.shell.argv(command, args)
        with command.make_context(name, argv.copy(), parent=self.shell.root,
                                  resilient_parsing=True) as ctx:
            target, incomplete = _resolve_incomplete(ctx, argv, word)
            return [(item.value, item.help or "") for item in
                    target.shell_complete(ctx, incomplete)]
