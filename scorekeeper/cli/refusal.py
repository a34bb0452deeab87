"""A refusal: what a user typed, or a file holds, that a command will not take. One function
says it and gives its exit code, for the command line (`cli.main`) and for each line of
`play` alike, so the two can never disagree.

Exit codes: 2 for wrong usage (click's own usage errors and UsageError), 1 for every other
refusal (click.ClickException, ScorekeeperError); click.exceptions.Exit carries its own.
"""

from __future__ import annotations

import io
import re
import sys
from contextlib import suppress

import click

from ..errors import ScorekeeperError, UsageError
from ..i18n import _
from ..text import quoted, visible

#: What a command may raise for a person to read (anything else is a bug).
REFUSALS = (click.ClickException, ScorekeeperError)


def refused(error: click.ClickException | ScorekeeperError, at_prompt: bool = False) -> int:
    """Say `error` on stderr in one line (what was typed in it made visible: a control
    character never reaches the terminal) and give its exit code. `at_prompt` (a line of
    `play`): a usage error without click's usage lines, which name the command line
    ('scorekeeper deal --help'), not the prompt ('help deal'); a command named as it is
    typed at the prompt ('paid --undo', not 'scorekeeper paid --undo')."""
    if at_prompt and isinstance(error, click.UsageError):
        message = _("Error: {message}").format(
            message=visible(_unescaped(error.format_message()))) + "\n"
        code = error.exit_code
    elif isinstance(error, click.ClickException):
        text = io.StringIO()
        error.show(file=text)
        message = visible(_unescaped(text.getvalue()))
        code = error.exit_code
    else:
        message = _("Error: {message}").format(message=visible(str(error))) + "\n"
        code = 2 if isinstance(error, UsageError) else 1
    if at_prompt:  # a command it names is typed at the prompt without 'scorekeeper '
        message = message.replace("'scorekeeper ", "'")
    with suppress(OSError, ValueError):  # stderr itself may be closed or full
        sys.stderr.write(message)
        sys.stderr.flush()
    return code


#: Text in quotes as Python writes it: click's own messages quote what was typed with repr.
REPR_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'" r'|"(?:[^"\\\n]|\\.)*"')


def _unescaped(message: str) -> str:
    """click's `message` with each text it quoted with Python's escapes ('\\x1b') quoted
    as ours are: its control characters named (<ESC>)."""
    import ast

    def back(found: re.Match[str]) -> str:
        if "\\" not in found.group():
            return found.group()
        try:
            text = ast.literal_eval(found.group())
        except (ValueError, SyntaxError):
            return found.group()
        return quoted(text) if isinstance(text, str) else found.group()

    return REPR_QUOTED.sub(back, message)
