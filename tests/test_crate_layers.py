"""The Rust crates' layers (docs/ARCHITECTURE.md "The layers"), checked on ``cargo metadata``:
each workspace crate depends only on the crates its layer allows, and no engine crate reaches
pyo3, not even through another crate. A failure names the crate and the dependency that breaks
the rule."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What each workspace crate may depend on (normal dependencies), among the workspace's crates.
ALLOWED = {
    "nshex_rules": set(),
    "nshex_formats": {"nshex_rules"},
    "nshex_ai": {"nshex_rules"},
    "nshex_puzzles": {"nshex_rules", "nshex_formats"},
    "nshex_bench": {"nshex_rules", "nshex_formats", "nshex_ai"},
    "nshex_tests": set(),  # its crates are dev-dependencies
    "nshex_py": {"nshex_rules", "nshex_formats", "nshex_ai", "nshex_bench", "nshex_puzzles"},
}
ENGINE = ["nshex_rules", "nshex_formats", "nshex_ai", "nshex_puzzles", "nshex_bench"]


@cache
def metadata() -> dict[str, Any]:
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not installed")
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--offline"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def _package(name: str) -> dict[str, Any]:
    return next(p for p in metadata()["packages"] if p["name"] == name)


def test_the_workspace_is_the_layers() -> None:
    members = {
        p["name"] for p in metadata()["packages"] if p["id"] in metadata()["workspace_members"]
    }
    assert members == set(ALLOWED), f"workspace crates {sorted(members)} vs {sorted(ALLOWED)}"


@pytest.mark.parametrize("crate", sorted(ALLOWED))
def test_a_crate_uses_only_the_layers_below_it(crate: str) -> None:
    deps = {
        d["name"]
        for d in _package(crate)["dependencies"]
        if d["name"] in ALLOWED and d["kind"] is None
    }
    forbidden = deps - ALLOWED[crate]
    assert not forbidden, f"{crate} depends on {sorted(forbidden)}, which its layer forbids"


@pytest.mark.parametrize("crate", ENGINE)
def test_no_engine_crate_reaches_pyo3(crate: str) -> None:
    nodes = {n["id"]: n for n in metadata()["resolve"]["nodes"]}
    names = {p["id"]: p["name"] for p in metadata()["packages"]}
    start = _package(crate)["id"]
    seen, todo, path = {start}, [start], {start: [crate]}
    while todo:
        node = todo.pop()
        for dep in nodes[node]["deps"]:
            if not any(k["kind"] is None for k in dep["dep_kinds"]):
                continue  # dev and build dependencies do not ship
            child = dep["pkg"]
            if child in seen:
                continue
            seen.add(child)
            path[child] = [*path[node], names[child]]
            assert not names[child].startswith("pyo3"), " -> ".join(path[child])
            todo.append(child)


def test_the_game_does_not_carry_the_benchmarks() -> None:
    """The binding links the bench crate only with its `bench` feature (the development build,
    dev.py); the packaged game is built without it, and the self test it runs is the
    binding's own."""
    bench = next(d for d in _package("nshex_py")["dependencies"] if d["name"] == "nshex_bench")
    assert bench["optional"], "nshex_py depends on nshex_bench unconditionally"
    features = _package("nshex_py")["features"]
    assert features.get("bench") == ["dep:nshex_bench"], features
    assert "bench" not in features.get("default", []), "the bench feature is on by default"
