"""``nshex tune`` (docs/COMMANDS.md "Tuning the weights", docs/AI.md "Weights and tuning"): a
tiny CMA-ES session by self-play, its weights file, its checkpoint and resume, the command's
refusals; and, behind the ``ray`` marker (``pytest -m ray``, needs the ray extra), the same
session on a local Ray instance."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli as run

from nshex_pygame import tune
from nshex_pygame.core import arena, default_weights

BOT = "easy:iters=30"
TINY = ["--bot", BOT, "--games", "2", "--population", "4", "--seed", "7"]


def tiny_config(**changes: Any) -> tune.TuneConfig:
    settings: dict[str, Any] = {
        "bot": BOT,
        "games": 2,
        "population": 4,
        "sigma": 0.3,
        "seed": 7,
        "weights": tuple(default_weights()),
    }
    settings.update(changes)
    return tune.TuneConfig(**settings)


@pytest.fixture(scope="module")
def uninterrupted() -> dict[str, Any]:
    """Two generations in one go (two threads)."""
    return tune.tune(tune.new_state(tiny_config()), 2, tune.LocalEvaluator(2))


def test_a_tiny_session_runs_and_writes_weights_the_engine_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "weights.json"
    code, text, err = run(capsys, "tune", *TINY, "--generations", "2", "--out", str(out))
    assert (code, err) == (0, ""), err
    assert "generation  best win rate" in text
    assert "weights written to" in text
    weights = tune.read_weights_file(out)
    assert list(weights) == list(default_weights()), "the order of weights.json"
    assert all(math.isfinite(v) for v in weights.values())
    assert out.read_text(encoding="utf-8").endswith("}\n")
    # A bot with these weights plays.
    result = arena(tune.bot_with_weights(BOT, weights), BOT, 2, seed=1)
    assert result["games"] == 2
    assert (tmp_path / "weights.json.checkpoint").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")], "no temporary left"


def test_the_json_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    code, text, err = run(capsys, "tune", *TINY, "--generations", "1", "--out", str(out), "--json")
    assert (code, err) == (0, "")
    result = json.loads(text)
    assert result["generations"] == 1
    assert result["games"] == 2 * 4
    assert result["before"] == default_weights()
    assert result["after"] == tune.read_weights_file(out)
    (row,) = result["history"]
    assert len(row["win_rates"]) == 4
    assert row["best_win_rate"] == max(row["win_rates"]) == result["best"]["win_rate"]


def test_results_do_not_depend_on_threads(uninterrupted: dict[str, Any]) -> None:
    again = tune.tune(tune.new_state(tiny_config()), 2, tune.LocalEvaluator(1))
    assert tune.results_only(again) == tune.results_only(uninterrupted)


def test_resuming_a_checkpoint_gives_the_uninterrupted_result(
    uninterrupted: dict[str, Any], tmp_path: Path
) -> None:
    checkpoint = tmp_path / "run.checkpoint"
    tune.tune(tune.new_state(tiny_config()), 1, tune.LocalEvaluator(2), checkpoint=checkpoint)
    state = tune.load_checkpoint(checkpoint)
    assert state["generation"] == 1
    resumed = tune.tune(state, 2, tune.LocalEvaluator(2))
    assert tune.results_only(resumed) == tune.results_only(uninterrupted)


def test_resume_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def results(text: str) -> dict[str, Any]:
        result = tune.results_only(json.loads(text))
        return {k: v for k, v in result.items() if k not in ("out", "checkpoint")}

    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    code, text, err = run(
        capsys, "tune", *TINY, "--generations", "3", "--out", str(whole), "--json"
    )
    assert (code, err) == (0, "")
    expected = results(text)
    code, _, err = run(capsys, "tune", *TINY, "--generations", "1", "--out", str(part))
    assert (code, err) == (0, "")
    checkpoint = f"{part}.checkpoint"
    code, text, err = run(
        capsys, "tune", "--resume", checkpoint, "--generations", "3", "--out", str(part), "--json"
    )
    assert (code, err) == (0, ""), err
    assert results(text) == expected
    assert whole.read_text(encoding="utf-8") == part.read_text(encoding="utf-8")
    assert tune.load_checkpoint(checkpoint)["generation"] == 3


def test_a_subset_of_weights_on_the_plain_scale(tmp_path: Path) -> None:
    config = tiny_config(weights=("material", "hand"), scale="plain", bot=f"{BOT},w.energy=0.7")
    result = tune.tune(tune.new_state(config), 1, tune.LocalEvaluator(2), out=tmp_path / "w.json")
    after = tune.read_weights_file(tmp_path / "w.json")
    assert result["before"]["energy"] == after["energy"] == 0.7, "the bot's own weight stays"
    fixed = set(default_weights()) - {"material", "hand", "energy"}
    assert all(after[n] == default_weights()[n] for n in fixed)


def test_a_match_is_played_both_ways_round() -> None:
    """A match plays the same deals with the bots swapped as well, so a bot against itself
    scores exactly half, whatever the armies."""
    same = tune.play((f"{BOT},w.material=0.3", BOT, 12, 5, ()))
    assert same["win_rate"] == 0.5 and same["wins"] == same["losses"]
    assert same["wins"] + same["losses"] + same["draws"] == same["games"] == 12


def test_search_points_map_to_weights() -> None:
    start = {"a": 2.0, "b": 0.0}
    assert tune.candidate_weights([0.0, 0.0], start, ["a", "b"], "log") == start
    log = tune.candidate_weights([math.log(2), 1.0], start, ["a", "b"], "log")
    assert log == {"a": 4.0, "b": tune.ZERO_STEP}, "a weight starting at 0 is additive"
    assert tune.candidate_weights([0.5, -1.0], start, ["a", "b"], "plain") == {
        "a": 3.0,
        "b": -tune.ZERO_STEP,
    }
    assert tune.bot_with_weights("medium:iters=5", default_weights()) == "medium:iters=5"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--games", "0"], "--games"),
        (["--population", "1"], "--population"),
        (["--sigma", "0"], "--sigma"),
        (["--sigma", "nan"], "--sigma"),
        (["--generations", "x"], "--generations"),
        (["--bot", "greedy"], "no evaluation weights"),
        (["--bot", "easy:w.nope=1"], "unknown weight"),
        (["--bot", "easy:bogus=1"], "bad setting"),
        (["--weights", "material,nope"], "unknown weight"),
        (["--weights", "material,material"], "once"),
        (["--threads", "0"], "--threads"),
        (["--resume", "/nonexistent/run.checkpoint"], "no such file"),
    ],
)
def test_bad_values_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], says: str
) -> None:
    code, out, err = run(capsys, "tune", "--out", str(tmp_path / "w.json"), *argv)
    assert code == 2
    assert out == ""
    assert says in err and err.count("\n") == 1, err
    assert not (tmp_path / "w.json").exists()


def test_out_and_checkpoints_that_cannot_be(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "tune", *TINY, "--out", str(tmp_path / "no" / "w.json"))
    assert code == 2 and "does not exist" in err
    not_a_checkpoint = tmp_path / "w.json"
    not_a_checkpoint.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "tune", "--resume", str(not_a_checkpoint), "--out", str(tmp_path))
    assert code == 2 and "is a directory" in err
    code, _, err = run(
        capsys, "tune", "--resume", str(not_a_checkpoint), "--out", str(tmp_path / "x.json")
    )
    assert code == 2 and "not a tuning checkpoint" in err and err.count("\n") == 1


def test_a_resumed_run_keeps_its_settings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "w.json"
    assert run(capsys, "tune", *TINY, "--generations", "2", "--out", str(out))[0] == 0
    checkpoint = f"{out}.checkpoint"
    code, _, err = run(capsys, "tune", "--resume", checkpoint, "--games", "4", "--out", str(out))
    assert code == 2 and "keeps its settings" in err
    code, _, err = run(
        capsys, "tune", "--resume", checkpoint, "--generations", "1", "--out", str(out)
    )
    assert code == 2 and "played 2 already" in err


def test_games_with_reinforcements_have_their_own_shipped_set() -> None:
    """The set for games with Reinforcements values the hand (docs/AI.md, "Variants and
    Mercenaries"); every other variant plays with the base set."""
    base = default_weights()
    reinforcements = default_weights(["reinforcements"])
    assert list(reinforcements) == list(base), "the order of weights.json"
    assert (base["hand"], reinforcements["hand"]) == (0.0, 0.1)
    assert {n for n in base if base[n] != reinforcements[n]} == {"hand"}
    assert default_weights(["alternative_start", "no_unlucky_draw"]) == base
    with pytest.raises(ValueError, match="nope"):
        default_weights(["nope"])
    # A candidate's bot name names what differs from the set of its games.
    assert tune.bot_with_weights(BOT, reinforcements, ["reinforcements"]) == BOT
    assert tune.bot_with_weights(BOT, reinforcements) == f"{BOT},w.hand=0.1"


def test_a_session_with_reinforcements_tunes_that_set(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    played: list[list[str]] = []
    real = tune.arena

    def arena_spy(*args: Any, **kwargs: Any) -> dict[str, Any]:
        played.append(kwargs.get("variants", []))
        return real(*args, **kwargs)

    monkeypatch.setattr(tune, "arena", arena_spy)
    out = tmp_path / "w.json"
    argv = [*TINY, "--weights", "hand,material", "--variants", "reinforcements"]
    code, text, err = run(capsys, "tune", *argv, "--generations", "1", "--out", str(out), "--json")
    assert (code, err) == (0, ""), err
    result = json.loads(text)
    assert result["config"]["variants"] == ["reinforcements"]
    assert result["before"] == default_weights(["reinforcements"])
    assert played and all(v == ["reinforcements"] for v in played), played
    # The advice to check the result plays the same variants.
    code, text, _ = run(capsys, "tune", "--resume", f"{out}.checkpoint", "--out", str(out))
    assert code == 0 and "--variants reinforcements" in text
    code, _, err = run(
        capsys,
        "tune",
        *("--resume", f"{out}.checkpoint", "--variants", "alternative_start"),
        *("--out", str(out)),
    )
    assert code == 2 and "keeps its settings" in err


@pytest.mark.parametrize(("module", "extra"), [("cma", "tune"), ("ray", "ray")])
def test_a_missing_extra_is_named(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    module: str,
    extra: str,
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails
    code, out, err = run(capsys, "tune", *TINY, "--ray", "local", "--out", str(tmp_path / "w"))
    assert code == 2 and out == ""
    assert f"pip install '.[{extra}]'" in err and err.count("\n") == 1, err


@pytest.mark.ray
@pytest.mark.filterwarnings("ignore")  # Ray's own deprecation warnings
def test_a_session_on_a_local_ray_instance_equals_the_local_run(
    uninterrupted: dict[str, Any], tmp_path: Path
) -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        evaluator = tune.RayEvaluator("local", 1)  # uses the instance started above
        result = tune.tune(tune.new_state(tiny_config()), 2, evaluator)
        evaluator.close()
        assert ray.is_initialized(), "the evaluator leaves alone an instance it did not start"
    finally:
        ray.shutdown()
    assert tune.results_only(result) == tune.results_only(uninterrupted)
