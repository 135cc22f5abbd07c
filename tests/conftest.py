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


@pytest.fixture(name="data_dir")
def data_dir_fixture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for the game's files (``NSHEX_DATA_DIR``)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("NSHEX_DATA_DIR", str(folder))
    return folder


@pytest.fixture(name="app")
def app_fixture(data_dir: Path) -> Any:
    """The client without a window or sound device (client_support sets the dummy drivers
    before pygame is imported)."""
    import client_support  # noqa: F401

    from nshex_pygame.client.app import App
    from nshex_pygame.client.storage import Settings

    # strict: a battle playback that ends on another board than the engine's fails the test
    application = App(settings=Settings(animation_speed=8.0), strict=True)
    yield application
    for scene in reversed(application.stack.scenes):
        scene.on_exit()


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``nshex ARGV`` in this process: its exit code, standard output and standard error."""
    from nshex_pygame.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def same_on_local_ray(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """``nshex ARGV`` prints the same run locally (one thread) and on a local Ray instance the
    command starts, and shuts that instance down: the local run's output."""
    ray = pytest.importorskip("ray")
    code, local, err = run_cli(capsys, *argv, "--threads", "1")
    assert (code, err) == (0, "")
    code, out, _ = run_cli(capsys, *argv, "--ray", "local")
    assert (code, out) == (0, local)
    assert not ray.is_initialized(), "the command shuts down the instance it started"
    return local
