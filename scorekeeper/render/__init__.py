"""Tables, JSON and drawings for people and scripts. Each game has a View in the module of
its name here; `report.emit` is the one place that formats."""

from __future__ import annotations

import importlib
from typing import Any

from ..games.base import Game
from .base import View

AnyView = View[Any, Any, Any, Any]


def view_of(game: Game[Any, Any, Any, Any]) -> AnyView:
    """The View of `game`: scorekeeper.render.<name>.VIEW."""
    view: AnyView = importlib.import_module(f"{__name__}.{game.name}").VIEW
    return view
