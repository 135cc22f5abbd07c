"""The rules test vectors of tests/conformance (format: docs/CONFORMANCE.md), run from Python.

The same files are run by the Rust tests (rust_core/nshex_tests/tests/conformance.rs); running
them here too checks the whole path through the binding: loading, choices as Python data,
the result and the events. A vector folder that is empty fails: a rules suite that silently
runs nothing is worse than none.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import CONFORMANCE_DIR, hex_key, unit_hexes

from nshex_pygame.core import Position, ScenarioError, tile_info

VECTORS = sorted(CONFORMANCE_DIR.glob("*.toml"))
BAD_VECTORS = sorted((CONFORMANCE_DIR / "bad").glob("*.toml"))

EXPECT_ERROR = re.compile(r"^#\s*expect-error:\s*line\s+(\d+)\s*:\s*(.+?)\s*$", re.IGNORECASE)


def test_conformance_vectors_exist() -> None:
    assert VECTORS, f"no conformance vectors in {CONFORMANCE_DIR}"


def test_bad_vectors_exist() -> None:
    assert BAD_VECTORS, f"no bad-input vectors in {CONFORMANCE_DIR / 'bad'}"


def _is_hq(tile: str) -> bool:
    return tile_info(tile)["kind"] == "hq"


def _hex_set(hexes: Iterable[Any]) -> set[tuple[int, int]]:
    return {hex_key(at) for at in hexes}


def _attack_phases(phases: list[dict[str, Any]]) -> dict[tuple[int, int], list[int]]:
    """For each hex, the phases (highest first) in which its unit attacked or exploded."""
    seen: dict[tuple[int, int], set[int]] = {}
    for phase in phases:
        for event in phase["events"]:
            if event["kind"] in ("attack", "explode"):
                seen.setdefault(hex_key(event["at"]), set()).add(phase["initiative"])
    return {at: sorted(values, reverse=True) for at, values in seen.items()}


def _saves(phases: list[dict[str, Any]]) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    return sorted(
        (phase["initiative"], hex_key(event["medic"]), hex_key(event["at"]))
        for phase in phases
        for event in phase["events"]
        if event["kind"] == "save"
    )


@pytest.mark.parametrize("path", VECTORS, ids=[path.name for path in VECTORS])
def test_conformance(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tables = tomllib.loads(text)
    expect = tables["expect"]
    choices = tables.get("choices")

    position = Position.from_toml(text, path.name, test_tables=True)
    result = position.resolve_battle(choices)

    assert list(result.hq_hp) == expect["hq_hp"], "HQ hit points"

    removed = unit_hexes(position.units) - unit_hexes(result.units)
    assert removed == _hex_set(expect["removed"]), "removed tiles"

    wounded = {
        hex_key(unit["at"]): unit["wounds"]
        for unit in result.units
        if unit["wounds"] > 0 and not _is_hq(unit["tile"])
    }
    expected_wounds = {hex_key(entry["at"]): entry["wounds"] for entry in expect.get("wounds", [])}
    assert wounded == expected_wounds, "wounds of the surviving units"

    assert result.winner == expect.get("winner"), "winner"

    if "attacks" in expect:
        attacked = _attack_phases(result.phases)
        for entry in expect["attacks"]:
            at = hex_key(entry["at"])
            assert attacked.get(at, []) == sorted(entry["phases"], reverse=True), (
                f"phases in which the unit on {at} attacked"
            )

    if "saves" in expect:
        expected_saves = sorted(
            (entry["phase"], hex_key(entry["medic"]), hex_key(entry["target"]))
            for entry in expect["saves"]
        )
        assert _saves(result.phases) == expected_saves, "medic saves"


@pytest.mark.parametrize("path", BAD_VECTORS, ids=[path.name for path in BAD_VECTORS])
def test_bad_vector(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = EXPECT_ERROR.match(text.splitlines()[0] if text else "")
    assert header, f"{path.name}: the first line must be '# expect-error: line N: words'"
    line, words = int(header.group(1)), header.group(2)

    with pytest.raises(ScenarioError) as caught:
        Position.from_toml(text, path.name)

    message = str(caught.value)
    assert "\n" not in message, "the error is one line"
    assert f":{line}:" in message, f"the error names line {line}: {message!r}"
    assert words.lower() in message.lower(), f"the error says {words!r}: {message!r}"
