"""Neuroshima Hex! 3.0: the Python side of the game.

The rules live in the Rust engine (the crates in ``rust_core/``); this package reaches it through
:mod:`nshex_pygame.core` and will hold the pygame-ce client. The engine names are re-exported
here lazily, so that ``import nshex_pygame`` (and the ``nshex`` command's error handling) works
even when the native module has not been built yet.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

try:
    __version__ = metadata.version("nshex")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

if TYPE_CHECKING:
    from nshex_pygame.core import (
        BOT_NAMES,
        CHANCE,
        TERMINAL,
        BattleResult,
        Bot,
        EngineError,
        Game,
        IllegalActionError,
        Position,
        Puzzle,
        SaveError,
        ScenarioError,
        ability_texts,
        arena,
        bench_core,
        bench_ops,
        build_profile,
        default_weights,
        puzzle_generate,
        resolve_battles,
        script_json,
        selftest,
        shipped_puzzles,
        tile_ids,
        tile_info,
    )

__all__ = [
    "BOT_NAMES",
    "CHANCE",
    "TERMINAL",
    "BattleResult",
    "Bot",
    "EngineError",
    "Game",
    "IllegalActionError",
    "Position",
    "Puzzle",
    "SaveError",
    "ScenarioError",
    "__version__",
    "ability_texts",
    "arena",
    "bench_core",
    "bench_ops",
    "build_profile",
    "default_weights",
    "puzzle_generate",
    "resolve_battles",
    "script_json",
    "selftest",
    "shipped_puzzles",
    "tile_ids",
    "tile_info",
]

_ENGINE_NAMES = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        from nshex_pygame import core

        return getattr(core, name)
    raise AttributeError(f"module 'nshex_pygame' has no attribute {name!r}")
