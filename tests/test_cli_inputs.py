"""What ``nshex`` does with a stranger's file or a broken output (issue 39): special files are
never read, a file over the input limit is refused, output that cannot be written is an error
(never a traceback nor a silent success), a puzzle too large for the solver's budget says so,
and a puzzle's fields cannot smuggle terminal escapes or wrap a hex round. Every error is one
line on stderr naming the file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SCENARIOS_DIR, script_text
from conftest import run_cli as run

from nshex_pygame import cli
from nshex_pygame.inputs import MAX_INPUT_BYTES, InputFileError, read_input_text

EXAMPLE = sorted(SCENARIOS_DIR.glob("example_*.toml"))[0]
PUZZLE = ROOT / "nshex_pygame" / "puzzles" / "easy-001.toml"


def _one_line(err: str) -> str:
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    return err.strip()


@pytest.mark.parametrize("command", ["battle", "script"])
def test_a_device_is_refused_without_reading_it(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, err = run(capsys, command, "/dev/zero")
    assert (code, out) == (2, "")
    assert (
        _one_line(err)
        == "/dev/zero: not a regular file (a device, a pipe or a socket); give a file"
    )


def test_a_fifo_is_refused_without_waiting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    code, out, err = run(capsys, "battle", str(fifo))
    assert (code, out) == (2, "")
    assert "not a regular file" in _one_line(err)


def test_a_file_over_the_limit_is_refused_naming_it_and_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as file:
        file.truncate(MAX_INPUT_BYTES + 1)
    for command in (["battle", str(big)], ["script", str(big)], ["puzzle", "solve", str(big)]):
        code, out, err = run(capsys, *command)
        assert (code, out) == (2, "")
        line = _one_line(err)
        assert line.startswith(f"{big}: ") and "4.0 MB" in line, line


def test_reading_stops_at_the_limit(tmp_path: Path) -> None:
    small = tmp_path / "small.toml"
    small.write_text("x" * 11, encoding="utf-8")
    assert read_input_text(str(small), limit=11) == "x" * 11
    with pytest.raises(InputFileError, match="more than the"):
        read_input_text(str(small), limit=10)


def test_not_utf8_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'[game]\narmies = ["borgo", "\xff"]\n')
    code, _, err = run(capsys, "battle", str(bad))
    assert code == 2
    assert _one_line(err) == f"{bad}:2: not a text file (UTF-8)"


def _process(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "nshex_pygame", *args],
        capture_output=kwargs.pop("capture_output", True),
        text=True,
        cwd=ROOT,
        check=False,
        **kwargs,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_an_error_not_a_traceback() -> None:
    with open("/dev/full", "w") as full:
        done = _process(
            ["battle", str(EXAMPLE), "--json"],
            capture_output=False,
            stdout=full,
            stderr=subprocess.PIPE,
        )
    assert done.returncode == 1
    line = _one_line(done.stderr)
    assert line == "nshex: cannot write the output: No space left on device"


def test_a_closed_stdout_is_an_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nshex_pygame", "battle", str(EXAMPLE), "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        check=False,
        # The child starts with its standard output closed.
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert _one_line(done.stderr) == "nshex: standard output is closed: nowhere to write the result"


def test_a_puzzle_too_large_for_the_budget_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "puzzle", "solve", str(PUZZLE), "--max-positions", "3")
    assert (code, out) == (cli.EXIT_TOO_LARGE, "")
    line = _one_line(err)
    assert line.startswith(f"{PUZZLE}: too large to solve within the budget (3 positions"), line


def test_the_default_budget_solves_the_shipped_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "puzzle", "solve", str(PUZZLE))
    assert (code, err) == (0, "")
    assert "1 solution (unique)" in out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("Broken Signal", "Broken \\u001b[2J Signal"), "[puzzle] title: control characters"),
        (
            (
                'goal = { kind = "destroy_hq" }',
                'goal = { kind = "destroy_unit", at = [256, -255] }',
            ),
            "[puzzle] goal: at: hex [256, -255] is off the board",
        ),
        (("[puzzle]", '[script]\nactions = ["end"]\n\n[puzzle]'), "[script]: a puzzle has no"),
        (("[puzzle]", '[[hand]]\nseat = 0\ntiles = ["hegemony.ganger"]\n\n[puzzle]'), "[[hand]]:"),
    ],
    ids=["escape-in-title", "goal-off-board", "script-table", "hand-table"],
)
def test_a_bad_puzzle_is_refused_at_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: tuple[str, str], words: str
) -> None:
    text = PUZZLE.read_text(encoding="utf-8")
    assert change[0] in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    code, out, err = run(capsys, "puzzle", "solve", str(bad))
    assert (code, out) == (2, "")
    line = _one_line(err)
    assert line.startswith(f"{bad}:") and words in line, line
    assert "\x1b" not in err


# --- nshex battle --json: the expansions' keys (the interface contract, section 6) -------------


@pytest.mark.parametrize(
    ("fixture", "keys", "values"),
    [
        ("fuzz_duel_position.toml", {"energy"}, {"energy": [2, 3]}),
        ("points_own_wound.toml", {"points", "eliminated"}, {"eliminated": []}),
        ("fuzz_multi_position.toml", {"eliminated"}, {}),
    ],
    ids=["duel", "points", "deathmatch"],
)
def test_battle_json_has_the_keys_of_its_mode(
    capsys: pytest.CaptureFixture[str], fixture: str, keys: set[str], values: dict[str, object]
) -> None:
    path = ROOT / "tests" / "fixtures" / fixture
    code, out, err = run(capsys, "battle", str(path), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert keys <= set(data), sorted(data)
    others = {"energy", "points", "eliminated"} - keys
    assert not others & set(data), sorted(data)
    for key, value in values.items():
        assert data[key] == value
    if "points" in data:
        assert data["points"] == data["hq_hp"]
    if fixture == "fuzz_multi_position.toml":
        # Seat 2 was out before the battle and stays out, with any seat whose HQ fell.
        assert 2 in data["eliminated"]
        assert all(data["hq_hp"][s] == 0 for s in data["eliminated"])


def test_a_refused_script_action_names_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = script_text("discard move", "place mutant 0,0 3", "place claws 0,0 0")
    line = 1 + text.split("\n").index(
        next(ln for ln in text.split("\n") if "place claws 0,0 0" in ln)
    )
    path = tmp_path / "occupied.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "script", str(path))
    assert (code, out) == (2, "")
    assert _one_line(err).startswith(f"{path}:{line}: action 2 "), err
