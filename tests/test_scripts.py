"""The game-flow scripts of tests/scripts (format: docs/CONFORMANCE.md "Game-flow scripts").

The same files are run by the Rust tests (rust_core/nshex_tests/tests/scripts.rs); the
comparison here mirrors that one exactly, so a file passes in both or in neither:

- without ``[expect] error`` every action must be accepted; with it, the action at ``index``
  must be refused with a reason containing ``words`` (case-insensitive), and no other;
- every other key of ``[expect]`` is compared with the position reached, key by key, as JSON
  values (``1`` is not ``true``, ``1`` is not ``1.0``); a key the result does not have fails;
- ``units`` is compared as a set: as many tiles as expected, and each expected entry matched
  by a tile on the keys it gives.

Running them from Python checks the binding's ``script_json`` too. An empty folder fails.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, script_text

from nshex_pygame.core import script_json

SCRIPTS_DIR = ROOT / "tests" / "scripts"
SCRIPTS = sorted(SCRIPTS_DIR.glob("*.toml"))


def test_scripts_exist() -> None:
    assert SCRIPTS, f"tests/scripts holds no script ({SCRIPTS_DIR})"


def same_json(want: Any, got: Any) -> bool:
    """Equality of two JSON values as serde_json sees it: no bool/int or int/float mixing."""
    if isinstance(want, bool) or isinstance(got, bool):
        return type(want) is type(got) and want == got
    if isinstance(want, int) or isinstance(got, int):
        return type(want) is type(got) and want == got
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(map(same_json, want, got))
    if isinstance(want, dict) and isinstance(got, dict):
        return want.keys() == got.keys() and all(same_json(want[k], got[k]) for k in want)
    return type(want) is type(got) and want == got


def units_problem(want: Any, got: list[dict[str, Any]]) -> str | None:
    """Why the tiles on the board do not match ``want``, or None when they do."""
    if not isinstance(want, list):
        return "units: a list"
    if len(want) != len(got):
        return f"units: expected {len(want)} tiles, got {len(got)}: {got}"
    for entry in want:
        if not isinstance(entry, dict):
            return "units entries are tables"
        if not any(
            all(key in unit and same_json(value, unit[key]) for key, value in entry.items())
            for unit in got
        ):
            return f"units: no tile matches {entry}; board: {got}"
    return None


def script_problems(text: str, name: str) -> list[str]:
    """What differs between the script's ``[expect]`` and what it reaches ([] when nothing)."""
    tables = tomllib.loads(text)
    if "script" not in tables:
        return ["a script file needs [script] actions"]
    expect = tables.get("expect")
    if not isinstance(expect, dict):
        return ["no [expect] table"]
    got, stopped = script_json(text, name)

    problems = []
    error = expect.get("error")
    if error is None and stopped is not None:
        index, action, reason, _ = stopped
        problems.append(f"action {index} {action!r} refused: {reason}")
    elif error is not None and stopped is None:
        problems.append("the script ran through, but an error was expected")
    elif error is not None and stopped is not None:
        index, action, reason, _ = stopped
        want_index, words = error["index"], error.get("words", "")
        if want_index != index or words.lower() not in reason.lower():
            problems.append(
                f"expected action {want_index} refused with {words!r};"
                f" got action {index} {action!r}: {reason}"
            )

    for key, want in expect.items():
        if key == "error":
            continue
        if key not in got:
            problems.append(f"unknown [expect] key {key!r}")
        elif key == "units":
            problem = units_problem(want, got["units"])
            if problem:
                problems.append(problem)
        elif not same_json(want, got[key]):
            problems.append(f"{key}: expected {want!r}, got {got[key]!r}")
    if problems:
        problems.append(f"--- reached ---\n{got}")
    return problems


@pytest.mark.parametrize("path", SCRIPTS, ids=[path.name for path in SCRIPTS])
def test_script(path: Path) -> None:
    problems = script_problems(path.read_text(encoding="utf-8"), path.name)
    assert not problems, "\n".join(problems)


# --- the comparison itself: a harness that passes everything would pass every file -----------

BASE = script_text("discard move", "place mutant 0,0 3")


@pytest.mark.parametrize(
    ("expect", "fails"),
    [
        ('hands = [["borgo.claws"], []]\nbattles = 0\nstage = "main"', False),
        ("deck_sizes = [0, 3]\nto_move = 0", False),
        ('units = [{ tile = "borgo.mutant", at = [0, 0], facing = 3 }, {}, {}]', False),
        ('hands = [["borgo.mutant"], []]', True),
        ("battles = 1", True),
        ("to_move = 0.0", True),
        ('units = [{ tile = "borgo.mutant", at = [0, 0], facing = 2 }, {}, {}]', True),
        ('units = [{ tile = "borgo.mutant" }, {}]', True),
        ("colour = 3", True),
        ('error = { index = 1, words = "occupied" }', True),
    ],
)
def test_the_comparison_catches_differences(expect: str, fails: bool) -> None:
    problems = script_problems(f"{BASE}\n[expect]\n{expect}\n", "base.toml")
    assert bool(problems) == fails, problems


def test_an_expected_error_must_name_the_action_and_the_reason() -> None:
    refused = BASE.replace('"discard move", ', "")
    expect = '\n[expect]\nerror = { index = 0, words = "%s" }\n'
    assert not script_problems(refused + expect % "discard", "refused.toml")
    assert script_problems(refused + expect % "netted", "refused.toml")
    assert script_problems(refused + expect.replace("index = 0", "index = 1") % "discard", "x")
