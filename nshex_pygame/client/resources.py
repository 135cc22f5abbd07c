"""Where the client's files are, installed, in a source tree or frozen by PyInstaller.

Everything the client loads from disk lives in ``nshex_pygame/assets/``. A PyInstaller
executable unpacks its data under ``sys._MEIPASS``; the spec must put the folder at
``nshex_pygame/assets`` there (``datas=[("nshex_pygame/assets", "nshex_pygame/assets")]``).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    """The folder holding ``fonts/``: next to the package, or inside the frozen bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidate = Path(frozen) / "nshex_pygame" / "assets"
        if candidate.is_dir():
            return candidate
    return PACKAGE_DIR / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)


FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> Any:
    """The bundled DejaVu Sans at ``size`` pixels (cached); pygame's default font if missing."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_path("fonts", FONT_BOLD if bold else FONT_REGULAR)
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, int(size * 1.3))
