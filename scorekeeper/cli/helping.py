"""`help` at the prompt of `play`: the commands there, or one command's own help; `help
new`, how a session is started there (`new GAME NAME ...`, any game), and `help new GAME`
that game's options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..i18n import _
from ..text import quoted, wrap_words
from .options import echo
from .play import slip_for
from .words import command_name, said

if TYPE_CHECKING:
    from .play import Shell

HELP = _("""\
Type a deal -- in short ({words}) or with its options -- or a command:
{commands}
A name may be cut short (b for Bob). Tab completes; Up and Ctrl-R find earlier lines.
At a question, Enter, n, Ctrl-C and Ctrl-D all mean no.""")


def help_line(shell: Shell, words: list[str]) -> bool:
    """`help`, or `help COMMAND`: that command's own help."""
    if not words:
        import shutil

        width = shutil.get_terminal_size().columns - 1
        commands = "\n".join("\n".join(wrap_words(f"  {name:<10} {about}", width, indent=11))
                             for name, about in shell.commands().items())
        echo(HELP.format(words=shell.form.words, commands=commands))
        return True
    if command_name(words[0]) in ("help", "quit"):  # the prompt's own: its line of help
        word = said(command_name(words[0]))
        echo(f"  {word:<10} {shell.commands()[word]}")
        return True
    if command_name(words[0]) == "new":
        return _help_new(shell, words[1:])
    found = shell.command([words[0], "--help"])
    if found is None or (found[0] == "deal" and command_name(words[0]) != "deal"):
        close = slip_for(shell, words[0]) if found else None
        text = (_("no command {word}: did you mean {command}?") if close else
                _("no command {word} ('help' lists them)"))
        click.echo(_("Error: {message}").format(message=text.format(
            word=quoted(words[0]), command=close)), err=True)
        return False
    name, command, args = found
    return shell.run(command, name, args)


def _help_new(shell: Shell, words: list[str]) -> bool:
    """`help new`: how `new` is typed here, whatever the game of the session played; `help
    new GAME`: that game's `new` and its options."""
    from ..games import NAMES
    from .main import game_cli
    from .words import game_name

    game = game_name(words[0]) if words else None
    if game is None:
        echo(_("new GAME NAME --players A,B,...: start a session of GAME ({games}) and go on "
               "with it; new alone asks for each. help new GAME: that game's options.").format(
                   games=", ".join(NAMES)))
        return True
    return shell.run(game_cli(game).group.commands["new"], "new", ["--help"])
