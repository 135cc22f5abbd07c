"""The `nshex` command (docs/COMMANDS.md "Resolve a battle", "Bots against bots"; JSON:
docs/CONFORMANCE.md), in-process and as the installed script."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, SCENARIOS_DIR, script_text
from conftest import run_cli as run

from nshex_pygame import cli, cli_matches
from nshex_pygame.core import Position

SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.toml"))

UNIT_KEYS = {"seat", "tile", "at", "facing", "wounds"}
# A taken-over unit also names its controller (a seat other than its owner, "seat").
UNIT_OPTIONAL = {"controller"}

BAD_TILE = (FIXTURES / "bad_unknown_tile.toml").read_text(encoding="utf-8")


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
        assert UNIT_KEYS <= set(unit) <= UNIT_KEYS | UNIT_OPTIONAL
        assert unit.get("controller", -1) != unit["seat"]
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
    assert err.startswith(f"{bad}:12:"), err  # the fixture's line 12: the unknown tile


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


def test_no_command_opens_the_game_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nshex_pygame.client import app

    opened = []
    monkeypatch.setattr(app, "main", lambda: opened.append(True) or 0)
    code, out, err = run(capsys)
    assert (code, out, err) == (0, "", "")
    assert opened == [True]


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


# --- nshex arena --------------------------------------------------------------------------------

ARENA_KEYS = {"a", "b", "games", "wins_a", "wins_b", "draws", "win_rate_a", "wilson95"}


def test_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "arena", "--a", "greedy", "--b", "random", "--games", "4", "--json"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == ARENA_KEYS
    assert (data["a"], data["b"], data["games"]) == ("greedy", "random", 4)
    assert data["wins_a"] + data["wins_b"] + data["draws"] == 4
    low, high = data["wilson95"]
    assert 0 <= low <= data["win_rate_a"] <= high <= 1


def test_arena_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--a", "greedy", "--b", "random", "--games", "4", "--armies", "borgo,outpost"]
    code, out, err = run(capsys, *argv, "--seed", "5", "--threads", "2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("a = greedy playing borgo: ")
    assert lines[1].startswith("b = random playing outpost: ")
    assert "win rate of greedy" in lines[2] and "95% Wilson interval" in lines[2]
    code, again, _ = run(capsys, *argv, "--seed", "5", "--threads", "1")
    assert (code, again) == (0, out), "the threads do not change the result"


@pytest.mark.parametrize(
    "argv",
    [
        ["--a", "greedy", "--b", "nobody", "--games", "2"],
        ["--a", "hard:iters=x", "--b", "random", "--games", "2"],
        ["--a", "greedy", "--b", "random", "--games", "2", "--armies", "borgo,atlantis"],
        ["--a", "greedy", "--b", "random", "--games", "2", "--armies", "borgo"],
        ["--a", "greedy", "--b", "random", "--games", "0"],
        ["--a", "greedy", "--b", "random", "--games", "2", "--seed", "-1"],
        ["--a", "greedy", "--games", "2"],
        ["--a", "greedy", "--b", "random", "--games", "2", "--variants", "reinforcement"],
        ["--a", "greedy", "--b", "random", "--games", "2", "--mercenaries", "3"],
        ["--bots", "greedy,random,random", "--games", "2", "--variants", "reinforcements"],
    ],
    ids=[
        "bot",
        "bot_setting",
        "army",
        "one_army",
        "no_games",
        "seed",
        "no_b",
        "variant",
        "mercenaries",
        "options_with_bots",
    ],
)
def test_arena_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "arena", *argv)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err


def test_arena_with_options_plays_those_games(capsys: pytest.CaptureFixture[str]) -> None:
    """``nshex arena`` plays games with the variants and Mercenaries asked for, and the API
    refuses an unknown variant or more Mercenaries than two seats hire, saying so."""
    base = ["arena", "--a", "greedy", "--b", "random", "--games", "4", "--json", "--seed", "2"]
    code, out, err = run(
        capsys,
        *base,
        "--variants",
        "reinforcements,alternative_start",
        "--mercenaries",
        "2",
        "--random-mercenaries",
    )
    assert (code, err) == (0, "")
    assert set(json.loads(out)) == ARENA_KEYS
    from nshex_pygame import core

    with pytest.raises(ValueError, match="unknown variant"):
        core.arena("greedy", "random", 2, variants=["bogus"])
    with pytest.raises(ValueError, match="at most"):
        core.arena("greedy", "random", 2, mercenaries=3)


def test_describe_arena_rounds() -> None:
    result = {
        "a": "hard",
        "b": "greedy",
        "games": 200,
        "wins_a": 183,
        "wins_b": 12,
        "draws": 5,
        "win_rate_a": 0.9275,
        "wilson95": [0.88304, 0.95577],
    }
    lines = cli_matches.describe_arena(result)
    assert lines[0] == "a = hard: 183 won, 5 drawn, 12 lost of 200 games"
    assert lines[1] == "b = greedy: 12 won, 5 drawn, 183 lost of 200 games"
    assert lines[2] == (
        "win rate of hard: 92.8% (draws count half), 95% Wilson interval 88.3% to 95.6%"
    )


# --- nshex --selftest ---------------------------------------------------------------------------


def test_selftest(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--selftest")
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 1
    assert out.startswith("nshex selftest: ok: ")
    for words in ("actions", "battles", "HQ hit points"):
        assert words in out


def test_selftest_failure_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nshex_pygame import core

    def broken(*args: object) -> dict[str, object]:
        raise core.EngineError("seat 0 has 33 tiles instead of 34 after action 12\nmore")

    monkeypatch.setattr(core, "selftest", broken)
    code, out, err = run(capsys, "--selftest")
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and "FAILED" in err and "34" in err


def test_selftest_in_a_process_elsewhere(tmp_path: Path) -> None:
    """The self test needs nothing from the repository: run it from an empty folder."""
    done = subprocess.run(
        [sys.executable, "-m", "nshex_pygame", "--selftest"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONWARNINGS": "error"},
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert len(done.stdout.splitlines()) == 1


# --- nshex script -------------------------------------------------------------------------------

SCRIPT_KEYS = {"hq_hp", "units", "winner", "to_move", "hands", "discards", "deck_sizes", "battles"}


def _script_that_runs() -> Path:
    import tomllib

    for path in SCRIPTS:
        if "error" not in tomllib.loads(path.read_text(encoding="utf-8")).get("expect", {}):
            return path
    pytest.skip("no script in tests/scripts runs through yet")


def test_script_text(capsys: pytest.CaptureFixture[str]) -> None:
    path = _script_that_runs()
    code, out, err = run(capsys, "script", str(path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"Script: {path}"
    assert lines[1].startswith("To move: seat ")
    assert any(line.startswith("Seat 0 (") and "HQ " in line for line in lines)
    assert any(line.startswith("Board (") for line in lines)
    assert lines[-1].startswith("Winner: ")


def test_script_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = _script_that_runs()
    code, out, err = run(capsys, "script", str(path), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) >= SCRIPT_KEYS
    assert set(data) - SCRIPT_KEYS <= {"stage", "foundations", "energy"}
    for unit in data["units"]:
        assert UNIT_KEYS <= set(unit) <= UNIT_KEYS | UNIT_OPTIONAL
        assert unit.get("controller", -1) != unit["seat"]
    seats = len(data["hq_hp"])
    for key in ("hands", "discards", "deck_sizes"):
        assert len(data[key]) == seats, key


SCRIPT = script_text("discard move", "place mutant 0,0 3", "place claws 0,0 0")


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_script_illegal_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, as_json: bool
) -> None:
    path = tmp_path / "occupied.toml"
    path.write_text(SCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "script", str(path), *(["--json"] if as_json else []))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1, err
    assert "action 2 " in err and "place claws 0,0 0" in err
    assert err.split("refused: ", 1)[1].strip(), "the line says why"


def test_script_malformed_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "garbled.toml"
    path.write_text(SCRIPT.replace('"place claws 0,0 0"', '"summon dragon"'), encoding="utf-8")
    code, out, err = run(capsys, "script", str(path))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "action 2 " in err and "summon dragon" in err


def test_script_runs_through(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text(SCRIPT.replace(', "place claws 0,0 0"', ""), encoding="utf-8")
    code, out, err = run(capsys, "script", str(path), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["hands"] == [["borgo.claws"], []]
    # The tiles the decks do not name are on the discard piles from the start.
    assert data["discards"][0][-1] == "borgo.move"
    assert {"seat": 0, "tile": "borgo.mutant", "at": [0, 0], "facing": 3, "wounds": 0} in data[
        "units"
    ]


@pytest.mark.parametrize(
    "text",
    [BAD_TILE + '\n[script]\nactions = ["end"]\n', SCRIPT.split("[script]")[0], "[game\n"],
    ids=["bad_tile", "no_script", "not_toml"],
)
def test_script_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "script", str(path))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith(str(path)), err


def test_script_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "script", str(tmp_path / "nowhere.toml"))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "nowhere.toml" in err


# --- nshex bench --------------------------------------------------------------------------------

BENCH_KEYS = {"name", "what", "ops", "per_second", "target_per_second"}


def test_bench_quick_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench", "--quick", "--json")
    assert code == 0
    # Only the warnings nshex bench gives for this build and this machine's load.
    from nshex_pygame.bench import machine_warnings
    from nshex_pygame.core import build_profile

    if build_profile == "release" and not machine_warnings(build_profile):
        assert "debug" not in err, err
    rows = json.loads(out)
    names = [row["name"] for row in rows]
    assert {
        "battle",
        "random_game",
        "py_apply_action",
        "py_legal_actions",
        "py_random_playout",
    } <= set(names)
    assert len(names) == len(set(names))
    for row in rows:
        assert set(row) >= BENCH_KEYS, row
        assert row["ops"] > 0 and row["per_second"] > 0 and row["target_per_second"] > 0
        assert isinstance(row["what"], str) and row["what"]
    python = {row["name"]: row for row in rows if row["name"].startswith("py_")}
    playout = python.pop("py_random_playout")
    assert {row["target_per_second"] for row in python.values()} == {200_000}
    assert playout["target_per_second"] == 20_000


def test_bench_text_table() -> None:
    rows = [
        {"name": "battle", "what": "one battle", "ops": 2000, "per_second": 1.5e6,
         "target_per_second": 1e6},
        {"name": "py_apply_action", "what": "one call", "ops": 10, "per_second": 1000.0,
         "target_per_second": 200_000},
    ]  # fmt: skip
    lines = cli.describe_bench(rows)
    assert lines[0].split() == ["name", "what", "ops", "per", "second", "spread", "target", "met"]
    assert lines[2].split()[-5:] == ["2,000", "1,500,000", "0%", "1,000,000", "yes"]
    assert lines[3].split()[-5:] == ["10", "1,000", "0%", "200,000", "NO"]


def test_bench_warns_about_a_debug_build(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nshex_pygame import bench, core

    monkeypatch.setattr(core, "build_profile", "debug")
    monkeypatch.setattr(bench, "run", lambda quick: [])
    code, out, err = run(capsys, "bench", "--json")
    assert (code, out) == (0, "[]\n")
    assert "debug" in err and "NOTHING" in err
