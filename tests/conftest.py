"""Shared helpers for the Python tests: where the data lives and how to compare hexes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE_DIR = ROOT / "tests" / "conformance"
FIXTURES = ROOT / "tests" / "fixtures"  # scenario texts the Rust and Python tests share
SCENARIOS_DIR = ROOT / "nshex_pygame" / "scenarios"
EXAMPLES = sorted(SCENARIOS_DIR.glob("*.toml"))


# A small game script: Borgo against Moloch, both decks fixed, seat 0 to move.
SCRIPT_POSITION = (FIXTURES / "script_position.toml").read_text(encoding="utf-8")


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


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``nshex ARGV`` in this process: its exit code, standard output and standard error."""
    from nshex_pygame.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err
