"""The engine's Python API: the one module that imports the native ``_core``.

Everything the rest of the Python code (the command line, the client, the tests) knows about
the rules comes through here, so the native module's surface has exactly one doorway. The
classes are the native ones, re-exported as they are; the functions are wrapped only to carry
their documentation.

- :class:`Position`: a board loaded from a scenario (TOML, see the project's INTERFACES.md
  section 3). ``Position.from_file(path)`` / ``Position.from_toml(text, name, test_tables)``
  load one; ``armies``, ``hq_hp``, ``units``, ``board`` describe it; ``resolve_battle(choices)``
  fights one battle on a copy and returns a :class:`BattleResult` (the position itself is not
  changed); ``to_dict()`` gives it as plain data.
- :class:`BattleResult`: ``hq_hp``, ``winner`` (a seat, ``"draw"`` or ``None``), ``units``
  (the board after the battle), ``phases`` (one ``{"initiative", "events"}`` entry per phase,
  the events being what the client animates), ``position`` (the position after the battle)
  and ``to_json()`` (exactly what ``nshex battle --json`` prints).
- :class:`ScenarioError` (a ``ValueError``): a scenario that cannot be loaded. Its message is
  one line, ``"<name>:<line>: <what is wrong>"``.
- :class:`EngineError` (a ``RuntimeError``): the engine failed on a valid position (a bug).
- ``build_profile``: ``"release"`` or ``"debug"``; benchmarks refuse to time a debug build.
"""

from __future__ import annotations

from typing import Any

from nshex_pygame import _core
from nshex_pygame._core import BattleResult, EngineError, Position, ScenarioError

__all__ = [
    "BattleResult",
    "EngineError",
    "Position",
    "ScenarioError",
    "build_profile",
    "tile_ids",
    "tile_info",
]

build_profile: str = _core.build_profile
"""The Cargo profile the native module was built with: ``"release"`` or ``"debug"``."""


def tile_ids(army: str | None = None) -> list[str]:
    """Every tile id the engine knows (``"borgo.mutant"``, ...), or only those of one army.

    Instants are included; the order is the engine's (army by army, as in the army data).
    """
    return _core.tile_ids(army)


def tile_info(tile_id: str) -> dict[str, Any]:
    """The printed data of one tile, as the engine holds it.

    Keys: ``id``, ``army``, ``name``, ``kind`` (``"hq"``, ``"warrior"``, ``"module"``,
    ``"instant"``, ...), ``initiative`` (a list of printed values), ``edges`` (six dicts with
    ``melee``, ``ranged``, ``armor``, ``net``, ``link``, ``gauss``, edge 0 first), ``toughness``,
    ``mobility``, ``abilities`` (keywords) and ``text``.
    """
    return _core.tile_info(tile_id)
