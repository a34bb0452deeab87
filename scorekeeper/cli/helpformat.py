"""A command's help fitted to the terminal: click keeps the lines of an example block
(\\b) as written, so at 60 columns an example and its note ran past the edge. Here a line
too wide has its note (two spaces, then a parenthesis) put under it, and a command too
wide is broken at its spaces with a shell's continuation (\\), so that it still runs when
copied."""

from __future__ import annotations

import re

from ..text import width_of, wrap_words

#: An example line: its indent, the command, and the note after two spaces or more.
NOTED = re.compile(r"^( *)(\S.*?\S) {2,}(\(.*\))$")


def fitted(help_text: str, width: int) -> str:
    """`help_text` with each line wider than `width` fitted to it."""
    return "\n".join(_line(line, width) for line in help_text.split("\n"))


def _line(line: str, width: int) -> str:
    if width_of(line) <= width:
        return line
    noted = NOTED.match(line)
    if noted:
        indent, command, note = noted.groups()
        under = indent + "    "
        return "\n".join([_command(indent + command, width), *wrap_words(under + note, width)])
    return _command(line, width)


def _command(line: str, width: int) -> str:
    """A command broken at its spaces into lines of at most `width` (with room for " \\"),
    each but the last ending in a backslash, the rest indented four more."""
    if width_of(line) <= width or " " not in line.strip():
        return line
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    lines = wrap_words(line, width - 2, indent=4)
    return " \\\n".join(lines) if len(lines) > 1 else indent + body
