"""A command's help fitted to the terminal: click keeps the lines of an example block
(\\b) as written, so at 60 columns an example and its note ran past the edge. Here an
example (a line that begins with `scorekeeper`) too wide for the terminal has its note (two
spaces, then a parenthesis) put under it, and a command still too wide is broken at a
space outside quotes with a shell's continuation (\\), so that it runs the same when
copied. Every other line is click's own, wrapped already."""

from __future__ import annotations

import re

from ..text import width_of

#: An example line: its indent, the command, and the note after two spaces or more.
NOTED = re.compile(r"^( *)(scorekeeper \S.*?\S) {2,}(\(.*\))$")
EXAMPLE = re.compile(r"^ *scorekeeper ")


def fitted(help_text: str, width: int) -> str:
    """`help_text` with each example line wider than `width` fitted to it."""
    return "\n".join(_line(line, width) if EXAMPLE.match(line) and width_of(line) > width
                     else line for line in help_text.split("\n"))


def _line(line: str, width: int) -> str:
    from ..text import wrap_words

    noted = NOTED.match(line)
    if not noted:
        return _command(line, width)
    indent, command, note = noted.groups()
    return "\n".join([_command(indent + command, width),
                      *wrap_words(indent + "    " + note, width)])


def _command(line: str, width: int) -> str:
    """A command broken at spaces outside quotes into lines of at most `width` (with room
    for " \\"), each but the last ending in a backslash, the rest indented four more; a
    command that cannot be broken so is left whole."""
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    lines = [indent]
    for word in _words(body):
        if lines[-1].strip() and width_of(lines[-1]) + 1 + width_of(word) > width - 2:
            lines.append(indent + "    ")
        lines[-1] += (" " if lines[-1].strip() else "") + word
    return " \\\n".join(lines)


def _words(command: str) -> list[str]:
    """The words of `command` split at its spaces outside quotes ('...' and "...")."""
    words, word, quote = [], "", ""
    for char in command:
        if char == " " and not quote:
            if word:
                words.append(word)
            word = ""
            continue
        if char in "'\"" and (not quote or quote == char):
            quote = "" if quote else char
        word += char
    return [*words, word] if word else words
