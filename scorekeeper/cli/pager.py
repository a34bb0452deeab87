"""A long report through a pager: only when standard output is a terminal and the text is
taller than it, never into a pipe or a file, never with --no-pager. The pager is $PAGER,
else `less` (click.echo_via_pager's choice); `LESS=FRX` so that less quits at once on a
screen that fits and keeps colour and the text on screen after it ends."""

from __future__ import annotations

import os
import shutil
import sys

import click


def wants_pager(text: str, no_pager: bool) -> bool:
    """Whether `text` goes through a pager."""
    if no_pager or not sys.stdout.isatty() or not sys.stdin.isatty():
        return False
    return text.count("\n") + 1 > shutil.get_terminal_size().lines - 1


def page(text: str, no_pager: bool = False) -> None:
    """Print `text` (or write it to the file --output names), through a pager when
    `wants_pager`."""
    from .options import put, writes_to_file

    if writes_to_file() or not wants_pager(text, no_pager):
        put(text)
        return
    os.environ.setdefault("LESS", "FRX")
    click.echo_via_pager(text)
