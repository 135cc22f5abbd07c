"""Shared helpers for the Python tests: where the data lives and how to compare hexes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE_DIR = ROOT / "tests" / "conformance"
SCENARIOS_DIR = ROOT / "nshex_pygame" / "scenarios"
EXAMPLES = sorted(SCENARIOS_DIR.glob("*.toml"))


# A small game script: Borgo against Moloch, both decks fixed, seat 0 to move.
SCRIPT_POSITION = """\
[game]
armies = ["borgo", "moloch"]
to_move = 0

[[unit]]
seat = 0
tile = "borgo.hq"
at = [-2, 0]

[[unit]]
seat = 1
tile = "moloch.hq"
at = [2, 0]

[[deck]]
seat = 0
tiles = ["borgo.mutant", "borgo.claws", "borgo.move"]

[[deck]]
seat = 1
tiles = ["moloch.hybrid", "moloch.blocker", "moloch.battle"]
"""


def script_text(*actions: str) -> str:
    """SCRIPT_POSITION with these actions as its [script]."""
    listed = ", ".join(f'"{a}"' for a in actions)
    return f"{SCRIPT_POSITION}\n[script]\nactions = [{listed}]\n"


def hex_key(at: Any) -> tuple[int, int]:
    """A hex as a tuple, whether it came as a list (JSON, TOML) or a tuple (the engine)."""
    q, r = at
    return int(q), int(r)


def unit_hexes(units: list[dict[str, Any]]) -> set[tuple[int, int]]:
    return {hex_key(unit["at"]) for unit in units}


@pytest.fixture(params=EXAMPLES, ids=[path.name for path in EXAMPLES])
def example(request: pytest.FixtureRequest) -> Path:
    """Each example scenario shipped in the package."""
    return request.param
