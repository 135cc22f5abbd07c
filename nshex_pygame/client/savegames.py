"""Saved games as the menus offer them: when one was saved, in words, and opening one.

Shared by the main menu (Continue) and the list of saved games, which never import each
other (scenes reach one another through the app's registry).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from nshex_pygame.client import storage
from nshex_pygame.client.session import load_game


def when_saved(saved: Any, layout: str) -> str:
    """A save's time as ``layout`` gives it (checked when read; never raises)."""
    try:
        return time.strftime(layout, time.localtime(saved.saved_at))
    except (OverflowError, OSError, ValueError):
        return "at an unknown time"


def open_game(app: Any, path: Path) -> str | None:
    """Load ``path`` into a game scene on top of the menu; the problem if it cannot."""
    loaded, problem = load_game(path)
    if loaded is None:
        return problem
    game, saved = loaded
    app.open("game", game, saved.seats, save_path=storage.autosave_path())
    return None
