"""The public API's engine names: the one listing. :mod:`nshex_pygame.core` exports exactly
these (its ``__all__``), and the package ``nshex_pygame`` re-exports them lazily (its
``__all__`` is these and ``__version__``). tests/test_api.py holds the rest to it: each name
is defined in ``core``, each class ``core`` takes from the native module is in ``_core.pyi``,
and the package's ``TYPE_CHECKING`` import lists the same names.

Standard library only, nothing imported: ``import nshex_pygame`` works without the engine."""

from __future__ import annotations

ENGINE_NAMES: tuple[str, ...] = (
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
    "Refusal",
    "SaveError",
    "ScenarioError",
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
)
