"""Neuroshima Hex! 3.0: the Python side of the game.

The rules live in the Rust engine (the crates in ``rust_core/``); this package reaches it through
:mod:`nshex_pygame.core` and will hold the pygame-ce client. The engine names are re-exported
here lazily, so that ``import nshex_pygame`` (and the ``nshex`` command's error handling) works
even when the native module has not been built yet.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

from nshex_pygame.names import ENGINE_NAMES

try:
    __version__ = metadata.version("nshex")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

if TYPE_CHECKING:  # what a type checker sees: the engine names, exactly as core has them
    from nshex_pygame.core import *  # noqa: F403

__all__ = ["__version__", *ENGINE_NAMES]  # the one listing of the names: names.py

_ENGINE_NAMES = frozenset(ENGINE_NAMES)


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        from nshex_pygame import core

        return getattr(core, name)
    raise AttributeError(f"module 'nshex_pygame' has no attribute {name!r}")
