"""The command line: the only package that imports click. `main` is the program."""

from __future__ import annotations

from .main import cli, main

__all__ = ["cli", "main"]
