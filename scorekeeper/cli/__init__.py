"""The command line: the only package that imports click. `main` is the program."""

from __future__ import annotations

from . import table  # noqa: F401 -- registers deal, amend, edit and play
from .main import cli, main

__all__ = ["cli", "main"]
