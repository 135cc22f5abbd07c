"""The `nshex` command (INTERFACES.md section 4), in-process and as the installed script."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SCENARIOS_DIR

from nshex_pygame.cli import main
from nshex_pygame.core import Position

UNIT_KEYS = {"seat", "tile", "at", "facing", "wounds"}

BAD_TILE = """\
[game]
armies = ["borgo", "moloch"]

[[unit]]
seat = 0
tile = "borgo.hq"
at = [0, 0]

[[unit]]
seat = 1
tile = "moloch.flying_saucer"
at = [1, 0]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_examples_are_shipped() -> None:
    assert len(list(SCENARIOS_DIR.glob("example_*.toml"))) >= 3


def test_examples_say_what_they_show(example: Path) -> None:
    assert example.read_text(encoding="utf-8").startswith("# ")


def test_battle_text(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, err = run(capsys, "battle", str(example))
    assert (code, err) == (0, "")
    assert out.startswith(f"Battle: {example}")
    assert "Initiative " in out
    assert "HQ hit points: seat 0" in out
    assert "Winner: " in out.splitlines()[-1]
    assert "Traceback" not in out


def test_battle_json(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, err = run(capsys, "battle", str(example), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"hq_hp", "units", "phases", "winner"}
    assert data["units"], "an example battle leaves units on the board"
    for unit in data["units"]:
        assert set(unit) == UNIT_KEYS
        assert len(unit["at"]) == 2
    for phase in data["phases"]:
        assert {"initiative", "events"} <= set(phase)
    assert data["winner"] is None or data["winner"] == "draw" or isinstance(data["winner"], int)
    assert out == Position.from_file(example).resolve_battle().to_json() + "\n"


def test_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_TILE, encoding="utf-8")
    code, out, err = run(capsys, "battle", str(bad))
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n")
    assert err.startswith(f"{bad}:11:"), err


def test_bad_file_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[game]\narmies = \n", encoding="utf-8")
    code, out, err = run(capsys, "battle", str(bad), "--json")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "battle", str(tmp_path / "nowhere.toml"))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert "nowhere.toml" in err


def test_directory_instead_of_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "battle", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1


def test_no_command_says_the_window_is_coming(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert "not available yet" in out and "nshex battle" in out


@pytest.mark.parametrize(
    "argv",
    [["arena", "--a", "random", "--b", "greedy", "--games", "2"], ["bench"], ["--selftest"]],
    ids=["arena", "bench", "selftest"],
)
def test_later_commands_say_not_yet(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "not implemented yet" in err


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "fly")
    assert code != 0
    assert "Traceback" not in err


def _nshex_script() -> str | None:
    scripts = Path(sys.executable).parent
    return shutil.which("nshex", path=str(scripts))


def test_console_script_is_installed() -> None:
    assert _nshex_script(), f"no nshex command next to {sys.executable}"


@pytest.mark.parametrize("via", ["script", "module"])
def test_real_process(via: str, tmp_path: Path) -> None:
    command = (
        [_nshex_script() or "nshex"] if via == "script" else [sys.executable, "-m", "nshex_pygame"]
    )
    example = sorted(SCENARIOS_DIR.glob("example_*.toml"))[0]
    env = {**os.environ, "PYTHONWARNINGS": "error"}

    ok = subprocess.run(
        [*command, "battle", str(example), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert (ok.returncode, ok.stderr) == (0, "")
    json.loads(ok.stdout)

    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_TILE, encoding="utf-8")
    failed = subprocess.run(
        [*command, "battle", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert failed.returncode == 2
    assert failed.stdout == ""
    assert len(failed.stderr.splitlines()) == 1, failed.stderr
