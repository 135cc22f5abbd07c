"""examples/openspiel_mcts_vs_bot.py with a tiny budget: OpenSpiel's MCTS against our bots
plays complete games, both the plain way and with the time calibration of the anchor.
Skipped without the ``rl`` extra."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "openspiel_mcts_vs_bot.py"


def _example():
    spec = importlib.util.spec_from_file_location("openspiel_mcts_vs_bot", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mcts_against_easy_plays_whole_games(capsys: pytest.CaptureFixture[str]) -> None:
    ex = _example()
    assert ex.main(["--bot", "easy", "--games", "2", "--simulations", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["wins"] + r["draws"] + r["losses"] == 2
    low, high = r["interval95"]
    assert 0.0 <= low <= r["win_rate"] <= high <= 1.0
    assert r["mcts_seconds_per_decision"] > 0 and r["bot_seconds_per_decision"] > 0


def test_the_anchor_calibrates_mcts_to_the_bots_time(capsys: pytest.CaptureFixture[str]) -> None:
    ex = _example()
    args = ["--bot", "random", "--games", "1", "--match-time", "--engine-rollouts", "--json"]
    assert ex.main(args) == 0
    r = json.loads(capsys.readouterr().out)
    c = r["calibration"]
    assert c["simulations"] == r["mcts_simulations"] >= 2
    assert c["bot_seconds_per_decision"] > 0 and c["mcts_seconds_per_decision"] > 0


def test_the_wilson_interval() -> None:
    ex = _example()
    low, high = ex.wilson(95, 100)
    assert 0.88 < low < 0.89 and 0.97 < high < 0.98  # the textbook 95% interval of 95/100


def test_ismcts_against_easy_plays_whole_games(capsys: pytest.CaptureFixture[str]) -> None:
    ex = _example()
    args = ["--searcher", "ismcts", "--bot", "easy", "--games", "2", "--simulations", "3"]
    assert ex.main([*args, "--engine-rollouts", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["searcher"] == "ismcts" and r["wins"] + r["draws"] + r["losses"] == 2
    assert r["mcts_seconds_per_decision"] > 0
